"""Layouts close to PokerStars's but without the colon after a player's name (Full Tilt's and
Winamax's), turned into PokerStars's lines for its reader.

A line led by a seated player's name (the longest that fits, as names hold spaces) is matched
against the layout's player patterns, any other line against its table patterns; a line neither
matches is left out (chat, time banks, players joining). Amounts written with the currency after
the number (``0.25€``) are written with it before, as PokerStars does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Union

from .pokerstars import Unreadable

Rewrite = Union[str, Callable[["re.Match[str]"], str]]
"""What a matched line becomes: a template for ``Match.expand``, ``{name}`` for the player's name,
or a function of the match."""

_SEAT = re.compile(r"^Seat ([0-9]+): (.+?) \(([^)]*?)\)(.*)$")
_SUFFIXED = re.compile(r"([0-9][0-9,]*(?:\.[0-9]+)?) ?([$€£])")


@dataclass(frozen=True)
class Layout:
    """A site's layout: its game as PokerStars names it (from the first line, ``None`` if none),
    the line giving the button's seat (group 1), and the rewrites of lines led by a player's name
    (matched against what follows the name) and of the other lines."""

    game: Callable[[str], Union[str, None]]
    button: re.Pattern[str]
    player_lines: tuple[tuple[re.Pattern[str], Rewrite], ...]
    table_lines: tuple[tuple[re.Pattern[str], Rewrite], ...]


def _rewrite(rewrite: Rewrite, match: re.Match[str], name: str = "") -> str:
    return (match.expand(rewrite) if isinstance(rewrite, str) else rewrite(match)).replace("{name}", name)


def translate(text: str, layout: Layout) -> list[tuple[int, str]]:
    """One hand of the layout as PokerStars's lines, each with the number of its source line."""
    lines = [_SUFFIXED.sub(r"\2\1", row.strip()) for row in text.split("\n")]
    game = layout.game(lines[0])
    if game is None:
        raise Unreadable(0, f"not a game handrank reads: {lines[0][:80]!r}")
    rows = [(0, game)]
    button = next(((n, m) for n, row in enumerate(lines) if (m := layout.button.search(row))), None)
    if button is None:
        raise Unreadable(0, "no line names the button's seat")
    rows.append((button[0], f"Table '' Seat #{button[1].group(1)} is the button"))
    first_street = next((n for n, row in enumerate(lines) if row.startswith("*** ")), len(lines))
    # The seats (the summary's seat lines say no more), each with a stack
    seats = [(n, m) for n, row in enumerate(lines[1:first_street], 1) if (m := _SEAT.match(row))]
    seats = [(n, m) for n, m in seats if re.search(r"[0-9]", m.group(3))]
    names = sorted((m.group(2) for _, m in seats), key=len, reverse=True)  # "Ann B" before "Ann"
    body: list[tuple[int, str]] = []
    acting: set[str] = set()
    for n, row in enumerate(lines[1:], 1):
        if n < first_street and _SEAT.match(row):
            continue
        name = next((name for name in names if row.startswith(name + " ")), "")
        patterns = layout.player_lines if name else layout.table_lines
        rest = row[len(name) + 1 :] if name else row
        for pattern, rewrite in patterns:
            if match := pattern.match(rest):
                body.append((n, _rewrite(rewrite, match, name)))
                acting.update([name] if name else [])
                break
    for n, seat in seats:  # a seated player who neither posts nor acts was not dealt in
        out = "" if seat.group(2) in acting else " is sitting out"
        rows.append((n, f"Seat {seat.group(1)}: {seat.group(2)} ({seat.group(3)} in chips){seat.group(4)}{out}"))
    return rows + body
