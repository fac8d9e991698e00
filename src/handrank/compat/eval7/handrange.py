"""eval7's ``eval7.handrange``: the shim's ``HandRange`` and range strings under that module's
name, so that ``from eval7.handrange import HandRange`` switches by its import line."""

from __future__ import annotations

from . import HandRange, rangestring

__all__ = ["HandRange", "rangestring"]
