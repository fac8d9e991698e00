"""Every k-card hand as rows of 0-51 indices, built in numpy rather than as Python tuples: the one
generator the ``table`` command and the tests use (numpy is needed only by those who call it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np


def all_hands(k: int, n: int = 52) -> Any:
    """Every k-subset of range(n) as a (C(n, k), k) uint8 array, in the order of ``combinations``."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        grow = n - 1 - last  # how many larger values each row can take next
        ends = np.cumsum(grow)
        offsets = np.arange(ends[-1]) - np.repeat(ends - grow, grow)
        new = np.repeat(last + 1, grow) + offsets
        rows = np.hstack([np.repeat(rows, grow, axis=0), new[:, None].astype(np.uint8)])
    return rows


def hand_blocks(k: int) -> Iterator[Any]:
    """Every k-card hand (k of 3 or more) in the order of ``combinations``, a block per pair of
    lowest cards (at most C(50, 5) rows): bounded memory for all 133,784,560 seven-card hands."""
    rest = all_hands(k - 2, 50)  # the cards above the lowest two, as subsets of range(50)
    firsts = rest[:, 0]
    for a in range(52 - k + 1):
        for b in range(a + 1, 52 - k + 2):
            tail = rest[np.searchsorted(firsts, b - 1) :] + 2  # cards above b, as subsets of range(2, 52)
            block = np.empty((len(tail), k), dtype=np.uint8)
            block[:, 0], block[:, 1], block[:, 2:] = a, b, tail
            yield block
