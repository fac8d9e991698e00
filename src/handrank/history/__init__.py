"""Hand histories: PHH files read and written, PokerStars text imported, any record replayed
through the engine, and engine hands written out.

>>> from handrank.history import loads, replay
>>> record = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 7c2d", "d dh p3 KhKd", "p3 cbr 6", "p1 cc", "p2 f",
...            "d db 2s3h9c", "p1 cc", "p3 cc", "d db Td", "p1 cc", "p3 cc", "d db 4c",
...            "p1 cc", "p3 cc", "p1 sm AsAd", "p3 sm KhKd"]
... ''')
>>> [replay(record).stacks[s] for s in range(3)]
[108, 98, 94]
"""

from __future__ import annotations

from .model import EXTENDED, REPLAYABLE, VARIANTS, HandHistory
from .phh import dumps, dumps_many, loads, loads_many, read, write
from .replay import finishing_stacks, from_hand, replay

__all__ = [
    "EXTENDED",
    "REPLAYABLE",
    "VARIANTS",
    "HandHistory",
    "dumps",
    "dumps_many",
    "finishing_stacks",
    "from_hand",
    "loads",
    "loads_many",
    "read",
    "replay",
    "write",
]
