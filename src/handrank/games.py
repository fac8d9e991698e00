"""The games, each one value: its deck, its streets, its hole cards and how its hands are ranked.

A ``Game`` is the one place that knows a game. The engine deals its streets, ``rules.settle``
ranks its showdowns, the hand histories read and write its PHH code, and all of them ask the
value, never its name. A new game is a new value here (and, if it ranks hands a new way, a new
strength function); nothing else changes.

>>> from handrank.cards import cards
>>> as_game("omaha").hole_sizes
(4, 5, 6)
>>> HOLDEM.strength(cards("As Ks"), cards("Qs Js Ts 2c 3d"))
Strength(high=1, low=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Optional, Union

from ._switch import evaluator
from .cards import DECK
from .lowball import describe_low, qualifies_eight_or_better
from .short_deck import SHORT_DECK_CARDS, describe_short_deck
from .words import describe


@dataclass(frozen=True)
class Street:
    """One betting round: the community cards dealt face up before it (after a burn), and whether
    fixed-limit bets the big bet on it (twice the small one)."""

    name: str
    board: int = 0
    big_bet: bool = False


HOLDEM_STREETS = (
    Street("preflop"),
    Street("flop", board=3),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)
"""Hold'em's and Omaha's streets: the deal, then a flop of three, a turn and a river."""


class Strength(NamedTuple):
    """A hand's strength at a showdown: its high rank (lower is better) and, in a split game, its
    qualifying low (lower is better), or None when it has none."""

    high: int
    low: Optional[int] = None


HighRule = Callable[[Sequence[int], Sequence[int]], int]
"""(hole cards, board) -> a high rank, 1 (royal flush) to 7462."""
LowRule = Callable[[Sequence[int], Sequence[int]], Optional[int]]
"""(hole cards, board) -> a qualifying low value, or None."""


def _best_of_all(hole: Sequence[int], board: Sequence[int]) -> int:
    """Hold'em: the best five of the hole cards and the board together."""
    return evaluator.evaluate([*hole, *board])


def _two_and_three(hole: Sequence[int], board: Sequence[int]) -> int:
    """Omaha: exactly two hole cards and three of the board."""
    return evaluator.evaluate_omaha(list(hole), list(board))


def _short_deck_trips_over(hole: Sequence[int], board: Sequence[int]) -> int:
    """Short deck: the best five of all the cards, three of a kind above a straight."""
    return evaluator.evaluate_short_deck([*hole, *board])


def _short_deck_straight_over(hole: Sequence[int], board: Sequence[int]) -> int:
    """Short deck: the best five of all the cards, a straight above three of a kind."""
    return evaluator.evaluate_short_deck([*hole, *board], False)


def _straight_over_words(rank: int) -> str:
    return describe_short_deck(rank, False)


def _eight_or_better(hole: Sequence[int], board: Sequence[int]) -> Optional[int]:
    """Omaha's eight-or-better low: two hole cards and three of the board, five ranks eight or lower."""
    low = evaluator.evaluate_omaha_low(list(hole), list(board))
    return low if qualifies_eight_or_better(low) else None


@dataclass(frozen=True)
class Game:
    """A poker game: what is dealt and how a showdown is decided.

    ``name`` is what the public functions accept for it; ``title`` names it in words. ``hole_sizes``
    are the hole cards a player may be dealt, the usual number first. ``streets`` are the betting
    rounds in order with the cards each deals. ``high`` ranks a hand for the high half (lower is
    better) on the scale ``high_words`` describes; ``low``, in a split game, gives the qualifying
    low or None, and ``low_words`` names the lowball scale that describes it. ``phh`` is the
    game's part of a PHH variant code (after the limit's letter). ``deck`` is the cards it deals.
    """

    name: str
    title: str
    hole_sizes: tuple[int, ...]
    high: HighRule
    phh: str
    low: Optional[LowRule] = None
    low_words: str = "a-5"
    streets: tuple[Street, ...] = HOLDEM_STREETS
    deck: tuple[int, ...] = DECK
    high_words: Callable[[int], str] = describe

    board_size: int = field(init=False, repr=False, compare=False)
    """The community cards of a full board."""
    board_streets: int = field(init=False, repr=False, compare=False)
    """The streets that deal community cards (each after a burn)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "board_size", sum(street.board for street in self.streets))
        object.__setattr__(self, "board_streets", sum(1 for street in self.streets if street.board))

    def hole_count(self, hole_cards: Optional[int]) -> int:
        """The number of hole cards each player gets: ``hole_cards``, or the usual number when None;
        a number the game does not deal raises ``ValueError``."""
        if hole_cards is None:
            return self.hole_sizes[0]
        if type(hole_cards) is not int or hole_cards not in self.hole_sizes:
            sizes = " or ".join(map(str, self.hole_sizes))
            raise ValueError(f"{self.name} deals {sizes} hole cards, got {hole_cards!r}")
        return hole_cards

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> Strength:
        """The hand's high rank and, in a split game, its qualifying low."""
        return Strength(self.high(hole, board), None if self.low is None else self.low(hole, board))

    def describe(self, strength: Strength) -> tuple[str, Optional[str]]:
        """The words for a strength: its high hand, and its low (None when there is none)."""
        low = None if strength.low is None else describe_low(strength.low, self.low_words)
        return self.high_words(strength.high), low

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}>"


HOLDEM = Game("holdem", "Texas hold'em", (2,), _best_of_all, phh="T")
OMAHA = Game("omaha", "Omaha", (4, 5, 6), _two_and_three, phh="O")
OMAHA_HILO = Game(
    "omaha-hilo", "Omaha hi-lo eight-or-better", (4, 5, 6), _two_and_three, phh="O/8", low=_eight_or_better
)

SHORT_DECK = Game(
    "short-deck",
    "Short deck hold'em (six-plus), three of a kind above a straight",
    (2,),
    _short_deck_trips_over,
    phh="S",
    deck=SHORT_DECK_CARDS,
    high_words=describe_short_deck,
)
SHORT_DECK_STRAIGHT_OVER_TRIPS = Game(
    "short-deck-straight-over-trips",
    "Short deck hold'em (six-plus), a straight above three of a kind",
    (2,),
    _short_deck_straight_over,
    phh="S",
    deck=SHORT_DECK_CARDS,
    high_words=_straight_over_words,
)

GAMES: dict[str, Game] = {g.name: g for g in (HOLDEM, OMAHA, OMAHA_HILO, SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS)}
"""Every game by its name."""


def as_game(name_or_game: Union[str, Game]) -> Game:
    """The ``Game`` a public argument names: a ``Game`` as it is, or one of ``GAMES``' names."""
    if isinstance(name_or_game, Game):
        return name_or_game
    if isinstance(name_or_game, str) and name_or_game in GAMES:
        return GAMES[name_or_game]
    raise ValueError(f"unknown game {name_or_game!r}: expected one of {', '.join(GAMES)}")


__all__ = [
    "GAMES",
    "HOLDEM",
    "HOLDEM_STREETS",
    "OMAHA",
    "OMAHA_HILO",
    "SHORT_DECK",
    "SHORT_DECK_STRAIGHT_OVER_TRIPS",
    "Game",
    "Street",
    "Strength",
    "as_game",
]
