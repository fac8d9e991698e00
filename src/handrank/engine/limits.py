"""The three limit rules: how much a bet or raise may be, and how much makes it a full raise."""

from __future__ import annotations

from .stakes import Stakes

FIXED_LIMIT_CAP = 4
"""Fixed-limit: a bet and three raises per street."""


def bet_size(stakes: Stakes, street: str) -> int:
    """Fixed-limit's one bet size: the big blind, doubled on the turn and the river."""
    return stakes.big_blind * (2 if street in ("turn", "river") else 1)


def cap(stakes: Stakes, street: str, level: int, pot: int, to_call: int, bet: int, stack: int, raises: int) -> int:
    """The most the limit lets a seat bet to on this street, its stack aside.

    ``level`` is the street's highest bet, ``pot`` every chip in, ``to_call``
    what the seat must add to call, ``bet`` and ``stack`` what it has in and
    behind, ``raises`` the bets and raises made on this street.
    """
    if stakes.limit == "pot-limit":  # call, then raise by the pot that makes
        return level + pot + to_call
    if stakes.limit == "fixed-limit":
        if raises >= FIXED_LIMIT_CAP:
            return level
        return level + bet_size(stakes, street)
    return bet + stack


def full_raise(stakes: Stakes, street: str, last_raise: int) -> int:
    """The least a bet or raise must add to count as full: the last one's size (the big blind at least)."""
    if stakes.limit == "fixed-limit":
        return bet_size(stakes, street)
    return max(last_raise, stakes.big_blind, 1)
