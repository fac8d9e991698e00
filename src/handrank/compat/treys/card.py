"""treys's ``treys.card``: the shim's objects under that module's name, so that
``from treys.card import Card`` switches by its import line as ``from treys import ...`` does."""

from __future__ import annotations

from . import Card

__all__ = ["Card"]
