"""Choosing the first dealer: cards dealt face up to the seats, by one of the two traditional methods.

- ``"high-card"``: one card to each seat; the highest card deals. Two cards of one rank are
  ordered by suit, spades over hearts over diamonds over clubs, an order used for this alone.
- ``"first-jack"``: cards face up one at a time around the table until a jack appears; the
  seat that receives it deals. (Seats served first are a little more likely to get it.)

>>> draw = draw_for_button([0, 1, 2], seed=4)
>>> draw.button, {seat: cards_str(dealt) for seat, dealt in draw.cards.items()}
(2, {0: 'Jd', 1: '7h', 2: 'Js'})
>>> print(draw)  # two jacks: spades are over diamonds
seat 0 J♦, seat 1 7♥, seat 2 J♠: seat 2 deals first (high card)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Optional

from ..cards import Cards, Deck, cards_str, check_distinct, rank_of, suit_of
from ..cards import cards as parse_cards
from ..seats import MAX_SEATS, MIN_SEATS, clockwise_from

DRAW_METHODS = ("high-card", "first-jack")
"""How the button can be drawn for: the highest card, or the first jack dealt."""
JACK = 9  # the rank number of a jack (deuce 0 ... ace 12)


def _draw_order(c: int) -> tuple[int, int]:
    """High card for the button: rank first, then suit (clubs 0 < diamonds < hearts < spades 3)."""
    return rank_of(c), suit_of(c)


@dataclass(frozen=True)
class ButtonDraw:
    """The draw for the first dealer: who deals, and the cards each seat was dealt, in order."""

    button: int  # the seat that deals first
    method: str  # "high-card" or "first-jack"
    order: tuple[int, ...]  # the seats in the order they were served
    cards: dict[int, list[int]]  # each seat's cards, as dealt

    def __str__(self) -> str:
        shown = ", ".join(f"seat {s} {cards_str(self.cards[s], pretty=True) or '-'}" for s in self.order)
        return f"{shown}: seat {self.button} deals first ({self.method.replace('-', ' ')})"

    def to_event(self) -> dict[str, Any]:
        """The draw as the hand log records it."""
        return {
            "event": "draw",
            "method": self.method,
            "order": list(self.order),
            "cards": {str(s): cards_str(self.cards[s]) for s in self.order},
            "button": self.button,
        }

    @classmethod
    def from_event(cls, event: Mapping[str, Any]) -> ButtonDraw:
        """The draw a log records, dealt again from its cards: a button the cards do not give is refused."""
        order = [int(s) for s in event["order"]]
        if sorted(event["cards"]) != sorted(str(s) for s in order):
            raise ValueError("the draw's cards and its order name different seats")
        by_seat = {s: parse_cards(event["cards"][str(s)]) for s in order}
        check_distinct([c for dealt in by_seat.values() for c in dealt], "in the draw for the button")
        rounds = max(len(dealt) for dealt in by_seat.values())
        sequence = [by_seat[s][r] for r in range(rounds) for s in order if r < len(by_seat[s])]
        draw = _decide(event["method"], order, sequence)
        if draw.cards != by_seat or draw.button != event["button"]:
            raise ValueError(f"these cards give {draw.to_event()}")
        return draw


def _decide(method: str, order: list[int], sequence: list[int]) -> ButtonDraw:
    """Deal ``sequence`` face up to the seats in ``order`` by ``method``, up to the card that decides."""
    if method == "high-card":
        if len(sequence) < len(order):
            raise ValueError(f"a high-card draw needs a card for each of {len(order)} seats, got {len(sequence)}")
        dealt = dict(zip(order, sequence))
        button = max(order, key=lambda s: _draw_order(dealt[s]))
        return ButtonDraw(button, method, tuple(order), {s: [dealt[s]] for s in order})
    if method == "first-jack":
        first = next((i for i, c in enumerate(sequence) if rank_of(c) == JACK), None)
        if first is None:
            raise ValueError(f"no jack among the {len(sequence)} cards dealt for the button")
        dealt_to: dict[int, list[int]] = {s: [] for s in order}
        for i, c in enumerate(sequence[: first + 1]):
            dealt_to[order[i % len(order)]].append(c)
        return ButtonDraw(order[first % len(order)], method, tuple(order), dealt_to)
    raise ValueError(f"unknown draw method {method!r}: expected one of {', '.join(DRAW_METHODS)}")


def draw_for_button(
    seats: Iterable[int],
    method: str = "high-card",
    seed: Optional[int] = None,
    first: Optional[int] = None,
    deck: Optional[Deck] = None,
    cards: Optional[Cards] = None,
) -> ButtonDraw:
    """Draw for the first dealer among ``seats``, serving them clockwise from ``first`` (the lowest seat).

    The cards come from a shuffled ``Deck`` (``seed`` makes one and gives the same draw every
    time), from ``deck``, or from ``cards``: the order they come off the pack.
    """
    seat_list = list(seats)
    if any(type(s) is not int for s in seat_list) or len(set(seat_list)) != len(seat_list):
        raise ValueError(f"seats are distinct int seat numbers, got {seat_list!r}")
    if not MIN_SEATS <= len(seat_list) <= MAX_SEATS:
        raise ValueError(f"a draw for the button needs {MIN_SEATS} to {MAX_SEATS} seats, got {len(seat_list)}")
    if first is not None and first not in seat_list:
        raise ValueError(f"the first seat served, {first!r}, is not among the seats {sorted(seat_list)}")
    if method not in DRAW_METHODS:
        raise ValueError(f"unknown draw method {method!r}: expected one of {', '.join(DRAW_METHODS)}")
    if sum(x is not None for x in (seed, deck, cards)) > 1:
        raise ValueError("give a seed, a deck or the cards, not several")
    order = clockwise_from(min(seat_list) if first is None else first, seat_list)
    if cards is not None:
        faces = parse_cards(cards)
        check_distinct(faces, "in the cards for the draw")
    else:
        faces = list(deck if deck is not None else Deck(seed))
    if method == "high-card":
        sequence = faces[: len(order)]
    else:  # deal until the jack, as at the table
        sequence = faces[: next((i + 1 for i, c in enumerate(faces) if rank_of(c) == JACK), len(faces))]
    if deck is not None:
        deck.deal(len(sequence))  # the cards dealt face up leave the caller's deck
    return _decide(method, order, sequence)
