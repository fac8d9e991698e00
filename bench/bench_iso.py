"""Hand indexing and the strength tables: time per hand on one thread, and each table built on
one core (or on ``--workers`` processes).

    python bench/bench_iso.py [--hands 1000000] [--streets river turn flop preflop] [--workers 1]

Indexing prints nanoseconds a hand for ``index_many`` and ``unindex_many`` on random hands of
each street; the build prints the seconds each street's table took and the peak memory of the
process that built it (and of its largest worker), each street built in a process of its own.
Nothing here is a test.
"""

from __future__ import annotations

import argparse
import platform
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

from handrank import _switch
from handrank.iso import STREETS, HandIndexer, build_tables

ROUNDS = {**STREETS, "river, streets apart": (2, 3, 1, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1_000_000, help="random hands indexed a street")
    parser.add_argument("--streets", nargs="*", default=list(STREETS), choices=list(STREETS), help="tables built")
    parser.add_argument("--workers", type=int, default=1, help="local processes building the tables")
    args = parser.parse_args()
    print(f"handrank {_switch.IMPLEMENTATION} on {platform.machine()}, Python {platform.python_version()}")
    rng = np.random.default_rng(1)
    for name, rounds in ROUNDS.items():
        indexer = HandIndexer(rounds)
        hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, : sum(rounds)].astype(np.uint8)
        start = time.perf_counter()
        indexes = indexer.index_many(hands)
        middle = time.perf_counter()
        indexer.unindex_many(indexes)
        stop = time.perf_counter()
        per_hand = 1e9 / args.hands
        print(
            f"{name:22} {indexer.size:>14,} classes   index {(middle - start) * per_hand:6.0f} ns"
            f"   unindex {(stop - middle) * per_hand:6.0f} ns a hand"
        )
    if not args.streets:
        return
    with tempfile.TemporaryDirectory() as directory:
        streets = sorted(args.streets, key=list(STREETS)[::-1].index)
        if "river" not in streets:
            streets.insert(0, "river")  # the earlier streets read it
        for street in streets:
            command = [sys.executable, __file__, "--build", street, directory, str(args.workers)]
            subprocess.run(command, check=True)


def build_one(street: str, directory: str, workers: int) -> None:
    """Build one street's table in this process and print its time and the peak memory."""
    start = time.perf_counter()
    build_tables(directory, [street], workers=workers)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    print(
        f"{street} table ({HandIndexer(STREETS[street]).size:,} classes) on {workers} "
        f"process(es): {time.perf_counter() - start:.1f} s, peak {peak} MiB"
        + (f" (largest worker {worker} MiB)" if workers > 1 else "")
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--build"]:
        build_one(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main()
