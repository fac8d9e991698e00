"""Hand strength and potential, as bot and abstraction builders use them (after Billings et al.):
how often a hold'em hand is ahead now, how often the cards to come carry it from behind to ahead
(positive potential) or from ahead to behind (negative potential), and the expected strength
once they are dealt, counted exactly over every opponent holding and every runout.

For an opponent's holding (every two cards left, or a range, each combo by its weight) the hand
is *ahead*, *tied* or *behind* now and again once the board is complete; the table of those
nine counts over every holding and runout that fit together gives:

- ``hs``, the hand's strength now: (ahead + tied / 2) / all;
- ``ppot``: of the holdings it is behind or tied with now, the share it ends ahead of, or tied
  with from behind (ties counting half: (BA + BT / 2 + TA / 2) / (B + T / 2));
- ``npot``: the same from ahead to behind ((AB + AT / 2 + TB / 2) / (A + T / 2));
- ``ehs``: the effective strength, hs (1 - npot) + (1 - hs) ppot;
- ``ehs2``: the mean, over the runouts, of the square of the hand's strength on the river.

>>> p = potential("Ad Qc", "3h 4c Jh")  # the hand-potential paper's worked example
>>> round(p.hs, 3), round(p.ppot, 3), round(p.npot, 3)
(0.585, 0.208, 0.274)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Optional

from . import _switch
from ._equity_plan import Player, holding_ranks, player_range
from .cards import DECK, Cards, cards, check_distinct

__all__ = ["Potential", "potential"]


@dataclass(frozen=True)
class Potential:
    """A hand's strength and potential against a holding (see the module's words); ``table`` holds
    the nine weighted counts, ``table[now][later]`` with 0 ahead, 1 tied, 2 behind."""

    hs: float
    ppot: float
    npot: float
    ehs: float
    ehs2: float
    table: tuple[tuple[float, float, float], ...]


def _state(mine: int, theirs: int) -> int:
    return 0 if mine < theirs else 1 if mine == theirs else 2


def potential(hand: Cards, board: Cards, against: Optional[Player] = None, dead: Cards = ()) -> Potential:
    """The strength and potential of a hold'em ``hand`` on a flop or a turn (``board`` of 3 or 4
    cards) against ``against`` (a hand or a range; every two cards left by default), counted over
    every holding and every runout to the river."""
    hole, shown, gone = cards(hand), cards(board), cards(dead)
    if len(hole) != 2:
        raise ValueError(f"a hand is two hole cards, got {len(hole)}")
    if len(shown) not in (3, 4):
        raise ValueError(f"potential is counted on a flop or a turn: 3 or 4 board cards, got {len(shown)}")
    check_distinct([*hole, *shown, *gone], "dealt twice among the hand, the board and the dead cards")
    seen = {*hole, *shown, *gone}
    holding = player_range("random" if against is None else against)
    live = [(combo, w) for combo, w in holding.without(list(seen)) if w > 0]
    if not live:
        raise ValueError("the opponent's holding has no combo left beside the hand, the board and the dead cards")
    mine_now = _switch.evaluator.evaluate([*hole, *shown])
    now = [_state(mine_now, r) for r in holding_ranks(live, shown)]
    table = [[0.0, 0.0, 0.0] for _ in range(3)]
    squares = runouts = 0.0
    deck = [c for c in DECK if c not in seen]
    for runout in combinations(deck, 5 - len(shown)):
        full = [*shown, *runout]
        beside = [(i, h) for i, h in enumerate(live) if not set(h[0]) & set(runout)]
        if not beside:
            continue
        mine = _switch.evaluator.evaluate([*hole, *full])
        strength = total = 0.0
        for (i, (_, weight)), rank in zip(beside, holding_ranks([h for _, h in beside], full)):
            later = _state(mine, rank)
            table[now[i]][later] += weight
            strength += weight if later == 0 else weight / 2 if later == 1 else 0.0
            total += weight
        squares += (strength / total) ** 2
        runouts += 1
    ahead, tied, behind = (sum(row) for row in table)  # each holding once a runout it fits
    weights = [w for _, w in live]
    hs = sum(w if state == 0 else w / 2 if state == 1 else 0.0 for w, state in zip(weights, now)) / sum(weights)
    (_, at, ab), (ta, _, tb), (ba, bt, _) = table
    ppot = (ba + bt / 2 + ta / 2) / (behind + tied / 2) if behind + tied else 0.0
    npot = (ab + at / 2 + tb / 2) / (ahead + tied / 2) if ahead + tied else 0.0
    return Potential(
        hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot, squares / runouts, tuple((a, t, b) for a, t, b in table)
    )
