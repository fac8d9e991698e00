"""Numpy helpers for the tests: every k-card hand as rows of 0-51 indices, random hands."""

from __future__ import annotations

import numpy as np


def all_hands(k: int, n: int = 52) -> np.ndarray:
    """Every k-subset of range(n) as a (C(n, k), k) uint8 array, in lexicographic order."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        grow = n - 1 - last  # how many larger values each row can take next
        ends = np.cumsum(grow)
        offsets = np.arange(ends[-1]) - np.repeat(ends - grow, grow)
        new = np.repeat(last + 1, grow) + offsets
        rows = np.hstack([np.repeat(rows, grow, axis=0), new[:, None].astype(np.uint8)])
    return rows


def random_hands(rng: np.random.Generator, rows: int, k: int) -> np.ndarray:
    """``rows`` random k-card hands (distinct cards in each row) as uint8 indices."""
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)
