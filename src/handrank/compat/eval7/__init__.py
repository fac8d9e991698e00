"""eval7 0.1's API on handrank: its cards, its values (bigger is better) and its equities.

``import handrank.compat.eval7 as eval7`` in place of ``import eval7``. ``evaluate`` gives
eval7's own numbers (hand type << 24, then the deciding ranks four bits each), so code
that stores or compares them keeps working. Deliberate differences, each for a reason:

- ``Card`` reads exactly the 52 strings eval7 reads correctly (``"As"``, ``"Td"``) and
  refuses the rest with :class:`~handrank.compat.treys.CardError` (a ``ValueError``, as
  eval7 raises, and an ``IndexError`` and ``KeyError``): eval7 reads ``"AsKd"`` as ``As``.
  Cards are shared objects, one a card, so making one is a dict lookup. A ``Card`` is an
  ``int`` (handrank's card int, which ``evaluate`` reads as it is), yet it hashes as its
  ``mask`` and equals no int, as eval7's: a set of cards iterates in eval7's order.
- ``evaluate`` refuses a card given twice and more than seven cards (eval7 answers
  for an impossible hand); of five to seven cards, it also reads handrank's card ints and text.
- ``py_hand_vs_range_exact`` with fewer than five board cards enumerates every board
  (eval7's is only right for a full board); a range left empty by the known cards
  raises ``ValueError`` (eval7 divides by zero or reads past its array).
- ``py_all_hands_vs_range`` leaves out a hero hand that shares a card with the board (eval7
  answers for it).
- The Monte Carlo functions use handrank's generator: same distribution, other numbers.

>>> hand = [Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]
>>> evaluate(hand), handtype(evaluate(hand))
(135004160, 'Straight Flush')
"""

from . import rangestring, xorshift_rand
from .cards import Card, Deck, ranks, suits
from .equity import py_all_hands_vs_range, py_hand_vs_range_exact, py_hand_vs_range_monte_carlo
from .evaluate import evaluate, handtype  # the function, as eval7's package has it, not the module
from .handrange import HandRange

__all__ = [
    "Card",
    "Deck",
    "HandRange",
    "evaluate",
    "handtype",
    "py_all_hands_vs_range",
    "py_hand_vs_range_exact",
    "py_hand_vs_range_monte_carlo",
    "rangestring",
    "ranks",
    "suits",
    "xorshift_rand",
]
