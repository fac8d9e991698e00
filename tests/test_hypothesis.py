"""Property tests: the two evaluators agree on whatever Hypothesis throws at them."""

from __future__ import annotations

from types import ModuleType

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import DECK

hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=7, unique=True)
anything = st.lists(
    st.one_of(st.sampled_from(DECK), st.integers(), st.text(max_size=3), st.none(), st.floats()),
    max_size=9,
)


def outcome(impl: ModuleType, fn: str, *args: object) -> object:
    try:
        result = getattr(impl, fn)(*args)
        return result.tolist() if isinstance(result, np.ndarray) else result
    except (ValueError, TypeError) as error:
        return type(error), str(error)


@settings(max_examples=1500, deadline=None)
@given(hands)
def test_evaluate_agrees(compiled: ModuleType, pure: ModuleType, hand: list[int]) -> None:
    assert compiled.evaluate(hand) == pure.evaluate(hand)
    assert compiled.best_five(hand) == pure.best_five(hand)


@settings(max_examples=500, deadline=None)
@given(hands, st.randoms(use_true_random=False))
def test_order_does_not_matter(impl: ModuleType, hand: list[int], rnd) -> None:  # type: ignore[no-untyped-def]
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert impl.evaluate(shuffled) == impl.evaluate(hand)
    assert impl.best_five(shuffled) == impl.best_five(hand)


@settings(max_examples=500, deadline=None)
@given(hands)
def test_more_cards_never_make_a_hand_worse(impl: ModuleType, hand: list[int]) -> None:
    if len(hand) > 5:
        assert impl.evaluate(hand) <= impl.evaluate(hand[:-1])


@settings(max_examples=1000, deadline=None)
@given(anything)
def test_any_input_gives_the_same_answer_or_error(compiled: ModuleType, pure: ModuleType, items: list[object]) -> None:
    assert outcome(compiled, "evaluate", items) == outcome(pure, "evaluate", items)


@settings(max_examples=300, deadline=None)
@given(st.lists(hands.filter(lambda h: len(h) == 7), min_size=1, max_size=20))
def test_batch_agrees(compiled: ModuleType, pure: ModuleType, rows: list[list[int]]) -> None:
    index = {c: i for i, c in enumerate(DECK)}
    array = np.array([[index[c] for c in row] for row in rows], dtype=np.uint8)
    assert compiled.evaluate_many(array).tolist() == pure.evaluate_many(array).tolist()
    assert compiled.evaluate_many(array).tolist() == [compiled.evaluate(r) for r in rows]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.integers(-3, 60), min_size=5, max_size=5), min_size=1, max_size=5))
def test_batch_errors_agree(compiled: ModuleType, pure: ModuleType, rows: list[list[int]]) -> None:
    array = np.array(rows, dtype=np.int16)
    assert outcome(compiled, "evaluate_many", array) == outcome(pure, "evaluate_many", array)
