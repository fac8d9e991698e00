"""How a hold'em range's equity is spread against one or more other ranges on a board: each
combo's exact equity against every deal of the others' combos it fits beside and every runout, the
sorted equity curve players read off an equity graph, a histogram, and buckets of strong to trash
hands.

A deal of the opponents' combos weighs the product of their weights. A combo's equity is (the
weight of the deals it wins alone + its share of the pots it ties, a k-way tie 1/k of one) over the
weight of the deals it fits beside, counted over every card still to come; the range's equity is
the mean of its combos' equities, each weighted by the combo's weight and the weight it fits
beside, which is ``equity()``'s answer.

>>> from handrank import equity
>>> d = distribution("QQ+, AK", "77+, AQ+", "Kh 7d 2c")
>>> round(d.equity, 4) == round(equity(["QQ+, AK", "77+, AQ+"], board="Kh 7d 2c").players[0].equity, 4)
True
>>> [round(share, 3) for share in d.buckets().values()]  # strong (AA, KK, AK), good (QQ), weak, trash
[0.778, 0.222, 0.0, 0.0]
>>> three = distribution("QQ+, AK", ["77+, AQ+", "JJ-88"], "Kh 7d 2c 9s")  # against two players
>>> exact = equity(["QQ+, AK", "77+, AQ+", "JJ-88"], board="Kh 7d 2c 9s", exact=True)
>>> round(three.equity, 4) == round(exact.players[0].equity, 4)
True
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb, prod
from typing import Any, Optional, TypedDict, Union, cast

from . import _switch
from ._board_rows import board_groups
from ._equity_plan import Player, player_range, range_table, seconds_for
from ._holdings_order import cards_one_an_item
from ._kernels.core import new_array
from .cards import Cards, cards, cards_str, check_distinct, from_index, to_index
from .ranges import Range

__all__ = ["ComboEquity", "Distribution", "DistributionColumns", "EquityColumns", "distribution", "distribution_many"]

BUCKETS = {"strong": 0.75, "good": 0.5, "weak": 0.33}
"""The default buckets' lower edges: a combo is in the first whose edge its equity reaches, else trash."""


class DistributionColumns(TypedDict):
    """``Distribution.to_dict``: one row a combo, in the range's order."""

    combo: list[str]
    weight: list[float]
    equity: list[float]
    win: list[float]
    tie: list[float]


@dataclass(frozen=True)
class ComboEquity:
    """One combo of the range: its cards (high first) and weight, and, against the weight of the
    opponents' deals it fits beside (``against``, summed over every runout), the shares of it won
    alone (``win``) and tied (``tie``), the share of the pot its ties bring (``tie_share``: half of
    ``tie`` heads-up) and its equity."""

    combo: tuple[int, int]
    weight: float
    against: float
    win: float
    tie: float
    tie_share: float

    @property
    def equity(self) -> float:
        return self.win + self.tie_share


@dataclass(frozen=True)
class Distribution:
    """A range's combos (``combos``, in the range's order, the ones that fit beside none of the
    other range left out) with their equities against another range on ``board``."""

    board: tuple[int, ...]
    combos: tuple[ComboEquity, ...]
    sampled: int = 0
    """Before the flop, the boards drawn at random to count on (each counted exactly); else 0:
    every runout is counted."""

    @property
    def equity(self) -> float:
        """The range's equity: each combo's by its weight and the weight it fits beside."""
        weights = [c.weight * c.against for c in self.combos]
        return sum(w * c.equity for w, c in zip(weights, self.combos)) / sum(weights)

    def _weights(self) -> list[float]:
        total = sum(c.weight for c in self.combos)
        return [c.weight / total for c in self.combos]

    def curve(self) -> list[tuple[float, float]]:
        """The equity graph: the combos best first, each as (the share of the range's weight up to
        and including it, its equity)."""
        ranked = sorted(self.combos, key=lambda c: -c.equity)
        total = sum(c.weight for c in ranked)
        out, running = [], 0.0
        for combo in ranked:
            running += combo.weight
            out.append((running / total, combo.equity))
        return out

    def histogram(self, bins: int = 10) -> list[float]:
        """The share of the range's weight with equity in each of ``bins`` equal parts of 0 to 1
        (the last part closed: equity 1 falls in it)."""
        if isinstance(bins, bool) or not isinstance(bins, int) or bins < 1:
            raise ValueError(f"bins must be a whole number of at least 1, got {bins!r}")
        out = [0.0] * bins
        for combo, weight in zip(self.combos, self._weights()):
            out[min(int(combo.equity * bins), bins - 1)] += weight
        return out

    def buckets(self, edges: Optional[dict[str, float]] = None) -> dict[str, float]:
        """The share of the range's weight in each bucket: ``edges`` maps each bucket's name to its
        lowest equity, highest first (``BUCKETS`` by default: strong from 75 %, good from 50 %,
        weak from 33 %); what reaches none is ``trash``."""
        edges = dict(BUCKETS if edges is None else edges)
        lows = list(edges.values())
        if any(not 0 <= low <= 1 for low in lows) or lows != sorted(lows, reverse=True) or "trash" in edges:
            raise ValueError(f"bucket edges run from high to low within 0 to 1, none named trash; got {edges}")
        out = {name: 0.0 for name in [*edges, "trash"]}
        for combo, weight in zip(self.combos, self._weights()):
            name = next((name for name, low in edges.items() if combo.equity >= low), "trash")
            out[name] += weight
        return out

    def to_dict(self) -> DistributionColumns:
        """Columns, one row a combo, ready for ``pandas.DataFrame``."""
        return {
            "combo": [cards_str(c.combo) for c in self.combos],
            "weight": [c.weight for c in self.combos],
            "equity": [c.equity for c in self.combos],
            "win": [c.win for c in self.combos],
            "tie": [c.tie for c in self.combos],
        }


