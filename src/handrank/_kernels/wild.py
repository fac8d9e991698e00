"""Wild cards' checks and their plan, shared by both evaluators and ``handrank.wild``.

A plan is the best hand a set of natural cards makes with some wild cards, found class by class
from five of a kind down: five ranks, high first, and the suit of a flush. A wild card stands for
any card, even one the hand holds, but a flush and a straight hold five different cards. In a
batch, indices 52 and 53 are the two jokers.
"""

from __future__ import annotations

from typing import Optional

from ..cards import Cards, card_str, cards, check_distinct, from_index
from .core import rows

FIVE_OF_A_KIND = 13
"""The ranks of five of a kind: 1 (five aces) to 13 (five deuces); the other hands follow."""
JOKERS = (52, 53)
"""The indices of the two jokers in a batch's rows."""

STRAIGHTS = [
    frozenset({12, 0, 1, 2, 3}) if top == 3 else frozenset(range(top - 4, top + 1)) for top in range(12, 2, -1)
]
"""The ranks of each straight, ace-high first, the five-high wheel (ace low) last."""

Plan = tuple[list[int], Optional[int]]
"""A best hand as five ranks, high first, and the suit of a flush (None for any other hand)."""


MOST_JOKERS = 2
"""A deck holds one or two jokers."""


def held_cards(items: Cards) -> list[int]:
    """A hand's cards other than its jokers, read and checked for duplicates (counted later)."""
    out = cards(items)
    check_distinct(out)
    return out


def checked_jokers(held: int, jokers: object) -> int:
    """``jokers``, a count of jokers (none, one or two) that makes 5 to 7 cards with ``held`` others."""
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise ValueError(f"jokers is a count of jokers, 0 or more, got {jokers!r}")
    if jokers > MOST_JOKERS:
        raise ValueError(f"a deck holds one or two jokers, got {jokers}")
    if not 5 <= held + jokers <= 7:
        raise ValueError(f"expected 5 to 7 cards, jokers counted, got {held + jokers}")
    return jokers


def checked_mask(wild_mask: object) -> int:
    """``wild_mask``, the cards declared wild as bits of their indices (bit 0 the two of clubs)."""
    if isinstance(wild_mask, bool) or not isinstance(wild_mask, int) or not 0 <= wild_mask < 1 << 52:
        raise ValueError(f"wild_mask is an int of bits 0 to 51, one a card declared wild, got {wild_mask!r}")
    return wild_mask


def checked_bug(bug: object, wild_mask: int) -> bool:
    """``bug``, whether the jokers are bugs: ``True`` or ``False``, and ``True`` only with no other
    card declared wild."""
    if type(bug) is not bool:
        raise TypeError(f"bug must be True or False, got {bug!r}")
    if bug and wild_mask:
        raise ValueError("the bug rule is for jokers: with it, declare no other wild cards")
    return bug


def row_error(view: memoryview, row: int) -> ValueError:
    """The error for the first bad value in ``row`` of a batch of wild hands: out of range or repeated."""
    values = rows(view)[row]
    for v in values:
        if not 0 <= v <= 53:
            return ValueError(f"row {row}: {v} is neither a card index nor a joker (expected 0 to 53)")
    seen: set[int] = set()
    for v in values:
        if v in seen:
            held = "a joker" if v in JOKERS else card_str(from_index(v))
            return ValueError(f"row {row}: {held} (index {v}) twice")
        seen.add(v)
    return ValueError(f"row {row}: bad hand {values}")  # pragma: no cover - kernels agree


def plan(natural: list[tuple[int, int]], wilds: int) -> Plan:
    """The best hand of the natural (rank, suit) cards, high first, with ``wilds`` wild cards (1 or
    more), found class by class from five of a kind down."""
    count = [0] * 13
    for r, _ in natural:
        count[r] += 1
    ranks = sorted({r for r, _ in natural}, reverse=True)
    five = [r for r in range(12, -1, -1) if count[r] + wilds >= 5]
    if five:
        return [five[0]] * 5, None
    suits = suits_holding(natural, wilds)
    found = straight_flush(suits, wilds)
    if found is not None:
        return found
    quads = [r for r in range(12, -1, -1) if count[r] + wilds >= 4]
    if quads:
        return [quads[0]] * 4 + [max(r for r in ranks if r != quads[0])], None
    most, second = sorted(count, reverse=True)[:2]  # a full house is cheapest from the two largest counts
    if max(0, 3 - most) + max(0, 2 - second) <= wilds:
        for trips in range(12, -1, -1):
            left = wilds - max(0, 3 - count[trips])
            pair = next((p for p in range(12, -1, -1) if p != trips and count[p] + left >= 2), None)
            if left >= 0 and pair is not None:
                return [trips] * 3 + [pair] * 2, None
    found = flush_or_straight(suits, ranks, wilds)
    if found is not None:
        return found
    # Three of a kind: a pair and a wild card, or two wild cards and the highest card (more make
    # quads); else one wild card pairs the highest card. Two pair is never the best: a pair and a
    # wild card are three of a kind.
    for trips in range(12, -1, -1):
        if count[trips] + wilds >= 3:
            return [trips] * 3 + [r for r in ranks if r != trips][:2], None
    return [ranks[0]] * 2 + ranks[1:4], None


def completed(natural: list[tuple[int, int]], wilds: int) -> Optional[Plan]:
    """The best straight flush, flush or straight the natural (rank, suit) cards, high first, and
    ``wilds`` wild cards make: what a bug may complete. None where none can be made."""
    suits = suits_holding(natural, wilds)
    return straight_flush(suits, wilds) or flush_or_straight(
        suits, sorted({r for r, _ in natural}, reverse=True), wilds
    )


def suits_holding(natural: list[tuple[int, int]], wilds: int) -> list[tuple[int, set[int]]]:
    """Each suit that can make five cards with the wild cards, with the ranks held in it."""
    by_suit = [(suit, {r for r, s in natural if s == suit}) for suit in range(4)]
    return [(suit, held) for suit, held in by_suit if len(held) + wilds >= 5]


def straight_flush(suits: list[tuple[int, set[int]]], wilds: int) -> Optional[Plan]:
    """The best straight flush the suits and the wild cards make, or None."""
    found = [(i, suit) for suit, held in suits for i, run in enumerate(STRAIGHTS) if len(run - held) <= wilds]
    if not found:
        return None
    i, suit = min(found)
    return sorted(STRAIGHTS[i], reverse=True), suit


def flush_or_straight(suits: list[tuple[int, set[int]]], ranks: list[int], wilds: int) -> Optional[Plan]:
    """The best flush, else the best straight, the wild cards any cards; None where neither can be made."""
    flushes = [(flush_ranks(held, wilds), suit) for suit, held in suits]
    if flushes:
        best, suit = max(flushes)
        return best, suit
    straights = [i for i, run in enumerate(STRAIGHTS) if len(run - set(ranks)) <= wilds]
    return (sorted(STRAIGHTS[straights[0]], reverse=True), None) if straights else None


def flush_ranks(suited: set[int], wilds: int) -> list[int]:
    """The best five different ranks of a suit: from the ace down, each held or filled by a wild card."""
    out: list[int] = []
    for r in range(12, -1, -1):
        if r in suited or wilds:
            wilds -= r not in suited
            out.append(r)
            if len(out) == 5:
                break
    return out
