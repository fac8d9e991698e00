"""The one numpy hand generator: every k-card hand, in the order of itertools.combinations."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from handrank._numpy_hands import all_hands, hand_blocks


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_all_hands_is_every_subset_in_order(k: int) -> None:
    expected = np.array(list(combinations(range(52), k)), dtype=np.uint8)
    assert all_hands(k).dtype == np.uint8 and np.array_equal(all_hands(k), expected)
    assert np.array_equal(all_hands(k, 20), np.array(list(combinations(range(20), k)), dtype=np.uint8))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_hand_blocks_are_every_hand_in_order_a_block_per_lowest_pair(k: int) -> None:
    blocks = list(hand_blocks(k))
    assert all(len({tuple(row[:2]) for row in block}) == 1 for block in blocks)
    assert np.array_equal(np.concatenate(blocks), np.array(list(combinations(range(52), k)), dtype=np.uint8))
