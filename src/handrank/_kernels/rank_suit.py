"""The rank-suit card objects' and value tables' checks."""

from __future__ import annotations

import operator

from ..cards import DECK, RANK_CHARS, SUIT_CHARS, card_str

CARD_FIELDS = {"rank": 13, "suit": 4}
"""A ``RankSuitCard``'s fields and how many values each takes: ranks 0-12 (deuce ... ace), suits 0-3 (c d h s)."""


def card_field(value: object, name: str) -> int:
    """A ``RankSuitCard``'s ``rank`` or ``suit`` as set, or a clear ``TypeError``/``ValueError``."""
    try:
        checked = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"a card's {name} is an int, not {type(value).__name__}") from None
    if not 0 <= checked < CARD_FIELDS[name]:
        raise ValueError(f"a card's {name} is 0-{CARD_FIELDS[name] - 1}, not {checked}")
    return checked


CARD_NAMES = {r + s: 4 * i + j for i, r in enumerate(RANK_CHARS) for j, s in enumerate(SUIT_CHARS)}
"""A ``RankSuitCard``'s names, ``'2c'`` ... ``'As'``, each to its index 4 * rank + suit."""


def card_name(text: object, error: type[Exception]) -> int:
    """The index 4 * rank + suit of the card named ``text``, or ``error`` saying what is wrong
    (``TypeError`` if ``text`` is no str, as for any argument of the wrong type)."""
    if not isinstance(text, str):
        raise TypeError(f"a card's name is a str such as 'As', got {type(text).__name__}: {text!r}")
    if text in CARD_NAMES:
        return CARD_NAMES[text]
    raise error(f"not a card: {text!r} (a rank of {RANK_CHARS} then a suit of {SUIT_CHARS})")


def value_table(values: object) -> list[int]:
    """A ``RankSuitValues`` table, a new list: an int for each rank, index 0 unused."""
    try:
        table = [operator.index(v) for v in values]  # type: ignore[attr-defined]
    except TypeError:
        raise TypeError(
            f"expected a sequence of 7463 ints (a value per rank, index 0 unused), got {values!r}"
        ) from None
    if len(table) != 7463:
        raise ValueError(f"expected 7463 values (a value per rank, index 0 unused), got {len(table)}")
    return table


def rank_suit_indices(cards: object, suits: object, card_type: type, error: type[Exception]) -> list[int]:
    """The 0-51 indices (4 * rank + suit) of 5 to 7 distinct cards, given as ``card_type`` objects,
    or as ranks 0-12 and their suits 0-3; ``error`` with what is wrong for anything else."""
    try:
        if suits is None:
            given = list(cards)  # type: ignore[call-overload]
            if not all(isinstance(c, card_type) for c in given):
                raise TypeError
            pairs = [(c.rank, c.suit) for c in given]
        else:
            ranks, suit_list = [operator.index(r) for r in cards], [operator.index(s) for s in suits]  # type: ignore[attr-defined]
            if len(ranks) != len(suit_list):
                raise error(f"{len(ranks)} ranks but {len(suit_list)} suits")
            pairs = list(zip(ranks, suit_list))
    except TypeError:
        raise error(f"not cards, or ranks 0-12 and suits 0-3: {cards!r}") from None
    if not 5 <= len(pairs) <= 7:
        raise error(f"5 to 7 cards are evaluated, got {len(pairs)}")
    indices = []
    for r, s in pairs:
        if not (0 <= r < 13 and 0 <= s < 4):
            raise error(f"a rank is 0-12 and a suit 0-3, got rank {r} and suit {s}")
        if 4 * r + s in indices:
            raise error(f"{card_str(DECK[4 * r + s])} is given twice")
        indices.append(4 * r + s)
    return indices
