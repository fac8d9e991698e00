"""An equity question planned once: the players' live combos, how the work is done (the exact
route and its cost, or Monte Carlo), and the parts it is cut into, each a value that carries
everything its kernel needs, worked out once when the plan is made, and runs anywhere (``run``)
to a ``Tally``; tallies add up. ``handrank.odds`` asks the question and reads the answer.

A part calls its kernel by reference, never by name, and the kernel checks only what C itself
reads: the plan did the rest once for all its parts.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod
from typing import NamedTuple, Optional, Union

from . import _switch
from ._kernels.equity import deal_classes, fold_factor, range_parts, sources, suit_symmetries
from ._kernels.sampling import MAX_TRIALS, alias_table
from ._kernels.threads import balanced_bounds, even_bounds
from ._tables import BLOCK_SEED_STEP, MAX_PLAYERS, SAMPLING_BLOCK
from .cards import INDEX_OF, Cards, cards, check_distinct, to_index
from .ranges import Range


class Tally(NamedTuple):
    """What a part counted: per player equity units and wins, the squared units (Monte Carlo only,
    for the standard error), the weight of every deal and board counted, and the boards dealt.
    Tallies of the parts of one plan add up (``+``) to the tally of the whole."""

    units: tuple[float, ...]
    wins: tuple[float, ...]
    squares: Optional[tuple[int, ...]]
    weight: float
    boards: int

    def __add__(self, other: object) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        squares = None
        if self.squares is not None and other.squares is not None:
            squares = tuple(a + b for a, b in zip(self.squares, other.squares))
        return Tally(
            tuple(a + b for a, b in zip(self.units, other.units)),
            tuple(a + b for a, b in zip(self.wins, other.wins)),
            squares,
            self.weight + other.weight,
            self.boards + other.boards,
        )


@dataclass(frozen=True)
class SampledPart:
    """Monte Carlo: ``trials`` deals from block ``seed`` on, each player's combos and alias table."""

    tables: list[tuple[array[int], array[float], array[int]]]
    board: list[int]
    dead: list[int]
    trials: int
    seed: int

    @property
    def work(self) -> int:
        """The trials it deals."""
        return self.trials

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, squares, boards = _switch.evaluator.sampled_showdowns(
            self.tables, self.board, self.dead, self.trials, self.seed, threads=threads
        )
        return Tally(tuple(units), tuple(wins), tuple(squares), boards, boards)


@dataclass(frozen=True)
class KnownHandsPart:
    """Exact, every hand known: every completion of the board."""

    holes: list[list[int]]
    board: list[int]
    dead: list[int]

    @property
    def work(self) -> int:
        """The boards it counts."""
        return _boards(self.board, self.dead, sum(len(h) for h in self.holes))

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, _, boards = _switch.evaluator.exact_showdowns(self.holes, self.board, self.dead, threads=threads)
        return Tally(tuple(units), tuple(wins), None, boards, boards)


@dataclass(frozen=True)
class DealsPart:
    """Exact ranges, deal by deal: a slice of the deal classes, each with its weight and how many
    deals it stands for."""

    deals: array[int]
    weights: array[float]
    times: array[int]
    board: list[int]
    dead: list[int]

    @property
    def work(self) -> int:
        """The boards it counts: every board of each of its deals."""
        return len(self.weights) * _boards(self.board, self.dead, len(self.deals) // len(self.weights))

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, weight, boards = _switch.evaluator.exact_deal_showdowns(
            self.deals, self.weights, self.times, self.board, self.dead, threads=threads
        )
        return Tally(tuple(units), tuple(wins), None, weight, boards)


@dataclass(frozen=True)
class RangePart:
    """Exact ranges, board by board: the boards whose first dealt card is in ``firsts``, with the
    suit renamings that fold boards together (``group``) and each player's source (the first with
    the very same range), worked out once for the whole plan."""

    players: list[tuple[array[int], array[float]]]
    board: list[int]
    dead: list[int]
    firsts: tuple[int, int]
    group: list[tuple[int, ...]]
    sources: list[int]

    @property
    def work(self) -> int:
        """The boards it counts (each against every deal of the ranges that fits it)."""
        need = 5 - len(self.board)
        left = 52 - len(self.board) - len(self.dead)
        return sum(comb(left - j - 1, need - 1) if need else 1 for j in range(*self.firsts))

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, weight, boards = _switch.evaluator.exact_range_showdowns(
            self.players, self.board, self.dead, self.firsts, threads=threads, group=self.group, sources=self.sources
        )
        return Tally(tuple(units), tuple(wins), None, weight, boards)


Part = Union[SampledPart, KnownHandsPart, DealsPart, RangePart]
"""Any part of an equity plan; its ``work`` (trials or boards) measures how long it takes beside the others."""


def _boards(board: list[int], dead: list[int], held: int) -> int:
    """The boards that complete ``board`` from the cards neither on it, dead nor among ``held`` hole cards."""
    return comb(52 - len(board) - len(dead) - held, 5 - len(board))


def total(tallies: Sequence[Tally]) -> Tally:
    """The tallies added up in their order (the same floating-point sums whatever ran them)."""
    out = tallies[0]
    for tally in tallies[1:]:
        out = out + tally
    return out


Player = Union[str, Range, Sequence[Union[int, str]]]
"""A known hand (``"AhKh"``, two cards) or a range (``"QQ+, AKs"``, a ``Range``)."""


EXACT_BUDGET = {"cython": 120_000_000, "python": 300_000}
"""Evaluations that ``exact=None`` still enumerates (``exact_work``): about a second of work."""


DEFAULT_TRIALS = {"cython": 1_000_000, "python": 20_000}
"""The Monte Carlo trials ``equity`` deals when not given ``trials``, by implementation."""


TRIALS_PER_SECOND = {"cython": 20_000_000, "python": 60_000}
"""Monte Carlo trials a second on one core, heads-up (measured here: 24 million and 79,000)."""


def player_range(p: Player) -> Range:
    """A range from a hand or a range; a known hand is a one-combo range."""
    if isinstance(p, Range):
        return p
    if isinstance(p, str):
        return _text_player(p)
    return Range.from_combos(_hand_combo(cards(p), p))


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
    return Range.from_combos(_hand_combo(hole, p))


def _live_player(p: Player) -> Union[Range, list[tuple[tuple[int, int], float]]]:
    """``player_range``, but a hand given as cards is its one combo, with no Range made for it."""
    return player_range(p) if isinstance(p, (Range, str)) else _hand_combo(cards(p), p)


def _hand_combo(hole: list[int], p: Player) -> list[tuple[tuple[int, int], float]]:
    if len(hole) != 2:
        raise ValueError(f"a hand is two hole cards, got {len(hole)}: {p!r}")
    return [((hole[0], hole[1]), 1.0)]


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
    ranges = [_live_player(p) for p in players]
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


def range_table(combos: list[tuple[tuple[int, int], float]]) -> tuple[array[int], array[float]]:
    """Combos and their weights as the range kernels take them: card indices, two a combo, and weights."""
    return _combo_indices(combos), array("d", [w for _, w in combos])


def holding_ranks(combos: list[tuple[tuple[int, int], float]], board: Cards) -> Sequence[int]:
    """Each combo's hold'em rank with the ``board`` (3 to 5 cards), in the order given."""
    pairs = memoryview(_combo_indices(combos)).cast("B", (len(combos), 2))
    return _switch.evaluator.evaluate_holdem(pairs, board)


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

    >>> from handrank.odds import combine, equity, run_part
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
