"""Every option of a hand, checked together and carried as one value, and its start event."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Union

from ..games import GAMES, HOLDEM, Game, as_game
from ..seats import MAX_SEATS, MIN_SEATS, clockwise_after
from .events import LOG_VERSION
from .stakes import Rake, Stakes

Blinds = tuple[Optional[int], int]
"""The small blind's seat (None for a dead small blind) and the big blind's seat."""
SHORT_BLIND_RULES = ("full", "posted")
"""What a call matches when a big blind or straddle is short of chips: its full amount (the rule
books'), or what was posted (as some rooms play)."""
_STAKES_OPTIONS = {
    "straddles": (),
    "straddle_from": "utg",
    "big_blind_ante": False,
    "bring_in": 0,
    "button_blind": False,
}
"""The stakes' options and their defaults: a start event names only those that are set."""
_FORCED = ("antes", "dead", "posts")
_FLAGS = ("muck", "open_folds")


def table_of(stacks: Union[Mapping[int, int], Iterable[int]]) -> dict[int, int]:
    """Seats and their chips, from a mapping or a list (seat = position)."""
    return dict(stacks.items()) if isinstance(stacks, Mapping) else dict(enumerate(stacks))


@dataclass(frozen=True)
class HandSetup:
    """A hand's table and options, as ``Hand`` takes them.

    ``stacks`` holds every seat at the table (those with no chips sit out). Creating one checks
    everything that can be checked before the deal; ``to_event`` is the log's start event and
    ``from_event`` reads one back.

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

    ``game`` is a ``handrank.games.Game`` or its name: ``"holdem"``, ``"omaha"`` or
    ``"omaha-hilo"`` (eight-or-better), with ``hole_cards`` each (2 in Hold'em; 4, 5 or 6 in
    Omaha, 4 by default), the short-deck games, ``"stud"``, ``"stud-hilo"`` and ``"razz"``,
    whose stakes are an ante and a bring-in (``Stakes.stud``) and which post no blinds, or the
    draw games (``"five-card-draw"``, ``"2-7-single-draw"``, ``"2-7-triple-draw"``,
    ``"a-5-triple-draw"``, ``"badugi"``). ``runs``: an all-in with cards to come deals the rest of the board that
    many times, each pot split between the boards. ``rake`` is the house's ``Rake`` (or, for a
    recorded hand, the chips it took).
    ``muck``: at a showdown with no one all-in, a hand that cannot win may be
    mucked instead of shown (docs/rules.md#the-showdown).

    >>> HandSetup({0: 100, 1: 100}, button=0, game="omaha").hole_cards
    4
    """

    stacks: Mapping[int, int]
    button: int
    stakes: Stakes = field(default_factory=Stakes)
    game: Game = HOLDEM
    hole_cards: Optional[int] = None
    runs: int = 1
    rake: Union[Rake, int, None] = None
    muck: bool = False
    blinds: Optional[Blinds] = None
    short_blind: str = "full"
    mucks: frozenset[int] = frozenset()
    open_folds: bool = False
    antes: Optional[Mapping[int, int]] = None
    dead: Optional[Mapping[int, int]] = None
    posts: Optional[Mapping[int, int]] = None
    _seats: list[int] = field(init=False, repr=False, compare=False)
    _order: list[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        settle = object.__setattr__  # a frozen value sets its derived fields once, here
        table = self.stacks if type(self.stacks) is dict else table_of(self.stacks)
        settle(self, "stacks", table)
        for seat, chips in table.items():
            if type(seat) is not int or type(chips) is not int or chips < 0:
                raise ValueError(f"seat {seat!r}: stacks are whole numbers of chips >= 0, got {chips!r}")
        seats = sorted(s for s, chips in table.items() if chips > 0)
        settle(self, "_seats", seats)  # derived once: every phase of the hand reads them
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise ValueError(f"a hand needs {MIN_SEATS} to {MAX_SEATS} seats with chips, got {len(seats)}")
        if type(self.button) is not int or self.button not in table:
            raise ValueError(f"the button seat {self.button!r} is not at the table")
        settle(self, "_order", clockwise_after(self.button, seats))
        if not isinstance(self.stakes, Stakes):
            raise ValueError(f"stakes are a Stakes, e.g. Stakes(1, 2), got {self.stakes!r}")
        game = as_game(self.game)
        settle(self, "game", game)
        settle(self, "hole_cards", game.hole_count(self.hole_cards))
        self._check_runs()
        rake = self.rake
        if rake is not None and not isinstance(rake, Rake) and (type(rake) is not int or rake < 0):
            raise ValueError(f"rake is a Rake, e.g. Rake(5, cap=3), or the chips a record says it took; got {rake!r}")
        if type(self.muck) is not bool:
            raise ValueError(f"muck is True or False, got {self.muck!r}")
        if self.blinds is None and self.stakes.button_blind:
            if self.button not in seats:
                raise ValueError(f"the button posts the blind (button_blind), and seat {self.button} has no chips")
            settle(self, "blinds", (None, self.button))
        if self.blinds is not None:
            settle(self, "blinds", self._checked_blinds())
        if self.short_blind not in SHORT_BLIND_RULES:
            raise ValueError(f"short_blind is {' or '.join(map(repr, SHORT_BLIND_RULES))}, got {self.short_blind!r}")
        if type(self.mucks) is not frozenset:
            settle(self, "mucks", frozenset(self.mucks))
        if type(self.open_folds) is not bool:
            raise ValueError(f"open_folds is True or False, got {self.open_folds!r}")
        if self.mucks and not self.mucks <= set(seats):
            raise ValueError(f"mucks names seats with chips at this table, got {sorted(self.mucks)}")
        for name in _FORCED:
            if getattr(self, name) is not None:
                settle(self, name, self._checked_forced(name))
        self._check_opening()

    @property
    def seats(self) -> list[int]:
        """The seats with chips, in order: the players of the hand."""
        return self._seats

    @property
    def order(self) -> list[int]:
        """The seats with chips clockwise from the first left of the button: the order of the deal."""
        return self._order

    def _check_opening(self) -> None:
        """A game opened by the cards showing (stud) or by openers posts no blinds; only the first
        has a bring-in."""
        stakes = self.stakes
        if self.game.opening is None and stakes.bring_in:
            raise ValueError(f"a bring-in is for games dealt partly face up, not {self.game.name}")
        if self.game.posts_blinds:
            return
        blind_options = [name for name in ("blinds", "posts", "dead") if getattr(self, name)]
        if stakes.small_blind or stakes.straddles or stakes.big_blind_ante or stakes.button_blind or blind_options:
            raise ValueError(
                f"{self.game.name} posts no blinds: its stakes are an ante and a bring-in, "
                "Stakes.stud(ante, bring_in, small_bet)"
                if self.game.opening
                else f"{self.game.name} posts no blinds: its stakes are an ante and the bet, Stakes(0, bet, ante=...)"
            )

    def _check_runs(self) -> None:
        if not self.game.board_size:
            if self.runs != 1:
                raise ValueError(f"{self.game.name} deals no board to run again: runs is 1, got {self.runs!r}")
            return
        per_run = self.game.board_size + self.game.board_streets  # a burn before each street's cards
        room = len(self.game.deck) - len(self.seats) * self.hole_cards  # type: ignore[operator]
        if room < per_run:
            most = (len(self.game.deck) - per_run) // self.hole_cards  # type: ignore[operator]
            each = f"{self.hole_cards} cards each and a board"
            raise ValueError(f"{self.game.name}'s {len(self.game.deck)} cards deal {each} to at most {most} players")
        if type(self.runs) is not int or self.runs < 1 or per_run * self.runs > room:
            raise ValueError(f"runs is 1 to {room // per_run} here (the deck must hold every board), got {self.runs!r}")

    def _checked_blinds(self) -> Blinds:
        blinds = self.blinds
        if not isinstance(blinds, (tuple, list)) or len(blinds) != 2:
            raise ValueError(f"blinds is (small blind seat or None, big blind seat), got {blinds!r}")
        small, big = blinds
        seats = self.seats
        if big not in seats or small is not None and (small not in seats or small == big):
            raise ValueError(f"blinds {blinds!r}: the big blind, and any small blind, are other seats with chips")
        return small, big

    def _checked_forced(self, name: str) -> dict[int, int]:
        chips = getattr(self, name)
        if not isinstance(chips, Mapping):
            raise ValueError(f"{name} maps seats to chips, got {chips!r}")
        for seat, amount in chips.items():
            if seat not in self.seats:
                raise ValueError(f"{name}: seat {seat!r} has no chips at this table")
            big_blind = self.stakes.big_blind
            if type(amount) is not int or amount < 0 or name == "posts" and not 0 < amount <= big_blind:
                most = f"1 to the big blind, {big_blind}" if name == "posts" else "0 or more"
                raise ValueError(f"{name}: seat {seat} posts whole chips, {most}, got {amount!r}")
        return dict(chips)

    def to_event(self) -> dict[str, Any]:
        """The log's first event: the table, the stakes, any forced bets beyond them, and the options
        that are not the defaults (the game, runs, rake, muck, ...)."""
        stakes = self.stakes
        event: dict[str, Any] = {
            "event": "start",
            "stacks": {str(s): self.stacks[s] for s in sorted(self.stacks)},
            "button": self.button,
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "ante": stakes.ante,
            "limit": stakes.limit,
            "version": LOG_VERSION,
        }
        for name, default in _STAKES_OPTIONS.items():
            value = getattr(stakes, name)
            if value != default:
                event[name] = list(value) if isinstance(value, tuple) else value
        for name in _FORCED:
            chips = getattr(self, name)
            if chips is not None:
                event[name] = {str(s): chips[s] for s in sorted(chips)}
        if self.game is not HOLDEM:
            event.update(game=self.game.name, hole_cards=self.hole_cards)
        if self.runs != 1:
            event["runs"] = self.runs
        if isinstance(self.rake, Rake):
            event["rake"] = {
                "percent": str(self.rake.percent),
                "cap": self.rake.cap,
                "no_flop_no_drop": self.rake.no_flop_no_drop,
            }
        elif self.rake is not None:
            event["rake"] = self.rake
        if self.muck:
            event["muck"] = True
        if self.blinds is not None:
            event["blinds"] = list(self.blinds)
        if self.short_blind != SHORT_BLIND_RULES[0]:
            event["short_blind"] = self.short_blind
        if self.mucks:
            event["mucks"] = sorted(self.mucks)
        if self.open_folds:
            event["open_folds"] = True
        return event

    @classmethod
    def from_event(cls, start: Mapping[str, Any], games: Mapping[str, Game] = GAMES) -> HandSetup:
        """The setup a start event records; ``games`` finds its game by name (a caller's own games
        may be added to ``GAMES``)."""
        stake_options = {name: start[name] for name in _STAKES_OPTIONS if name in start}
        if "straddles" in stake_options:
            stake_options["straddles"] = tuple(stake_options["straddles"])
        stakes = Stakes(start["small_blind"], start["big_blind"], start["ante"], start["limit"], **stake_options)
        options: dict[str, Any] = {
            name: {int(s): c for s, c in start[name].items()} for name in _FORCED if name in start
        }
        options.update({name: start[name] for name in ("hole_cards", "runs", "short_blind", *_FLAGS) if name in start})
        if "game" in start:
            if start["game"] not in games:
                raise ValueError(f"unknown game {start['game']!r}: expected one of {', '.join(games)}")
            options["game"] = games[start["game"]]
        if "mucks" in start:
            options["mucks"] = frozenset(start["mucks"])
        if "blinds" in start:
            options["blinds"] = tuple(start["blinds"])
        if "rake" in start:
            rake = start["rake"]
            options["rake"] = (
                rake if type(rake) is int else Rake(Fraction(rake["percent"]), rake["cap"], rake["no_flop_no_drop"])
            )
        return cls({int(s): c for s, c in start["stacks"].items()}, start["button"], stakes, **options)


__all__ = ["SHORT_BLIND_RULES", "Blinds", "HandSetup", "table_of"]
