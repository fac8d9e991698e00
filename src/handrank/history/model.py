"""One recorded hand in the model of the poker hand history format (PHH): its game, forced bets,
starting stacks and actions, and every other field as it was read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

Amount = Union[int, float]
"""Chips, or money with decimals (PHH records both)."""

CORE_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)
"""The fields that define the game and its play, in the order PHH files give them."""

VARIANTS = {
    "NT": "no-limit Texas hold'em",
    "FT": "fixed-limit Texas hold'em",
    "PT": "pot-limit Texas hold'em",
    "PO": "pot-limit Omaha",
    "NO": "no-limit Omaha",
    "FO/8": "fixed-limit Omaha hi-lo eight-or-better",
    "PO/8": "pot-limit Omaha hi-lo eight-or-better",
    "NO/8": "no-limit Omaha hi-lo eight-or-better",
    "NS": "no-limit short-deck hold'em",
    "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud hi-lo",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven single draw",
    "F2L3D": "fixed-limit deuce-to-seven triple draw",
    "FB": "fixed-limit badugi",
    "N5CD": "no-limit five-card draw",
    "P5CD": "pot-limit five-card draw",
    "F5CD": "fixed-limit five-card draw",
    "FA5L3D": "fixed-limit ace-to-five triple draw",
}
"""The variant codes and what they name: PHH's own, and those in ``EXTENDED``, which handrank adds
for games the specification has no code for (other PHH readers refuse them)."""

EXTENDED = ("PT", "NO", "PO/8", "NO/8", "N5CD", "P5CD", "F5CD", "FA5L3D")
"""The variant codes handrank adds to PHH's, for games its specification has no code for."""

REPLAYABLE = tuple(VARIANTS)
"""The variants the engine plays: every one above, hold'em and Omaha (high, and hi-lo), with any of
the three limits, short deck (a straight above three of a kind, PHH's order), fixed-limit seven-card
stud, stud hi-lo and razz, five-card draw, deuce-to-seven single and triple draw, ace-to-five triple
draw, badugi."""


@dataclass
class HandHistory:
    """A recorded hand: the PHH fields that define it, the rest (players, finishing stacks, event,
    time, ...) in ``fields`` as read, and ``source``, where it came from, for messages.

    Amounts are as recorded, whole chips or money with decimals; the engine plays the latter
    in units of the smallest decimal used (``scale`` of them to 1).
    """

    variant: str
    starting_stacks: list[Amount]
    actions: list[str]
    antes: Optional[list[Amount]] = None
    blinds_or_straddles: Optional[list[Amount]] = None
    ante_trimming_status: Optional[bool] = None
    min_bet: Optional[Amount] = None
    small_bet: Optional[Amount] = None
    big_bet: Optional[Amount] = None
    bring_in: Optional[Amount] = None
    fields: dict[str, Any] = field(default_factory=dict)
    source: str = field(default="", compare=False)

    @property
    def players(self) -> list[str]:
        """The players' names, p1 first (``p1``, ``p2``, ... when the record has none)."""
        names = self.fields.get("players")
        return list(names) if names else [f"p{i + 1}" for i in range(len(self.starting_stacks))]

    @property
    def scale(self) -> int:
        """The power of ten that makes every amount of the record a whole number (1 for chips)."""
        amounts = [*self.starting_stacks, *(self.antes or []), *(self.blinds_or_straddles or [])]
        amounts += [a for a in (self.min_bet, self.small_bet, self.big_bet, self.bring_in) if a is not None]
        amounts += [float(a.split()[2]) for a in self.actions if a.split()[1:2] == ["cbr"]]
        amounts += [a for name in ("_dead_blinds", "_posts") for a in self.fields.get(name) or []]
        amounts += [self.fields.get("_rake") or 0]
        for scale in (1, 10, 100, 1000, 10000):
            if all(abs(a * scale - round(a * scale)) < 1e-6 for a in amounts):
                return scale
        raise ValueError("amounts with more than four decimals")

    @property
    def replayable(self) -> bool:
        return self.variant in REPLAYABLE

    def to_dict(self) -> dict[str, Any]:
        """Every field, the defining ones first, as a PHH file holds them."""
        out: dict[str, Any] = {}
        for name in CORE_FIELDS:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out.update(self.fields)
        return out


def kept(error: ValueError) -> ValueError:
    """``error`` without its traceback and the exception it was raised in: kept in a list of a
    file's errors, it holds no frames of the reading (and what they parsed) alive."""
    error.__traceback__ = None
    error.__context__ = None
    return error
