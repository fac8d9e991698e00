"""Push or fold at a table of 2 to 10 players, first in: each seat in turn pushes all in or folds
until one pushes, then each seat after it calls or folds, knowing who called before it.

The game is played over a seeded sample of deals (every seat's two cards and the board), so that
multiway pots, side pots and the cards the others hold are counted as they fall; the answer is the
equilibrium of that sample, which comes closer to the game's as the sample grows. Regret matching
(CFR+) runs over the sample until no seat gains more than the tolerance a hand by a best response
to the others, and that gain, each seat's, is reported."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Optional, Union

from . import _switch
from ._kernels.table_push_fold import CLASSES, TableGame
from ._kernels.tournament import _numbers
from ._preflop import pair_classes
from .icm import Model, _weitzman
from .ranges import Range, grid_classes, hand_classes

DEALS = 50_000
"""The deals a game is played over unless told: each seat holds an offsuit class about 450 times,
a suited one about 150, a pair about 230."""

BOARDS = 4
"""The boards dealt to each deal's hands unless told: a showdown's value is their mean."""

Spot = tuple[int, Optional[int], tuple[int, ...]]
"""A decision: the seat to act, the seat that pushed (None: none has, the seat is first in) and the
seats that called it since."""


def seat_names(players: int) -> tuple[str, ...]:
    """The seats from first to act to the big blind, as the solvers name them: LJ, HJ, CO, BTN, SB, BB
    at six (the last of them at fewer), UTG, UTG+1 and so on before them at more."""
    late = ("LJ", "HJ", "CO", "BTN", "SB", "BB")
    if players <= len(late):
        return late[len(late) - players :]
    early = ["UTG"] + [f"UTG+{k}" for k in range(1, players - len(late))]
    return (*early, *late)


@dataclass(frozen=True)
class TablePushFold:
    """An equilibrium of push or fold at a table. ``seats`` name the seats from first to act to the
    big blind; ``gains[seat]`` is what that seat would win a hand by its best response to the others
    (big blinds in chips, else prize); ``deals`` and ``seed`` the sample it was found over."""

    seats: tuple[str, ...]
    stacks: tuple[float, ...]
    blinds: tuple[float, float]
    ante: float
    payouts: Optional[tuple[float, ...]]
    spots: dict[Spot, dict[str, float]]
    gains: tuple[float, ...]
    iterations: int
    deals: int
    seed: int

    @property
    def exploitability(self) -> float:
        return sum(self.gains)

    def seat(self, seat: Union[int, str]) -> int:
        if isinstance(seat, str):
            if seat not in self.seats:
                raise ValueError(f"seat must be one of {', '.join(self.seats)}, got {seat!r}")
            return self.seats.index(seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise ValueError(f"seat must be a name or a number from 0 to {len(self.seats) - 1}, got {seat!r}")
        return seat

    def spot(
        self, seat: Union[int, str], pusher: Union[int, str, None] = None, callers: Sequence[Union[int, str]] = ()
    ) -> Spot:
        """The decision of ``seat`` first in (no ``pusher``), or facing ``pusher``'s push after
        ``callers`` called it, checked to be one the game has."""
        key = (
            self.seat(seat),
            None if pusher is None else self.seat(pusher),
            tuple(sorted(self.seat(c) for c in callers)),
        )
        if key not in self.spots:
            raise ValueError(
                "no such decision: a seat before the big blind pushes first in; a seat after the pusher "
                "calls, after callers between the two"
            )
        return key

    def push(self, seat: Union[int, str]) -> dict[str, float]:
        """How often each class pushes from ``seat`` when every seat before it has folded."""
        return self.spots[self.spot(seat)]

    def call(
        self, seat: Union[int, str], pusher: Union[int, str], callers: Sequence[Union[int, str]] = ()
    ) -> dict[str, float]:
        """How often each class calls from ``seat`` against ``pusher``, after ``callers`` called."""
        return self.spots[self.spot(seat, pusher, callers)]

    def title(self, spot: Spot) -> str:
        seat, pusher, callers = spot
        if pusher is None:
            return f"{self.seats[seat]} pushes"
        after = f" after {', '.join(self.seats[c] for c in callers)} called" if callers else ""
        return f"{self.seats[seat]} calls {self.seats[pusher]}{after}"

    def share(self, spot: Spot) -> float:
        """The share of all hands that play at ``spot``, each class by its combos."""
        frequencies = self.spots[spot]
        return sum(frequencies[name] * len(Range(name)) for name in hand_classes()) / 1326

    def chart(self, spot: Spot) -> str:
        """The 13x13 grid of how often each class plays at ``spot``, in percent."""
        frequencies = self.spots[spot]
        lines = [self.title(spot)]
        for row in grid_classes():
            lines.append(" ".join(f"{name:>4}{round(100 * frequencies[name]):>4}" for name in row))
        return "\n".join(lines)


def _tree(
    stacks: list[float], blinds: tuple[float, float], ante: float
) -> tuple[list[Spot], list[int], list[int], list[int], list[float]]:
    """The decisions in order (each before the ones after it), each one's two children (a later
    decision, or ``~t`` for terminal t), and each terminal's seats in and chips put in."""
    n = len(stacks)
    posted = [ante] * n
    posted[n - 2] += blinds[0]
    posted[n - 1] += blinds[1]
    spots: list[Spot] = []
    children: list[list[int]] = []
    live: list[int] = []
    paid: list[float] = []

    def terminal(pusher: int, callers: tuple[int, ...]) -> int:
        put = posted.copy()
        put[pusher] = stacks[pusher]
        for c in callers:
            put[c] = ante + min(stacks[c] - ante, stacks[pusher] - ante)
        live.append(sum(1 << seat for seat in (pusher, *callers)))
        paid.extend(put)
        return ~(len(live) - 1)

    def decision(spot: Spot) -> int:
        spots.append(spot)
        children.append([0, 0])
        return len(spots) - 1

    def respond(pusher: int, seat: int, callers: tuple[int, ...]) -> int:
        if seat == n:
            return terminal(pusher, callers)
        k = decision((seat, pusher, callers))
        children[k] = [respond(pusher, seat + 1, (*callers, seat)), respond(pusher, seat + 1, callers)]
        return k

    def first_in(seat: int) -> int:
        if seat == n - 1:  # every seat folded to the big blind
            return terminal(n - 1, ())
        k = decision((seat, None, ()))
        children[k] = [respond(seat, seat + 1, ()), first_in(seat + 1)]
        return k

    first_in(0)
    return spots, [c[0] for c in children], [c[1] for c in children], live, paid


