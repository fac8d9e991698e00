"""What a range hits: the breakdown of a wide range on a flop, a turn and a river (target: 1,000
combos in under 10 ms), and one hand's strength and potential on a flop against every holding
(target: all 1,081 hands of a flop in under 1 s, so about 1 ms a hand).

    python bench/bench_hits.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import platform

from _timing import best_of

from handrank import _switch
from handrank.hits import hits
from handrank.potential import potential
from handrank.ranges import Range

BOARDS = ("Kh 7h 2c", "Jd Td 4s", "Kh 7h 2c 9d", "Kh 7h 2c 9d 9s")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    print(f"handrank {_switch.IMPLEMENTATION}; {platform.machine()}, Python {platform.python_version()}")
    every = Range("random")
    print(f"{'case':<44}{'time':>12}{'per 1,000 combos':>20}")
    for board in BOARDS:
        combos = hits(every, board).combos
        seconds = best_of(args.repeat, lambda: hits(every, board))
        print(
            f"{f'every hand ({combos:g} combos) on {board}':<44}{seconds * 1e3:>10.2f}ms{seconds / combos * 1e6:>18.2f}ms"
        )
    seconds = best_of(1, lambda: potential("Ad Qc", "3h 4c Jh"))
    print(f"{'potential of Ad Qc on 3h 4c Jh':<44}{seconds * 1e3:>10.0f}ms{'':>20}")


if __name__ == "__main__":
    main()
