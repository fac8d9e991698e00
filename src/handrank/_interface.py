"""The evaluator interface, stated once: what ``_eval_c`` and ``_eval_py`` both provide.

``__init__`` re-exports these names from the module the switch picks, the switch
checks a compiled module has them all, and the tests compare both modules'
names, parameters and defaults with this Protocol.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any, Callable, Optional, Protocol, Union

from ._kernels.core import RangeShowdowns, Ranks, Showdowns
from ._kernels.table_push_fold import TableGame
from .cards import Cards


class Indexer(Protocol):
    """A hand indexer up to suit isomorphism (``hand_indexer``); cards are 0-51 indices."""

    rounds: tuple[int, ...]
    size: int
    configurations: list[tuple[tuple[int, ...], ...]]

    def index(self, hand: Sequence[int]) -> int:
        """The class of ``sum(rounds)`` distinct card indices in round order."""

    def unindex(self, index: int) -> list[int]:
        """The canonical hand of a class."""

    def index_many(self, hands: object, threads: Optional[int] = None) -> Any:
        """The class of each row of an (n, ``sum(rounds)``) array, as int64."""

    def unindex_many(self, indexes: object, threads: Optional[int] = None) -> Any:
        """The canonical hand of each of n indexes, as an (n, ``sum(rounds)``) uint8 array."""


class CardObject(Protocol):
    """A card with settable ``rank`` 0-12 and ``suit`` 0-3, refused out of range (``RankSuitCard``)."""

    rank: int
    suit: int

    def __init__(self, card_string: str) -> None:
        """The card named ``card_string``, such as ``'As'``; the class's ``_text_error`` for bad text."""

    @classmethod
    def deck(cls) -> list[Any]:
        """The 52 cards as new objects of the class, index 4 * rank + suit."""


class MaskHashed(Protocol):
    """A card int (an ``int`` subclass) that hashes as ``1 << (13 * suit + rank)``, suits c d h s, and
    equals only itself (``MaskHashedCard``)."""

    def __hash__(self) -> int:
        """The card's bit, as eval7's cards hash."""


class ValueTable(Protocol):
    """A table's value of each rank, for 5 to 7 ``RankSuitCard`` objects or ranks and suits."""

    def __init__(self, values: Sequence[int], error: type[Exception]) -> None:
        """``values``: 7463 ints (index 0 unused); ``error``: raised for bad cards."""

    def evaluate(self, cards: Sequence[Any], suits: Optional[Sequence[int]] = None) -> int:
        """The value of the best five of the cards, or of ``cards`` as ranks and ``suits``."""


