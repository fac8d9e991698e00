"""The timer every benchmark uses: the fastest of several runs, in wall time."""

from __future__ import annotations

import time
from typing import Callable, TypeVar

Answer = TypeVar("Answer")


def timed(repeats: int, work: Callable[[], Answer]) -> tuple[float, Answer]:
    """The fastest of ``repeats`` runs of ``work`` (at least one), in seconds, and the last run's answer."""
    start = time.perf_counter()
    answer = work()
    fastest = time.perf_counter() - start
    for _ in range(repeats - 1):
        start = time.perf_counter()
        answer = work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, answer


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs of ``work`` (at least one), in seconds."""
    return timed(repeats, work)[0]
