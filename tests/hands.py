"""Numpy helpers for the tests: every k-card hand as rows of 0-51 indices (the library's one
generator), random hands."""

from __future__ import annotations

import numpy as np

from handrank._numpy_hands import all_hands

__all__ = ["all_hands", "random_hands"]


def random_hands(rng: np.random.Generator, rows: int, k: int) -> np.ndarray:
    """``rows`` random k-card hands (distinct cards in each row) as uint8 indices."""
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)
