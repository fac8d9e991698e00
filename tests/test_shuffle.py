"""``shuffle``: a list in the order ``random.Random.shuffle`` gives it, the same numbers drawn, in
both implementations; other generators and other sequences are left to their own ``shuffle``."""

from __future__ import annotations

import random
from types import ModuleType

import pytest


def test_the_order_and_the_numbers_drawn_are_random_shuffles(impl: ModuleType) -> None:
    for seed in range(300):
        for size in (0, 1, 2, 3, 52, 129):
            theirs, ours = random.Random(seed), random.Random(seed)
            expected, got = list(range(size)), list(range(size))
            theirs.shuffle(expected)
            impl.shuffle(got, ours)
            assert got == expected, (seed, size)
            assert ours.getstate() == theirs.getstate()


def test_the_random_module_shuffles_with_its_own_generator(impl: ModuleType) -> None:
    state = random.getstate()
    try:
        random.seed(17)
        expected = list("abcdefghijklmnopqrstuvwxyz")
        random.shuffle(expected)
        random.seed(17)
        got = list("abcdefghijklmnopqrstuvwxyz")
        impl.shuffle(got, random)
        assert got == expected
    finally:
        random.setstate(state)


def test_other_generators_and_sequences_shuffle_their_own_way(impl: ModuleType) -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    impl.shuffle(items, Reversing(0))
    assert items == [3, 2, 1]
    with pytest.raises(TypeError):
        impl.shuffle((1, 2, 3), random.Random(0))  # what Random.shuffle raises for a tuple
    with pytest.raises(AttributeError):
        impl.shuffle([1, 2], object())


def test_a_deck_with_the_kernel_deals_what_random_deals(impl: ModuleType) -> None:
    """The engine shuffles its decks with the kernel: every seeded hand deals the cards it dealt
    with ``random.Random.shuffle``, shuffles and cuts after the first included."""
    from handrank.cards import DECK, Deck
    from handrank.games import SHORT_DECK

    for seed in range(200):
        for cards in (DECK, SHORT_DECK.deck):
            plain, ours = Deck(seed, cards=cards), Deck(seed, cards=cards, shuffler=impl.shuffle)
            assert plain.deal(len(cards) // 2) == ours.deal(len(cards) // 2)
            assert plain.cut() == ours.cut()
            plain.shuffle()
            ours.shuffle()
            assert plain.deal(len(cards)) == ours.deal(len(cards))


def test_the_engine_deals_with_the_compiled_shuffle(monkeypatch: pytest.MonkeyPatch) -> None:
    from handrank import _switch
    from handrank.engine import Hand

    drawn: list[int] = []
    kernel = _switch.evaluator.shuffle
    monkeypatch.setattr(
        _switch.evaluator, "shuffle", lambda items, generator: drawn.append(len(items)) or kernel(items, generator)
    )
    Hand([100, 100], button=1, small_blind=1, big_blind=2, seed=3)
    assert drawn == [52]
