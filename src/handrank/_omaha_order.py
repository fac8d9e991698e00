"""The ordering of four-card Omaha hands behind percentage ranges (``15%``), shipped with the package.

Each of the 16,432 hands that differ other than by a renaming of suits is ranked by its share of
the pot all in before the flop against three random hands, Omaha high: ``DEALS`` deals of four
hands and a board, dealt from a seeded stream, each hand of each deal counted for its class. A
four-way pot rewards what wins multiway pots (the nuts, suits and connected ranks) over what merely
beats one hand. ``_omaha_order.bin`` keeps the classes best first, eight bytes each: a canonical
hand (four card indices) and its share in millionths (uint32, little-endian). A class of n hands is dealt about
600 n times, so a share is known to about 0.4 percentage points (one standard error) for a class
of 24 hands and 0.8 for one of six (the double-suited two pairs): classes that close in share may
stand in either order. ``python -m handrank._omaha_order [PATH]`` deals them again and writes
PATH (the package's own file by default; ``src/handrank/_omaha_order.bin`` in a checkout).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from itertools import permutations
from typing import Any

ORDER_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_omaha_order.bin")

DEALS = 40_000_000
"""The deals the shipped ordering was counted over."""

SEED = 2026
"""The seed of the stream they were dealt from."""

CLASSES = 16_432
"""Four-card hands up to a renaming of suits."""


def read(path: str = ORDER_FILE) -> list[tuple[tuple[int, ...], int]]:
    """Each class's canonical hand (card indices) and pot share in millionths, best first."""
    with open(path, "rb") as file:
        data = file.read()
    return [(tuple(data[i : i + 4]), int.from_bytes(data[i + 4 : i + 8], "little")) for i in range(0, len(data), 8)]


@lru_cache(maxsize=1)
def ordering() -> list[list[int]]:
    """The hands of each class as 52-bit masks of card indices, the best class first."""
    out = []
    for hand, _ in read():
        out.append(sorted({sum(1 << (c & ~3 | suits[c & 3]) for c in hand) for suits in permutations(range(4))}))
    return out


def count(deals: int, seed: int, threads: Any = None) -> tuple[Any, Any]:
    """Each class's summed pot shares and hands over ``deals`` four-way deals (numpy arrays)."""
    import numpy as np

    from . import _switch

    indexer = _switch.evaluator.hand_indexer((4,))
    rng = np.random.default_rng(seed)
    shares, hands = np.zeros(CLASSES), np.zeros(CLASSES)
    for start in range(0, deals, 250_000):
        n = min(250_000, deals - start)
        dealt = np.argsort(rng.random((n, 52)), axis=1)[:, :21].astype(np.uint8)
        board = dealt[:, 16:]
        ranks = np.stack(
            [
                _switch.evaluator.evaluate_omaha_many(
                    np.ascontiguousarray(np.hstack([dealt[:, 4 * p : 4 * p + 4], board])), 4, threads
                )
                for p in range(4)
            ]
        )
        best = ranks == ranks.min(axis=0)
        share = best / best.sum(axis=0)
        for p in range(4):
            classes = indexer.index_many(np.ascontiguousarray(dealt[:, 4 * p : 4 * p + 4]), threads)
            shares += np.bincount(classes, weights=share[p], minlength=CLASSES)
            hands += np.bincount(classes, minlength=CLASSES)
    return shares, hands


def write(path: str = ORDER_FILE, deals: int = DEALS, seed: int = SEED) -> None:
    """Deal ``deals`` and write the ordering they give to ``path``."""
    import numpy as np

    from . import _switch

    shares, hands = count(deals, seed)
    if not hands.all():
        raise ValueError(f"{deals:,} deals left a class without a hand: deal more")
    millionths = np.rint(shares / hands * 1e6).astype(np.uint32)
    ranked = sorted(range(CLASSES), key=lambda c: (-int(millionths[c]), c))
    indexer = _switch.evaluator.hand_indexer((4,))
    with open(path, "wb") as file:
        for c in ranked:
            file.write(bytes(indexer.unindex(c)) + int(millionths[c]).to_bytes(4, "little"))


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else ORDER_FILE)
