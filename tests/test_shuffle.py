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