class Evaluator(Protocol):
    """The functions and types of an evaluator module; ranks are 1 (royal flush) ... 7462, lower is better."""

    MaskHashedCard: type[MaskHashed]
    RankSuitCard: type[CardObject]
    RankSuitValues: type[ValueTable]

    def evaluate(self, cards: Union[Cards, int], *more: Union[Cards, int]) -> int:
        """Rank of the best five of 5, 6 or 7 cards; more arguments are more cards."""

    def evaluate5(self, a: int, b: int, c: int, d: int, e: int) -> int:
        """``evaluate`` for five card ints passed one by one."""

    def evaluate6(self, a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        """``evaluate`` for six card ints passed one by one."""

    def evaluate7(self, a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
        """``evaluate`` for seven card ints passed one by one."""

    def best_five(self, cards: Cards) -> list[int]:
        """The five cards that make the hand's rank, highest card first."""

    def evaluate_many(self, hands: object, threads: Optional[int] = None) -> Ranks:
        """Ranks of an (n, k) array of 0-51 card indices, k = 5, 6 or 7."""

    def evaluate_holdem(self, holdings: object, board: Cards, threads: Optional[int] = None) -> Ranks:
        """Ranks of an (n, 2) array of hole-card indices against one board of 3 to 5 cards."""

    def evaluate_low(self, cards: Cards, game: str = "a-5") -> int:
        """The best low of 5 to 7 cards in ``game`` ("2-7", "a-5" or "a-6")."""

    def evaluate_low_many(self, hands: object, game: str = "a-5", threads: Optional[int] = None) -> Ranks:
        """``evaluate_low`` of each row of an (n, k) array of 0-51 indices."""

    def evaluate_omaha(self, hole: Cards, board: Cards) -> int:
        """Omaha high: exactly two of 4-6 hole cards and three of 3-5 board cards."""

    def evaluate_omaha_low(self, hole: Cards, board: Cards) -> int:
        """Omaha's ace-to-five low, of exactly two hole and three board cards."""

    def evaluate_omaha_many(self, hands: object, hole_cards: int = 4, threads: Optional[int] = None) -> Ranks:
        """Omaha high of each row: ``hole_cards`` hole cards, then 3-5 board cards."""

    def evaluate_badugi(self, cards: Cards) -> int:
        """Badugi's value of four cards: 1 (4-3-2-A) ... 1092 (a king alone)."""

    def evaluate_badugi_many(self, hands: object, threads: Optional[int] = None) -> Ranks:
        """``evaluate_badugi`` of each row of an (n, 4) array of 0-51 indices."""

    def evaluate_partial(self, cards: Cards, low: bool = False) -> int:
        """One to four cards as shown in stud: 1 the best of that many cards, high or ace-to-five low."""

    def evaluate_partial_many(self, hands: object, low: bool = False, threads: Optional[int] = None) -> Ranks:
        """``evaluate_partial`` of each row of an (n, k) array of 0-51 indices, k = 1 to 4."""

    def evaluate_wild_cards(self, cards: Cards, jokers: int = 0, wild_mask: int = 0, bug: bool = False) -> int:
        """The wild-card scale's rank of cards, ``jokers`` and ``wild_mask``'s cards wild, 5 to 7 in all;
        with ``bug`` the jokers are bugs."""

    def evaluate_wild_rows(
        self, hands: object, wild_mask: int = 0, threads: Optional[int] = None, bug: bool = False
    ) -> Ranks:
        """``evaluate_wild_cards`` of rows of 5-7 indices, 52 and 53 jokers, ``wild_mask``'s cards wild."""

    def evaluate_decks(self, cards: Union[Cards, int], decks: int = 2) -> int:
        """The several-decks rank of 5 to 7 cards, a card held up to ``decks`` times: 1 (five aces) ... 12,051."""

    def evaluate_decks_many(self, hands: object, decks: int = 2, threads: Optional[int] = None) -> Ranks:
        """``evaluate_decks`` of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7."""

    def evaluate_short_deck(self, cards: Cards, trips_beat_straight: bool = True) -> int:
        """Short deck's best five of 5 to 7 cards of six to ace: 1 (royal flush) ... 1404."""

    def evaluate_short_deck_many(
        self, hands: object, trips_beat_straight: bool = True, threads: Optional[int] = None
    ) -> Ranks:
        """``evaluate_short_deck`` of each row of an (n, k) array of 0-51 indices."""

    def rank_counts(self, n: int, progress: Optional[Callable[[int, int], object]] = None) -> list[int]:
        """How many ``n``-card hands have each rank, indexed by rank."""

    def exact_showdowns(
        self,
        holes: Sequence[Sequence[int]],
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        threads: Optional[int] = None,
    ) -> Showdowns:
        """Every completion of the board for fixed hands."""

    def exact_range_showdowns(
        self,
        players: Sequence[tuple[Any, Any]],
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        firsts: Optional[tuple[int, int]] = None,
        threads: Optional[int] = None,
        group: Optional[Sequence[Sequence[int]]] = None,
        sources: Optional[Sequence[int]] = None,
    ) -> RangeShowdowns:
        """Every deal of the players' ranges that fits together, and every board."""

    def potential_tables(
        self,
        players: Sequence[tuple[Any, Any]],
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        threads: Optional[int] = None,
    ) -> list[tuple[float, ...]]:
        """Each hand's weights ahead, tied and behind now and on the river against a range, on a flop or turn."""

    def combo_showdowns(
        self,
        players: Sequence[tuple[Any, Any]],
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        threads: Optional[int] = None,
    ) -> list[tuple[float, ...]]:
        """Each first-range combo's weight of the others' deals won, tied, tied share and beside, over every board."""

    def exact_deal_showdowns(
        self,
        deals: Any,
        weights: Any,
        times: Any,
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        threads: Optional[int] = None,
    ) -> RangeShowdowns:
        """Every board for each of n deals of known hands, each weighted."""

    def sampled_showdowns(
        self,
        players: Sequence[tuple[Any, Any, Any]],
        board: Sequence[int] = (),
        dead: Sequence[int] = (),
        trials: int = 100000,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> Showdowns:
        """Monte Carlo: ``trials`` deals of the players' ranges and the rest of the board."""

    def hand_indexer(self, rounds: Sequence[int]) -> Indexer:
        """An indexer for hands dealt in rounds of ``rounds`` cards, up to suit isomorphism."""

    def river_strengths(self, river: Indexer, boards: object, threads: Optional[int] = None) -> tuple[Any, Any]:
        """Each board's 1,081 hole-card pairs: their river classes and points against a random hand."""

    def runout_strengths(
        self,
        earlier: Indexer,
        river: Indexer,
        river_points: object,
        start: int,
        stop: int,
        bins: int,
        threads: Optional[int] = None,
    ) -> tuple[Any, Any]:
        """Classes ``start:stop`` of an earlier street: river points summed over every runout, and binned."""

    def class_wins(self, boards: object, weights: object, classes: object, threads: Optional[int] = None) -> Any:
        """Wins of each class of hole-card pairs over each other, summed over weighted boards."""

    def hand_vs_hands(self, hero: Cards, hands: bytes, board: Cards) -> tuple[int, int, int]:
        """Two hole cards' wins, ties and losses against hands (two 0-51 indices each) on a full board."""

    def shuffle(self, items: list[Any], generator: Any) -> None:
        """``generator.shuffle(items)``, the same numbers drawn (a ``random.Random`` or the module)."""

    def game_showdowns(
        self,
        rule: str,
        holes: object,
        board: object,
        deck: object,
        trials: int = 0,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> tuple[int, list[tuple[int, int, int, int]]]:
        """Known hands' showdowns in Omaha, Omaha hi-lo or short deck: every board from ``deck``, or
        ``trials`` in parts that ``threads`` share."""

    def game_range_every_board(
        self,
        rule: str,
        players: object,
        board: object = (),
        dead: object = (),
        threads: Optional[int] = None,
    ) -> tuple[int, float, list[tuple[float, float, float]]]:
        """Ranges' showdowns in the board games, every board and every deal that fits: deals, their
        weight, each player's weighted high units, low units and pots alone."""

    def game_range_showdowns(
        self,
        rule: str,
        players: object,
        board: object = (),
        dead: object = (),
        trials: int = 100_000,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> tuple[int, list[tuple[int, int, int, int]]]:
        """``game_showdowns`` for players holding ranges (cards and weights, or a ``CheckedRange``
        checked once for many calls), by Monte Carlo."""

    def no_board_showdowns(
        self,
        rule: str,
        hands: object,
        dead: object = (),
        trials: int = 0,
        seed: int = 0,
        threads: Optional[int] = None,
    ) -> tuple[int, list[tuple[int, int, int, int]]]:
        """Stud, razz or draw showdowns: each player's known cards filled to a hand, every deal (on
        ``threads``) or ``trials``."""

    def icm_values(self, stacks: object, payouts: object, weitzman: bool = False) -> list[float]:
        """Each of 1 to 24 players' expected payout by the chip model, Malmuth-Harville or -Weitzman."""

    def sampled_icm(
        self,
        stacks: object,
        payouts: object,
        trials: int = 100_000,
        seed: int = 0,
        threads: Optional[int] = None,
        weitzman: bool = False,
    ) -> tuple[list[float], list[float]]:
        """The chip model by Monte Carlo for a field of any size, Malmuth-Harville or -Weitzman: each
        player's mean payout and its error, the same on any number of ``threads``."""

    def push_fold_solve(
        self,
        weights: object,
        row_values: object,
        column_values: object,
        outcomes: object,
        iterations: int = 10_000,
        tolerance: float = 0.0,
    ) -> tuple[list[float], list[float], float, float, int]:
        """An equilibrium of a push-or-fold game of k x k class matchups, by regret matching."""

    def table_deals(self, players: int, count: int, boards: int = 1, seed: int = 0) -> tuple[bytes, array[int]]:
        """Seeded deals of 2 to 10 hands and a board: their card indices and each hand's rank."""

    def table_push_fold_solve(
        self,
        game: TableGame,
        cards: bytes,
        ranks: array[int],
        iterations: int = 200,
        tolerance: float = 0.0,
        threads: Optional[int] = None,
    ) -> tuple[list[float], list[float], int]:
        """An equilibrium of a push-or-fold game at a table over given deals, by regret matching."""


TYPES: dict[str, Any] = {"MaskHashedCard": MaskHashed, "RankSuitCard": CardObject, "RankSuitValues": ValueTable}
"""The interface's types, each with the Protocol its instances follow."""

NAMES: tuple[str, ...] = tuple(sorted([*(name for name in vars(Evaluator) if not name.startswith("_")), *TYPES]))
"""The interface's function and type names, sorted."""

KERNELS = (
    "MaskHashedCard",
    "RankSuitCard",
    "RankSuitValues",
    "class_wins",
    "combo_showdowns",
    "exact_deal_showdowns",
    "exact_range_showdowns",
    "exact_showdowns",
    "game_range_every_board",
    "game_range_showdowns",
    "game_showdowns",
    "hand_indexer",
    "hand_vs_hands",
    "icm_values",
    "no_board_showdowns",
    "potential_tables",
    "push_fold_solve",
    "river_strengths",
    "runout_strengths",
    "sampled_icm",
    "sampled_showdowns",
    "shuffle",
    "table_deals",
    "table_push_fold_solve",
    "evaluate_wild_cards",
    "evaluate_wild_rows",
)
"""The kernels ``handrank.odds``, ``handrank._game_odds``, ``handrank.iso``, ``handrank.icm``, ``handrank.pushfold``,
``handrank.wild`` and the shims call, and the types of the shims' card objects; the package does not export them."""

PUBLIC: tuple[str, ...] = tuple(name for name in NAMES if name not in KERNELS)
"""The functions ``handrank`` exports from the evaluator the switch picked."""
