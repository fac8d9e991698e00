"""Push or fold: the equilibrium of the game in which the small blind goes all in or folds and the
big blind, pushed into, calls or folds, over the 169 starting-hand classes.

Each matchup of classes is counted exactly: the deals of the two that share no card, and over every
board the share the pusher wins and ties (the shipped preflop counts, so no hand is dealt here).
The equilibrium is found by regret matching (CFR+, the two sides updated in turn, each strategy
averaged with each iteration weighted by its square, so that the first guesses fade), stopped when neither side can gain more than the
tolerance a hand by a best response to the other; that gain is reported as the exploitability.
In chips the game is zero-sum; with the chip model (``blind_versus_blind``) each side's prize counts,
and the sweeps look for a point neither side gains by leaving. ``push_fold_table`` plays the game
first in at a table of up to ten seats, multiway pots and side pots included, over seeded deals.

>>> r = push_fold(10)
>>> [round(r.push[c], 3) for c in ("A2o", "72o")], [round(r.call[c], 3) for c in ("AA", "72o")]
([1.0, 0.0], [1.0, 0.0])
>>> r.exploitability < 0.001
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Optional

from . import _switch
from ._kernels.tournament import _numbers
from ._preflop import class_matchups
from ._table_push_fold import TablePushFold, push_fold_table, seat_names
from .icm import Model, _checked_stacks, _seat, _showdown_outcomes, icm
from .ranges import Range, grid_classes, hand_classes

__all__ = [
    "PushFold",
    "TablePushFold",
    "blind_versus_blind",
    "push_fold",
    "push_fold_depths",
    "push_fold_table",
    "seat_names",
]

TOLERANCE = 1e-4
"""The default tolerance: what either side may gain a hand (in big blinds, or in prize) by deviating."""


@dataclass(frozen=True)
class PushFold:
    """An equilibrium of push or fold at one depth.

    ``push[cls]`` and ``call[cls]`` are how often each class pushes (small blind) and calls (big
    blind), 0 to 1; ``pusher_gain`` and ``caller_gain`` what each side would win a hand by its best
    response to the other's strategy (big blinds, or prize with the chip model), and
    ``exploitability`` their sum."""

    depth: float
    ante: float
    push: dict[str, float]
    call: dict[str, float]
    pusher_gain: float
    caller_gain: float
    iterations: int

    @property
    def exploitability(self) -> float:
        return self.pusher_gain + self.caller_gain

    def share(self, side: str = "push") -> float:
        """The share of all hands ``side`` ("push" or "call") plays, each class by its combos.

        >>> round(push_fold(10).share("push"), 3) > round(push_fold(10).share("call"), 3)
        True
        """
        frequencies = self.frequencies(side)
        return sum(frequencies[name] * len(Range(name)) for name in hand_classes()) / 1326

    def range(self, side: str = "push") -> Range:
        """The hands ``side`` plays, each combo weighted by its class's frequency."""
        frequencies = self.frequencies(side)
        return Range.from_combos((combo, frequencies[name]) for name in hand_classes() for combo, _ in Range(name))

    def chart(self, side: str = "push") -> str:
        """The 13x13 grid of ``side``'s frequencies in percent: pairs down the diagonal, suited hands
        right of it, offsuit below."""
        frequencies = self.frequencies(side)
        lines = [
            f"{'push' if side == 'push' else 'call'} at {self.depth:g} bb"
            + (f", ante {self.ante:g}" if self.ante else "")
        ]
        for row in grid_classes():
            lines.append(" ".join(f"{name:>4}{round(100 * frequencies[name]):>4}" for name in row))
        return "\n".join(lines)

    def frequencies(self, side: str = "push") -> dict[str, float]:
        if side not in ("push", "call"):
            raise ValueError(f"side is 'push' or 'call', got {side!r}")
        return self.push if side == "push" else self.call


def _solve(
    depth: float,
    ante: float,
    pusher: tuple[float, float, float, float, float],
    caller: tuple[float, float, float, float],
    iterations: int,
    tolerance: float,
) -> PushFold:
    """The equilibrium for each side's values of the outcomes: the pusher's (fold, steal, win, tie,
    lose) and the caller's (fold, win, tie, lose), win meaning the pusher's."""
    dealt, won, tied = class_matchups()
    fold, steal, win, tie, lose = pusher
    caller_fold, caller_win, caller_tie, caller_lose = caller
    row = [win * w + tie * t + lose * (d - w - t) for d, w, t in zip(dealt, won, tied)]
    column = [caller_win * w + caller_tie * t + caller_lose * (d - w - t) for d, w, t in zip(dealt, won, tied)]
    push, call, pusher_gain, caller_gain, done = _switch.evaluator.push_fold_solve(
        dealt, row, column, (fold, steal, caller_fold), iterations, tolerance
    )
    names = hand_classes()
    return PushFold(depth, ante, dict(zip(names, push)), dict(zip(names, call)), pusher_gain, caller_gain, done)


