"""Whole numbers read from text: ASCII digits only, with an optional sign. ``int`` and
``str.isdigit`` also take the digits of every other script (``int("٣")`` is 3, ``"²".isdigit()``
is true), which no record or command of poker writes; every reader of a number typed or written
as text reads it here."""

from __future__ import annotations

import re
from typing import Optional

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def whole_number(text: str) -> Optional[int]:
    """The number ``text`` writes in ASCII digits (an optional sign first), or None.

    >>> whole_number("42"), whole_number("-3"), whole_number("\\u0663"), whole_number("4.0")
    (42, -3, None, None)
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def decimal_number(text: str) -> Optional[float]:
    """The number ``text`` writes in ASCII digits, with an optional sign, point and exponent, or None
    (``float`` also reads other scripts' digits, ``inf`` and ``nan``).

    >>> decimal_number("2.5"), decimal_number("-1e3"), decimal_number("\u0663"), decimal_number("nan")
    (2.5, -1000.0, None, None)
    """
    return float(text) if _DECIMAL.fullmatch(text) else None
