"""Card ints, parsing, formatting, indices and the deck (implementation-independent)."""

from typing import Any

import pytest

import handrank
import handrank.convert
from handrank import (
    DECK,
    Deck,
    card,
    card_str,
    cards,
    cards_str,
    from_index,
    hand,
    pretty_str,
    rank_of,
    suit_of,
    to_index,
)

PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]


def test_known_cactus_kev_values() -> None:
    # The ints treys.Card.new gives for these cards.
    assert card("As") == 0x10001C29 == 268442665
    assert card("2c") == 0x18002 == 98306
    assert card("Kd") == 0x8004B25 == 134236965
    assert card("Th") == 0x1002817


@pytest.mark.parametrize("i", range(52))
def test_bit_layout_of_every_card(i: int) -> None:
    c = from_index(i)
    rank, suit = divmod(i, 4)
    assert c & 0xFF == PRIMES[rank]
    assert c >> 8 & 0xF == rank == rank_of(c)
    assert c >> 12 & 0xF == {0: 8, 1: 4, 2: 2, 3: 1}[suit]
    assert c >> 16 == 1 << rank
    assert suit_of(c) == suit
    assert to_index(c) == i
    assert card(card_str(c)) == c
    assert card(pretty_str(c)) == c


def test_index_order_matches_phevaluator_ids() -> None:
    assert [card_str(from_index(i)) for i in (0, 1, 2, 3, 4, 51)] == ["2c", "2d", "2h", "2s", "3c", "As"]
    assert tuple(from_index(i) for i in range(52)) == DECK
    assert tuple(handrank._tables.card_from_index(i) for i in range(52)) == DECK  # the tables' deck
    assert len(set(DECK)) == 52


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS", "A♠", "a♠", "A♤", " As "])
def test_spellings_of_the_ace_of_spades(text: str) -> None:
    assert card(text) == card("As")


@pytest.mark.parametrize("text", ["Ts", "10s", "10S", "t♠", "10♠"])
def test_spellings_of_ten(text: str) -> None:
    assert card(text) == card("Ts")


def test_cards_from_one_string_with_mixed_separators() -> None:
    assert cards("As Ks, 10♥ q♦") == [card("As"), card("Ks"), card("Th"), card("Qd")]
    assert cards("As,Ks,,Qs") == cards("As Ks Qs")
    assert cards("AhKh") == cards("Ah Kh")
    assert cards("") == []


def test_cards_from_iterables() -> None:
    assert cards(["As", card("Kd")]) == [card("As"), card("Kd")]
    assert cards(iter(["2c"])) == [card("2c")]


@pytest.mark.parametrize("bad", ["Xs", "A", "Ax", "1s", "11s", "As Kz", "A♠x", "AsK"])
def test_bad_text_names_the_token(bad: str) -> None:
    with pytest.raises(ValueError, match="invalid card"):
        cards(bad)


def test_error_names_the_bad_token() -> None:
    with pytest.raises(ValueError, match="'Kz'"):
        cards("As Kz Qs")


@pytest.mark.parametrize("bad", [0, 1, -1, 0x10001C28, 2**64, 3.0, None, True, b"As"])
def test_values_that_are_not_cards(bad: object) -> None:
    with pytest.raises(ValueError, match="not a card"):
        card(bad)  # type: ignore[arg-type]


def test_card_takes_exactly_one() -> None:
    with pytest.raises(ValueError, match="expected one card"):
        card("As Ks")


def test_cards_rejects_a_non_iterable() -> None:
    with pytest.raises(TypeError, match="iterable"):
        cards(5)  # type: ignore[arg-type]


def test_hand_checks_count_and_duplicates() -> None:
    with pytest.raises(ValueError, match="expected 5 to 7 cards, got 4"):
        hand("As Ks Qs Js")
    with pytest.raises(ValueError, match="expected 5 to 7 cards, got 8"):
        hand("As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(ValueError, match="duplicate card: Ks"):
        hand("As Ks Qs Ks Ts")


def test_formatting() -> None:
    assert cards_str(cards("As 10h 2c")) == "As Th 2c"
    assert cards_str(cards("As 10h 2c"), pretty=True) == "A♠ T♥ 2♣"
    with pytest.raises(ValueError, match="not a card"):
        card_str(12345)


@pytest.mark.parametrize("bad", [-1, 52, 3.0, "1"])
def test_bad_indices(bad: object) -> None:
    with pytest.raises(ValueError, match="not a card index"):
        from_index(bad)  # type: ignore[arg-type]


def test_deck_is_seedable_and_deals_every_card_once() -> None:
    a, b = Deck(seed=42), Deck(seed=42)
    assert list(a) == list(b)
    assert list(a) != list(Deck(seed=43))
    dealt = a.deal(5) + [a.burn()] + a.deal(46)
    assert sorted(dealt) == sorted(DECK)
    assert len(a) == 0
    with pytest.raises(ValueError, match="cannot deal 1"):
        a.deal(1)


def test_deck_shuffle_restores_all_cards_and_remove_takes_known_cards() -> None:
    d = Deck(seed=1)
    d.deal(10)
    d.shuffle()
    assert len(d) == 52
    d.remove("As Kd")
    assert len(d) == 50 and card("As") not in list(d)
    with pytest.raises(ValueError, match="not in the deck: As"):
        d.remove(["As"])


def test_unshuffled_deck_is_in_index_order() -> None:
    assert list(Deck(shuffle=False)) == list(DECK)


@pytest.mark.peers
@pytest.mark.parametrize(
    ("peer", "make", "converter"),
    [
        ("pokerkit", lambda m: next(iter(m.Card.parse("As"))), "from_pokerkit"),
        ("eval7", lambda m: m.Card("As"), "from_eval7"),
    ],
)
def test_a_peers_card_is_named_with_its_converter(peer: str, make: Any, converter: str) -> None:
    module = pytest.importorskip(peer, reason=f"{peer} is a test-only peer")
    foreign = make(module)
    with pytest.raises(ValueError, match=rf"its type is {peer}\..*: handrank\.convert\.{converter} reads"):
        handrank.evaluate([foreign, "Ks", "Qs", "Js", "Ts"])
    assert handrank.evaluate([*getattr(handrank.convert, converter)([foreign]), "Ks", "Qs", "Js", "Ts"]) == 1


def test_an_object_of_no_known_library_is_named_by_type() -> None:
    class Chip:
        pass

    with pytest.raises(ValueError, match=r"its type is test_cards\..*Chip$"):
        handrank.card(Chip())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"not a card: 1\.5 \(expected a Cactus Kev card int or text such as 'As'\)$"):
        handrank.card(1.5)  # type: ignore[arg-type]
