"""Argument checks for the batch and equity kernels of both evaluators, and their results.

A batch is an ``(n, k)`` array of 0-51 card indices, k = 5, 6 or 7, passed
through the buffer protocol: a numpy array, or a 2-D memoryview of
``array.array`` or ``bytes`` data (``memoryview(a).cast("B", (n, 7))``).
"""

from __future__ import annotations

import operator
import sys
from array import array
from collections import Counter
from collections.abc import Sequence
from typing import Any, Optional, Union

from ._tables import MAX_PLAYERS
from .cards import DECK, RANK_CHARS, SUIT_CHARS, Cards, card_str, cards, check_distinct, hand, to_index

_NATIVE = "<" if sys.byteorder == "little" else ">"
INTEGER_FORMATS = frozenset("bBhHiIlLqQnN")
SIGNED_FORMATS = frozenset("bhilqn")

FEW_DRAWS = 9
"""Monte Carlo deals random hands from the deck, with the board, where they and the board take more
cards than this; up to this many (two random hands and a board), it deals them as ranges."""

DECKS = 1 << 12
"""Monte Carlo keeps a deck of the cards left for each deal of the ranges (a combo of each) where
there are at most this many deals: 213 KB of decks, near the core."""

MAX_TRIALS = 1 << 48
"""The most Monte Carlo trials one call deals: years of work, and far from the kernels' 64-bit counts."""

Ranks = Union["array[int]", Any]
"""What batch functions return: ``array('H')``, or a numpy uint16 array when given numpy."""


def hands_view(hands: object, sizes: tuple[int, ...] = (5, 6, 7)) -> memoryview:
    """A 2-D memoryview of integer card indices, or a clear ``TypeError``/``ValueError``."""
    try:
        view = memoryview(hands)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            "expected an (n, k) integer array of 0-51 card indices supporting the buffer "
            f"protocol (numpy array, memoryview), got {type(hands).__name__}: batches take indices, not "
            "card text or ints (to_index(card('As')) is 51); only a board may be given as cards"
        ) from None
    fmt = view.format
    if fmt[:1] in ("@", "=", _NATIVE):
        fmt = fmt[1:]
    if fmt not in INTEGER_FORMATS:
        raise TypeError(f"expected an array of integers in native byte order, got buffer format {view.format!r}")
    if view.ndim != 2:
        raise ValueError(f"expected a 2-D array of shape (n, k), got {view.ndim} dimension(s)")
    if view.shape[1] not in sizes:  # type: ignore[index]
        expected = ", ".join(map(str, sizes))
        raise ValueError(f"expected {expected} cards per row, got shape {tuple(view.shape)}")  # type: ignore[arg-type]
    return view


def is_signed(view: memoryview) -> bool:
    """Whether a view from ``hands_view`` holds signed integers: its format's last character."""
    return view.format[-1] in SIGNED_FORMATS


def omaha_view(hands: object, hole_cards: int) -> memoryview:
    """``hands_view`` for Omaha rows: ``hole_cards`` (4 to 6) hole cards, then 3 to 5 board cards."""
    if type(hole_cards) is not int or not 4 <= hole_cards <= 6:
        raise ValueError(f"hole_cards must be 4, 5 or 6, got {hole_cards!r}")
    return hands_view(hands, tuple(range(hole_cards + 3, hole_cards + 6)))


def board_indices(board: Cards) -> list[int]:
    """The 0-51 indices of a board of 3 to 5 distinct cards (any form ``cards`` takes)."""
    return [to_index(c) for c in hand(board, 3, 5)]


def equity_args(
    holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int]
) -> tuple[list[list[int]], list[int], list[int]]:
    """Check the index lists the equity kernels take; the holes, the board and the cards left to deal."""
    hole_lists = [list(h) for h in holes]
    board_list, dead_list = list(board), list(dead)
    if len(hole_lists) > MAX_PLAYERS:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got {len(hole_lists)}")
    if len(board_list) > 5:
        raise ValueError(f"expected at most 5 board cards, got {len(board_list)}")
    used = [c for h in hole_lists for c in h] + board_list + dead_list
    for c in used:
        if type(c) is not int or not 0 <= c < 52:
            raise ValueError(f"not a card index: {c!r} (expected an int from 0 to 51)")
    check_distinct([DECK[c] for c in used], "dealt twice among the hands, the board and the dead cards")
    if any(len(h) > 2 for h in hole_lists):
        raise ValueError("a hand has more than two hole cards")
    taken = set(used)
    deck = [c for c in range(52) if c not in taken]
    if len(deck) < 5 - len(board_list):
        raise ValueError("not enough cards left to complete the board")
    return hole_lists, board_list, deck


def _check_player_count(players: Sequence[Any]) -> None:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got {len(players)}")


