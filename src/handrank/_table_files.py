"""The tables on disk: the file the pure evaluator loads, and the C header the extension compiles in.

Like ``_tables``, it imports nothing but the table generators (``_tables``, ``_short_deck_tables``,
``_decks_tables``, ``_kernels.partial``),
so the build loads them without the package (setup.py) and writes both files from one generation.
"""

from __future__ import annotations

import os
import sys
from array import array
from functools import lru_cache
from typing import Any, NamedTuple, Union

from . import _decks_tables, _short_deck_tables
from ._kernels import partial
from ._short_deck_tables import ShortDeckTables
from ._tables import (
    BLOCK_SEED_STEP,
    HASH_BUCKET_BITS,
    HASH_MULT_BUCKET,
    HASH_MULT_SLOT,
    HASH_SLOT_BITS,
    LOW_GAMES,
    LOW_HASH_BUCKET_BITS,
    LOW_HASH_SLOT_BITS,
    MAX_PLAYERS,
    SAMPLING_BLOCK,
    WYRAND_INCREMENT,
    WYRAND_MIX,
    Tables,
    card_from_index,
)
from ._tables import generate as generate_main

DATA_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_tables.bin")
_MAGIC = b"HRTAB003"
_MAP_FIELDS = frozenset({"products", "low27", "lowa5", "lowa6", "trips_over", "straight_over"})


class Generated(NamedTuple):
    """Every table: hold'em's and the low games' (``main``), and short deck's."""

    main: Tables
    short_deck: ShortDeckTables


def generate() -> Generated:
    """Build every table from the rules."""
    return Generated(generate_main(), _short_deck_tables.generate())


def _arrays(g: Generated) -> list[array[int]]:
    """Every field as arrays: a list as one, a dict as its sorted keys and their values."""
    out = []
    for value in (*g.main, *g.short_deck):
        if isinstance(value, dict):
            keys = sorted(value)
            out += [array("Q", keys), array("H", [value[k] for k in keys])]
        else:
            out.append(array("H", value))
    return out


def write_data_file(t: Generated, path: Union[str, os.PathLike[str]] = DATA_FILE) -> None:
    """Write the tables the pure evaluator loads, little-endian."""
    chunks = [_MAGIC]
    for a in _arrays(t):
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
        chunks.append(len(a).to_bytes(4, "little") + a.typecode.encode())
        chunks.append(a.tobytes())
    with open(path, "wb") as f:
        f.write(b"".join(chunks))


def read_data_file(path: Union[str, os.PathLike[str]] = DATA_FILE) -> Generated:
    """Read what ``write_data_file`` wrote."""
    with open(path, "rb") as f:
        raw = memoryview(f.read())
    if raw[: len(_MAGIC)] != _MAGIC:
        raise ValueError(f"{path} is not a handrank table file")
    pos = len(_MAGIC)
    arrays = []
    while pos < len(raw):
        n = int.from_bytes(raw[pos : pos + 4], "little")
        a = array(chr(raw[pos + 4]))
        pos += 5
        a.frombytes(raw[pos : pos + n * a.itemsize])
        pos += n * a.itemsize
        if sys.byteorder == "big":  # pragma: no cover
            a.byteswap()
        arrays.append(a)
    parts: list[list[Any]] = []
    for kind in (Tables, ShortDeckTables):
        fields: list[Any] = []
        for field in kind._fields:
            if field in _MAP_FIELDS:
                keys, values = arrays.pop(0), arrays.pop(0)
                fields.append(dict(zip(keys.tolist(), values.tolist())))
            else:
                fields.append(arrays.pop(0).tolist())
        parts.append(fields)
    return Generated(Tables(*parts[0]), ShortDeckTables(*parts[1]))


@lru_cache(maxsize=1)
def load() -> Generated:
    """The shipped tables, or freshly generated ones where none were shipped."""
    if os.path.exists(DATA_FILE):
        return read_data_file()
    return generate()


def partial_arrays() -> list[str]:
    """The hands of one to four cards as C arrays: their products sorted (searched in halves),
    and each one's high and low value."""
    high, low = partial.scales()
    products = sorted(high)
    return [
        f"#define HR_PARTIAL_COUNT {len(products)}\n",
        c_array("HR_PARTIAL_PRODUCTS", "uint32_t", products),
        c_array("HR_PARTIAL_HIGH", "uint16_t", [high[p] for p in products]),
        c_array("HR_PARTIAL_LOW", "uint16_t", [low[p] for p in products]),
    ]


