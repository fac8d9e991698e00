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
    tournament=re.compile(r"^Table .*?(?:Sit & Go|Tourney).*?\(([0-9]+)\)", re.M),
    buy_in=re.compile(r"^Table ([^ ]*[0-9][^ ]*) (?:Sit & Go|Tourney)", re.M),
    level=None,  # its "Level: N" line comes after the seats
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of a PartyPoker file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, PARTYPOKER)
