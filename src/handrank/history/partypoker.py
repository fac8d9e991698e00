"""PartyPoker text hand histories, read by the PokerStars reader through a translation of their
layout (``_bracketed``): what a raise adds is written, not what it makes the bet, and a player's
winnings hold the uncalled bet returned to them; neither the pot nor the rake is written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

from ._bracketed import translate
from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

PARTYPOKER = Dialect(
    "PartyPoker",
    re.compile(r"^(?:#Game No : [0-9]+ *\n)?\*{5} Hand History for Game ([0-9]+) \*{5}", re.M),
    translate=lambda text: translate(text, winnings_hold_uncalled=True),
    # A tournament's hand names it and its level on a line after the seats (the level the blinds
    # after it are of), and on the game's line in some years
    tournament=re.compile(r"^Trny: ?([0-9]+) +Level: ?[0-9]+", re.M),
    buy_in=re.compile(r"Hold'em ([$€£] ?[0-9][0-9,.]*) [A-Z]{3} Buy-in\b"),
    level=re.compile(r"^Trny: ?[0-9]+ +Level: ?([0-9]+)", re.M),
    head_lines=20,  # the header's three, the button's, the count, up to ten seats, the Trny line
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of a PartyPoker file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, PARTYPOKER)
