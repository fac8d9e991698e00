"""Recorded hands through the engine: a ``HandHistory`` played as a ``Hand``, and a finished
``Hand`` written as a ``HandHistory``.

Players p1, p2, ... sit in seats 0, 1, ... clockwise with the button on the last one (heads-up,
p1 is the big blind and p2 the button), as PHH orders them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..engine import BETTING, Hand, IllegalAction, Stakes
from ..games import GAMES
from ..seats import clockwise_after
from ._deals import draw_deal, flop_deal, stud_deal
from .model import REPLAYABLE, VARIANTS, Amount, HandHistory

_LIMITS = {rule.phh: rule for rule in BETTING.values()}
"""A PHH variant code's first letter: the limit."""
_GAMES = {game.phh: game for game in GAMES.values()}
"""The rest of a PHH variant code: the game."""


def _stud_stakes(history: HandHistory, scale: int) -> tuple[Stakes, dict[str, Any]]:
    """A stud game's stakes in chips: the antes, the bring-in and the small bet (the big bet twice it)."""
    if history.small_bet is None or history.big_bet is None or any(history.blinds_or_straddles or []):
        raise ValueError("a stud record gives its small_bet and big_bet (and bring_in), and no blinds")
    antes = [round(a * scale) for a in history.antes or [0]]
    bring_in, small_bet, big_bet = (
        round((a or 0) * scale) for a in (history.bring_in, history.small_bet, history.big_bet)
    )
    if big_bet != 2 * small_bet:
        raise ValueError(
            f"bets of {history.small_bet} and {history.big_bet}: the engine plays a big bet twice the small"
        )
    if len(set(antes)) == 1:
        return Stakes.stud(antes[0], bring_in, small_bet), {}
    stakes = Stakes.stud(0, bring_in, small_bet)
    return stakes, {"antes": {seat: a for seat, a in enumerate(antes) if a}}


def _stakes(history: HandHistory, scale: int) -> tuple[Stakes, dict[str, Any]]:
    """The stakes and the Hand's forced-bet options a record's antes and blinds make, in chips."""
    players = len(history.starting_stacks)
    blinds = [round(a * scale) for a in history.blinds_or_straddles or [0] * players]
    antes = [round(a * scale) for a in history.antes or [0] * players]
    small_bet, big_bet, min_bet = (
        None if a is None else round(a * scale) for a in (history.small_bet, history.big_bet, history.min_bet)
    )
    betting = _LIMITS[history.variant[0]]
    small, big = blinds[0], blinds[1]  # by position: heads-up the button (p2) posts the small one
    single = players > 2 and small and not big  # one blind only, posted by p1 (some limit games)
    on_button = players > 2 and not any(blinds[:-1]) and blinds[-1]  # short deck's button blind, with antes
    if single:
        small, big = 0, blinds[0]
    elif on_button:
        small, big, blinds = 0, blinds[-1], [0] * players
    straddles = tuple(blinds[2:]) if players > 2 else ()
    while straddles and not straddles[-1]:
        straddles = straddles[:-1]
    if 0 in straddles:
        raise ValueError(
            "a straddle with a seat before it that did not straddle: the engine's straddles run from under "
            "the gun on to the left"
        )
    options: dict[str, Any] = {"small_blind": small, "big_blind": big, "limit": betting.name}
    if straddles:
        options["straddles"] = straddles
    if betting.fixed_bets:
        if small_bet != big or big_bet != 2 * big:
            raise ValueError(
                f"{betting.name} bets of {history.small_bet} and {history.big_bet}: the engine plays the big blind "
                "and twice it"
            )
    elif min_bet is not None and min_bet != big:
        raise ValueError(f"a minimum bet of {history.min_bet} with a big blind of {big}: the engine's is the big blind")
    if on_button:
        options["button_blind"] = True
    forced: dict[str, Any] = {"blinds": (None, 0)} if single else {}
    posted = [a for a in antes if a]
    big_seat = 0 if players == 2 else 1
    if posted and len(posted) == 1 and antes[big_seat] and players > 2:
        options.update(ante=antes[big_seat], big_blind_ante=True)
    elif posted and len(set(antes)) == 1:
        options["ante"] = antes[0]
    elif posted:
        forced["antes"] = {seat: a for seat, a in enumerate(antes) if a}
    for name, key in (("_dead_blinds", "dead"), ("_posts", "posts")):
        if history.fields.get(name):
            forced[key] = {seat: round(a * scale) for seat, a in enumerate(history.fields[name]) if a}
    if history.fields.get("_rake"):
        forced["rake"] = round(history.fields["_rake"] * scale)
    if history.fields.get("_runs", 1) != 1:
        forced["runs"] = history.fields["_runs"]
    return Stakes(**options), forced


