"""Fuzz target: settling any table of contributions, folds and shown hands.

It either raises ValueError or TypeError, or pays out exactly the chips put in, each pot to
players who could win it.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import ALLOWED

    from handrank import DECK, settle


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    seats = fdp.ConsumeIntInRange(0, 11)
    contributions = {s: fdp.ConsumeIntInRange(-2, 500) for s in range(seats)}
    button = fdp.ConsumeIntInRange(-1, seats)
    folded = [s for s in range(seats) if fdp.ConsumeBool()]
    deck = list(DECK)
    picks = [deck.pop(fdp.ConsumeIntInRange(0, len(deck) - 1)) for _ in range(fdp.ConsumeIntInRange(0, 25))]
    board, rest = picks[:5], picks[5:]
    hands = {s: rest[2 * i : 2 * i + 2] for i, s in enumerate(s for s in range(seats) if s not in folded)}
    try:
        result = settle(contributions, button=button, folded=folded, hands=hands, board=board)
    except ALLOWED:
        return
    assert sum(result.payouts.values()) == sum(contributions.values()), (contributions, result)
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible) and not set(pot.winners) & set(folded), pot


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
