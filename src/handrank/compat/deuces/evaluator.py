"""deuces's ``deuces.evaluator``: ``Evaluator``, treys's with deuces's classes and words."""

from __future__ import annotations

from ..treys import evaluator as treys_evaluator
from .card import Card
from .lookup import LookupTable

__all__ = ["Card", "Evaluator", "LookupTable"]


class Evaluator(treys_evaluator.Evaluator):
    """``deuces.Evaluator``: ``evaluate(cards, board)``, classes 1 (straight flush) to 9."""

    def __init__(self, *, allow_duplicates: bool = False) -> None:
        super().__init__(allow_duplicates=allow_duplicates)
        self.table = LookupTable()

    def get_rank_class(self, hr: int) -> int:
        return max(super().get_rank_class(hr), 1)

    def class_to_string(self, class_int: int) -> str:
        return LookupTable.RANK_CLASS_TO_STRING[class_int]

    def hand_summary(self, board: list[int], hands: list[list[int]]) -> None:
        """Each street's standings in deuces's words; a tie on the river lists players from 0, as deuces does."""
        if len(board) != 5:
            raise ValueError("Invalid board length")
        if any(len(h) != 2 for h in hands):
            raise ValueError("Inavlid hand length")  # deuces's spelling
        line = "=" * 10
        for street, shown in (("FLOP", 3), ("TURN", 4), ("RIVER", 5)):
            print(f"{line} {street} {line}")
            ranks = [self.evaluate(h, board[:shown]) for h in hands]
            for player, rank in enumerate(ranks, 1):
                name = self.class_to_string(self.get_rank_class(rank))
                print(f"Player {player} hand = {name}, percentage rank among all hands = {1.0 - rank / 7462:f}")
            leaders = [p for p, r in enumerate(ranks) if r == min(ranks)]
            if street != "RIVER":
                if len(leaders) == 1:
                    print(f"Player {leaders[0] + 1} hand is currently winning.\n")
                else:
                    print(f"Players {[p + 1 for p in leaders]} are tied for the lead.\n")
                continue
            name = self.class_to_string(self.get_rank_class(min(ranks)))
            print(f"{line} HAND OVER {line}")
            if len(leaders) == 1:
                print(f"Player {leaders[0] + 1} is the winner with a {name}\n")
            else:
                print(f"Players {leaders} tied for the win with a {name}\n")
