"""A hand rebuilt from its JSON log: cards dealt in the logged order, every action played through
the rules, every event compared with what the rebuilt hand writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional, Union

from ..cards import check_distinct
from ..games import GAMES, Game
from .dealing import ScriptedDeck, dealt_cards, reshuffles
from .draw import ButtonDraw
from .events import LOG_VERSION, Log, parse
from .hand import Hand
from .setup import HandSetup


def replay(log: Union[str, Log], games: Mapping[str, Game] = GAMES, hand_type: type[Hand] = Hand) -> Hand:
    """Rebuild a hand from its log (JSON text or the list of events); a corrupt or illegal log raises
    ``ValueError`` naming the event. ``games`` finds the logged game by name: pass your own games
    (``{**GAMES, "mine": MINE}``) to replay hands of them."""
    events = parse(log)
    try:
        start = events[0]
        if start.get("event") != "start":
            raise ValueError("the first event must be the start")
        version = start.get("version", 1)
        if version not in (1, LOG_VERSION):
            raise ValueError(f"log version {version!r}: this handrank reads versions 1 and {LOG_VERSION}")
        setup = HandSetup.from_event(start, games)
        before = {e.get("event"): e for e in events[1:3]}  # the draw for the button and the cut come first
        dealt = dealt_cards(events)
        check_distinct(dealt, "in the log's deal")
        unused = [c for c in setup.game.deck if c not in set(dealt)]  # the stub as long as it was
        hand = hand_type.from_setup(
            setup,
            deck=ScriptedDeck(dealt + unused, reshuffles(events)),
            draw=ButtonDraw.from_event(before["draw"]) if "draw" in before else None,
            cut=before["cut"]["at"] if "cut" in before else None,
            cut_by=before["cut"]["seat"] if "cut" in before else None,
        )
        rebuilt = dict(hand.log[0]) if "version" in start else {k: v for k, v in hand.log[0].items() if k != "version"}
        if rebuilt != start:  # seats "1" and "01", extra keys: what was given is not what it rebuilds
            raise ValueError(f"it rebuilds as {rebuilt}")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise ValueError(f"event 0: bad start of the log: {error}") from None
    ahead = False  # a reshuffle is logged before the draw that made it: that draw is played at it
    for i, event in enumerate(events[1:], 1):
        try:
            kind = event.get("event")
            move = events[i + 1] if kind == "reshuffle" and i + 1 < len(events) else event
            acting = move.get("event") in ("action", "discard") and not (kind == "discard" and ahead)
            if acting and hand.actor != move["seat"]:
                raise ValueError(f"seat {move['seat']} acts, but seat {hand.actor} is to act")
            if kind == "discard" and ahead:
                ahead = False  # drawn at its reshuffle
            elif move.get("event") == "discard":
                hand.draw(move["cards"])
                ahead = kind == "reshuffle"
            elif kind == "action":
                if version == 1:
                    event = _street_total(event, hand.bets[event["seat"]])
                hand.act(event["action"], event["amount"] if event["action"] in ("bet", "raise") else None)
            expected: Optional[dict[str, Any]] = hand.log[i] if i < len(hand.log) else None
            if expected != event:
                raise ValueError(f"expected {expected or 'the end of the log'}")
        except (KeyError, TypeError, AttributeError, ValueError) as error:
            raise ValueError(f"event {i}: {event!r}: {error}") from None
    if len(hand.log) > len(events):
        missing = hand.log[len(events)]
        if missing["event"] not in ("action", "discard"):
            raise ValueError(f"event {len(events)}: the log stops before {missing}")
    return hand


def _street_total(event: dict[str, Any], bet: int) -> dict[str, Any]:
    """A version 1 action (the chips it added) as version 2 writes it (the street total after it)."""
    if event["action"] in ("fold", "check"):
        if event.get("amount") != 0:
            raise ValueError(f"a {event['action']} adds no chips, got {event.get('amount')!r}")
        return {k: v for k, v in event.items() if k != "amount"}
    return {**event, "amount": bet + event["amount"]}
