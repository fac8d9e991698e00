"""Tournament money: what each stack is worth by the independent chip model, exact or by Monte Carlo,
the bubble factor between any two players, and the money a call or a push wins or loses.

The chip model turns chips into prize money from the stacks alone, every player taken as equally
skilled. Malmuth-Harville (the usual ICM): a player finishes first with the chance of their share of
the chips; of those left, each next place goes the same way. Malmuth-Weitzman builds the order from
the bottom instead: the next player out is chosen in inverse proportion to their chips, which are
then shared evenly among those left. Both are counted exactly over the subsets of the players (up to
``MAX_EXACT_PLAYERS`` with chips), not over their orders.

>>> [round(v, 2) for v in icm([5000, 3000, 2000], [70, 30])]
[45.18, 32.25, 22.57]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from math import inf, nan
from typing import Optional, Union

from . import _switch
from ._equity_plan import Player
from ._kernels.tournament import MAX_EXACT_PLAYERS, _numbers
from .cards import Cards, cards
from .odds import LONG_WORK, duration, equity
from .ranges import Range

__all__ = [
    "MAX_EXACT_PLAYERS",
    "AllIn",
    "Model",
    "Push",
    "SampledICM",
    "all_in",
    "bubble_factors",
    "icm",
    "push_or_fold",
    "sampled_icm",
]


class Model(Enum):
    """How the chip model orders the finishes."""

    MALMUTH_HARVILLE = "malmuth-harville"
    """Places from the top: each next place in proportion to the chips of those left."""
    MALMUTH_WEITZMAN = "malmuth-weitzman"
    """Places from the bottom: the next out in inverse proportion to chips, their chips shared evenly."""


_SECONDS_A_STEP = {"cython": 5e-9, "python": 2e-7}
"""About how long one step of the exact model (a subset and a player) takes, by implementation."""


def icm(
    stacks: Sequence[float],
    payouts: Sequence[float],
    model: Model = Model.MALMUTH_HARVILLE,
    force: bool = False,
) -> tuple[float, ...]:
    """Each player's expected prize by the chip model, in the order of ``stacks``.

    ``payouts`` are the prizes from first place down; places past them pay nothing. Players with no
    chips have finished below every player with chips and share the bottom places' prizes evenly.
    Exact for up to ``MAX_EXACT_PLAYERS`` players with chips (a field of more: ``sampled_icm``);
    work estimated at over ``LONG_WORK`` seconds raises ``ValueError`` unless ``force=True``.

    >>> [round(v, 2) for v in icm([5000, 3000, 2000], [70, 30], Model.MALMUTH_WEITZMAN)]
    [44.19, 32.32, 23.48]
    """
    chips, prizes = _numbers(stacks, "stacks"), _numbers(payouts, "payouts")
    weitzman = _weitzman(model)
    if len(prizes) > len(chips):
        raise ValueError(f"{len(prizes)} payouts for {len(chips)} players: a payout is a place a player can finish in")
    if any(c < 0 for c in chips):
        raise ValueError(f"stacks[{next(i for i, c in enumerate(chips) if c < 0)}] is below zero")
    playing = [i for i, c in enumerate(chips) if c > 0]
    if not playing:
        raise ValueError("no stack holds chips")
    if len(playing) > MAX_EXACT_PLAYERS:
        raise ValueError(
            f"the exact model takes up to {MAX_EXACT_PLAYERS} players with chips, got {len(playing)}: "
            "use sampled_icm for a larger field"
        )
    seconds = (1 << len(playing)) * len(playing) * _SECONDS_A_STEP[_switch.IMPLEMENTATION]
    if not force and seconds > LONG_WORK:
        raise ValueError(f"the exact model would take about {duration(seconds)}: pass force=True to wait")
    prizes += [0.0] * (len(chips) - len(prizes))
    top = _switch.evaluator.icm_values([chips[i] for i in playing], prizes[: len(playing)], weitzman)
    out = [0.0] * len(chips)
    for i, value in zip(playing, top):
        out[i] = value
    busted = [i for i, c in enumerate(chips) if c == 0]
    for i in busted:
        out[i] = sum(prizes[len(playing) :]) / len(busted)
    return tuple(out)


@dataclass(frozen=True)
class SampledICM:
    """The chip model by Monte Carlo: each player's mean prize and its standard error."""

    values: tuple[float, ...]
    errors: tuple[float, ...]
    trials: int


