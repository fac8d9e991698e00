"""What a hand is at any moment, read-only: its stakes and positions, the street, the actor, the
pot, its log as plain data and its state. ``Hand`` plays it."""

from __future__ import annotations

from typing import Any, Optional, Union

from ..cards import cards_str
from ..games import Game
from ..seats import clockwise_after
from .betting import BettingRound
from .events import Event, Log, to_json
from .forced import Positions, next_table
from .legal import IllegalAction, Legal
from .result import HandResult
from .setup import HandSetup
from .stakes import Rake, Stakes


class HandView:
    """The read-only side of a ``Hand``: everything here reads the state the phases keep."""

    setup: HandSetup
    stakes: Stakes
    game: Game
    button: int
    hole_cards: int
    runs: int
    rake: Union[Rake, int, None]
    muck: bool
    mucks: frozenset[int]
    seats: list[int]
    sitting_out: list[int]
    starting: dict[int, int]
    stacks: dict[int, int]
    holes: dict[int, list[int]]  # every card a seat was dealt, face down and up
    up: dict[int, list[int]]  # a stud game's cards dealt face up
    board: list[int]
    boards: list[list[int]]  # every board once the hand is over: more than one when run again
    burned: list[int]
    committed: dict[int, int]  # this hand, antes included
    bets: dict[int, int]  # this street
    dead: dict[int, int]  # dead money this hand: a big-blind ante, dead blinds
    folded: set[int]
    result: Optional[HandResult]
    positions: Positions
    round: BettingRound
    _street: int
    _events: list[Union[Event, dict[str, Any]]]
    _log: Log

    @property
    def small_blind(self) -> int:
        return self.stakes.small_blind

    @property
    def big_blind(self) -> int:
        return self.stakes.big_blind

    @property
    def ante(self) -> int:
        return self.stakes.ante

    @property
    def limit(self) -> str:
        return self.stakes.limit

    @property
    def street(self) -> str:
        """The street being played (the last one once the hand is over)."""
        return self.game.streets[self._street].name

    @property
    def small_blind_seat(self) -> Optional[int]:
        return self.positions.small_blind

    @property
    def big_blind_seat(self) -> Optional[int]:
        return self.positions.big_blind

    @property
    def blind_seats(self) -> list[int]:
        return self.positions.blinds

    @property
    def straddle_seats(self) -> tuple[int, ...]:
        return self.positions.straddlers

    @property
    def dealer(self) -> int:
        """The seat that acts last after the flop: the button; heads-up with the button's seat empty,
        the small blind, which then plays as the button."""
        return self.positions.dealer

    @property
    def actor(self) -> Optional[int]:
        """The seat to act, or None when the hand is over or no one can act."""
        return self.round.to_act[0] if self.round.to_act and self.result is None else None

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far, antes and blinds included."""
        return sum(self.committed.values())

    @property
    def live(self) -> list[int]:
        """The seats still in the hand."""
        return [s for s in self.seats if s not in self.folded]

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def log(self) -> Log:
        """Every event so far as plain data, the start first: the JSON log (``to_json``)."""
        log, events = self._log, self._events
        for event in events[len(log) :]:
            log.append(event if isinstance(event, dict) else event.to_dict())
        return log

    def _opener(self) -> int:
        """The first to act this street: by the cards showing in a stud game (the door card brings it
        in), else left of the last blind or straddle before the flop, left of the dealer after it."""
        opening = self.game.opening
        if opening is None:
            return self.positions.first_to_act if self._street == 0 else clockwise_after(self.dealer, self.seats)[0]
        if self._street == 0:
            return opening.bring_in({s: self.up[s][0] for s in self.seats})
        return opening.first(self.up, [s for s in self.setup.order if s in self.live])

    @property
    def next_button(self) -> int:
        """The seat the button moves to for the next hand: the next one left with chips."""
        return self._next_table()[1]

    def _next_table(self) -> tuple[dict[int, int], int]:
        if self.result is None:
            raise IllegalAction("the hand is not over")
        return next_table(self.stacks, self.sitting_out, self.button)

    # ---- what a player may do ------------------------------------------------------------------

    def legal(self) -> Legal:
        """What the player to act may do now (``IllegalAction`` when no one is to act)."""
        seat = self.actor
        if seat is None:
            raise IllegalAction("no one is to act: the hand is over" if self.is_over else "no one is to act")
        if self.round.drawing:
            return Legal(seat, 0, False, False, None, None, None, None, draw=len(self.holes[seat]))
        return self.round.legal(seat, self)

    def pot_fraction(self, fraction: float) -> int:
        """A bet (or raise to) of ``fraction`` of the pot after calling, within the legal bounds.

        >>> from handrank.engine import Hand
        >>> h = Hand([100, 100], button=0, seed=1); h.act("call")
        >>> h.pot_fraction(0.5)  # the big blind raises to 4: two more chips, half the pot of 4
        4
        """
        legal = self.legal()
        if legal.min_raise is None or legal.max_raise is None:
            raise IllegalAction(f"seat {legal.seat} cannot bet or raise now")
        to_call = self.round.level - self.bets[legal.seat]
        target = self.round.level + round(fraction * (self.pot + to_call))
        return max(legal.min_raise, min(legal.max_raise, target))

    def raise_multiple(self, multiple: float) -> int:
        """A raise to ``multiple`` times the current bet, within the legal bounds."""
        legal = self.legal()
        if legal.min_raise is None or legal.max_raise is None or not legal.current_bet:
            raise IllegalAction(f"seat {legal.seat} cannot raise now")
        return max(legal.min_raise, min(legal.max_raise, round(multiple * self.round.level)))

    # ---- as plain data ------------------------------------------------------------------------

    def __repr__(self) -> str:
        now = "over" if self.is_over else f"seat {self.actor} to act"
        board = cards_str(self.board) or "-"
        return f"<Hand {self.street}, board {board}, pot {self.pot}, stacks {self.stacks}, {now}>"

    def state(self) -> dict[str, Any]:
        """Everything the hand is now, as plain data (replaying the log gives the same)."""
        return {
            "street": self.street,
            "stacks": dict(self.stacks),
            "committed": dict(self.committed),
            "bets": dict(self.bets),
            "folded": sorted(self.folded),
            "board": cards_str(self.board),
            "holes": {s: cards_str(h) for s, h in self.holes.items()},
            "actor": self.actor,
            "result": self.result.to_dict() if self.result else None,
        }

    def to_json(self) -> str:
        return to_json(self.log)
