"""What a range hits: the breakdown of a wide range on a flop, a turn and a river (target: 1,000
combos in under 10 ms); each combo's exact equity, every hand against every hand on a flop, on
one thread (target: 1,000 combos against 1,000 in under 1 s); and one hand's strength and
potential on a flop against every holding (target: all 1,081 hands of a flop in under 1 s, so
about 1 ms a hand). Beside them, with no target: each combo's equity against two ranges (every
deal of their combos walked on every board), and the batch form's rows of hands on boards.

    python bench/bench_hits.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import platform
import random
from array import array

from _timing import best_of

from handrank import _switch
from handrank.distribution import distribution, distribution_many
from handrank.hits import hits
from handrank.potential import potential, potentials
from handrank.ranges import Range

BOARDS = ("Kh 7h 2c", "Jd Td 4s", "Kh 7h 2c 9d", "Kh 7h 2c 9d 9s")
THREE_WAY = ("22+, AJ+, KQ", "22+, AT+, KT+", "22+, A2s+, K9s+")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    print(f"handrank {_switch.IMPLEMENTATION}; {platform.machine()}, Python {platform.python_version()}")
    every = Range("random")
    print(f"{'case':<52}{'time':>12}{'per 1,000 combos':>20}")
    for board in BOARDS:
        combos = hits(every, board).combos
        seconds = best_of(args.repeat, lambda: hits(every, board))
        print(
            f"{f'every hand ({combos:g} combos) on {board}':<52}{seconds * 1e3:>10.2f}ms{seconds / combos * 1e6:>18.2f}ms"
        )
    for board in BOARDS[:3]:
        repeat = args.repeat if _switch.IMPLEMENTATION == "cython" else 1
        seconds = best_of(repeat, lambda: distribution(every, every, board, threads=1))
        print(f"{f'equity of every hand against every hand, {board}':<52}{seconds * 1e3:>10.0f}ms")
    repeat = args.repeat if _switch.IMPLEMENTATION == "cython" else 1
    if _switch.IMPLEMENTATION == "cython":  # minutes in pure Python
        seconds = best_of(repeat, lambda: distribution(THREE_WAY[0], list(THREE_WAY[1:]), BOARDS[0], threads=1))
        print(f"{'equity of ' + THREE_WAY[0] + ' against two ranges, ' + BOARDS[0]:<52}{seconds * 1e3:>10.0f}ms")
    hands, boards = _rows(1000 if _switch.IMPLEMENTATION == "cython" else 20)
    seconds = best_of(repeat, lambda: distribution_many(hands, boards, "77+, AQ+", threads=1))
    print(f"{f'rows of a hand on a river vs 77+, AQ+ ({len(hands)})':<52}{seconds * 1e3:>10.1f}ms")
    seconds = best_of(repeat, lambda: potential("Ad Qc", "3h 4c Jh"))
    print(f"{'potential of Ad Qc on 3h 4c Jh':<52}{seconds * 1e3:>10.1f}ms")
    for board in BOARDS[:3] if _switch.IMPLEMENTATION == "cython" else ():  # minutes in pure Python
        seconds = best_of(repeat, lambda: potentials("random", board, threads=1))
        print(f"{f'potential of every hand on {board}, one thread':<52}{seconds * 1e3:>10.0f}ms")


def _rows(n: int) -> tuple[memoryview, memoryview]:
    """``n`` seeded rows: two hole cards and five board cards, all different, as index arrays."""
    draw = random.Random(1)
    dealt = [draw.sample(range(52), 7) for _ in range(n)]
    hands = memoryview(array("b", [c for row in dealt for c in row[:2]])).cast("b", (n, 2))
    return hands, memoryview(array("b", [c for row in dealt for c in row[2:]])).cast("b", (n, 5))


if __name__ == "__main__":
    main()
