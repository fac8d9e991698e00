"""The pure-Python evaluator: the reference the compiled one mirrors, file for file.

Same functions, same answers, same errors as ``_eval_c``; ``handrank._interface``
states them. Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit): lower is better.

>>> evaluate("As Ks Qs Js Ts")
1
>>> evaluate(["7s", "5h", "4d", "3c", "2s"])
7462
"""

from __future__ import annotations

from .batch import evaluate_holdem, evaluate_low_many, evaluate_many, evaluate_omaha_many
from .counts import rank_counts
from .equity import exact_range_showdowns, exact_showdowns
from .games import evaluate_low, evaluate_omaha, evaluate_omaha_low
from .hand import best_five, evaluate, evaluate5, evaluate6, evaluate7
from .sampling import sampled_showdowns

__all__ = [
    "best_five",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_holdem",
    "evaluate_low",
    "evaluate_low_many",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_omaha_many",
    "exact_range_showdowns",
    "exact_showdowns",
    "rank_counts",
    "sampled_showdowns",
]

# The functions answer to this package's name, as the compiled module's answer to its own
# (their doctests run with this package's names).
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
