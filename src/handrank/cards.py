"""Cards as Cactus Kev integers: parsing, formatting, 0-51 indices and a deck.

A card is the 32-bit int ``xxxbbbbb bbbbbbbb cdhsrrrr xxpppppp``: one bit for
its rank, one for its suit, the rank number (deuce 0 .. ace 12) and the rank's
prime. These are the ints treys and deuces use.

>>> card("As") == 0x10001C29
True
>>> card_str(card("10♥"))
'Th'
>>> to_index(card("As")), to_index(card("2c"))
(51, 0)
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import index as _as_int
from typing import Union

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}

CardLike = Union[int, str]
"""A card int or one card's text, e.g. ``"As"``, ``"10h"`` or ``"Q♦"``."""
Cards = Union[str, Iterable[CardLike]]
"""Several cards: one string (``"As Ks, 10♥"``) or an iterable of cards."""


def from_index(i: int) -> int:
    """The card int of a 0-51 index (4 x rank + suit; 2c = 0, 2d = 1, ..., As = 51).

    >>> card_str(from_index(51))
    'As'
    """
    if type(i) is not int or not 0 <= i < 52:
        raise ValueError(f"not a card index: {i!r} (expected an int from 0 to 51)")
    return DECK[i]


# Written out, not computed: a constant of compiled code, so a free-threaded Python makes these ints
# immortal and threads that share them never contend on their reference counts (the tests check
# each against the bit layout above).
# fmt: off
DECK = (
    0x00018002, 0x00014002, 0x00012002, 0x00011002,  # 2c 2d 2h 2s
    0x00028103, 0x00024103, 0x00022103, 0x00021103,  # 3c 3d 3h 3s
    0x00048205, 0x00044205, 0x00042205, 0x00041205,  # 4c 4d 4h 4s
    0x00088307, 0x00084307, 0x00082307, 0x00081307,  # 5c 5d 5h 5s
    0x0010840B, 0x0010440B, 0x0010240B, 0x0010140B,  # 6c 6d 6h 6s
    0x0020850D, 0x0020450D, 0x0020250D, 0x0020150D,  # 7c 7d 7h 7s
    0x00408611, 0x00404611, 0x00402611, 0x00401611,  # 8c 8d 8h 8s
    0x00808713, 0x00804713, 0x00802713, 0x00801713,  # 9c 9d 9h 9s
    0x01008817, 0x01004817, 0x01002817, 0x01001817,  # Tc Td Th Ts
    0x0200891D, 0x0200491D, 0x0200291D, 0x0200191D,  # Jc Jd Jh Js
    0x04008A1F, 0x04004A1F, 0x04002A1F, 0x04001A1F,  # Qc Qd Qh Qs
    0x08008B25, 0x08004B25, 0x08002B25, 0x08001B25,  # Kc Kd Kh Ks
    0x10008C29, 0x10004C29, 0x10002C29, 0x10001C29,  # Ac Ad Ah As
)
# fmt: on
"""All 52 card ints in index order, 2c first."""
INDEX_OF = {c: i for i, c in enumerate(DECK)}
"""Each card int's 0-51 index: ``to_index`` without its check, for cards known to be cards."""
# Interned: immortal on a free-threaded Python, as DECK's ints are, for threads that share them.
_TEXT = {c: sys.intern(RANK_CHARS[i >> 2] + SUIT_CHARS[i & 3]) for i, c in enumerate(DECK)}
_BY_TEXT = {t: c for c, t in _TEXT.items()}
_RANK_SPELLINGS: dict[str, tuple[str, ...]] = {r: (r, r.lower()) for r in RANK_CHARS}
_RANK_SPELLINGS["T"] = ("T", "t", "10")
_SUIT_SPELLINGS = {
    s: (s, s.upper(), *(a for a, canonical in _SUIT_ALIASES.items() if canonical == s)) for s in SUIT_CHARS
}
_TOKENS = {
    rank + suit: _BY_TEXT[r + s]
    for r, ranks in _RANK_SPELLINGS.items()
    for s, suits in _SUIT_SPELLINGS.items()
    for rank in ranks
    for suit in suits
}
"""Every spelling of a single card (``As``, ``as``, ``AS``, ``A♠``, ``10h``): text input is split on
spaces and looked up here first, the regular expression only for anything else."""
_CARD_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♧♦♢♥♡♠♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")


