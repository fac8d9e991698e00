"""handrank.iso: hands indexed up to suit isomorphism. The class counts of the method's paper,
index and unindex inverse to each other, and the classes checked against a plain reference
(a hand's canonical form as the least of its 24 suit renamings) on random hands."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from handrank.iso import HandIndexer

COUNTS = {
    (2,): 169,
    (2, 3): 1_286_792,
    (2, 4): 13_960_050,
    (2, 5): 123_156_254,
    (2, 3, 1): 55_190_538,
    (2, 3, 1, 1): 2_428_287_420,
}
"""Canonical hands per street: the board as one round (imperfect recall) and each street apart."""


@pytest.mark.parametrize("rounds, count", COUNTS.items())
def test_the_class_counts_are_the_papers(rounds: tuple[int, ...], count: int) -> None:
    assert HandIndexer(rounds).size == count


def reference_form(deal: list[int], rounds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The least, over the 24 renamings of the suits, of the hand's cards sorted within each round."""
    best = None
    for perm in permutations(range(4)):
        renamed = [(c & ~3) | perm[c & 3] for c in deal]
        start, form = 0, []
        for n in rounds:
            form.append(tuple(sorted(renamed[start : start + n])))
            start += n
        if best is None or tuple(form) < best:
            best = tuple(form)
    assert best is not None
    return best


@pytest.mark.parametrize("rounds", [(2,), (2, 3), (2, 4), (2, 5), (2, 3, 1, 1), (4, 3, 1, 1)])
def test_classes_match_the_reference_on_random_hands(rounds: tuple[int, ...]) -> None:
    """Same reference form, same index; different forms, different indexes; and round trips."""
    indexer = HandIndexer(rounds)
    rng = random.Random(sum(rounds))
    seen: dict[tuple[tuple[int, ...], ...], int] = {}
    # preflop: enough deals to meet all 169 classes (a pair class is 6 of 1,326 deals)
    for _ in range(3000 if len(rounds) > 1 else 6000):
        deal = rng.sample(range(52), sum(rounds))
        index = indexer.index(deal)
        form = reference_form(deal, rounds)
        assert seen.setdefault(form, index) == index
        canonical = indexer.unindex(index)
        assert indexer.index(canonical) == index and reference_form([c_index(c) for c in canonical], rounds) == form
    assert len(set(seen.values())) == len(seen)  # distinct classes, distinct indexes
    if rounds == (2,):
        assert len(seen) == 169  # every starting-hand class met


def c_index(card: int) -> int:
    from handrank import to_index

    return to_index(card)


def test_random_indexes_round_trip_on_every_street() -> None:
    rng = random.Random(7)
    for rounds in COUNTS:
        indexer = HandIndexer(rounds)
        for _ in range(2000):
            i = rng.randrange(indexer.size)
            assert indexer.index(indexer.unindex(i)) == i


@pytest.mark.exhaustive
def test_every_flop_class_round_trips() -> None:
    indexer = HandIndexer((2, 3))
    for i in range(indexer.size):
        assert indexer.index(indexer.unindex(i)) == i, i


def test_input_is_checked() -> None:
    flop = HandIndexer((2, 3))
    with pytest.raises(ValueError, match="expected 5 cards"):
        flop.index("Ah Kh 2h 7c")
    with pytest.raises(ValueError, match="twice"):
        flop.index("Ah Kh 2h 7c Ah")
    with pytest.raises(ValueError, match="not an index"):
        flop.unindex(flop.size)
    with pytest.raises(ValueError, match="rounds"):
        HandIndexer((2, 0))
    assert flop.index("Ah Kh 2h 7c 9d") == flop.index([50, 46, 2, 20, 29])  # text and 0-51 indices alike
