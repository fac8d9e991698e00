"""What several concerns' kernels share on the Python side: batch buffers checked and made
(an ``(n, k)`` array of 0-51 card indices through the buffer protocol: a numpy array, or a 2-D
memoryview of ``array.array`` or ``bytes`` data, ``memoryview(a).cast("B", (n, 7))``), players'
combo tables checked, the tallies the equity kernels count (boards by the set of winners,
added in a fixed order so that no thread count changes a sum), and the parts the games' Monte
Carlo deals its trials in."""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NamedTuple, Optional, Union

from .._tables import MAX_PLAYERS, TIE_UNITS
from ..cards import DECK, card_str, check_distinct

_NATIVE = "<" if sys.byteorder == "little" else ">"


INTEGER_FORMATS = frozenset("bBhHiIlLqQnN")


SIGNED_FORMATS = frozenset("bhilqn")


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


def _check_player_count(players: Sequence[Any]) -> None:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got {len(players)}")


def _read(player: int, name: str, read: Callable[[], Any], instead: str) -> Any:
    """``read()``: a ``TypeError`` saying ``instead`` where it raises one, and a ``TypeError`` naming
    anything else it raises (but a ``ValueError``): the kernels raise nothing else for what they take."""
    try:
        return read()
    except TypeError:
        raise TypeError(f"player {player}: {instead}") from None
    except ValueError:
        raise
    except Exception as error:
        raise TypeError(f"player {player}: reading the {name} raised {type(error).__name__}: {error}") from None


def _frozen_table(player: int, name: str, given: Any) -> Any:
    """One of a player's tables read once: a memoryview of its buffer (its ``len()`` and its items
    are the buffer's, which the compiled kernel reads), or a tuple of its items where it has none."""
    try:
        view = memoryview(given)
    except TypeError:
        return _read(player, name, partial(tuple, given), f"the {name} must be a sequence, got {type(given).__name__}")
    if view.ndim != 1:
        raise ValueError(f"player {player}: the {name} must be one-dimensional, got {view.ndim} dimensions")
    if not hasattr(given, "__len__"):
        return view
    said = _read(player, name, partial(len, given), f"the {name} have no length")
    if said != len(view):
        raise ValueError(f"player {player}: the {name} say len() {said} but hold {len(view)} values")
    return view


def frozen_players(players: Any, names: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    """The players' tables (one for each of ``names``) as the kernels will read them, read once
    from the caller's objects: whatever those answer when asked again (``len``, iteration, items,
    another buffer), every check and the kernel read these. A player given twice as one object
    stays one object (players alike are worked out once). An object that fails when read raises
    ``TypeError`` naming it."""
    expected = f"({', '.join(names)})"
    try:
        given = tuple(players)
    except TypeError:
        raise TypeError(f"players must be a sequence of {expected}, got {type(players).__name__}") from None
    except Exception as error:
        raise TypeError(f"reading the players raised {type(error).__name__}: {error}") from None
    _check_player_count(given)
    seen: dict[int, tuple[Any, ...]] = {}
    out = []
    for i, player in enumerate(given):
        tables = seen.get(id(player))
        if tables is None:
            parts = _read(i, "tables", partial(tuple, player), f"expected {expected}, got {type(player).__name__}")
            if len(parts) != len(names):
                raise ValueError(f"player {i}: expected {expected}, got {len(parts)} items")
            tables = seen[id(player)] = tuple(_frozen_table(i, n, t) for n, t in zip(names, parts))
        out.append(tables)
    return tuple(out)


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


def _board_for(players: int, board: Sequence[int], dead: Sequence[int]) -> tuple[list[int], list[int]]:
    """The checked board and dead cards, read once (the kernels use these lists), if two hole cards
    each for ``players`` still leave enough cards to complete the board."""
    dead_list = list(dead)
    board_list, deck = equity_args([], board, dead_list)[1:]
    if len(deck) - 2 * players < 5 - len(board_list):  # else a board could never be dealt
        raise ValueError("not enough cards left to complete the board")
    return board_list, dead_list


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


DEAL_PARTS = 64
"""The deals kernel adds up its deals in this many parts (or fewer), whatever the thread count,
then the parts in order: the same floating-point sums on any thread count."""


def deal_part_bounds(n: int) -> list[tuple[int, int]]:
    """``n`` deals in ``DEAL_PARTS`` (or fewer) contiguous slices."""
    parts = min(n, DEAL_PARTS)
    return [(p * n // parts, (p + 1) * n // parts) for p in range(parts)]


class Showdowns(NamedTuple):
    """Fixed hands or sampled deals: per player equity units, wins and squared units; the boards."""

    units: list[int]  # a board shared k ways gives each of the k players TIE_UNITS // k
    wins: list[int]  # boards won alone
    squares: list[int]  # the sum of each board's units squared, for the standard error
    boards: int


class RangeShowdowns(NamedTuple):
    """Every deal of the ranges: per player weighted units and wins; the total weight; the boards."""

    units: list[float]  # weighted as ``Showdowns.units``: units[i] / weight / TIE_UNITS is the equity
    wins: list[float]
    weight: float  # the weights of every deal and board, added up
    boards: int


def _shares(by_winners: Sequence[Any], k: int) -> tuple[list[Any], list[Any], list[Any], Any]:
    """Units, wins and squared units per player, and the total, from counts (or weights) by winners."""
    units: list[Any] = [0] * k
    wins: list[Any] = [0] * k
    squares: list[Any] = [0] * k
    for winners in range(1, 1 << k):
        n = by_winners[winners]
        if n:
            sharing = [i for i in range(k) if winners >> i & 1]
            share = TIE_UNITS // len(sharing)
            for i in sharing:
                units[i] += n * share
                squares[i] += n * share * share
            if len(sharing) == 1:
                wins[sharing[0]] += n
    return units, wins, squares, sum(by_winners[1 : 1 << k])


def add_by_winners(parts: Sequence[Sequence[Any]], k: int) -> list[Any]:
    """The parts' counts by the set of winners, added in order."""
    total: list[Any] = [0] * (1 << k)
    for part in parts:
        for winners in range(1 << k):
            total[winners] += part[winners]
    return total


def showdowns(parts: Sequence[Sequence[int]], k: int) -> Showdowns:
    """The tallies of ``k`` players from the parts' board counts by the set of winners."""
    return Showdowns(*_shares(add_by_winners(parts, k), k))


def range_showdowns(parts: Sequence[tuple[Sequence[float], int]], k: int) -> RangeShowdowns:
    """The tallies of an exact range enumeration from its parts: weights by winners, and boards."""
    units, wins, _, weight = _shares(add_by_winners([w for w, _ in parts], k), k)
    return RangeShowdowns(units, wins, float(weight), sum(n for _, n in parts))


PART_TRIALS = 1 << 16
"""The Monte Carlo of the games beyond hold'em deals its trials in parts of about this many (64 at
most), each from its own random stream (the seed stepped by the part's number) and its own copy
of the cards left, the tallies added part by part: threads run whole parts, so the answer is the
same on any number of them. Up to this many trials are one part, dealt from the seed itself."""


def trial_parts(trials: int) -> list[int]:
    """Where each part of ``trials`` starts (and the last ends)."""
    parts = max(1, min(64, -(-trials // PART_TRIALS)))
    return [trials * part // parts for part in range(parts + 1)]
