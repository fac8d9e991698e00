"""A hand of poker: blinds, antes, action order, legal actions, all-ins and showdown.

Hold'em by default; Omaha, Omaha hi-lo, short deck, seven-card stud, stud hi-lo, razz and the
draw games as options (a game is a ``handrank.games.Game``); no-limit by default, pot-limit and
fixed-limit as options (each a ``BettingLimit``).
Seats are numbered clockwise; amounts are whole chips; a bet or raise is given
as the total the player puts in on this street ("raise to"). The rules it
follows are written in docs/rules.md.

>>> hand = Hand({0: 100, 1: 100, 2: 100}, button=0, small_blind=1, big_blind=2, seed=7)
>>> hand.actor, hand.legal().call
(0, 2)
>>> hand.act("raise", 6); hand.act("fold"); hand.act("fold")
>>> hand.is_over, hand.result.net
(True, {0: 3, 1: -1, 2: -2})
"""

from __future__ import annotations

from ..games import HOLDEM_STREETS
from .betting import BettingRound
from .draw import DRAW_METHODS, ButtonDraw, draw_for_button
from .hand import Hand
from .legal import ACTIONS, Action, IllegalAction, Legal
from .limits import BETTING, LIMITS, BettingLimit, FixedLimit, Limit, NoLimit, PotLimit
from .replay import replay
from .result import HandResult, Shown
from .setup import HandSetup
from .stakes import Rake, Stakes
from .table import BUTTON_RULES, Level, Table

STREETS = tuple(street.name for street in HOLDEM_STREETS)
"""Hold'em's streets by name (a ``Game`` holds its own)."""

__all__ = [
    "ACTIONS",
    "BETTING",
    "BUTTON_RULES",
    "DRAW_METHODS",
    "LIMITS",
    "STREETS",
    "Action",
    "BettingLimit",
    "BettingRound",
    "ButtonDraw",
    "FixedLimit",
    "Hand",
    "HandResult",
    "HandSetup",
    "IllegalAction",
    "Legal",
    "Level",
    "Limit",
    "NoLimit",
    "PotLimit",
    "Rake",
    "Shown",
    "Stakes",
    "Table",
    "draw_for_button",
    "replay",
]
