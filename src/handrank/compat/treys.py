"""A treys-compatible API on handrank's evaluator.

Replace ``from treys import Card, Deck, Evaluator`` with
``from handrank.compat.treys import Card, Deck, Evaluator``: the same ints, the
same ranks (1 = royal flush ... 7462, lower is better), the same printed output;
only faster, and bad input raises ``ValueError`` instead of a ``KeyError`` or a
wrong answer.

>>> Evaluator().evaluate([Card.new("As"), Card.new("Ks")], [Card.new(c) for c in ("Qs", "Js", "Ts")])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Optional

from .. import _switch
from ..cards import card as _card
from ..ranking import CLASS_WORST_RANK, WORST_RANK, check_rank, hand_class


class Card:
    """Static helpers on Cactus Kev card ints, as ``treys.Card`` has them."""

    STR_RANKS: str = "23456789TJQKA"
    INT_RANKS: range = range(13)
    PRIMES: list[int] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    CHAR_RANK_TO_INT_RANK: dict[str, int] = dict(zip(STR_RANKS, INT_RANKS))
    CHAR_SUIT_TO_INT_SUIT: dict[str, int] = {"s": 1, "h": 2, "d": 4, "c": 8}
    INT_SUIT_TO_CHAR_SUIT: str = "xshxdxxxc"
    PRETTY_SUITS: dict[int, str] = {1: "\u2660", 2: "\u2665", 4: "\u2666", 8: "\u2663"}
    SUIT_COLORS: dict[int, str] = {2: "red", 4: "blue", 8: "green"}

    @staticmethod
    def new(string: str) -> int:
        """The card int of ``"As"``, ``"Td"``, ... (handrank's parser: ``"10d"`` and ``"A♠"`` work too)."""
        return _card(string)

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

    @staticmethod
    def print_pretty_card(card_int: int) -> None:
        print(Card.int_to_pretty_str(card_int))

    @staticmethod
    def ints_to_pretty_str(card_ints: Sequence[int]) -> str:
        """``' [A♠],[K♠] '``: treys's format, leading and trailing space included."""
        return " " + ",".join(Card.int_to_pretty_str(c) for c in card_ints) + " "

    @staticmethod
    def print_pretty_cards(card_ints: Sequence[int]) -> None:
        print(Card.ints_to_pretty_str(card_ints))


class Deck:
    """treys's deck: the same order and the same seeded shuffle, so the same cards come out."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self._random = Random(seed)
        self.shuffle()

    def shuffle(self) -> None:
        self.cards = Deck.GetFullDeck()
        self._random.shuffle(self.cards)

    def draw(self, n: int = 1) -> list[int]:
        """The next ``n`` cards, from the end of ``cards`` as treys takes them."""
        return [self.cards.pop() for _ in range(n)]

    def __str__(self) -> str:
        return Card.ints_to_pretty_str(self.cards)

    @staticmethod
    def GetFullDeck() -> list[int]:  # noqa: N802 - treys's name
        return [Card.new(r + s) for r in Card.STR_RANKS for s in Card.CHAR_SUIT_TO_INT_SUIT]


class LookupTable:
    """treys's rank-class constants (the tables themselves are handrank's, compiled in)."""

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


class Evaluator:
    """``treys.Evaluator`` on handrank: ``evaluate(hand, board)`` for 5 to 7 cards in all."""

    HAND_LENGTH = 2
    BOARD_LENGTH = 5

    def __init__(self) -> None:
        self.table = LookupTable()

    def evaluate(self, hand: list[int], board: list[int]) -> int:
        """Rank of the best five of ``hand + board``: 1 (royal flush) ... 7462, lower is better."""
        return _switch.evaluator.evaluate(list(hand) + list(board))

    def get_rank_class(self, hr: int) -> int:
        """0 for a royal flush, then treys's classes 1 (straight flush) ... 9 (high card)."""
        return 0 if check_rank(hr) == 1 else int(hand_class(hr))

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
