"""eval7's ``eval7.cards``: the shim's cards and decks under that module's name, so that
``from eval7.cards import Card`` switches by its import line as ``from eval7 import Card`` does."""

from __future__ import annotations

from . import Card, Deck, ranks, suits

__all__ = ["Card", "Deck", "ranks", "suits"]
