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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, NamedTuple, Optional, Union

from . import showing
from ._strength_rules import (
    ROYAL_LOWEST,
    HighRule,
    LowRule,
    ace_to_five,
    badugi,
    best_of_all,
    deuce_to_seven,
    deuce_to_seven_words,
    eight_or_better,
    razz_words,
    seven_card_low,
    short_deck_straight_over,
    short_deck_trips_over,
    straight_over_words,
    stud_eight_or_better,
    ten_to_ace,
    two_and_three,
)
from ._switch import evaluator
from .badugi import describe_badugi
from .cards import DECK, cards, rank_of
from .lowball import describe_low
from .short_deck import SHORT_DECK_CARDS, describe_short_deck
from .words import describe


@dataclass(frozen=True)
class Street:
    """One betting round: the community cards dealt face up before it (after a burn), whether
    fixed-limit bets the big bet on it (twice the small one), and, in games that deal each player
    cards street by street, the cards each one gets before it: ``hole`` holds one flag per card,
    True for a card dealt face up. A first street with no ``hole`` deals the game's hole cards
    face down. On a ``draw`` street each player still in may first throw away cards and be dealt
    as many new ones (after a burn), in turn from the left of the button."""

    name: str
    board: int = 0
    big_bet: bool = False
    hole: tuple[bool, ...] = ()
    draw: bool = False


HOLDEM_STREETS = (
    Street("preflop"),
    Street("flop", board=3),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)
"""Hold'em's and Omaha's streets: the deal, then a flop of three, a turn and a river."""


STUD_STREETS = (
    Street("third", hole=(False, False, True)),
    Street("fourth", hole=(True,)),
    Street("fifth", hole=(True,), big_bet=True),
    Street("sixth", hole=(True,), big_bet=True),
    Street("seventh", hole=(False,), big_bet=True),
)
"""Seven-card stud's streets: two cards down and one up, three more up one a street, the last down."""


SINGLE_DRAW_STREETS = (Street("predraw"), Street("draw", draw=True, big_bet=True))
"""A single-draw game's streets: the deal and a round of betting, a draw and another."""
TRIPLE_DRAW_STREETS = (
    Street("predraw"),
    Street("first draw", draw=True),
    Street("second draw", draw=True, big_bet=True),
    Street("third draw", draw=True, big_bet=True),
)
"""A triple-draw game's streets: the deal, then three draws, a round of betting after each."""


@dataclass(frozen=True)
class Opening:
    """Who opens each betting round in a game dealt partly face up: on the first, the door card (the
    first up card) brings it in, the lowest, ace high (``low``: the highest, ace low); on every later
    one the best hand showing acts first, high (``low``: the best ace-to-five low). Ties are broken
    as ``handrank.showing`` says."""

    low: bool = False
    open_pair: bool = False
    """Stud high's rule: on fourth street, when a player still in shows a pair, any bet or raise
    may be the big bet (and once one is, every later raise that street is)."""

    def big_bet_open(self, street: int, up: Mapping[int, Sequence[int]], live: Sequence[int]) -> bool:
        """Whether the ``street``-th round (0: third street) offers the big bet: fourth street with a
        pair among the up cards of a seat in ``live``, in a game with the open-pair rule."""
        return self.open_pair and street == 1 and any(len({rank_of(c) for c in up[s]}) < len(up[s]) for s in live)

    def bring_in(self, doors: Mapping[int, int]) -> int:
        """The seat whose door card brings it in."""
        return showing.bring_in(doors, self.low)

    def first(self, up: Mapping[int, Sequence[int]], order: Sequence[int]) -> int:
        """The seat of ``order`` (the dealing order) showing the best hand in ``up``, which acts first."""
        return showing.first_to_act({s: up[s] for s in order}, order, self.low)


class OddChips(Enum):
    """Who gets the chips a split pot cannot divide evenly, one at a time: the winners in seat
    order from the left of the button (games with a button), or in the order of the highest card
    each holds, by rank and then suit, spades highest (the stud games, which have no button)."""

    LEFT_OF_BUTTON = "left-of-button"
    HIGHEST_CARD = "highest-card"


