"""Single calls from Python threads: how far ``evaluate`` scales with the GIL off.

    python bench/bench_threads.py [--hands 2000] [--rounds 300] [--threads 2]

Each thread ranks the same hands ``--rounds`` times, one ``evaluate`` call a hand. With the GIL
(an ordinary build) the threads take turns; on a free-threaded build (3.13t, 3.14t) they run side
by side, and what they share costs: a reference count that two cores write. The hands are
built from ``DECK``'s ints, either one list shared by every thread or a list of each thread's
own. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import sysconfig
import threading
import time

import handrank
from handrank import DECK, evaluate


def rounds(hands: list[list[int]], n: int) -> None:
    for _ in range(n):
        for h in hands:
            evaluate(h)


def wall(threads: int, hands: list[list[int]], n: int, shared: bool) -> float:
    """Seconds for ``threads`` threads to each rank ``hands`` ``n`` times, best of three."""
    best = float("inf")
    for _ in range(3):
        lists = [hands if shared else [list(h) for h in hands] for _ in range(threads)]
        workers = [threading.Thread(target=rounds, args=(own, n)) for own in lists]
        start = time.perf_counter()
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=300)
    p.add_argument("--threads", type=int, default=2)
    args = p.parse_args()
    rng = random.Random(2026)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    gil_enabled = getattr(sys, "_is_gil_enabled", lambda: True)  # 3.13 on
    free = bool(sysconfig.get_config_var("Py_GIL_DISABLED")) and not gil_enabled()
    print(
        f"handrank {handrank.__version__} ({handrank.IMPLEMENTATION}); Python {platform.python_version()}"
        f" ({'free-threaded, GIL off' if free else 'with the GIL'}); {args.threads} threads"
    )
    calls = args.hands * args.rounds
    one = wall(1, hands, args.rounds, shared=True)
    print(f"\none thread: {one / calls * 1e9:.0f} ns a call")
    for shared in (True, False):
        t = wall(args.threads, hands, args.rounds, shared)
        what = "one list of hands shared" if shared else "each thread its own lists"
        print(
            f"{args.threads} threads, {what}: {t / (args.threads * calls) * 1e9:.0f} ns a call overall, "
            f"{args.threads * one / t:.2f}x one thread's rate"
        )


if __name__ == "__main__":
    main()
