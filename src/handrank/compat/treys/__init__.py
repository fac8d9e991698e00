"""treys 0.1.8's API on handrank's evaluator: change the import line and nothing else.

``from handrank.compat.treys import Card, Deck, Evaluator, PLOEvaluator`` (or from its
modules, as from treys's: ``handrank.compat.treys.evaluator``) gives the same ints, the same ranks (1 = royal flush ... 7462, lower is better), the same seeded
decks and the same printed output as treys. Deliberate differences, each for a reason:

- Bad input raises :class:`CardError`, which is at once a ``KeyError`` and an
  ``IndexError`` (what treys raises) and a ``ValueError`` (what handrank raises), so
  handlers written for either keep working. treys answers some bad input wrongly
  instead; here it is refused: ``Card.new("AhKh")`` (treys reads ``Ah`` and drops the
  rest), ``evaluate`` of a hand holding one card twice, or of a non-card int.
- ``Card.new`` reads exactly what treys reads correctly: a rank of ``23456789TJQKA``
  then a suit of ``shdc``. ``"as"``, ``"10h"`` and ``"A♠"`` are refused as treys
  refuses them (``handrank.card`` reads those forms).
- ``Deck`` shuffles lazily: drawing finalises only the cards drawn, using the very
  random numbers ``random.Random.shuffle`` would, so a seeded deck deals treys's cards
  while a deck built to deal nine cards costs nine shuffle steps, not 51.
- ``LookupTable`` builds nothing when made: its dicts come from handrank's tables on
  first use and are shared by every instance (treys rebuilds them per ``Evaluator``).
- ``hand_summary`` raises ``ValueError`` for a wrong board or hand length where treys
  uses ``assert`` (which ``python -O`` strips).

>>> Evaluator().evaluate([Card.new("As"), Card.new("Ks")], [Card.new(c) for c in ("Qs", "Js", "Ts")])
1
"""

from .._errors import CardError
from .card import Card
from .deck import Deck
from .evaluator import Evaluator, PLOEvaluator
from .lookup import LookupTable

__all__ = ["Card", "CardError", "Deck", "Evaluator", "LookupTable", "PLOEvaluator"]
