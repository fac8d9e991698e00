"""Fuzz target: what users type, parsed: ranges, cards, and hand logs to replay.

Each either works or raises ValueError or TypeError, and a range holds at most the 1,326 combos,
each weighted 0 to 1.
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    from _outcome import ALLOWED

    from handrank import Range, cards
    from handrank.engine import Hand

SEED_LOG = Hand([100, 100, 100], button=0, seed=1).to_json()


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    text = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 200))
    try:
        r = Range(text)
    except ALLOWED:
        pass
    else:
        assert len(r) <= 1326 and all(0.0 <= w <= 1.0 for _, w in r), text
    with contextlib.suppress(ALLOWED):
        cards(text)
    cut = fdp.ConsumeIntInRange(0, len(SEED_LOG))
    log = SEED_LOG[:cut] + fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 60)) + SEED_LOG[cut:]
    with contextlib.suppress(ValueError):
        Hand.replay(log)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
