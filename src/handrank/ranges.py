"""Hand ranges in the syntax players use, as weighted two-card combos.

=================  ===========================================================
``QQ``, ``QQ+``    a pair; that pair and every higher one
``QQ-88``          pairs from QQ down to 88
``AKs``, ``AKo``   suited (4 combos), offsuit (12); ``AK`` is both (16)
``ATs+``           the kicker up to one below the top card: ATs AJs AQs AKs
``A5s-A2s``        a run of kickers under the same top card
``AhKh``           one exact combo
``AxKx``, ``AsKx``  ``x`` for any suit: every AK (16); the ace of spades with any king (4)
``15%``            the best starting hands, in ``PREFLOP_ORDER``, until 15 % of the 1,326 combos
``random``         every one of the 1,326 combos (also ``any two``, ``any``)
``0.5(JJ, AKs)``   a weight for what is inside; also ``JJ:0.5``
=================  ===========================================================

Parts are separated by commas; a combo named again takes its latest weight.

>>> r = Range("QQ+, AKs, 0.5(JJ)")
>>> len(r), r.weight_of("JhJd"), r.weight_of("QsQd")
(28, 0.5, 1.0)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import Optional, Union

from .cards import DECK, Cards, card_str, cards, to_index

_RANKS = "23456789TJQKA"
Combo = tuple[int, int]
"""Two card ints, the higher index first."""

# A weight: 0.5, .5, 1. Written without two ways to match one digit, so a failed match is linear.
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+")
MAX_TEXT = 100_000
"""The longest range text taken, in characters: parsing is linear, and this bounds it."""
# fmt: off
PREFLOP_ORDER = (
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo", "ATs", "AQo", "AJo", "KQs", "66",
    "A9s", "ATo", "KJs", "A8s", "KTs", "KQo", "A7s", "A9o", "KJo", "55", "QJs", "K9s", "A5s", "A6s", "A8o", "KTo",
    "QTs", "A4s", "A7o", "K8s", "A3s", "QJo", "K9o", "A5o", "A6o", "Q9s", "K7s", "JTs", "A2s", "QTo", "44", "A4o",
    "K6s", "K8o", "Q8s", "A3o", "K5s", "J9s", "Q9o", "JTo", "K7o", "A2o", "K4s", "Q7s", "K6o", "K3s", "T9s",
    "J8s", "33", "Q6s", "Q8o", "K5o", "J9o", "K2s", "Q5s", "T8s", "K4o", "J7s", "Q4s", "Q7o", "T9o", "J8o", "K3o",
    "Q6o", "Q3s", "98s", "T7s", "J6s", "K2o", "22", "Q2s", "Q5o", "J5s", "T8o", "J7o", "Q4o", "97s", "J4s", "T6s",
    "J3s", "Q3o", "98o", "87s", "T7o", "J6o", "96s", "J2s", "Q2o", "T5s", "J5o", "T4s", "97o", "86s", "J4o",
    "T6o", "95s", "T3s", "76s", "J3o", "87o", "T2s", "85s", "96o", "J2o", "T5o", "94s", "75s", "T4o", "93s",
    "86o", "65s", "84s", "95o", "T3o", "92s", "76o", "74s", "T2o", "54s", "85o", "64s", "83s", "94o", "75o",
    "82s", "73s", "93o", "65o", "53s", "63s", "84o", "92o", "43s", "74o", "72s", "54o", "64o", "52s", "62s",
    "83o", "42s", "82o", "73o", "53o", "63o", "32s", "43o", "72o", "52o", "62o", "42o", "32o",
)
# fmt: on
"""The 169 starting-hand classes, best first, by all-in equity against one random hand: what
``odds.preflop_order()`` gives (exact: every deal and every board; a test checks the two agree).
``"15%"`` in a range takes classes from the top until 15 % of the 1,326 combos."""
_PERCENT = re.compile(r"^(?:TOP\s*)?([0-9]+(?:\.[0-9]+)?)%$")
_PAIR = re.compile(r"^([2-9TJQKA])\1(\+)?$")
_PAIR_RUN = re.compile(r"^([2-9TJQKA])\1-([2-9TJQKA])\2$")
_TWO = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO])?(\+)?$")
_TWO_RUN = re.compile(r"^([2-9TJQKA])([2-9TJQKA])([SO])?-([2-9TJQKA])([2-9TJQKA])([SO])?$")
_EXACT = re.compile(r"^([2-9TJQKA][CDHS]){2}$")
_WILD = re.compile(r"^([2-9TJQKA])([CDHSX])([2-9TJQKA])([CDHSX])$")  # x: any suit, e.g. AxKx, AsKx


def _combo(a: int, b: int) -> Combo:
    return (a, b) if to_index(a) > to_index(b) else (b, a)


_COMBO_ORDER = {
    _combo(a, b): -(52 * to_index(a) + to_index(b)) for a in DECK for b in DECK if to_index(a) >= to_index(b)
}
"""Where each combo comes when a range is iterated: by its high card's index, then its low card's, down."""


def _rank_combos(high: int, low: int, kind: str = "") -> list[Combo]:
    """Every combo of two ranks: pairs, suited (``"S"``), offsuit (``"O"``) or both (``""``)."""
    if high == low:
        return [_combo(DECK[4 * high + s], DECK[4 * high + t]) for s, t in combinations(range(4), 2)]
    out = []
    for s in range(4):
        for t in range(4):
            if kind == "S" and s != t or kind == "O" and s == t:
                continue
            out.append(_combo(DECK[4 * high + s], DECK[4 * low + t]))
    return out


@lru_cache(maxsize=256)
def _part(text: str) -> tuple[Combo, ...]:
    """The combos of one part, e.g. ``"ATs+"``; ``ValueError`` naming it if it means nothing.
    Kept: the same few parts ("random", "QQ+") come back in every equity call."""
    return tuple(_part_combos(text))


def _part_combos(text: str) -> list[Combo]:
    if m := _PERCENT.match(text.strip().upper()):
        share = float(m.group(1))
        if not 0 < share <= 100:
            raise ValueError(f"bad range part {_shown(text)}: a share of the hands is over 0 and at most 100 %")
        out: list[Combo] = []
        for name in PREFLOP_ORDER:  # the best classes, until the share of the 1,326 combos is reached
            if len(out) >= share / 100 * 1326:
                break
            out += _part(name)
        return out
    t = text.strip().upper().replace("10", "T")
    if t in ("RANDOM", "ANY TWO", "ANY", "ANYTWO"):
        return [_combo(a, b) for a, b in combinations(DECK, 2)]
    if m := _PAIR.match(t):
        r = _RANKS.index(m.group(1))
        return [c for p in range(r, 13 if m.group(2) else r + 1) for c in _rank_combos(p, p)]
    if m := _PAIR_RUN.match(t):
        a, b = sorted((_RANKS.index(m.group(1)), _RANKS.index(m.group(2))))
        return [c for p in range(a, b + 1) for c in _rank_combos(p, p)]
    if m := _TWO.match(t):
        high, low = _RANKS.index(m.group(1)), _RANKS.index(m.group(2))
        if high < low:
            high, low = low, high
        kind = m.group(3) or ""
        kickers = range(low, high) if m.group(4) else [low]
        return [c for k in kickers for c in _rank_combos(high, k, kind)]
    if m := _TWO_RUN.match(t):
        h1, l1, k1, h2, l2, k2 = m.groups()
        if h1 != h2 or (k1 or "") != (k2 or "") or h1 in (l1, l2):
            raise ValueError(f"bad range part {_shown(text)}: a run keeps its top card and its s/o, e.g. 'A5s-A2s'")
        high = _RANKS.index(h1)
        a, b = sorted((_RANKS.index(l1), _RANKS.index(l2)))
        if b >= high:
            raise ValueError(f"bad range part {_shown(text)}: the kickers must be below the top card")
        return [c for k in range(a, b + 1) for c in _rank_combos(high, k, k1 or "")]
    if _EXACT.match(t):
        a, b = cards(text.strip())
        if a == b:
            raise ValueError(f"bad range part {_shown(text)}: a combo needs two different cards")
        return [_combo(a, b)]
    if m := _WILD.match(t):
        first, second = ((m.group(1), m.group(2)), (m.group(3), m.group(4)))
        suits = "CDHS"
        options = [
            [DECK[4 * _RANKS.index(rank) + suits.index(s)] for s in (suits if suit == "X" else suit)]
            for rank, suit in (first, second)
        ]
        combos = {_combo(a, b) for a in options[0] for b in options[1] if a != b}
        if not combos:
            raise ValueError(f"bad range part {_shown(text)}: a combo needs two different cards")
        return sorted(combos)
    raise ValueError(
        f"bad range part {_shown(text)}: expected e.g. 'QQ+', 'AKs', 'A5s-A2s', 'KQo', 'AhKh', 'AxKx', 'random', "
        "'15%' or '0.5(JJ)'"
    )


def _shown(text: str) -> str:
    """A part of a range text as an error message quotes it: stripped, and cut short if long."""
    text = text.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _weighted_parts(text: str) -> list[tuple[str, float]]:
    """Each part of a range text with the weight of the groups around it, in order.

    One pass, no recursion: ``0.5(JJ, 0.5(AKs))`` gives ``[("JJ", 0.5), (" AKs", 0.25)]``.
    """
    if len(text) > MAX_TEXT:
        raise ValueError(f"bad range: {len(text):,} characters, more than the {MAX_TEXT:,} taken")
    out: list[tuple[str, float]] = []
    weights = [1.0]  # the weight of each group open here, the whole text's first
    start, closed = 0, False  # closed: just after a group's ')', where only ',', ')' or the end may come

    def part_ends(at: int) -> None:
        piece = text[start:at]
        if closed and piece.strip():
            raise ValueError(f"bad range part {_shown(piece)}: expected ',' after a weight group")
        if piece.strip():
            out.append((piece, weights[-1]))

    for i, ch in enumerate(text):
        if ch == "(":
            head = text[start:i].strip()
            if closed or not _NUMBER.fullmatch(head):
                raise ValueError(f"bad range part {_shown(head + '(')}: a weight group is e.g. '0.5(JJ, AKs)'")
            weights.append(weights[-1] * float(head))
            start = i + 1
        elif ch == ")":
            if len(weights) == 1:
                raise ValueError(f"bad range {_shown(text)}: ')' without '('")
            part_ends(i)
            weights.pop()
            start, closed = i + 1, True
        elif ch == ",":
            part_ends(i)
            start, closed = i + 1, False
    if len(weights) > 1:
        raise ValueError(f"bad range {_shown(text)}: '(' without ')'")
    part_ends(len(text))
    return out


class Range:
    """Weighted two-card combos. Iterating gives ``((card, card), weight)`` pairs, weight > 0."""

    text: str
    """The range as it was written (or its combos, for a range made from combos)."""

    def __init__(self, text: Union[str, Range] = "") -> None:
        self._weights: dict[Combo, float] = {}
        self._ordered: Optional[list[tuple[Combo, float]]] = None  # what iterating gives, found once
        if isinstance(text, Range):
            self._weights = dict(text._weights)
            self.text = text.text
            return
        self.text = text
        for part, weight in _weighted_parts(text):
            self._add(part, weight)

    def _add(self, part: str, weight: float) -> None:
        left, colon, right = part.rpartition(":")
        if colon and _NUMBER.fullmatch(right.strip()):  # JJ:0.5
            part, weight = left, float(right) * weight
        if not 0.0 <= weight <= 1.0:
            raise ValueError(f"bad range part {_shown(part)}: a weight is between 0 and 1, got {weight}")
        for c in _part(part):
            self._weights[c] = weight

    @classmethod
    def from_combos(cls, combos: Iterable[tuple[Combo, float]]) -> Range:
        """A range of ``(combo, weight)`` pairs, each weight a number from 0 to 1 as in range text
        (NaN, infinities and larger weights are refused: they make no equity)."""
        r = cls()
        r._weights = {}
        for (a, b), w in combos:
            weight = float(w)
            if not 0.0 <= weight <= 1.0:
                raise ValueError(f"combo {card_str(a)}{card_str(b)}: a weight is between 0 and 1, got {w!r}")
            r._weights[_combo(a, b)] = weight
        r.text = ", ".join(f"{card_str(a)}{card_str(b)}" for a, b in r._weights)
        return r

    def _live_in_order(self) -> list[tuple[Combo, float]]:
        """The combos with a weight above 0, the highest card index first, then the other's."""
        if self._ordered is None:  # a range does not change once made
            weights = self._weights
            self._ordered = [(c, weights[c]) for c in sorted(weights, key=_COMBO_ORDER.__getitem__) if weights[c] > 0]
        return self._ordered

    def __iter__(self) -> Iterator[tuple[Combo, float]]:
        return iter(self._live_in_order())

    def __len__(self) -> int:
        return len(self._live_in_order())

    def __repr__(self) -> str:
        """The text and size, then the grid (``grid``), as a REPL shows a range."""
        text = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return f"Range({text!r}: {len(self)} combos)\n{self.grid()}"

    def __contains__(self, item: object) -> bool:
        """A combo (``"AhKh"``, two card ints) is in the range with a weight above 0; range text
        (``"AKs"``) is in it when every one of its combos is. Text that is neither raises
        ``ValueError``: a typo must not read as "not in the range".

        >>> "AhKh" in Range("AKs"), "AKs" in Range("AK"), "AKo" in Range("AKs")
        (True, True, False)
        """
        try:
            a, b = cards(item)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            if not isinstance(item, (str, Range)):
                return False
            other = item if isinstance(item, Range) else Range(item)
            return bool(len(other)) and all(self._weights.get(c, 0.0) > 0 for c, _ in other)
        return self._weights.get(_combo(a, b), 0.0) > 0

    def _live(self) -> dict[Combo, float]:
        return {c: w for c, w in self._weights.items() if w > 0}

    def __eq__(self, other: object) -> bool:
        """The same combos with the same weights, however written.

        >>> Range("QQ+") == Range("AA, KK, QQ")
        True
        """
        if not isinstance(other, Range):
            return NotImplemented
        return self._live() == other._live()

    __hash__ = None  # type: ignore[assignment]  # ranges are compared by value and may change

    def __or__(self, other: Union[str, Range]) -> Range:
        """Every combo of either range, with the larger of its weights."""
        theirs = Range(other)._live()
        merged = {**theirs, **{c: max(w, theirs.get(c, 0.0)) for c, w in self._live().items()}}
        return Range.from_combos(merged.items())

    def __and__(self, other: Union[str, Range]) -> Range:
        """The combos of both ranges, with the smaller of their weights.

        >>> len(Range("AK") & Range("AKs, QQ"))
        4
        """
        theirs = Range(other)._live()
        return Range.from_combos((c, min(w, theirs[c])) for c, w in self._live().items() if c in theirs)

    def __sub__(self, other: Union[str, Range]) -> Range:
        """The combos of this range that are not in the other, with their weights here."""
        theirs = Range(other)._live()
        return Range.from_combos((c, w) for c, w in self._live().items() if c not in theirs)

    def grid(self) -> str:
        """The range as the 13x13 grid players draw: pairs on the diagonal, suited hands above it,
        offsuit below; each cell the class and how much of it is in (blank when none, the share
        of its combos' weight otherwise).

        >>> print(Range("AA, KK, AKs, 0.5(AKo)").grid().splitlines()[1][:10])
        AKo:0.5 KK
        """
        rows = []
        for names in grid_classes():
            cells = []
            for name in names:
                share = self.share_of(name)
                cells.append("·" if share == 0 else name if share == 1 else f"{name}:{share:.2g}")
            rows.append(" ".join(f"{cell:<6}" for cell in cells).rstrip())
        return "\n".join(rows)

    def share_of(self, name: str) -> float:
        """How much of a class (``"AKs"``, ``"77"``) is in: the mean weight of its combos."""
        combos = _part(name)
        return sum(self._weights.get(c, 0.0) for c in combos) / len(combos)

    def weight_of(self, combo: Cards) -> float:
        """The weight of one combo (0 when it is not in the range)."""
        a, b = cards(combo)
        return self._weights.get(_combo(a, b), 0.0)

    def without(self, dead: Cards) -> Range:
        """The range less every combo holding one of ``dead`` (the board, dead cards, known hands)."""
        blocked = set(cards(dead))
        return Range.from_combos((c, w) for c, w in self if not blocked & set(c))


def grid_classes() -> list[list[str]]:
    """The 13x13 grid players draw, rows and columns from the ace down: pairs on the diagonal,
    suited hands right of it, offsuit below.

    >>> grid_classes()[0][:3], grid_classes()[1][:2]
    (['AA', 'AKs', 'AQs'], ['AKo', 'KK'])
    """
    rows = []
    for i in range(12, -1, -1):
        row = []
        for j in range(12, -1, -1):
            high, low = max(i, j), min(i, j)
            row.append(_RANKS[i] * 2 if i == j else _RANKS[high] + _RANKS[low] + ("s" if j < i else "o"))
        rows.append(row)
    return rows


def hand_classes() -> list[str]:
    """The 169 starting-hand classes, AA first: pairs ``"AA"``, suited ``"AKs"``, offsuit ``"AKo"``."""
    out = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                out.append(_RANKS[high] * 2)
            else:
                out += [_RANKS[high] + _RANKS[low] + "s", _RANKS[high] + _RANKS[low] + "o"]
    return out
