"""The three limit rules: how much a bet or raise may be, what counts as a full one, and the cap.

The rules are written in docs/rules.md#betting-limits.
"""

from __future__ import annotations

from .stakes import Stakes

FIXED_LIMIT_CAP = 4
"""Fixed-limit: a bet and three raises per street while three or more players are not all-in."""


def bet_size(stakes: Stakes, street: str) -> int:
    """Fixed-limit's one bet size: the big blind, doubled on the turn and the river."""
    return stakes.big_blind * (2 if street in ("turn", "river") else 1)


def full_raise(stakes: Stakes, street: str, last_raise: int) -> int:
    """The least a bet or raise must add to count as full: the last full one's size (a big blind at least);
    in fixed-limit, one bet."""
    if stakes.limit == "fixed-limit":
        return bet_size(stakes, street)
    return max(last_raise, stakes.big_blind, 1)


def counts_as_full(stakes: Stakes, street: str, added: int, last_raise: int) -> bool:
    """Whether a bet or raise that adds ``added`` over the last full level is a full one (and reopens the
    betting). Fixed-limit: half a bet or more is treated as a full bet (an all-in short of that is not)."""
    if stakes.limit == "fixed-limit":
        return 2 * added >= bet_size(stakes, street)
    return added >= full_raise(stakes, street, last_raise)


def least_to(stakes: Stakes, street: str, level: int, full_level: int, last_raise: int) -> int:
    """The least a bet or raise may go to, an all-in aside. Fixed-limit: one bet over the last full level,
    which completes an all-in short of half a bet; otherwise the current bet plus a full raise."""
    if stakes.limit == "fixed-limit":
        return full_level + bet_size(stakes, street)
    return level + full_raise(stakes, street, last_raise)


def most_to(stakes: Stakes, level: int, pot: int, to_call: int, bet: int, stack: int, least: int) -> int:
    """The most the limit lets a seat bet or raise to, its stack aside, and never below ``least``.

    ``level`` is the street's highest bet, ``pot`` every chip in, ``to_call`` what the seat must
    add to call, ``bet`` and ``stack`` what it has in and behind. Pot-limit: call, then raise by
    the pot that makes; when that is below the minimum bet or raise, the minimum is allowed.
    """
    if stakes.limit == "pot-limit":
        return max(level + pot + to_call, least)
    if stakes.limit == "fixed-limit":
        return least
    return bet + stack
