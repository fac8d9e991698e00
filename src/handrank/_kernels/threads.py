"""One thread runner for the compiled kernels: work split into bounds, one thread a bound.

The kernels release the GIL, so threads run them side by side. A Ctrl-C while
waiting, or a failure in one thread, asks the others to stop through ``cancel``.
The waiting thread wakes a few times a second: Python runs a signal's handler in
the main thread only, and a Ctrl-C the system delivered to a worker would
otherwise wait for the whole job."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Callable, Optional

WAKE_SECONDS = 0.1
"""How long the waiting thread sleeps between looks at the workers and at signals."""

MIN_ROWS_PER_THREAD = 1 << 14
"""A thread costs about as much to start as ranking this many rows: fewer rows a thread do not pay."""

Bounds = list[tuple[int, int]]


def threads_for(threads: Optional[int], work: int) -> int:
    """How many threads to use: ``None`` or 1 = one, 0 = every core, never more than ``work`` pays for."""
    if threads is None:
        return 1
    if type(threads) is not int or threads < 0:
        raise ValueError(f"threads must be None or an int >= 0, got {threads!r}")
    wanted = threads or os.cpu_count() or 1
    return max(1, min(wanted, work // MIN_ROWS_PER_THREAD))


def even_bounds(n: int, threads: int) -> Bounds:
    """``range(n)`` in ``threads`` contiguous slices of about equal length (one slice for one thread)."""
    if threads <= 1 or n <= 1:
        return [(0, n)]
    step = -(-n // threads)
    return [(s, min(s + step, n)) for s in range(0, n, step)]


def balanced_bounds(work: Sequence[int], threads: int) -> Bounds:
    """``range(len(work))`` in ``threads`` contiguous slices of about equal total ``work``."""
    if threads <= 1 or len(work) <= 1:
        return [(0, len(work))]
    bounds: Bounds = []
    total, start, done = sum(work), 0, 0
    for i, w in enumerate(work):
        done += w
        if done * threads >= total * (len(bounds) + 1) and len(bounds) < threads - 1:
            bounds.append((start, i + 1))
            start = i + 1
    bounds.append((start, len(work)))
    return bounds


def run(task: Callable[[int, int], Any], bounds: Bounds, cancel: Optional[Callable[[], object]] = None) -> list[Any]:
    """``task(start, stop)`` for each bound, the results in order: in this thread for one bound,
    else a thread each. If waiting is interrupted (Ctrl-C) or a thread fails, ``cancel()`` asks
    the others to stop."""
    if len(bounds) == 1:
        return [task(*bounds[0])]
    # Only when threads are asked for: it is slow to import.
    from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait

    with ThreadPoolExecutor(len(bounds)) as pool:
        futures = [pool.submit(task, *b) for b in bounds]
        try:
            pending = set(futures)
            while pending:  # a timed wait: back in Python between waits, where Ctrl-C is raised
                done, pending = wait(pending, WAKE_SECONDS, FIRST_EXCEPTION)
                for future in done:
                    failed = future.exception()
                    if failed is not None:
                        raise failed
            return [f.result() for f in futures]
        except BaseException:
            if cancel is not None:
                cancel()
            raise
