"""The exact heads-up preflop matrix, counted once over every board and shipped with the package.

Each of the 134,459 boards that differ other than by a renaming of suits is ranked against every
hole-card pair once (the ``class_wins`` kernel, weighted by how many boards it stands for): the
wins of each of the 169 starting-hand classes over each, over every deal of the two and every
board. ``_preflop_wins.bin`` keeps them (169 x 169 uint32, little-endian, ``hand_classes``
order); ``python -m handrank._preflop [PATH]`` counts them again and writes them to PATH (the
package's own file by default; ``src/handrank/_preflop_wins.bin`` in a checkout).
"""

from __future__ import annotations

import os
import sys
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from math import comb, factorial
from typing import Any, Optional

from . import _switch
from ._kernels.core import rows
from .cards import to_index
from .ranges import Range, hand_classes

WINS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_preflop_wins.bin")

BOARDS = comb(48, 5)
"""The boards of each deal of two hands."""


def pair_classes() -> array[int]:
    """The class (its place in ``hand_classes``) of each of the 1,326 pairs ``(x, y)`` of card indices, x < y, in order."""
    place = {pair: i for i, pair in enumerate(combinations(range(52), 2))}
    classes = array("H", bytes(2 * len(place)))
    for number, name in enumerate(hand_classes()):
        for combo, _ in Range(name):
            x, y = sorted(to_index(c) for c in combo)
            classes[place[x, y]] = number
    return classes


def board_classes() -> tuple[Any, array[int]]:
    """Every five-card board up to a renaming of suits (an (n, 5) view of card indices) and how
    many boards each stands for: 24 renamings over those that leave it as it is."""
    boards = _switch.evaluator.hand_indexer((5,))
    every = boards.unindex_many(array("q", range(boards.size)))
    weights = array("I")
    for board in rows(memoryview(every)):
        suits = [0, 0, 0, 0]  # each suit's ranks: suits holding the same ranks trade places freely
        for c in board:
            suits[c & 3] |= 1 << (c >> 2)
        fixed = 1
        for alike in Counter(suits).values():
            fixed *= factorial(alike)
        weights.append(24 // fixed)
    return every, weights


def count_wins(threads: Optional[int] = None, progress: Optional[Callable[[int, int], object]] = None) -> array[int]:
    """The wins of each class over each (169 x 169, row beats column), over every board;
    ``progress(done, boards)`` after each part."""
    classes = pair_classes()
    every, weights = board_classes()
    n, step = len(weights), 8192
    wins = array("q", bytes(8 * 169 * 169))
    for start in range(0, n, step):
        stop = min(n, start + step)
        part = _switch.evaluator.class_wins(memoryview(every)[start:stop], weights[start:stop], classes, threads)
        for i, value in enumerate(value for row in part.tolist() for value in row):
            wins[i] += value
        if progress is not None:
            progress(stop, n)
    return array("I", wins)


def deals_between(names: Sequence[str]) -> dict[str, dict[str, int]]:
    """For each pair of the classes named: the deals of a combo of each that share no card."""
    combos = {name: [combo for combo, _ in Range(name)] for name in names}  # a ValueError for what is not a range
    holding = {name: Counter(c for combo in combos[name] for c in combo) for name in names}
    table: dict[str, dict[str, int]] = {}
    for a in names:
        row = table[a] = {}
        for b in names:
            shared = sum(n * holding[b][c] for c, n in holding[a].items()) - (len(combos[a]) if a == b else 0)
            row[b] = len(combos[a]) * len(combos[b]) - shared
    return table


@lru_cache(maxsize=1)
def class_matchups() -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """Every pair of the 169 classes, row by column in ``hand_classes`` order (169 x 169, flat): the
    deals of a combo of each that share no card, and of those the deals the row's hand wins and the
    deals it ties, each counted over every board as a share of a deal."""
    names = hand_classes()
    deals, wins = deals_between(names), read_wins()
    dealt, won, tied = [], [], []
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            dealt.append(float(deals[a][b]))
            won.append(wins[169 * i + j] / BOARDS)
            tied.append(deals[a][b] - (wins[169 * i + j] + wins[169 * j + i]) / BOARDS)
    return tuple(dealt), tuple(won), tuple(tied)


def read_wins() -> array[int]:
    """The shipped counts."""
    wins = array("I")
    with open(WINS_FILE, "rb") as f:
        wins.frombytes(f.read())
    if sys.byteorder != "little":
        wins.byteswap()
    return wins


def write_wins(wins: array[int], path: str = WINS_FILE) -> None:
    out = array("I", wins)
    if sys.byteorder != "little":
        out.byteswap()
    with open(path, "wb") as f:
        out.tofile(f)


if __name__ == "__main__":
    print(f"counting on every core ({_switch.IMPLEMENTATION}: seconds compiled, an hour pure)", file=sys.stderr)
    wins = count_wins(threads=0, progress=lambda done, total: print(f"{done:,} of {total:,} boards", file=sys.stderr))
    write_wins(wins, *sys.argv[1:2])