def sampled_icm(
    stacks: Sequence[float],
    payouts: Sequence[float],
    trials: int = 100_000,
    seed: int = 0,
    threads: Optional[int] = None,
    model: Model = Model.MALMUTH_HARVILLE,
) -> SampledICM:
    """The chip model by Monte Carlo, for a field of any size (a multi-table tournament's payouts):
    each trial draws a finishing order with the model's chances (Malmuth-Weitzman: eliminates the
    players one by one, so a trial takes longer). Every stack holds chips. The same seed gives the
    same answer, compiled or pure, on any number of ``threads`` (None or 1: one; 0: every core; the
    GIL is released).

    >>> r = sampled_icm([5000, 3000, 2000], [70, 30], trials=20_000, seed=1)
    >>> abs(r.values[0] - 45.18) < 4 * r.errors[0]
    True
    >>> r = sampled_icm([5000, 3000, 2000], [70, 30], trials=20_000, seed=1, model=Model.MALMUTH_WEITZMAN)
    >>> abs(r.values[0] - 44.19) < 4 * r.errors[0]
    True
    """
    means, errors = _switch.evaluator.sampled_icm(stacks, payouts, trials, seed, threads, _weitzman(model))
    return SampledICM(tuple(means), tuple(errors), trials)


def _weitzman(model: object) -> bool:
    """Whether ``model``, a ``Model``, is Malmuth-Weitzman; a ``TypeError`` for anything else."""
    if not isinstance(model, Model):
        raise TypeError(f"model must be a handrank.icm.Model, got {model!r}")
    return model is Model.MALMUTH_WEITZMAN


def _after(stacks: list[float], changes: dict[int, float]) -> list[float]:
    out = list(stacks)
    for seat, change in changes.items():
        out[seat] += change
    return out


def _checked_stacks(stacks: Sequence[float]) -> list[float]:
    chips = _numbers(stacks, "stacks")
    for i, c in enumerate(chips):
        if c <= 0:
            raise ValueError(f"stacks[{i}] is {c:g}: every player here holds chips")
    return chips


def _seat(seat: object, n: int, what: str) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"{what} must be a seat from 0 to {n - 1}, got {seat!r}")
    return seat


def bubble_factors(
    stacks: Sequence[float], payouts: Sequence[float], model: Model = Model.MALMUTH_HARVILLE
) -> list[list[float]]:
    """``b[i][j]``: player i's bubble factor against player j, the prize i loses by losing an all-in
    for the smaller of their two stacks, over the prize i wins by winning it. Above 1 a chip lost
    costs more than a chip won pays, and i needs more than an even chance to call; 1 in a winner-take-all
    heads-up match. The diagonal is ``nan``; ``inf`` where winning pays nothing.

    >>> b = bubble_factors([5000, 3000, 2000], [70, 30])
    >>> round(b[0][1], 3), round(b[1][0], 3)
    (1.229, 1.72)
    """
    chips = _checked_stacks(stacks)
    now = icm(chips, payouts, model)
    out = []
    for i in range(len(chips)):
        row = []
        for j in range(len(chips)):
            if i == j:
                row.append(nan)
                continue
            risk = min(chips[i], chips[j])
            lost = now[i] - icm(_after(chips, {i: -risk, j: risk}), payouts, model)[i]
            won = icm(_after(chips, {i: risk, j: -risk}), payouts, model)[i] - now[i]
            row.append(lost / won if won > 0 else inf)
        out.append(row)
    return out


