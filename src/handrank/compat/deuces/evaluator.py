"""deuces's ``deuces.evaluator``: the shim's objects under that module's name, so that
``from deuces.evaluator import Evaluator`` switches by its import line as ``from deuces import ...`` does."""

from __future__ import annotations

from . import Card, Evaluator, LookupTable

__all__ = ["Card", "Evaluator", "LookupTable"]
