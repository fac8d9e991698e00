"""Fuzz target: the tournament kernels, compiled against pure: the chip model on any numbers, its
Monte Carlo (either model) on a few trials, and a few sweeps of a small push-or-fold game."""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import same

    from handrank import _eval_c, _eval_py


def numbers(fdp: atheris.FuzzedDataProvider, count: int) -> list[float]:
    """``count`` floats of every kind (zero, negative, tiny, huge, infinite, NaN), or small whole numbers."""
    if fdp.ConsumeBool():
        return [fdp.ConsumeFloat() for _ in range(count)]
    return [float(fdp.ConsumeIntInRange(-2, 1000)) for _ in range(count)]


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    stacks = numbers(fdp, fdp.ConsumeIntInRange(0, 10))
    payouts = numbers(fdp, fdp.ConsumeIntInRange(0, 11))
    weitzman = fdp.ConsumeBool()
    same("icm_values", _eval_c.icm_values, _eval_py.icm_values, stacks, payouts, weitzman)
    trials, seed = fdp.ConsumeIntInRange(0, 30), fdp.ConsumeIntInRange(0, 2**64 - 1)
    sampled = (stacks, payouts, trials, seed, None, fdp.ConsumeBool())
    same("sampled_icm", _eval_c.sampled_icm, _eval_py.sampled_icm, *sampled)
    k = fdp.ConsumeIntInRange(0, 4)
    size = max(0, k * k + fdp.ConsumeIntInRange(-1, 1))
    game = [numbers(fdp, size) for _ in range(3)]
    outcomes = numbers(fdp, fdp.ConsumeIntInRange(2, 4))
    iterations, tolerance = fdp.ConsumeIntInRange(0, 25), fdp.ConsumeFloat()
    same("push_fold_solve", _eval_c.push_fold_solve, _eval_py.push_fold_solve, *game, outcomes, iterations, tolerance)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
