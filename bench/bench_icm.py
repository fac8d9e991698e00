"""Tournament money and push or fold, beside pokerkit's ``calculate_icm`` on the same stacks.

    python bench/bench_icm.py [--repeat 5]

The exact chip model on a nine-player final table (nine places paid; target under 1 ms) and on
twenty players (twenty paid; target under 1 s), each beside pokerkit, which weighs every
finishing order of the paid places: its twenty-player time is estimated from a run on fewer
places, since the orders number 2.4e18. Then the heads-up push-or-fold chart at every depth
from 1 to 20 big blinds (target under 1 s in all). Best of ``--repeat`` runs each. Last, push or
fold first in at a table (``push_fold_table`` with its defaults, 10 big blinds): three seats,
six on one thread and on every core, and a four-seat final table with the chip model; one run
each (tens of seconds), with the sweeps run and the exploitability reached. No target: no other
library solves it.
"""

from __future__ import annotations

import argparse
import platform
import random
from math import perm

from _timing import best_of

from handrank import _switch
from handrank.icm import Model, icm, sampled_icm
from handrank.pushfold import push_fold, push_fold_table


def stacks_of(n: int, seed: int) -> list[float]:
    r = random.Random(seed)
    return [float(r.randint(5_000, 60_000)) for _ in range(n)]


def payouts_of(n: int) -> list[float]:
    return [round(100 / (i + 1.5), 2) for i in range(n)]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    print(f"handrank {_switch.IMPLEMENTATION}; {platform.machine()}, Python {platform.python_version()}")
    try:
        from pokerkit import calculate_icm
    except ImportError:
        calculate_icm = None
    print(f"{'case':<34}{'handrank':>12}{'pokerkit':>20}{'pokerkit / handrank':>22}")
    for n, paid in ((9, 9), (20, 20)):
        stacks, payouts = stacks_of(n, n), payouts_of(paid)
        ours = best_of(args.repeat, lambda: icm(stacks, payouts))
        theirs, note = None, ""
        if calculate_icm is not None:
            if perm(n, paid) <= 1e6:
                theirs = best_of(1, lambda: calculate_icm(payouts, stacks))
            else:  # time three places and scale by the orders weighed
                few = 3
                measured = best_of(1, lambda: calculate_icm(payouts[:few], stacks))
                theirs, note = measured * perm(n, paid) / perm(n, few), " (est.)"
        shown = f"{theirs:.3g} s{note}" if theirs is not None else "absent"
        ratio = f"{theirs / ours:,.3g}x" if theirs else ""
        print(f"{f'exact, {n} players, {paid} paid':<34}{ours * 1e3:>10.3f}ms{shown:>20}{ratio:>22}")
    field, prizes = stacks_of(1000, 3), payouts_of(150)
    ours = best_of(args.repeat, lambda: sampled_icm(field, prizes, trials=10_000, seed=1))
    print(f"{'Monte Carlo, 1,000 players, 10k':<34}{ours * 1e3:>10.1f}ms")
    every_core = best_of(args.repeat, lambda: sampled_icm(field, prizes, trials=10_000, seed=1, threads=0))
    print(f"{'  the same, every core':<34}{every_core * 1e3:>10.1f}ms{'':>20}{ours / every_core:>21.2f}x faster")
    weitzman = best_of(
        args.repeat, lambda: sampled_icm(field, prizes, trials=10_000, seed=1, model=Model.MALMUTH_WEITZMAN)
    )
    print(f"{'  Malmuth-Weitzman, the same':<34}{weitzman * 1e3:>10.1f}ms")
    chart = best_of(args.repeat, lambda: [push_fold(d) for d in range(1, 21)])
    print(f"{'push or fold, 1 to 20 bb':<34}{chart * 1e3:>10.1f}ms")
    final_table = {"blinds": (100, 200), "ante": 20, "payouts": [50, 30, 20]}
    for name, stacks, options in (
        ("table, 3 seats", [10.0] * 3, {}),
        ("table, 6 seats", [10.0] * 6, {}),
        ("table, 6 seats, every core", [10.0] * 6, {"threads": 0}),
        ("table, 4 seats, chip model", [3000.0, 2000.0, 1500.0, 1000.0], final_table),
    ):
        solved = []
        took = best_of(1, lambda: solved.append(push_fold_table(stacks, **options)))  # type: ignore[arg-type]
        result = solved[-1]
        print(f"{name:<34}{took:>11.1f}s   {result.iterations} sweeps, exploitability {result.exploitability:.2g}")


if __name__ == "__main__":
    main()
