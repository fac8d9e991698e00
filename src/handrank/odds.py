"""Equity: each player's share of the pot, by enumerating every board or by Monte Carlo.

>>> r = equity(["AhKh", "QsQd"], board="2c 7d 9h Js")  # six outs among 44 river cards
>>> r.exact, round(r.players[0].equity, 4), round(sum(p.equity for p in r.players), 12)
(True, 0.1364, 1.0)
"""

from __future__ import annotations

import os
from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from math import comb, prod, sqrt
from typing import Any, Optional, Union

from . import _preflop, _switch
from ._equity_parts import DealsPart, KnownHandsPart, Part, RangePart, SampledPart, Tally, total
from ._kernels.equity import deal_classes, fold_factor, range_parts, sources, suit_symmetries
from ._kernels.sampling import MAX_TRIALS, alias_table
from ._kernels.threads import balanced_bounds, even_bounds
from ._tables import BLOCK_SEED_STEP, MAX_PLAYERS, SAMPLING_BLOCK, TIE_UNITS
from .cards import INDEX_OF, Cards, card_str, cards, check_distinct, to_index
from .ranges import Range, hand_classes

Player = Union[str, Range, Sequence[Union[int, str]]]
"""A known hand (``"AhKh"``, two cards) or a range (``"QQ+, AKs"``, a ``Range``)."""

EXACT_BUDGET = {"cython": 120_000_000, "python": 300_000}
"""Evaluations that ``exact=None`` still enumerates (``exact_work``): about a second of work."""
DEFAULT_TRIALS = {"cython": 1_000_000, "python": 20_000}
TRIALS_PER_SECOND = {"cython": 20_000_000, "python": 60_000}
"""Monte Carlo trials a second on one core, heads-up (measured here: 24 million and 79,000)."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: ``equity`` = ``win`` + ``tie``, shares of the pot from 0 to 1."""

    equity: float
    win: float  # from boards won alone
    tie: float  # from boards split with others
    stderr: Optional[float]  # Monte Carlo standard error of ``equity``; None when exact