PREFLOP_BOARDS = 2000
"""The boards drawn before the flop when ``trials`` is not given: about two seconds for every hand
against every hand, each combo's equity within about a percentage point."""


MAX_BOARDS = 1_000_000
"""The most boards drawn before the flop: about a quarter of an hour, every hand against every hand."""


LONG_WORK = 60
"""Seconds of estimated work past which ``distribution`` refuses unless forced."""


def distribution(
    holding: Player,
    against: Union[Player, Sequence[Player]],
    board: Cards,
    dead: Cards = (),
    threads: Optional[int] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    force: bool = False,
) -> Distribution:
    """Each combo of a hold'em range (or a hand) and its equity against another range, or against
    several (a list of ranges or hands: a list of cards one an item is one hand), ``dead`` cards out
    of play. On a flop, a turn or a river (``board`` of 3 to 5 cards) every runout is counted,
    exactly, on ``threads`` (every core by default). Before the flop (no board) the runouts are too
    many: ``trials`` boards (``PREFLOP_BOARDS`` by default) are drawn at random, the same ones for a
    ``seed``, and each is counted exactly for every combo that misses it. Against several ranges
    every deal of their combos is walked on every board: work past ``LONG_WORK`` seconds is refused
    unless ``force`` is true."""
    shown, gone = cards(board), cards(dead)
    if len(shown) not in (0, 3, 4, 5):
        raise ValueError(f"a board is a flop, a turn or a river (3 to 5 cards), or none; got {len(shown)}")
    if shown and trials is not None:
        raise ValueError("trials draw boards before the flop; with a board every runout is counted exactly")
    drawn = 0 if shown else PREFLOP_BOARDS if trials is None else trials
    if not shown and (isinstance(drawn, bool) or not isinstance(drawn, int) or not 1 <= drawn <= MAX_BOARDS):
        raise ValueError(f"trials must be a whole number of boards from 1 to {MAX_BOARDS:,}, got {trials!r}")
    check_distinct([*shown, *gone], "dealt twice among the board and the dead cards")
    seen = [*shown, *gone]
    mine = Range.from_combos((c, w) for c, w in player_range(holding).without(seen) if w > 0)
    if not len(mine):
        raise ValueError("the range has no combo left beside the board and the dead cards")
    theirs = _opponents(against, seen)
    boards, counts = drawn or comb(52 - len(seen), 5 - len(shown)), [len(mine), *(len(w) for _, w in theirs)]
    what = f"{boards:,} boards, each walking every deal of {' x '.join(map(str, counts))} combos"
    _refuse_long(_walk_seconds(boards, counts), what, force)
    tables = [range_table(list(mine)), *theirs]
    dead_indices = [to_index(c) for c in gone]
    if shown:
        sums = _switch.evaluator.combo_showdowns(tables, [to_index(c) for c in shown], dead_indices, threads)
    else:
        deck = [i for i in range(52) if i not in set(dead_indices)]
        draw = random.Random(seed)
        sums = [(0.0, 0.0, 0.0, 0.0)] * len(mine)
        for _ in range(drawn):  # each board counted for every combo that misses it
            on_board = _switch.evaluator.combo_showdowns(tables, draw.sample(deck, 5), dead_indices, 1)
            sums = [tuple(a + b for a, b in zip(old, new)) for old, new in zip(sums, on_board)]
    out = [_combo(combo, weight, s) for (combo, weight), s in zip(mine, sums) if s[3] > 0]
    if not out:
        raise ValueError("no combo of the range fits beside a deal of the opposing ranges")
    return Distribution(tuple(shown), tuple(out), drawn)


