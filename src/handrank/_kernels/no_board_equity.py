"""The checks of the equity kernel of the games with no board (stud and draw): the rule, each
player's known cards, the dead cards, the trials and the seed; and how many deals there are."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from .game_equity import _indices, _players, _trials_and_seed

RULES = {
    "stud": 0,
    "stud-hilo": 1,
    "razz": 2,
    "five-card-draw": 3,
    "jacks-or-better": 3,
    "2-7-single-draw": 4,
    "2-7-triple-draw": 4,
    "a-5-triple-draw": 5,
    "badugi": 6,
}
"""The games the kernel deals, by their ``Game.name``, to the number of the rule it ranks them by:
stud high, stud hi-lo, razz, a five-card high hand, a deuce-to-seven low, an ace-to-five low, badugi."""

HAND_SIZES = (7, 7, 7, 5, 5, 5, 4)
"""The cards each rule's hand holds at the showdown, by rule number."""

TABLE_LIMIT = 1 << 22
"""Counting every deal lists, for each player, every set of the cards they still get: no more than
this many sets a player (about 50 MB for all)."""


def deals(hand_size: int, known: Sequence[int], left: int) -> int:
    """How many deals fill every hand of ``hand_size`` from ``left`` cards, the players holding
    ``known`` cards each: the first player's missing cards, then the next player's from the rest..."""
    out = 1
    for k in known:
        out *= comb(left, hand_size - k)
        left -= hand_size - k
    return out


def no_board_args(
    rule: object, hands: object, dead: object, trials: object, seed: object
) -> tuple[int, list[list[int]], list[int], int, int]:
    """Check a deal: a game of ``RULES``; 2 to ``MAX_PLAYERS`` players, each with 0 to the hand's size
    of known cards (card indices 0-51); the dead cards; no card twice; enough cards left to fill every
    hand. ``trials`` 0 for every deal (each player's missing sets no more than ``TABLE_LIMIT``), else
    1 to ``MAX_TRIALS``; a seed of 0 to 2**64 - 1. The rule's number, the hands, the cards left in
    ascending order, the trials and the seed."""
    if not isinstance(rule, str) or rule not in RULES:
        raise ValueError(f"unknown game {rule!r}: expected one of {', '.join(RULES)}")
    number = RULES[rule]
    size = HAND_SIZES[number]
    seats = _players(hands, "hands must be a sequence of players' cards")
    known = [_indices(h, f"player {i + 1}'s cards") for i, h in enumerate(seats)]
    for i, h in enumerate(known):
        if len(h) > size:
            raise ValueError(f"player {i + 1}: {rule} deals {size} cards a hand, got {len(h)}")
    gone = _indices(dead, "dead")
    every = [c for h in known for c in h] + gone
    if len(set(every)) != len(every):
        raise ValueError("a card is dealt twice among the hands and the dead cards")
    left = [c for c in range(52) if c not in set(every)]
    missing = sum(size - len(h) for h in known)
    if missing > len(left):
        raise ValueError(
            f"the deck holds {len(left)} cards, short of the {missing} that fill every hand "
            "(a stud deck that runs out deals a common card, which equity does not count)"
        )
    checked_trials, checked_seed = _trials_and_seed(trials, seed, every_board=True)
    if checked_trials == 0:
        largest = largest_table(size, [len(h) for h in known], len(left))
        if largest > TABLE_LIMIT:
            raise ValueError(
                f"counting every deal lists {largest:,} sets of one player's cards, over the "
                f"{TABLE_LIMIT:,} it holds: deal trials instead"
            )
    return number, known, left, checked_trials, checked_seed


def largest_table(hand_size: int, known: Sequence[int], left: int) -> int:
    """The most sets of missing cards one player has when every deal is counted."""
    return max(comb(left, hand_size - k) for k in known)
