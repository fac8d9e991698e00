"""The preflop matrix kernel's checks."""

from __future__ import annotations

from array import array
from collections import Counter

from .core import hands_view, index_view, row_error, rows


def class_wins_args(
    boards: object, weights: object, classes: object
) -> tuple[memoryview, bytes, array[int], array[int], int]:
    """Check what ``class_wins`` takes: the boards' view and their cards as bytes, five a board;
    the weights (uint32) and the 1,326 pairs' classes (uint16) as arrays; the number of classes.
    The win counts are kept in 32 bits, so the weights are bounded: all of them, times the
    largest class's pairs squared, below 2**32."""
    view = hands_view(boards, (5,))
    cards = bytearray()
    for i, row in enumerate(rows(view)):
        if len(set(row)) != 5 or not all(0 <= c < 52 for c in row):
            raise row_error(view, i)
        cards += bytes(row)
    given_weights, given_classes = index_view(weights), index_view(classes)
    if len(given_weights) != view.shape[0]:  # type: ignore[index]
        raise ValueError(f"expected a weight for each of the {view.shape[0]} boards, got {len(given_weights)}")  # type: ignore[index]
    if any(w < 0 for w in given_weights):
        raise ValueError("board weights must not be negative")
    if len(given_classes) != 1326 or any(not 0 <= c < 1326 for c in given_classes):
        raise ValueError("expected a class from 0 to 1325 for each of the 1,326 hole-card pairs")
    k = max(given_classes) + 1
    largest = max(Counter(given_classes).values())
    if sum(given_weights) * largest * largest >= 1 << 32:
        raise ValueError("the board weights are too many for one call: split the boards")
    return view, bytes(cards), array("I", given_weights), array("H", given_classes), k
