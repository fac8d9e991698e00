"""The showdown: the order hands are shown in, which may be mucked, and what each shown hand is.

The rules are written in docs/rules.md#the-showdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Optional

from .._switch import evaluator
from ..cards import cards_str
from ..lowball import describe_low, qualifies_eight_or_better
from ..rules import Settlement
from ..seats import clockwise_after, clockwise_from
from ..words import describe
from .result import Shown


def show_order(live: Sequence[int], button: int, last_aggressor: Optional[int]) -> list[int]:
    """The order hands are shown: the last bettor or raiser of the final round first, or with no
    bet then, the first seat left of the button; then on clockwise."""
    if last_aggressor is not None and last_aggressor in live:
        return clockwise_from(last_aggressor, live)
    return clockwise_after(button, live)


def strength(game: str, hole: list[int], board: list[int]) -> tuple[int, Optional[int]]:
    """A hand's high rank and, in hi-lo, its low value when it qualifies for eight-or-better."""
    if game == "holdem":
        return evaluator.evaluate(hole + board), None
    high = evaluator.evaluate_omaha(hole, board)
    if game != "omaha-hilo":
        return high, None
    low = evaluator.evaluate_omaha_low(hole, board)
    return high, low if qualifies_eight_or_better(low) else None


def shown(game: str, hole: list[int], board: list[int]) -> Shown:
    high, low = strength(game, hole, board)
    return Shown(cards_str(hole), high, describe(high), None if low is None else describe_low(low, "a-5"))


def muckers(
    order: Sequence[int], strengths: Mapping[int, tuple[int, Optional[int]]], settlement: Settlement
) -> list[int]:
    """The seats that may muck: at its turn to show, a hand that can win or tie no part of any pot it
    is in against the hands shown before it. ``settlement`` is the one with every hand shown."""
    pots = [pot.eligible for pot in settlement.pots]
    best_high: list[Optional[int]] = [None] * len(pots)
    best_low: list[Optional[int]] = [None] * len(pots)
    mucked = []
    for seat in order:
        high, low = strengths[seat]
        mine = [i for i, eligible in enumerate(pots) if seat in eligible]
        may_win = any(
            best_high[i] is None
            or high <= best_high[i]  # type: ignore[operator]
            or low is not None
            and (best_low[i] is None or low <= best_low[i])  # type: ignore[operator]
            for i in mine
        )
        if not may_win:
            mucked.append(seat)
            continue
        for i in mine:
            best_high[i] = high if best_high[i] is None else min(high, best_high[i])  # type: ignore[type-var]
            if low is not None:
                best_low[i] = low if best_low[i] is None else min(low, best_low[i])  # type: ignore[type-var]
    return mucked
