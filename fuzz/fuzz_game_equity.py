"""Fuzz target: the equity kernels of Omaha, Omaha hi-lo and short deck, compiled against pure, on
deals small enough to finish at once (a card short of a full board, or a few trials): known hands,
and ranges by Monte Carlo."""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import same

    from handrank import _eval_c, _eval_py

RULES = ("omaha", "omaha-hilo", "short-deck", "short-deck-straight-over-trips", "razz")


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    rule = RULES[fdp.ConsumeIntInRange(0, len(RULES) - 1)]
    players = fdp.ConsumeIntInRange(1, 4)
    holes = [[fdp.ConsumeIntInRange(0, 53) for _ in range(fdp.ConsumeIntInRange(1, 6))] for _ in range(players)]
    board = [fdp.ConsumeIntInRange(0, 51) for _ in range(fdp.ConsumeIntInRange(3, 6))]
    deck = [fdp.ConsumeIntInRange(0, 51) for _ in range(fdp.ConsumeIntInRange(0, 12))]
    trials = fdp.ConsumeIntInRange(0, 30) if fdp.ConsumeBool() else 0
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    same("game_showdowns", _eval_c.game_showdowns, _eval_py.game_showdowns, rule, holes, board, deck, trials, seed)
    ranges = []
    for _ in range(players):
        size, n = fdp.ConsumeIntInRange(1, 6), fdp.ConsumeIntInRange(0, 3)
        flat = [fdp.ConsumeIntInRange(0, 53) for _ in range(size * n + fdp.ConsumeIntInRange(0, 1))]
        ranges.append((flat, [fdp.ConsumeIntInRange(0, 2) / 2 for _ in range(n)]))
    same(
        "game_range_showdowns",
        _eval_c.game_range_showdowns,
        _eval_py.game_range_showdowns,
        rule,
        ranges,
        board[:4],
        deck[:3],
        fdp.ConsumeIntInRange(0, 20),
        seed,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
