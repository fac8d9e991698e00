"""One thread runner for the compiled kernels: work split into bounds, one thread a bound.

The kernels release the GIL, so threads run them side by side. A Ctrl-C while
waiting, or a failure in one thread, asks the others to stop through ``cancel``.
The waiting thread wakes a few times a second: Python runs a signal's handler in
the main thread only, and a Ctrl-C the system delivered to a worker would
otherwise wait for the whole job.

The waiting takes no lock a Ctrl-C could leave held and calls no ``Thread.join``
(``concurrent.futures``' wait takes its futures' locks one by one, and Python
3.11's ``join``, interrupted, can take a running thread for ended): each worker
says it ended through a flag and a lock of its own. A worker reads memory its
caller owns, so ``run`` returns or raises only once every worker that runs its
task has ended, whatever is raised meanwhile."""

from __future__ import annotations

import os
import threading
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
    the others to stop; the first failure in bound order is raised once every thread has ended."""
    if len(bounds) == 1:
        return [task(*bounds[0])]
    n = len(bounds)
    results: list[Any] = [None] * n
    failures: list[Optional[BaseException]] = [None] * n
    began = [False] * n
    ended = [False] * n
    done = [threading.Lock() for _ in range(n)]  # each held until its worker ends
    for lock in done:
        lock.acquire()
    wanted = [True]

    def work(i: int, start: int, stop: int) -> None:
        try:
            began[i] = True  # before wanted is read: the caller, giving up, reads them the other way
            if wanted[0]:
                results[i] = task(start, stop)
        except BaseException as failure:
            failures[i] = failure
            if cancel is not None:
                cancel()
        finally:
            ended[i] = True
            done[i].release()

    workers = [
        threading.Thread(target=work, args=(i, *bound), name=f"handrank-worker-{i}", daemon=True)
        for i, bound in enumerate(bounds)
    ]
    all_started = False
    try:
        for worker in workers:
            worker.start()
        all_started = True
        for i in range(n):
            _wait_for(i, ended, done)
    except BaseException as error:
        if cancel is not None:
            cancel()
        wanted[0] = False  # a worker that has not set began by the next line never runs its task
        running = [i for i in range(n) if all_started or began[i]]
        for i in running:
            _wait_for(i, ended, done, through_interrupts=True)
        interrupt = error.__context__
        if not isinstance(error, KeyboardInterrupt) and isinstance(interrupt, KeyboardInterrupt):
            # A Ctrl-C inside ``Thread.start`` can leave threading's own lock released twice, which
            # raises RuntimeError on its way out: the caller pressed Ctrl-C, so that is what goes up.
            raise interrupt from None
        raise
    for failure in failures:
        if failure is not None:
            raise failure
    return results


def _wait_for(i: int, ended: list[bool], done: list[threading.Lock], through_interrupts: bool = False) -> None:
    """Wait until worker ``i`` has ended, waking every ``WAKE_SECONDS`` (back in Python, where a
    Ctrl-C is raised, or kept waiting through it when the worker still reads its caller's memory)."""
    while not ended[i]:
        try:
            done[i].acquire(timeout=WAKE_SECONDS)  # held until the worker has set ended[i]
        except BaseException:
            if not through_interrupts:
                raise