@dataclass(frozen=True)
class EquityResult:
    """``players`` in the order given; ``boards`` counts the boards enumerated or the trials dealt."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    boards: int

    def to_dict(self) -> dict[str, Any]:
        return {"players": [asdict(p) for p in self.players], "exact": self.exact, "boards": self.boards}


def _player(p: Player) -> Range:
    """A range from a hand or a range; a known hand is a one-combo range."""
    if isinstance(p, Range):
        return p
    if isinstance(p, str):
        return _text_player(p)
    return _hand(cards(p), p)


@lru_cache(maxsize=64)
def _text_player(p: str) -> Range:
    """``_player`` of a text, kept: a range does not change once made, and bots ask again and again
    (64 of them: about 200 KB each at most, a random hand's)."""
    try:
        hole = cards(p)
    except ValueError:
        return Range(p)
    if len(hole) != 2:
        try:
            return Range(p)  # explicit combos: "AhAd, AhAc"
        except ValueError:
            pass
    return _hand(hole, p)


def _hand(hole: list[int], p: Player) -> Range:
    if len(hole) != 2:
        raise ValueError(f"a hand is two hole cards, got {len(hole)}: {p!r}")
    return Range.from_combos([((hole[0], hole[1]), 1.0)])


def equity(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
    force: bool = False,
) -> EquityResult:
    """Each player's equity, win and tie shares, for 2 to 10 players holding hands or ranges.

    ``exact=None`` enumerates every board (and every deal of the ranges) when
    that is cheap, else deals ``trials`` Monte Carlo hands; ``exact=True`` or
    ``False`` forces either. Monte Carlo is deterministic for a ``seed``, on any
    number of ``threads``. Ranges never share a card with each other, the
    board, the dead cards or the known hands. With ``progress``, the work runs in
    about 100 parts (``equity_plan``) and ``progress(done, parts)`` is called after
    each: the same answer (for weighted ranges, to the last bits of rounding). Work asked for
    that is estimated at over ``LONG_WORK`` seconds on one core (``exact=True`` on a large
    enumeration, or a great many ``trials``) raises ``ValueError`` with the estimate, unless
    ``force=True``.
    """
    plan = equity_plan(players, board, dead, exact, trials, seed, parts=1 if progress is None else 100)
    if not force and plan.seconds > LONG_WORK:
        if plan.exact:
            raise ValueError(
                f"exact enumeration would take about {duration(plan.seconds)} on one core: use Monte Carlo "
                "(exact=None or False; a standard error comes with it), or pass force=True to wait"
            )
        raise ValueError(
            f"{trials:,} trials would take about {duration(plan.seconds)} on one core: ask for fewer "
            "(the error shrinks as one over their root), or pass force=True to wait"
        )
    results = []
    for part in plan.parts:
        results.append(run_part(part, threads))
        if progress is not None:
            progress(len(results), len(plan.parts))
    return combine(plan, results)


def preflop_order(trials: Optional[int] = None, seed: int = 1) -> tuple[str, ...]:
    """The 169 starting-hand classes, best first, by all-in equity against one random hand: exact
    (every deal and every board, from the shipped win counts: instant), or with ``trials`` Monte
    Carlo trials a class (``seed``). ``ranges.PREFLOP_ORDER`` holds the exact order.

    >>> preflop_order()[:8]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs')
    """
    if trials is None:
        share = preflop_against_random()
    else:
        share = {c: equity([c, "random"], trials=trials, seed=seed).players[0].equity for c in hand_classes()}
    return tuple(sorted(share, key=lambda c: -share[c]))


def preflop_against_random() -> dict[str, float]:
    """Each of the 169 starting-hand classes' exact all-in equity against one random hand (every
    deal and every board, from the shipped win counts: instant, the same in either implementation).

    >>> round(preflop_against_random()["AA"], 4), round(preflop_against_random()["72o"], 4)
    (0.852, 0.3458)
    """
    share = {}
    for a, row in _class_showdowns(hand_classes()).items():  # the random hand: each class by its deals that fit
        share[a] = sum(deals * s for deals, s in row.values()) / sum(deals for deals, _ in row.values())
    return share


LONG_WORK = 60
"""Seconds of estimated work past which ``equity`` and the command line refuse unless forced."""


def duration(seconds: float) -> str:
    """``'45 hours'``, ``'3 minutes'``, ``'12 seconds'``: an estimate as people say it."""
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def exact_work(players: Sequence[Player], board: Cards = (), dead: Cards = ()) -> int:
    """The evaluations exact enumeration takes for these players, in the cheaper of two ways.
    Known hands: ``BOARDS_COST``, for the boards are counted by ranks. Ranges, deal by deal: one
    deal of each class that a renaming of the suits keeps the question for, each ``BOARDS_COST``.
    Ranges, board by board: each board dealt (again one of a class) ranks every live combo once,
    then counts the deals: twice the combos heads-up, the combos and a quarter of the deals for
    more players. ``EXACT_BUDGET`` of them take about a second.

    >>> exact_work(["AhKh", "QsQd"]) == BOARDS_COST[5]
    True
    """
    return _route(_deal(players, board, dead)).work


def seconds_for(work: int) -> float:
    """About how long ``work`` board evaluations take on one core of this machine's class."""
    return work / EXACT_BUDGET[_switch.IMPLEMENTATION]


def seconds_for_trials(trials: int, players: int) -> float:
    """About how long ``trials`` Monte Carlo deals for ``players`` take on one core."""
    return trials * players / 2 / TRIALS_PER_SECOND[_switch.IMPLEMENTATION]


BOARDS_COST = {5: 102_000, 4: 18_000, 3: 2_400, 2: 600, 1: 300, 0: 250}
"""What counting every board of one deal of known hands costs (``exact_showdowns``), in
evaluations, by the board cards still to come (measured: 0.85 ms preflop, 2-5 us from the flop)."""
DEAL_LIMIT = 200_000
"""Deals of the ranges past which they are never taken one by one (their classes are found in Python)."""
DEAL_SETUP = 400
"""What finding one deal of the ranges and its class costs, in evaluations."""


@dataclass(frozen=True)
class _Deal:
    live: list[list[tuple[tuple[int, int], float]]]  # each player's combos that miss the known cards
    board: list[int]  # indices
    dead: list[int]


@dataclass(frozen=True)
class _Route:
    work: int  # exact_work
    part: type[Part]  # how the work is done: KnownHandsPart, DealsPart or RangePart
    group: list[tuple[int, ...]]  # the renamings of the suits that keep the question (ranges only)
    indexed: list[tuple[list[int], list[float]]]  # the live combos as the kernels take them (ranges only)
    sources: list[int]  # each player's first player with the very same range (ranges only)


def _deal(players: Sequence[Player], board: Cards, dead: Cards) -> _Deal:
    """The players' live combos, and the board and dead cards as indices, checked."""
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"expected 2 to {MAX_PLAYERS} players, got {len(players)}")
    board_cards, dead_cards = cards(board), cards(dead)
    if len(board_cards) > 5:
        raise ValueError(f"expected at most 5 board cards, got {len(board_cards)}")
    ranges = [_player(p) for p in players]
    known = [c for r in ranges if len(r) == 1 for combo, _ in r for c in combo]
    fixed = board_cards + dead_cards
    check_distinct(fixed + known, "dealt twice among the known hands, the board and the dead cards")
    live = []
    # Players alike (six random hands) share one list, which the tables and the kernels' checks then
    # work out once: the same range with the same cards left out.
    shared: dict[tuple[int, frozenset[int]], list[tuple[tuple[int, int], float]]] = {}
    for i, r in enumerate(ranges):
        others = [
            c for j, other in enumerate(ranges) if j != i and len(other) == 1 for combo, _ in other for c in combo
        ]
        blocked = frozenset(fixed + others)
        left = shared.get((id(r), blocked))
        if left is None:
            left = shared[id(r), blocked] = [(c, w) for c, w in r if c[0] not in blocked and c[1] not in blocked]
        if not left:
            raise ValueError(f"player {i}'s range has no combo left beside the known cards")
        live.append(left)
    return _Deal(live, [to_index(c) for c in board_cards], [to_index(c) for c in dead_cards])


