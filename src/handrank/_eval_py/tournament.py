"""Tournament kernels: the independent chip model over subsets of players (Malmuth-Harville from the
top, Malmuth-Weitzman from the bottom), its Monte Carlo for large fields, and the regret-matching
sweeps of a push-or-fold game. Step for step as ``_c/tournament.pxi``, the same sums in the same
order, so that both give the same numbers."""

from __future__ import annotations

from collections.abc import Sequence
from heapq import nsmallest
from math import log, sqrt
from typing import NamedTuple, Optional

from .._kernels.threads import threads_for
from .._kernels.tournament import by_chips, icm_args, icm_parts, paid_places, push_fold_args, sampled_icm_args
from .._tables import BLOCK_SEED_STEP
from .tables import M64, wyrand

CHECK_EVERY = 10
"""The push-or-fold sweeps measure how far the average strategies are from an equilibrium every this
many iterations, and stop once it is within the tolerance."""


def icm_values(stacks: object, payouts: object, weitzman: bool = False) -> list[float]:
    """Each player's expected payout: Malmuth-Harville (first place in proportion to chips, then
    each next place among those left), or with ``weitzman`` Malmuth-Weitzman (the next player out in
    inverse proportion to chips, whose chips are shared evenly among those left)."""
    chips, prizes = icm_args(stacks, payouts)
    return _weitzman(chips, prizes) if weitzman else _harville(chips, prizes)


def _harville(s: Sequence[float], p: Sequence[float]) -> list[float]:
    n, paid = len(s), paid_places(p)
    value = [0.0] * n
    reach = [0.0] * (1 << n)  # reach[m]: the chance that the players of m take the first places
    reach[0] = 1.0
    for mask in range(1 << n):
        prob = reach[mask]
        if prob == 0.0:
            continue
        placed, left = n, 0.0
        for i in range(n):
            if not mask >> i & 1:
                left += s[i]
                placed -= 1
        prize = p[placed]
        for i in range(n):
            if not mask >> i & 1:
                q = prob * s[i] / left
                value[i] += q * prize
                if placed + 1 < paid:
                    reach[mask | 1 << i] += q
    return value


def _weitzman(s: Sequence[float], p: Sequence[float]) -> list[float]:
    n, total = len(s), 0.0
    for chip in s:
        total += chip
    value = [0.0] * n
    reach = [0.0] * (1 << n)  # reach[m]: the chance that the players of m are the ones left
    reach[(1 << n) - 1] = 1.0
    for mask in range((1 << n) - 1, 0, -1):
        prob = reach[mask]
        if prob == 0.0:
            continue
        left, held, last = 0, 0.0, 0
        for i in range(n):
            if mask >> i & 1:
                held += s[i]
                left += 1
                last = i
        if left == 1:
            value[last] += prob * p[0]
            continue
        share = (total - held) / left  # the chips of those out, shared evenly among those left
        inverse = 0.0
        for i in range(n):
            if mask >> i & 1:
                inverse += 1.0 / (s[i] + share)
        for i in range(n):
            if mask >> i & 1:
                q = prob * (1.0 / (s[i] + share)) / inverse
                value[i] += q * p[left - 1]
                reach[mask ^ 1 << i] += q
    return value


def sampled_icm(
    stacks: object,
    payouts: object,
    trials: int = 100_000,
    seed: int = 0,
    threads: Optional[int] = None,
    weitzman: bool = False,
) -> tuple[list[float], list[float]]:
    """The chip model by Monte Carlo, for fields of any size. Malmuth-Harville: each trial draws every
    player an exponential time over their chips, and the earliest finish first; with ``weitzman``
    Malmuth-Weitzman: each trial eliminates players one by one (``_weitzman_trials``). Each player's
    mean payout and its standard error. The trials run in parts (``icm_parts``), each from its own
    stream; ``threads`` is checked and then has nothing to share out here."""
    chips, prizes, trials, seed = sampled_icm_args(stacks, payouts, trials, seed)
    threads_for(threads, 0)
    n = len(chips)
    sums, squares = [0.0] * n, [0.0] * n
    starts = icm_parts(trials, n)
    for part in range(len(starts) - 1):
        part_sums, part_squares = [0.0] * n, [0.0] * n
        state = (seed + part * BLOCK_SEED_STEP) & M64
        run = _weitzman_trials if weitzman else _harville_trials
        run(chips, prizes, state, starts[part + 1] - starts[part], part_sums, part_squares)
        for i in range(n):
            sums[i] += part_sums[i]
            squares[i] += part_squares[i]
    means = [total / trials for total in sums]
    errors = [sqrt(max(0.0, (q - total * total / trials) / (trials - 1)) / trials) for total, q in zip(sums, squares)]
    return means, errors


