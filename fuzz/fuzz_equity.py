"""Fuzz target: the equity kernels, compiled against pure, on small deals they finish at once."""

from __future__ import annotations

import sys
from array import array

import atheris

with atheris.instrument_imports():
    from _outcome import same

    from handrank import _eval_c, _eval_py


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    players = fdp.ConsumeIntInRange(0, 4)
    board = [fdp.ConsumeIntInRange(0, 53) for _ in range(fdp.ConsumeIntInRange(3, 6))]
    dead = [fdp.ConsumeIntInRange(0, 51) for _ in range(fdp.ConsumeIntInRange(0, 2))]
    holes = [[fdp.ConsumeIntInRange(0, 51) for _ in range(2)] for _ in range(players)]
    same("exact_showdowns", _eval_c.exact_showdowns, _eval_py.exact_showdowns, holes, board, dead)
    ranges = []
    for _ in range(players):
        n = fdp.ConsumeIntInRange(0, 4)
        combos = array("B", [fdp.ConsumeIntInRange(0, 55) for _ in range(2 * n + fdp.ConsumeIntInRange(0, 1))])
        weights = array("d", [fdp.ConsumeIntInRange(0, 4) / 4 for _ in range(n)])
        ranges.append((combos, weights))
    same(
        "exact_range_showdowns", _eval_c.exact_range_showdowns, _eval_py.exact_range_showdowns, ranges, board[:5], dead
    )
    same("combo_showdowns", _eval_c.combo_showdowns, _eval_py.combo_showdowns, ranges, board[:5], dead)
    if len(board) >= 4:  # a turn: 46 runouts or so, quick in the pure kernel too
        same("potential_tables", _eval_c.potential_tables, _eval_py.potential_tables, ranges, board[:4], dead)
    sampled = [(c, array("d", [1.0] * len(w)), array("i", [0] * len(w))) for c, w in ranges]
    trials = fdp.ConsumeIntInRange(0, 300)
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    same(
        "sampled_showdowns",
        _eval_c.sampled_showdowns,
        _eval_py.sampled_showdowns,
        sampled,
        board[:4],
        dead,
        trials,
        seed,
    )
    # Random hands beside known hands only, which have a kernel of their own: 3 to 6 players, each a
    # random hand (every pair of the cards left, all alike) or two fuzzed cards, which may clash.
    hands = [
        [fdp.ConsumeIntInRange(0, 51) for _ in range(2)] if fdp.ConsumeBool() else []
        for _ in range(fdp.ConsumeIntInRange(3, 6))
    ]
    short_board = board[: fdp.ConsumeIntInRange(0, 3)]
    taken = {*short_board, *dead, *(c for hand in hands for c in hand)}
    pairs = [c for a in range(52) for b in range(a + 1, 52) if a not in taken and b not in taken for c in (a, b)]
    n = len(pairs) // 2
    dealt = [
        (array("B", hand), array("d", [1.0]), array("i", [0]))
        if hand
        else (array("B", pairs), array("d", [1.0] * n), array("i", range(n)))
        for hand in hands
    ]
    same(
        "sampled_showdowns, random hands",
        _eval_c.sampled_showdowns,
        _eval_py.sampled_showdowns,
        dealt,
        short_board,
        dead,
        fdp.ConsumeIntInRange(0, 40),
        seed,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
