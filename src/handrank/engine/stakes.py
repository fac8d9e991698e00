"""The stakes of a hand: blinds, ante and limit, checked together and carried as one value."""

from __future__ import annotations

from dataclasses import dataclass

LIMITS = ("no-limit", "pot-limit", "fixed-limit")


@dataclass(frozen=True)
class Stakes:
    """The forced bets and the betting limit; whole chips.

    >>> Stakes(1, 2).limit
    'no-limit'
    >>> Stakes(5, 2)
    Traceback (most recent call last):
    ...
    ValueError: the small blind cannot exceed the big blind
    """

    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    limit: str = "no-limit"

    def __post_init__(self) -> None:
        for name, amount in (("small blind", self.small_blind), ("big blind", self.big_blind), ("ante", self.ante)):
            if type(amount) is not int or amount < 0:
                raise ValueError(f"the {name} must be a whole number of chips >= 0, got {amount!r}")
        if self.small_blind > self.big_blind:
            raise ValueError("the small blind cannot exceed the big blind")
        if self.limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, got {self.limit!r}")
        if self.limit == "fixed-limit" and self.big_blind == 0:
            raise ValueError("fixed-limit needs a big blind: it sets the bet size")
