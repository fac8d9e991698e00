"""phevaluator's native module ``phevaluator._pheval``, whose functions phevaluator's own tests import."""

from __future__ import annotations

from .evaluator import evaluate_5cards, evaluate_6cards, evaluate_7cards
from .evaluator_omaha import evaluate_omaha_cards, evaluate_plo4_cards, evaluate_plo5_cards, evaluate_plo6_cards

__all__ = [
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
]