def _kernel_values(player: int, name: str, given: Any) -> list[Any]:
    """What a kernel reads of a player's ``given`` table: the values of its buffer, where it has
    one, which its ``len()`` must agree with; else its items."""
    try:
        values: list[Any] = memoryview(given).tolist()
    except TypeError:
        return list(given)
    if len(given) != len(values):
        raise ValueError(f"player {player}: the {name} say len() {len(given)} but hold {len(values)} values")
    return values


def _first_outside(values: list[Any], stop: int) -> Optional[Any]:
    """The first of ``values`` not in 0 to ``stop`` - 1, else None: read by min and max at C speed
    and walked only when one is."""
    if not values or 0 <= min(values) <= max(values) < stop:
        return None
    return next(v for v in values if not 0 <= v < stop)


def _check_combos(player: int, combos: Any, n: int, tables: str) -> None:
    """A range's 2n card indices, for n > 0 combos with ``tables`` beside them."""
    values = _kernel_values(player, "combos", combos)
    if n == 0 or len(values) != 2 * n:
        raise ValueError(f"player {player}: a range needs n > 0 combos (2n cards) and {tables}")
    bad = _first_outside(values, 52)
    if bad is not None:
        raise ValueError(f"player {player}: {bad} is not a card index")


def sampling_args(
    players: Sequence[tuple[Any, Any, Any]], board: Sequence[int], dead: Sequence[int], trials: int
) -> tuple[list[int], list[bool], bool]:
    """Check what the Monte Carlo kernels take (player ranges as alias tables, trials); the board,
    which players hold a random hand (``random_hands``), and whether the ranges have decks (``by_decks``)."""
    _check_player_count(players)
    if type(trials) is not int or not 0 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be an int from 0 to 2**48, got {trials!r}")
    checked_players: set[int] = set()
    for i, player in enumerate(players):
        if id(player) in checked_players:  # players alike share one table (odds.equity_plan): checked once
            continue
        checked_players.add(id(player))
        combos, prob, alias = player
        n = len(_kernel_values(i, "alias probabilities", prob))
        aliases = _kernel_values(i, "aliases", alias)
        if len(aliases) != n:
            raise ValueError(f"player {i}: a range needs n > 0 combos (2n cards) and alias tables of n")
        _check_combos(i, combos, n, "alias tables of n")
        bad = _first_outside(aliases, n)
        if bad is not None:
            raise ValueError(f"player {i}: alias table entry {bad} out of range")
    checked = _board_for(len(players), board, dead)
    random = random_hands(players, checked, dead)
    return checked, random, by_decks(players, random)


def random_hands(players: Sequence[tuple[Any, Any, Any]], board: Sequence[int], dead: Sequence[int]) -> list[bool]:
    """Which players' ranges are a random hand (every pair of the cards that the board, the dead
    cards and the known hands leave, each once, all alike) where they and the board take more than
    ``FEW_DRAWS`` cards, or where the ranges left have a deck for each deal (``by_decks``); none
    otherwise. The kernels deal such a player two cards from what the others leave, after them:
    the same draw as the combo of its range that fits, without the deals again when one does not,
    which would be most deals of six random hands."""
    taken = {*board, *dead}
    for combos, prob, _ in players:
        if len(prob) == 1:
            taken.update(int(c) for c in combos)
    left = 52 - len(taken)
    found: dict[int, bool] = {}  # by the player's table: players alike share one
    for player in players:
        combos, prob, _ = player
        if id(player) in found:
            continue
        if len(prob) < 2 or min(prob) < 1.0:  # a known hand, or weights that differ
            found[id(player)] = False
            continue
        values = list(combos)
        fitting = [
            (a, b) if a < b else (b, a)
            for a, b in zip(values[::2], values[1::2])
            if a != b and a not in taken and b not in taken
        ]
        found[id(player)] = len(fitting) == len(set(fitting)) == left * (left - 1) // 2
    out = [found[id(player)] for player in players]
    return out if by_decks(players, out) or 2 * sum(out) + 5 - len(board) > FEW_DRAWS else [False] * len(out)


def by_decks(players: Sequence[tuple[Any, Any, Any]], random: Sequence[bool]) -> bool:
    """Whether the ranges (the players' with more than one combo that are not ``random``) have at
    most ``DECKS`` deals, a combo of each: the kernels then keep a deck for each, and deal the
    random hands and the board from the deal's deck."""
    deals = 1
    for (_, prob, _), from_deck in zip(players, random):
        if not from_deck:
            deals *= len(prob)
    return deals <= DECKS


def _board_for(players: int, board: Sequence[int], dead: Sequence[int]) -> list[int]:
    """The checked board, if two hole cards each for ``players`` still leave enough cards to complete it."""
    board_list, deck = equity_args([], board, dead)[1:]
    if len(deck) - 2 * players < 5 - len(board_list):  # else a board could never be dealt
        raise ValueError("not enough cards left to complete the board")
    return board_list