def _depth(depth: object, ante: object) -> tuple[float, float]:
    stack, each = _numbers([depth, ante], "depth and ante")
    if stack <= 0:
        raise ValueError(f"depth is the effective stack in big blinds, above zero, got {depth!r}")
    if not 0 <= each < stack:
        raise ValueError(f"ante must be from 0 to below the stack, got {ante!r}")
    return stack, each


def push_fold(depth: float, ante: float = 0.0, iterations: int = 10_000, tolerance: float = TOLERANCE) -> PushFold:
    """Heads-up push or fold in chips: ``depth`` is the effective stack in big blinds before the blinds
    (small blind 0.5, big blind 1) and each player's ``ante``. Stops after ``iterations`` sweeps at
    the most, or once the exploitability is within ``tolerance`` big blinds a hand.

    >>> r = push_fold(5, ante=0.1)
    >>> r.depth, r.ante, round(r.push["K2o"], 3), round(r.call["A2o"], 3)
    (5.0, 0.1, 1.0, 1.0)
    """
    stack, each = _depth(depth, ante)
    blind, big = 0.5 + each, 1.0 + each  # what each has in the pot before the push
    return _solve(stack, each, (-blind, big, stack, 0.0, -stack), (-big, -stack, 0.0, stack), iterations, tolerance)


def push_fold_depths(
    depths: Iterable[float], ante: float = 0.0, tolerance: float = TOLERANCE
) -> dict[str, tuple[Optional[float], Optional[float]]]:
    """For each class, the greatest of ``depths`` at which it pushes and at which it calls (half the
    time or more), as the published charts give them; None where it never does. A class can play at
    a depth and not at a smaller one: the charts mark such gaps, ``push_fold`` at each depth shows them.

    >>> table = push_fold_depths([1, 2, 5, 10, 20])
    >>> table["AA"], table["72o"]
    ((20.0, 20.0), (1.0, 2.0))
    """
    results = [push_fold(d, ante, tolerance=tolerance) for d in depths]
    out = {}
    for name in hand_classes():
        pushed = [r.depth for r in results if r.push[name] >= 0.5]
        called = [r.depth for r in results if r.call[name] >= 0.5]
        out[name] = (max(pushed) if pushed else None, max(called) if called else None)
    return out


def blind_versus_blind(
    stacks: Sequence[float],
    payouts: Sequence[float],
    small_blind: int,
    big_blind: int,
    blinds: tuple[float, float],
    ante: float = 0.0,
    model: Model = Model.MALMUTH_HARVILLE,
    iterations: int = 10_000,
    tolerance: Optional[float] = None,
) -> PushFold:
    """Push or fold between the blinds once every other player has folded, valued by the chip model:
    each side plays for its expected prize, with every stack at the table counted. ``stacks`` are
    chips before the hand, ``blinds`` the small and big blind, ``ante`` each player's. ``depth`` is
    the effective stack in big blinds; the gains are in prize, and ``tolerance`` too (a millionth
    of the prize pool by default).

    >>> r = blind_versus_blind([3000, 3000, 3000], [50, 30, 20], 0, 1, (100, 200))
    >>> r.depth, round(r.push["KK"], 3), round(r.push["72o"], 3)
    (15.0, 1.0, 0.0)
    """
    chips = _checked_stacks(stacks)
    sb, bb = _seat(small_blind, len(chips), "small_blind"), _seat(big_blind, len(chips), "big_blind")
    if sb == bb:
        raise ValueError("the small blind and the big blind are two seats")
    small, big = _numbers(blinds, "blinds") if len(blinds) == 2 else (0.0, 0.0)
    if not 0 < small <= big:
        raise ValueError(f"blinds are the small and the big blind, 0 < small <= big, got {blinds!r}")
    (each,) = _numbers([ante], "ante")
    posted = [min(c, each) for c in chips]
    posted[sb] = min(chips[sb], each + small)
    posted[bb] = min(chips[bb], each + big)
    win, tie, lose, steal = _showdown_outcomes(chips, posted, sb, bb)
    fold = [c - p for c, p in zip(chips, posted)]
    fold[bb] += sum(posted)
    money = {
        name: icm(s, payouts, model)
        for name, s in (("win", win), ("tie", tie), ("lose", lose), ("steal", steal), ("fold", fold))
    }
    depth = min(chips[sb], chips[bb]) / big
    if tolerance is None:
        tolerance = 1e-6 * sum(_numbers(payouts, "payouts"))
    return _solve(
        depth,
        each,
        tuple(money[o][sb] for o in ("fold", "steal", "win", "tie", "lose")),  # type: ignore[arg-type]
        tuple(money[o][bb] for o in ("steal", "win", "tie", "lose")),  # type: ignore[arg-type]
        iterations,
        tolerance,
    )
