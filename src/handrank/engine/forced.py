"""Forced bets and positions: who posts the blinds and straddles, what every seat posts and in
which order, who deals and who acts first before the flop.

The rules are written in docs/rules.md#blinds-and-antes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import NamedTuple, Optional

from ..seats import clockwise_after
from .setup import HandSetup


@dataclass(frozen=True)
class Positions:
    """The seats the forced bets fall on, the seat that deals (and acts last after the flop), and
    the first to act before it."""

    small_blind: Optional[int]
    big_blind: Optional[int]
    straddlers: tuple[int, ...]
    dealer: int
    first_to_act: int

    @property
    def blinds(self) -> list[int]:
        """The seats that post a blind, the small one first."""
        return [s for s in (self.small_blind, self.big_blind) if s is not None]


class Post(NamedTuple):
    """One forced bet: its kind (the log's event name), seat and chips; a live one counts toward
    the street's bet, a dead one toward no call and is never returned."""

    kind: str
    seat: int
    amount: int
    live: bool
    dead: bool = False


def positions(setup: HandSetup) -> Positions:
    """Where the blinds and straddles go: the two seats left of the button (heads-up, the button
    posts the small blind), or the seats ``setup.blinds`` names; straddles under the gun and on
    to the left, or on the button."""
    seats, button, order = setup.seats, setup.button, setup.order
    if setup.blinds is not None:  # a table's dead-button rule: the seats it names, maybe no small blind
        small, big = setup.blinds
    else:
        if len(seats) == 2 and button in seats:  # heads-up: the button posts the small blind
            order = [button] + [s for s in order if s != button]
        small, big = order[0], order[1]
    if not setup.stakes.big_blind or not setup.game.posts_blinds:  # no blinds: stud's cards, or openers, open
        small = big = None  # type: ignore[assignment]
    blinds = [s for s in (small, big) if s is not None]
    straddlers = _straddlers(setup, big, blinds)
    # Heads-up with the button's seat empty, the small blind plays as the button.
    dealer = small if len(seats) == 2 and button not in seats and small is not None else button
    first = clockwise_after((straddlers or blinds)[-1] if blinds else button, seats)[0]
    return Positions(small, big, straddlers, dealer, first)


def _straddlers(setup: HandSetup, big: Optional[int], blinds: list[int]) -> tuple[int, ...]:
    """The seats that straddle: under the gun and on to the left, or the button."""
    wanted = len(setup.stakes.straddles)
    seats, button = setup.seats, setup.button
    if not wanted:
        return ()
    if setup.stakes.straddle_from == "button":
        if len(seats) < 3 or button not in seats or button in blinds:
            raise ValueError("a button straddle needs three or more seats and a button seat with chips")
        return (button,)
    after = [] if big is None else [s for s in clockwise_after(big, seats) if s not in blinds]
    if len(after) < wanted or len(seats) < 2 + wanted:
        raise ValueError(f"{wanted} straddle(s) under the gun need blinds and {2 + wanted} or more seats")
    return tuple(after[:wanted])


def forced_bets(setup: HandSetup, where: Positions) -> list[Post]:
    """Every forced bet in the order they are posted: antes first, then the dead money, the
    blinds, live posts and straddles (so the ante comes before the blind when a big blind cannot
    cover both)."""
    stakes = setup.stakes
    order = setup.order
    antes = setup.antes
    if antes is None:
        antes = {s: stakes.ante for s in order} if stakes.ante and not stakes.big_blind_ante else {}
    dead, posts = setup.dead or {}, setup.posts or {}
    out = [Post("ante", s, antes[s], live=False) for s in order if antes.get(s)]
    if stakes.big_blind_ante and where.blinds:
        out.append(Post("big_blind_ante", where.blinds[-1], stakes.ante, live=False, dead=True))
    out += [Post("dead_blind", s, dead[s], live=False, dead=True) for s in order if dead.get(s)]
    for seat, kind, amount in (
        (where.small_blind, "small_blind", stakes.small_blind),
        (where.big_blind, "big_blind", stakes.big_blind),
    ):
        if seat is not None and amount:
            out.append(Post(kind, seat, amount, live=True))
    out += [Post("post", s, posts[s], live=True) for s in order if posts.get(s)]
    out += [Post("straddle", s, amount, live=True) for s, amount in zip(where.straddlers, stakes.straddles)]
    return out


def next_table(stacks: Mapping[int, int], sitting_out: Iterable[int], button: int) -> tuple[dict[int, int], int]:
    """The next hand's table and button: stacks carried over, the seats that sat out still out,
    the button on to the next seat left with chips."""
    table = dict(stacks)
    table.update({s: 0 for s in sitting_out})
    if len([s for s, c in table.items() if c > 0]) < 2:
        raise ValueError("fewer than two seats have chips left")
    return table, next(s for s in clockwise_after(button, table) if table[s] > 0)
