"""Equity in the games beyond hold'em: known hands' showdowns over every board that can come, or over
seeded random ones, and ranges' by Monte Carlo, for Omaha high, Omaha hi-lo (eight or better) and
short deck. Step for step as
``_c/game_equity.pxi``: the same boards in the same order, the same draws from the same stream."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import combinations
from typing import Any, Optional, cast

from .._kernels.core import trial_parts
from .._kernels.game_equity import (
    FIT_TRIES,
    SHORT_DECK_LOWEST,
    board_parts,
    game_every_board_args,
    game_range_args,
    game_showdown_args,
)
from .._kernels.threads import threads_for
from .._tables import BLOCK_SEED_STEP
from ..cards import DECK
from .games import omaha_high, omaha_low, short_deck_rank, short_deck_values
from .scoring import score_pot
from .tables import M64, wyrand


def score_board(
    rule: int, hands: list[list[int]], board: Sequence[int], tallies: list[list[int]], sampled: bool
) -> None:
    """One full board's showdown added to each player's tally: the pot's units won by the high hand
    and by the low hand, the pot taken alone, and (sampled) the square of the units won."""
    if rule < 2:
        highs = [omaha_high(h, board) for h in hands]
    else:
        values = short_deck_values(rule == 2)
        highs = [short_deck_rank([*h, *board], values) for h in hands]
    lows = [omaha_low(h, board) for h in hands] if rule == 1 else None
    score_pot(highs, lows, tallies, sampled)


def game_showdowns(
    rule: str,
    holes: object,
    board: object,
    deck: object,
    trials: int = 0,
    seed: int = 0,
    threads: Optional[int] = None,
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """Known hands' showdowns in ``rule`` (``"omaha"``, ``"omaha-hilo"``, ``"short-deck"``,
    ``"short-deck-straight-over-trips"``): every completion of the board from ``deck`` (card indices)
    with ``trials`` 0, else ``trials`` seeded random ones, in parts (``trial_parts``), each from its
    own stream and its own copy of the cards left. The boards counted, and each player's units of
    the pot (``POT_UNITS`` a board) won by the high hand and by the low hand, the boards on which
    they took the whole pot alone, and the sum of the squares of their units a trial (sampled
    only). ``threads`` is checked and then has nothing to share out here."""
    number, hands, known, left, trials, seed = game_showdown_args(rule, holes, board, deck, trials, seed)
    threads_for(threads, 0)
    players = [[DECK[c] for c in h] for h in hands]
    fixed, cards = [DECK[c] for c in known], [DECK[c] for c in left]
    tallies = [[0, 0, 0, 0] for _ in players]
    missing = 5 - len(fixed)
    if trials == 0:
        boards = 0
        for extra in combinations(cards, missing):
            score_board(number, players, fixed + list(extra), tallies, False)
            boards += 1
        return boards, [(h, lo, a, s) for h, lo, a, s in tallies]
    starts = trial_parts(trials)
    for part in range(len(starts) - 1):
        cards, state = [DECK[c] for c in left], (seed + part * BLOCK_SEED_STEP) & M64
        m = len(cards)
        for _ in range(starts[part + 1] - starts[part]):
            for i in range(missing):  # a partial shuffle of what is left: the next cards of the board
                state, x = wyrand(state)
                j = i + x % (m - i)
                cards[i], cards[j] = cards[j], cards[i]
            score_board(number, players, fixed + cards[:missing], tallies, True)
    return trials, [(h, lo, a, s) for h, lo, a, s in tallies]


def game_range_showdowns(
    rule: str,
    players: object,
    board: object = (),
    dead: object = (),
    trials: int = 100_000,
    seed: int = 0,
    threads: Optional[int] = None,
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """``game_showdowns`` for players holding ranges, by Monte Carlo: each trial deals every
    player a hand by its weight (the whole deal again while two hands, the board or the dead cards
    share a card, so that each deal that fits comes with its weights' chances), then the board from
    the cards left; in parts (``trial_parts``), each from its own stream. ``players`` are (cards,
    weights) pairs: the hands' 0-51 indices one hand after another, and a weight a hand.
    ``threads`` is checked and then has nothing to share out here."""
    number, size, tables, known, gone, trials, seed = game_range_args(rule, players, board, dead, trials, seed)
    threads_for(threads, 0)
    fixed = 0
    for c in known + gone:
        fixed |= 1 << c
    lowest = 4 * SHORT_DECK_LOWEST if number >= 2 else 0
    tallies = [[0, 0, 0, 0] for _ in tables]
    board_ints = [DECK[c] for c in known]
    starts = trial_parts(trials)
    for part in range(len(starts) - 1):
        state = (seed + part * BLOCK_SEED_STEP) & M64
        for _ in range(starts[part + 1] - starts[part]):
            state = _range_trial(number, size, tables, fixed, lowest, board_ints, state, tallies)
    return trials, [(h, lo, a, s) for h, lo, a, s in tallies]


def _range_trial(
    number: int,
    size: int,
    tables: list[Optional[tuple[memoryview[int], memoryview[float]]]],
    fixed: int,
    lowest: int,
    board_ints: list[int],
    state: int,
    tallies: list[list[int]],
) -> int:
    """One trial of the ranges from the stream at ``state``: a deal that fits (each AnyHand player,
    a table of None, dealt last from the cards left), the board completed, scored; the stream's
    state after it."""
    missing = 5 - len(board_ints)
    for _try in range(FIT_TRIES):
        used, hands = fixed, cast(list[list[int]], [])
        for table in tables:
            if table is None:
                hands.append([])  # any hand: dealt once the ranges fit
                continue
            flat, running = table
            state, x = wyrand(state)
            j = min(bisect_right(running, (x >> 11) * 2.0**-53 * running[-1]), len(running) - 1)
            hand = flat[j * size : (j + 1) * size]
            bits = 0
            for c in hand:
                bits |= 1 << c
            if used & bits:
                break
            used |= bits
            hands.append([DECK[c] for c in hand])
        else:
            for i, table in enumerate(tables):
                if table is None:
                    state, dealt = _deal_any(size, lowest, state, used)
                    for c in dealt:
                        used |= 1 << c
                    hands[i] = [DECK[c] for c in dealt]
            break
    else:
        raise ValueError(f"the ranges fit together in no deal of {FIT_TRIES:,} tried: they share too many cards")
    cards = [c for c in range(lowest, 52) if not used >> c & 1]
    m = len(cards)
    for i in range(missing):  # the board's next cards, a partial shuffle of the cards left
        state, x = wyrand(state)
        j = i + x % (m - i)
        cards[i], cards[j] = cards[j], cards[i]
    score_board(number, hands, board_ints + [DECK[c] for c in cards[:missing]], tallies, True)
    return state


def _deal_any(size: int, lowest: int, state: int, used: int) -> tuple[int, list[int]]:
    """``size`` cards drawn one by one from those from ``lowest`` up that ``used`` leaves, each card
    left alike: an AnyHand player's hand. The stream's state after it, and the cards."""
    left = [c for c in range(lowest, 52) if not used >> c & 1]
    dealt = []
    for _ in range(size):
        state, x = wyrand(state)
        dealt.append(left.pop(x % len(left)))
    return state, dealt


def game_range_every_board(
    rule: str,
    players: object,
    board: object = (),
    dead: object = (),
    threads: Optional[int] = None,
) -> tuple[int, float, list[tuple[float, float, float]]]:
    """Players holding ranges in ``rule``, every board and every deal of their hands that fits with
    it and with each other, each deal weighing the product of its hands' weights: the deals counted,
    their weight, and each player's weighted units of the pot (``POT_UNITS`` a deal) won by the high
    hand and by the low hand, and weight of the deals they took alone. Each board ranks every hand
    that misses it once; the boards in parts by their first card (``board_parts``), added in order.
    ``players`` as ``game_range_showdowns`` takes them. ``threads`` is checked and then has nothing
    to share out here."""
    number, size, tables, known, left = game_every_board_args(rule, players, board, dead)
    threads_for(threads, 0)
    hands = [
        [
            (
                sum(1 << c for c in flat[j * size : (j + 1) * size]),
                [DECK[c] for c in flat[j * size : (j + 1) * size]],
                w,
            )
            for j, w in enumerate(weights)
        ]
        for flat, weights in tables
    ]
    need, k = 5 - len(known), len(tables)
    deals, weight, sums = 0, 0.0, [0.0] * (3 * k)
    for first in range(board_parts(len(left), need)):
        part: list[Any] = [0, 0.0, [0.0] * (3 * k)]  # part by part, as the compiled kernel adds them
        for rest in combinations(left[first + 1 :], need - 1) if need else [()]:
            dealt = known + ([left[first], *rest] if need else [])
            board_deals(number, hands, dealt, part)
        deals += part[0]
        weight += part[1]
        sums = [a + b for a, b in zip(sums, part[2])]
    return deals, weight, [(sums[3 * i], sums[3 * i + 1], sums[3 * i + 2]) for i in range(k)]


def board_deals(
    number: int, hands: list[list[tuple[int, list[int], float]]], dealt: list[int], part: list[Any]
) -> None:
    """One full board: every hand that misses it ranked once, then every deal that fits walked and
    its pot scored, added to ``part`` (deals, weight, sums)."""
    used = sum(1 << c for c in dealt)
    ints = [DECK[c] for c in dealt]
    values = short_deck_values(number == 2) if number >= 2 else None
    live = []
    for player in hands:
        ranked = []
        for bits, hole, w in player:
            if bits & used:
                continue
            high = omaha_high(hole, ints) if values is None else short_deck_rank([*hole, *ints], values)
            ranked.append((bits, w, high, omaha_low(hole, ints) if number == 1 else 0))
        live.append(ranked)
    k = len(hands)
    highs, lows = [0] * k, [0] * k

    def walk(i: int, taken: int, w: float) -> None:
        if i == k:
            tallies = [[0, 0, 0, 0] for _ in range(k)]
            score_pot(highs, lows if number == 1 else None, tallies, False)
            part[0] += 1
            part[1] += w
            for p in range(k):
                for t in range(3):
                    part[2][3 * p + t] += w * tallies[p][t]
            return
        for bits, hand_weight, high, low in live[i]:
            if bits & taken:
                continue
            highs[i], lows[i] = high, low
            walk(i + 1, taken | bits, w * hand_weight)

    walk(0, 0, 1.0)
