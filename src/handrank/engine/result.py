"""How a hand ended: the settlement of its pots, each seat's net, and the hands shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..rules import Settlement


@dataclass(frozen=True)
class Shown:
    """A hand shown down: its cards, its high rank and words, and in hi-lo its qualifying low."""

    cards: str
    rank: int
    description: str
    low: Optional[str] = None


@dataclass(frozen=True)
class HandResult:
    """How the hand ended: the pots (``rules.Settlement``), each seat's net, the hands shown (in the
    order they were shown), and the seats that mucked a hand that could not win."""

    settlement: Settlement
    net: dict[int, int]
    shown: dict[int, Shown] = field(default_factory=dict)
    mucked: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "settlement": self.settlement.to_dict(),
            "net": {str(s): n for s, n in self.net.items()},
            "shown": {str(s): vars(v) for s, v in self.shown.items()},
            "mucked": list(self.mucked),
        }
