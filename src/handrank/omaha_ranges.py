"""Ranges of Omaha hands (4, 5 or 6 hole cards), as players write them.

A range is parts separated by commas, each a set of hands, optionally weighted:

- ``random``: every hand of four cards;
- explicit cards, such as ``AsKsQsJs``: that one hand;
- a rank pattern of 4 to 6 symbols, ranks ``AKQJT98765432`` and ``x`` (or ``*``) for any card:
  the hands holding those ranks, each ``x`` any further card. ``AAxx`` is every hand with two
  aces or more; ``KQJT`` every king-queen-jack-ten; at most four cards left open in a
  five- or six-card pattern's hands (``MOST_WILD``);
- a suit shape after a pattern: ``ds`` double-suited (two cards of one suit and two of another),
  ``ss`` single-suited (two cards of one suit, the others of two other suits), ``r`` rainbow (four
  suits); for four-card hands only: ``AAxxds``, ``KQJTr``;
- a weight after a colon, from 0 to 1: ``AAxx:0.5``.

A hand in two parts counts once, at the larger weight. Anything else is a ``ValueError`` naming the
part.

>>> len(OmahaRange("AAxx")), len(OmahaRange("AAxxds")), len(OmahaRange("KQJT, AsAhKdKc:0.5"))
(6961, 144, 257)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations
from math import comb

from ._numbers import decimal_number
from .cards import Cards, cards, check_distinct, from_index, to_index

__all__ = ["OmahaRange"]

_PATTERN = re.compile(r"([AKQJT2-9x*]{4,6})(ds|ss|r)?")
_RANKS = "23456789TJQKA"
_SHAPES = {"ds": (2, 2), "ss": (1, 1, 2), "r": (1, 1, 1, 1)}
"""Each suit shape of four cards: how many cards of each suit it holds, sorted."""

Hand = tuple[int, ...]

MOST_WILD = comb(52, 4)
"""The most ways a part may leave its open cards (``x``): every four cards, as ``random`` does."""


def _shape(hand: Hand) -> tuple[int, ...]:
    counts: dict[int, int] = {}
    for c in hand:
        counts[to_index(c) & 3] = counts.get(to_index(c) & 3, 0) + 1
    return tuple(sorted(counts.values()))


def _pattern_hands(ranks: str) -> set[Hand]:
    """Every hand of ``len(ranks)`` cards that holds the ranks named, each ``x`` any further card."""
    fixed = [r for r in ranks if r not in "x*"]
    wild = len(ranks) - len(fixed)
    by_rank: dict[str, list[int]] = {}
    for r in fixed:
        by_rank.setdefault(r, [4 * _RANKS.index(r) + s for s in range(4)])
    needed = {r: fixed.count(r) for r in by_rank}
    choices: list[list[tuple[int, ...]]] = [list(combinations(by_rank[r], n)) for r, n in needed.items()]
    out: set[Hand] = set()

    def place(i: int, held: tuple[int, ...]) -> None:
        if i < len(choices):
            for pick in choices[i]:
                place(i + 1, held + pick)
            return
        rest = [c for c in range(52) if c not in held]
        for extra in combinations(rest, wild):
            out.add(tuple(sorted(held + extra)))

    place(0, ())
    return {tuple(from_index(i) for i in hand) for hand in out}


def _part_hands(part: str) -> tuple[set[Hand], int]:
    """The hands of one part, and their size."""
    if part == "random":
        return {tuple(from_index(i) for i in hand) for hand in combinations(range(52), 4)}, 4
    pattern = _PATTERN.fullmatch(part)
    if pattern:
        ranks, shape = pattern.groups()
        if any(ranks.count(r) > 4 for r in _RANKS):
            raise ValueError(f"{part!r}: a rank is held at most four times")
        if comb(52, len(ranks) - sum(r in _RANKS for r in ranks)) > MOST_WILD:
            raise ValueError(f"{part!r}: too many cards left open (x): name more ranks")
        if shape and len(ranks) != 4:
            raise ValueError(f"{part!r}: suit shapes (ds, ss, r) are for four-card hands")
        hands = _pattern_hands(ranks)
        if shape:
            hands = {h for h in hands if _shape(h) == _SHAPES[shape]}
        return hands, len(ranks)
    try:
        held = cards(part)
    except ValueError:
        raise ValueError(
            f"{part!r} is not an Omaha range part: random, cards (AsKsQsJs), a rank pattern (AAxx, KQJT) "
            "with an optional suit shape (ds, ss, r), each with an optional :weight"
        ) from None
    if len(held) not in (4, 5, 6):
        raise ValueError(f"{part!r}: an Omaha hand is 4, 5 or 6 cards, got {len(held)}")
    check_distinct(held, f"dealt twice in {part!r}")
    return {tuple(sorted(held, key=to_index))}, len(held)


class OmahaRange:
    """Weighted Omaha hands of one size, read from range text (see the module's words)."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError(f"an Omaha range is text, got {type(text).__name__}")
        weights: dict[Hand, float] = {}
        sizes = set()
        for raw in text.split(","):
            part, _, weight_text = raw.strip().partition(":")
            if not part:
                raise ValueError(f"an empty part in the Omaha range {text!r}")
            weight = 1.0
            if weight_text:
                read = decimal_number(weight_text.strip())
                if read is None or not 0 <= read <= 1:
                    raise ValueError(f"{raw.strip()!r}: a weight is a number from 0 to 1")
                weight = read
            hands, size = _part_hands(part)
            sizes.add(size)
            for hand in hands:
                weights[hand] = max(weight, weights.get(hand, 0.0))
        if len(sizes) != 1:
            raise ValueError(f"{text!r} mixes hands of {' and '.join(map(str, sorted(sizes)))} cards")
        self.text = text
        self.size = sizes.pop()
        self._hands = sorted(((h, w) for h, w in weights.items() if w > 0), key=lambda hw: [to_index(c) for c in hw[0]])

    def __iter__(self) -> Iterator[tuple[Hand, float]]:
        return iter(self._hands)

    def __len__(self) -> int:
        return len(self._hands)

    def without(self, dead: Cards) -> list[tuple[Hand, float]]:
        """The hands that hold none of ``dead``, with their weights."""
        blocked = set(cards(dead))
        return [(h, w) for h, w in self._hands if not blocked & set(h)]

    def __repr__(self) -> str:
        return f"OmahaRange({self.text!r}: {len(self)} hands)"