def _route(deal: _Deal) -> _Route:
    """The exact work and how it is done: Monte Carlo needs none of it, and the renamings alone
    take tens of milliseconds for wide ranges."""
    live, board_idx, dead_idx = deal.live, deal.board, deal.dead
    need = 5 - len(board_idx)
    if all(len(r) == 1 for r in live):
        return _Route(BOARDS_COST[need], KnownHandsPart, [], [], [])
    indexed = [([to_index(c) for combo, _ in r for c in combo], [w for _, w in r]) for r in live]
    group = suit_symmetries(indexed, board_idx, dead_idx)
    source = sources(indexed)
    ranked = sum(len(live[i]) for i, j in enumerate(source) if j == i)
    deals = prod(len(r) for r in live)
    per_board = 2 * ranked if len(live) == 2 else ranked + deals // 4
    by_boards = int(comb(52 - len(board_idx) - len(dead_idx), need) * per_board / fold_factor(group))
    by_deals = int(deals * (BOARDS_COST[need] / fold_factor(group) + DEAL_SETUP))
    if deals <= DEAL_LIMIT and by_deals < by_boards:
        return _Route(by_deals, DealsPart, group, indexed, source)
    return _Route(by_boards, RangePart, group, indexed, source)


def _combo_indices(combos: list[tuple[tuple[int, int], float]]) -> array[int]:
    """A range's combos as the kernels take them: two 0-51 indices each, one after the other."""
    return array("B", [INDEX_OF[c] for combo, _ in combos for c in combo])  # a range's cards are cards


def _result(
    units: Sequence[float],
    wins: Sequence[float],
    squares: Optional[Sequence[int]],
    weight: float,
    boards: int,
    exact: bool,
) -> EquityResult:
    players = []
    for i in range(len(units)):
        eq = units[i] / TIE_UNITS / weight
        win = wins[i] / weight
        stderr = None
        if squares is not None:
            variance = max(squares[i] / TIE_UNITS**2 / weight - eq * eq, 0.0)
            stderr = sqrt(variance / weight)
        players.append(PlayerEquity(eq, win, eq - win, stderr))
    return EquityResult(tuple(players), exact, boards)