def decks_arrays() -> list[str]:
    """Several decks' tables: what each rank adds to a multiset's number by its place (``STEPS``,
    flat, 13 a place), the values of every multiset of five ranks, mixed and of one suit, and the
    best mixed value of every multiset of six and of seven."""
    scale = _decks_tables.scale()
    six = _decks_tables.best_mixed(6, scale.mixed)
    return [
        c_array("HR_DECKS_STEPS", "uint32_t", [step for row in _decks_tables.STEPS for step in row]),
        c_array("HR_DECKS_MIXED5", "uint16_t", scale.mixed),
        c_array("HR_DECKS_FLUSH5", "uint16_t", scale.flush),
        c_array("HR_DECKS_MIXED6", "uint16_t", six),
        c_array("HR_DECKS_MIXED7", "uint16_t", _decks_tables.best_mixed(7, six)),
    ]


def c_array(name: str, ctype: str, data: list[int]) -> str:
    rows = (", ".join(str(v) for v in data[i : i + 16]) for i in range(0, len(data), 16))
    body = ",\n    ".join(rows)
    return f"static const {ctype} {name}[{len(data)}] = {{\n    {body}\n}};\n"


def write_c_header(g: Generated, path: Union[str, os.PathLike[str]]) -> None:
    """Write the tables as C arrays for the extension to compile in."""
    t = g.main
    parts = [
        "/* Generated by handrank/_tables.py at build time. Do not edit. */\n",
        "#ifndef HR_TABLES_DATA_H\n#define HR_TABLES_DATA_H\n",
        "#include <stdint.h>\n",
        f"#define HR_MAX_PLAYERS {MAX_PLAYERS}\n",
        f"#define HR_SAMPLING_BLOCK {SAMPLING_BLOCK}\n",
        f"#define HR_BLOCK_SEED_STEP {BLOCK_SEED_STEP:#x}ULL\n",
        f"#define HR_WYRAND_INCREMENT {WYRAND_INCREMENT:#x}ULL\n",
        f"#define HR_WYRAND_MIX {WYRAND_MIX:#x}ULL\n",
        f'#define HR_LOW_GAME_NAMES "{" ".join(LOW_GAMES)}"\n',
        f"#define HR_HASH_BUCKET_SHIFT {64 - HASH_BUCKET_BITS}\n",
        f"#define HR_HASH_SLOT_SHIFT {64 - HASH_SLOT_BITS}\n",
        f"#define HR_HASH_MULT_BUCKET {HASH_MULT_BUCKET}ULL\n",
        f"#define HR_HASH_MULT_SLOT {HASH_MULT_SLOT}ULL\n",
        c_array("HR_DECK", "uint32_t", [card_from_index(i) for i in range(52)]),
        c_array("HR_FLUSH", "uint16_t", t.flush),
        c_array("HR_UNIQUE5", "uint16_t", t.unique5),
        c_array("HR_HASH_DISPLACE", "uint16_t", t.hash_displace),
        c_array("HR_HASH_VALUES", "uint16_t", t.hash_values),
        f"#define HR_LOW_BUCKET_SHIFT {64 - LOW_HASH_BUCKET_BITS}\n",
        f"#define HR_LOW_SLOT_SHIFT {64 - LOW_HASH_SLOT_BITS}\n",
        c_array("HR_LOW27_FLUSH", "uint16_t", t.low27_flush),
        c_array("HR_LOWA6_FLUSH", "uint16_t", t.lowa6_flush),
        c_array("HR_LOW_DISPLACE", "uint16_t", t.low_displace),
        c_array("HR_LOW27_VALUES", "uint16_t", t.low27_slots),
        c_array("HR_LOWA5_VALUES", "uint16_t", t.lowa5_slots),
        c_array("HR_LOWA6_VALUES", "uint16_t", t.lowa6_slots),
        f"#define HR_SHORT_BUCKET_SHIFT {64 - _short_deck_tables.HASH_BUCKET_BITS}\n",
        f"#define HR_SHORT_SLOT_SHIFT {64 - _short_deck_tables.HASH_SLOT_BITS}\n",
        c_array("HR_SHORT_FLUSH", "uint16_t", g.short_deck.flush),
        c_array("HR_SHORT_DISPLACE", "uint16_t", g.short_deck.displace),
        c_array("HR_SHORT_TRIPS_OVER_VALUES", "uint16_t", g.short_deck.trips_over_slots),
        c_array("HR_SHORT_STRAIGHT_OVER_VALUES", "uint16_t", g.short_deck.straight_over_slots),
        *partial_arrays(),
        *decks_arrays(),
        "#endif\n",
    ]
    with open(path, "w") as f:
        f.write("".join(parts))
