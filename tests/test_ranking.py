"""The rank scale: classes, names, direction."""

import pytest

from handrank import CLASS_SIZES, WORST_RANK, HandClass, class_name, hand_class, is_royal_flush, strength


def test_class_boundaries() -> None:
    bounds = {c: (c.ranks[0], c.ranks[-1]) for c in HandClass}
    assert bounds[HandClass.STRAIGHT_FLUSH] == (1, 10)
    assert bounds[HandClass.FOUR_OF_A_KIND] == (11, 166)
    assert bounds[HandClass.FULL_HOUSE] == (167, 322)
    assert bounds[HandClass.FLUSH] == (323, 1599)
    assert bounds[HandClass.STRAIGHT] == (1600, 1609)
    assert bounds[HandClass.THREE_OF_A_KIND] == (1610, 2467)
    assert bounds[HandClass.TWO_PAIR] == (2468, 3325)
    assert bounds[HandClass.PAIR] == (3326, 6185)
    assert bounds[HandClass.HIGH_CARD] == (6186, 7462)
    for c in HandClass:
        assert all(hand_class(r) is c for r in (c.ranks[0], c.ranks[-1]))
        assert len(c.ranks) == CLASS_SIZES[c - 1]


def test_treys_numbering_and_names() -> None:
    assert [int(c) for c in HandClass] == list(range(1, 10))
    assert HandClass.FOUR_OF_A_KIND.display_name == "Four of a Kind"
    assert HandClass.HIGH_CARD.display_name == "High Card"
    assert class_name(1) == "Royal Flush" and class_name(2) == "Straight Flush"


@pytest.mark.parametrize("bad", [0, 7463, -1, 1.0, "1", None])
def test_bad_ranks(bad: object) -> None:
    with pytest.raises(ValueError, match="not a hand rank"):
        hand_class(bad)  # type: ignore[arg-type]


def test_strength_turns_the_scale_around() -> None:
    assert strength(1) == WORST_RANK and strength(WORST_RANK) == 1
    assert is_royal_flush(1) and not is_royal_flush(2)
