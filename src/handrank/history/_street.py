"""What the translations of sites that write neither what a raise makes the bet nor the uncalled
bet nor the pot (PartyPoker's, 888poker's, iPoker's) share: a street's bets, the PokerStars words
a wager makes, the uncalled bet, and the summary from what was bet and won."""

from __future__ import annotations

from decimal import Decimal
from typing import Optional

from .pokerstars import Unreadable


def money(value: Decimal) -> str:
    """An amount as PokerStars's lines give it: ``2.5``, ``1500``."""
    return f"{value.normalize():f}"


class Street:
    """Each player's bet on the street so far."""

    def __init__(self) -> None:
        self.bets: dict[str, Decimal] = {}

    def of(self, name: str) -> Decimal:
        return self.bets.get(name, Decimal(0))

    @property
    def highest(self) -> Decimal:
        return max(self.bets.values(), default=Decimal(0))

    def post(self, name: str, amount: Decimal) -> None:
        """A blind: a bet that opens no betting."""
        self.bets[name] = self.of(name) + amount

    def wager(self, name: str, total: Decimal, call: bool = False) -> str:
        """A player's bet made ``total``, in PokerStars's words: a call (``call``, or no more than
        the highest bet), a bet (nothing bet before), or a raise to the total."""
        before, highest = self.of(name), self.highest
        self.bets[name] = total
        if call or total <= highest:
            return f"{name}: calls {money(total - before)}"
        if highest == 0:
            return f"{name}: bets {money(total)}"
        return f"{name}: raises {money(total - highest)} to {money(total)}"

    def settle(self, returned: dict[str, Decimal]) -> Optional[str]:
        """The part of the largest bet nobody matched, back to its maker (added to ``returned``):
        PokerStars's line for it, if there is one. The street is then over."""
        line = None
        if self.bets:
            (top, most), *rest = sorted(self.bets.items(), key=lambda item: -item[1])
            back = most - max((amount for _, amount in rest), default=Decimal(0))
            if back > 0:
                returned[top] = returned.get(top, Decimal(0)) + back
                line = f"Uncalled bet ({money(back)}) returned to {top}"
        self.bets = {}
        return line


def summary(
    at: int,
    put: dict[str, Decimal],
    returned: dict[str, Decimal],
    won: dict[str, Decimal],
    winnings_hold_uncalled: Optional[bool],
) -> list[tuple[int, str]]:
    """What each player collected, and the summary's pot and rake, as PokerStars's lines: the pot
    what was put in less what went back, the rake the pot less what was won. Winnings hold the
    uncalled bet (``True``), do not (``False``), or do only where they would otherwise pass the pot
    (``None``: sites that write it both ways)."""
    pot = sum(put.values(), Decimal(0)) - sum(returned.values(), Decimal(0))
    if winnings_hold_uncalled or (winnings_hold_uncalled is None and sum(won.values(), Decimal(0)) > pot):
        won = {name: amount - returned.get(name, Decimal(0)) for name, amount in won.items()}
    for name, amount in won.items():
        if amount < 0:
            raise Unreadable(at, f"{name} wins less than the uncalled bet that went back")
    taken = sum(won.values(), Decimal(0))
    if taken > pot:
        raise Unreadable(at, f"the winnings, {money(taken)}, are more than the pot, {money(pot)}")
    rows = [(at, f"{name} collected {money(amount)} from pot") for name, amount in won.items() if amount]
    return [*rows, (at, "*** SUMMARY ***"), (at, f"Total pot {money(pot)} | Rake {money(pot - taken)}")]
