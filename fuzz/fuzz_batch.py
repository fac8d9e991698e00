"""Fuzz target: the batch functions on any integer array, compiled against pure."""

from __future__ import annotations

import sys

import atheris
import numpy as np

with atheris.instrument_imports():
    from _outcome import same

    from handrank import DECK, _eval_c, _eval_py

DTYPES = ["i1", "u1", "<i2", ">i2", "u2", "<i4", "u4", "<i8", ">u8", "f8"]


def array_from(fdp: atheris.FuzzedDataProvider) -> np.ndarray:
    rows, k = fdp.ConsumeIntInRange(0, 40), fdp.ConsumeIntInRange(1, 10)
    dtype = np.dtype(fdp.PickValueInList(DTYPES))
    low, high = fdp.PickValueInList([(0, 52), (0, 60), (-3, 300)])
    values = [fdp.ConsumeIntInRange(low, high - 1) for _ in range(rows * k)]
    a = np.array(values, dtype=np.int64).reshape(rows, k).astype(dtype)
    layout = fdp.ConsumeIntInRange(0, 2)
    if layout == 1:
        a = np.asfortranarray(a)
    elif layout == 2:  # every other column of a wider array
        wide = np.zeros((rows, 2 * k), dtype=dtype)
        wide[:, ::2] = a
        a = wide[:, ::2]
    return a


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    a = array_from(fdp)
    same("evaluate_many", _eval_c.evaluate_many, _eval_py.evaluate_many, a)
    game = fdp.PickValueInList(["2-7", "a-5", "a-6", "x"])
    same("evaluate_low_many", _eval_c.evaluate_low_many, _eval_py.evaluate_low_many, a, game)
    hole = fdp.PickValueInList([4, 5, 6, 3, None])
    same("evaluate_omaha_many", _eval_c.evaluate_omaha_many, _eval_py.evaluate_omaha_many, a, hole)
    board = [DECK[fdp.ConsumeIntInRange(0, 51)] for _ in range(fdp.ConsumeIntInRange(2, 6))]
    holes = a[:, :2] if a.shape[1] >= 2 else a
    same("evaluate_holdem", _eval_c.evaluate_holdem, _eval_py.evaluate_holdem, holes, board)
    rule = fdp.PickValueInList([True, False, 1, None])
    same("evaluate_short_deck_many", _eval_c.evaluate_short_deck_many, _eval_py.evaluate_short_deck_many, a, rule)
    same("evaluate_badugi_many", _eval_c.evaluate_badugi_many, _eval_py.evaluate_badugi_many, a)
    same("evaluate_partial_many", _eval_c.evaluate_partial_many, _eval_py.evaluate_partial_many, a, rule)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
