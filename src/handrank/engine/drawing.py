"""The draw games' draw: a player throws cards away and is dealt as many new ones, from a stub
that is reshuffled with the discards when it runs short; and, in a game with openers, the new
deal when no one opens (docs/rules.md#a-hand-of-draw)."""

from __future__ import annotations

from typing import Protocol, Union

from ..cards import Deck, cards_str
from .betting import BettingRound
from .dealing import ScriptedDeck, card_list
from .events import Drew, Event, Redealt, Reshuffled
from .legal import IllegalAction, Legal


class _Drawn(Protocol):
    """What a draw reads and changes of the hand."""

    holes: dict[int, list[int]]
    round: BettingRound
    _deck: Union[Deck, ScriptedDeck]
    _pile: list[int]

    def legal(self) -> Legal: ...
    def _record(self, event: Event) -> None: ...
    def _begin_betting(self) -> None: ...
    def _post_forced_bets(self) -> None: ...
    def _deal_hole_cards(self) -> None: ...


class Drawing:
    """``Hand.draw``, for the draw games."""

    def draw(self: _Drawn, discards: object = ()) -> None:
        """The player to draw throws away ``discards`` (none: stands pat) and is dealt as many new
        cards, in their places. When the stub, less its last card, is too short, the discards and
        burns are shuffled with it into a new stub first (docs/rules.md#a-hand-of-draw)."""
        legal = self.legal()
        if legal.draw is None:
            raise IllegalAction(f"seat {legal.seat} is not to draw: legal actions are {', '.join(legal.actions)}")
        seat, thrown, hole = legal.seat, card_list(discards), self.holes[legal.seat]
        if not set(thrown) <= set(hole):
            raise IllegalAction(f"seat {seat} holds {cards_str(hole)}: it cannot throw away {cards_str(thrown)}")
        self.round.to_act.pop(0)
        if len(self._deck) - 1 < len(thrown):  # the stub's last card is never dealt
            self._record(Reshuffled(self._deck.refill(self._pile)))
            self._pile = []
        drawn = iter(self._deck.deal(len(thrown)))
        self.holes[seat] = [next(drawn) if c in thrown else c for c in hole]
        self._pile += thrown
        self._record(Drew(seat, thrown, [c for c in self.holes[seat] if c not in hole]))
        if not self.round.to_act:
            self._begin_betting()

    def _redeal(self: _Drawn) -> None:
        """No one opened: every card goes back into a new shuffled deck, each player still in antes
        again into the same pot, and the hand is dealt again."""
        dealt = [c for seat in sorted(self.holes) for c in self.holes[seat]]
        self._record(Redealt(self._deck.refill(dealt + self._pile)))
        self._pile = []
        self._post_forced_bets()
        self._deal_hole_cards()
        self._begin_betting()
