"""The showdown: the order hands are shown in, which may be mucked, and what each shown hand is.

The rules are written in docs/rules.md#the-showdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import Callable, Optional, Union

from ..cards import cards_str
from ..games import Game, Strength
from ..rules import Settlement, settle
from ..seats import clockwise_after, clockwise_from
from .result import Shown
from .stakes import Rake


def show_order(live: Sequence[int], button: int, last_aggressor: Optional[int]) -> list[int]:
    """The order hands are shown: the last bettor or raiser of the final round first, or with no
    bet then, the first seat left of the button; then on clockwise."""
    if last_aggressor is not None and last_aggressor in live:
        return clockwise_from(last_aggressor, live)
    return clockwise_after(button, live)


def shown(game: Game, hole: list[int], board: list[int]) -> Shown:
    """A hand turned up: its cards, its high rank and words, and any qualifying low's words."""
    strength = game.strength(hole, board)
    high, low = game.describe(strength)
    return Shown(cards_str(hole), strength.high, high, low)


def muckers(order: Sequence[int], strengths: Mapping[int, Strength], settlement: Settlement) -> list[int]:
    """The seats that may muck: at its turn to show, a hand that can win or tie no part of any pot it
    is in against the hands shown before it. ``settlement`` is the one with every hand shown."""
    pots = [pot.eligible for pot in settlement.pots]
    best_high: list[Optional[int]] = [None] * len(pots)
    best_low: list[Optional[int]] = [None] * len(pots)
    mucked = []
    for seat in order:
        high, low = strengths[seat]
        mine = [i for i, eligible in enumerate(pots) if seat in eligible]
        may_win = any(
            best_high[i] is None
            or high <= best_high[i]  # type: ignore[operator]
            or low is not None
            and (best_low[i] is None or low <= best_low[i])  # type: ignore[operator]
            for i in mine
        )
        if not may_win:
            mucked.append(seat)
            continue
        for i in mine:
            best_high[i] = high if best_high[i] is None else min(high, best_high[i])  # type: ignore[type-var]
            if low is not None:
                best_low[i] = low if best_low[i] is None else min(low, best_low[i])  # type: ignore[type-var]
    return mucked


def settle_hand(
    game: Game,
    button: int,
    committed: Mapping[int, int],
    dead: Mapping[int, int],
    out: Set[int],
    shown: Mapping[int, list[int]],
    boards: list[list[int]],
    rake: Union[Rake, int, None],
    past_first_street: bool,
) -> Settlement:
    """The pots of a hand: what each seat put in (its ``dead`` money apart), the seats ``out`` of
    the showdown (folded, or mucked), the hands ``shown`` on each of the ``boards``, less the rake
    (a ``Rake``, or the chips a record says it took; none from a hand that ended on its first
    street, with a ``Rake``'s no flop, no drop)."""
    contributions = {s: committed[s] - dead[s] for s in committed}
    folded = set(out)
    if button not in contributions:  # a button seat sitting out still orders the odd chips
        contributions[button] = 0
        folded.add(button)
    flop_dealt = past_first_street
    taken: Union[int, Callable[[int], int]] = (
        rake or 0 if rake is None or isinstance(rake, int) else lambda pot: rake.of(pot, flop_dealt)
    )
    many = len(boards) > 1
    return settle(
        contributions,
        button=button,
        folded=sorted(folded),
        hands=shown,
        boards=boards if many else None,
        board=() if many else boards[0],
        dead=dead,
        rake=taken,
        game=game,
    )
