"""The hand: its phases in the order they happen (post the forced bets, deal the hole cards, bet a
street, deal the next one, deal out, show down, pay), the one way in for a player (``act``), and
sizing helpers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any, Optional, Union

from .. import _switch
from ..cards import Deck
from ..games import HOLDEM, Game, as_game
from ..rules import Settlement
from ..seats import clockwise_after, clockwise_from
from . import showdown
from .betting import BettingRound
from .dealing import ScriptedDeck, card_list, cut, given_deal
from .draw import ButtonDraw
from .drawing import Drawing
from .events import Acted, BoardDealt, Ended, Event, HoleDealt, Log, Mucked, Posted, Showed, StreetDealt
from .forced import forced_bets, positions
from .legal import Action
from .limits import Limit
from .result import HandResult
from .setup import HandSetup, table_of
from .stakes import Rake, Stakes
from .view import HandView


class Hand(HandView, Drawing):
    """One hand for 2 to 10 seats, from the forced bets to the payout.

    ``stacks`` maps seats (clockwise numbers) to chips; seats with no chips sit
    out. The blinds, ante and limit are given one by one (1, 2, 0 and no-limit
    when left out) or together as ``stakes``, never both. Cards come from a
    ``Deck`` (``seed`` makes one), or from ``cards``: the deal order (hole cards
    one at a time from left of the button, then a burn and the flop, a burn and
    the turn, a burn and the river).

    ``draw``, the ``ButtonDraw`` that gave ``button``, goes into the log. ``cut``
    cuts the deck that many cards down before the deal (``Deck.cut``), by the
    seat ``cut_by`` (the seat right of the button when left out); with ``cards``,
    which are the order after any cut, the cut is only recorded.

    The other options (the game, forced bets beyond the stakes, runs, rake, the showdown's
    mucking) are ``HandSetup``'s, which says what each means and checks them; the hand keeps
    its setup as ``setup``.
    """

    def __init__(
        self,
        stacks: Union[Mapping[int, int], list[int]],
        button: int,
        small_blind: Optional[int] = None,
        big_blind: Optional[int] = None,
        ante: Optional[int] = None,
        limit: Optional[Limit] = None,
        seed: Optional[int] = None,
        deck: Union[Deck, ScriptedDeck, None] = None,
        cards: Optional[object] = None,
        stakes: Optional[Stakes] = None,
        draw: Optional[ButtonDraw] = None,
        cut: Optional[int] = None,
        cut_by: Optional[int] = None,
        antes: Optional[Mapping[int, int]] = None,
        dead: Optional[Mapping[int, int]] = None,
        posts: Optional[Mapping[int, int]] = None,
        game: Union[Game, str] = HOLDEM,
        hole_cards: Optional[int] = None,
        runs: int = 1,
        rake: Union[Rake, int, None] = None,
        muck: bool = False,
        blinds: Optional[tuple[Optional[int], int]] = None,
        short_blind: str = "full",
        mucks: Iterable[int] = (),
        open_folds: bool = False,
    ) -> None:
        given = {"small_blind": small_blind, "big_blind": big_blind, "ante": ante, "limit": limit}
        if stakes is None:
            stakes = Stakes(**{name: value for name, value in given.items() if value is not None})  # type: ignore[arg-type]
        elif any(value is not None for value in given.values()):
            raise ValueError("give the stakes, or the blinds, ante and limit, not both")
        setup = HandSetup(
            table_of(stacks), button, stakes, as_game(game), hole_cards, runs, rake, muck, blinds, short_blind,
            frozenset(mucks), open_folds, antes, dead, posts,
        )  # fmt: skip
        self._begin(
            setup,
            ScriptedDeck.of_game(setup.game, card_list(cards))
            if cards is not None
            else deck
            if deck is not None
            else Deck(seed, cards=setup.game.deck, shuffler=_switch.evaluator.shuffle),
            draw,
        )
        if cut is not None:
            self._cut(cut, cut_by)
        elif cut_by is not None:
            raise ValueError("cut_by names who cuts: give the cut too")
        self._post_forced_bets()
        self._deal_hole_cards()
        self._begin_betting()

    @classmethod
    def from_setup(cls, setup: HandSetup, **deal: Any) -> Hand:
        """The hand a ``HandSetup`` describes; ``deal`` takes ``Hand``'s seed, deck, cards, draw, cut
        and cut_by."""
        options = {f.name: getattr(setup, f.name) for f in fields(setup) if f.init}
        return cls(**options, **deal)

    @classmethod
    def with_cards(
        cls,
        stacks: Union[Mapping[int, int], list[int]],
        button: int,
        holes: Mapping[int, object],
        board: object = (),
        **options: Any,
    ) -> Hand:
        """A hand dealt as the caller says: ``holes`` for every seat with chips, up to a full board.

        Cards not given (the burns, the rest of the board, any later runs) are the lowest unused cards.
        """
        table = table_of(stacks)
        game = as_game(options.get("game", HOLDEM))
        if any(street.hole for street in game.streets[1:]):
            raise ValueError(f"with_cards deals flop games; give a {game.name} deal as Hand(..., cards=deal order)")
        deal = given_deal(game, game.hole_count(options.get("hole_cards")), table, button, holes, board)
        return cls(table, button, cards=deal, **options)

    # ---- the phases, in order ----------------------------------------------------------------

    def _begin(self, setup: HandSetup, deck: Union[Deck, ScriptedDeck], draw: Optional[ButtonDraw]) -> None:
        """Seat the players and start the log (and any draw for the button)."""
        self.setup, self.stakes, self.game = setup, setup.stakes, setup.game
        self.button, self.hole_cards, self.runs = setup.button, setup.hole_cards or 0, setup.runs
        self.rake, self.muck, self.mucks = setup.rake, setup.muck, setup.mucks
        self.seats = setup.seats
        self.sitting_out = sorted(s for s, chips in setup.stacks.items() if chips == 0)
        self.starting = {s: setup.stacks[s] for s in self.seats}
        self.stacks = dict(self.starting)
        self._deck = deck
        # Events as the hand makes them; ``log`` writes each as plain data the first time it is read.
        self._events = [setup.to_event()]
        self._log = []
        if draw is not None:
            if not isinstance(draw, ButtonDraw):
                raise ValueError(f"draw is the ButtonDraw that chose the button, got {draw!r}")
            if draw.button != setup.button or not set(draw.order) <= set(setup.stacks):
                raise ValueError(
                    f"the draw chose seat {draw.button} of seats {list(draw.order)}, not this button and table"
                )
            self._events.append(draw.to_event())
        self.holes, self.board, self.boards, self.burned = {}, [], [], []
        self.up = {s: [] for s in self.seats}
        self._pile: list[int] = []  # a draw game's discards and burns since the last reshuffle
        self.committed = {s: 0 for s in self.seats}
        self.bets = {s: 0 for s in self.seats}
        self.dead = {s: 0 for s in self.seats}
        self.folded, self.result, self._street = set(), None, 0
        self.positions = positions(setup)

    def _cut(self, at: int, cut_by: Optional[int]) -> None:
        """Cut the deck before the deal (a caller's own deal order is only recorded) and log it."""
        self._record(cut(self._deck, self.setup, at, cut_by))

    def _post_forced_bets(self) -> None:
        """Antes, dead money, blinds, live posts and straddles, each what the stack allows."""
        for post in [p for p in forced_bets(self.setup, self.positions) if p.seat not in self.folded]:
            posted = self._put_in(post.seat, post.amount, street_bet=post.live)
            if post.dead:
                self.dead[post.seat] += posted
            self._record(Posted(post.kind, post.seat, posted))

    def _deal_hole_cards(self) -> None:
        """One card at a time to each seat, from the first left of the button: the hole cards, face
        down, or the cards a stud game's first street deals."""
        order = [s for s in self.setup.order if s not in self.folded]
        faces = self.game.streets[0].hole or (False,) * self.hole_cards
        dealt = self._deal_around(order, faces)
        for seat in order:
            self.holes[seat] = list(dealt[seat])  # a copy: a stud game adds to it, the event keeps the deal
            self._record(HoleDealt(seat, dealt[seat]))

    def _deal_around(self, order: list[int], faces: tuple[bool, ...]) -> dict[int, list[int]]:
        """A card to each seat of ``order`` per flag of ``faces``, round by round; those flagged True
        are dealt face up."""
        dealt: dict[int, list[int]] = {s: [] for s in order}
        for face_up in faces:
            for seat in order:
                dealt[seat] += self._deck.deal(1)
                if face_up:
                    self.up[seat].append(dealt[seat][-1])
        return dealt

    def _begin_betting(self) -> None:
        """Open the street's betting with its opener to act, then end it at once if no one can act."""
        level = max(self.bets.values())
        forced = self._street == 0 and bool(self.positions.blinds)
        if forced and self.setup.short_blind == "full":  # a short big blind or straddle: the others call a full one
            level = max(level, self.stakes.forced_level)
        opening = self.game.opening
        bring_in = self.stakes.bring_in if self._street == 0 and opening else 0
        self.round = BettingRound(
            street=self.game.streets[self._street],
            limit=self.stakes.betting,
            big_blind=self.big_blind,
            level=level,
            full_level=level,
            # The size of the last full bet or raise: a straddle sets the minimum raise before the flop.
            last_raise=self.stakes.forced_level if forced else self.big_blind,
            raises=1 if forced else 0,
            to_act=[s for s in clockwise_from(self._opener(), self.seats) if self._can_act(s)],
            bring_in=bring_in or None,
            big_bet_open=opening is not None and opening.big_bet_open(self._street, self.up, self.live),
            may_open=self.game.may_open(self._street, self.holes),
        )
        self._end_betting()

    def act(self, action: Action, amount: Optional[int] = None) -> None:
        """Take an action for the player to act: fold, check, call, bet or raise (to ``amount``), all_in.

        An illegal action raises ``IllegalAction`` and changes nothing.
        """
        legal = self.legal()
        if not (action == "fold" and amount is None and self.setup.open_folds):
            legal.check_action(action, amount)
        seat = legal.seat
        self.round.to_act.pop(0)
        if legal.bring_in is not None and (amount == legal.bring_in or action == "all_in" and not legal.min_raise):
            self._put_in(seat, legal.bring_in if action == "bet" else self.stacks[seat])
            others = [s for s in clockwise_after(seat, self.seats) if s != seat and self._can_act(s)]
            self.round.brought_in(self.bets[seat], others)
            self._record(Acted(seat, action, self.bets[seat]))
            self._end_betting()
            return
        self.round.bring_in = None
        if action == "fold":
            self.folded.add(seat)
        elif action == "call":
            self._put_in(seat, self.round.level - self.bets[seat])
        elif action in ("bet", "raise", "all_in"):
            target = self.bets[seat] + self.stacks[seat] if action == "all_in" else int(amount)  # type: ignore[arg-type]
            self._put_in(seat, target - self.bets[seat])
            if self.bets[seat] > self.round.level:
                answering = [s for s in clockwise_after(seat, self.seats) if s != seat and self._can_act(s)]
                self.round.raised(seat, self.bets[seat], answering)
        self.round.acted(seat, self)
        self._record(Acted(seat, action, None if action in ("fold", "check") else self.bets[seat]))
        self._end_betting()

    def _end_betting(self) -> None:
        """When the round is over, move on: the next street, the rest of the board, or the showdown."""
        live = self.live
        if len(live) == 1:
            self.round.to_act = []
            self._show_down()
            return
        # A seat left to act that is the only one with chips, and has matched every other bet (a short big
        # blind's full amount aside), has nothing to decide.
        able = [s for s in live if self.stacks[s] > 0]
        if len(able) <= 1 and all(self.bets[s] >= max(self.bets[o] for o in live if o != s) for s in able):
            self.round.to_act = []
        if self.round.to_act:
            return
        if self.round.passed_out():
            self._redeal()
            return
        draws_left = any(street.draw for street in self.game.streets[self._street + 1 :])  # all-in players draw too
        if self._street == len(self.game.streets) - 1 or len(able) <= 1 and not draws_left:
            self._deal_out()
            self._show_down()
            return
        self._deal_street()
        if not self.round.drawing:
            self._begin_betting()

    def _deal_street(self) -> None:
        """Move to the next street: the bets start again, and its cards come after a burn: community
        cards, or each seat still in gets its own. When the deck cannot give every seat its card, one
        community card is dealt face up for all of them, as the rule books say."""
        self._street += 1
        street = self.game.streets[self._street]
        for seat in self.seats:
            self.bets[seat] = 0
        live = [s for s in self.setup.order if s in self.live]
        short = street.hole and len(self._deck) < 1 + len(live) * len(street.hole)
        if street.board or short:
            burned = self._deck.burn() if street.board or len(self._deck) > 1 else None  # the last card: no burn
            dealt = self._deck.deal(street.board or 1)
            self.burned += [] if burned is None else [burned]
            self.board += dealt
            self._record(BoardDealt(street.name, burned, dealt))
        elif street.hole or street.draw:
            burned = self._deck.burn()
            self.burned.append(burned)
            self._pile.append(burned)
            dealt_to = self._deal_around(live, street.hole)
            for seat in live:
                self.holes[seat] += dealt_to[seat]
            self._record(StreetDealt(street.name, burned, dealt_to if street.hole else {}))
        if street.draw:  # the players still in draw in turn before the betting
            self.round = BettingRound(street, self.stakes.betting, self.big_blind, 0, 0, 0, 0, live, drawing=True)

    def _deal_out(self) -> None:
        """Deal the rest of the board with no more betting; after an all-in with cards to come, ``runs``
        times, each later run from the rest of the deck (its board events say which run)."""
        shared, first = list(self.board), self._street
        while self._street < len(self.game.streets) - 1:
            self._deal_street()
        self.boards = [list(self.board)]
        for run in range(1, self.runs if first < self._street else 1):
            board = list(shared)
            for street in self.game.streets[first + 1 :]:
                if street.board:
                    burned, dealt = self._deck.burn(), self._deck.deal(street.board)
                    self.burned.append(burned)
                    board += dealt
                    self._record(BoardDealt(street.name, burned, dealt, run))
            self.boards.append(board)

    def _show_down(self) -> None:
        """Show the hands in order (a hand that cannot win may be mucked), settle the pots and pay."""
        live = self.live
        if not self.boards:
            self.boards = [list(self.board)]
        order = showdown.show_order(live, self.button, self.round.last_aggressor) if len(live) > 1 else []
        mucked = [s for s in order if s in self.mucks][: len(order) - 1]  # as recorded; one hand is always shown
        settlement = self._settle([s for s in order if s not in mucked], order)
        tabled = any(self.stacks[s] == 0 for s in live)  # someone is all-in: every hand is turned up
        if self.muck and not self.mucks and order and not tabled:
            strengths = {s: self.game.strength(self.holes[s], self.board) for s in order}
            mucked = showdown.muckers(order, strengths, settlement)
            if mucked:
                settlement = self._settle([s for s in order if s not in mucked], order)
        if self.muck:
            for seat in order:
                self._record(Mucked(seat) if seat in mucked else Showed(seat, self.holes[seat]))
        self._pay(
            settlement,
            {s: showdown.shown(self.game, self.holes[s], self.board) for s in order if s not in mucked},
            mucked,
        )

    def _settle(self, showing: list[int], order: list[int]) -> Settlement:
        """The pots with the hands of ``showing`` turned up; the others of ``order`` give theirs up."""
        return showdown.settle_hand(
            self.game, self.button, self.committed, self.dead, self.folded | (set(order) - set(showing)),
            {s: self.holes[s] for s in showing}, self.boards, self.rake, self._street > 0,
        )  # fmt: skip

    def _pay(self, settlement: Settlement, shown: dict[int, Any], mucked: list[int]) -> None:
        """Pay every seat its share; the hand is over."""
        for seat in self.seats:
            self.stacks[seat] += settlement.payouts[seat]
        self.result = HandResult(settlement, {s: settlement.net[s] for s in self.seats}, shown, tuple(mucked))
        self.round.to_act = []
        self._record(Ended({s: settlement.payouts[s] for s in self.seats}))

    # ---- what the phases share ---------------------------------------------------------------

    def _record(self, event: Event) -> None:
        self._events.append(event)

    def _put_in(self, seat: int, amount: int, street_bet: bool = True) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        if street_bet:
            self.bets[seat] += amount
        return amount

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    # ---- what a player may do ----------------------------------------------------------------

    def bet_or_raise(self, to: int) -> None:
        """Bet or raise to ``to`` chips on this street, whichever the moment calls for; ``to`` equal to
        the whole stack goes all-in (a short all-in too). Illegal amounts raise ``IllegalAction``."""
        legal = self.legal()
        if to == legal.all_in:
            self.act("all_in")
        else:
            self.act("raise" if legal.current_bet else "bet", to)

    # ---- history --------------------------------------------------------------------------------

    @classmethod
    def replay(cls, log: Union[str, Log]) -> Hand:
        """Rebuild a hand from its log; a corrupt or illegal log raises ``ValueError`` naming the event
        (``handrank.engine.replay``, which takes a caller's own games too)."""
        from .replay import replay  # replay sits above the hand: it builds and drives one

        return replay(log, hand_type=cls)

    def next_hand(
        self,
        seed: Optional[int] = None,
        deck: Optional[Deck] = None,
        cards: Optional[object] = None,
        cut: Optional[int] = None,
        cut_by: Optional[int] = None,
    ) -> Hand:
        """The next hand: the same game and stakes, stacks carried over, empty stacks sitting out, the
        button one seat left. ``cut`` and ``cut_by`` cut the new deck as in ``Hand``."""
        stacks, button = self._next_table()
        return Hand(
            stacks, button, seed=seed, deck=deck, cards=cards, stakes=self.stakes, cut=cut, cut_by=cut_by,
            game=self.game, hole_cards=self.hole_cards,
        )  # fmt: skip
