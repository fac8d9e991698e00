"""888poker (Pacific Poker, and its skins Cassava and LuckyAcePoker) text hand histories, read by
the PokerStars reader through a translation of the layout 888poker shares with PartyPoker
(``_bracketed``); 888poker's winnings leave out the uncalled bet, but where they would then pass
the pot (a big blind nobody called, a call an all-in player matched in part)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

from ._bracketed import translate
from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

POKER888 = Dialect(
    "888poker",
    re.compile(
        r"^(?:#Game No : [0-9]+ *\n)?\*{5} (?:888poker|Cassava|LuckyAcePoker\.com) Hand History for Game ([0-9]+)",
        re.M,
    ),
    translate=lambda text: translate(text, winnings_hold_uncalled=None),
    tournament=re.compile(r"^Tournament #([0-9]+)", re.M),
    buy_in=re.compile(r"^Tournament #[0-9]+ (.+?) - Table", re.M),
    level=None,
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of an 888poker file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, POKER888)
