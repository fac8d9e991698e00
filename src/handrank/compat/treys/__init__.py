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

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from random import Random
from typing import Optional

from ... import _switch, _tables
from ...cards import DECK, card_str
from ...ranking import CLASS_WORST_RANK, WORST_RANK

__all__ = ["Card", "CardError", "Deck", "Evaluator", "LookupTable", "PLOEvaluator"]


class CardError(KeyError, IndexError, ValueError):
    """Bad cards or a bad hand: catchable as treys's ``KeyError``/``IndexError`` or as ``ValueError``."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


_STR_RANKS = "23456789TJQKA"
_SUITS = {"s": 1, "h": 2, "d": 4, "c": 8}
_BY_TEXT = {card_str(c): c for c in DECK}
"""The 52 strings treys reads, each to its card int (the same ints as handrank's)."""
_FULL_DECK = [_BY_TEXT[r + s] for r in _STR_RANKS for s in _SUITS]
"""treys's deck order: 2s 2h 2d 2c 3s ... Ac."""


def _bad_card(string: object) -> CardError:
    return CardError(f"not a card: {string!r} (a rank of 23456789TJQKA then a suit of shdc, such as 'As')")


class Card:
    """Static helpers on Cactus Kev card ints, as ``treys.Card`` has them."""

    STR_RANKS: str = _STR_RANKS
    INT_RANKS: range = range(13)
    PRIMES: list[int] = list(_tables.PRIMES)
    CHAR_RANK_TO_INT_RANK: dict[str, int] = dict(zip(STR_RANKS, INT_RANKS))
    CHAR_SUIT_TO_INT_SUIT: dict[str, int] = dict(_SUITS)
    INT_SUIT_TO_CHAR_SUIT: str = "xshxdxxxc"
    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: dict[int, str] = {2: "red", 4: "blue", 8: "green"}

    @staticmethod
    def new(string: str) -> int:
        """The card int of ``"As"``, ``"Td"``, ...: one dict lookup."""
        try:
            return _BY_TEXT[string]
        except (KeyError, TypeError):
            if not isinstance(string, str):
                raise TypeError(f"Card.new takes a string such as 'As', got {type(string).__name__}") from None
            raise _bad_card(string) from None

    @staticmethod
    def int_to_str(card_int: int) -> str:
        return Card.STR_RANKS[Card.get_rank_int(card_int)] + Card.INT_SUIT_TO_CHAR_SUIT[Card.get_suit_int(card_int)]

    @staticmethod
    def get_rank_int(card_int: int) -> int:
        return (card_int >> 8) & 0xF

    @staticmethod
    def get_suit_int(card_int: int) -> int:
        return (card_int >> 12) & 0xF

    @staticmethod
    def get_bitrank_int(card_int: int) -> int:
        return (card_int >> 16) & 0x1FFF

    @staticmethod
    def get_prime(card_int: int) -> int:
        return card_int & 0x3F

    @staticmethod
    def hand_to_binary(card_strs: Sequence[str]) -> list[int]:
        return [Card.new(c) for c in card_strs]

    @staticmethod
    def prime_product_from_hand(card_ints: Sequence[int]) -> int:
        product = 1
        for c in card_ints:
            product *= c & 0xFF
        return product

    @staticmethod
    def prime_product_from_rankbits(rankbits: int) -> int:
        product = 1
        for i in Card.INT_RANKS:
            if rankbits >> i & 1:
                product *= Card.PRIMES[i]
        return product

    @staticmethod
    def int_to_binary(card_int: int) -> str:
        """The int's 32 bits in groups of four, tab-separated, most significant first."""
        bits = f"{card_int:032b}"
        return "\t".join(bits[i : i + 4] for i in range(0, 32, 4))

    @staticmethod
    def int_to_pretty_str(card_int: int) -> str:
        """``'[A♠]'``, the suit coloured when termcolor is installed (as treys does)."""
        suit_int = Card.get_suit_int(card_int)
        suit = Card.PRETTY_SUITS[suit_int]
        try:
            from termcolor import colored  # type: ignore[import-not-found, unused-ignore]
        except ImportError:
            pass
        else:
            if suit_int in Card.SUIT_COLORS:
                suit = colored(suit, Card.SUIT_COLORS[suit_int])
        return f"[{Card.STR_RANKS[Card.get_rank_int(card_int)]}{suit}]"

    @classmethod
    def print_pretty_card(cls, card_int: int) -> None:
        print(cls.int_to_pretty_str(card_int))

    @classmethod
    def ints_to_pretty_str(cls, card_ints: Sequence[int]) -> str:
        """``' [A♠],[K♠] '``: treys's format, leading and trailing space included."""
        return " " + ",".join(cls.int_to_pretty_str(c) for c in card_ints) + " "

    @classmethod
    def print_pretty_cards(cls, card_ints: Sequence[int]) -> None:
        print(cls.ints_to_pretty_str(card_ints))


_UNSEEDED = Random()
"""The generator of every deck made without a seed (its numbers are unreproducible anyway), so a
deck need not read 2.5 KB of OS entropy; reseeded in a forked child so workers do not deal alike."""
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_UNSEEDED.seed)


