"""The three betting limits, each a value with its rules: how much a bet or raise may be, what
counts as a full one, and the cap on raises.

The rules are written in docs/rules.md#betting-limits.
"""

from __future__ import annotations

from typing import ClassVar, Literal, Optional, get_args

from ..games import Street

Limit = Literal["no-limit", "pot-limit", "fixed-limit"]
"""The betting limits, by name."""
LIMITS: tuple[Limit, ...] = get_args(Limit)
"""The betting limits by name: no limit, pot limit, fixed limit."""

FIXED_LIMIT_CAP = 4
"""Fixed-limit: a bet and three raises per street while three or more players are not all-in."""


class BettingLimit:
    """What the limits share: a full raise is at least the last full one's size (a big blind at
    least), and a bet or raise goes at least to the current bet plus a full raise."""

    name: ClassVar[Limit]
    phh: ClassVar[str]
    """The limit's letter in a PHH variant code."""
    cap: ClassVar[Optional[int]] = None
    """The most bets and raises a street allows while three or more can bet; None for no cap."""
    fixed_bets: ClassVar[bool] = False
    """Whether the big blind sets every bet's size (so there must be one, and no straddle)."""

    def full_raise(self, big_blind: int, street: Street, last_raise: int) -> int:
        """The least a bet or raise must add to count as full."""
        return max(last_raise, big_blind, 1)

    def raised_by(self, bet: int, level: int, full_level: int) -> int:
        """What a bet to ``bet`` adds, for the full-raise test: over the current level."""
        return bet - level

    def counts_as_full(self, big_blind: int, street: Street, added: int, last_raise: int) -> bool:
        """Whether a bet or raise that adds ``added`` is a full one (and reopens the betting)."""
        return added >= self.full_raise(big_blind, street, last_raise)

    def least_to(self, big_blind: int, street: Street, level: int, full_level: int, last_raise: int) -> int:
        """The least a bet or raise may go to, an all-in aside: the current bet plus a full raise."""
        return level + self.full_raise(big_blind, street, last_raise)

    def most_to(self, level: int, pot: int, to_call: int, bet: int, stack: int, least: int) -> int:
        """The most a seat may bet or raise to, its stack aside, and never below ``least``.

        ``level`` is the street's highest bet, ``pot`` every chip in, ``to_call`` what the seat must
        add to call, ``bet`` and ``stack`` what it has in and behind.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class NoLimit(BettingLimit):
    """Any bet or raise up to the whole stack."""

    name: ClassVar[Limit] = "no-limit"
    phh: ClassVar[str] = "N"

    def most_to(self, level: int, pot: int, to_call: int, bet: int, stack: int, least: int) -> int:
        return bet + stack


class PotLimit(BettingLimit):
    """A bet or raise goes at most to the pot after calling."""

    name: ClassVar[Limit] = "pot-limit"
    phh: ClassVar[str] = "P"

    def most_to(self, level: int, pot: int, to_call: int, bet: int, stack: int, least: int) -> int:
        """Call, then raise by the pot that makes; when that is below the minimum, the minimum."""
        return max(level + pot + to_call, least)


class FixedLimit(BettingLimit):
    """One bet size a street (the big blind, doubled on the big-bet streets), and a cap on raises."""

    name: ClassVar[Limit] = "fixed-limit"
    phh: ClassVar[str] = "F"
    cap: ClassVar[Optional[int]] = FIXED_LIMIT_CAP
    fixed_bets: ClassVar[bool] = True

    def bet_size(self, big_blind: int, street: Street) -> int:
        """The street's one bet size: the big blind, or twice it on a big-bet street."""
        return big_blind * (2 if street.big_bet else 1)

    def full_raise(self, big_blind: int, street: Street, last_raise: int) -> int:
        return self.bet_size(big_blind, street)

    def raised_by(self, bet: int, level: int, full_level: int) -> int:
        """Over the last full level, so that short all-ins add up to a bet."""
        return bet - full_level

    def counts_as_full(self, big_blind: int, street: Street, added: int, last_raise: int) -> bool:
        """Half a bet or more is treated as a full bet (an all-in short of that is not)."""
        return 2 * added >= self.bet_size(big_blind, street)

    def least_to(self, big_blind: int, street: Street, level: int, full_level: int, last_raise: int) -> int:
        """One bet over the last full level, which completes an all-in short of half a bet."""
        return full_level + self.bet_size(big_blind, street)

    def most_to(self, level: int, pot: int, to_call: int, bet: int, stack: int, least: int) -> int:
        return least


BETTING: dict[Limit, BettingLimit] = {rule.name: rule for rule in (NoLimit(), PotLimit(), FixedLimit())}
"""Each limit's rules by its name."""