def to_index(c: int) -> int:
    """The 0-51 index of a card int.

    >>> to_index(card("2d"))
    1
    """
    try:
        return INDEX_OF[c]
    except (KeyError, TypeError):
        raise ValueError(_not_a_card(c)) from None


_CONVERTERS = {"eval7": "from_eval7", "pkrbot": "from_pkrbot", "pokerkit": "from_pokerkit"}
"""The peers whose card objects ``handrank.convert`` reads, by their package's name."""


def _not_a_card(value: object) -> str:
    """What is wrong with a value given as a card: for an object of another library's, its type and
    the converter that reads it."""
    said = f"not a card: {value!r} (expected a Cactus Kev card int or text such as 'As')"
    kind = type(value)
    if kind.__module__ == "builtins" or isinstance(value, (int, str)):
        return said
    package = kind.__module__.partition(".")[0]
    named = f"{kind.__module__}.{kind.__qualname__}"
    if package in _CONVERTERS:
        return f"{said}; its type is {named}: handrank.convert.{_CONVERTERS[package]} reads {package}'s cards"
    return f"{said}; its type is {named}"


def _parse_token(token: str) -> list[int]:
    """Cards of one whitespace-free token, e.g. ``"As"`` or ``"AhKh"``."""
    out = []
    pos = 0
    while pos < len(token):
        m = _CARD_TOKEN.match(token, pos)
        if m is None:
            raise ValueError(
                f"invalid card {token!r}: expected a rank (2-9, T or 10, J, Q, K, A) "
                "followed by a suit (c d h s or ♣ ♦ ♥ ♠), e.g. 'As' or '10♥'"
            )
        rank = "T" if m.group(1) == "10" else m.group(1).upper()
        suit = _SUIT_ALIASES.get(m.group(2), m.group(2).lower())
        out.append(_BY_TEXT[rank + suit])
        pos = m.end()
    return out


def card(text: CardLike) -> int:
    """One card from its text (``"As"``, ``"as"``, ``"10s"``, ``"A♠"``) or its int.

    >>> card("q♦") == card("Qd")
    True
    """
    if isinstance(text, str):
        parsed = cards(text)
        if len(parsed) != 1:
            raise ValueError(f"expected one card, got {text!r}")
        return parsed[0]
    try:
        c = _as_int(text)
    except TypeError:
        raise ValueError(_not_a_card(text)) from None
    if c not in INDEX_OF:
        raise ValueError(_not_a_card(text))
    return c


class CardList(list[int]):
    """A list of card ints that shows its cards: ``cards('As Kd')``. Otherwise a plain list."""

    __slots__ = ()

    def __repr__(self) -> str:
        try:
            return f"cards({cards_str(self)!r})"
        except ValueError:  # changed to hold something else: shown as the list it is
            return list.__repr__(self)


def cards(items: Cards) -> list[int]:
    """Card ints from one string (spaces or commas between cards) or an iterable.

    >>> cards("As Ks, 10♥ q♦") == [card("As"), card("Ks"), card("Th"), card("Qd")]
    True
    >>> cards("As Kd")
    cards('As Kd')
    """
    if isinstance(items, str):
        try:
            return CardList([_TOKENS[token] for token in items.split()])
        except KeyError:  # commas, cards written together ("AhKh"), or not a card: the full parser
            return CardList([c for token in _SEPARATORS.split(items.strip()) if token for c in _parse_token(token)])
    try:
        iterator = iter(items)
    except TypeError:
        raise TypeError(f"expected cards as a string or an iterable of cards, got {type(items).__name__}") from None
    return CardList([card(x) for x in iterator])


