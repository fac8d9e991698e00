"""How a hand ended: the settlement of its pots, each seat's net, and the hands shown."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Settlement


@dataclass(frozen=True)
class Shown:
    cards: str
    rank: int
    description: str


@dataclass(frozen=True)
class HandResult:
    """How the hand ended: the pots (``rules.Settlement``), each seat's net, the hands shown."""

    settlement: Settlement
    net: dict[int, int]
    shown: dict[int, Shown] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "settlement": self.settlement.to_dict(),
            "net": {str(s): n for s, n in self.net.items()},
            "shown": {str(s): vars(v) for s, v in self.shown.items()},
        }
