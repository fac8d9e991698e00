"""Seats around a table: numbered clockwise, and the one place that orders them from the button.

>>> clockwise_after(4, [1, 2, 3, 4])
[1, 2, 3, 4]
>>> clockwise_from(3, [1, 2, 3, 4])
[3, 4, 1, 2]
"""

from __future__ import annotations

from collections.abc import Iterable

MIN_SEATS = 2
MAX_SEATS = 10
"""A hand of Hold'em is played by 2 to 10 seats."""

Seat = int
"""A seat: its number, clockwise around the table."""


def clockwise_after(seat: Seat, seats: Iterable[Seat]) -> list[Seat]:
    """``seats`` clockwise, starting with the first one after ``seat`` (left of it)."""
    return sorted(seats, key=lambda s: (s <= seat, s))


def clockwise_from(seat: Seat, seats: Iterable[Seat]) -> list[Seat]:
    """``seats`` clockwise, starting with ``seat`` itself (or the first one after it)."""
    return sorted(seats, key=lambda s: (s < seat, s))