def _harville_trials(
    s: Sequence[float], p: Sequence[float], state: int, trials: int, sums: list[float], squares: list[float]
) -> None:
    """``trials`` finishing orders from the stream at ``state``: every player an exponential time over
    their chips, the earliest finish first; each paid place's prize added to its player's sums."""
    n, paid = len(s), paid_places(p)
    for _ in range(trials):
        keys = []
        for i in range(n):
            state, x = wyrand(state)
            keys.append((-log(((x >> 11) + 1) * 2.0**-53) / s[i], i))
        for finish, (_, i) in enumerate(nsmallest(paid, keys)):
            prize = p[finish]
            sums[i] += prize
            squares[i] += prize * prize


def _weitzman_trials(
    s: Sequence[float], p: Sequence[float], state: int, trials: int, sums: list[float], squares: list[float]
) -> None:
    """``trials`` orders of elimination from the stream at ``state``. The next player out is drawn in
    inverse proportion to chips: a player of those left taken uniformly is kept with the chance of
    the shortest stack's chips over theirs, else drawn again; their chips are shared evenly."""
    n, paid, by_stack = len(s), paid_places(p), by_chips(s)
    total = 0.0
    for chip in s:
        total += chip
    for _ in range(trials):
        left, out = list(range(n)), [False] * n
        held, shortest, alive = total, 0, n
        while alive > 1:
            while out[by_stack[shortest]]:
                shortest += 1
            share = (total - held) / alive
            held_by_shortest = s[by_stack[shortest]] + share
            while True:
                state, x = wyrand(state)
                at = min(int((x >> 11) * 2.0**-53 * alive), alive - 1)  # a product rounded up to the count
                seat = left[at]
                state, x = wyrand(state)
                if (x >> 11) * 2.0**-53 * (s[seat] + share) < held_by_shortest:
                    break
            if alive <= paid:
                prize = p[alive - 1]
                sums[seat] += prize
                squares[seat] += prize * prize
            alive -= 1
            left[at] = left[alive]
            out[seat] = True
            held -= s[seat]
        seat = left[0]
        sums[seat] += p[0]
        squares[seat] += p[0] * p[0]


class PushFoldGame(NamedTuple):
    """A push-or-fold game as the sweeps read it: each row class's deals and showdown values by
    column class, each column class's by row class, and the three outcomes that are no showdown."""

    w_rows: list[list[float]]
    rv_rows: list[list[float]]
    w_columns: list[list[float]]
    cv_columns: list[list[float]]
    deals: list[float]
    row_fold: float
    row_steal: float
    column_fold: float


def row_values(g: PushFoldGame, i: int, call: list[float]) -> tuple[float, float]:
    """Row class i's value of pushing and of folding against the column's calls."""
    met, won = 0.0, 0.0
    for weight, value, y in zip(g.w_rows[i], g.rv_rows[i], call):
        met += weight * y
        won += value * y
    return g.row_steal * (g.deals[i] - met) + won, g.row_fold * g.deals[i]


def column_values(g: PushFoldGame, j: int, push: list[float]) -> tuple[float, float]:
    """Column class j's value of calling and of folding against the row's pushes."""
    met, won = 0.0, 0.0
    for weight, value, x in zip(g.w_columns[j], g.cv_columns[j], push):
        met += weight * x
        won += value * x
    return won, g.column_fold * met


def regret_step(regrets: list[float], i: int, gain: float) -> float:
    r = regrets[i] + gain
    regrets[i] = r if r > 0.0 else 0.0
    return regrets[i]


