"""A hand read from PokerStars's layout, as PHH orders it: the players from the left of the
button (the button last; heads-up, the big blind first), the forced bets at their places, the
actions numbered by that order with each board deal after the betting before it, and what PHH has
no field for in ``_``-prefixed fields. ``pokerstars.parse`` reads a hand into the state this
module turns into a ``HandHistory``."""

from __future__ import annotations

import re
from typing import Any, Optional, Union

from .model import HandHistory


def record(
    variant: str,
    where: str,
    button: int,
    stacks: dict[int, Union[int, float]],
    dealt_in: list[int],
    names: dict[str, int],
    state: dict[str, Any],
    number: Optional[re.Match[str]],
) -> HandHistory:
    """The parsed hand as PHH orders it: players from the left of the button, the button last."""
    order = sorted(dealt_in, key=lambda s: (s <= button, s))  # clockwise, the first left of the button first
    if len(order) == 2:  # heads-up: p1 is the big blind, p2 the button
        big = next((s for s, a in state["blinds"].items() if a == max(state["blinds"].values())), order[0])
        order = [big, next(s for s in order if s != big)]
    index = {seat: i for i, seat in enumerate(order)}
    seat_names = {seat: name for name, seat in names.items()}

    def player(seat: int) -> str:
        return f"p{index[seat] + 1}"

    actions = []
    for seat in order:
        unknown = "??" * state["hole_cards"]
        actions.append(f"d dh {player(seat)} {state['holes'].get(seat) or state['shown'].get(seat) or unknown}")
    betting = [f"p{index[seat] + 1} {action}" for seat, action in state["actions"]]
    actions += _interleave(state["boards"], betting, state["cuts"])
    for seat in order:
        if seat in state["shown"]:
            actions.append(f"{player(seat)} sm {state['shown'][seat]}")
        elif seat in state["mucked"]:
            actions.append(f"{player(seat)} sm")
    blinds: list[Union[int, float]] = [0] * len(
        order
    )  # by position: the small blind's first, the big blind's second (heads-up too)
    posters = sorted(state["blinds"].items(), key=lambda item: item[1])
    positions = [0, 1] if len(order) == 2 else [index[s] for s, _ in posters]
    if len(order) == 2 and len(posters) == 1:
        positions = [1]
    if len(order) > 2 and positions not in ([0, 1], [1], [0]):
        raise ValueError(f"{where}: the blinds are posted where PHH has no place for them")
    for (_, amount), position in zip(posters, positions):
        blinds[position] = amount
    for seat, amount in state["straddles"].items():  # PHH keeps a straddle at its seat's place
        if len(order) == 2 or index[seat] < 2:
            raise ValueError(f"{where}: a straddle from a blind's seat, where PHH has no place for it")
        blinds[index[seat]] = amount
    antes = [state["antes"].get(s, 0) for s in order]
    big_blind = max(state["blinds"].values(), default=0)
    limits: dict[str, Any] = {"min_bet": big_blind}
    if variant.startswith("F"):
        limits = {"small_bet": big_blind, "big_bet": 2 * big_blind}
    back = {
        s: state["returned"].get(s, 0)
        + state["collected"].get(s, 0)
        + state["cashed_out"].get(s, 0)
        + state["ev_cashout"].get(s, 0)
        for s in order
    }
    finishing = [round(stacks[s] - state["put"][s] + back[s], 2) for s in order]
    fields: dict[str, Any] = {
        "players": [seat_names[s] for s in order],
        "seats": order,
        "finishing_stacks": [int(f) if float(f).is_integer() else f for f in finishing],
    }
    if number:
        fields["_hand_number"] = int(number.group(1)) if number.group(1).isdecimal() else number.group(1)
    for name, key in (("_dead_blinds", "dead"), ("_posts", "posts")):
        if state[key]:
            fields[name] = [state[key].get(s, 0) for s in order]
    fields.update(state["tournament"])  # a tournament's number, buy-in and level
    if state["rake"]:
        fields["_rake"] = state["rake"]
    if state["runs"] > 1:
        fields["_runs"] = state["runs"]
    if state["cashed_out"]:
        fields["_cashed_out"] = [state["cashed_out"].get(s, 0) for s in order]
    if state["ev_cashout"]:
        fields["_ev_cashout"] = [state["ev_cashout"].get(s, 0) for s in order]
    return HandHistory(
        variant=variant,
        starting_stacks=[stacks[s] for s in order],
        actions=actions,
        antes=antes,
        blinds_or_straddles=blinds,
        ante_trimming_status=False,
        fields=fields,
        source=where,
        **limits,
    )


def _interleave(boards: list[str], betting: list[str], cuts: list[int]) -> list[str]:
    """The betting actions with each board deal put after the actions that came before it."""
    out: list[str] = []
    at = 0
    for board, cut in zip(boards, cuts):
        out += betting[at:cut]
        at = cut
        out.append(f"d db {board}")
    return out + betting[at:]