class Strength(NamedTuple):
    """A hand's strength at a showdown: its high rank (lower is better) and, in a split game, its
    qualifying low (lower is better), or None when it has none."""

    high: int
    low: Optional[int] = None


@dataclass(frozen=True)
class Game:
    """A poker game: what is dealt and how a showdown is decided.

    ``name`` is what the public functions accept for it; ``title`` names it in words. ``hole_sizes``
    are the hole cards a player may be dealt, the usual number first. ``streets`` are the betting
    rounds in order with the cards each deals. ``high`` ranks a hand for the high half (lower is
    better) on the scale ``high_words`` describes; ``low``, in a split game, gives the qualifying
    low or None, and ``low_words`` names the lowball scale that describes it. ``phh`` is the
    game's part of a PHH variant code (after the limit's letter). ``deck`` is the cards it deals.
    ``opening``, in a game dealt partly face up, says who brings it in and who opens each later
    street (None: the blinds' positions do); ``showdown_cards``, in a game with no flop, is the size
    of a hand at the showdown, the player's cards and any community card together. ``odd_chips``
    is the rule a split pot's odd chips follow. ``openers``, in a draw game played with antes and
    no blinds (jacks or better), is the worst high rank that may open the first betting round;
    when every player checks it, the hand is dealt again. ``plays_as`` names the game this one
    deals and ranks as, from fewer cards (royal hold'em: hold'em, ten to ace); equity counts it as
    that game with the other cards dead.
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
    opening: Optional[Opening] = None
    showdown_cards: Optional[int] = None
    odd_chips: OddChips = OddChips.LEFT_OF_BUTTON
    openers: Optional[int] = None
    plays_as: Optional[Game] = None

    board_size: int = field(init=False, repr=False, compare=False)
    """The community cards of a full board."""
    board_streets: int = field(init=False, repr=False, compare=False)
    """The streets that deal community cards (each after a burn)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "board_size", sum(street.board for street in self.streets))
        object.__setattr__(self, "board_streets", sum(1 for street in self.streets if street.board))

    @property
    def posts_blinds(self) -> bool:
        """Whether the game posts blinds: not when the cards showing open it (stud), nor with openers."""
        return self.opening is None and self.openers is None

    def may_open(self, street: int, holes: Mapping[int, Sequence[int]]) -> Optional[frozenset[int]]:
        """The seats whose cards may open the ``street``-th betting round (None: any seat may)."""
        if self.openers is None or street:
            return None
        return frozenset(seat for seat, hole in holes.items() if self.high(hole, ()) <= self.openers)

    def hole_count(self, hole_cards: Optional[int]) -> int:
        """The number of hole cards each player gets: ``hole_cards``, or the usual number when None;
        a number the game does not deal raises ``ValueError``."""
        if hole_cards is None:
            return self.hole_sizes[0]
        if type(hole_cards) is not int or hole_cards not in self.hole_sizes:
            sizes = " or ".join(map(str, self.hole_sizes))
            raise ValueError(f"{self.name} deals {sizes} hole cards, got {hole_cards!r}")
        return hole_cards

    def showdown_error(self, hole: int, board: int) -> Optional[str]:
        """What is wrong with a showdown hand of ``hole`` cards on a board of ``board`` (None: nothing)."""
        if self.showdown_cards is not None:
            if hole + board != self.showdown_cards or board > 1:
                return f"a {self.name} hand is {self.showdown_cards} cards, got {hole} and {board} on the board"
            return None
        if not 3 <= board <= self.board_size:
            return f"a showdown needs 3 to {self.board_size} board cards, got {board}"
        if hole not in self.hole_sizes:
            sizes = " or ".join(map(str, self.hole_sizes))
            return f"expected {sizes} hole cards, got {hole}"
        return None

    def strength(self, hole: Sequence[int], board: Sequence[int]) -> Strength:
        """The hand's high rank and, in a split game, its qualifying low."""
        return Strength(self.high(hole, board), None if self.low is None else self.low(hole, board))

    def describe(self, strength: Strength) -> tuple[str, Optional[str]]:
        """The words for a strength: its high hand, and its low (None when there is none)."""
        low = None if strength.low is None else describe_low(strength.low, self.low_words)
        return self.high_words(strength.high), low

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}>"