@dataclass(frozen=True)
class EquityColumns:
    """``distribution_many``'s answer, a value a row (numpy arrays of float64 when given numpy, else
    ``array('d')``): the shares of the opponents' deals won alone and tied, and the equity."""

    win: Any
    tie: Any
    equity: Any


def distribution_many(
    hands: object,
    boards: object,
    against: Union[Player, Sequence[Player]],
    dead: Cards = (),
    threads: Optional[int] = None,
    force: bool = False,
) -> EquityColumns:
    """Each row's exact equity, for abstraction builders: ``hands[i]`` (two 0-51 card indices, an
    ``(n, 2)`` integer array) on ``boards[i]`` (an ``(n, 3)``, ``(n, 4)`` or ``(n, 5)`` array) against
    ``against`` (a range or hand, or a list of them), each as ``distribution`` counts a combo. The
    rows are grouped by board (its cards in any order) and each board's hands counted at once, on
    ``threads`` (every core by default).

    >>> import numpy as np
    >>> columns = distribution_many(np.array([[51, 47], [41, 40]]), np.array([[46, 21, 0]] * 2), "77+, AQ+")
    >>> [round(float(e), 4) for e in columns.equity]  # AsKs and QdQc on Kh 7d 2c
    [0.7685, 0.546]
    """
    gone = [to_index(c) for c in cards(dead)]
    hand_rows, rows_by_board = board_groups(hands, boards, (3, 4, 5), gone)
    columns = [new_array(hands, (len(hand_rows),), "d") for _ in range(3)]
    theirs = _opponents(against, [from_index(i) for i in gone])  # the kernel skips the combos a board holds
    hands_by_board = {
        key: sorted({tuple(sorted(hand_rows[row])) for row in rows}) for key, rows in rows_by_board.items()
    }
    seconds = sum(
        _walk_seconds(comb(52 - len(key) - len(gone), 5 - len(key)), [len(combos), *(len(w) for _, w in theirs)])
        for key, combos in hands_by_board.items()
    )
    _refuse_long(seconds, f"{len(hands_by_board):,} boards of rows against {len(theirs)} ranges", force)
    for board_key, rows in rows_by_board.items():
        combos = hands_by_board[board_key]
        mine = array("B", [c for combo in combos for c in combo]), array("d", [1.0] * len(combos))
        found = dict(zip(combos, _switch.evaluator.combo_showdowns([mine, *theirs], board_key, gone, threads)))
        for row in rows:
            sums = found[tuple(sorted(hand_rows[row]))]
            if not sums[3]:
                raise ValueError(
                    f"row {row}: no deal of the opposing ranges fits beside the hand, the board and the dead cards"
                )
            c = _combo((0, 0), 1.0, sums)
            for (_, view), value in zip(columns, (c.win, c.tie, c.equity)):
                cast(Any, view)[row] = value  # a view of doubles
    return EquityColumns(*(result for result, _ in columns))


def _combo(combo: tuple[int, int], weight: float, sums: Sequence[float]) -> ComboEquity:
    """A combo's equity from ``combo_showdowns``' sums: won alone, tied, the ties' share, all."""
    wins, ties, share, fits = sums
    return ComboEquity(combo, weight, fits, wins / fits, ties / fits, share / fits)


def _opponents(against: Union[Player, Sequence[Player]], seen: list[int]) -> list[tuple[array[int], array[float]]]:
    """The opposing ranges' tables, each less the combos holding a card of ``seen``: one range or
    hand, or a list of them (a list of cards one an item is one hand)."""
    one = isinstance(against, (str, Range)) or cards_one_an_item(against)
    given = cast(list[Player], [against] if one else list(against))
    if not given:
        raise ValueError("a distribution is against one range or more, got none")
    out = []
    for i, p in enumerate(given):
        live = [(c, w) for c, w in player_range(p).without(seen) if w > 0]
        if not live:
            name = "the opposing range" if len(given) == 1 else f"opposing range {i + 1}"
            raise ValueError(f"{name} has no combo left beside the board and the dead cards")
        out.append(range_table(live))
    return out


def _walk_seconds(boards: int, counts: list[int]) -> float:
    """About how long ``boards`` boards take against several ranges, each walking every deal of the
    combos (``counts`` of them, the first range's first): about 3 ns a deal, measured. Heads-up a
    board is a sweep of both ranges, bounded by the boards: nothing to refuse."""
    return 0.0 if len(counts) == 2 else seconds_for(boards * (sum(counts) + prod(counts) // 2))


def _refuse_long(seconds: float, what: str, force: bool) -> None:
    """Refuse, unless forced, work estimated past ``LONG_WORK`` seconds."""
    if not force and seconds > LONG_WORK:
        raise ValueError(f"about {seconds:,.0f} s of work ({what}): narrow the ranges, or pass force=True to wait")
