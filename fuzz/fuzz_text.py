"""Fuzz target: what users type, parsed: ranges (hold'em and Omaha), cards, and hand logs to replay.

Each either works or raises ValueError or TypeError; a hold'em range holds at most the 1,326
combos, an Omaha range hands of one size, each distinct, each weighted 0 to 1.
"""

from __future__ import annotations

import contextlib
import sys

import atheris

with atheris.instrument_imports():
    from _outcome import ALLOWED

    from handrank import Range, cards
    from handrank.engine import Hand
    from handrank.omaha_ranges import OmahaRange

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
    try:
        omaha = OmahaRange(text)
    except ALLOWED:
        pass
    else:
        held = [h for h, _ in omaha]
        assert {len(h) for h in held} == {omaha.size} and len(set(held)) == len(held), text
        assert all(0.0 < w <= 1.0 for _, w in omaha), text
    with contextlib.suppress(ALLOWED):
        cards(text)
    cut = fdp.ConsumeIntInRange(0, len(SEED_LOG))
    log = SEED_LOG[:cut] + fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 60)) + SEED_LOG[cut:]
    with contextlib.suppress(ValueError):
        Hand.replay(log)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
