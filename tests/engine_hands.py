"""Random finished engine hands for the history tests: 2 to 6 seats, random stacks, antes now and
then, and each action chosen at random among the legal ones."""

from __future__ import annotations

import random

from handrank.engine import Hand, Stakes


def random_hand(seed: int, straddle: float = 0.0) -> Hand:
    """A finished hand; with 4 or more seats, a straddle of 4 with chance ``straddle`` (1: always,
    and then 4 to 6 seats)."""
    rng = random.Random(seed)
    seats = rng.randint(4, 6) if straddle >= 1 else rng.randint(2, 6)
    ante = rng.choice([0, 1])
    straddles = (4,) if seats >= 4 and rng.random() < straddle else ()
    hand = Hand(
        [rng.choice([60, 200, 500]) for _ in range(seats)],
        button=rng.randrange(seats),
        stakes=Stakes(1, 2, ante=ante, straddles=straddles),
        seed=seed,
    )
    while not hand.is_over:
        legal = hand.legal()
        action = rng.choice([a for a in legal.actions if a != "fold"] + ["fold"] * legal.fold)
        hand.act(action, legal.min_raise if action in ("bet", "raise") else None)
    return hand
