"""PHH files: one hand a ``.phh`` file, several in a ``.phhs`` file (a table a hand), read with a real
TOML parser (``tomllib``, or ``tomli`` before Python 3.11) and written with ``tomli-w``. With the
``fast-toml`` extra installed, ``rtoml`` (a compiled TOML parser, about ten times as fast) reads
them first, and what it refuses goes to the standard parser, whose words an error keeps."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable, Mapping
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any, Optional, TextIO, Union, cast

from .model import CORE_FIELDS, HandHistory, kept

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the Pythons before 3.11 read TOML with tomli
    try:
        import tomli as tomllib
    except ImportError:
        raise ImportError("reading PHH before Python 3.11 needs tomli: pip install 'handrank[history]'") from None

fast_toml: Optional[ModuleType]
try:
    fast_toml = importlib.import_module("rtoml")
except ImportError:  # the fast-toml extra is not installed
    fast_toml = None

ACTION = re.compile(
    r"d dh p\d+ (\?\?|[2-9TJQKA][cdhs])+"  # hole cards dealt (?? unknown)
    r"|d db ([2-9TJQKA][cdhs])+"  # board cards dealt
    r"|p\d+ (f|cc|cbr \d+(\.\d+)?|sm( (\?\?|[2-9TJQKA][cdhs])+)?|sd( (\?\?|[2-9TJQKA][cdhs])+)?|pb)",
    re.ASCII,  # digits 0-9 only: \d alone matches the digits of every script
)
"""An action as PHH writes it (a comment after ``#`` aside)."""

Source = Union[str, Path]


def _line_of(text: str, needle: str, after: int = 0) -> int:
    """The line number (from 1) where ``needle`` first appears at or after line ``after``."""
    for number, line in enumerate(text.splitlines()[after:], after + 1):
        if needle in line:
            return number
    return after + 1


def _amounts(name: str, value: Any, players: Optional[int]) -> list[float]:
    if not isinstance(value, list) or not all(type(v) in (int, float) and v >= 0 for v in value):
        raise ValueError(f"{name} must be a list of amounts >= 0, got {value!r}")
    if players is not None and len(value) != players:
        raise ValueError(f"{name} has {len(value)} entries for {players} players")
    return value


def from_dict(data: Mapping[str, Any], source: str, text: str = "", first_line: int = 0) -> HandHistory:
    """A hand from a PHH table; a bad field raises ``ValueError`` naming the source and the line."""

    def fail(what: str, needle: str) -> ValueError:
        return ValueError(f"{source}: line {_line_of(text, needle, first_line)}: {what}")

    for name in ("variant", "starting_stacks", "actions"):
        if name not in data:
            raise fail(f"no {name} field: every hand needs variant, starting_stacks and actions", "")
    if not isinstance(data["variant"], str):
        raise fail(f"variant must be text, got {data['variant']!r}", "variant")
    try:
        stacks = _amounts("starting_stacks", data["starting_stacks"], None)
        forced = {
            name: _amounts(name, data[name], len(stacks)) if name in data else None
            for name in ("antes", "blinds_or_straddles")
        }
    except ValueError as error:
        raise fail(str(error), str(error).split()[0]) from None
    if not 2 <= len(stacks) <= 23:
        raise fail(f"a hand has 2 or more players, got {len(stacks)}", "starting_stacks")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions must be a list of strings", "actions")
    for i, action in enumerate(actions):
        bare = action.split("#", 1)[0].strip()
        if not ACTION.fullmatch(bare):
            raise fail(f"action {i + 1}, {action!r}, is not a PHH action", action)
    for name in ("min_bet", "small_bet", "big_bet", "bring_in"):
        if name in data and (type(data[name]) not in (int, float) or data[name] < 0):
            raise fail(f"{name} must be an amount >= 0, got {data[name]!r}", name)
    return HandHistory(
        variant=data["variant"],
        starting_stacks=stacks,
        actions=[a.split("#", 1)[0].strip() for a in actions],
        antes=forced["antes"],
        blinds_or_straddles=forced["blinds_or_straddles"],
        ante_trimming_status=data.get("ante_trimming_status"),
        min_bet=data.get("min_bet"),
        small_bet=data.get("small_bet"),
        big_bet=data.get("big_bet"),
        bring_in=data.get("bring_in"),
        fields={k: v for k, v in data.items() if k not in CORE_FIELDS},
        source=source,
    )


MAX_KEY_PARTS = 16
"""The most dotted parts a key of a PHH file may have (PHH's own keys have one): the TOML parser's
time grows with the square of a key's parts, so longer keys are refused before it sees them."""


MAX_FILE_BYTES = 1 << 27
"""The largest PHH file read (128 MiB: some 200,000 hands of a ``.phhs`` file): TOML is parsed
whole, at several times the file's size in memory, so a larger file is refused, by its size,
before it is read; split it into several. The text sites' and iPoker's readers take a file a
megabyte at a time and have no such limit."""


def _check_keys(text: str, source: str) -> None:
    """Refuse a key or table name of more than ``MAX_KEY_PARTS`` dotted parts, in one pass over the
    text: the dots before a line's ``=`` (or in a ``[table]`` line) that are not inside quotes."""
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        head = line.split("=", 1)[0] if "=" in line else line if stripped.startswith("[") else ""
        if head.count(".") < MAX_KEY_PARTS:
            continue
        dots, quote = 0, ""
        for ch in head:
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "\"'":
                quote = ch
            elif ch == ".":
                dots += 1
        if dots >= MAX_KEY_PARTS:
            raise ValueError(
                f"{source}: line {number}: a key of {dots + 1} dotted parts; PHH reads keys of at most {MAX_KEY_PARTS}"
            )


def _parse(text: str, source: str) -> dict[str, Any]:
    _check_keys(text, source)
    if fast_toml is not None:
        try:
            return cast(dict[str, Any], fast_toml.loads(text))
        except fast_toml.TomlParsingError:
            pass  # read again below: the standard parser's error says what is wrong, in its words
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{source}: not TOML: {error}") from None
    except RecursionError:  # the standard parser recurses once for each array or table opened
        raise ValueError(f"{source}: arrays or tables nested too deeply for the TOML parser") from None


def loads(text: str, source: str = "<text>") -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    return from_dict(_parse(text, source), source, text)


def loads_many(text: str, source: str = "<text>", errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """The hands of a ``.phhs`` file (a table a hand). With ``errors`` (a list), a bad hand is
    left out and its error added there; without, the first bad hand raises."""
    tables = _parse(text, source)
    # Each table's header line, found in one pass: looking each up from the top made a long file quadratic.
    header_lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("["):
            header_lines.setdefault(line.strip().split("]", 1)[0] + "]", number)
    hands = []
    for key, table in tables.items():
        where = f"{source}: hand {key}"
        try:
            if not isinstance(table, dict):
                raise ValueError(f"{where}: line {_line_of(text, str(key))}: a .phhs file holds a table a hand")
            hands.append(from_dict(table, where, text, header_lines.get(f"[{key}]", 1) - 1))
        except ValueError as error:
            if errors is None:
                raise
            errors.append(kept(error))
    return hands


def read(path: Source, errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """The hands of a ``.phh`` file (one) or a ``.phhs`` file (several), named by its path in errors.
    A file over ``MAX_FILE_BYTES`` is refused before it is read."""
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ValueError(
            f"{path}: {size:,} bytes; PHH files are read whole, up to {MAX_FILE_BYTES:,} bytes: split it into several"
        )
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix == ".phhs":
        return loads_many(text, str(path), errors)
    try:
        return [loads(text, str(path))]
    except ValueError as error:
        if errors is None:
            raise
        errors.append(kept(error))
        return []


def _writer() -> Any:
    try:
        import tomli_w
    except ImportError:
        raise ImportError("writing PHH needs tomli-w: pip install 'handrank[history]'") from None
    return tomli_w


def dumps(history: HandHistory) -> str:
    """The text of a ``.phh`` file for one hand."""
    return str(_writer().dumps(history.to_dict()))


def _table(number: int, history: HandHistory) -> str:
    """A ``.phhs`` file's table ``[number]`` for one hand; the tables, a blank line between them,
    make the file."""
    return str(_writer().dumps({str(number): history.to_dict()}))


def dumps_many(histories: Iterable[HandHistory]) -> str:
    """The text of a ``.phhs`` file: the hands as tables ``[1]``, ``[2]``, ..."""
    return "\n".join(_table(number, history) for number, history in enumerate(histories, 1))


def write_many(file: TextIO, histories: Iterable[HandHistory]) -> int:
    """The hands written to an open text file as a ``.phhs`` file's tables, one at a time, so that
    memory does not grow with their number: the text ``dumps_many`` gives. The hands written."""
    written = 0
    for written, history in enumerate(histories, 1):
        file.write(("\n" if written > 1 else "") + _table(written, history))
    return written


def write(path: Source, histories: Union[HandHistory, Iterable[HandHistory]]) -> int:
    """Write one hand to a ``.phh`` file, or hands to a ``.phhs`` file (one at a time); the hands
    written. A ``.phh`` path takes one hand, or hands that are one: a file of several would be
    a ``.phhs`` file under a ``.phh`` name, which no reader of ``.phh`` takes."""
    path = Path(path)
    if path.suffix == ".phh" and not isinstance(histories, HandHistory):
        rest = iter(histories)
        first = list(islice(rest, 2))
        if len(first) != 1:
            there = len(first) + sum(1 for _ in rest)
            raise ValueError(f"{path}: a .phh file holds one hand, and there are {there}: write a .phhs file")
        histories = first[0]
    if isinstance(histories, HandHistory):
        path.write_text(dumps(histories), encoding="utf-8")
        return 1
    with path.open("w", encoding="utf-8") as file:
        return write_many(file, histories)
