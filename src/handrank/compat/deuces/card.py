"""deuces's ``deuces.card``: the shim's objects under that module's name, so that
``from deuces.card import Card`` switches by its import line as ``from deuces import ...`` does."""

from __future__ import annotations

from . import Card

__all__ = ["Card"]