def range_args(players: Sequence[tuple[Any, Any]], board: Sequence[int], dead: Sequence[int]) -> list[int]:
    """Check what ``exact_range_showdowns`` takes (players as combos and weights); the board."""
    _check_player_count(players)
    for i, (combos, weights) in enumerate(players):
        values = _kernel_values(i, "weights", weights)
        _check_combos(i, combos, len(values), "n weights")
        # min and sum at C speed, a walk only when one is off: a NaN makes the sum NaN, never < inf.
        if values and not (min(values) >= 0 and sum(values) < float("inf")):
            for w in values:
                if not 0 <= w < float("inf"):
                    raise ValueError(f"player {i}: a weight must be finite and >= 0, got {w!r}")
    return _board_for(len(players), board, dead)


def deal_args(
    deals: Any, weights: Any, times: Any, board: Sequence[int], dead: Sequence[int]
) -> tuple[int, list[int], list[int]]:
    """Check what ``exact_deal_showdowns`` takes (n deals of k hands as 2kn card indices, n weights and
    n counts); k, the board and the dead cards."""
    cards_ = _kernel_values(0, "deals", deals)
    weight_values = _kernel_values(0, "weights", weights)
    time_values = _kernel_values(0, "times", times)
    n = len(weight_values)
    if n == 0 or len(time_values) != n or len(cards_) % (2 * n):
        raise ValueError(
            f"expected n > 0 deals (2kn cards), n weights and n times, got {len(cards_)}, {n}, {len(time_values)}"
        )
    k = len(cards_) // (2 * n)
    if not 1 <= k <= MAX_PLAYERS:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got {k}")
    board_list = _board_for(k, board, dead)
    fixed = 0
    for c in board_list + list(dead):
        fixed |= 1 << c
    for d in range(n):
        used = fixed
        for c in cards_[2 * k * d : 2 * k * (d + 1)]:
            if type(c) is not int or not 0 <= c < 52:
                raise ValueError(f"deal {d}: {c!r} is not a card index")
            if (used >> c) & 1:
                raise ValueError(f"deal {d}: {card_str(DECK[c])} is dealt twice")
            used |= 1 << c
        if not 0 <= weight_values[d] < float("inf"):
            raise ValueError(f"deal {d}: a weight must be finite and >= 0, got {weight_values[d]!r}")
        if type(time_values[d]) is not int or not 1 <= time_values[d] < 1 << 32:
            raise ValueError(f"deal {d}: times must be an int from 1 to 2**32 - 1, got {time_values[d]!r}")
    return k, board_list, list(dead)


def check_firsts(firsts: Any, parts: int) -> tuple[int, int]:
    """The slice ``(lo, hi)`` of an exact range enumeration's ``parts`` to deal; all of them for None."""
    if firsts is None:
        return 0, parts
    if (
        not isinstance(firsts, tuple)
        or len(firsts) != 2
        or any(type(x) is not int for x in firsts)
        or not 0 <= firsts[0] <= firsts[1] <= parts
    ):
        raise ValueError(f"firsts must be None or (lo, hi) with 0 <= lo <= hi <= {parts}, got {firsts!r}")
    return firsts


# array's typecode for an integer of each size, signed and unsigned.
_TYPECODE = {(size, signed): code for code in "bBhHiIlLqQ" for size, signed in [(array(code).itemsize, code.islower())]}


def rows(view: memoryview) -> list[list[int]]:
    """The rows of a 2-D view from ``hands_view`` as lists of ints, whatever its strides, and
    also where a byte-order prefix ('<q', as ctypes writes) keeps ``tolist`` from reading it."""
    if view.format[:1] not in ("@", "=", "<", ">", "!"):
        return view.tolist()  # type: ignore[return-value]
    flat = array(_TYPECODE[view.itemsize, is_signed(view)], view.tobytes())  # tobytes: C order, any strides
    k = view.shape[1]  # type: ignore[index]
    return [flat[i : i + k].tolist() for i in range(0, len(flat), k)]


def row_error(view: memoryview, row: int, board: Sequence[int] = ()) -> ValueError:
    """The error for the first bad value in ``row``: out of range, a duplicate, or a board card."""
    values = rows(view)[row]
    for v in values:
        if not 0 <= v < 52:
            return ValueError(f"row {row}: {v} is not a card index (expected 0 to 51)")
    seen: set[int] = set(board)
    for v in values:
        if v in board:
            return ValueError(f"row {row}: {card_str(DECK[v])} (index {v}) is on the board")
        if v in seen:
            return ValueError(f"row {row}: duplicate card {card_str(DECK[v])} (index {v})")
        seen.add(v)
    return ValueError(f"row {row}: bad hand {values}")  # pragma: no cover - kernels agree


