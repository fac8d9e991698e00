"""How a hold'em range's equity is spread against another range on a board: each combo's exact
equity against every combo of the other range it fits beside and every runout, the sorted equity
curve players read off an equity graph, a histogram, and buckets of strong to trash hands.

A combo's equity is (the weight it beats + half the weight it ties) over the weight it fits beside,
counted over every card still to come; the range's equity is the mean of its combos' equities,
each weighted by the combo's weight and the weight it fits beside, which is ``equity()``'s answer.

>>> from handrank import equity
>>> d = distribution("QQ+, AK", "77+, AQ+", "Kh 7d 2c")
>>> round(d.equity, 4) == round(equity(["QQ+, AK", "77+, AQ+"], board="Kh 7d 2c").players[0].equity, 4)
True
>>> [round(share, 3) for share in d.buckets().values()]  # strong (AA, KK, AK), good (QQ), weak, trash
[0.778, 0.222, 0.0, 0.0]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, TypedDict

from . import _switch
from ._equity_plan import Player, player_range, range_table
from .cards import Cards, cards, cards_str, check_distinct, to_index
from .ranges import Range

__all__ = ["ComboEquity", "Distribution", "DistributionColumns", "distribution"]

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
    other range it fits beside (``against``, summed over every runout), its share won and tied
    and its equity."""

    combo: tuple[int, int]
    weight: float
    against: float
    win: float
    tie: float

    @property
    def equity(self) -> float:
        return self.win + self.tie / 2


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


def distribution(
    holding: Player,
    against: Player,
    board: Cards,
    dead: Cards = (),
    threads: Optional[int] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
) -> Distribution:
    """Each combo of a hold'em range (or a hand) and its equity against another range, ``dead``
    cards out of play. On a flop, a turn or a river (``board`` of 3 to 5 cards) every runout is
    counted, exactly, on ``threads`` (every core by default). Before the flop (no board) the
    runouts are too many: ``trials`` boards (``PREFLOP_BOARDS`` by default) are drawn at random,
    the same ones for a ``seed``, and each is counted exactly for every combo that misses it."""
    shown, gone = cards(board), cards(dead)
    if len(shown) not in (0, 3, 4, 5):
        raise ValueError(f"a board is a flop, a turn or a river (3 to 5 cards), or none; got {len(shown)}")
    if shown and trials is not None:
        raise ValueError("trials draw boards before the flop; with a board every runout is counted exactly")
    check_distinct([*shown, *gone], "dealt twice among the board and the dead cards")
    seen = [*shown, *gone]
    mine = Range.from_combos((c, w) for c, w in player_range(holding).without(seen) if w > 0)
    theirs = Range.from_combos((c, w) for c, w in player_range(against).without(seen) if w > 0)
    for name, r in (("the range", mine), ("the opposing range", theirs)):
        if not len(r):
            raise ValueError(f"{name} has no combo left beside the board and the dead cards")
    tables = [range_table(list(mine)), range_table(list(theirs))]
    dead_indices = [to_index(c) for c in gone]
    if shown:
        sums = _switch.evaluator.combo_showdowns(tables, [to_index(c) for c in shown], dead_indices, threads)
        drawn = 0
    else:
        drawn = PREFLOP_BOARDS if trials is None else trials
        if isinstance(drawn, bool) or not isinstance(drawn, int) or not 1 <= drawn <= MAX_BOARDS:
            raise ValueError(f"trials must be a whole number of boards from 1 to {MAX_BOARDS:,}, got {trials!r}")
        deck = [i for i in range(52) if i not in set(dead_indices)]
        draw = random.Random(seed)
        sums = [(0.0, 0.0, 0.0)] * len(mine)
        for _ in range(drawn):  # each board counted for every combo that misses it
            on_board = _switch.evaluator.combo_showdowns(tables, draw.sample(deck, 5), dead_indices, 1)
            sums = [(a + x, b + y, c + z) for (a, b, c), (x, y, z) in zip(sums, on_board)]
    out = [
        ComboEquity(combo, weight, fits, wins / fits, ties / fits)
        for (combo, weight), (wins, ties, fits) in zip(mine, sums)
        if fits > 0
    ]
    if not out:
        raise ValueError("no combo of the range fits beside a combo of the opposing range")
    return Distribution(tuple(shown), tuple(out), drawn)
