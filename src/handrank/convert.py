"""Cards to and from the other evaluators' forms. Each peer is imported only when used.

===============  ===================================  =======================
form             to                                   from
===============  ===================================  =======================
treys ints       ``to_treys`` (the same ints)         ``from_treys``
0-51 indices     ``to_indices`` (phevaluator ids)     ``from_indices``
strings          ``to_strings`` (``"As"``)            ``from_strings``
phevaluator      ``to_phevaluator`` (ids)             ``from_phevaluator``
eval7            ``to_eval7`` (``eval7.Card``)        ``from_eval7``
pkrbot           ``to_pkrbot`` (``pkrbot.Card``)      ``from_pkrbot``
pokerkit         ``to_pokerkit`` (``pokerkit.Card``)  ``from_pokerkit``
===============  ===================================  =======================

Every ``to_`` function takes cards in any form handrank parses; every
``from_`` function returns handrank's card ints.

>>> to_indices("2c As")
[0, 51]
>>> to_strings(from_indices([0, 51]))
['2c', 'As']
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from typing import Any

from .cards import Cards, card, card_str, cards, from_index, to_index


def _peer(name: str) -> Any:
    try:
        return import_module(name)
    except ImportError:
        raise ImportError(f"{name} is not installed: pip install {name}") from None


def to_treys(items: Cards) -> list[int]:
    """treys ints: handrank's own."""
    return cards(items)


def from_treys(ints: Iterable[int]) -> list[int]:
    return cards(ints)


def to_indices(items: Cards) -> list[int]:
    """0-51 indices, 4 x rank + suit (2c = 0 ... As = 51): phevaluator's ids."""
    return [to_index(c) for c in cards(items)]


def from_indices(indices: Iterable[int]) -> list[int]:
    return [from_index(i) for i in indices]


def to_strings(items: Cards) -> list[str]:
    """``["As", "Td", ...]``."""
    return [card_str(c) for c in cards(items)]


def from_strings(texts: Iterable[str]) -> list[int]:
    return [card(t) for t in texts]


to_phevaluator = to_indices
from_phevaluator = from_indices


def to_eval7(items: Cards) -> list[Any]:
    """``eval7.Card`` objects."""
    eval7 = _peer("eval7")
    return [eval7.Card(card_str(c)) for c in cards(items)]


def from_eval7(objects: Iterable[Any]) -> list[int]:
    return [card(str(o)) for o in objects]


def to_pkrbot(items: Cards) -> list[Any]:
    """``pkrbot.Card`` objects."""
    pkrbot = _peer("pkrbot")
    return [pkrbot.Card(card_str(c)) for c in cards(items)]


def from_pkrbot(objects: Iterable[Any]) -> list[int]:
    return [card(str(o)) for o in objects]


def to_pokerkit(items: Cards) -> list[Any]:
    """``pokerkit.Card`` objects."""
    pokerkit = _peer("pokerkit")
    return list(pokerkit.Card.parse("".join(card_str(c) for c in cards(items))))


def from_pokerkit(objects: Iterable[Any]) -> list[int]:
    return [card(o.rank.value + o.suit.value) for o in objects]