def replay(history: HandHistory) -> Hand:
    """Play a recorded hand through the engine; an action the rules refuse, or a record the engine
    cannot play, raises ``ValueError`` naming the source and the action."""
    where = history.source or "the hand"
    if not history.replayable:
        name = VARIANTS.get(history.variant, history.variant)
        raise ValueError(f"{where}: {name} cannot be replayed: the engine plays {', '.join(REPLAYABLE)}")
    if any(history.fields.get("_cashed_out") or []):
        raise ValueError(f"{where}: a player cashed the hand out: the site paid it by its own terms, not the rules")
    game = _GAMES[history.variant[1:]]
    players = len(history.starting_stacks)
    try:
        scale = history.scale
        discards: Iterator[list[int]] = iter(())
        if any(street.draw for street in game.streets):
            (stakes, forced), size = _stakes(history, scale), None
            order, mucks, thrown_away = draw_deal(history, game)
            discards = iter(thrown_away)
        elif game.opening is None:
            stakes, forced = _stakes(history, scale)
            order, mucks, size = flop_deal(history, game)
        else:
            (stakes, forced), (order, mucks), size = _stud_stakes(history, scale), stud_deal(history, game), None
        hand = Hand(
            [round(a * scale) for a in history.starting_stacks],
            button=players - 1,
            stakes=stakes,
            cards=order,
            mucks=mucks,
            open_folds=True,
            game=game,
            hole_cards=size,
            **forced,
        )
    except (ValueError, IndexError, KeyError) as error:
        raise ValueError(f"{where}: cannot be played: {error}") from None
    for number, action in enumerate(history.actions, 1):
        words = action.split()
        if words[0] == "d" or words[1] == "sm":
            continue
        seat = int(words[0][1:]) - 1
        try:
            if hand.is_over or hand.actor != seat:
                raise IllegalAction(
                    f"{words[0]} acts, but {'nobody' if hand.actor is None else f'p{hand.actor + 1}'} is to act"
                )
            if words[1] == "sd":
                hand.draw(next(discards))
            elif words[1] == "pb":
                bring_in = hand.legal().bring_in
                if bring_in is None:
                    raise IllegalAction("no bring-in is due now")
                hand.act("bet", bring_in)
            elif words[1] == "f":
                hand.act("fold")
            elif words[1] == "cc":
                hand.act("call" if hand.legal().call else "check")
            elif words[1] == "cbr":
                to, legal = round(float(words[2]) * scale), hand.legal()
                covered = max(hand.bets[s] + hand.stacks[s] for s in hand.live if s != seat)
                if legal.min_raise is None and legal.all_in is None and legal.call and to > legal.current_bet:
                    hand.act("call")  # a raise nobody left could call: the site returns the rest, as a call does
                elif legal.min_raise is not None and covered <= to < legal.min_raise:
                    hand.bet_or_raise(legal.min_raise)  # written as what the others can call: the rest comes back
                else:
                    hand.bet_or_raise(to)
            else:
                raise IllegalAction(f"{words[1]!r} is no action the engine plays")
        except (IllegalAction, ValueError) as error:
            raise ValueError(f"{where}: action {number}, {action!r}: {error}") from None
    if not hand.is_over:
        raise ValueError(f"{where}: the actions stop before the hand is over (p{(hand.actor or 0) + 1} is to act)")
    return hand


def finishing_stacks(history: HandHistory) -> list[Amount]:
    """Each player's chips after the hand, p1 first, as the engine plays it, in the record's units."""
    hand, scale = replay(history), history.scale
    return [hand.stacks[s] if scale == 1 else hand.stacks[s] / scale for s in range(len(history.starting_stacks))]