HOLDEM = Game("holdem", "Texas hold'em", (2,), best_of_all, phh="T")
"""Texas hold'em: two hole cards, the best five of seven."""
OMAHA = Game("omaha", "Omaha", (4, 5, 6), two_and_three, phh="O")
"""Omaha: four to six hole cards, exactly two of them with three of the board."""
OMAHA_HILO = Game("omaha-hilo", "Omaha hi-lo eight-or-better", (4, 5, 6), two_and_three, phh="O/8", low=eight_or_better)
"""Omaha hi-lo: the pot split with the best ace-to-five low of eight or better, if any."""

ROYAL_CARDS = tuple(c for c in DECK if rank_of(c) >= ROYAL_LOWEST)
"""Royal hold'em's 20 cards, ten to ace."""
ROYAL_HOLDEM = Game(
    "royal-holdem", "Royal hold'em (ten to ace)", (2,), ten_to_ace, phh="", deck=ROYAL_CARDS, plays_as=HOLDEM
)
"""Royal hold'em: hold'em with the 20 cards ten to ace."""

SHORT_DECK = Game(
    "short-deck",
    "Short deck hold'em (six-plus), three of a kind above a straight",
    (2,),
    short_deck_trips_over,
    phh="S",
    deck=SHORT_DECK_CARDS,
    high_words=describe_short_deck,
)
"""Short deck (six-plus), 36 cards: a flush above a full house, three of a kind above a straight."""
SHORT_DECK_STRAIGHT_OVER_TRIPS = Game(
    "short-deck-straight-over-trips",
    "Short deck hold'em (six-plus), a straight above three of a kind",
    (2,),
    short_deck_straight_over,
    phh="S",
    deck=SHORT_DECK_CARDS,
    high_words=straight_over_words,
)
"""Short deck with the other rule: a straight above three of a kind."""


def _stud(name: str, title: str, high: HighRule, phh: str, opening: Opening, **ranking: Any) -> Game:
    """A seven-card stud game: its streets, who opens them, seven cards at the showdown, odd chips by
    the highest card; ``ranking`` adds a low rule or the high hand's words."""
    return Game(
        name,
        title,
        (7,),
        high,
        phh,
        streets=STUD_STREETS,
        opening=opening,
        showdown_cards=7,
        odd_chips=OddChips.HIGHEST_CARD,
        **ranking,
    )


def _draw(
    name: str,
    title: str,
    size: int,
    high: HighRule,
    phh: str,
    streets: tuple[Street, ...],
    high_words: Callable[[int], str],
    openers: Optional[int] = None,
) -> Game:
    """A draw game of ``size`` cards, all of them at the showdown."""
    return Game(
        name, title, (size,), high, phh, streets=streets, high_words=high_words, showdown_cards=size, openers=openers
    )


STUD = _stud("stud", "Seven-card stud", best_of_all, "7S", Opening(open_pair=True))
"""Seven-card stud: three cards down, four up, the best five of seven."""
STUD_HILO = _stud(
    "stud-hilo", "Seven-card stud hi-lo eight-or-better", best_of_all, "7S/8", Opening(), low=stud_eight_or_better
)
"""Seven-card stud hi-lo: the pot split with the best low of eight or better, if any."""
RAZZ = _stud(
    "razz", "Razz (seven-card stud, ace-to-five low)", seven_card_low, "R", Opening(low=True), high_words=razz_words
)
"""Razz: seven-card stud for the best ace-to-five low."""