def _class_of() -> bytes:
    """The class of each pair of card indices, either order, in ``hand_classes`` order (``pair_classes``' table)."""
    out = bytearray(52 * 52)
    for (x, y), number in zip(combinations(range(52), 2), pair_classes()):
        out[x * 52 + y] = out[y * 52 + x] = number
    return bytes(out)


def push_fold_table(
    stacks: Sequence[float],
    blinds: tuple[float, float] = (0.5, 1.0),
    ante: float = 0.0,
    payouts: Optional[Sequence[float]] = None,
    model: Model = Model.MALMUTH_HARVILLE,
    deals: int = DEALS,
    boards: int = BOARDS,
    seed: int = 0,
    iterations: int = 200,
    tolerance: Optional[float] = None,
    threads: Optional[int] = None,
) -> TablePushFold:
    """Push or fold first in at a table of 2 to 10 seats: ``stacks`` from the first to act to the
    big blind (chips before the hand), ``blinds`` the small and the big blind, ``ante`` each seat's.
    Played for chips (the gains in big blinds), or with ``payouts`` for prizes by the chip model of
    the table's stacks (a final table; the gains in prize). A call matches the push, or puts in a
    shorter stack; no betting follows. Over ``deals`` seeded deals; stops after ``iterations``, or
    once no seat gains more than ``tolerance`` a hand (a thousandth of a big blind, or a
    hundred-thousandth of the prizes). ``threads``: None or 1 one, 0 every core; the same answer on any.

    >>> r = push_fold_table([10, 10, 10], deals=500, iterations=50)
    >>> r.seats, round(r.push("BTN")["AA"], 2), round(r.push("BTN")["72o"], 2)
    (('BTN', 'SB', 'BB'), 1.0, 0.0)
    """
    chips = _numbers(stacks, "stacks")
    if not 2 <= len(chips) <= 10:
        raise ValueError(f"a table has 2 to 10 seats, got {len(chips)} stacks")
    small, big = _numbers(blinds, "blinds") if len(blinds) == 2 else (0.0, 0.0)
    (each,) = _numbers([ante], "ante")
    if not 0 < small <= big or each < 0:
        raise ValueError(f"blinds are 0 < small <= big and the ante not below zero, got {blinds!r}, {ante!r}")
    for seat, chip in enumerate(chips):
        if chip <= each + big:
            raise ValueError(f"stacks[{seat}] is {chip:g}: every stack covers more than the ante and the big blind")
    prizes = None if payouts is None else _numbers(payouts, "payouts")
    if prizes is not None and (not 0 < len(prizes) <= len(chips) or any(p < 0 for p in prizes) or not any(prizes)):
        raise ValueError(f"payouts are 1 to {len(chips)} prizes from first place down, none below zero, some above")
    spots, push_child, fold_child, live, paid = _tree(chips, (small, big), each)
    game = TableGame(
        len(chips),
        array("i", [spot[0] for spot in spots]),
        array("i", push_child),
        array("i", fold_child),
        array("i", live),
        array("d", paid),
        array("d", chips),
        0.0 if prizes else 1.0 / big,
        array("d", prizes + [0.0] * (len(chips) - len(prizes)) if prizes else []),
        bool(prizes) and _weitzman(model),
        _class_of(),
    )
    if tolerance is None:
        tolerance = 1e-5 * sum(prizes) if prizes else 1e-3
    cards, ranks = _switch.evaluator.table_deals(len(chips), deals, boards, seed)
    strategy, gains, done = _switch.evaluator.table_push_fold_solve(game, cards, ranks, iterations, tolerance, threads)
    names = hand_classes()
    return TablePushFold(
        seat_names(len(chips)),
        tuple(chips),
        (small, big),
        each,
        None if prizes is None else tuple(prizes),
        {spot: dict(zip(names, strategy[k * CLASSES : k * CLASSES + CLASSES])) for k, spot in enumerate(spots)},
        tuple(gains),
        done,
        deals,
        seed,
    )
