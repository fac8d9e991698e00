"""Equity on the cases the field measures calculators by: one thread, time per case, and the answer.

    python bench/bench_equity.py [--repeats 3] [--skip-slow] [--trials 4000000]

Exact cases print the time of the fastest of ``--repeats`` runs; Monte Carlo cases the trials
a second. The equities printed let another calculator's run of the same cases be checked
against these, digit by digit. Nothing here is a test.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import platform
import statistics
import time
from collections.abc import Sequence
from typing import Any

from _timing import timed

from handrank import _switch, equity
from handrank._preflop import count_wins, read_wins

EXACT_CASES: list[tuple[str, list[str], str, bool]] = [
    # (label, players, board, slow: minutes in the pure fallback or in old designs)
    ("AhKh vs QsQd, preflop", ["AhKh", "QsQd"], "", False),
    ("AA vs KK (ranges)", ["AA", "KK"], "", False),
    ("AhKh vs QsQd vs 7c7d", ["AhKh", "QsQd", "7c7d"], "", False),
    ('"AA,KK" vs "QQ,JJ" vs "AKs"', ["AA,KK", "QQ,JJ", "AKs"], "", False),
    ('"QQ+,AKs" vs random, preflop', ["QQ+,AKs", "random"], "", True),
    ('"QQ+,AK" vs random, flop Kh 7d 2c', ["QQ+,AK", "random"], "Kh 7d 2c", False),
    ("random vs random, turn Kh 7d 2c 9s", ["random", "random"], "Kh 7d 2c 9s", False),
]

MONTE_CARLO_CASES: list[tuple[str, list[str]]] = [
    ('AhKh vs "QQ+,AKs"', ["AhKh", "QQ+,AKs"]),
    ("random vs random", ["random", "random"]),
    ("3-way random", ["random"] * 3),
    ("4-way random", ["random"] * 4),
    ("5-way random", ["random"] * 5),
    ("6-way random", ["random"] * 6),
    ("AhKh vs 5 random", ["AhKh"] + ["random"] * 5),
    ("10-way random", ["random"] * 10),
    ("AhKh vs QsQd vs 7c7d", ["AhKh", "QsQd", "7c7d"]),
    ('"QQ+,AKs" vs random', ["QQ+,AKs", "random"]),
    ('"QQ+,AKs" vs "JJ-99" vs random', ["QQ+,AKs", "JJ-99", "random"]),
    ('"AA,KK" vs "QQ,JJ" vs "AKs"', ["AA,KK", "QQ,JJ", "AKs"]),
]

SHORT_CALLS: list[tuple[str, list[str]]] = [
    # What a bot pays a call: the work before the trials counts as much as the trials.
    ("6 random", ["random"] * 6),
    ("AhKh vs 5 random", ["AhKh"] + ["random"] * 5),
    ("AhKh vs random", ["AhKh", "random"]),
    ('AhKh vs "QQ+, AKs"', ["AhKh", "QQ+, AKs"]),
    ('"AA,KK" vs "QQ,JJ" vs "AKs"', ["AA,KK", "QQ,JJ", "AKs"]),  # a table of the ranges' deals first
    ('"22+,AK" vs "QQ+,AK" vs random', ["22+,AK", "QQ+,AK", "random"]),  # 2,802 deals that fit, of 94 x 34
]


def shares(result: Any) -> str:
    return " / ".join(f"{p.equity:.6f}" for p in result.players)


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--trials", type=int, default=4_000_000)
    parser.add_argument("--skip-slow", action="store_true", help="leave out the cases marked slow")
    args = parser.parse_args(argv or None)
    print(f"handrank ({_switch.IMPLEMENTATION}), one thread, {platform.machine()}, {os.cpu_count()} cores\n")
    print("| exact case | time | equities |")
    print("|---|---:|---|")
    for label, players, board, slow in EXACT_CASES:
        if slow and args.skip_slow:
            continue
        seconds, result = timed(
            1 if slow else args.repeats, lambda: equity(players, board=board, exact=True, threads=1, force=True)
        )
        print(f"| {label} | {seconds * 1e3:,.1f} ms | {shares(result)} |", flush=True)
    seconds, wins = timed(1, lambda: count_wins(threads=1))
    same = "the shipped counts" if wins == read_wins() else "NOT the shipped counts"
    print(f"| the 169 x 169 preflop matrix, counted again | {seconds:,.1f} s | {same} |", flush=True)
    print("\n| Monte Carlo case | trials a second |")
    print("|---|---:|")
    for label, players in MONTE_CARLO_CASES:
        seconds, _ = timed(args.repeats, lambda: equity(players, trials=args.trials, seed=1, threads=1))
        print(f"| {label} | {args.trials / seconds / 1e6:.1f} M |", flush=True)
    print("\n| a call of 1,000 Monte Carlo trials | median of 21 calls |")
    print("|---|---:|")
    for label, players in SHORT_CALLS:
        equity(players, trials=1000, seed=1, threads=1)  # the first call fills tables once a process
        times = []
        for _ in range(21):
            start = time.perf_counter()
            equity(players, trials=1000, seed=1, threads=1)
            times.append(time.perf_counter() - start)
        print(f"| {label} | {statistics.median(times) * 1e3:.2f} ms |", flush=True)


if __name__ == "__main__":
    main()