def from_hand(hand: Hand, **fields: Any) -> HandHistory:
    """A finished engine hand as a recorded one (``fields``: players, event, ... to add). A hand PHH
    cannot say (dead money, live posts, a button straddle, runs, a rake) raises ``ValueError``."""
    if not hand.is_over or hand.result is None:
        raise ValueError("the hand is not over")
    start = hand.log[0]
    unsaid: list[str] = [name for name in ("dead", "posts", "runs", "rake") if name in start]
    if start.get("blinds", [None, hand.button]) != [None, hand.button]:  # but the button's blind, of short deck
        unsaid.append("blinds")
    if hand.stakes.straddle_from != "utg":
        unsaid.append("straddle_from")
    if hand.button not in hand.seats:
        unsaid.append("an empty button seat")
    if unsaid:
        raise ValueError(f"PHH cannot record {', '.join(unsaid)}")
    seats = clockwise_after(hand.button, hand.seats)  # the button last
    if len(seats) == 2:
        seats = [s for s in seats if s != hand.button] + [hand.button]
    index = {seat: i for i, seat in enumerate(seats)}
    actions = []
    brought_in = hand.game.opening is None or not hand.stakes.bring_in  # a stud game's first action brings it in
    drawn: list[str] = []  # a draw's new cards, written after every player of it has discarded
    for event in hand.log:
        kind = event["event"]
        if kind != "discard":
            actions += drawn
            drawn = []
        if kind == "reshuffle":
            raise ValueError("PHH cannot record a reshuffled stub")
        if kind == "discard":
            actions.append(f"p{index[event['seat']] + 1} sd {event['cards'].replace(' ', '')}".rstrip())
            drawn += [f"d dh p{index[event['seat']] + 1} {event['drawn'].replace(' ', '')}"] if event["drawn"] else []
        elif kind == "hole":
            actions.append(f"d dh p{index[event['seat']] + 1} {event['cards'].replace(' ', '')}")
        elif kind == "deal":
            actions += [
                f"d dh p{index[int(seat)] + 1} {dealt.replace(' ', '')}" for seat, dealt in event["cards"].items()
            ]
        elif kind == "action" and not brought_in:
            brought_in = True
            bring_in = event["amount"] <= hand.stakes.bring_in
            actions.append(f"p{index[event['seat']] + 1} " + ("pb" if bring_in else f"cbr {event['amount']}"))
        elif kind == "board":
            actions.append(f"d db {event['cards'].replace(' ', '')}")
        elif kind == "action":
            player = f"p{index[event['seat']] + 1}"
            action, amount = event["action"], event.get("amount")
            if action == "fold":
                actions.append(f"{player} f")
            elif action in ("check", "call") or action == "all_in" and event["amount"] <= _level_before(hand, event):
                actions.append(f"{player} cc")
            else:
                actions.append(f"{player} cbr {amount}")
    for seat, shown in hand.result.shown.items():
        actions.append(f"p{index[seat] + 1} sm {shown.cards.replace(' ', '')}")
    for seat in hand.result.mucked:
        actions.append(f"p{index[seat] + 1} sm")
    blinds = [0] * len(seats)  # by position, the small blind first (heads-up too)
    if hand.big_blind_seat == hand.button and hand.small_blind_seat is None:
        blinds[-1] = hand.big_blind
    elif hand.big_blind_seat is not None:
        blinds[:2] = [hand.small_blind, hand.big_blind]
    for seat, amount in zip(hand.straddle_seats, hand.stakes.straddles):
        blinds[index[seat]] = amount
    antes = [0] * len(seats)
    for event in hand.log:
        if event["event"] in ("ante", "big_blind_ante"):
            antes[index[event["seat"]]] += event["amount"]
    variant = hand.stakes.betting.phh + hand.game.phh
    if variant not in VARIANTS:
        raise ValueError(f"PHH has no variant code for {hand.limit} {hand.game.title}")
    limits: dict[str, Any] = {"min_bet": hand.big_blind}
    if hand.stakes.betting.fixed_bets:
        limits = {"small_bet": hand.big_blind, "big_bet": 2 * hand.big_blind}
    if hand.game.opening is not None:
        limits.update(bring_in=hand.stakes.bring_in, blinds_or_straddles=None)
    else:
        limits["blinds_or_straddles"] = list(blinds)
    extra = {
        "seats": [s + 1 for s in seats],
        "finishing_stacks": [hand.stacks[s] for s in seats],
        **fields,
    }
    return HandHistory(
        variant=variant,
        starting_stacks=[hand.starting[s] for s in seats],
        actions=actions,
        antes=list(antes),
        ante_trimming_status=False,
        fields=extra,
        **limits,
    )


def _level_before(hand: Hand, event: dict[str, Any]) -> int:
    """The street's highest bet before ``event``: an all-in at or below it is a call."""
    level = 0
    for earlier in hand.log:
        if earlier is event:
            return level
        if earlier["event"] in ("board", "deal"):
            level = 0
        elif earlier["event"] in ("small_blind", "big_blind", "straddle", "post") or earlier["event"] == "action":
            level = max(level, earlier.get("amount") or 0)
    return level