def joined(groups: Iterable[Union[Cards, int]]) -> list[int]:
    """The cards of several arguments in one list: each a card int or cards as ``cards`` reads them,
    so that ``evaluate(hole, board)`` and ``evaluate("As", "Ks", ...)`` read as one hand.

    >>> joined(["As Ks", "Qs Js Ts"]) == cards("As Ks Qs Js Ts")
    True
    """
    out = CardList()
    for group in groups:
        if isinstance(group, str) or hasattr(group, "__iter__"):
            out += cards(group)
        else:
            out.append(card(group))
    return out


def hand(items: Cards, smallest: int = 5, largest: int = 7) -> list[int]:
    """Cards checked for a hand: between ``smallest`` and ``largest`` of them, no duplicates.

    >>> hand("As Ks Qs Js Ts") == cards("As Ks Qs Js Ts")
    True
    """
    out = cards(items)
    if not smallest <= len(out) <= largest:
        raise ValueError(f"expected {smallest} to {largest} cards, got {len(out)}")
    check_distinct(out)
    return out


_TEXT_HANDS: dict[str, tuple[int, ...]] = {}
TEXT_HANDS_KEPT = 4096
"""How many hands' text ``text_hand`` remembers (then it starts afresh)."""


def text_hand(text: str) -> tuple[int, ...]:
    """``hand(text)`` as a tuple, remembered: evaluating the same text again skips the parsing.

    >>> text_hand("As Ks Qs Js Ts") == tuple(cards("As Ks Qs Js Ts"))
    True
    """
    parsed = _TEXT_HANDS.get(text)
    if parsed is None:
        try:
            parsed = tuple([_TOKENS[token] for token in text.split()])
        except KeyError:
            parsed = ()
        if not 5 <= len(parsed) <= 7 or len(set(parsed)) != len(parsed):
            parsed = tuple(hand(text))  # any other form, or the error that explains what is wrong
        if len(_TEXT_HANDS) >= TEXT_HANDS_KEPT:
            _TEXT_HANDS.clear()
        _TEXT_HANDS[text] = parsed
    return parsed


