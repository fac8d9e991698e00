"""A hand of Texas Hold'em: blinds, antes, action order, legal actions, all-ins and showdown.

No-limit by default; pot-limit and fixed-limit are options of the same engine.
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

from .draw import DRAW_METHODS, ButtonDraw, draw_for_button
from .hand import STREETS, Hand
from .legal import ACTIONS, Action, IllegalAction, Legal
from .result import HandResult, Shown
from .stakes import LIMITS, Limit, Rake, Stakes
from .table import BUTTON_RULES, Level, Table

__all__ = [
    "ACTIONS",
    "BUTTON_RULES",
    "DRAW_METHODS",
    "LIMITS",
    "STREETS",
    "Action",
    "ButtonDraw",
    "Hand",
    "HandResult",
    "IllegalAction",
    "Legal",
    "Level",
    "Limit",
    "Rake",
    "Shown",
    "Stakes",
    "Table",
    "draw_for_button",
]