def gains(g: PushFoldGame, push: list[float], call: list[float]) -> tuple[float, float]:
    """What each side gains a deal by a best response to the other's strategy."""
    row_gain, column_gain, total = 0.0, 0.0, 0.0
    for i in range(len(push)):
        pushed, folded = row_values(g, i, call)
        now = push[i] * pushed + (1.0 - push[i]) * folded
        row_gain += (pushed if pushed > folded else folded) - now
        total += g.deals[i]
    for j in range(len(call)):
        called, folded = column_values(g, j, push)
        now = call[j] * called + (1.0 - call[j]) * folded
        column_gain += (called if called > folded else folded) - now
    return row_gain / total, column_gain / total


def push_fold_solve(
    weights: object,
    row_values: object,
    column_values: object,
    outcomes: object,
    iterations: int = 10_000,
    tolerance: float = 0.0,
) -> tuple[list[float], list[float], float, float, int]:
    """An equilibrium of a push-or-fold game by regret matching (CFR+, alternating, averages weighted
    by the iteration's square, so that the first guesses fade). The row player pushes or folds each
    of k classes; the column player, pushed into, calls or folds each. ``weights[i*k+j]`` counts the
    deals of row class i with column class j; ``row_values`` and ``column_values`` sum each side's
    showdown value over them; ``outcomes`` are the row's value of folding, its value when the column
    folds, and the column's value of folding.

    Returns the average push and call frequencies, what each side would gain a deal by its best
    response to them, and the iterations run (a multiple of ``CHECK_EVERY``, or ``iterations``)."""
    k, w, rv, cv, fixed, iterations, tolerance = push_fold_args(
        weights, row_values, column_values, outcomes, iterations, tolerance
    )
    w_rows = [list(w[i * k : i * k + k]) for i in range(k)]
    deals = []
    for row in w_rows:
        total = 0.0
        for weight in row:
            total += weight
        deals.append(total)
    game = PushFoldGame(
        w_rows,
        [list(rv[i * k : i * k + k]) for i in range(k)],
        [list(w[j::k]) for j in range(k)],
        [list(cv[j::k]) for j in range(k)],
        deals,
        *fixed,
    )
    return solve(game, iterations, tolerance)


def solve(g: PushFoldGame, iterations: int, tolerance: float) -> tuple[list[float], list[float], float, float, int]:
    """CFR+ sweeps, alternating: the average push and call frequencies, the gains, the iterations run."""
    k = len(g.deals)
    push, call = [0.5] * k, [0.5] * k
    push_regret, row_fold_regret, call_regret, column_fold_regret = [0.0] * k, [0.0] * k, [0.0] * k, [0.0] * k
    push_sum, call_sum = [0.0] * k, [0.0] * k
    push_avg, call_avg = [0.0] * k, [0.0] * k
    weight_sum, row_gain, column_gain, done = 0.0, 0.0, 0.0, 0
    for t in range(1, iterations + 1):
        weight = float(t * t)
        for i in range(k):
            pushed, folded = row_values(g, i, call)
            now = push[i] * pushed + (1.0 - push[i]) * folded
            push_sum[i] += weight * push[i]
            both = regret_step(push_regret, i, pushed - now) + regret_step(row_fold_regret, i, folded - now)
            push[i] = push_regret[i] / both if both > 0.0 else 0.5
        for j in range(k):
            called, folded = column_values(g, j, push)
            now = call[j] * called + (1.0 - call[j]) * folded
            call_sum[j] += weight * call[j]
            both = regret_step(call_regret, j, called - now) + regret_step(column_fold_regret, j, folded - now)
            call[j] = call_regret[j] / both if both > 0.0 else 0.5
        weight_sum += weight
        if t % CHECK_EVERY == 0 or t == iterations:
            done = t
            push_avg = [x / weight_sum for x in push_sum]
            call_avg = [y / weight_sum for y in call_sum]
            row_gain, column_gain = gains(g, push_avg, call_avg)
            if row_gain + column_gain <= tolerance:
                break
    return push_avg, call_avg, row_gain, column_gain, done
