"""The tournament kernels' checks, for both evaluators: stacks and payouts for the independent chip
model, and the matrices of a push-or-fold game. Past these the kernels run unchecked."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence, Set
from math import isfinite, isqrt
from numbers import Real

MAX_EXACT_PLAYERS = 24
"""The most players the exact chip model takes: its work and memory double with each one."""

LARGEST = 1e100
"""Every number the tournament kernels take is below this in size, and a stack in play at least
its inverse: far past any count of chips or prize, and no sum, product or inverse of them
overflows a float or loses its last bit to a subnormal."""


def _numbers(values: object, what: str) -> list[float]:
    """``values`` as a list of finite floats, or a ``TypeError``/``ValueError`` naming ``what`` and the
    first value that is not one. Read in C where every value is a number (the matrices of a game)."""
    if isinstance(values, (str, bytes, Mapping, Set)) or not isinstance(values, Iterable):
        raise TypeError(f"{what} must be a sequence of numbers, got {type(values).__name__}")
    items = list(values)
    try:
        out = array("d", items)
    except (TypeError, OverflowError):
        out = None
    if out is None or bool in set(map(type, items)) or not all(-LARGEST < x < LARGEST for x in out):
        for i, value in enumerate(items):
            if isinstance(value, bool) or not isinstance(value, Real):
                raise TypeError(f"{what}[{i}] must be a number, got {type(value).__name__}")
            try:
                finite = isfinite(value)
            except OverflowError:
                raise ValueError(f"{what}[{i}] is too large for a float") from None
            if not finite:
                raise ValueError(f"{what}[{i}] must be finite, got {value!r}")
            if not -LARGEST < float(value) < LARGEST:
                raise ValueError(f"{what}[{i}] is {value:g}: the numbers here are below 1e100 in size")
    return out.tolist()  # type: ignore[union-attr]


def icm_args(stacks: object, payouts: object, most: int = MAX_EXACT_PLAYERS) -> tuple[array[float], array[float]]:
    """Check what the chip model takes: 1 to ``most`` stacks above zero, and no more payouts than
    players, none below zero. Both as float arrays, the payouts padded with zeros to a place a player."""
    chips, prizes = _numbers(stacks, "stacks"), _numbers(payouts, "payouts")
    if not 1 <= len(chips) <= most:
        raise ValueError(f"expected 1 to {most:,} stacks, got {len(chips):,}")
    if len(prizes) > len(chips):
        raise ValueError(f"{len(prizes)} payouts for {len(chips)} players: a payout is a place a player can finish in")
    for i, chip in enumerate(chips):
        if chip < 1 / LARGEST:
            raise ValueError(f"stacks[{i}] is {chip:g}: a stack in play holds chips (1e-100 or more)")
    for i, prize in enumerate(prizes):
        if prize < 0:
            raise ValueError(f"payouts[{i}] is {prize:g}: a payout is not below zero")
    return array("d", chips), array("d", prizes + [0.0] * (len(chips) - len(prizes)))


def sampled_icm_args(
    stacks: object, payouts: object, trials: object, seed: object
) -> tuple[array[float], array[float], int, int]:
    """Check what the Monte Carlo chip model takes: as ``icm_args`` for fields of any size, at least
    two trials (a standard error needs two) and a seed of 0 to 2**64 - 1."""
    chips, prizes = icm_args(stacks, payouts, most=1 << 20)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 2:
        raise ValueError(f"trials must be a whole number of at least 2, got {trials!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    return chips, prizes, trials, seed


ICM_PART_TRIALS = 4096
"""The Monte Carlo chip model's trials are split into parts of about this many (64 at most), each
with its own random stream and sums, added part by part in order: threads run whole parts, so
the answer is the same on any number of them."""
ICM_PART_CELLS = 1 << 22
"""The parts' sums (two a player a part) take at most about this many numbers."""


def icm_parts(trials: int, players: int) -> list[int]:
    """Where each part of ``trials`` starts (and the last ends), for a field of ``players``."""
    parts = max(1, min(64, -(-trials // ICM_PART_TRIALS), ICM_PART_CELLS // (2 * players)))
    return [trials * part // parts for part in range(parts + 1)]


def by_chips(stacks: Sequence[float]) -> list[int]:
    """The seats from the shortest stack up, ties by seat: where the Monte Carlo Malmuth-Weitzman
    model looks for the shortest stack still in."""
    return sorted(range(len(stacks)), key=lambda seat: (stacks[seat], seat))


def paid_places(payouts: Sequence[float]) -> int:
    """How many places pay: the last one paying above zero, counted from first."""
    return max((i + 1 for i, prize in enumerate(payouts) if prize > 0), default=0)


def push_fold_args(
    weights: object,
    row_values: object,
    column_values: object,
    outcomes: object,
    iterations: object,
    tolerance: object,
) -> tuple[int, array[float], array[float], array[float], array[float], int, float]:
    """Check a push-or-fold game: three k x k matrices (the deals of each row class with each column
    class, not below zero, and each side's value of the showdowns summed over them), the three
    outcomes that are not showdowns (the row folds; the row pushes and the column folds, to each
    side), at least one iteration and a tolerance not below zero."""
    w = _numbers(weights, "weights")
    k = isqrt(len(w))
    if k == 0 or k * k != len(w):
        raise ValueError(f"weights must hold k x k numbers for k classes, got {len(w)}")
    if any(x < 0 for x in w):
        raise ValueError("weights count deals: none is below zero")
    if not any(w):
        raise ValueError("weights must count at least one deal")
    rows, columns = _numbers(row_values, "row_values"), _numbers(column_values, "column_values")
    for values, what in ((rows, "row_values"), (columns, "column_values")):
        if len(values) != len(w):
            raise ValueError(f"{what} must hold {len(w)} numbers, as weights does, got {len(values)}")
    fixed = _numbers(outcomes, "outcomes")
    if len(fixed) != 3:
        raise ValueError(f"outcomes must be three numbers (row folds, row steals, column folds), got {len(fixed)}")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
    if isinstance(tolerance, bool) or not isinstance(tolerance, Real) or not 0 <= float(tolerance) < float("inf"):
        raise ValueError(f"tolerance must be a number not below zero, got {tolerance!r}")
    return k, array("d", w), array("d", rows), array("d", columns), array("d", fixed), iterations, float(tolerance)
