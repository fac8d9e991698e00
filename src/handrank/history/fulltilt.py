"""Full Tilt Poker text hand histories, read by the PokerStars reader through a translation of
their layout (``_colonless``): no colon after a player's name, the button's seat on a line of its
own after the blinds, blinds posted "of" an amount, raises written by what they make the bet
(``raises to $6``), and each pot a player wins (the pot, the high or low half, a run's pot) on a
line of its own."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

from ._colonless import Layout, translate
from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

_GAME = re.compile(r" - (CAP )?(NL|PL|FL|[$0-9.,]+ Cap No Limit) (Hold'em|Omaha H/L|Omaha Hi|Omaha)\b")
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
_GAMES = {"Hold'em": "Hold'em", "Omaha H/L": "Omaha Hi/Lo", "Omaha Hi": "Omaha", "Omaha": "Omaha"}
_RUNS = {"1": "FIRST ", "2": "SECOND "}


def _game(first: str) -> Optional[str]:
    game = _GAME.search(first)
    if game is None:
        return None
    capped = " Cap" if game.group(1) or "Cap" in game.group(2) else ""
    return f"{_GAMES[game.group(3)]} {_LIMITS.get(game.group(2), 'No Limit')}{capped}"


LAYOUT = Layout(
    game=_game,
    button=re.compile(r"^The button is in seat #([0-9]+)"),
    stakes=re.compile(r" - ([$€£]?[0-9][0-9,.]*)/([$€£]?[0-9][0-9,.]*) - "),
    player_lines=(
        (re.compile(r"^posts (?:the|a dead) (small|big) blind of (\S+)"), r"{name}: posts \1 blind \2"),
        (re.compile(r"^antes (\S+)"), r"{name}: posts the ante \1"),
        (re.compile(r"^(folds|checks)"), r"{name}: \1"),
        (re.compile(r"^(calls|bets) (\S+)"), r"{name}: \1 \2"),
        (re.compile(r"^raises to (\S+)"), r"{name}: raises to \1"),
        (re.compile(r"^shows \[([^\]]*)\]"), r"{name}: shows [\1]"),
        (re.compile(r"^mucks$"), r"{name}: mucks hand"),
        (
            re.compile(r"^wins (?:the (?:high |low )?pot|(?:side )?pot #?[0-9]+) \((\S+)\)"),
            r"{name} collected \1 from pot",
        ),
    ),
    table_lines=(
        (re.compile(r"^\*\*\* (HOLE CARDS|SHOW DOWN|SUMMARY)(?: [0-9])? \*\*\*"), r"*** \1 ***"),
        (re.compile(r"^\*\*\* (FLOP|TURN|RIVER) ([12]) \*\*\* (.*)"), lambda m: f"*** {_RUNS[m[2]]}{m[1]} *** {m[3]}"),
        (re.compile(r"^\*\*\* (FLOP|TURN|RIVER) \*\*\* .*"), r"\g<0>"),
        (re.compile(r"^Dealt to .*"), r"\g<0>"),
        (re.compile(r"^Uncalled bet of (\S+) returned to (.+)$"), r"Uncalled bet (\1) returned to \2"),
        (re.compile(r"^Total pot .*"), r"\g<0>"),
    ),
)

FULL_TILT = Dialect(
    "Full Tilt Poker",
    re.compile(r"^Full Tilt Poker Game #([0-9]+):", re.M),
    translate=lambda text: translate(text, LAYOUT),
    tournament=re.compile(r"^Full Tilt Poker Game #[0-9]+: .*?\(([0-9]+)\), Table", re.M),
    buy_in=re.compile(r"^Full Tilt Poker Game #[0-9]+: ([^ ]*[0-9][^ ]*(?: \+ [^ ]+)*) ", re.M),
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of a Full Tilt Poker file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, FULL_TILT)
