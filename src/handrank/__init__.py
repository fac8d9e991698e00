"""handrank: Cactus Kev's poker hand evaluator, compiled, with a pure-Python twin.

Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit): lower is better,
the numbers treys and phevaluator give. Cards are Cactus Kev ints, as treys's.

>>> import handrank
>>> handrank.evaluate("As Ks Qs Js Ts")
1
>>> handrank.hand_class(handrank.evaluate("Ah Ad Kc Kd 2s 3s 9h")).display_name
'Two Pair'

``IMPLEMENTATION`` says which evaluator runs: ``"cython"``, or ``"python"``
when ``HANDRANK_PURE_PYTHON=1`` is set or the compiled module did not load
(``FALLBACK_REASON`` then says why).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from . import _interface, _switch
from .cards import (
    DECK,
    Deck,
    card,
    card_str,
    cards,
    cards_str,
    from_index,
    hand,
    pretty_str,
    rank_of,
    suit_of,
    to_index,
)
from .ranking import (
    CLASS_SIZES,
    WORST_RANK,
    HandClass,
    class_name,
    hand_class,
    is_royal_flush,
    strength,
)

# Rules, words, equity and ranges load on first use, so that ``import handrank`` stays fast.
_LAZY = {
    "describe": "words",
    "EquityResult": "odds",
    "PlayerEquity": "odds",
    "equity": "odds",
    "equity_many": "odds",
    "preflop_table": "odds",
    "preflop_matrix": "odds",
    "preflop_against_random": "odds",
    "LOW_SIZES": "lowball",
    "describe_low": "lowball",
    "low_class": "lowball",
    "omaha_hilo_winners": "lowball",
    "qualifies_eight_or_better": "lowball",
    "stud_hilo_winners": "lowball",
    "Range": "ranges",
    "hand_classes": "ranges",
    "Pot": "rules",
    "Settlement": "rules",
    "compare": "rules",
    "settle": "rules",
    "split_hi_lo": "rules",
    "winners": "rules",
    "evaluate_wild": "wild",
    "evaluate_wild_low": "wild",
    "evaluate_wild_many": "wild",
    "describe_wild": "wild",
    "describe_decks": "decks",
}

if TYPE_CHECKING:
    from .decks import describe_decks
    from .lowball import (
        LOW_SIZES,
        describe_low,
        low_class,
        omaha_hilo_winners,
        qualifies_eight_or_better,
        stud_hilo_winners,
    )
    from .odds import (
        EquityResult,
        PlayerEquity,
        equity,
        equity_many,
        preflop_against_random,
        preflop_matrix,
        preflop_table,
    )
    from .ranges import Range, hand_classes
    from .rules import Pot, Settlement, compare, settle, split_hi_lo, winners
    from .wild import describe_wild, evaluate_wild, evaluate_wild_low, evaluate_wild_many
    from .words import describe


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'handrank' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.1.0"

if TYPE_CHECKING:  # the pure package is the typed reference; at run time, _interface.PUBLIC from the switch
    from ._eval_py import (
        best_five,
        evaluate,
        evaluate5,
        evaluate6,
        evaluate7,
        evaluate_badugi,
        evaluate_badugi_many,
        evaluate_decks,
        evaluate_decks_many,
        evaluate_holdem,
        evaluate_low,
        evaluate_low_many,
        evaluate_many,
        evaluate_omaha,
        evaluate_omaha_low,
        evaluate_omaha_many,
        evaluate_partial,
        evaluate_partial_many,
        evaluate_short_deck,
        evaluate_short_deck_many,
        rank_counts,
    )
else:
    globals().update({name: getattr(_switch.evaluator, name) for name in _interface.PUBLIC})
IMPLEMENTATION = _switch.IMPLEMENTATION
"""Which evaluator runs: ``"cython"`` (compiled) or ``"python"`` (the pure fallback)."""
FALLBACK_REASON = _switch.FALLBACK_REASON
"""Why the pure evaluator runs (chosen, or the compiled one's build or import failed); ``None``
when the compiled one runs."""


def hand_class_counts(n: int) -> dict[HandClass, int]:
    """How many ``n``-card hands (n = 5, 6 or 7) fall in each class, by exhaustive count.

    >>> hand_class_counts(5)[HandClass.FOUR_OF_A_KIND]
    624
    """
    counts = rank_counts(n)
    return {c: sum(counts[r] for r in c.ranks) for c in HandClass}


__all__ = [
    "CLASS_SIZES",
    "LOW_SIZES",
    "DECK",
    "FALLBACK_REASON",
    "IMPLEMENTATION",
    "WORST_RANK",
    "Deck",
    "EquityResult",
    "HandClass",
    "PlayerEquity",
    "Pot",
    "Range",
    "Settlement",
    "best_five",
    "card",
    "card_str",
    "cards",
    "cards_str",
    "class_name",
    "compare",
    "describe",
    "describe_low",
    "equity",
    "equity_many",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_badugi",
    "evaluate_badugi_many",
    "evaluate_holdem",
    "evaluate_low",
    "evaluate_low_many",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_omaha_many",
    "evaluate_partial",
    "evaluate_partial_many",
    "evaluate_wild",
    "evaluate_wild_low",
    "evaluate_wild_many",
    "describe_wild",
    "evaluate_decks",
    "evaluate_decks_many",
    "describe_decks",
    "evaluate_short_deck",
    "evaluate_short_deck_many",
    "from_index",
    "hand",
    "hand_class",
    "hand_classes",
    "hand_class_counts",
    "is_royal_flush",
    "low_class",
    "omaha_hilo_winners",
    "preflop_against_random",
    "preflop_matrix",
    "preflop_table",
    "pretty_str",
    "qualifies_eight_or_better",
    "rank_counts",
    "rank_of",
    "settle",
    "split_hi_lo",
    "stud_hilo_winners",
    "strength",
    "suit_of",
    "to_index",
    "winners",
]
