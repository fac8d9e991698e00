"""deuces's ``deuces.lookup``: treys's ``LookupTable`` without the royal-flush class."""

from __future__ import annotations

from ..treys.lookup import LookupTable as _TreysTable
from .card import Card

__all__ = ["Card", "LookupTable"]


class LookupTable(_TreysTable):
    """deuces's constants: treys's without the royal flush."""

    MAX_TO_RANK_CLASS: dict[int, int] = {k: v for k, v in _TreysTable.MAX_TO_RANK_CLASS.items() if v}
    RANK_CLASS_TO_STRING: dict[int, str] = {k: v for k, v in _TreysTable.RANK_CLASS_TO_STRING.items() if k}
