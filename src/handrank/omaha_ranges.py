"""Ranges of Omaha hands (4, 5 or 6 hole cards), as players write them.

A range is parts joined by ``,`` (either), ``:`` (both) and ``!`` (the first but not the second),
read left to right, ``:`` and ``!`` before ``,``, with brackets to group: ``(AA, KK):xxyy``. A part
at the top level may end in a weight from 0 to 1, written with a point or as 0 or 1: ``AAxx:0.5``
(``AA:9`` is aces with a nine). A hand in two weighted parts counts once, at the larger weight.
A part is one of:

- ``random``: every hand of four cards (five- and six-card hands are too many to list; as a player
  of ``equity``, ``random`` beside them is dealt any hand from the deck);
- explicit cards, four to six, such as ``AsKsQsJs``: that one hand;
- handrank's pattern: ranks, then ``x`` for each further card of any kind, 4 to 6 symbols in all,
  with an optional suit shape for four cards (``ds`` double-suited: two cards of one suit and two of
  another; ``ss`` single-suited: two of one suit, the others of two other suits; ``r`` rainbow):
  ``AAxx`` (two aces or more), ``KQJTr``, ``AAKKds``;
- a generic pattern, the field's common syntax: cards, each a rank (``AKQJT98765432``), ``*`` (any
  rank), a rank variable (any other capital letter: ``RR`` is a pair) or a list in brackets
  (``[A-T]``, ``[A,2,3]``), with an optional suit (``shdc``) or suit variable (``wxyz``: ``AxKx`` is a
  suited ace-king), or a suit alone (``sshh``, ``xxyy``). It names cards a hand holds, the hand's
  other cards any: ``AA`` is every hand with two aces or more, ``AxAyxy`` double-suited aces,
  ``RRON`` one pair and two other ranks or more. Variables stand for distinct ranks (suits), none
  of those the part names: ``AARR`` is aces and another pair. A span steps a pattern's ranks
  written out: ``KK-TT`` is ``KK, QQ, JJ, TT`` (the ranks that differ between the ends move
  together), ``TT+`` moves them up until one is an ace, ``33-`` down until one is a deuce;
- a percentage of four-card hands, the best first by handrank's ordering (see the equity guide):
  ``15%``, ``5%-10%``.

Hands have the size the parts fix (explicit cards, handrank's patterns) or ``size``, else the
longest generic pattern's, four at least. Anything else is a ``ValueError`` naming the part;
macros (``$ds``) are refused, and so is a part listing more than ``MOST_HANDS`` hands.

>>> len(OmahaRange("AAxx")), len(OmahaRange("AAxxds")), len(OmahaRange("KQJT, AsAhKdKc:0.5"))
(6961, 864, 257)
>>> len(OmahaRange("AA!AAA")), len(OmahaRange("AxAyxy")), len(OmahaRange("(AA, KK):xxyy"))
(6768, 864, 1722)
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Optional

from . import _omaha_hands as listing
from . import _omaha_syntax as syntax
from .cards import Cards, cards, from_index

__all__ = ["MOST_HANDS", "OmahaRange"]

Hand = tuple[int, ...]

MOST_HANDS = listing.MOST_HANDS
"""The most hands a part may list (1,082,900: four times every four-card hand); ``x`` alone, every
hand with a card of some suit, lists that many before they are counted once."""


@lru_cache(maxsize=1)
def _quarters() -> list[tuple[tuple[int, ...], ...]]:
    """For each 13 bits of a mask (a quarter of the deck), the card indices of each of its values."""
    return [tuple(tuple(base + i for i in range(13) if m >> i & 1) for m in range(1 << 13)) for base in (0, 13, 26, 39)]


def _indices(mask: int) -> tuple[int, ...]:
    """The card indices of a mask, lowest first."""
    first, second, third, fourth = _quarters()
    return first[mask & 8191] + second[mask >> 13 & 8191] + third[mask >> 26 & 8191] + fourth[mask >> 39]


class OmahaRange:
    """Weighted Omaha hands of one size, read from range text (see the module's words)."""

    def __init__(self, text: str, size: Optional[int] = None) -> None:
        if not isinstance(text, str):
            raise TypeError(f"an Omaha range is text, got {type(text).__name__}")
        if size is not None and (type(size) is not int or size not in (4, 5, 6)):
            raise ValueError(f"an Omaha hand is 4, 5 or 6 cards, got size={size!r}")
        members = syntax.Parser(text).members()
        fixed, longest = {size} if size else set(), 0
        for node, _ in members:
            more, length = syntax.sizes(node)
            fixed, longest = fixed | more, max(longest, length)
        if len(fixed) > 1:
            raise ValueError(f"{text!r} mixes hands of {' and '.join(map(str, sorted(fixed)))} cards")
        self.text = text
        self.size = fixed.pop() if fixed else max(4, longest)
        weights: dict[int, float] = {}
        budget = listing.Budget()
        for node, weight in members:
            found = listing.hands(node, self.size, budget)
            for hand in found & weights.keys():  # a hand in two parts: the larger weight
                weights[hand] = max(weights[hand], weight)
            weights.update(dict.fromkeys(found - weights.keys(), weight))
        held = sorted(h for h, w in weights.items() if w > 0)  # as numbers: the highest card decides first
        if not held:
            raise ValueError(f"the Omaha range {text!r} holds no hand")
        card = [from_index(i) for i in range(52)]
        self._hands = [(tuple(map(card.__getitem__, _indices(h))), weights[h]) for h in held]

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
