"""What a hold'em range hits on a board: each combo's made hand, one category of ``Made``, and its
draws, any number of ``Draw``, weighted by the range and added up (the breakdown a range tab
shows). ``docs/rules.md`` says how each category is decided, with an example of each.

>>> h = hits("QQ+, AK", "Kh 7d 2c")
>>> h.combos, h.made[Made.SET], h.made[Made.TOP_PAIR_TOP_KICKER]  # KK less its king's combos, AK
(27.0, 3.0, 12.0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Optional, TypedDict, Union

from ._equity_plan import Player, holding_ranks, player_range
from .cards import RANK_CHARS, Cards, cards, cards_str, check_distinct, rank_of, suit_of
from .ranges import grid_classes
from .ranking import HandClass, hand_class

__all__ = ["ComboHit", "Draw", "Hits", "HitsColumns", "Made", "hits"]


class _Category(Enum):
    """A category, shown by its words."""

    def __str__(self) -> str:
        return str(self.value)


class Made(_Category):
    """The made-hand categories, best first: each combo is in exactly one."""

    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    SET = "set"
    TRIPS = "trips"
    TWO_PAIR_BOTH_CARDS = "two pair, both cards"
    TWO_PAIR_BOARD_PAIR = "two pair with the board's pair"
    OVERPAIR = "overpair"
    TOP_PAIR_TOP_KICKER = "top pair, top kicker"
    TOP_PAIR_GOOD_KICKER = "top pair, good kicker"
    TOP_PAIR_WEAK_KICKER = "top pair, weak kicker"
    SECOND_PAIR = "second pair"
    POCKET_PAIR_BELOW_TOP = "pocket pair below top pair"
    WEAK_PAIR = "weak pair"
    ACE_HIGH = "ace high"
    NOTHING = "nothing"


class Draw(_Category):
    """The draws, on a flop or a turn: a combo is in any number of them."""

    NUT_FLUSH_DRAW = "nut flush draw"
    FLUSH_DRAW = "flush draw"
    OPEN_ENDED = "open-ended straight draw"
    DOUBLE_GUTSHOT = "double gutshot"
    GUTSHOT = "gutshot"
    COMBO_DRAW = "combo draw"
    BACKDOOR_FLUSH_DRAW = "backdoor flush draw"
    BACKDOOR_STRAIGHT_DRAW = "backdoor straight draw"
    OVERCARDS = "two overcards"


_BY_CLASS = {
    HandClass.STRAIGHT_FLUSH: Made.STRAIGHT_FLUSH,
    HandClass.FOUR_OF_A_KIND: Made.FOUR_OF_A_KIND,
    HandClass.FULL_HOUSE: Made.FULL_HOUSE,
    HandClass.FLUSH: Made.FLUSH,
    HandClass.STRAIGHT: Made.STRAIGHT,
}
"""The classes that name the category by themselves, whatever cards make them."""

_ACE, _TEN = 12, 8
_WINDOWS = tuple(0b11111 << low for low in range(10))
"""The ten straights as rank bits: bit 0 the ace played low, bit r + 1 the rank r (deuce 0 ... ace 12)."""


def _bits(ranks: Iterable[int]) -> int:
    """Rank bits as ``_WINDOWS`` reads them: each rank at r + 1, an ace at the bottom too."""
    out = 0
    for r in ranks:
        out |= 1 << (r + 1) | (1 if r == _ACE else 0)
    return out


def _count(bits: int) -> int:
    return bin(bits).count("1")  # int.bit_count is Python 3.10's


def _rank_of_bit(bit: int) -> int:
    return _ACE if bit == 0 else bit - 1


class HitsColumns(TypedDict):
    """``Hits.to_dict``: one row a category with weight, made hands first, then draws."""

    kind: list[str]  # "made" or "draw"
    category: list[str]
    combos: list[float]
    share: list[float]


@dataclass(frozen=True)
class ComboHit:
    """One combo of the range: its cards (high first), weight, made category and draws."""

    combo: tuple[int, int]
    weight: float
    made: Made
    draws: frozenset[Draw]

    @property
    def hand_class(self) -> str:
        """The starting-hand class on the grid: ``"AKs"``, ``"AKo"``, ``"77"``."""
        high, low = rank_of(self.combo[0]), rank_of(self.combo[1])
        kind = "" if high == low else "s" if suit_of(self.combo[0]) == suit_of(self.combo[1]) else "o"
        return RANK_CHARS[high] + RANK_CHARS[low] + kind


@dataclass(frozen=True)
class Hits:
    """A range's breakdown on a board: every live combo (``hands``), their weight (``combos``),
    and the weight in each category (``made``, ``draws``, in the enums' order, zeros left out)."""

    board: tuple[int, ...]
    hands: tuple[ComboHit, ...]

    @property
    def combos(self) -> float:
        """The weight of the live combos: their number, when every weight is one."""
        return sum(h.weight for h in self.hands)

    @property
    def made(self) -> dict[Made, float]:
        out = {m: 0.0 for m in Made}
        for h in self.hands:
            out[h.made] += h.weight
        return {m: w for m, w in out.items() if w}

    @property
    def draws(self) -> dict[Draw, float]:
        out = {d: 0.0 for d in Draw}
        for h in self.hands:
            for d in h.draws:
                out[d] += h.weight
        return {d: w for d, w in out.items() if w}

    def share(self, category: Union[Made, Draw]) -> float:
        """The share of the range's weight in one category."""
        held = self.made.get(category, 0.0) if isinstance(category, Made) else self.draws.get(category, 0.0)
        return held / self.combos

    def to_dict(self) -> HitsColumns:
        """Columns, one row a category with weight (made first, then draws): ``kind``, ``category``,
        ``combos``, ``share``; ready for ``pandas.DataFrame``."""
        rows = [("made", str(m), w) for m, w in self.made.items()] + [
            ("draw", str(d), w) for d, w in self.draws.items()
        ]
        total = self.combos
        return {
            "kind": [k for k, _, _ in rows],
            "category": [c for _, c, _ in rows],
            "combos": [w for _, _, w in rows],
            "share": [w / total for _, _, w in rows],
        }

    def table(self) -> str:
        """The breakdown as text: each category with weight, its combos and share of the range."""
        total = self.combos
        lines = [f"board {cards_str(self.board)}: {total:g} combos", f"{'made hand':<32}{'combos':>9}{'share':>9}"]
        lines += [f"{str(m):<32}{w:>9.4g}{w / total:>9.1%}" for m, w in self.made.items()]
        if self.draws:
            lines.append(f"{'draw':<32}{'combos':>9}{'share':>9}")
            lines += [f"{str(d):<32}{w:>9.4g}{w / total:>9.1%}" for d, w in self.draws.items()]
        return "\n".join(lines)

    def grid(self) -> list[list[Optional[Made]]]:
        """The 13x13 starting-hand grid (as ``grid_classes``): each class's made category holding
        most of its live weight (the better one on a tie), ``None`` where none of it is live."""
        weights: dict[str, dict[Made, float]] = {}
        for h in self.hands:
            by_made = weights.setdefault(h.hand_class, {})
            by_made[h.made] = by_made.get(h.made, 0.0) + h.weight
        order = list(Made)
        return [
            [
                min(weights[name], key=lambda m: (-weights[name][m], order.index(m))) if name in weights else None
                for name in row
            ]
            for row in grid_classes()
        ]


_ORDER = {m: i for i, m in enumerate(Made)}
_FLUSH_DRAWS = frozenset({Draw.NUT_FLUSH_DRAW, Draw.FLUSH_DRAW})
_STRAIGHT_DRAWS = frozenset({Draw.OPEN_ENDED, Draw.DOUBLE_GUTSHOT, Draw.GUTSHOT})


class _Board:
    """What every combo's category reads of the board, worked out once."""

    def __init__(self, board: list[int]) -> None:
        self.size = len(board)
        ranks = [rank_of(c) for c in board]
        self.count = {r: ranks.count(r) for r in ranks}  # each board rank and how often it shows
        self.distinct = sorted(self.count, reverse=True)
        self.paired = [r for r, n in self.count.items() if n >= 2]
        self.best_kicker = max(r for r in range(13) if r not in self.count)
        self.bits = _bits(ranks)
        self.suited = [sum(1 for c in board if suit_of(c) == s) for s in range(4)]
        # the best card of each suit that is not on the board: who holds it draws to the nut flush
        self.nut = [
            max(r for r in range(13) if not any(rank_of(c) == r and suit_of(c) == s for c in board)) for s in range(4)
        ]
        self.straight_draws: dict[tuple[int, int], Optional[Draw]] = {}  # by hole ranks, low first, as met


def _made(a: int, b: int, on: _Board, made_class: HandClass) -> Made:
    """The category of hole ranks ``a`` and ``b`` (the order does not matter) whose best five are ``made_class``."""
    if made_class in _BY_CLASS:
        return _BY_CLASS[made_class]
    if a == b:
        if a in on.count:
            return Made.SET
        return Made.OVERPAIR if a > on.distinct[0] else Made.POCKET_PAIR_BELOW_TOP
    paired = [r for r in (a, b) if r in on.count]
    if any(on.count[r] >= 2 for r in paired):
        return Made.TRIPS
    if len(paired) == 2:
        return Made.TWO_PAIR_BOTH_CARDS
    if not paired:
        return Made.ACE_HIGH if _ACE in (a, b) else Made.NOTHING
    pair = paired[0]
    if any(r != pair for r in on.paired):
        return Made.TWO_PAIR_BOARD_PAIR
    if pair == on.distinct[0]:
        kicker = b if pair == a else a
        if kicker == on.best_kicker:
            return Made.TOP_PAIR_TOP_KICKER
        return Made.TOP_PAIR_GOOD_KICKER if kicker >= _TEN else Made.TOP_PAIR_WEAK_KICKER
    return Made.SECOND_PAIR if pair == on.distinct[1] else Made.WEAK_PAIR


def _straight_draw(a: int, b: int, on: _Board) -> Optional[Draw]:
    """The straight draw of hole ranks ``a`` and ``b``, if any: it reads the ranks alone."""
    have = on.bits | _bits((a, b))
    hole_only = _bits(r for r in (a, b) if r not in on.count)
    completing = 0
    two_short = False
    for window in _WINDOWS:
        if window & hole_only:
            missing = window & ~have
            short = _count(missing)
            if short == 1:
                completing |= 1 << _rank_of_bit(missing.bit_length() - 1)
            two_short = two_short or short == 2
    if completing:
        open_ended = any(
            have & middle == middle and middle & hole_only and not have & (0b100001 << low)
            for low in range(9)
            for middle in (0b011110 << low,)
        )
        return Draw.OPEN_ENDED if open_ended else Draw.DOUBLE_GUTSHOT if _count(completing) > 1 else Draw.GUTSHOT
    if two_short and on.size == 3:
        return Draw.BACKDOOR_STRAIGHT_DRAW
    return None


def _draws(hole: tuple[int, int], on: _Board, made: Made) -> frozenset[Draw]:
    """The draws of a combo with ``made`` on a flop or a turn (none on a river)."""
    if on.size == 5:
        return frozenset()
    out = set()
    a, b = rank_of(hole[0]), rank_of(hole[1])
    suit_a, suit_b = suit_of(hole[0]), suit_of(hole[1])
    if _ORDER[made] > _ORDER[Made.FLUSH]:
        for suit, held in ((suit_a, (a, b) if suit_a == suit_b else (a,)), (suit_b, (b,))):
            suited = len(held) + on.suited[suit]
            if suited == 4:
                out.add(Draw.NUT_FLUSH_DRAW if on.nut[suit] in held else Draw.FLUSH_DRAW)
            elif suited == 3 and on.size == 3:
                out.add(Draw.BACKDOOR_FLUSH_DRAW)
            if suit_a == suit_b:
                break
    if _ORDER[made] > _ORDER[Made.STRAIGHT]:
        key = (a, b) if a <= b else (b, a)
        if key not in on.straight_draws:
            on.straight_draws[key] = _straight_draw(a, b, on)
        draw = on.straight_draws[key]
        if draw is not None:
            out.add(draw)
    if out & _FLUSH_DRAWS and out & _STRAIGHT_DRAWS:
        out.add(Draw.COMBO_DRAW)
    if made in (Made.ACE_HIGH, Made.NOTHING) and min(a, b) > on.distinct[0]:
        out.add(Draw.OVERCARDS)
    return frozenset(out)


def hits(holding: Player, board: Cards, dead: Cards = ()) -> Hits:
    """The breakdown of a hold'em range (or a hand) on a flop, turn or river (``board`` of 3 to 5
    cards), less the combos that hold a board or ``dead`` card."""
    shown, gone = cards(board), cards(dead)
    if not 3 <= len(shown) <= 5:
        raise ValueError(f"a range hits a flop, a turn or a river: 3 to 5 board cards, got {len(shown)}")
    check_distinct([*shown, *gone], "dealt twice among the board and the dead cards")
    live = [(combo, w) for combo, w in player_range(holding).without([*shown, *gone]) if w > 0]
    if not live:
        raise ValueError("the range has no combo left beside the board and the dead cards")
    on = _Board(shown)
    out = []
    for (combo, weight), rank in zip(live, holding_ranks(live, shown)):
        made = _made(rank_of(combo[0]), rank_of(combo[1]), on, hand_class(rank))
        out.append(ComboHit(combo, weight, made, _draws(combo, on, made)))
    return Hits(tuple(shown), tuple(out))
