"""The hand state machine: set-up, the betting rounds, the showdown, and sizing helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Optional, Union

from ..cards import MIN_CUT, Deck, card_str, cards_str, check_distinct
from ..rules import GAMES, Game, Settlement, settle
from ..seats import MAX_SEATS, MIN_SEATS, clockwise_after, clockwise_from
from . import limits, showdown
from .draw import ButtonDraw
from .legal import Action, IllegalAction, Legal
from .log import Log, ScriptedDeck, card_list, replay, start_event, to_json
from .result import HandResult
from .stakes import Limit, Rake, Stakes

STREETS = ("preflop", "flop", "turn", "river")


def _table(stacks: Union[Mapping[int, int], list[int]]) -> dict[int, int]:
    """Seats and their chips, from a mapping or a list (seat = position)."""
    return dict(stacks.items()) if isinstance(stacks, Mapping) else dict(enumerate(stacks))


class Hand:
    """One hand of Hold'em for 2 to 10 seats, from the blinds to the payout.

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

    Forced bets beyond the stakes, each a mapping of seats to chips: ``antes``
    (each seat's own ante, instead of the stakes' one), ``dead`` (dead money,
    such as a returning player's missed small blind: it counts toward no call
    and is never returned) and ``posts`` (a live post, such as a returning
    player's big blind, at most the big blind). ``blinds`` names the small and big
    blind seats instead of the two left of the button (the small one may be None,
    a dead small blind), as a table with a dead button places them. A big blind (or
    straddle) short of chips still sets the full amount to call (``short_blind="full"``,
    the rule books'); ``"posted"`` makes it what was posted, as some rooms do.
    ``mucks``: seats that throw their hands away at a showdown, as a recorded hand says.
    ``open_folds``: a player may fold with no bet to face, as card rooms let them (the fold
    binds); the engine never offers it.

    ``game`` is ``"holdem"``, ``"omaha"`` or ``"omaha-hilo"`` (eight-or-better),
    with ``hole_cards`` each (2 in Hold'em; 4, 5 or 6 in Omaha, 4 by default).
    ``runs``: an all-in with cards to come deals the rest of the board that many
    times, each pot split between the boards. ``rake`` is the house's ``Rake`` (or, for a
    recorded hand, the chips it took).
    ``muck``: at a showdown with no one all-in, a hand that cannot win may be
    mucked instead of shown (docs/rules.md#the-showdown).
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
        deck: Optional[Deck] = None,
        cards: Optional[object] = None,
        stakes: Optional[Stakes] = None,
        draw: Optional[ButtonDraw] = None,
        cut: Optional[int] = None,
        cut_by: Optional[int] = None,
        antes: Optional[Mapping[int, int]] = None,
        dead: Optional[Mapping[int, int]] = None,
        posts: Optional[Mapping[int, int]] = None,
        game: Game = "holdem",
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
        table = _table(stacks)
        for seat, chips in table.items():
            if type(seat) is not int or type(chips) is not int or chips < 0:
                raise ValueError(f"seat {seat!r}: stacks are whole numbers of chips >= 0, got {chips!r}")
        self.seats = sorted(s for s, chips in table.items() if chips > 0)
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            raise ValueError(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats with chips, got {len(self.seats)}")
        if type(button) is not int or button not in table:
            raise ValueError(f"the button seat {button!r} is not at the table")
        self.button, self.stakes = button, stakes
        self.game, self.hole_cards = self._check_game(game, hole_cards)
        if type(runs) is not int or runs < 1 or len(self.seats) * self.hole_cards + 8 * runs > 52:
            most = (52 - len(self.seats) * self.hole_cards) // 8
            raise ValueError(f"runs is 1 to {most} here (the deck must hold every board), got {runs!r}")
        if rake is not None and not isinstance(rake, Rake) and (type(rake) is not int or rake < 0):
            raise ValueError(f"rake is a Rake, e.g. Rake(5, cap=3), or the chips a record says it took; got {rake!r}")
        if type(muck) is not bool:
            raise ValueError(f"muck is True or False, got {muck!r}")
        self.runs, self.rake, self.muck = runs, rake, muck
        self._blinds = self._check_blinds(blinds)
        if short_blind not in ("full", "posted"):
            raise ValueError(f"short_blind is 'full' or 'posted', got {short_blind!r}")
        self.short_blind = short_blind
        self.mucks = frozenset(mucks)
        if type(open_folds) is not bool:
            raise ValueError(f"open_folds is True or False, got {open_folds!r}")
        self.open_folds = open_folds
        if not self.mucks <= set(self.seats):
            raise ValueError(f"mucks names seats with chips at this table, got {sorted(self.mucks)}")
        self.sitting_out = sorted(s for s, chips in table.items() if chips == 0)
        self.starting = {s: table[s] for s in self.seats}
        self.stacks = dict(self.starting)
        self._deck: Union[Deck, ScriptedDeck]
        if cards is not None:
            self._deck = ScriptedDeck(card_list(cards))
        else:
            self._deck = deck if deck is not None else Deck(seed)
        forced = {"antes": antes, "dead": dead, "posts": posts}
        for name, by_seat in forced.items():
            self._check_forced(name, by_seat, stakes)
        self.log: Log = [start_event(table, button, stakes, forced, self._options())]
        if draw is not None:
            if not isinstance(draw, ButtonDraw):
                raise ValueError(f"draw is the ButtonDraw that chose the button, got {draw!r}")
            if draw.button != button or not set(draw.order) <= set(table):
                raise ValueError(
                    f"the draw chose seat {draw.button} of seats {list(draw.order)}, not this button and table"
                )
            self.log.append(draw.to_event())
        if cut is not None:
            self._cut(cut, table, cut_by)
        elif cut_by is not None:
            raise ValueError("cut_by names who cuts: give the cut too")
        self.holes: dict[int, list[int]] = {}
        self.board: list[int] = []
        self.boards: list[list[int]] = []  # every board once the hand is over: more than one when run again
        self.burned: list[int] = []
        self.committed = {s: 0 for s in self.seats}  # this hand, antes included
        self.bets = {s: 0 for s in self.seats}  # this street
        self.folded: set[int] = set()
        self.street = "preflop"
        self.result: Optional[HandResult] = None
        self.dead = {s: 0 for s in self.seats}  # dead money this hand: a big-blind ante, dead blinds
        self._post_forced_bets(antes, dead or {}, posts or {}, self._blinds)
        self._deal_holes()
        self._start_round(first=self._first_preflop())

    @classmethod
    def with_cards(
        cls,
        stacks: Union[Mapping[int, int], list[int]],
        button: int,
        holes: Mapping[int, object],
        board: object = (),
        **options: Any,
    ) -> Hand:
        """A hand dealt as the caller says: ``holes`` for every seat with chips, up to five board cards.

        Cards not given (the burns, the rest of the board, any later runs) are the lowest unused cards.
        """
        table = _table(stacks)
        seats = sorted(s for s, c in table.items() if c > 0)
        order = clockwise_after(button, seats)
        if sorted(holes) != seats:
            raise ValueError(f"hole cards are needed for seats {seats}, got {sorted(holes)}")
        game, size = cls._check_game(options.get("game", "holdem"), options.get("hole_cards"))
        hole_cards = {s: card_list(holes[s]) for s in seats}
        board_cards = card_list(board)
        if any(len(h) != size for h in hole_cards.values()) or len(board_cards) > 5:
            raise ValueError(f"each seat needs {size} hole cards in {game}, and the board at most five")
        used = [c for h in hole_cards.values() for c in h] + board_cards
        check_distinct(used, "among the hole cards and the board")
        spare = iter(c for c in Deck(shuffle=False) if c not in used)
        board_cards += [next(spare) for _ in range(5 - len(board_cards))]
        deal = [hole_cards[s][i] for i in range(size) for s in order]
        deal += [next(spare), *board_cards[:3], next(spare), board_cards[3], next(spare), board_cards[4], *spare]
        return cls(table, button, cards=deal, **options)

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

    # ---- set-up ------------------------------------------------------------------------------

    def _cut(self, at: int, table: dict[int, int], cut_by: Optional[int]) -> None:
        """Cut the deck before the deal (a caller's own deal order is only recorded) and log it."""
        if cut_by is None:  # the pack is offered to the seat on the dealer's right
            cut_by = clockwise_after(self.button, [s for s in table if s != self.button])[-1]
        elif type(cut_by) is not int or cut_by not in table:
            raise ValueError(f"the seat to cut, {cut_by!r}, is not at the table")
        if isinstance(self._deck, ScriptedDeck):
            if type(at) is not int or not MIN_CUT <= at <= 52 - MIN_CUT:
                raise ValueError(f"a cut is {MIN_CUT} to {52 - MIN_CUT} cards, got {at!r}")
        else:
            self._deck.cut(at)
        self.log.append({"event": "cut", "seat": cut_by, "at": at})

    def _order_from(self, seat: int) -> list[int]:
        """Seats with chips, clockwise, starting with the first one after ``seat``."""
        return clockwise_after(seat, self.seats)

    def _put_in(self, seat: int, amount: int, street_bet: bool = True) -> int:
        amount = min(amount, self.stacks[seat])
        self.stacks[seat] -= amount
        self.committed[seat] += amount
        if street_bet:
            self.bets[seat] += amount
        return amount

    @staticmethod
    def _check_game(game: str, hole_cards: Optional[int]) -> tuple[Game, int]:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}: expected one of {', '.join(GAMES)}")
        sizes = (2,) if game == "holdem" else (4, 5, 6)
        if hole_cards is None:
            return game, sizes[0]
        if hole_cards not in sizes or type(hole_cards) is not int:
            raise ValueError(f"{game} deals {' or '.join(map(str, sizes))} hole cards, got {hole_cards!r}")
        return game, hole_cards

    def _options(self) -> dict[str, Any]:
        """The game options that differ from the defaults, as the start event records them."""
        options: dict[str, Any] = {}
        if self.game != "holdem":
            options.update(game=self.game, hole_cards=self.hole_cards)
        if self.runs != 1:
            options["runs"] = self.runs
        if isinstance(self.rake, int):
            options["rake"] = self.rake
        elif self.rake is not None:
            options["rake"] = {
                "percent": str(self.rake.percent),
                "cap": self.rake.cap,
                "no_flop_no_drop": self.rake.no_flop_no_drop,
            }
        if self.muck:
            options["muck"] = True
        if self._blinds is not None:
            options["blinds"] = list(self._blinds)
        if self.short_blind != "full":
            options["short_blind"] = self.short_blind
        if self.mucks:
            options["mucks"] = sorted(self.mucks)
        if self.open_folds:
            options["open_folds"] = True
        return options

    def _check_blinds(self, blinds: Optional[tuple[Optional[int], int]]) -> Optional[tuple[Optional[int], int]]:
        if blinds is None:
            return None
        if not isinstance(blinds, (tuple, list)) or len(blinds) != 2:
            raise ValueError(f"blinds is (small blind seat or None, big blind seat), got {blinds!r}")
        small, big = blinds
        if big not in self.seats or small is not None and (small not in self.seats or small == big):
            raise ValueError(f"blinds {blinds!r}: the big blind, and any small blind, are other seats with chips")
        return small, big

    def _check_forced(self, name: str, chips: Optional[Mapping[int, int]], stakes: Stakes) -> None:
        if chips is None:
            return
        if not isinstance(chips, Mapping):
            raise ValueError(f"{name} maps seats to chips, got {chips!r}")
        for seat, amount in chips.items():
            if seat not in self.seats:
                raise ValueError(f"{name}: seat {seat!r} has no chips at this table")
            if type(amount) is not int or amount < 0 or name == "posts" and not 0 < amount <= stakes.big_blind:
                most = f"1 to the big blind, {stakes.big_blind}" if name == "posts" else "0 or more"
                raise ValueError(f"{name}: seat {seat} posts whole chips, {most}, got {amount!r}")

    def _post(self, event: str, seat: int, amount: int, live: bool) -> None:
        """Post a forced bet (what the stack allows): a live one counts toward this street's bet."""
        posted = self._put_in(seat, amount, street_bet=live)
        if event in ("big_blind_ante", "dead_blind"):
            self.dead[seat] += posted
        self.log.append({"event": event, "seat": seat, "amount": posted})

    def _post_forced_bets(
        self,
        antes: Optional[Mapping[int, int]],
        dead: Mapping[int, int],
        posts: Mapping[int, int],
        blinds: Optional[tuple[Optional[int], int]],
    ) -> None:
        """Antes first, then the dead money, the blinds, live posts and straddles (the ante before
        the blind when a big blind cannot cover both)."""
        order = self._order_from(self.button)
        if blinds is not None:  # a table's dead-button rule: the seats it names, maybe no small blind
            small_seat, big_seat = blinds
        else:
            blind_order = order
            if len(self.seats) == 2 and self.button in self.seats:  # heads-up: the button posts the small blind
                blind_order = [self.button] + [s for s in order if s != self.button]
            small_seat, big_seat = blind_order[0], blind_order[1]
        self.small_blind_seat = small_seat if self.big_blind else None
        self.big_blind_seat = big_seat if self.big_blind else None
        self.blind_seats = [s for s in (self.small_blind_seat, self.big_blind_seat) if s is not None]
        self.straddle_seats = self._straddlers()
        if antes is None:
            antes = {s: self.ante for s in order} if self.ante and not self.stakes.big_blind_ante else {}
        for seat in order:
            if antes.get(seat):
                self._post("ante", seat, antes[seat], live=False)
        if self.stakes.big_blind_ante and self.blind_seats:
            self._post("big_blind_ante", self.blind_seats[-1], self.ante, live=False)
        for seat in order:
            if dead.get(seat):
                self._post("dead_blind", seat, dead[seat], live=False)
        for blind_seat, name, amount in (
            (self.small_blind_seat, "small", self.small_blind),
            (self.big_blind_seat, "big", self.big_blind),
        ):
            if blind_seat is not None and amount:
                self._post(f"{name}_blind", blind_seat, amount, live=True)
        for seat in order:
            if posts.get(seat):
                self._post("post", seat, posts[seat], live=True)
        for seat, amount in zip(self.straddle_seats, self.stakes.straddles):
            self._post("straddle", seat, amount, live=True)

    def _straddlers(self) -> list[int]:
        """The seats that straddle: under the gun and on to the left, or the button."""
        wanted = len(self.stakes.straddles)
        if not wanted:
            return []
        if self.stakes.straddle_from == "button":
            if len(self.seats) < 3 or self.button not in self.seats or self.button in self.blind_seats:
                raise ValueError("a button straddle needs three or more seats and a button seat with chips")
            return [self.button]
        big = self.big_blind_seat
        after = [] if big is None else [s for s in clockwise_after(big, self.seats) if s not in self.blind_seats]
        if len(after) < wanted or len(self.seats) < 2 + wanted:
            raise ValueError(f"{wanted} straddle(s) under the gun need blinds and {2 + wanted} or more seats")
        return after[:wanted]

    def _deal_holes(self) -> None:
        order = self._order_from(self.button)
        dealt: dict[int, list[int]] = {s: [] for s in order}
        for _ in range(self.hole_cards):
            for seat in order:
                dealt[seat] += self._deck.deal(1)
        for seat in order:
            self.holes[seat] = dealt[seat]
            self.log.append({"event": "hole", "seat": seat, "cards": cards_str(dealt[seat])})

    @property
    def dealer(self) -> int:
        """The seat that acts last after the flop: the button; heads-up with the button's seat empty,
        the small blind, which then plays as the button."""
        if len(self.seats) == 2 and self.button not in self.seats and self.small_blind_seat is not None:
            return self.small_blind_seat
        return self.button

    def _first_preflop(self) -> int:
        if not self.blind_seats:  # no blinds: the first seat left of the button starts, as on later streets
            return self._order_from(self.button)[0]
        return self._order_from((self.straddle_seats or self.blind_seats)[-1])[0]

    # ---- betting rounds ----------------------------------------------------------------------

    def _can_act(self, seat: int) -> bool:
        return seat not in self.folded and self.stacks[seat] > 0

    def _start_round(self, first: int) -> None:
        self.level = max(self.bets.values())  # the street's highest bet: what a call matches
        preflop = self.street == "preflop" and self.blind_seats
        if preflop and self.short_blind == "full":  # a short big blind or straddle: the others call a full one
            self.level = max(self.level, self.stakes.forced_level)
        self.full_level = self.level  # the street total of the last full bet or raise
        # The size of the last full bet or raise: a straddle sets the minimum raise before the flop.
        self.last_raise = self.stakes.forced_level if preflop else self.big_blind
        self.raises = 1 if self.street == "preflop" and self.big_blind else 0
        self.capped = False  # fixed-limit: the raises reached the cap while three or more could bet
        self.to_act = [s for s in self._order_at(first) if self._can_act(s)]
        self.acted_at: dict[int, int] = {}  # each seat's bet when it last acted on this street
        self.last_aggressor: Optional[int] = None  # the street's last bettor or raiser
        self._settle_round()

    def _order_at(self, seat: int) -> list[int]:
        """Seats with chips, clockwise, starting with ``seat``."""
        return clockwise_from(seat, self.seats)

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
        total = self.bets[seat] + stack  # the street total all-in
        low = high = all_in = None
        if stack <= to_call:
            all_in = total  # calling puts the whole stack in
        elif self._may_raise(seat):
            least = limits.least_to(self.stakes, self.street, self.level, self.full_level, self.last_raise)
            most = limits.most_to(self.stakes, self.level, self.pot, to_call, self.bets[seat], stack, least)
            if min(most, total) >= least:
                low, high = least, min(most, total)
            all_in = total if total <= most else None  # below the least: an all-in short of a full raise
        return Legal(seat, self.level, to_call > 0, to_call <= 0, call, low, high, all_in)

    def _capped(self) -> bool:
        """Fixed-limit: the street has its bet and three raises while three or more players can still
        bet. Heads-up, raising is not capped; a fold after the cap does not lift it."""
        if self.limit != "fixed-limit" or self.raises < limits.FIXED_LIMIT_CAP:
            return False
        return self.capped or len([s for s in self._live() if self.stacks[s] > 0]) >= 3

    def _may_raise(self, seat: int) -> bool:
        """Whether ``seat`` may bet or raise: the betting is open to it, the limit not capped, and
        someone else could still call more."""
        if self._capped():
            return False
        others = [self.bets[s] + self.stacks[s] for s in self._live() if s != seat]
        if max(others, default=0) <= self.level:
            return False  # every other player is all-in or can only call: a raise could not be called
        if seat not in self.acted_at:
            return True
        # Having acted, a seat may raise again only when it faces a full raise since then, whether one
        # raise or several short all-ins make it (docs/rules.md#betting-limits).
        faced = self.level - self.acted_at[seat]
        return limits.counts_as_full(self.stakes, self.street, faced, self.last_raise)

    def act(self, action: Action, amount: Optional[int] = None) -> None:
        """Take an action for the player to act: fold, check, call, bet or raise (to ``amount``), all_in.

        An illegal action raises ``IllegalAction`` and changes nothing.
        """
        legal = self.legal()
        if not (action == "fold" and amount is None and self.open_folds):
            legal.check_action(action, amount)
        self._apply(legal.seat, action, amount)

    def bet_or_raise(self, to: int) -> None:
        """Bet or raise to ``to`` chips on this street, whichever the moment calls for; ``to`` equal to
        the whole stack goes all-in (a short all-in too). Illegal amounts raise ``IllegalAction``."""
        legal = self.legal()
        if to == legal.all_in:
            self.act("all_in")
        else:
            self.act("raise" if legal.current_bet else "bet", to)

    def _apply(self, seat: int, action: str, amount: Optional[int]) -> None:
        self.to_act.pop(0)
        if action == "fold":
            self.folded.add(seat)
        elif action == "call":
            self._put_in(seat, self.level - self.bets[seat])
        elif action in ("bet", "raise", "all_in"):
            target = self.bets[seat] + self.stacks[seat] if action == "all_in" else int(amount)  # type: ignore[arg-type]
            self._put_in(seat, target - self.bets[seat])
            if self.bets[seat] > self.level:
                added = self.bets[seat] - (self.full_level if self.limit == "fixed-limit" else self.level)
                if limits.counts_as_full(self.stakes, self.street, added, self.last_raise):
                    self.last_raise = self.bets[seat] - self.level
                    self.full_level = self.bets[seat]
                    self.raises += 1
                self.level = self.bets[seat]
                self.last_aggressor = seat
                # Everyone still able to act answers the new amount; a short all-in leaves those who
                # acted since the last full raise only a call or a fold (see _may_raise).
                self.to_act = [s for s in self._order_from(seat) if s != seat and self._can_act(s)]
        self.acted_at[seat] = self.bets[seat]
        self.capped = self._capped()
        event: dict[str, Any] = {"event": "action", "seat": seat, "action": action}
        if action not in ("fold", "check"):
            event["amount"] = self.bets[seat]  # the street total, as act() takes it
        self.log.append(event)
        self._settle_round()

    def _settle_round(self) -> None:
        """Move on when the round is over: the next street, the rest of the board, or the end."""
        live = self._live()
        if len(live) == 1:
            self.to_act = []
            self._finish()
            return
        # A seat left to act that is the only one with chips, and has matched every other bet (a short big
        # blind's full amount aside), has nothing to decide.
        able = [s for s in live if self.stacks[s] > 0]
        if len(able) <= 1 and all(self.bets[s] >= max(self.bets[o] for o in live if o != s) for s in able):
            self.to_act = []
        if self.to_act:
            return
        if self.street == "river" or len(able) <= 1:
            self._deal_out()
            self._finish()
            return
        self._next_street(start_round=True)

    def _rake_of(self, flop_dealt: bool) -> Union[int, Callable[[int], int]]:
        """The rake for settle: none, a recorded number of chips, or the Rake's share of the pot."""
        rake = self.rake
        if rake is None or isinstance(rake, int):
            return rake or 0
        return lambda pot: rake.of(pot, flop_dealt)

    def _deal_out(self) -> None:
        """Deal the rest of the board with no more betting; after an all-in with cards to come, ``runs``
        times, each later run from the rest of the deck (its board events say which run)."""
        shared, first_street = list(self.board), self.street
        while self.street != "river":
            self._next_street(start_round=False)
        self.boards = [list(self.board)]
        for run in range(1, self.runs if first_street != "river" else 1):
            board = list(shared)
            for street in STREETS[STREETS.index(first_street) + 1 :]:
                burned = self._deck.burn()
                dealt = self._deck.deal(3 if street == "flop" else 1)
                self.burned.append(burned)
                board += dealt
                event = {"event": "board", "street": street, "burn": card_str(burned), "cards": cards_str(dealt)}
                self.log.append({**event, "run": run})
            self.boards.append(board)

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
            self._start_round(first=self._order_from(self.dealer)[0])

    def _finish(self) -> None:
        live = self._live()
        contributions = {s: self.committed[s] - self.dead[s] for s in self.seats}
        out = set(self.folded)
        if self.button not in contributions:  # a button seat sitting out still orders the odd chips
            contributions[self.button] = 0
            out.add(self.button)
        if not self.boards:
            self.boards = [list(self.board)]
        order = showdown.show_order(live, self.button, self.last_aggressor) if len(live) > 1 else []
        flop_dealt = len(self.board) >= 3

        def settled(showing: list[int]) -> Settlement:
            return settle(
                contributions,
                button=self.button,
                folded=sorted(out | (set(order) - set(showing))),  # a mucked hand gives up the pot
                hands={s: self.holes[s] for s in showing},
                boards=self.boards if len(self.boards) > 1 else None,
                board=self.board if len(self.boards) == 1 else (),
                dead=self.dead,
                rake=self._rake_of(flop_dealt),
                game=self.game,
            )

        mucked = [s for s in order if s in self.mucks][: len(order) - 1]  # as recorded; one hand is always shown
        settlement = settled([s for s in order if s not in mucked])
        tabled = any(self.stacks[s] == 0 for s in live)  # someone is all-in: every hand is turned up
        if self.muck and not self.mucks and order and not tabled:
            strengths = {s: showdown.strength(self.game, self.holes[s], self.board) for s in order}
            mucked = showdown.muckers(order, strengths, settlement)
            if mucked:
                settlement = settled([s for s in order if s not in mucked])
        for seat in self.seats:
            self.stacks[seat] += settlement.payouts[seat]
        shown = {s: showdown.shown(self.game, self.holes[s], self.board) for s in order if s not in mucked}
        if self.muck:
            for seat in order:
                hole = self.holes[seat]
                self.log.append(
                    {"event": "muck", "seat": seat}
                    if seat in mucked
                    else {"event": "show", "seat": seat, "cards": cards_str(hole)}
                )
        self.result = HandResult(settlement, {s: settlement.net[s] for s in self.seats}, shown, tuple(mucked))
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

    @classmethod
    def replay(cls, log: Union[str, Log]) -> Hand:
        """Rebuild a hand from its log; a corrupt or illegal log raises ``ValueError`` naming the event."""
        return replay(cls, log)

    def next_hand(
        self,
        seed: Optional[int] = None,
        deck: Optional[Deck] = None,
        cards: Optional[object] = None,
        cut: Optional[int] = None,
        cut_by: Optional[int] = None,
    ) -> Hand:
        """The next hand: stacks carried over, empty stacks sitting out, the button one seat left.

        ``cut`` and ``cut_by`` cut the new deck as in ``Hand``.
        """
        stacks, button = self._next_table()
        return Hand(stacks, button, seed=seed, deck=deck, cards=cards, stakes=self.stakes, cut=cut, cut_by=cut_by)

    @property
    def next_button(self) -> int:
        """The seat the button moves to for the next hand: the next one left with chips."""
        return self._next_table()[1]

    def _next_table(self) -> tuple[dict[int, int], int]:
        if self.result is None:
            raise IllegalAction("the hand is not over")
        stacks = dict(self.stacks)
        stacks.update({s: 0 for s in self.sitting_out})
        with_chips = sorted(s for s, c in stacks.items() if c > 0)
        if len(with_chips) < 2:
            raise ValueError("fewer than two seats have chips left")
        return stacks, next(s for s in clockwise_after(self.button, stacks) if stacks[s] > 0)