@dataclass(frozen=True)
class AllIn:
    """A call of an all-in, against folding to it: each seat's expected chips and prize either way.

    ``win``, ``tie`` and ``lose`` are the pusher's chances against the caller. ``call_gain`` is the
    prize the caller wins by calling rather than folding (below zero: fold); ``call_gain_chips`` the
    same in chips, which can say call where the prize says fold."""

    win: float
    tie: float
    lose: float
    call_chips: tuple[float, ...]
    call_money: tuple[float, ...]
    fold_chips: tuple[float, ...]
    fold_money: tuple[float, ...]
    caller: int

    @property
    def call_gain(self) -> float:
        return self.call_money[self.caller] - self.fold_money[self.caller]

    @property
    def call_gain_chips(self) -> float:
        return self.call_chips[self.caller] - self.fold_chips[self.caller]


def _posted(posted: Optional[Sequence[float]], chips: list[float]) -> list[float]:
    if posted is None:
        return [0.0] * len(chips)
    given = _numbers(posted, "posted")
    if len(given) != len(chips):
        raise ValueError(f"posted must give each of the {len(chips)} seats its chips in the pot, got {len(given)}")
    for i, (p, c) in enumerate(zip(given, chips)):
        if not 0 <= p <= c:
            raise ValueError(f"posted[{i}] is {p:g}: a seat posts from 0 up to its stack ({c:g})")
    return given


def _showdown_outcomes(
    chips: list[float], posted: list[float], pusher: int, caller: int
) -> tuple[list[float], list[float], list[float], list[float]]:
    """The stacks after the pusher wins, ties and loses the all-in, and after the caller folds. Every
    other seat's posted chips are dead money in the pot."""
    risk = min(chips[pusher], chips[caller])
    dead = sum(p for seat, p in enumerate(posted) if seat not in (pusher, caller))
    base = [c if seat in (pusher, caller) else c - p for seat, (c, p) in enumerate(zip(chips, posted))]
    win = _after(base, {pusher: risk + dead, caller: -risk})
    tie = _after(base, {pusher: dead / 2, caller: dead / 2})
    lose = _after(base, {pusher: -risk, caller: risk + dead})
    fold = _after(base, {pusher: posted[caller] + dead, caller: -posted[caller]})
    return win, tie, lose, fold


def _chances(
    pusher: Player, caller: Player, board: Cards, trials: Optional[int], seed: Optional[int]
) -> tuple[float, float, float]:
    result = equity([pusher, caller], board=board, trials=trials, seed=seed)
    mine = result.players[0]
    tie = 2 * mine.tie  # heads-up, a tie pays half the pot
    return mine.win, tie, max(0.0, 1.0 - mine.win - tie)


def _expected(chances: Sequence[float], outcomes: Sequence[Sequence[float]]) -> tuple[float, ...]:
    return tuple(sum(p * o[seat] for p, o in zip(chances, outcomes)) for seat in range(len(outcomes[0])))


def all_in(
    stacks: Sequence[float],
    payouts: Sequence[float],
    pusher: int,
    caller: int,
    pusher_hand: Player,
    caller_hand: Player,
    posted: Optional[Sequence[float]] = None,
    board: Cards = (),
    model: Model = Model.MALMUTH_HARVILLE,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
) -> AllIn:
    """The caller's choice against an all-in: each seat's chips and prize if the caller calls (by the
    two hands' or ranges' equity, ``handrank.equity``) or folds.

    ``stacks`` are the chips at the start of the hand; ``posted[seat]`` what each has put in so far
    (blinds, antes): the pusher puts in every chip, the caller matches the smaller stack, and the
    other seats' posted chips are dead money the winner takes. A fold leaves the pot to the pusher.
    A player who loses every chip finishes below every player left. The equity is ``equity``'s: every
    board when that is cheap, else Monte Carlo; ``trials`` and ``seed`` ask for a Monte Carlo of that
    many trials from that seed, the same answer in both implementations (whose budgets for counting
    every board differ).

    >>> a = all_in(
    ...     [5000, 3000, 2000], [70, 30], 0, 1, "22+, A2+, K9+, QT+", "ATo", posted=[100, 200, 0], trials=50_000, seed=1
    ... )
    >>> round(a.call_gain_chips), round(a.call_gain, 2)  # a call wins chips and loses money
    (500, -2.24)
    """
    chips = _checked_stacks(stacks)
    pusher, caller = _seat(pusher, len(chips), "pusher"), _seat(caller, len(chips), "caller")
    if pusher == caller:
        raise ValueError("the pusher and the caller are two seats")
    put_in = _posted(posted, chips)
    win, tie, lose, fold = _showdown_outcomes(chips, put_in, pusher, caller)
    chances = _chances(pusher_hand, caller_hand, board, trials, seed)
    money = [icm(stack, payouts, model) for stack in (win, tie, lose)]
    return AllIn(
        *chances,
        call_chips=_expected(chances, (win, tie, lose)),
        call_money=_expected(chances, money),
        fold_chips=tuple(fold),
        fold_money=icm(fold, payouts, model),
        caller=caller,
    )


