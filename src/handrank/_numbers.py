"""Whole numbers read from text: ASCII digits only, with an optional sign. ``int`` and
``str.isdigit`` also take the digits of every other script (``int("٣")`` is 3, ``"²".isdigit()``
is true), which no record or command of poker writes; every reader of a number typed or written
as text reads it here."""

from __future__ import annotations

import re
from typing import Optional

_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(text: str) -> Optional[int]:
    """The number ``text`` writes in ASCII digits (an optional sign first), or None.

    >>> whole_number("42"), whole_number("-3"), whole_number("\\u0663"), whole_number("4.0")
    (42, -3, None, None)
    """
    return int(text) if _WHOLE.fullmatch(text) else None
