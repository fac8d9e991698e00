"""phevaluator 0.6's API on handrank: the same card ids, the same ranks (1 best ... 7462).

``from handrank.compat.phevaluator import evaluate_cards, evaluate_omaha_cards, Card``.
Cards are ids ``4 * rank + suit`` (2c = 0, 2d = 1, ..., As = 51), text (``"As"``,
``"AS"``) or :class:`Card`, mixed freely. Deliberate differences, each for a reason:
an id outside 0-51 or a card given twice raises ``ValueError`` (phevaluator's C code
reads past its tables or answers for an impossible hand); PLO5 and PLO6 are always
there (phevaluator builds them only on request). Also here, from phevaluator's C
library: :func:`get_rank_category`, :func:`describe_rank_category` and :func:`is_flush`.

>>> evaluate_cards("9c", "4c", "4s", "9d", "4h", "Qc", "6c"), evaluate_omaha_cards(*"4c 5c 6c 7s 8s 2c 9c As Kd".split())
(292, 1578)
"""

from __future__ import annotations

from enum import IntEnum

from ...ranking import CLASS_WORST_RANK, HandClass, check_rank, hand_class
from . import _pheval as _pheval  # the native module's twin, which phevaluator's own tests import
from .card import Card
from .evaluator import evaluate_5cards, evaluate_6cards, evaluate_7cards, evaluate_cards
from .evaluator_omaha import evaluate_omaha_cards, evaluate_plo4_cards, evaluate_plo5_cards, evaluate_plo6_cards
from .utils import sample_cards

__all__ = [
    "Card",
    "RankCategory",
    "describe_rank_category",
    "evaluate_5cards",
    "evaluate_6cards",
    "evaluate_7cards",
    "evaluate_cards",
    "evaluate_omaha_cards",
    "evaluate_plo4_cards",
    "evaluate_plo5_cards",
    "evaluate_plo6_cards",
    "get_rank_category",
    "is_flush",
    "sample_cards",
]


class RankCategory(IntEnum):
    """phevaluator's ``enum rank_category``: the nine classes, as handrank numbers them."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9


_CATEGORY_NAMES = ["", *("One Pair" if c is HandClass.PAIR else c.display_name for c in HandClass)]
"""phevaluator's names: handrank's, but for its "One Pair"."""


def get_rank_category(rank: int) -> RankCategory:
    """The category of a rank, 1 (straight flush) ... 9 (high card)."""
    return RankCategory(int(hand_class(rank)))


def describe_rank_category(category: int) -> str:
    """``'Flush'``, ``'One Pair'``, ...: phevaluator's names."""
    if not isinstance(category, int) or not 1 <= category <= 9:
        raise ValueError(f"not a rank category: {category!r} (expected 1 to 9)")
    return _CATEGORY_NAMES[category]


def is_flush(rank: int) -> bool:
    """True for a flush or a straight flush."""
    return check_rank(rank) <= CLASS_WORST_RANK[0] or CLASS_WORST_RANK[2] < rank <= CLASS_WORST_RANK[3]
