"""Random finished engine hands for the history tests: 2 to 6 seats, random stacks, antes now and
then, and each action chosen at random among the legal ones; and a hand played to its end at
random, checking that every illegal move is refused with nothing changed."""

from __future__ import annotations

import random

import pytest

from handrank.engine import Hand, IllegalAction, Stakes


def play_at_random(hand: Hand, rng: random.Random) -> None:
    """Play ``hand`` to its end with actions chosen at random among the legal ones (bets and raises
    the least or the most), first trying a bet past every stack, which must change nothing."""
    while not hand.is_over:
        legal, before = hand.legal(), hand.state()
        with pytest.raises(IllegalAction):
            hand.act("raise" if legal.current_bet else "bet", 10**6)
        assert hand.state() == before
        action = rng.choice(legal.actions)
        hand.act(action, rng.choice([legal.min_raise, legal.max_raise]) if action in ("bet", "raise") else None)


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
