"""Winamax text hand histories, read by the PokerStars reader through a translation of their
layout (``_colonless``): no colon after a player's name, the currency after the amount
(``0.25€``), the blinds and antes under a street of their own, no uncalled bet written (what a
player collects holds it), and a summary's total pot that leaves the rake out. A tournament's
hand names its buy-in and level in the header, its stakes with the ante first (``(25/100/200)``)
and its number in the table's name (``'Sunday(123456)#004'``)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Optional, Union

from ._colonless import Layout, translate
from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

_AMOUNT = r"[$€£]?([0-9][0-9,]*(?:\.[0-9]+)?)"
_GAME = re.compile(r" - (Holdem|Omaha) (no limit|pot limit|fixed limit) \(")
_LIMITS = {"no limit": "No Limit", "pot limit": "Pot Limit", "fixed limit": "Limit"}
_GAMES = {"Holdem": "Hold'em", "Omaha": "Omaha"}


def _game(first: str) -> Optional[str]:
    game = _GAME.search(first)
    return f"{_GAMES[game.group(1)]} {_LIMITS[game.group(2)]}" if game else None


def _total(match: re.Match[str]) -> str:
    """The total pot with the rake in it, as PokerStars writes it."""
    pot, rake = (Decimal(re.sub(r"[^0-9.]", "", m or "0")) for m in (match[1], match[2]))
    return f"Total pot {pot + rake:f} | Rake {rake:f}"


LAYOUT = Layout(
    game=_game,
    button=re.compile(r"Seat #([0-9]+) is the button"),
    player_lines=(
        (re.compile(r"^posts (small blind|big blind) (\S+)"), r"{name}: posts \1 \2"),
        (re.compile(r"^posts ante (\S+)"), r"{name}: posts the ante \1"),
        (re.compile(r"^(folds|checks)"), r"{name}: \1"),
        (re.compile(r"^(calls|bets) (\S+)"), r"{name}: \1 \2"),
        (re.compile(r"^raises (\S+) to (\S+)"), r"{name}: raises \1 to \2"),
        (re.compile(r"^shows \[([^\]]*)\]"), r"{name}: shows [\1]"),
        (re.compile(r"^collected (\S+) from"), r"{name} collected \1 from pot"),
    ),
    table_lines=(
        (re.compile(r"^\*\*\* PRE-FLOP \*\*\*"), "*** HOLE CARDS ***"),
        (re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN|SUMMARY) \*\*\*.*"), r"\g<0>"),
        (re.compile(r"^Dealt to .*"), r"\g<0>"),
        (re.compile(rf"^Total pot {_AMOUNT} \| (?:Rake {_AMOUNT}|No rake)"), _total),
    ),
)

WINAMAX = Dialect(
    "Winamax",
    re.compile(r"^Winamax Poker - .*?HandId: #([0-9-]+) - ", re.M),
    translate=lambda text: translate(text, LAYOUT),
    # A tournament's hand: its buy-in and level in the header, its number in the table's name
    tournament=re.compile(r"^Winamax Poker - Tournament .*\nTable: '[^'\n]*\(([0-9]+)\)#", re.M),
    buy_in=re.compile(r"^Winamax Poker - Tournament .*? buyIn: (.+?)(?: level: [0-9]+)? - HandId: ", re.M),
    level=re.compile(r"^Winamax Poker - Tournament .*? level: ([0-9]+) - HandId: ", re.M),
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of a Winamax file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, WINAMAX)
