"""treys's ``treys.deck``: the shim's objects under that module's name, so that
``from treys.deck import Deck`` switches by its import line as ``from treys import ...`` does."""

from __future__ import annotations

from . import Card, Deck

__all__ = ["Card", "Deck"]
