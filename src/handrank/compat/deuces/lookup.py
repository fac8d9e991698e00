"""deuces's ``deuces.lookup``: the shim's objects under that module's name, so that
``from deuces.lookup import LookupTable`` switches by its import line as ``from deuces import ...`` does."""

from __future__ import annotations

from . import Card, LookupTable

__all__ = ["Card", "LookupTable"]