def new_result(hands: object, rows: int) -> tuple[Ranks, memoryview]:
    """A uint16 result of ``rows`` entries (numpy if ``hands`` is numpy) and a writable view of it.

    A numpy result starts uninitialised: every kernel writes each row or raises.
    """
    return new_array(hands, (rows,), "H")


def new_array(source: object, shape: tuple[int, ...], typecode: str) -> tuple[Any, memoryview]:
    """A result of ``shape`` and ``array`` typecode (numpy if ``source`` is numpy, else an ``array``,
    or a memoryview of one for 2-D), and a flat writable view of it."""
    size = 1
    for n in shape:
        size *= n
    if type(source).__module__ == "numpy":
        np = sys.modules["numpy"]
        result: Any = np.empty(shape, dtype=np.dtype(typecode))
        return result, memoryview(result).cast("B").cast(typecode)  # type: ignore[call-overload]
    flat = array(typecode, bytes(array(typecode).itemsize * size))
    result = flat if len(shape) == 1 else memoryview(flat).cast("B").cast(typecode, shape)  # type: ignore[call-overload]
    return result, memoryview(flat)


def index_view(given: object, typecode: str = "") -> memoryview:
    """A 1-D memoryview of integers (of ``typecode``'s type, when given), or a clear error."""
    try:
        view = memoryview(given)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"expected a 1-D integer array (numpy array, array.array), got {type(given).__name__}"
        ) from None
    fmt = view.format[1:] if view.format[:1] in ("@", "=", _NATIVE) else view.format
    if view.ndim != 1 or fmt not in INTEGER_FORMATS or (typecode and fmt != typecode):
        wanted = f"of typecode {typecode!r}" if typecode else "of integers"
        raise ValueError(f"expected a 1-D array {wanted}, got format {view.format!r} in {view.ndim} dimension(s)")
    return view


def index_error(item: int, value: int, size: int) -> ValueError:
    """The error for an item of ``unindex_many`` that is no index of an indexer of ``size`` classes."""
    return ValueError(f"item {item}: {value} is not an index of this indexer (expected 0 to {size - 1})")


def strength_args(kind: type[Any], river: Any, earlier: Any = None) -> None:
    """Check the indexers a strength kernel takes, of the implementation's own ``kind``: a river
    ``(2, 5)`` and, for ``runout_strengths``, an earlier street's."""
    if not isinstance(river, kind) or river.rounds != (2, 5):
        raise ValueError("expected a hand indexer of rounds (2, 5) for the river")
    if earlier is not None and (not isinstance(earlier, kind) or earlier.rounds not in ((2,), (2, 3), (2, 4))):
        raise ValueError("expected a hand indexer of rounds (2,), (2, 3) or (2, 4) for the earlier street")


def runout_args(
    kind: type, earlier: Any, river: Any, river_points: object, start: int, stop: int, bins: int
) -> memoryview:
    """Check what ``runout_strengths`` takes; the river table as a uint16 view."""
    strength_args(kind, river, earlier)
    table = index_view(river_points, "H")
    if len(table) != river.size:
        raise ValueError(f"expected a river table of {river.size} entries, got {len(table)}")
    if not (type(start) is int and type(stop) is int and 0 <= start <= stop <= earlier.size):
        raise ValueError(f"expected 0 <= start <= stop <= {earlier.size}, got {start!r} and {stop!r}")
    if type(bins) is not int or not 1 <= bins <= 1980:
        raise ValueError(f"bins must be an int from 1 to 1980, got {bins!r}")
    return table


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


def versus_args(hero: Cards, hands: object, board: Cards) -> tuple[list[int], bytes, list[int]]:
    """Check what ``hand_vs_hands`` takes: two hole cards and a five-card board, all distinct (card ints
    back), and the other hands as bytes, two different 0-51 indices a hand."""
    hole, full_board = cards(hero), cards(board)
    if len(hole) != 2:
        raise ValueError(f"expected 2 hole cards, got {len(hole)}")
    if len(full_board) != 5:
        raise ValueError(f"expected a board of 5 cards, got {len(full_board)}")
    check_distinct(hole + full_board)
    if not isinstance(hands, bytes):
        raise TypeError(f"expected the hands as bytes, two 0-51 card indices a hand, got {type(hands).__name__}")
    if len(hands) % 2:
        raise ValueError(f"expected two card indices a hand, got {len(hands)} indices")
    for i in range(0, len(hands), 2):
        if not (hands[i] < 52 and hands[i + 1] < 52 and hands[i] != hands[i + 1]):
            raise ValueError(f"hand {i // 2}: {hands[i]} and {hands[i + 1]} are not two different card indices")
    return hole, hands, full_board
