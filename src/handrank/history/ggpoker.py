"""GGPoker text hand histories: PokerStars's layout under GGPoker's header, read by the PokerStars
reader (``pokerstars.parse``) as a ``Dialect``.

GGPoker numbers hands with letters and digits (``HD582731``, kept as text in ``_hand_number``),
writes Pot-Limit Omaha as ``PLO``, lists a jackpot and other fees beside the rake (all of it is
``_rake``: what the site took from the pot), writes straddles (``name: straddle $2``) and missed
blinds, runs boards up to three times, and insures all-ins (EV Cashout: ``_ev_cashout``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Union

from .model import HandHistory
from .pokerstars import Dialect
from .pokerstars import read as read_dialect

GGPOKER = Dialect(
    "GGPoker",
    re.compile(r"^Poker Hand #([A-Z]*[0-9]+):", re.M),
    {"PLO": ("Omaha", "Pot Limit")},
)


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every hand of a GGPoker file, as ``pokerstars.read`` reads PokerStars's."""
    return read_dialect(path, errors, GGPOKER)
