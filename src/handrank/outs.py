"""Outs: the cards that can come next and what each does for a hold'em hand against an opponent's
hand or range, on the flop or the turn.

A card is an *out* against an opponent's holding when the hand is behind it now and best (ahead
or tied) once the card is dealt. Against a range, each combo counts by its weight: a card's
``share`` is the weighted part of the combos it can come beside (those that do not hold it) that
it turns from ahead of the hand to behind or level with it. An out is *tainted* where it also
improves the opponent's hand to a better class (a pair to two pair, a straight to a flush): with a
card still to come, a hand that improved has more ways back; else it is *clean*. Each card's
``equity`` is the hand's exact equity once it is dealt.

>>> o = outs("Ah Kh", "Qs Qd", "Qh 7h 2c 3s")
>>> o.count, [card_str(x.card) for x in o.cards if x.share]  # the flush cards but the ones that pair the board
(7.0, ['4h', '5h', '6h', '8h', '9h', 'Th', 'Jh'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import _switch
from ._equity_plan import Player, holding_ranks, player_range
from .cards import Cards, card_str, cards, check_distinct, from_index
from .odds import equity
from .ranges import Range
from .ranking import hand_class

__all__ = ["Out", "Outs", "outs"]


@dataclass(frozen=True)
class Out:
    """What one card that can come does: ``share`` of the opponent's live weight it turns from ahead
    to not ahead (0 or 1 against a known hand), split into ``clean`` and ``tainted``; the hand's
    ``equity`` once it is dealt; ``live``, the opponent's weight beside it."""

    card: int
    share: float
    clean: float
    tainted: float
    equity: float
    live: float


@dataclass(frozen=True)
class Outs:
    """Every card that can come next, in deck order, and the hand's equity now."""

    hand: tuple[int, ...]
    board: tuple[int, ...]
    equity: float
    cards: tuple[Out, ...]

    @property
    def count(self) -> float:
        """The outs, each card counted by its share (a whole number against a known hand)."""
        return sum(o.share for o in self.cards)

    @property
    def clean(self) -> float:
        return sum(o.clean for o in self.cards)

    @property
    def tainted(self) -> float:
        return sum(o.tainted for o in self.cards)

    def table(self) -> str:
        """Each card that is an out, its share, clean and tainted, and the equity after it."""
        lines = [f"{'card':<6}{'out':>8}{'clean':>8}{'tainted':>9}{'equity':>9}"]
        for o in self.cards:
            if o.share:
                lines.append(f"{card_str(o.card):<6}{o.share:>8.3f}{o.clean:>8.3f}{o.tainted:>9.3f}{o.equity:>9.2%}")
        lines.append(f"{'all':<6}{self.count:>8.2f}{self.clean:>8.2f}{self.tainted:>9.2f}{self.equity:>9.2%} now")
        return "\n".join(lines)

    def grid(self) -> list[list[float]]:
        """The equity after each card as 13 rows (aces first) of 4 suits (clubs, diamonds, hearts,
        spades); ``nan`` for a card that cannot come."""
        by_card = {o.card: o.equity for o in self.cards}
        return [[by_card.get(from_index(4 * r + s), float("nan")) for s in range(4)] for r in range(12, -1, -1)]


def _holdings(against: Player, seen: Sequence[int]) -> list[tuple[tuple[int, int], float]]:
    """The opponent's combos that miss every card seen, with their weights."""
    live = [(combo, w) for combo, w in player_range(against).without(list(seen)) if w > 0]
    if not live:
        raise ValueError("the opponent's holding has no combo left beside the hand, the board and the dead cards")
    return live


def outs(hand: Cards, against: Player, board: Cards, dead: Cards = ()) -> Outs:
    """The outs of a hold'em ``hand`` against an opponent's hand or range on a flop or a turn
    (``board`` of 3 or 4 cards), with ``dead`` cards out of play."""
    hole, shown, gone = cards(hand), cards(board), cards(dead)
    if len(hole) != 2:
        raise ValueError(f"a hand is two hole cards, got {len(hole)}")
    if len(shown) not in (3, 4):
        raise ValueError(f"outs are counted on a flop or a turn: 3 or 4 board cards, got {len(shown)}")
    check_distinct([*hole, *shown, *gone], "dealt twice among the hand, the board and the dead cards")
    seen = [*hole, *shown, *gone]
    holdings = _holdings(against, seen)
    opponent = Range.from_combos(holdings)
    mine_now = _switch.evaluator.evaluate([*hole, *shown])
    theirs_now = holding_ranks(holdings, shown)
    now = equity([list(hole), opponent], board=shown, dead=gone, exact=True, force=True).players[0].equity
    result = []
    for index in range(52):
        c = from_index(index)
        if c in seen:
            continue
        after = [*shown, c]
        mine = _switch.evaluator.evaluate([*hole, *after])
        beside = [(i, h) for i, h in enumerate(holdings) if c not in h[0]]
        if not beside:
            continue
        theirs = holding_ranks([h for _, h in beside], after)
        live = clean = tainted = 0.0
        won = 0.0
        for (i, (_, weight)), rank in zip(beside, theirs):
            live += weight
            won += weight if mine < rank else weight / 2 if mine == rank else 0.0
            if theirs_now[i] < mine_now and mine <= rank:  # behind before the card, best after it
                if hand_class(rank) < hand_class(theirs_now[i]):
                    tainted += weight
                else:
                    clean += weight
        if len(after) == 5:
            after_equity = won / live
        else:
            after_equity = (
                equity([list(hole), opponent], board=after, dead=gone, exact=True, force=True).players[0].equity
            )
        result.append(Out(c, (clean + tainted) / live, clean / live, tainted / live, after_equity, live))
    return Outs(tuple(hole), tuple(shown), now, tuple(result))
