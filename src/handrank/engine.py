"""A hand of Texas Hold'em: blinds, antes, action order, legal actions, all-ins and showdown.

No-limit by default; pot-limit and fixed-limit are options of the same engine.
Seats are numbered clockwise; amounts are whole chips; a bet or raise is given
as the total the player puts in on this street ("raise to").

>>> hand = Hand({0: 100, 1: 100, 2: 100}, button=0, small_blind=1, big_blind=2, seed=7)
>>> hand.actor, hand.legal().call
(0, 2)
>>> hand.act("raise", 6); hand.act("fold"); hand.act("fold")
>>> hand.is_over, hand.result.net
(True, {0: 3, 1: -1, 2: -2})
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ._switch import evaluator
from .cards import Deck, card, card_str, cards, cards_str
from .words import describe
from .rules import Settlement, settle

STREETS = ("preflop", "flop", "turn", "river")
LIMITS = ("no-limit", "pot-limit", "fixed-limit")
ACTIONS = ("fold", "check", "call", "bet", "raise", "all_in")
FIXED_LIMIT_CAP = 4  # a bet and three raises per street


class IllegalAction(ValueError):
    """An action the rules do not allow now; the hand is left as it was."""


@dataclass(frozen=True)
class Legal:
    """What the player to act may do now. Amounts are street totals ("raise to"); None = not allowed."""

    seat: int
    current_bet: int  # the street's highest bet: 0 means a bet opens it, else it is a raise
    fold: bool
    check: bool
    call: Optional[int]  # chips to add to call (less than the bet when calling all-in)
    min_raise: Optional[int]  # bet or raise to at least this (bet when nothing is bet yet)
    max_raise: Optional[int]  # ... and at most this
    all_in: Optional[int]  # street total when putting in the whole stack

    @property
    def actions(self) -> list[str]:
        out = ["fold"] if self.fold else []
        out += ["check"] if self.check else []
        out += ["call"] if self.call is not None else []
        if self.min_raise is not None:
            out.append("raise" if self.current_bet else "bet")
        out += ["all_in"] if self.all_in is not None else []
        return out


@dataclass(frozen=True)
class Shown:
    cards: str
    rank: int
    description: str


@dataclass(frozen=True)
class HandResult:
    """How the hand ended: the pots (``rules.Settlement``), each seat's net, the hands shown."""

    settlement: Settlement
    net: dict[int, int]
    shown: dict[int, Shown] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "settlement": self.settlement.to_dict(),
            "net": {str(s): n for s, n in self.net.items()},
            "shown": {str(s): vars(v) for s, v in self.shown.items()},
        }


class _ScriptedDeck:
    """Cards in a fixed order: a caller's own deal, or a replayed log's."""

    def __init__(self, order: list[int]) -> None:
        self._cards = list(order)

    def deal(self, n: int = 1) -> list[int]:
        if n > len(self._cards):
            raise ValueError("the supplied cards ran out")
        out, self._cards = self._cards[:n], self._cards[n:]
        return out

    def burn(self) -> int:
        return self.deal(1)[0]


