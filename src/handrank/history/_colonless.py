"""Layouts close to PokerStars's but without its colon after a player's name (Full Tilt's,
Winamax's and Ignition's), turned into PokerStars's lines for its reader.

A line led by a seated player's name (the longest that fits, as names hold spaces) is matched
against the layout's player patterns, any other line against its table patterns; a line neither
matches is left out (chat, time banks, players joining). Amounts written with the currency after
the number (``0.25€``) are written with it before, as PokerStars does. What a layout leaves to the
reader, an all-in by what it adds or a showdown without the hand, is written out last
(``_resolve``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Union

from ._street import Street
from .pokerstars import Unreadable

Rewrite = Union[str, Callable[["re.Match[str]"], str]]
"""What a matched line becomes: a template for ``Match.expand``, ``{name}`` for the player's name,
or a function of the match."""

_POSTED = re.compile(r"^(.+?): posts (small blind|big blind|the ante) (\S+)")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
_MOVE = re.compile(r"^(.+?): (calls|bets|raises \S+ to|all-in) (\S+)")
_SEAT = re.compile(r"^Seat ([0-9]+): (.+?) \(([^)]*?)\)(.*)$")
_SUFFIXED = re.compile(r"([0-9][0-9,]*(?:\.[0-9]+)?) ?([$€£])")
_AMOUNT = r"[$€£]?[0-9][0-9,]*(?:\.[0-9]+)?"
STAKES = re.compile(rf"\((?:{_AMOUNT}/)?({_AMOUNT})/({_AMOUNT})\)")
"""The blinds in brackets on a hand's first line, ``(10/20)``, ``($0.25/$0.50)``, after the ante
where a site writes it first (Winamax's tournaments: ``(25/100/200)``)."""


@dataclass(frozen=True)
class Layout:
    """A site's layout: its game as PokerStars names it (from the first line, ``None`` if none),
    the line giving the button's seat (group 1), and the rewrites of lines led by a player's name
    (matched against what follows the name) and of the other lines."""

    game: Callable[[str], Union[str, None]]
    button: re.Pattern[str]
    player_lines: tuple[tuple[re.Pattern[str], Rewrite], ...]
    table_lines: tuple[tuple[re.Pattern[str], Rewrite], ...]
    separator: str = " "
    """What follows a player's name: a space, or Ignition's ``" : "``."""
    collapse_spaces: bool = False
    """Whether runs of spaces are one (Ignition writes a name with one or two)."""
    stakes: re.Pattern[str] = STAKES
    """The table's blinds on the first line, groups 1 and 2 (with the currency before the amount)."""


def _rewrite(rewrite: Rewrite, match: re.Match[str], name: str = "") -> str:
    return (match.expand(rewrite) if isinstance(rewrite, str) else rewrite(match)).replace("{name}", name)


def translate(text: str, layout: Layout) -> list[tuple[int, str]]:
    """One hand of the layout as PokerStars's lines, each with the number of its source line."""
    lines = [_SUFFIXED.sub(r"\2\1", row.strip()) for row in text.split("\n")]
    if layout.collapse_spaces:
        lines = [" ".join(row.split()) for row in lines]
    game = layout.game(lines[0])
    if game is None:
        raise Unreadable(0, f"not a game handrank reads: {lines[0][:80]!r}")
    stakes = layout.stakes.search(lines[0])
    rows = [(0, f"{game} ({stakes.group(1)}/{stakes.group(2)})" if stakes else game)]
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
        name = next((name for name in names if row.startswith(name + layout.separator)), "")
        patterns = layout.player_lines if name else layout.table_lines
        rest = row[len(name) + len(layout.separator) :] if name else row
        for pattern, rewrite in patterns:
            if match := pattern.match(rest):
                body.append((n, _rewrite(rewrite, match, name)))
                acting.update([name] if name else [])
                break
    for n, seat in seats:  # a seated player who neither posts nor acts was not dealt in
        out = "" if seat.group(2) in acting else " is sitting out"
        stack = seat.group(3).removesuffix(" in chips")
        rows.append((n, f"Seat {seat.group(1)}: {seat.group(2)} ({stack} in chips){seat.group(4)}{out}"))
    return rows + _resolve(body)


def _resolve(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The rows with what a site leaves to the reader written out: each ``name: all-in X`` (an
    all-in that says what it adds, not whether it calls, bets or raises) as the call, bet or raise
    it is on the street's bets, and each ``name: shows dealt`` with the cards dealt to the player."""
    street, dealt, out = Street(), {}, []
    for n, row in rows:
        if row.startswith(("*** FLOP", "*** TURN", "*** RIVER", "*** FIRST", "*** SECOND")):
            street = Street()
        elif cards := _DEALT.match(row):
            dealt[cards.group(1)] = cards.group(2)
        elif row.endswith(": shows dealt"):
            name = row.removesuffix(": shows dealt")
            row = f"{name}: shows [{dealt[name]}]" if name in dealt else f"{name}: mucks hand"
        elif (post := _POSTED.match(row)) and post.group(2) != "the ante":
            street.post(post.group(1), _chips(post.group(3), n))
        elif move := _MOVE.match(row):
            name, verb, amount = move.group(1), move.group(2), _chips(move.group(3), n)
            if verb == "all-in":
                row = street.wager(name, street.of(name) + amount)
            else:  # a call adds its amount; a bet, or a raise "to", makes the bet the amount
                street.bets[name] = street.of(name) + amount if verb == "calls" else amount
        out.append((n, row))
    return out


def _chips(text: str, line: int) -> Decimal:
    try:
        return Decimal(re.sub(r"[^0-9.]", "", text) or "0")
    except ArithmeticError:  # Decimal's InvalidOperation
        raise Unreadable(line, f"not an amount: {text!r}") from None
