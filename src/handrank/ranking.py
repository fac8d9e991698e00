"""The rank scale: 1 (royal flush) to 7462 (7-5-4-3-2 offsuit), lower is better.

>>> hand_class(1), hand_class(7462)
(<HandClass.STRAIGHT_FLUSH: 1>, <HandClass.HIGH_CARD: 9>)
>>> class_name(1), class_name(2)
('Royal Flush', 'Straight Flush')
"""

from __future__ import annotations

from bisect import bisect_left
from enum import IntEnum

WORST_RANK = 7462
"""The worst rank, 7-5-4-3-2 of mixed suits: ranks run from 1 (a royal flush) to this."""
ROYAL_FLUSH = 1


class HandClass(IntEnum):
    """The nine hand classes, best first, numbered as treys numbers them."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    PAIR = 8
    HIGH_CARD = 9

    @property
    def display_name(self) -> str:
        """``'Four of a Kind'``, ``'Two Pair'``, ..."""
        return self.name.replace("_", " ").title().replace(" Of A ", " of a ")

    def __str__(self) -> str:
        """The class's name, as ``print`` shows it (``int()`` gives treys's number)."""
        return self.display_name

    def __format__(self, spec: str) -> str:
        """f-strings show the name too, not the number."""
        return format(self.display_name, spec)

    @property
    def ranks(self) -> range:
        """The ranks of this class, best first."""
        return range(CLASS_WORST_RANK[self - 1] - CLASS_SIZES[self - 1] + 1, CLASS_WORST_RANK[self - 1] + 1)


CLASS_SIZES = (10, 156, 156, 1277, 10, 858, 858, 2860, 1277)
"""How many distinct values each class has, straight flush first."""
CLASS_WORST_RANK = tuple(sum(CLASS_SIZES[: i + 1]) for i in range(9))
"""The worst (highest) rank of each class: 10, 166, 322, 1599, ..."""


def check_rank(rank: int) -> int:
    """``rank`` if it is on the scale, else ``ValueError``."""
    if type(rank) is not int or not 1 <= rank <= WORST_RANK:
        raise ValueError(f"not a hand rank: {rank!r} (expected an int from 1 to {WORST_RANK})")
    return rank


def hand_class(rank: int) -> HandClass:
    """The class of a rank (1 = best hand).

    >>> hand_class(166).display_name
    'Four of a Kind'
    """
    return HandClass(bisect_left(CLASS_WORST_RANK, check_rank(rank)) + 1)


def class_name(rank: int) -> str:
    """The class's display name, with a royal flush named as such."""
    return "Royal Flush" if check_rank(rank) == ROYAL_FLUSH else hand_class(rank).display_name


def is_royal_flush(rank: int) -> bool:
    """True for the royal flush, the best rank."""
    return check_rank(rank) == ROYAL_FLUSH


def strength(rank: int) -> int:
    """The rank turned around so that higher is better: 7462 for a royal flush, 1 for 7-5-4-3-2.

    >>> strength(1)
    7462
    """
    return WORST_RANK + 1 - check_rank(rank)
