"""A tournament's hand as its first lines tell it: the tournament's number, its buy-in and the
level of its blinds, read from a site's header into the record's ``_tournament``, ``_buy_in``
and ``_level``, and written back in PokerStars's words (``Tournament #N, $10+$1 USD ... -
Level IV``)."""

from __future__ import annotations

import re
from typing import Any, Optional

TOURNAMENT = re.compile(r"Tournament #([0-9]+)")
"""How PokerStars, GGPoker and Ignition name a hand's tournament in its header."""

BUY_IN = re.compile(r"Tournament #[0-9]+, (Freeroll|[^ ,]*[0-9][^ ,]*(?: [A-Z]{3})?) ")
"""PokerStars's buy-in after the tournament's number: ``$0.91+$0.09 USD``, ``$10+$1``, ``Freeroll``."""

LEVEL = re.compile(r"\bLevel:? *([IVXLCDM]+|[0-9]+)\b")
"""The level of the blinds: Roman in PokerStars's header (``Level IV``), Arabic in others'."""

HEAD_LINES = 4
"""The lines at the top of a hand where most sites say it is a tournament's."""

_NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC")]
_NUMERALS += [(50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(number: int) -> str:
    """``number`` (1 or more) in Roman numerals, as PokerStars writes a level: 4 is ``IV``."""
    out = ""
    for value, letters in _NUMERALS:
        count, number = divmod(number, value)
        out += letters * count
    return out


def level_number(text: str) -> int:
    """A level as a number, from Arabic (``12``) or Roman (``XII``) numerals."""
    if text.isdecimal():
        return int(text)
    if not re.fullmatch(r"[IVXLCDM]+", text):
        raise ValueError(f"a tournament's level is a number, in Arabic or Roman numerals, got {text!r}")
    values = {letters: value for value, letters in _NUMERALS if len(letters) == 1}
    total = 0
    for ch, after in zip(text, [*text[1:], ""]):
        total += -values[ch] if after and values[after] > values[ch] else values[ch]
    return total


def head_fields(
    text: str,
    number: Optional[re.Pattern[str]],
    buy_in: Optional[re.Pattern[str]],
    level: Optional[re.Pattern[str]],
    lines: int = HEAD_LINES,
) -> dict[str, Any]:
    """The record's tournament fields for the hand ``text``, from its first ``lines``: none for a
    cash game (``number`` finds nothing); else its number and, where the site writes them there, its
    buy-in (spaces around ``+`` and after a currency sign dropped, a sign after its amount put before
    it, as PokerStars writes it) and level."""
    head = "\n".join(text.split("\n", lines)[:lines])
    found = number.search(head) if number else None
    if not found:
        return {}
    fields: dict[str, Any] = {"_tournament": found.group(1)}
    paid = buy_in.search(head) if buy_in else None
    if paid:
        paid_text = re.sub(r"(?<=[$€£]) | ?\+ ?", lambda m: "+" if "+" in m.group() else "", paid.group(1))
        fields["_buy_in"] = re.sub(r"([0-9][0-9,.]*) ?([$€£])", r"\2\1", paid_text)
    blinds = level.search(head) if level else None
    if blinds:
        fields["_level"] = level_number(blinds.group(1))
    return fields


def header(fields: dict[str, Any], game: str) -> str:
    """What PokerStars's header says before the stakes: the game, after the tournament's number,
    buy-in and before its level for a tournament's hand (``Level I`` where none was kept)."""
    if not fields.get("_tournament"):
        return game
    paid = f"{fields['_buy_in']} " if fields.get("_buy_in") else ""
    level = fields.get("_level", 1)
    if isinstance(level, str):
        level = level_number(level)
    if isinstance(level, bool) or not isinstance(level, int) or level < 1:
        raise ValueError(f"_level: a tournament's level is a whole number from 1, got {fields.get('_level')!r}")
    return f"Tournament #{fields['_tournament']}, {paid}{game} - Level {roman(level)}"
