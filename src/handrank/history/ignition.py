"""Ignition (Bovada) text hand histories, read by the PokerStars reader through a translation of
their layout (``_colonless``): players named by their seat's position (``Big Blind [ME]``, written
now and then with two spaces; the hero's mark is taken off, and the seats are numbered by the
positions' order), ``" : "`` after the name, a call, bet or all-in by what it adds (``All-in 3280``, which may call, bet
or raise), every player's cards as dealt, the best five (not the hand) at a showdown, and no rake
written. A header that names no limit (a
tournament's) is no limit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

from ._colonless import Layout, translate
from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

_LIMIT = re.compile(r"\b(No Limit|Pot Limit|Fixed Limit|Limit)\b")
_LIMITS = {"Fixed Limit": "Limit"}
_GAMES = {"HOLDEM": "Hold'em", "OMAHA": "Omaha"}


def _game(first: str) -> Optional[str]:
    game = re.search(r"\b(HOLDEM|OMAHA)", first)
    if game is None or "HI-LO" in first or "Hi/Lo" in first:
        return None
    limit = _LIMIT.search(first)
    named = limit.group(1) if limit else "No Limit"
    return f"{_GAMES[game.group(1)]} {_LIMITS.get(named, named)}"


LAYOUT = Layout(
    game=_game,
    button=re.compile(r"^Seat ([0-9]+): Dealer\b"),
    separator=" : ",
    collapse_spaces=True,
    player_lines=(
        (re.compile(r"^Small [Bb]lind (\S+)"), r"{name}: posts small blind \1"),
        (re.compile(r"^Big [Bb]lind (\S+)"), r"{name}: posts big blind \1"),
        (re.compile(r"^Ante chip (\S+)"), r"{name}: posts the ante \1"),
        (re.compile(r"^Folds"), r"{name}: folds"),
        (re.compile(r"^Checks"), r"{name}: checks"),
        (re.compile(r"^Call (\S+)"), r"{name}: calls \1"),
        (re.compile(r"^Bets (\S+)"), r"{name}: bets \1"),
        (re.compile(r"^(?:Raises|All-in\(raise\)) (\S+) to (\S+)"), r"{name}: raises \1 to \2"),
        (re.compile(r"^All-in (\S+)"), r"{name}: all-in \1"),
        (re.compile(r"^Return uncalled portion of bet (\S+)"), r"Uncalled bet (\1) returned to {name}"),
        (re.compile(r"^Card dealt to a spot \[([^\]]*)\]"), r"Dealt to {name} [\1]"),
        (re.compile(r"^Showdown\b"), r"{name}: shows dealt"),  # it writes the best five, not the hand
        (re.compile(r"^Mucks"), r"{name}: mucks hand"),
        (re.compile(r"^Hand [Rr]esult(?:-Side [Pp]ot)? (\S+)"), r"{name} collected \1 from pot"),
    ),
    table_lines=(
        (re.compile(r"^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SUMMARY) \*\*\*.*"), r"\g<0>"),
        (re.compile(r"^Total Pot\((\S+)\)"), r"Total pot \1 | Rake 0"),
    ),
)

_SEAT = re.compile(r"^Seat [0-9]+: (.+?) \(", re.M)
_POSITIONS = ("Small Blind", "Big Blind", "UTG", *(f"UTG+{n}" for n in range(1, 8)), "Dealer")
"""The positions in the order they act after the blinds are posted; the button's last."""


def _seated_by_position(text: str) -> str:
    """The hand with the hero's mark (`` [ME]``) taken off the names, and the seats numbered by
    their positions' order (Ignition's names say where each player sits; the numbers in its files
    need not), so the button's is the last seat."""
    text = re.sub(r" +\[ME\]", "", text)
    seated = _SEAT.findall(text)
    if all(name in _POSITIONS for name in seated):
        order = {name: seat for seat, name in enumerate(sorted(seated, key=_POSITIONS.index), 1)}
        text = _SEAT.sub(lambda m: f"Seat {order[m.group(1)]}: {m.group(1)} (", text)
    return text


IGNITION = Dialect(
    "Ignition",
    re.compile(r"^(?:Ignition|Bovada) Hand #([0-9]+)", re.M),
    translate=lambda text: translate(_seated_by_position(text), LAYOUT),
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of an Ignition file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, IGNITION)
