"""What a player may do: the actions, the legal choices now, and the error for any other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional, get_args

Action = Literal["fold", "check", "call", "bet", "raise", "all_in", "draw"]
"""What a player may do; bets and raises go to an amount (the street total); a draw, in a draw
game, is ``Hand.draw(cards)``."""
ACTIONS: tuple[Action, ...] = get_args(Action)
"""Every action a player can take, as ``Hand.act`` names it."""


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
    bring_in: Optional[int] = None  # stud's first to act: a bet of this much brings it in (or complete)
    draw: Optional[int] = None  # a draw game's draw: throw away up to this many cards (Hand.draw)
    big_bet: Optional[int] = None  # stud's fourth street with an open pair: a bet or raise to this, the big bet

    @property
    def actions(self) -> list[Action]:
        if self.draw is not None:
            return ["draw"]
        out: list[Action] = ["fold"] if self.fold else []
        out += ["check"] if self.check else []
        out += ["call"] if self.call is not None else []
        if self.min_raise is not None or self.bring_in is not None:
            out.append("raise" if self.current_bet else "bet")
        out += ["all_in"] if self.all_in is not None else []
        return out

    def check_action(self, action: str, amount: Optional[int]) -> None:
        """Raise ``IllegalAction``, saying why, unless ``action`` (to ``amount``) is one of these choices."""
        seat = self.seat
        if action not in ACTIONS:
            raise IllegalAction(f"unknown action {action!r}: expected one of {', '.join(ACTIONS)}")
        if self.draw is not None or action == "draw":
            raise IllegalAction(
                f"seat {seat} "
                + ("draws now: " if self.draw is not None else "bets now, ")
                + "a draw is Hand.draw(cards), the cards thrown away"
            )
        if action in ("bet", "raise"):
            if action == "bet" and self.current_bet:
                raise IllegalAction(f"seat {seat} cannot bet: {self.current_bet} is bet already, raise instead")
            if action == "raise" and not self.current_bet:
                raise IllegalAction(f"seat {seat} cannot raise: nothing is bet yet, bet instead")
            if type(amount) is not int:
                raise IllegalAction(f"{action} needs a whole-chip amount to {action} to, got {amount!r}")
            if action == "bet" and amount == self.bring_in or amount == self.big_bet:
                return
            if self.min_raise is None or self.max_raise is None:
                raise IllegalAction(f"seat {seat} cannot {action} now: legal actions are {', '.join(self.actions)}")
            if not self.min_raise <= amount <= self.max_raise:
                also = "" if self.bring_in is None else f" (or bring it in for {self.bring_in})"
                also += "" if self.big_bet is None else f" (or the big bet, to {self.big_bet})"
                raise IllegalAction(
                    f"seat {seat} can {action} to {self.min_raise} to {self.max_raise}{also}, not {amount}"
                )
        elif amount is not None:
            raise IllegalAction(f"{action} takes no amount")
        elif action == "fold" and not self.fold:
            raise IllegalAction(f"seat {seat} has no bet to fold to: check instead")
        elif action == "check" and not self.check:
            raise IllegalAction(f"seat {seat} faces a bet of {self.call}: call, raise or fold")
        elif action == "call" and self.call is None:
            raise IllegalAction(f"seat {seat} has nothing to call: check instead")
        elif action == "all_in" and self.all_in is None:
            raise IllegalAction(f"seat {seat} cannot go all-in now: legal actions are {', '.join(self.actions)}")
