"""Fuzz target: the equity kernels of Omaha, Omaha hi-lo, short deck, stud and the draw games,
compiled against pure, on deals small enough to finish at once (a card short of a full board or a
full hand, or a few trials): known hands, and ranges by Monte Carlo."""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import same

    from handrank import _eval_c, _eval_py

RULES = ("omaha", "omaha-hilo", "short-deck", "short-deck-straight-over-trips", "razz")
NO_BOARD = ("stud", "stud-hilo", "razz", "five-card-draw", "2-7-single-draw", "a-5-triple-draw", "badugi", "omaha")
SIZES = (7, 7, 7, 5, 5, 5, 4, 4)


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

    game = fdp.ConsumeIntInRange(0, len(NO_BOARD) - 1)
    hands = []
    for i in range(players):  # the first player up to two cards short, the others full or one over
        size = SIZES[game] - fdp.ConsumeIntInRange(0, 2) if i == 0 else SIZES[game] + fdp.ConsumeIntInRange(0, 1)
        hands.append([fdp.ConsumeIntInRange(0, 53) for _ in range(size)])
    same(
        "no_board_showdowns",
        _eval_c.no_board_showdowns,
        _eval_py.no_board_showdowns,
        NO_BOARD[game],
        hands,
        deck[:4],
        fdp.ConsumeIntInRange(0, 20) if fdp.ConsumeBool() else 0,
        seed,
    )


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