@dataclass(frozen=True)
class Push:
    """A push against folding, for a known hand: each seat's expected chips and prize either way.

    ``call_chance`` is the chance the caller's range holds a calling hand, the pusher's cards
    removed; ``push_gain`` the prize the pusher wins by pushing rather than folding (below zero:
    fold), ``push_gain_chips`` the same in chips."""

    call_chance: float
    push_chips: tuple[float, ...]
    push_money: tuple[float, ...]
    fold_chips: tuple[float, ...]
    fold_money: tuple[float, ...]
    pusher: int

    @property
    def push_gain(self) -> float:
        return self.push_money[self.pusher] - self.fold_money[self.pusher]

    @property
    def push_gain_chips(self) -> float:
        return self.push_chips[self.pusher] - self.fold_chips[self.pusher]


def push_or_fold(
    stacks: Sequence[float],
    payouts: Sequence[float],
    pusher: int,
    caller: int,
    hand: Cards,
    calling_range: Union[str, Range],
    posted: Optional[Sequence[float]] = None,
    board: Cards = (),
    model: Model = Model.MALMUTH_HARVILLE,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
) -> Push:
    """The pusher's choice with ``hand`` against one player left to act, who calls with
    ``calling_range`` (each combo by its weight): each seat's chips and prize if the pusher pushes or
    folds. A fold leaves the pot to the caller (the small blind against the big blind, heads-up or
    when the others have folded); ``stacks``, ``posted``, ``trials`` and ``seed`` as in ``all_in``.

    >>> p = push_or_fold([1500, 1500], [1], 0, 1, "Ah Kh", "QQ+", posted=[50, 100], trials=50_000, seed=1)
    >>> round(p.call_chance, 4), round(p.push_gain_chips, 1)
    (0.0098, 144.5)
    """
    chips = _checked_stacks(stacks)
    pusher, caller = _seat(pusher, len(chips), "pusher"), _seat(caller, len(chips), "caller")
    if pusher == caller:
        raise ValueError("the pusher and the caller are two seats")
    put_in = _posted(posted, chips)
    seen = [*cards(hand), *cards(board)]
    if len(set(seen)) != len(seen):
        raise ValueError("the hand and the board share a card")
    calls = Range(calling_range).without(seen)
    live = 52 - len(seen)
    call_chance = sum(weight for _, weight in calls) / (live * (live - 1) / 2)
    win, tie, lose, steal = _showdown_outcomes(chips, put_in, pusher, caller)
    fold = [c - p for c, p in zip(chips, put_in)]
    fold[caller] += sum(put_in)
    chances = _chances(cards(hand), calls, board, trials, seed) if calls else (1.0, 0.0, 0.0)
    called = [icm(s, payouts, model) for s in (win, tie, lose)]
    money_if_called = _expected(chances, called)
    chips_if_called = _expected(chances, (win, tie, lose))
    steal_money = icm(steal, payouts, model)
    shares = (1.0 - call_chance, call_chance)
    return Push(
        call_chance,
        push_chips=_expected(shares, (steal, chips_if_called)),
        push_money=_expected(shares, (steal_money, money_if_called)),
        fold_chips=tuple(fold),
        fold_money=icm(fold, payouts, model),
        pusher=pusher,
    )
