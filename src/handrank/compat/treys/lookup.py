"""treys's ``treys.lookup``: the shim's objects under that module's name, so that
``from treys.lookup import LookupTable`` switches by its import line as ``from treys import ...`` does."""

from __future__ import annotations

from . import Card, LookupTable

__all__ = ["Card", "LookupTable"]
