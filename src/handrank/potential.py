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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional, cast

from . import _switch
from ._board_rows import board_groups
from ._equity_plan import Player, player_range, range_table
from ._kernels.core import new_array
from .cards import Cards, cards, check_distinct, from_index, to_index

__all__ = ["Potential", "PotentialColumns", "potential", "potential_many", "potentials"]


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


def _from_sums(sums: Sequence[float]) -> Potential:
    """A hand's potential from the kernel's sums: the nine counts, the squares, the runouts counted
    and the weights ahead, tied and behind now."""
    table = (tuple(sums[0:3]), tuple(sums[3:6]), tuple(sums[6:9]))
    ahead, tied, behind = (sum(row) for row in table)  # each holding once a runout it fits
    now_ahead, now_tied, now_behind = sums[11:14]
    hs = (now_ahead + now_tied / 2) / (now_ahead + now_tied + now_behind)
    (_, at, ab), (ta, _, tb), (ba, bt, _) = table
    ppot = (ba + bt / 2 + ta / 2) / (behind + tied / 2) if behind + tied else 0.0
    npot = (ab + at / 2 + tb / 2) / (ahead + tied / 2) if ahead + tied else 0.0
    ehs2 = sums[9] / sums[10] if sums[10] else 0.0
    return Potential(hs, ppot, npot, hs * (1 - npot) + (1 - hs) * ppot, ehs2, table)  # type: ignore[arg-type]


def potentials(
    hands: Player, board: Cards, against: Optional[Player] = None, dead: Cards = (), threads: Optional[int] = None
) -> dict[tuple[int, int], Potential]:
    """The strength and potential of every combo of ``hands`` (a range or a hand; ``"random"``
    for every hand) on a flop or a turn against ``against`` (every two cards left by default),
    each counted as ``potential`` counts one hand, on ``threads`` (every core by default). A combo
    that meets no holding is left out."""
    shown, gone = cards(board), cards(dead)
    if len(shown) not in (3, 4):
        raise ValueError(f"potential is counted on a flop or a turn: 3 or 4 board cards, got {len(shown)}")
    check_distinct([*shown, *gone], "dealt twice among the board and the dead cards")
    mine = [(combo, w) for combo, w in player_range(hands).without([*shown, *gone]) if w > 0]
    if not mine:
        raise ValueError("the hands have no combo left beside the board and the dead cards")
    sums = _tables(mine, shown, gone, against, threads)
    return {combo: _from_sums(s) for (combo, _), s in zip(mine, sums) if sum(s[11:14]) > 0}


@dataclass(frozen=True)
class PotentialColumns:
    """``potential_many``'s answer: a column a measure, a value a row (numpy arrays of float64 when
    given numpy, else ``array('d')``)."""

    hs: Any
    ppot: Any
    npot: Any
    ehs: Any
    ehs2: Any


def potential_many(
    hands: object, boards: object, against: Optional[Player] = None, dead: Cards = (), threads: Optional[int] = None
) -> PotentialColumns:
    """The strength and potential of each row, for abstraction builders: ``hands[i]`` (two 0-51 card
    indices, an ``(n, 2)`` integer array) on ``boards[i]`` (an ``(n, 3)`` or ``(n, 4)`` array)
    against ``against`` (every two cards left by default), each as ``potential`` counts it. The rows
    are grouped by board (its cards in any order), and each board's hands are counted at once, as
    ``potentials`` counts a range, on ``threads`` (every core by default).

    >>> import numpy as np
    >>> columns = potential_many(np.array([[49, 40]]), np.array([[6, 8, 38]]))  # Ad Qc on 3h 4c Jh
    >>> round(float(columns.ppot[0]), 3)
    0.208
    """
    gone = [to_index(c) for c in cards(dead)]
    hand_rows, rows_by_board = board_groups(hands, boards, (3, 4), gone)
    columns = [new_array(hands, (len(hand_rows),), "d") for _ in range(5)]
    for board_key, rows in rows_by_board.items():
        shown = [from_index(i) for i in board_key]
        combos = sorted({tuple(sorted(hand_rows[row])) for row in rows})
        mine = [((from_index(a), from_index(b)), 1.0) for a, b in combos]
        found = dict(zip(combos, _tables(mine, shown, [from_index(i) for i in gone], against, threads)))
        for row in rows:
            sums = found[tuple(sorted(hand_rows[row]))]
            if not any(sums[11:14]):
                raise ValueError(
                    f"row {row}: the opponent's holding has no combo left beside the hand, the board and the dead cards"
                )
            p = _from_sums(sums)
            for (_, view), value in zip(columns, (p.hs, p.ppot, p.npot, p.ehs, p.ehs2)):
                cast(Any, view)[row] = value  # a view of doubles
    return PotentialColumns(*(result for result, _ in columns))


def _tables(
    mine: list[tuple[tuple[int, int], float]],
    shown: list[int],
    gone: list[int],
    against: Optional[Player],
    threads: Optional[int],
) -> list[tuple[float, ...]]:
    """The kernel's sums for each of ``mine`` on the board ``shown`` against ``against``'s combos
    that fit beside the board and the dead cards."""
    seen = [*shown, *gone]
    theirs = [(combo, w) for combo, w in player_range("random" if against is None else against).without(seen) if w > 0]
    if not theirs:
        raise ValueError("the opponent's holding has no combo left beside the board and the dead cards")
    return _switch.evaluator.potential_tables(
        [range_table(mine), range_table(theirs)], [to_index(c) for c in shown], [to_index(c) for c in gone], threads
    )


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
    holding = player_range("random" if against is None else against)
    live = [(combo, w) for combo, w in holding.without([*hole, *shown, *gone]) if w > 0]
    if not live:
        raise ValueError("the opponent's holding has no combo left beside the hand, the board and the dead cards")
    (sums,) = _switch.evaluator.potential_tables(
        [range_table([((hole[0], hole[1]), 1.0)]), range_table(live)],
        [to_index(c) for c in shown],
        [to_index(c) for c in gone],
        1,
    )
    return _from_sums(sums)
