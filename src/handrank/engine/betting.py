"""One betting round: its state (the level to call, the last full raise, who is still to act),
what the player to act may do, and how a bet or raise changes the round.

The rules are written in docs/rules.md#betting-limits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Optional, Protocol

from ..games import Street
from .legal import Legal
from .limits import BettingLimit


class Chips(Protocol):
    """What a betting decision reads of the hand: each seat's bet this street and chips behind,
    the seats still in the hand, and every chip put in so far."""

    @property
    def bets(self) -> Mapping[int, int]: ...
    @property
    def stacks(self) -> Mapping[int, int]: ...
    @property
    def live(self) -> Sequence[int]: ...
    @property
    def pot(self) -> int: ...


@dataclass
class BettingRound:
    """The state of a street's betting.

    ``level`` is the street's highest bet (what a call matches), ``full_level`` the street total
    of the last full bet or raise and ``last_raise`` its size, ``raises`` the full bets and raises
    so far (the blinds count as the first before the flop). ``to_act`` are the seats still to act,
    in order; ``acted_at`` each seat's bet when it last acted; ``last_aggressor`` the street's
    last bettor or raiser; ``capped`` whether the raises reached the limit's cap while three or
    more could bet; ``bring_in``, on a stud game's first street until its first action, what the
    seat to act brings it in for; ``drawing``, on a draw street, that ``to_act`` are still to draw
    before the betting; ``big_bet_open``, on stud's fourth street with a pair showing, that a bet
    or raise may be the big bet until one is (then ``street`` is a big-bet street); ``may_open``,
    in a game with openers, the seats whose cards may make the round's first bet.
    """

    street: Street
    limit: BettingLimit
    big_blind: int
    level: int
    full_level: int
    last_raise: int
    raises: int
    to_act: list[int]
    acted_at: dict[int, int] = field(default_factory=dict)
    last_aggressor: Optional[int] = None
    capped: bool = False
    bring_in: Optional[int] = None
    drawing: bool = False
    big_bet_open: bool = False
    may_open: Optional[frozenset[int]] = None

    def legal(self, seat: int, chips: Chips) -> Legal:
        """What ``seat`` may do now."""
        if self.bring_in is not None:
            return self._bring_in_legal(seat, chips)
        stack, to_call = chips.stacks[seat], self.level - chips.bets[seat]
        call = min(to_call, stack) if to_call > 0 else None
        total = chips.bets[seat] + stack  # the street total all-in
        low = high = all_in = None
        if stack <= to_call:
            all_in = total  # calling puts the whole stack in
        elif self._may_raise(seat, chips):
            least = self.limit.least_to(self.big_blind, self.street, self.level, self.full_level, self.last_raise)
            most = self.limit.most_to(self.level, chips.pot, to_call, chips.bets[seat], stack, least)
            if min(most, total) >= least:
                low, high = least, min(most, total)
            big = self._big_bet_to()
            big_bet = big if big is not None and big <= total else None
            all_in = total if total <= max(most, big or 0) else None  # short of a full raise: all-in
            return Legal(seat, self.level, to_call > 0, to_call <= 0, call, low, high, all_in, big_bet=big_bet)
        return Legal(seat, self.level, to_call > 0, to_call <= 0, call, low, high, all_in)

    def _big_bet_to(self) -> Optional[int]:
        """Where a big bet or raise goes while the open-pair rule offers it (None: it does not)."""
        if not self.big_bet_open or not self.limit.fixed_bets:
            return None  # the rule sizes fixed-limit bets; other limits have their own
        big_street = replace(self.street, big_bet=True)
        return self.limit.least_to(self.big_blind, big_street, self.level, self.full_level, self.last_raise)

    def _bring_in_legal(self, seat: int, chips: Chips) -> Legal:
        """The bring-in's choices: bring it in, or complete to a full bet; no check, no fold. A stack
        of the bring-in or less brings it in all-in."""
        stack, bring_in = chips.stacks[seat], self.bring_in or 0
        if stack <= bring_in:
            return Legal(seat, 0, False, False, None, None, None, stack, stack)
        least = self.limit.least_to(self.big_blind, self.street, 0, 0, self.last_raise)
        most = min(self.limit.most_to(0, chips.pot, 0, 0, stack, least), stack)
        low, high = (least, most) if most >= least else (None, None)
        return Legal(seat, 0, False, False, None, low, high, stack if stack <= most else None, bring_in)

    def passed_out(self) -> bool:
        """Every player checked a round only openers could open: the hand is dealt again."""
        return self.may_open is not None and not self.level and bool(self.acted_at)

    def brought_in(self, bet: int, answering: list[int]) -> None:
        """The bring-in is in, ``bet`` chips: those after it (``answering``) call it, complete or fold;
        it is no full bet, so its seat acts again only if someone completes."""
        self.level = bet
        self.bring_in = None
        self.to_act = answering

    def is_capped(self, chips: Chips) -> bool:
        """The street has the limit's cap of bets and raises while three or more players can still
        bet. Heads-up, raising is not capped; a fold after the cap does not lift it."""
        if self.limit.cap is None or self.raises < self.limit.cap:
            return False
        return self.capped or len([s for s in chips.live if chips.stacks[s] > 0]) >= 3

    def _may_raise(self, seat: int, chips: Chips) -> bool:
        """Whether ``seat`` may bet or raise: the betting is open to it, the limit not capped,
        someone else could still call more, and, in a game with openers, it holds them or someone
        has opened."""
        if self.is_capped(chips):
            return False
        if not self.level and self.may_open is not None and seat not in self.may_open:
            return False  # nobody has opened, and this seat's cards may not
        others = [chips.bets[s] + chips.stacks[s] for s in chips.live if s != seat]
        if max(others, default=0) <= self.level:
            return False  # every other player is all-in or can only call: a raise could not be called
        if seat not in self.acted_at:
            return True
        # Having acted, a seat may raise again only when it faces a full raise since then, whether one
        # raise or several short all-ins make it (docs/rules.md#betting-limits).
        faced = self.level - self.acted_at[seat]
        return self.limit.counts_as_full(self.big_blind, self.street, faced, self.last_raise)

    def raised(self, seat: int, bet: int, answering: list[int]) -> None:
        """``seat`` bet or raised to ``bet``, over the level: a full raise reopens the betting; everyone
        in ``answering`` (those still able to act, in order after the seat) answers the new amount."""
        if bet == self._big_bet_to():  # the big bet made: the street's bets are big bets from now on
            self.street, self.big_bet_open = replace(self.street, big_bet=True), False
        added = self.limit.raised_by(bet, self.level, self.full_level)
        if self.limit.counts_as_full(self.big_blind, self.street, added, self.last_raise):
            self.last_raise = bet - self.level
            self.full_level = bet
            self.raises += 1
        self.level = bet
        self.last_aggressor = seat
        # A short all-in leaves those who acted since the last full raise only a call or a fold
        # (see _may_raise).
        self.to_act = answering

    def acted(self, seat: int, chips: Chips) -> None:
        """Note ``seat``'s bet after its action, and whether the raises are now capped."""
        self.acted_at[seat] = chips.bets[seat]
        self.capped = self.is_capped(chips)
