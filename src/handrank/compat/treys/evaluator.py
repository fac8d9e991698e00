"""treys's ``treys.evaluator``: the shim's objects under that module's name, so that
``from treys.evaluator import Evaluator`` switches by its import line as ``from treys import ...`` does."""

from __future__ import annotations

from . import Card, Evaluator, LookupTable, PLOEvaluator

__all__ = ["Card", "Evaluator", "LookupTable", "PLOEvaluator"]
