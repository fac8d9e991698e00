"""treys's ``treys.evaluator``: ``Evaluator`` and ``PLOEvaluator`` on handrank's evaluator."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ... import _switch
from ...cards import DECK
from ...ranking import CLASS_WORST_RANK, WORST_RANK
from .._errors import CardError, card_error, checked
from .card import Card
from .lookup import LookupTable

__all__ = ["Card", "Evaluator", "LookupTable", "PLOEvaluator"]

_evaluate = _switch.evaluator.evaluate
_CLASS_OF = [0, 0, *(next(i + 1 for i, worst in enumerate(CLASS_WORST_RANK) if r <= worst) for r in range(2, 7463))]
"""treys's class of each rank: 0 for the royal flush (and for 0, as treys has it), then 1 ... 9."""
_evaluate_omaha = _switch.evaluator.evaluate_omaha


def _has_duplicate(cards: Sequence[object]) -> bool:
    return all(type(c) is int for c in cards) and len(set(cards)) < len(cards)


def _peer_value(cards: Sequence[int]) -> int:
    """The peers' answer for 5 to 7 cards holding a card twice. They look up every five, a flush in
    their flush table and any other five by its prime product, and keep the best; that best is
    found here without trying every five: the best hand of the ranks alone (the cards dealt again
    across the four suits, so that none makes a flush) against the best flush of one suit's cards.

    A five their tables have no entry for (five cards of one rank; five of one suit holding a card
    twice) raises :class:`CardError`, a ``KeyError`` as their lookup raises.
    """
    if not 5 <= len(cards) <= 7:
        raise CardError(f"a hand is 5 to 7 cards, got {len(cards)}")
    ranks = sorted([(c >> 8) & 0xF for c in cards])
    if any(map(int.__eq__, ranks, ranks[4:])):  # sorted: a rank five times spans five places
        raise CardError(f"no hand has five cards of one rank: {Card.ints_to_pretty_str(list(cards))}")
    # Sorted by rank, the i-th card takes suit i % 4: a rank's copies get distinct suits, no suit five cards.
    best = _evaluate([DECK[4 * r + i % 4] for i, r in enumerate(ranks)])
    suits = [c & 0xF000 for c in cards]
    if len(set(suits)) <= len(cards) - 4:  # else no suit has five cards
        for suit in set(suits):
            if suits.count(suit) >= 5:
                suited = [c for c in cards if c & suit]
                if len(set(suited)) < len(suited):
                    raise CardError(f"no flush holds a card twice: {Card.ints_to_pretty_str(suited)}")
                best = min(best, _evaluate(suited))
    return best


class Evaluator:
    """``treys.Evaluator`` on handrank: ``evaluate(hand, board)`` for 5 to 7 cards in all."""

    HAND_LENGTH = 2
    BOARD_LENGTH = 5

    def __init__(self, *, allow_duplicates: bool = False) -> None:
        self.table = LookupTable()
        self.allow_duplicates = allow_duplicates
        """Answer for a hand holding one card twice as the peer's lookups do, instead of refusing it."""

    def evaluate(self, hand: list[int], board: list[int]) -> int:
        """Rank of the best five of ``hand + board``: 1 (royal flush) ... 7462, lower is better."""
        if self.allow_duplicates and _has_duplicate(cards := [*hand, *board]):
            return _peer_value(cards)
        try:
            return _evaluate(hand + board)
        except TypeError:  # a tuple and a list, say: treys fails, handrank reads them
            return checked(_evaluate, [*hand, *board])
        except ValueError as error:
            raise card_error(str(error), (hand, board)) from None

    def _five(self, cards: Sequence[int]) -> int:
        return checked(_evaluate, list(cards))

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
        if self.allow_duplicates and _has_duplicate([*hand, *board]):
            return min(_peer_value([*h, *b]) for h in combinations(hand, 2) for b in combinations(board, 3))
        if 4 <= len(hand) <= 6 and 3 <= len(board) <= 5:
            return checked(_evaluate_omaha, hand, board)
        # two or three hole cards, which treys also takes: every pair of them with every three of the board
        if len(hand) < 2 or len(board) < 3:
            raise CardError(f"Omaha needs 2+ hole cards and 3+ board cards, got {len(hand)} and {len(board)}")
        return min(checked(_evaluate, [*h, *b]) for h in combinations(hand, 2) for b in combinations(board, 3))