def check_distinct(checked: Sequence[int], where: str = "") -> None:
    """The one duplicate check: ``ValueError: duplicate card: Ks`` (and ``where``, in brackets) for
    the first card of ``checked`` (valid card ints) that repeats.

    >>> check_distinct(cards("As Ks As"), "among the hands")
    Traceback (most recent call last):
    ...
    ValueError: duplicate card: As (among the hands)
    """
    if len(set(checked)) != len(checked):
        seen: set[int] = set()
        dup = next(c for c in checked if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise ValueError(f"duplicate card: {_TEXT[dup]}" + (f" ({where})" if where else ""))


def hole_and_board(hole: Cards, board: Cards, hole_sizes: tuple[int, int] = (4, 6)) -> tuple[list[int], list[int]]:
    """Hole cards and board checked together: the counts, and no card in both or twice (Omaha: 4-6 and 3-5).

    >>> [len(x) for x in hole_and_board("As Ks Qd Jd", "2c 3c 4c")]
    [4, 3]
    """
    h, b = cards(hole), cards(board)
    if not hole_sizes[0] <= len(h) <= hole_sizes[1]:
        raise ValueError(f"expected {hole_sizes[0]} to {hole_sizes[1]} hole cards, got {len(h)}")
    if not 3 <= len(b) <= 5:
        raise ValueError(f"expected 3 to 5 board cards, got {len(b)}")
    hand(h + b, len(h) + len(b), len(h) + len(b))  # raises for a duplicate
    return h, b


def card_str(c: int) -> str:
    """The two-character text of a card, e.g. ``'As'``, ``'Th'``."""
    try:
        return _TEXT[c]
    except (KeyError, TypeError):
        raise ValueError(_not_a_card(c)) from None


def pretty_str(c: int) -> str:
    """A card with its suit symbol, e.g. ``'A♠'``."""
    text = card_str(c)
    return text[0] + SUIT_SYMBOLS[SUIT_CHARS.index(text[1])]


def cards_str(items: Iterable[int], pretty: bool = False) -> str:
    """Cards joined by spaces: ``'As Ks'`` (or ``'A♠ K♠'`` with ``pretty=True``)."""
    fmt = pretty_str if pretty else card_str
    return " ".join(fmt(c) for c in items)


def rank_of(c: int) -> int:
    """The rank number of a card int: deuce 0 ... ace 12."""
    return c >> 8 & 0xF


def suit_of(c: int) -> int:
    """The suit number of a card int: clubs 0, diamonds 1, hearts 2, spades 3."""
    return to_index(c) & 3


MIN_CUT = 5
"""A cut leaves at least five cards in each part of the pack."""


class Deck:
    """A deck with a seedable shuffle and a cut: the 52 cards, or a game's own (``cards``, e.g. a
    short deck's 36).

    >>> d = Deck(seed=7)
    >>> burned = d.burn()
    >>> flop = d.deal(3)
    >>> len(d)
    48
    """

    def __init__(
        self,
        seed: int | None = None,
        shuffle: bool = True,
        cards: Sequence[int] = DECK,
        shuffler: Callable[[list[int], random.Random], None] | None = None,
    ) -> None:
        self._random = random.Random(seed)
        self._shuffler = shuffler
        if cards is not DECK:
            for c in cards:
                if type(c) is not int or c not in _TEXT:
                    raise ValueError(f"a deck holds card ints, got {c!r}")
            check_distinct(list(cards), "in the deck")
        self._full = tuple(cards)
        self._cards = list(self._full)
        if shuffle:
            self.shuffle()

    def shuffle(self) -> None:
        """Put every card back and shuffle: ``random.Random.shuffle``, or the ``shuffler`` given,
        called with the cards and the deck's ``random.Random`` (the engine's compiled one draws the
        same numbers in the same order, without the Python loop)."""
        self._cards = list(self._full)
        if self._shuffler is None:
            self._random.shuffle(self._cards)
        else:
            self._shuffler(self._cards, self._random)

    def cut(self, at: int | None = None) -> int:
        """Cut the pack: the top ``at`` cards go under the rest; returns ``at``.

        Each part must hold at least ``MIN_CUT`` (five) cards; ``at=None`` cuts at a
        place the deck's own random source picks, so a seeded deck cuts the same way.

        >>> d = Deck(shuffle=False); d.cut(10)
        10
        >>> card_str(d.deal(1)[0])  # the eleventh card, 4h, is now on top
        '4h'
        """
        size = len(self._cards)
        if size < 2 * MIN_CUT:
            raise ValueError(f"cannot cut a pack of {size} cards: each part must hold at least {MIN_CUT}")
        if at is None:
            at = self._random.randint(MIN_CUT, size - MIN_CUT)
        elif type(at) is not int or not MIN_CUT <= at <= size - MIN_CUT:
            raise ValueError(
                f"cannot cut {at!r} cards off a pack of {size}: each part must hold at least {MIN_CUT} cards, "
                f"so the cut is {MIN_CUT} to {size - MIN_CUT}"
            )
        self._cards = self._cards[at:] + self._cards[:at]
        return at

    def deal(self, n: int = 1) -> list[int]:
        """Take ``n`` cards from the top."""
        if not 0 <= n <= len(self._cards):
            raise ValueError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return dealt

    def burn(self) -> int:
        """Discard the top card and return it."""
        return self.deal(1)[0]

    def refill(self, pile: Sequence[int]) -> list[int]:
        """Shuffle ``pile`` (a draw game's discards and burns) with the cards left into a new stub;
        returns its order."""
        self._cards += list(pile)
        self._random.shuffle(self._cards)
        return list(self._cards)

    def remove(self, items: Cards) -> None:
        """Take known cards out of the deck (dead cards, cards already dealt)."""
        for c in cards(items):
            try:
                self._cards.remove(c)
            except ValueError:
                raise ValueError(f"card not in the deck: {_TEXT[c]}") from None

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._cards))

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"