@dataclass(frozen=True)
class EquityPlan:
    """``equity`` cut into parts that can run anywhere and in any order: ``run_part`` each, then
    ``combine`` the results. Monte Carlo parts are runs of the seeded blocks of 1,024 deals, so
    combined they are exactly the answer of one call. Exact known hands are one part (a millisecond
    or so); exact ranges are split by deals, or by the first dealt board card (the range kernel's own
    parts): the same sums as one call."""

    parts: tuple[Part, ...]  # each with what its kernel needs, worked out once here
    exact: bool
    seconds: float  # about how long the parts take on one core (seconds_for, seconds_for_trials)


def equity_plan(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    parts: int = 64,
) -> EquityPlan:
    """``equity``'s work for these arguments in up to about ``parts`` parts.

    >>> plan = equity_plan(["AhKh", "QQ+"], trials=5000, seed=1, parts=3)
    >>> len(plan.parts), combine(plan, [run_part(p) for p in plan.parts]) == equity(["AhKh", "QQ+"], trials=5000, seed=1)
    (3, True)
    """
    if type(parts) is not int or parts < 1:
        raise ValueError(f"parts must be an int of 1 or more, got {parts!r}")
    if trials is not None and (type(trials) is not int or not 1 <= trials <= MAX_TRIALS):
        raise ValueError(f"trials must be None or an int from 1 to 2**48, got {trials!r}")
    deal = _deal(players, board, dead)
    live, board_idx, dead_idx = deal.live, deal.board, deal.dead
    implementation = _switch.IMPLEMENTATION
    # How exact enumeration would run, unless Monte Carlo is asked for (trials given, or exact False).
    route = _route(deal) if exact or (exact is None and trials is None) else None
    if route is None or (exact is None and route.work > EXACT_BUDGET[implementation]):
        trials = DEFAULT_TRIALS[implementation] if trials is None else trials
        seed = int.from_bytes(os.urandom(8), "little") if seed is None else seed
        table_of: dict[int, tuple[array[int], array[float], array[int]]] = {}  # a table for each list of live combos
        for combos in live:
            if id(combos) not in table_of:
                prob, alias = alias_table([w for _, w in combos])
                table_of[id(combos)] = (_combo_indices(combos), array("d", prob), array("i", alias))
        tables = [table_of[id(combos)] for combos in live]
        blocks = -(-trials // SAMPLING_BLOCK)
        per_part = -(-blocks // min(parts, blocks))
        sampled = []
        for first in range(0, blocks, per_part):
            count = min(per_part * SAMPLING_BLOCK, trials - first * SAMPLING_BLOCK)
            shifted = (seed + first * BLOCK_SEED_STEP) % 2**64  # block k of the part is block first + k of the whole
            sampled.append(SampledPart(tables, board_idx, dead_idx, count, shifted))
        return EquityPlan(tuple(sampled), False, seconds_for_trials(trials, len(live)))
    if route.part is KnownHandsPart:
        holes = [[to_index(c) for c in combos[0][0]] for combos in live]
        if len({c for h in holes for c in h}) < 2 * len(holes):
            raise ValueError("the ranges leave no deal in which the hands fit together")
        return EquityPlan((KnownHandsPart(holes, board_idx, dead_idx),), True, seconds_for(route.work))
    if route.part is DealsPart:
        deals, weights, times = deal_classes(route.indexed, board_idx, dead_idx, route.group)
        if not weights:
            raise ValueError("the ranges leave no deal in which the hands fit together")
        k = len(live)
        by_deals: list[Part] = []
        for lo, hi in even_bounds(len(weights), min(parts, len(weights))):
            slices = (array("B", deals[2 * k * lo : 2 * k * hi]), array("d", weights[lo:hi]), array("q", times[lo:hi]))
            by_deals.append(DealsPart(*slices, board_idx, dead_idx))
        return EquityPlan(tuple(by_deals), True, seconds_for(route.work))
    n_deck, need = 52 - len(board_idx) - len(dead_idx), 5 - len(board_idx)
    firsts = range_parts(n_deck, need)
    boards_under = [comb(n_deck - j - 1, need - 1) if need else 1 for j in range(firsts)]
    ranged: list[Part] = []
    kernel_form = [(array("B", combos), array("d", w)) for combos, w in route.indexed]
    for lo, hi in balanced_bounds(boards_under, min(parts, firsts)):
        ranged.append(RangePart(kernel_form, board_idx, dead_idx, (lo, hi), route.group, route.sources))
    return EquityPlan(tuple(ranged), True, seconds_for(route.work))


def run_part(part: Part, threads: Optional[int] = None) -> Tally:
    """One part of an ``EquityPlan``, run: its ``Tally``."""
    return part.run(threads)


def combine(plan: EquityPlan, results: Sequence[Tally]) -> EquityResult:
    """The ``EquityResult`` of a plan from its parts' tallies, in the plan's order."""
    tally = total(results)
    if not plan.exact:
        return _result(tally.units, tally.wins, tally.squares, tally.weight, tally.boards, exact=False)
    if not tally.boards:
        raise ValueError("the ranges leave no deal in which the hands fit together")
    return _result(tally.units, tally.wins, None, tally.weight, tally.boards, exact=True)


def preflop_table(
    hand: Player, trials: int = 20_000, seed: int = 0, threads: Optional[int] = None, exact: bool = False
) -> dict[str, float]:
    """``hand``'s heads-up preflop equity against each of the 169 starting-hand classes: Monte Carlo
    (``trials`` a class), or with ``exact=True`` every board of every deal (a few seconds).

    >>> table = preflop_table("AhKh", trials=2000)
    >>> len(table), 0.25 < table["QQ"] < 0.6
    (169, True)
    """
    hero = _player(hand)
    if exact:
        return {
            cls: equity([hero, Range(cls)], exact=True, threads=threads, force=True).players[0].equity
            for cls in hand_classes()
        }
    return {
        cls: equity([hero, Range(cls)], trials=trials, seed=seed, threads=threads).players[0].equity
        for cls in hand_classes()
    }


def preflop_matrix(classes: Optional[Sequence[str]] = None) -> dict[str, dict[str, float]]:
    """Exact heads-up all-in equity of each starting-hand class against each (``hand_classes`` order,
    every deal of the two and every board weighted alike): ``m["AKs"]["QQ"]`` is AKs's share against QQ.

    ``m[a][b] + m[b][a] == 1`` (to rounding) and ``m[a][a] == 0.5``. Read from win counts shipped
    with the package (``handrank._preflop``), so instant, and the same in either implementation.

    >>> m = preflop_matrix(["AA", "KK", "72o"])
    >>> round(m["AA"]["KK"], 4), m["KK"]["KK"], round(m["72o"]["AA"] + m["AA"]["72o"], 12)
    (0.8195, 0.5, 1.0)
    """
    names = list(hand_classes() if classes is None else classes)
    return {a: {b: share for b, (_, share) in row.items()} for a, row in _class_showdowns(names).items()}


def _class_showdowns(names: Sequence[str]) -> dict[str, dict[str, tuple[int, float]]]:
    """For each pair of the classes named: the deals of a combo of each that fit, and the first's
    exact equity over them and every board (the shipped win counts, ``_preflop``)."""
    every = hand_classes()
    combos = {name: [combo for combo, _ in Range(name)] for name in names}  # a ValueError for what is not a range
    unknown = [name for name in names if name not in every]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not one of the 169 starting-hand classes (such as 'AKs', 'QQ', '72o')")
    wins, place = _preflop.read_wins(), {name: i for i, name in enumerate(every)}
    holding = {name: Counter(c for combo in combos[name] for c in combo) for name in names}
    table: dict[str, dict[str, tuple[int, float]]] = {}
    for a in names:
        row = table[a] = {}
        for b in names:
            n_a, n_b = len(combos[a]), len(combos[b])
            shared = sum(n * holding[b][c] for c, n in holding[a].items()) - (n_a if a == b else 0)
            deals = n_a * n_b - shared
            total = deals * _preflop.BOARDS  # every deal of the two, every board
            i, j = place[a], place[b]
            row[b] = deals, (total + wins[169 * i + j] - wins[169 * j + i]) / (2 * total)
    return table


def describe_player(p: Player) -> str:
    """How a player was given, for printing: ``'Ah Kh'`` or the range text."""
    r = _player(p)
    if len(r) == 1 and not isinstance(p, Range):
        ((combo, _),) = list(r)
        return " ".join(card_str(c) for c in combo)
    return str(r.text)
