"""A table across hands: who sits where with how many chips, the button's rule, missed blinds,
and, in a tournament, blind levels and eliminations (docs/rules.md#a-table-across-hands).

>>> table = Table(Stakes(1, 2), seed=3, button=0)
>>> for seat in (0, 1, 2):
...     table.sit(seat, 200)
>>> hand = table.deal()
>>> hand.button, hand.blind_seats
(0, [1, 2])
>>> while not hand.is_over:
...     hand.act("fold" if hand.legal().fold else "check")
>>> table.deal().button  # the button moves one seat left
1
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Optional, Union

from ..cards import MIN_CUT
from ..games import HOLDEM, Game, as_game
from ..seats import MAX_SEATS, MIN_SEATS, clockwise_after
from .draw import draw_for_button
from .hand import Hand
from .legal import IllegalAction
from .stakes import Stakes

BUTTON_RULES = ("moving", "dead")
"""How the button moves: to the next player each hand ("moving"), or with the big blind moving one
player left each hand and the small blind and the button placed behind it, on an empty seat if
need be ("dead", the tournament rule)."""


@dataclass(frozen=True)
class Level:
    """One level of a tournament's blind schedule, or one game of a mixed game's rotation: its
    stakes and game, for this many hands (in a rotation, None: one orbit, a hand for each player
    dealt in when the game comes round).

    >>> horse = [Level(Stakes(1, 2, limit="fixed-limit"), None), Level(Stakes.stud(1, 1, 2), 3, game="razz")]
    >>> horse[1].game.title
    'Razz (seven-card stud, ace-to-five low)'
    """

    stakes: Stakes
    hands: Optional[int]
    game: Union[Game, str] = HOLDEM

    def __post_init__(self) -> None:
        if (
            not isinstance(self.stakes, Stakes)
            or self.hands is not None
            and (type(self.hands) is not int or self.hands < 1)
        ):
            raise ValueError(f"a level is Stakes and a number of hands >= 1, got {self.stakes!r}, {self.hands!r}")
        object.__setattr__(self, "game", as_game(self.game))


class Table:
    """Seats 0 to ``seats - 1``; players sit with chips, play hands dealt by ``deal()``, and may sit
    out, come back, add chips (cash games) or leave between hands.

    ``stakes``; or, for a tournament, ``schedule`` (levels by hands played; the last one stays); or,
    for a mixed game, ``rotation``: its games in turn, each ``Level`` for its hands or an orbit, then
    round again (H.O.R.S.E.: hold'em, Omaha hi-lo, razz, stud, stud hi-lo).
    The first button is ``button``, or drawn for (``draw``: "high-card" or "first-jack"); with
    ``cut`` the pack is cut before each deal. A player coming back, or new to a game under way,
    owes the blinds that passed them: the big blind live and the small blind dead, or, with
    ``wait_for_big_blind``, comes in when the big blind reaches them (stud, and stakes with a
    button blind, owe nothing: the button moves to the next player). In a tournament every
    player is dealt every hand and a player with no chips left is out (``finished`` lists them,
    first out first). ``hand_options`` go to every ``Hand`` (game, runs, rake, muck, ...).
    """

    def __init__(
        self,
        stakes: Optional[Stakes] = None,
        *,
        schedule: Optional[Sequence[Level]] = None,
        rotation: Optional[Sequence[Level]] = None,
        seats: int = MAX_SEATS,
        button_rule: Optional[str] = None,
        button: Optional[int] = None,
        draw: str = "high-card",
        cut: bool = False,
        wait_for_big_blind: bool = False,
        max_buy_in: Optional[int] = None,
        seed: Optional[int] = None,
        **hand_options: Any,
    ) -> None:
        if [stakes, schedule, rotation].count(None) != 2:
            raise ValueError(
                "give the stakes of a cash game, the schedule of a tournament or a mixed game's rotation, one of them"
            )
        levels = schedule if schedule is not None else rotation if rotation is not None else (Level(stakes, 1),)  # type: ignore[arg-type]
        self.schedule = tuple(levels)
        if not self.schedule or not all(isinstance(level, Level) for level in self.schedule):
            raise ValueError("a schedule or a rotation is one or more Level(stakes, hands)")
        if schedule is not None and any(level.hands is None for level in self.schedule):
            raise ValueError("a tournament's levels last a number of hands, not an orbit")
        if rotation is not None and "game" in hand_options:
            raise ValueError("a rotation's levels name their games: give no game= beside it")
        self.rotation = rotation is not None
        self._turn = (0, 0, 0)  # a rotation's level now, hands played in it, and its hands
        self.tournament = schedule is not None
        self.button_rule = button_rule or ("dead" if self.tournament else "moving")
        if self.button_rule not in BUTTON_RULES:
            raise ValueError(f"button_rule must be one of {', '.join(BUTTON_RULES)}, got {self.button_rule!r}")
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise ValueError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, got {seats!r}")
        if button is not None and (type(button) is not int or not 0 <= button < seats):
            raise ValueError(f"the first button is a seat from 0 to {seats - 1}, got {button!r}")
        self.size, self.draw, self.cut = seats, draw, cut
        self.wait_for_big_blind, self.max_buy_in, self.hand_options = wait_for_big_blind, max_buy_in, hand_options
        self._random = random.Random(seed)
        self._seeded = seed is not None
        self._first_button = button
        self._chips: dict[int, int] = {}  # seated players' stacks, as of the last hand collected
        self.names: dict[int, str] = {}
        self.sitting_out: set[int] = set()
        self.owes: dict[int, set[str]] = {}  # missed blinds: "big" (posted live) and "small" (dead)
        self.finished: list[int] = []  # tournament: the seats knocked out, first out first
        self.history: list[Hand] = []
        self.hand: Optional[Hand] = None
        self._collected: Optional[Hand] = None  # the last hand whose stacks came back to the table
        self._positions: Optional[tuple[int, int, int]] = None  # last hand's button, small-blind seat, big

    @property
    def chips(self) -> dict[int, int]:
        """Each seated player's chips: after the last hand once it is over, else before it."""
        if self.hand is not None and self.hand.is_over:
            self._collect()
        return dict(self._chips)

    # ---- between hands ------------------------------------------------------------------------

    def _between_hands(self, what: str) -> None:
        if self.hand is not None and not self.hand.is_over:
            raise IllegalAction(f"cannot {what} during a hand")
        self._collect()

    def sit(self, seat: int, chips: int, name: Optional[str] = None) -> None:
        """A player sits down with ``chips``; in a game under way they owe a big blind to come in."""
        self._between_hands("sit down")
        if type(seat) is not int or not 0 <= seat < self.size or seat in self._chips:
            raise ValueError(f"seat {seat!r} is not a free seat from 0 to {self.size - 1}")
        self._check_chips(chips, chips)
        if self.tournament and self.history:
            raise ValueError("a tournament seats its players before the first hand")
        self._chips[seat] = chips
        self.names[seat] = name or f"seat {seat}"
        if self.history:
            self.owes[seat] = {"big"}

    def leave(self, seat: int) -> int:
        """A player leaves with their chips (returned)."""
        self._between_hands("leave")
        self._seated(seat)
        self.sitting_out.discard(seat)
        self.owes.pop(seat, None)
        self.names.pop(seat)
        return self._chips.pop(seat)

    def add_chips(self, seat: int, chips: int) -> None:
        """A rebuy or top-up in a cash game, between hands (up to ``max_buy_in`` in all)."""
        self._between_hands("add chips")
        self._seated(seat)
        if self.tournament:
            raise ValueError("a tournament takes no rebuys here")
        self._check_chips(chips, self._chips[seat] + chips)
        self._chips[seat] += chips

    def sit_out(self, seat: int) -> None:
        """Skip hands from the next one on; the blinds that pass the seat meanwhile are owed."""
        self._between_hands("sit out")
        self._seated(seat)
        if self.tournament:
            raise ValueError("in a tournament every player is dealt every hand")
        self.sitting_out.add(seat)

    def sit_in(self, seat: int) -> None:
        self._between_hands("sit in")
        self._seated(seat)
        self.sitting_out.discard(seat)

    def _seated(self, seat: int) -> None:
        if seat not in self._chips:
            raise ValueError(f"nobody sits in seat {seat!r}")

    def _check_chips(self, chips: int, total: int) -> None:
        if type(chips) is not int or chips <= 0:
            raise ValueError(f"chips are a whole number > 0, got {chips!r}")
        if self.max_buy_in is not None and total > self.max_buy_in:
            raise ValueError(f"{total} chips is over the table's maximum buy-in of {self.max_buy_in}")

    def _collect(self) -> None:
        """Bring the last hand's stacks back to the table; in a tournament, knock out empty stacks."""
        hand = self.hand
        if hand is None or hand is self._collected:
            return
        for seat, chips in hand.stacks.items():
            self._chips[seat] = chips
        self._collected = hand
        for seat in sorted(s for s, c in self._chips.items() if c == 0):
            if self.tournament:
                self.finished.append(seat)
                del self._chips[seat], self.names[seat]
            else:
                self.sitting_out.add(seat)  # busted: out until chips are added

    # ---- the next hand ------------------------------------------------------------------------

    @property
    def level(self) -> Level:
        """The schedule's level, or the rotation's game, for the next hand."""
        if self.rotation:
            return self.schedule[self._turn[0]]
        played = len(self.history)
        for level in self.schedule:
            if played < level.hands:  # type: ignore[operator]  # a schedule's levels count hands
                return level
            played -= level.hands  # type: ignore[operator]
        return self.schedule[-1]

    def _take_turn(self, dealt_in: int) -> None:
        """A rotation moves on to its next game once this one has had its hands (an orbit: one for
        each player dealt in when it came round)."""
        at, played, hands = self._turn
        if played == 0:
            hands = self.schedule[at].hands or dealt_in
        played += 1
        self._turn = ((at + 1) % len(self.schedule), 0, 0) if played >= hands else (at, played, hands)

    def deal(self) -> Hand:
        """The next hand, with the button moved by the table's rule and the blinds owed posted."""
        self._between_hands("deal")
        active = sorted(s for s, c in self._chips.items() if c > 0 and s not in self.sitting_out)
        if len(active) < MIN_SEATS:
            raise ValueError(f"a hand needs {MIN_SEATS} players with chips, {len(active)} are ready")
        game = as_game(self.hand_options.get("game", self.level.game))
        button_blind = self.level.stakes.button_blind
        if not game.posts_blinds or button_blind:  # stud, jacks or better, or the button's one blind: none to owe
            for seat in active:
                self.owes.pop(seat, None)
        owing = {s for s in active if self.owes.get(s)}  # back, or new: they come in on the big blind or post
        draw = None
        if self._positions is None:
            if self._first_button is not None:
                button = self._first_button
            else:
                draw = draw_for_button(active, method=self.draw, seed=self._random.getrandbits(32))
                button = draw.button
            small, big = self._blinds_left_of(button, active, owing)
        elif self.button_rule == "moving" or button_blind:  # to the next player dealt in, who owes nothing
            after = [s for s in clockwise_after(self._positions[0], self._chips) if s in active]
            button = next((s for s in after if s not in owing), after[0])
            small, big = self._blinds_left_of(button, active, owing)
        else:
            button, small, big = self._dead_button_positions(active)
        self._note_missed_blinds(active, small, big)
        posts, dead, waiting = self._posts_owed(active, button, small, big)
        in_hand = [s for s in active if s not in waiting]
        if len(in_hand) < MIN_SEATS:
            raise ValueError("too few players are in: the others wait for the big blind")
        stacks = {s: (self._chips[s] if s in in_hand else 0) for s in sorted({*self._chips, button})}
        self._positions = (button, small, big)
        options: dict[str, Any] = dict(self.hand_options)
        if posts:
            options.update(posts=posts, dead=dead)
        if self.cut:
            options["cut"] = self._random.randint(MIN_CUT, len(game.deck) - MIN_CUT)
        if game.posts_blinds:
            options["blinds"] = (None, button) if button_blind else (small if small in in_hand else None, big)
        if self.rotation:
            options["game"] = game
        self.hand = Hand(
            stacks,
            button,
            stakes=self.level.stakes,
            seed=self._random.getrandbits(64) if self._seeded else None,
            draw=draw,
            **options,
        )
        self.history.append(self.hand)
        if self.rotation:
            self._take_turn(len(in_hand))
        return self.hand

    def _blinds_left_of(self, button: int, active: list[int], owing: set[int]) -> tuple[int, int]:
        """The small and big blind seats: the two players left of the button, the small blind never
        one who owes blinds (heads-up, the button and the other player)."""
        order = [s for s in clockwise_after(button, active) if s != button]
        if len(active) == 2 and button in active:
            return button, order[0]
        small = next((s for s in order if s not in owing), order[0])
        return small, order[(order.index(small) + 1) % len(order)]

    def _dead_button_positions(self, active: list[int]) -> tuple[int, int, int]:
        """The big blind moves to the next player; the small blind is last hand's big blind's seat
        (no small blind when that player is gone) and the button last hand's small-blind seat,
        empty or not."""
        _, last_small, last_big = self._positions  # type: ignore[misc]
        big = next(s for s in clockwise_after(last_big, {*active, last_big}) if s in active and s != last_big)
        if len(active) == 2:  # heads-up: the button posts the small blind
            button = next(s for s in active if s != big)
            return button, button, big
        return last_small, last_big, big

    def _note_missed_blinds(self, active: list[int], small: int, big: int) -> None:
        """Seats sitting out that the blinds passed since the last hand owe them."""
        if self._positions is None:
            return
        _, last_small, last_big = self._positions
        for seat in self._chips:
            if seat in active:
                continue
            if _passed(last_big, big, seat, self.size):
                self.owes.setdefault(seat, set()).add("big")
            if _passed(last_small, small, seat, self.size):
                self.owes.setdefault(seat, set()).add("small")

    def _posts_owed(
        self, active: list[int], button: int, small: int, big: int
    ) -> tuple[dict[int, int], dict[int, int], set[int]]:
        """Live and dead posts of the players owing blinds, and those who wait: for the big blind, or,
        on the button or in the small blind, until the button has passed them."""
        stakes = self.level.stakes
        posts: dict[int, int] = {}
        dead: dict[int, int] = {}
        waiting: set[int] = set()
        for seat in active:
            owed = self.owes.get(seat)
            if not owed:
                continue
            if seat == big:  # the big blind has come round: posting it pays what is owed
                del self.owes[seat]
            elif self.wait_for_big_blind or seat in (small, button) or _passed(button, big, seat, self.size):
                waiting.add(seat)  # not on the button nor in or between the blinds
            else:
                posts[seat] = stakes.big_blind
                if "small" in owed and stakes.small_blind:
                    dead[seat] = stakes.small_blind
                del self.owes[seat]
        return posts, dead, waiting


def _passed(start: int, end: int, seat: int, size: int) -> bool:
    """Whether going clockwise from ``start`` (excluded) to ``end`` (included) passes ``seat``."""
    steps = (end - start) % size or size
    return 0 < (seat - start) % size <= steps