class Hand:
    """One hand of Hold'em for 2 to 10 seats, from the blinds to the payout.

    ``stacks`` maps seats (clockwise numbers) to chips; seats with no chips sit
    out. Cards come from a ``Deck`` (``seed`` makes one), or from ``cards``: the
    deal order (hole cards one at a time from left of the button, then a burn
    and the flop, a burn and the turn, a burn and the river).
    """

    def __init__(
        self,
        stacks: Union[Mapping[int, int], list[int]],
        button: int,
        small_blind: int = 1,
        big_blind: int = 2,
        ante: int = 0,
        limit: str = "no-limit",
        seed: Optional[int] = None,
        deck: Optional[Deck] = None,
        cards: Optional[object] = None,
    ) -> None:
        table = dict(stacks.items()) if isinstance(stacks, Mapping) else dict(enumerate(stacks))
        for seat, chips in table.items():
            if type(seat) is not int or type(chips) is not int or chips < 0:
                raise ValueError(f"seat {seat!r}: stacks are whole numbers of chips >= 0, got {chips!r}")
        for name, amount in (("small blind", small_blind), ("big blind", big_blind), ("ante", ante)):
            if type(amount) is not int or amount < 0:
                raise ValueError(f"the {name} must be a whole number of chips >= 0, got {amount!r}")
        if small_blind > big_blind:
            raise ValueError("the small blind cannot exceed the big blind")
        if limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, got {limit!r}")
        if limit == "fixed-limit" and big_blind == 0:
            raise ValueError("fixed-limit needs a big blind: it sets the bet size")
        self.seats = sorted(s for s, chips in table.items() if chips > 0)
        if not 2 <= len(self.seats) <= 10:
            raise ValueError(f"a hand needs 2 to 10 seats with chips, got {len(self.seats)}")
        if button not in table:
            raise ValueError(f"the button seat {button!r} is not at the table")
        self.button, self.small_blind, self.big_blind, self.ante, self.limit = button, small_blind, big_blind, ante, limit
        self.sitting_out = sorted(s for s, chips in table.items() if chips == 0)
        self.starting = {s: table[s] for s in self.seats}
        self.stacks = dict(self.starting)
        self._deck: Union[Deck, _ScriptedDeck]
        if cards is not None:
            self._deck = _ScriptedDeck(_card_list(cards))
        else:
            self._deck = deck if deck is not None else Deck(seed)
        self.log: list[dict[str, Any]] = [{
            "event": "start", "stacks": {str(s): table[s] for s in sorted(table)}, "button": button,
            "small_blind": small_blind, "big_blind": big_blind, "ante": ante, "limit": limit,
        }]
        self.holes: dict[int, list[int]] = {}
        self.board: list[int] = []
        self.burned: list[int] = []
        self.committed = {s: 0 for s in self.seats}  # this hand, antes included
        self.bets = {s: 0 for s in self.seats}  # this street
        self.folded: set[int] = set()
        self.street = "preflop"
        self.result: Optional[HandResult] = None
        self._post_forced_bets()
        self._deal_holes()
        self._start_round(first=self._first_preflop())

    @classmethod
    def with_cards(cls, stacks: Union[Mapping[int, int], list[int]], button: int, holes: Mapping[int, object],
                   board: object = (), **options: Any) -> Hand:
        """A hand dealt as the caller says: ``holes`` for every seat with chips, up to five board cards.

        Cards not given (the burns, the rest of the board) are the lowest unused cards.
        """
        table = dict(stacks.items()) if isinstance(stacks, Mapping) else dict(enumerate(stacks))
        seats = sorted(s for s, c in table.items() if c > 0)
        order = sorted(seats, key=lambda s: (s <= button, s))
        if sorted(holes) != seats:
            raise ValueError(f"hole cards are needed for seats {seats}, got {sorted(holes)}")
        hole_cards = {s: _card_list(holes[s]) for s in seats}
        board_cards = _card_list(board)
        used = [c for h in hole_cards.values() for c in h] + board_cards
        if len(set(used)) != len(used) or any(len(h) != 2 for h in hole_cards.values()) or len(board_cards) > 5:
            raise ValueError("each seat needs two hole cards, the board at most five, and no card twice")
        spare = iter(c for c in Deck(shuffle=False) if c not in used)
        board_cards += [next(spare) for _ in range(5 - len(board_cards))]
        deal = [hole_cards[s][0] for s in order] + [hole_cards[s][1] for s in order]
        deal += [next(spare), *board_cards[:3], next(spare), board_cards[3], next(spare), board_cards[4]]
        return cls(table, button, cards=deal, **options)

    # ---- set-up ------------------------------------------------------------------------------

    def _order_from(self, seat: int) -> list[int]:
        """Seats with chips, clockwise, starting with the first one after ``seat``."""
        return sorted(self.seats, key=lambda s: (s <= seat, s))

    def _put_in(self, seat: int, amount: int, street_bet: bool = True) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        if street_bet:
            self.bets[seat] += amount
        return amount

    def _post_forced_bets(self) -> None:
        if self.ante:
            for seat in self._order_from(self.button):
                self.log.append({"event": "ante", "seat": seat, "amount": self._put_in(seat, self.ante, False)})
        order = self._order_from(self.button)
        if len(self.seats) == 2 and self.button in self.seats:  # heads-up: the button posts the small blind
            order = [self.button] + [s for s in order if s != self.button]
        self.blind_seats = order[:2] if self.big_blind else []
        for seat, (name, amount) in zip(self.blind_seats, (("small", self.small_blind), ("big", self.big_blind))):
            if amount:
                self.log.append({"event": f"{name}_blind", "seat": seat, "amount": self._put_in(seat, amount)})

    def _deal_holes(self) -> None:
        order = self._order_from(self.button)
        dealt: dict[int, list[int]] = {s: [] for s in order}
        for _ in range(2):
            for seat in order:
                dealt[seat] += self._deck.deal(1)
        for seat in order:
            self.holes[seat] = dealt[seat]
            self.log.append({"event": "hole", "seat": seat, "cards": cards_str(dealt[seat])})

    def _first_preflop(self) -> int:
        if not self.blind_seats:  # no blinds: the first seat left of the button starts, as on later streets
            return self._order_from(self.button)[0]
        return self._order_from(self.blind_seats[-1])[0]

    # ---- betting rounds ----------------------------------------------------------------------

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    def _start_round(self, first: int) -> None:
        self.level = max(self.bets.values())
        self.last_raise = self.big_blind  # the size a raise must at least have
        self.raises = 1 if self.street == "preflop" and self.big_blind else 0
        self.to_act = [s for s in self._order_at(first) if self._can_act(s)]
        self.raised_since: set[int] = set()  # seats that acted since the last full raise
        self._settle_round()

    def _order_at(self, seat: int) -> list[int]:
        """Seats with chips, clockwise, starting with ``seat``."""
        return sorted(self.seats, key=lambda s: (s < seat, s))

    @property
    def actor(self) -> Optional[int]:
        """The seat to act, or None when the hand is over or no one can act."""
        return self.to_act[0] if self.to_act and self.result is None else None

    @property
    def pot(self) -> int:
        """Every chip put in this hand so far, antes and blinds included."""
        return sum(self.committed.values())

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def _live(self) -> list[int]:
        return [s for s in self.seats if s not in self.folded]

    def legal(self) -> Legal:
        """What the player to act may do now (``IllegalAction`` when no one is to act)."""
        seat = self.actor
        if seat is None:
            raise IllegalAction("no one is to act: the hand is over" if self.is_over else "no one is to act")
        stack, to_call = self.stacks[seat], self.level - self.bets[seat]
        call = min(to_call, stack) if to_call > 0 else None
        may_raise = seat not in self.raised_since and stack > to_call
        low = high = None
        all_in: Optional[int] = self.bets[seat] + stack
        if may_raise:
            low, high = self._raise_bounds(seat)
            if high < low:  # only an all-in short of a full raise is left
                low = high = None
            all_in = self.bets[seat] + stack if self.bets[seat] + stack <= self._cap(seat) else None
        elif stack > to_call:
            all_in = None  # the betting is not reopened for this seat: call or fold
        return Legal(seat, self.level, to_call > 0, to_call <= 0, call, low, high, all_in)

    def _cap(self, seat: int) -> int:
        """The most the limit lets ``seat`` bet to on this street (its stack aside)."""
        if self.limit == "pot-limit":
            to_call = self.level - self.bets[seat]
            return self.level + self.pot + to_call
        if self.limit == "fixed-limit":
            if self.raises >= FIXED_LIMIT_CAP:
                return self.level
            return self.level + self._fixed_size()
        return self.bets[seat] + self.stacks[seat]

    def _fixed_size(self) -> int:
        return self.big_blind * (2 if self.street in ("turn", "river") else 1)

    def _full_raise(self) -> int:
        """The least a bet or raise must add to count as full: the last one's size (the big blind at least)."""
        if self.limit == "fixed-limit":
            return self._fixed_size()
        return max(self.last_raise, self.big_blind, 1)

    def _raise_bounds(self, seat: int) -> tuple[int, int]:
        most = min(self._cap(seat), self.bets[seat] + self.stacks[seat])
        return self.level + self._full_raise(), most

    def act(self, action: str, amount: Optional[int] = None) -> None:
        """Take an action for the player to act: fold, check, call, bet or raise (to ``amount``), all_in.

        An illegal action raises ``IllegalAction`` and changes nothing.
        """
        legal = self.legal()
        seat = legal.seat
        if action not in ACTIONS:
            raise IllegalAction(f"unknown action {action!r}: expected one of {', '.join(ACTIONS)}")
        if action in ("bet", "raise"):
            if action == "bet" and legal.current_bet:
                raise IllegalAction(f"seat {seat} cannot bet: {legal.current_bet} is bet already, raise instead")
            if action == "raise" and not legal.current_bet:
                raise IllegalAction(f"seat {seat} cannot raise: nothing is bet yet, bet instead")
            if type(amount) is not int:
                raise IllegalAction(f"{action} needs a whole-chip amount to {action} to, got {amount!r}")
            if legal.min_raise is None or legal.max_raise is None:
                raise IllegalAction(f"seat {seat} cannot {action} now: legal actions are {', '.join(legal.actions)}")
            if not legal.min_raise <= amount <= legal.max_raise:
                raise IllegalAction(f"seat {seat} can {action} to {legal.min_raise} to {legal.max_raise}, not {amount}")
        elif amount is not None:
            raise IllegalAction(f"{action} takes no amount")
        elif action == "fold" and not legal.fold:
            raise IllegalAction(f"seat {seat} has no bet to fold to: check instead")
        elif action == "check" and not legal.check:
            raise IllegalAction(f"seat {seat} faces a bet of {legal.call}: call, raise or fold")
        elif action == "call" and legal.call is None:
            raise IllegalAction(f"seat {seat} has nothing to call: check instead")
        elif action == "all_in" and legal.all_in is None:
            raise IllegalAction(f"seat {seat} cannot go all-in now: legal actions are {', '.join(legal.actions)}")
        self._apply(seat, action, amount)

    def _apply(self, seat: int, action: str, amount: Optional[int]) -> None:
        self.to_act.pop(0)
        put = 0
        if action == "fold":
            self.folded.add(seat)
        elif action == "call":
            put = self._put_in(seat, self.level - self.bets[seat])
        elif action in ("bet", "raise", "all_in"):
            target = self.bets[seat] + self.stacks[seat] if action == "all_in" else int(amount)  # type: ignore[arg-type]
            put = self._put_in(seat, target - self.bets[seat])
            raise_size = self.bets[seat] - self.level
            if raise_size > 0:
                full = raise_size >= self._full_raise()
                self.level = self.bets[seat]
                if full:
                    self.last_raise = raise_size
                    self.raises += 1
                    self.raised_since = set()
                # Everyone still able to act answers the new amount; after a short all-in, those who
                # acted since the last full raise may only call or fold.
                self.to_act = [s for s in self._order_from(seat) if s != seat and self._can_act(s)]
        self.raised_since.add(seat)
        self.log.append({"event": "action", "seat": seat, "action": action, "amount": put})
        self._settle_round()

    def _settle_round(self) -> None:
        """Move on when the round is over: the next street, the rest of the board, or the end."""
        live = self._live()
        if len(live) == 1:
            self.to_act = []
            self._finish()
            return
        # A seat left to act that matches the bet and is the only one with chips has nothing to decide.
        able = [s for s in live if self.stacks[s] > 0]
        if len(able) <= 1 and all(self.bets[s] >= self.level for s in able):
            self.to_act = []
        if self.to_act:
            return
        if self.street == "river" or len(able) <= 1:
            while self.street != "river":
                self._next_street(start_round=False)
            self._finish()
            return
        self._next_street(start_round=True)

    def _next_street(self, start_round: bool) -> None:
        self.street = STREETS[STREETS.index(self.street) + 1]
        for seat in self.seats:
            self.bets[seat] = 0
        burned = self._deck.burn()
        self.burned.append(burned)
        dealt = self._deck.deal(3 if self.street == "flop" else 1)
        self.board += dealt
        self.log.append({"event": "board", "street": self.street, "burn": card_str(burned), "cards": cards_str(dealt)})
        if start_round:
            self._start_round(first=self._order_from(self.button)[0])

    def _finish(self) -> None:
        live = self._live()
        showing = live if len(live) > 1 else []
        contributions, out = dict(self.committed), set(self.folded)
        if self.button not in contributions:  # a button seat sitting out still orders the odd chips
            contributions[self.button] = 0
            out.add(self.button)
        settlement = settle(contributions, button=self.button, folded=sorted(out),
                            hands={s: self.holes[s] for s in showing}, board=self.board)
        for seat in self.seats:
            self.stacks[seat] += settlement.payouts[seat]
        shown = {}
        for seat in showing:
            rank = evaluator.evaluate(self.holes[seat] + self.board)
            shown[seat] = Shown(cards_str(self.holes[seat]), rank, describe(rank))
        self.result = HandResult(settlement, {s: settlement.net[s] for s in self.seats}, shown)
        self.to_act = []
        self.log.append({"event": "end", "payouts": {str(s): settlement.payouts[s] for s in self.seats}})

    # ---- sizing helpers ----------------------------------------------------------------------

    def pot_fraction(self, fraction: float) -> int:
        """A bet (or raise to) of ``fraction`` of the pot after calling, within the legal bounds.

        >>> h = Hand([100, 100], button=0, seed=1); h.act("call")
        >>> h.pot_fraction(0.5)  # the big blind raises to 4: two more chips, half the pot of 4
        4
        """
        legal = self.legal()
        if legal.min_raise is None or legal.max_raise is None:
            raise IllegalAction(f"seat {legal.seat} cannot bet or raise now")
        to_call = self.level - self.bets[legal.seat]
        target = self.level + round(fraction * (self.pot + to_call))
        return max(legal.min_raise, min(legal.max_raise, target))

    def raise_multiple(self, multiple: float) -> int:
        """A raise to ``multiple`` times the current bet, within the legal bounds."""
        legal = self.legal()
        if legal.min_raise is None or legal.max_raise is None or not legal.current_bet:
            raise IllegalAction(f"seat {legal.seat} cannot raise now")
        return max(legal.min_raise, min(legal.max_raise, round(multiple * self.level)))

    # ---- history -----------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """Everything the hand is now, as plain data (replaying the log gives the same)."""
        return {
            "street": self.street, "stacks": dict(self.stacks), "committed": dict(self.committed),
            "bets": dict(self.bets), "folded": sorted(self.folded), "board": cards_str(self.board),
            "holes": {s: cards_str(h) for s, h in self.holes.items()}, "actor": self.actor,
            "result": self.result.to_dict() if self.result else None,
        }

    def to_json(self) -> str:
        return json.dumps(self.log)

    @classmethod
    def replay(cls, log: Union[str, list[dict[str, Any]]]) -> Hand:
        """Rebuild a hand from its log; a corrupt or illegal log raises ``ValueError`` naming the event."""
        events = json.loads(log) if isinstance(log, str) else log
        try:
            start = events[0]
            if start.get("event") != "start":
                raise ValueError("the first event must be the start")
            order = _dealt_cards(events)
            hand = cls({int(s): c for s, c in start["stacks"].items()}, start["button"], start["small_blind"],
                       start["big_blind"], start["ante"], start["limit"], cards=order)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ValueError(f"event 0: bad start of the log: {error}") from None
        for i, event in enumerate(events[1:], 1):
            try:
                if event.get("event") == "action":
                    if hand.actor != event["seat"]:
                        raise ValueError(f"seat {event['seat']} acts, but seat {hand.actor} is to act")
                    amount = None
                    if event["action"] in ("bet", "raise"):
                        amount = hand.bets[event["seat"]] + event["amount"]
                    hand.act(event["action"], amount)
                if i >= len(hand.log) or hand.log[i] != event:
                    raise ValueError(f"expected {hand.log[i] if i < len(hand.log) else 'the end of the log'}")
            except (KeyError, TypeError, AttributeError, ValueError) as error:
                raise ValueError(f"event {i}: {event!r}: {error}") from None
        if len(hand.log) > len(events):
            missing = hand.log[len(events)]
            if missing["event"] != "action":
                raise ValueError(f"event {len(events)}: the log stops before {missing}")
        return hand

    def next_hand(self, seed: Optional[int] = None, deck: Optional[Deck] = None, cards: Optional[object] = None) -> Hand:
        """The next hand: stacks carried over, empty stacks sitting out, the button one seat left."""
        if self.result is None:
            raise IllegalAction("the hand is not over")
        stacks = dict(self.stacks)
        stacks.update({s: 0 for s in self.sitting_out})
        with_chips = sorted(s for s, c in stacks.items() if c > 0)
        if len(with_chips) < 2:
            raise ValueError("fewer than two seats have chips left")
        button = next(s for s in sorted(stacks, key=lambda s: (s <= self.button, s)) if stacks[s] > 0)
        return Hand(stacks, button, self.small_blind, self.big_blind, self.ante, self.limit, seed, deck, cards)


def _card_list(source: object) -> list[int]:
    out = cards(source)  # type: ignore[arg-type]
    if len(set(out)) != len(out):
        raise ValueError("the supplied cards repeat a card")
    return out


def _dealt_cards(events: list[dict[str, Any]]) -> list[int]:
    """The deal order a log records: hole cards one at a time around the table, then burns and boards."""
    holes = [cards(e["cards"]) for e in events if e.get("event") == "hole"]
    order = [h[0] for h in holes] + [h[1] for h in holes]
    for e in events:
        if e.get("event") == "board":
            order += [card(e["burn"])] + cards(e["cards"])
    return order
