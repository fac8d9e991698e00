"""Code a user would write, checked with ``mypy --strict`` against the installed package (not run by pytest)."""

from __future__ import annotations

from array import array

import handrank
from handrank import Deck, HandClass, best_five, card, cards, evaluate, evaluate7, evaluate_many, hand_class

deck = Deck(seed=1)
hole: list[int] = deck.deal(2)
board: list[int] = deck.deal(5)
rank: int = evaluate(hole + board)
split: int = evaluate(hole, board)  # more arguments, more cards
one_each: int = evaluate(*hole, *board)
fast: int = evaluate7(*hole, *board)
klass: HandClass = hand_class(rank)
name: str = klass.display_name
five: list[int] = best_five("As Ks Qs Js Ts 2c 3d")
one: int = card("As")
many: list[int] = cards(["As", 0x10001C29])
ranks = evaluate_many(memoryview(array("B", range(7))).cast("B", (1, 7)), threads=2)
counts: dict[HandClass, int] = handrank.hand_class_counts(5)
implementation: str = handrank.IMPLEMENTATION

# The engine's words are Literal types and a game is a value: a misspelt action, limit or game is a
# type error (a game's name given as text is looked up when the hand starts).
from handrank import games  # noqa: E402
from handrank.engine import Hand, Stakes  # noqa: E402

table = Hand([100, 100], button=0, seed=1)
table.act("call")
table.act("raize")  # type: ignore[arg-type]
Stakes(1, 2, limit="spread")  # type: ignore[arg-type]
Hand([100, 100], button=0, game=games.OMAHA)
Hand([100, 100], button=0, game=games.PINOCHLE)  # type: ignore[attr-defined]
