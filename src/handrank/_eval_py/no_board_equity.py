"""Equity in the games with no board (stud, razz and the draw games): each player's known cards
filled to a full hand from the cards left, every deal or seeded random ones. Step for step as
``_c/no_board_equity.pxi``: the same deals, the same draws from the same stream."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Optional

from .._kernels.core import trial_parts
from .._kernels.no_board_equity import HAND_SIZES, no_board_args
from .._kernels.threads import threads_for
from .._tables import BLOCK_SEED_STEP
from ..cards import DECK
from .games import LOW_TABLES, badugi_rank, best_low, low5
from .hand import rank5, rank_n
from .scoring import score_pot
from .tables import M64, wyrand


def hand_values(rule: int, cs: Sequence[int]) -> tuple[int, int]:
    """A full hand's high value and its low value (stud hi-lo's; else 0), each lower better."""
    if rule == 0:
        return rank_n(cs), 0
    if rule == 1:
        return rank_n(cs), best_low(cs, *LOW_TABLES["a-5"])
    if rule == 2:
        return best_low(cs, *LOW_TABLES["a-5"]), 0
    if rule == 3:
        return rank5(*cs), 0
    if rule == 4:
        return low5(cs, *LOW_TABLES["2-7"]), 0
    if rule == 5:
        return low5(cs, *LOW_TABLES["a-5"]), 0
    return badugi_rank(cs), 0


def no_board_showdowns(
    rule: str, hands: object, dead: object = (), trials: int = 0, seed: int = 0, threads: Optional[int] = None
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """Showdowns in a game with no board (``"stud"``, ``"stud-hilo"``, ``"razz"``, the draw games,
    ``"badugi"``): each player's known cards (indices) filled to the game's hand from the cards no
    hand holds and not ``dead``, every way with ``trials`` 0, else ``trials`` seeded random deals.
    The deals counted, and each player's units of the pot (``POT_UNITS`` a deal) won by the high
    hand and by the low hand, the deals they took alone, and the sum of the squares of their units
    a trial (sampled only). Trials run in parts (``trial_parts``), each from its own stream and its
    own copy of the cards left; ``threads`` is checked and then has nothing to share out here."""
    number, known, left, trials, seed = no_board_args(rule, hands, dead, trials, seed)
    threads_for(threads, 0)
    size = HAND_SIZES[number]
    players = [[DECK[c] for c in h] for h in known]
    tallies = [[0, 0, 0, 0] for _ in players]
    split = number == 1
    if trials == 0:
        tables = [
            [(sum(1 << c for c in extra), hand_values(number, p + [DECK[c] for c in extra])) for extra in sets]
            for p, sets in ((p, combinations(left, size - len(p))) for p in players)
        ]
        count = _every_deal(tables, split, tallies)
        return count, [(h, lo, a, s) for h, lo, a, s in tallies]
    starts = trial_parts(trials)
    for part in range(len(starts) - 1):
        cards = [DECK[c] for c in left]
        m, missing = len(cards), sum(size - len(p) for p in players)
        state = (seed + part * BLOCK_SEED_STEP) & M64
        for _ in range(starts[part + 1] - starts[part]):
            for i in range(missing):  # a partial shuffle of what is left: the players' cards in turn
                state, x = wyrand(state)
                j = i + x % (m - i)
                cards[i], cards[j] = cards[j], cards[i]
            at, values = 0, []
            for p in players:
                values.append(hand_values(number, p + cards[at : at + size - len(p)]))
                at += size - len(p)
            score_pot([h for h, _ in values], [lo for _, lo in values] if split else None, tallies, True)
    return trials, [(h, lo, a, s) for h, lo, a, s in tallies]


def _every_deal(tables: list[list[tuple[int, tuple[int, int]]]], split: bool, tallies: list[list[int]]) -> int:
    """Every deal of one set from each player's table, no card twice, scored; the deals counted."""
    count = 0

    def deal(i: int, used: int, values: list[tuple[int, int]]) -> None:
        nonlocal count
        for mask, value in tables[i]:
            if mask & used:
                continue
            if i + 1 < len(tables):
                deal(i + 1, used | mask, [*values, value])
                continue
            dealt = [*values, value]
            lows: Optional[list[int]] = [lo for _, lo in dealt] if split else None
            score_pot([h for h, _ in dealt], lows, tallies, False)
            count += 1

    deal(0, 0, [])
    return count
