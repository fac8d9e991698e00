"""The hand's log: one typed event per thing that happened, each written as the plain dict the
JSON log holds (``to_dict``), and the log's format version. Events are named tuples: a hand
makes one an action, and a tuple is the cheapest value to make."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Optional, Union

from ..cards import card_str, cards_str

Log = list[dict[str, Any]]

LOG_VERSION = 2
"""The log's format: 2 writes action amounts as street totals, as ``act`` takes them (1 wrote the
chips each action added); replay reads both."""


class Cut(NamedTuple):
    """The deck cut ``at`` cards down by ``seat`` before the deal."""

    seat: int
    at: int

    def to_dict(self) -> dict[str, Any]:
        return {"event": "cut", "seat": self.seat, "at": self.at}


class Posted(NamedTuple):
    """A forced bet: ``kind`` is ante, big_blind_ante, dead_blind, small_blind, big_blind, post or
    straddle; ``amount`` is what the stack allowed."""

    kind: str
    seat: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, "seat": self.seat, "amount": self.amount}


class HoleDealt(NamedTuple):
    """A seat's hole cards."""

    seat: int
    cards: Sequence[int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "hole", "seat": self.seat, "cards": cards_str(self.cards)}


class BoardDealt(NamedTuple):
    """A burn and a street's community cards; ``run`` names a later run of an all-in's board."""

    street: str
    burn: Optional[int]  # None: a stud deck's last card, dealt as the community card with no burn
    cards: Sequence[int]
    run: Optional[int] = None

    def to_dict(self) -> dict[str, Any]:
        event: dict[str, Any] = {"event": "board", "street": self.street}
        if self.burn is not None:
            event["burn"] = card_str(self.burn)
        event["cards"] = cards_str(self.cards)
        if self.run is not None:
            event["run"] = self.run
        return event


class StreetDealt(NamedTuple):
    """A burn and the cards each seat still in gets on a later street of a stud game (its up cards
    are the ones the game's street deals face up)."""

    street: str
    burn: int
    cards: Mapping[int, Sequence[int]]

    def to_dict(self) -> dict[str, Any]:
        dealt = {str(s): cards_str(c) for s, c in self.cards.items()}
        return {"event": "deal", "street": self.street, "burn": card_str(self.burn), "cards": dealt}


class Drew(NamedTuple):
    """A draw: the cards a seat threw away and the ones it was dealt for them (none: it stood pat)."""

    seat: int
    thrown: Sequence[int]
    drawn: Sequence[int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "discard", "seat": self.seat, "cards": cards_str(self.thrown), "drawn": cards_str(self.drawn)}


class Reshuffled(NamedTuple):
    """A draw game's stub ran short: the discards and burns, shuffled with what was left, make the
    new stub, in this order."""

    stub: Sequence[int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "reshuffle", "cards": cards_str(self.stub)}


class Redealt(NamedTuple):
    """No one opened (jacks or better): every card went back, and this is the new deck's order."""

    deck: Sequence[int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "redeal", "cards": cards_str(self.deck)}


class Acted(NamedTuple):
    """A player's action; ``amount`` is the street total after it (None for a fold or a check)."""

    seat: int
    action: str
    amount: Optional[int] = None

    def to_dict(self) -> dict[str, Any]:
        if self.amount is None:
            return {"event": "action", "seat": self.seat, "action": self.action}
        return {"event": "action", "seat": self.seat, "action": self.action, "amount": self.amount}


class Showed(NamedTuple):
    """A hand turned up at the showdown."""

    seat: int
    cards: Sequence[int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "show", "seat": self.seat, "cards": cards_str(self.cards)}


class Mucked(NamedTuple):
    """A hand thrown away at the showdown, unseen."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"event": "muck", "seat": self.seat}


class Ended(NamedTuple):
    """The hand is over: what each seat was paid."""

    payouts: Mapping[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "end", "payouts": {str(s): n for s, n in self.payouts.items()}}


Event = Union[Cut, Posted, HoleDealt, BoardDealt, StreetDealt, Drew, Reshuffled, Redealt, Acted, Showed, Mucked, Ended]
"""Any event a hand records after its start (the start is ``HandSetup.to_event``)."""


def to_json(log: Log) -> str:
    return json.dumps(log)


def parse(log: object) -> Log:
    """A log given as JSON text or as the list of events itself."""
    if not isinstance(log, str):
        return log  # type: ignore[return-value]
    try:
        events = json.loads(log)
    except (ValueError, RecursionError) as error:  # RecursionError: arrays nested thousands deep
        raise ValueError(f"the log is not JSON: {str(error)[:80]}") from None
    return events  # type: ignore[no-any-return]