class Deck:
    """treys's deck: the same order and the same seeded shuffle, so the same cards come out.

    ``cards`` is the list itself, as in treys (reading it finishes the shuffle); ``draw``
    takes cards from its end.
    """

    def __init__(self, seed: Optional[int] = None) -> None:
        self._random = _UNSEEDED if seed is None else Random(seed)
        self._cards: list[int] = []
        self._unshuffled = 0
        self.shuffle()

    def _finish(self, positions: int) -> None:
        """Random.shuffle's steps for the last ``positions`` places still unshuffled (it fixes the
        list from its end, one place a step, so the cards drawn first are the first fixed)."""
        cards = self._cards
        below = self._random._randbelow  # type: ignore[attr-defined]  # what Random.shuffle calls
        top = self._unshuffled
        stop = max(top - positions, 0)
        for i in range(top, stop, -1):
            j = below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        self._unshuffled = stop

    @property
    def cards(self) -> list[int]:
        if self._unshuffled:
            self._finish(self._unshuffled)
        return self._cards

    @cards.setter
    def cards(self, value: list[int]) -> None:
        self._cards = value
        self._unshuffled = 0

    def shuffle(self) -> None:
        if self._unshuffled and self._random is not _UNSEEDED:
            self._finish(self._unshuffled)  # a seeded deck uses up what treys's shuffle used
        self._cards = _FULL_DECK.copy()
        self._unshuffled = len(self._cards) - 1

    def draw(self, n: int = 1) -> list[int]:
        """The next ``n`` cards, from the end of ``cards`` as treys takes them."""
        cards = self._cards
        unfixed = self._unshuffled - (len(cards) - n) + 1  # of the last n places
        if unfixed > 0:
            self._finish(unfixed)
        return [cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:  # noqa: N802 - treys's name
        return _FULL_DECK.copy()


@lru_cache(maxsize=1)
def _lookups() -> tuple[dict[int, int], dict[int, int]]:
    """treys's two tables from handrank's: flushes by prime product, everything else by prime product."""
    flush, unique, paired = _tables.five_card_values()

    def product(mask: int) -> int:
        return Card.prime_product_from_rankbits(mask)

    return {product(m): v for m, v in flush.items()}, {**{product(m): v for m, v in unique.items()}, **paired}


class LookupTable:
    """treys's rank-class constants and its two lookup dicts (prime product to rank)."""

    MAX_ROYAL_FLUSH: int = 1
    MAX_STRAIGHT_FLUSH, MAX_FOUR_OF_A_KIND, MAX_FULL_HOUSE, MAX_FLUSH, MAX_STRAIGHT = CLASS_WORST_RANK[:5]
    MAX_THREE_OF_A_KIND, MAX_TWO_PAIR, MAX_PAIR, MAX_HIGH_CARD = CLASS_WORST_RANK[5:]
    MAX_TO_RANK_CLASS: dict[int, int] = {1: 0, **{worst: i + 1 for i, worst in enumerate(CLASS_WORST_RANK)}}
    RANK_CLASS_TO_STRING: dict[int, str] = {
        0: "Royal Flush",
        1: "Straight Flush",
        2: "Four of a Kind",
        3: "Full House",
        4: "Flush",
        5: "Straight",
        6: "Three of a Kind",
        7: "Two Pair",
        8: "Pair",
        9: "High Card",
    }

    @property
    def flush_lookup(self) -> dict[int, int]:
        """Flushes and straight flushes: prime product of the five ranks -> rank."""
        return _lookups()[0]

    @property
    def unsuited_lookup(self) -> dict[int, int]:
        """Every hand that is not a flush: prime product of the five cards -> rank."""
        return _lookups()[1]

    def write_table_to_disk(self, table: dict[int, int], filepath: str) -> None:
        """One ``product,rank`` line per entry, as treys writes them."""
        with open(filepath, "w") as f:
            f.writelines(f"{product},{rank}\n" for product, rank in table.items())

    def get_lexographically_next_bit_sequence(self, bits: int) -> Iterator[int]:  # treys's spelling
        """The ints after ``bits`` with as many bits set, in increasing order (endless)."""
        current = bits
        while True:
            lowest = current & -current
            ripple = current + lowest
            current = ripple | (((current ^ ripple) >> 2) // lowest)
            yield current


_evaluate = _switch.evaluator.evaluate
_CLASS_OF = [0, 0, *(next(i + 1 for i, worst in enumerate(CLASS_WORST_RANK) if r <= worst) for r in range(2, 7463))]
"""treys's class of each rank: 0 for the royal flush (and for 0, as treys has it), then 1 ... 9."""
_evaluate_omaha = _switch.evaluator.evaluate_omaha


def _checked(call: Callable[..., int], *args: object) -> int:
    try:
        return call(*args)
    except ValueError as error:
        raise CardError(str(error)) from None


class Evaluator:
    """``treys.Evaluator`` on handrank: ``evaluate(hand, board)`` for 5 to 7 cards in all."""

    HAND_LENGTH = 2
    BOARD_LENGTH = 5

    def __init__(self) -> None:
        self.table = LookupTable()

    def evaluate(self, hand: list[int], board: list[int]) -> int:
        """Rank of the best five of ``hand + board``: 1 (royal flush) ... 7462, lower is better."""
        try:
            return _evaluate(hand + board)
        except TypeError:  # a tuple and a list, say: treys fails, handrank reads them
            return _checked(_evaluate, [*hand, *board])
        except ValueError as error:
            raise CardError(str(error)) from None

    def _five(self, cards: Sequence[int]) -> int:
        return _checked(_evaluate, list(cards))

    _six = _seven = _five

    def get_rank_class(self, hr: int) -> int:
        """0 for a royal flush, then treys's classes 1 (straight flush) ... 9 (high card)."""
        if not 0 <= hr <= WORST_RANK:
            raise CardError(f"not a hand rank: {hr!r} (expected 1 to {WORST_RANK})")
        return _CLASS_OF[hr]

    def class_to_string(self, class_int: int) -> str:
        return LookupTable.RANK_CLASS_TO_STRING[class_int]

    def get_five_card_rank_percentage(self, hand_rank: int) -> float:
        """The rank scaled to (0, 1]: near 0 is the best hand (lower is better)."""
        return float(hand_rank) / float(WORST_RANK)

    def hand_summary(self, board: list[int], hands: list[list[int]]) -> None:
        """Print each street's standings, in treys's words and format."""
        if len(board) != self.BOARD_LENGTH:
            raise ValueError("Invalid board length")
        if any(len(h) != self.HAND_LENGTH for h in hands):
            raise ValueError("Invalid hand length")
        line = "=" * 10
        for street, shown in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
            print(f"{line} {street} {line}")
            ranks = [self.evaluate(h, board[:shown]) for h in hands]
            for player, rank in enumerate(ranks, 1):
                name = self.class_to_string(self.get_rank_class(rank))
                share = 1.0 - self.get_five_card_rank_percentage(rank)
                print(f"Player {player} hand = {name}, percentage rank among all hands = {share}")
            leaders = [p for p, r in enumerate(ranks, 1) if r == min(ranks)]
            if street != "RIVER":
                if len(leaders) == 1:
                    print(f"Player {leaders[0]} hand is currently winning.\n")
                else:
                    print(f"Players {leaders} are tied for the lead.\n")
                continue
            name = self.class_to_string(self.get_rank_class(min(ranks)))
            print()
            print(f"{line} HAND OVER {line}")
            if len(leaders) == 1:
                print(f"Player {leaders[0]} is the winner with a {name}\n")
            else:
                print(f"Players {leaders} tied for the win with a {name}\n")


class PLOEvaluator(Evaluator):
    """treys's Omaha evaluator: the best of two hole cards and three board cards."""

    HAND_LENGTH = 4

    def evaluate(self, hand: list[int], board: list[int]) -> int:
        if 4 <= len(hand) <= 6 and 3 <= len(board) <= 5:
            return _checked(_evaluate_omaha, hand, board)
        # two or three hole cards, which treys also takes: every pair of them with every three of the board
        if len(hand) < 2 or len(board) < 3:
            raise CardError(f"Omaha needs 2+ hole cards and 3+ board cards, got {len(hand)} and {len(board)}")
        return min(_checked(_evaluate, [*h, *b]) for h in combinations(hand, 2) for b in combinations(board, 3))
