"""deuces's ``deuces.deck``: the shim's objects under that module's name, so that
``from deuces.deck import Deck`` switches by its import line as ``from deuces import ...`` does."""

from __future__ import annotations

from . import Card, Deck

__all__ = ["Card", "Deck"]
