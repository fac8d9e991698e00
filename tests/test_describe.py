"""Descriptions in the words players use, distinct in the long form for every rank."""

from __future__ import annotations

import pytest

from handrank import HandClass, describe, hand_class


@pytest.mark.parametrize(
    "hand, words",
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("5h 4h 3h 2h Ah", "Five-high straight flush (steel wheel)"),
        ("9h 8h 7h 6h 5h", "Nine-high straight flush"),
        ("9c 9s 9d 9h Jh", "Four nines"),
        ("Qh Qd Qc 9s 9h", "Queens full of nines"),
        ("Kh Qh 9h 5h 2h", "King-queen-high flush"),
        ("Ac Kd Qh Js Tc", "Ace-high straight (broadway)"),
        ("5c 4d 3h 2s Ac", "Five-high straight (wheel)"),
        ("2c 2d 2h Ks 9c", "Three deuces"),
        ("Kh Kd 9c 9s 5h", "Kings over nines"),
        ("6h 6d Ac 9s 5h", "Pair of sixes"),
        ("Ah Qd 9c 7s 5h", "Ace-queen high"),
        ("7s 5h 4d 3c 2s", "Seven-five high"),
    ],
)
def test_short_forms(hand: str, words: str) -> None:
    assert describe(hand) == words


@pytest.mark.parametrize(
    "hand, words",
    [
        ("Kh Kd 9c 9s 5h", "Two pair, kings and nines, five kicker"),
        ("9c 9s 9d 9h Jh", "Four of a kind, nines, jack kicker"),
        ("2c 2d 2h Ks 9c", "Three of a kind, deuces, king-nine kickers"),
        ("6h 6d Ac 9s 5h", "Pair of sixes, ace-nine-five kickers"),
        ("Kh Qh 9h 5h 2h", "Flush, king-queen-nine-five-deuce"),
        ("Ah Qd 9c 7s 5h", "High card, ace-queen-nine-seven-five"),
        ("5c 4d 3h 2s Ac", "Straight, five high (wheel)"),
        ("Qh Qd Qc 9s 9h", "Full house, queens full of nines"),
    ],
)
def test_long_forms(hand: str, words: str) -> None:
    assert describe(hand, long=True) == words


def test_every_rank_has_its_own_long_form() -> None:
    forms = [describe(r, long=True) for r in range(1, 7463)]
    assert len(set(forms)) == 7462


def test_short_form_starts_with_the_class_words() -> None:
    starts = {
        HandClass.FOUR_OF_A_KIND: "Four ",
        HandClass.THREE_OF_A_KIND: "Three ",
        HandClass.PAIR: "Pair of ",
    }
    for r in range(1, 7463):
        text = describe(r)
        if hand_class(r) in starts:
            assert text.startswith(starts[hand_class(r)])
        if hand_class(r) is HandClass.FLUSH:
            assert text.endswith("-high flush")


def test_seven_cards_are_described_by_their_best_five() -> None:
    assert describe("Ah Kh Qh Jh Th 2c 3d") == "Royal flush"
    assert describe("4c 5d 6d 7s Th 3s Qd") == "Seven-high straight"


@pytest.mark.parametrize(
    "bad, message", [(0, "not a hand rank"), (-5, "not a hand rank"), ("As Ks", "expected 5 to 7")]
)
def test_bad_input(bad: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        describe(bad)  # type: ignore[arg-type]


def test_a_bool_or_a_single_card_is_not_a_hand() -> None:
    with pytest.raises(ValueError, match="not a card: True"):
        describe(True)
    with pytest.raises(ValueError, match="expected 5 to 7 cards, got 1"):
        describe(0x10001C29)
    with pytest.raises(ValueError, match=r"not a rank: 7463 \(ranks run from 1 to 7462\)"):
        describe(7463)


def test_labels_are_title_case_and_descriptions_sentences() -> None:
    """The one convention, as docs/concepts.md states it: a class's name is a label in title case,
    the string treys and phevaluator print; a description is a phrase, capitalised once."""
    from handrank import class_name

    minor = {"of", "a"}
    for rank in range(1, 7463):
        name = class_name(rank)
        assert all(w[0].isupper() or w in minor for w in name.split()), name
        for words in (describe(rank), describe(rank, long=True)):
            assert words[0].isupper() and words[1:] == words[1:].lower(), words
    assert class_name(1) == "Royal Flush" and describe(1) == "Royal flush"
