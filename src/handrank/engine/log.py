"""The hand's JSON log, and a hand rebuilt from one: cards dealt in the logged order, actions
replayed through the rules, every event compared with what the replay writes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional, Union

from ..cards import card, cards, check_distinct
from .draw import ButtonDraw
from .stakes import Rake, Stakes

if TYPE_CHECKING:
    from .hand import Hand

Log = list[dict[str, Any]]

LOG_VERSION = 2
"""The log's format: 2 writes action amounts as street totals, as ``act`` takes them (1 wrote the
chips each action added); replay reads both."""


class ScriptedDeck:
    """Cards in a fixed order: a caller's own deal, or a replayed log's."""

    def __init__(self, order: list[int]) -> None:
        self._cards = list(order)

    def deal(self, n: int = 1) -> list[int]:
        if n > len(self._cards):
            raise ValueError("the supplied cards ran out")
        out, self._cards = self._cards[:n], self._cards[n:]
        return out

    def burn(self) -> int:
        return self.deal(1)[0]

    def __len__(self) -> int:
        return len(self._cards)


def card_list(source: object) -> list[int]:
    """Cards in any form ``cards`` takes, none twice."""
    out = cards(source)  # type: ignore[arg-type]
    check_distinct(out)
    return out


def dealt_cards(events: Log) -> list[int]:
    """The deal order a log records: hole cards one at a time around the table, then burns and boards."""
    holes = [cards(e["cards"]) for e in events if e.get("event") == "hole"]
    order = [h[i] for i in range(len(holes[0]) if holes else 0) for h in holes]
    for e in events:
        if e.get("event") == "board":
            order += [card(e["burn"])] + cards(e["cards"])
    return order


_STAKES_OPTIONS = {"straddles": (), "straddle_from": "utg", "big_blind_ante": False}
"""The stakes' options and their defaults: a start event names only those that are set."""


def start_event(
    stacks: dict[int, int],
    button: int,
    stakes: Stakes,
    forced: Mapping[str, Optional[Mapping[int, int]]],
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """The log's first event: the table, the stakes, any forced bets beyond them, and the game's
    options that are not the defaults (the game, runs, rake, muck)."""
    event = {
        "event": "start",
        "stacks": {str(s): stacks[s] for s in sorted(stacks)},
        "button": button,
        "small_blind": stakes.small_blind,
        "big_blind": stakes.big_blind,
        "ante": stakes.ante,
        "limit": stakes.limit,
        "version": LOG_VERSION,
    }
    for name, default in _STAKES_OPTIONS.items():
        if getattr(stakes, name) != default:
            value = getattr(stakes, name)
            event[name] = list(value) if isinstance(value, tuple) else value
    for name, chips in forced.items():
        if chips is not None:
            event[name] = {str(s): chips[s] for s in sorted(chips)}
    event.update(options)
    return event


def _start_options(start: Mapping[str, Any]) -> tuple[Stakes, dict[str, Any]]:
    """The stakes and the Hand options a start event records."""
    stake_options = {name: start[name] for name in _STAKES_OPTIONS if name in start}
    if "straddles" in stake_options:
        stake_options["straddles"] = tuple(stake_options["straddles"])
    stakes = Stakes(start["small_blind"], start["big_blind"], start["ante"], start["limit"], **stake_options)
    options: dict[str, Any] = {
        name: {int(s): c for s, c in start[name].items()} for name in ("antes", "dead", "posts") if name in start
    }
    options.update(
        {
            name: start[name]
            for name in ("game", "hole_cards", "runs", "muck", "short_blind", "mucks", "open_folds")
            if name in start
        }
    )
    if "blinds" in start:
        options["blinds"] = tuple(start["blinds"])
    if "rake" in start:
        rake = start["rake"]
        options["rake"] = (
            rake if type(rake) is int else Rake(Fraction(rake["percent"]), rake["cap"], rake["no_flop_no_drop"])
        )
    return stakes, options


def _street_total(event: dict[str, Any], bet: int) -> dict[str, Any]:
    """A version 1 action (the chips it added) as version 2 writes it (the street total after it)."""
    if event["action"] in ("fold", "check"):
        if event.get("amount") != 0:
            raise ValueError(f"a {event['action']} adds no chips, got {event.get('amount')!r}")
        return {k: v for k, v in event.items() if k != "amount"}
    return {**event, "amount": bet + event["amount"]}


def to_json(log: Log) -> str:
    return json.dumps(log)


def replay(hand_type: type[Hand], log: Union[str, Log]) -> Hand:
    """Rebuild a hand from its log; a corrupt or illegal log raises ``ValueError`` naming the event."""
    if isinstance(log, str):
        try:
            events = json.loads(log)
        except (ValueError, RecursionError) as error:  # RecursionError: arrays nested thousands deep
            raise ValueError(f"the log is not JSON: {str(error)[:80]}") from None
    else:
        events = log
    try:
        start = events[0]
        if start.get("event") != "start":
            raise ValueError("the first event must be the start")
        version = start.get("version", 1)
        if version not in (1, LOG_VERSION):
            raise ValueError(f"log version {version!r}: this handrank reads versions 1 and {LOG_VERSION}")
        stakes, options = _start_options(start)
        setup = {e.get("event"): e for e in events[1:3]}  # the draw for the button and the cut come first
        hand = hand_type(
            {int(s): c for s, c in start["stacks"].items()},
            start["button"],
            stakes=stakes,
            cards=dealt_cards(events),
            draw=ButtonDraw.from_event(setup["draw"]) if "draw" in setup else None,
            cut=setup["cut"]["at"] if "cut" in setup else None,
            cut_by=setup["cut"]["seat"] if "cut" in setup else None,
            **options,
        )
        rebuilt = dict(hand.log[0]) if "version" in start else {k: v for k, v in hand.log[0].items() if k != "version"}
        if rebuilt != start:  # seats "1" and "01", extra keys: what was given is not what it rebuilds
            raise ValueError(f"it rebuilds as {rebuilt}")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise ValueError(f"event 0: bad start of the log: {error}") from None
    for i, event in enumerate(events[1:], 1):
        try:
            if event.get("event") == "action":
                if hand.actor != event["seat"]:
                    raise ValueError(f"seat {event['seat']} acts, but seat {hand.actor} is to act")
                if version == 1:
                    event = _street_total(event, hand.bets[event["seat"]])
                hand.act(event["action"], event["amount"] if event["action"] in ("bet", "raise") else None)
            if i >= len(hand.log) or hand.log[i] != event:
                raise ValueError(f"expected {hand.log[i] if i < len(hand.log) else 'the end of the log'}")
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            raise ValueError(f"event {i}: {event!r}: {error}") from None
    if len(hand.log) > len(events):
        missing = hand.log[len(events)]
        if missing["event"] != "action":
            raise ValueError(f"event {len(events)}: the log stops before {missing}")
    return hand