FIVE_CARD_DRAW = _draw("five-card-draw", "Five-card draw", 5, best_of_all, "5CD", SINGLE_DRAW_STREETS, describe)
"""Five-card draw: one draw, the best high hand."""
JACKS_OR_BETTER = _draw(
    "jacks-or-better",
    "Five-card draw, jacks or better to open",
    5,
    best_of_all,
    "",
    SINGLE_DRAW_STREETS,
    describe,
    openers=evaluator.evaluate(cards("Jc Jd 4h 3s 2c")),  # the lowest pair of jacks
)
"""Five-card draw in which a player needs a pair of jacks or better to open."""
DEUCE_TO_SEVEN_SINGLE_DRAW = _draw(
    "2-7-single-draw",
    "Deuce-to-seven single draw",
    5,
    deuce_to_seven,
    "2L1D",
    SINGLE_DRAW_STREETS,
    deuce_to_seven_words,
)
"""Deuce-to-seven single draw: the worst high hand wins (aces high, straights and flushes count)."""
DEUCE_TO_SEVEN_TRIPLE_DRAW = _draw(
    "2-7-triple-draw",
    "Deuce-to-seven triple draw",
    5,
    deuce_to_seven,
    "2L3D",
    TRIPLE_DRAW_STREETS,
    deuce_to_seven_words,
)
"""Deuce-to-seven triple draw: three draws for the worst high hand."""
ACE_TO_FIVE_TRIPLE_DRAW = _draw(
    "a-5-triple-draw", "Ace-to-five triple draw", 5, ace_to_five, "A5L3D", TRIPLE_DRAW_STREETS, razz_words
)
"""Ace-to-five triple draw: three draws for the best ace-to-five low."""
BADUGI = _draw("badugi", "Badugi", 4, badugi, "B", TRIPLE_DRAW_STREETS, describe_badugi)
"""Badugi: four cards, three draws, the most cards of different suits and ranks, lowest best."""

GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        *(HOLDEM, OMAHA, OMAHA_HILO, ROYAL_HOLDEM, SHORT_DECK, SHORT_DECK_STRAIGHT_OVER_TRIPS, STUD, STUD_HILO, RAZZ),
        *(
            FIVE_CARD_DRAW,
            JACKS_OR_BETTER,
            DEUCE_TO_SEVEN_SINGLE_DRAW,
            DEUCE_TO_SEVEN_TRIPLE_DRAW,
            ACE_TO_FIVE_TRIPLE_DRAW,
            BADUGI,
        ),
    )
}
"""Every game by its name."""


def as_game(name_or_game: Union[str, Game]) -> Game:
    """The ``Game`` a public argument names: a ``Game`` as it is, or one of ``GAMES``' names."""
    if isinstance(name_or_game, Game):
        return name_or_game
    if isinstance(name_or_game, str) and name_or_game in GAMES:
        return GAMES[name_or_game]
    raise ValueError(f"unknown game {name_or_game!r}: expected one of {', '.join(GAMES)}")


__all__ = [
    "ACE_TO_FIVE_TRIPLE_DRAW",
    "BADUGI",
    "DEUCE_TO_SEVEN_SINGLE_DRAW",
    "DEUCE_TO_SEVEN_TRIPLE_DRAW",
    "FIVE_CARD_DRAW",
    "GAMES",
    "HOLDEM",
    "HOLDEM_STREETS",
    "JACKS_OR_BETTER",
    "OMAHA",
    "OMAHA_HILO",
    "RAZZ",
    "ROYAL_CARDS",
    "ROYAL_HOLDEM",
    "SHORT_DECK",
    "SHORT_DECK_STRAIGHT_OVER_TRIPS",
    "STUD",
    "STUD_HILO",
    "STUD_STREETS",
    "SINGLE_DRAW_STREETS",
    "TRIPLE_DRAW_STREETS",
    "Game",
    "OddChips",
    "Opening",
    "Street",
    "Strength",
    "as_game",
]
