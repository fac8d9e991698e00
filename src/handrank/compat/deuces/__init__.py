"""deuces 0.2.1's API on handrank: treys's ancestor, where it differs from :mod:`.treys`.

``from handrank.compat.deuces import Card, Deck, Evaluator``. What deuces does and
treys does not, kept here: no royal-flush class (rank 1 is class 1, "Straight
Flush"); cards print as ``' [ A ♠ ] '`` with a heart of ``❤``, red for hearts and
diamonds under termcolor; ``Deck()`` takes no seed and shuffles with the ``random``
module's generator (``random.seed`` gives deuces's decks); ``draw()`` of one card
returns the card itself, and cards come off the front of ``deck.cards``. Deliberate
differences: ``str(deck)`` returns the cards' text (deuces prints it and then fails,
returning ``None``); bad input raises :class:`CardError` as in :mod:`.treys`. deuces also
answers for a hand that holds one card twice, a value its lookups make up (or ``KeyError``);
the shim refuses such a hand unless made with ``Evaluator(allow_duplicates=True)``, which
gives deuces's very answers.

Code written for treys 0.1.3 and older (``draw()`` gives one card, not a list; no
royal-flush class) runs on this shim unchanged: those treys releases were deuces's code.

>>> Evaluator().get_rank_class(1), Card.int_to_pretty_str(Card.new("Ts")) == " [ T \u2660 ] "
(1, True)
"""

from __future__ import annotations

from .._errors import CardError
from .card import Card
from .deck import Deck
from .evaluator import Evaluator
from .lookup import LookupTable

__all__ = ["Card", "CardError", "Deck", "Evaluator", "LookupTable"]
