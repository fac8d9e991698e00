"""The stakes of a hand: blinds, ante and limit, checked together and carried as one value."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional, Union

from .limits import BETTING, LIMITS, BettingLimit, Limit

STRADDLE_SEATS = ("utg", "button")
"""Where straddles start: under the gun (left of the big blind, then on to the left), or the button."""


@dataclass(frozen=True)
class Stakes:
    """The forced bets and the betting limit; whole chips.

    ``ante`` is posted by every seat, or, with ``big_blind_ante``, once by the big
    blind for the table, as dead money. ``straddles`` are live blinds of at least
    twice the one before, posted under the gun and on to the left, or by the
    button (``straddle_from="button"``, one straddle); the seat left of the last
    straddle acts first before the flop and the straddler last. With ``button_blind``
    the one blind (``big_blind``, with no small blind) is posted by the button, as
    short deck is dealt with antes: the seat on its left acts first before the flop
    and the button last.

    >>> Stakes(1, 2).limit
    'no-limit'
    >>> Stakes(1, 2, straddles=(4, 8)).forced_level
    8
    >>> Stakes(5, 2)
    Traceback (most recent call last):
    ...
    ValueError: the small blind cannot exceed the big blind
    """

    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    limit: Limit = "no-limit"
    straddles: tuple[int, ...] = ()
    straddle_from: str = "utg"
    big_blind_ante: bool = False
    bring_in: int = 0
    button_blind: bool = False

    @classmethod
    def stud(cls, ante: int, bring_in: int, small_bet: int, limit: Limit = "fixed-limit") -> Stakes:
        """A stud game's stakes: every seat antes, the door card brings it in for ``bring_in`` (or
        completes to ``small_bet``), and ``small_bet`` sizes the bets: no blind is posted, and
        ``big_blind`` holds the small bet, doubled from fifth street in fixed-limit.

        >>> stakes = Stakes.stud(ante=1, bring_in=2, small_bet=5)
        >>> stakes.small_blind, stakes.big_blind, stakes.bring_in
        (0, 5, 2)
        """
        return cls(0, small_bet, ante, limit, bring_in=bring_in)

    @property
    def betting(self) -> BettingLimit:
        """The limit's rules (``limit`` names them)."""
        return BETTING[self.limit]

    @property
    def forced_level(self) -> int:
        """What a call must match before the flop: the big blind, or the last straddle."""
        return max((self.big_blind, *self.straddles))

    def __post_init__(self) -> None:
        for name, amount in (
            ("small blind", self.small_blind),
            ("big blind", self.big_blind),
            ("ante", self.ante),
            ("bring-in", self.bring_in),
        ):
            if type(amount) is not int or amount < 0:
                raise ValueError(f"the {name} must be a whole number of chips >= 0, got {amount!r}")
        if self.small_blind > self.big_blind:
            raise ValueError("the small blind cannot exceed the big blind")
        if self.bring_in and (self.small_blind or self.bring_in > self.big_blind):
            raise ValueError(
                f"a bring-in is at most the small bet ({self.big_blind}) and comes with no small blind: "
                "Stakes.stud(ante, bring_in, small_bet)"
            )
        if self.limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, got {self.limit!r}")
        if self.betting.fixed_bets and self.big_blind == 0:
            raise ValueError(f"{self.limit} needs a big blind: it sets the bet size")
        if type(self.straddles) is not tuple:
            raise ValueError(f"straddles are a tuple of amounts, got {self.straddles!r}")
        previous = self.big_blind
        for straddle in self.straddles:
            if type(straddle) is not int or straddle < 2 * previous or straddle == 0:
                raise ValueError(f"a straddle is at least twice the blind before it ({2 * previous}), got {straddle!r}")
            previous = straddle
        if self.straddles and self.betting.fixed_bets:
            raise ValueError(f"straddles are for no-limit and pot-limit games, not {self.limit}")
        if self.straddle_from not in STRADDLE_SEATS:
            raise ValueError(f"straddle_from must be one of {', '.join(STRADDLE_SEATS)}, got {self.straddle_from!r}")
        if self.straddle_from == "button" and len(self.straddles) > 1:
            raise ValueError("the button posts one straddle")
        if type(self.button_blind) is not bool:
            raise ValueError(f"button_blind is True or False, got {self.button_blind!r}")
        if self.button_blind and (self.small_blind or not self.big_blind or self.straddles or self.bring_in):
            raise ValueError(
                "a button blind is the one blind, posted by the button: Stakes(0, blind, ante=..., button_blind=True)"
            )
        if type(self.big_blind_ante) is not bool or self.big_blind_ante and not (self.ante and self.big_blind):
            raise ValueError("big_blind_ante is True or False, and True needs an ante and a big blind")


@dataclass(frozen=True)
class Rake:
    """The house's cut of each pot: ``percent`` of it (after any uncalled bet goes back), rounded
    down, at most ``cap`` chips; with ``no_flop_no_drop``, nothing from a hand that ends before the flop.

    >>> Rake(5, cap=3).of(100, flop_dealt=True), Rake(5).of(100, flop_dealt=False)
    (3, 0)
    """

    percent: Union[int, Fraction] = 5
    cap: Optional[int] = None
    no_flop_no_drop: bool = True

    def __post_init__(self) -> None:
        if (
            not isinstance(self.percent, (int, Fraction))
            or isinstance(self.percent, bool)
            or not 0 <= self.percent <= 100
        ):
            raise ValueError(f"the rake is a percent from 0 to 100 (an int or a Fraction), got {self.percent!r}")
        if self.cap is not None and (type(self.cap) is not int or self.cap < 0):
            raise ValueError(f"the rake's cap is whole chips >= 0, got {self.cap!r}")

    def of(self, pot: int, flop_dealt: bool) -> int:
        """The rake of a pot of ``pot`` chips."""
        if self.no_flop_no_drop and not flop_dealt:
            return 0
        taken = int(Fraction(self.percent) * pot / 100)
        return taken if self.cap is None else min(taken, self.cap)
