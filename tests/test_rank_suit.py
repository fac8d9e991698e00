"""Cards as objects with a rank and a suit (the card type of the pkrbot shim): fields checked when
set, decks of new cards, and a table's value of each rank, in both implementations."""

from __future__ import annotations

import copy
import pickle
import random
from array import array
from itertools import combinations
from types import ModuleType
from typing import Any

import pytest

from handrank import DECK, evaluate
from handrank.compat.treys import CardError

RANKS, SUITS = "23456789TJQKA", "cdhs"


class Refused(ValueError):
    """The error class the tests give ``RankSuitValues``."""


def cards_of(impl: ModuleType, indices: list[int]) -> list[Any]:
    deck = impl.RankSuitCard.deck()
    return [deck[i] for i in indices]


def test_fields_are_set_read_and_refused_out_of_range(impl: ModuleType) -> None:
    card = impl.RankSuitCard.__new__(impl.RankSuitCard)
    assert (card.rank, card.suit) == (0, 0)  # a card not yet named is the deuce of clubs
    card.rank, card.suit = 12, 3
    assert (card.rank, card.suit) == (12, 3) and repr(card) == "RankSuitCard(rank=12, suit=3)"
    card.rank = True  # an int of any kind with __index__
    assert card.rank == 1 and type(card.rank) is int
    for field, bad, error, message in [
        ("rank", 13, ValueError, "a card's rank is 0-12, not 13"),
        ("rank", -1, ValueError, "a card's rank is 0-12, not -1"),
        ("rank", 1 << 70, ValueError, "not 1180591620717411303424"),
        ("suit", 4, ValueError, "a card's suit is 0-3, not 4"),
        ("suit", 2.0, TypeError, "a card's suit is an int, not float"),
        ("rank", "A", TypeError, "a card's rank is an int, not str"),
    ]:
        with pytest.raises(error, match=message):
            setattr(card, field, bad)
        assert (card.rank, card.suit) == (1, 3)  # unchanged
    with pytest.raises(AttributeError, match="cannot be deleted"):
        del card.rank
    with pytest.raises(AttributeError):
        card.colour = "red"


def test_a_card_is_made_from_each_of_the_52_names(impl: ModuleType) -> None:
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            card = impl.RankSuitCard(rank + suit)
            assert (card.rank, card.suit) == (r, s)
    assert impl.RankSuitCard(card_string="Td").rank == 8

    class Name(str):
        pass

    assert impl.RankSuitCard(Name("Kh")).rank == 11  # a str of another class, through the check


class Named(Exception):
    """The error class a subclass of the card type gives for bad text."""


@pytest.mark.parametrize("text", ["as", "AS", "A", "Asx", "", "1c", "A\u0073\u0301", "\u00c1s"])
def test_text_that_names_no_card_raises_the_class_error(impl: ModuleType, text: object) -> None:
    class Own(impl.RankSuitCard):  # type: ignore[misc,name-defined]
        __slots__ = ()
        _text_error = Named

    message = f"not a card: {text!r} (a rank of 23456789TJQKA then a suit of cdhs)"
    with pytest.raises(ValueError) as plain:
        impl.RankSuitCard(text)
    with pytest.raises(Named) as own:
        Own(text)
    assert str(plain.value) == str(own.value) == message
    with pytest.raises(TypeError):
        impl.RankSuitCard()


@pytest.mark.parametrize("name", [5, None, b"As", 4.2])
def test_a_name_that_is_no_str_is_a_type_error(impl: ModuleType, name: object) -> None:
    class Own(impl.RankSuitCard):  # type: ignore[misc,name-defined]
        __slots__ = ()
        _text_error = Named

    for kind in (impl.RankSuitCard, Own):
        with pytest.raises(TypeError, match=f"a card's name is a str such as 'As', got {type(name).__name__}"):
            kind(name)


def test_a_deck_is_52_new_cards_of_the_class_in_index_order(impl: ModuleType) -> None:
    class Named(impl.RankSuitCard):  # type: ignore[misc,name-defined]
        __slots__ = ()

    deck, other = Named.deck(), Named.deck()
    assert [(c.rank, c.suit) for c in deck] == [divmod(i, 4) for i in range(52)]
    assert all(type(c) is Named for c in deck)
    assert not any(a is b for a, b in zip(deck, other))
    deck[0].rank = 5
    assert other[0].rank == 0


def test_the_value_of_each_hand_is_the_tables_value_of_its_rank(impl: ModuleType) -> None:
    rng = random.Random(7)
    values = [rng.randrange(1 << 40) for _ in range(7463)]
    table = impl.RankSuitValues(values, Refused)
    for n in (5, 6, 7):
        for _ in range(3000):
            indices = rng.sample(range(52), n)
            expected = values[evaluate([DECK[i] for i in indices])]
            cards = cards_of(impl, indices)
            ranks, suits = [i // 4 for i in indices], [i % 4 for i in indices]
            assert table.evaluate(cards) == expected
            assert table.evaluate(tuple(cards)) == expected
            assert table.evaluate(ranks, suits) == expected
    # every card in every place of a hand: each field pair is read as its own card
    for i in range(52):
        others = [j for j in rng.sample(range(52), 7) if j != i][:4]
        for place in range(5):
            indices = [*others[:place], i, *others[place:]]
            assert table.evaluate(cards_of(impl, indices)) == values[evaluate([DECK[k] for k in indices])]


def test_other_sequences_and_ints_take_the_checked_path(impl: ModuleType) -> None:
    np = pytest.importorskip("numpy", reason="numpy is not installed")
    table = impl.RankSuitValues(range(7463), Refused)
    royal = [51, 47, 43, 39, 35]
    assert table.evaluate(c for c in cards_of(impl, royal)) == 1
    assert table.evaluate(np.array([12, 11, 10, 9, 8]), np.array([3, 3, 3, 3, 3])) == 1
    assert table.evaluate((12, 11, 10, 9, 8), [3, 3, 3, 3, True + 2]) == 1


@pytest.mark.parametrize(
    ("cards", "suits", "message"),
    [
        ("deck:5", None, "5 to 7 cards are evaluated, got 4"),
        ("deck:8", None, "5 to 7 cards are evaluated, got 8"),
        ("twice", None, "As is given twice"),
        ([1, 2, 3, 4, 5], None, r"not cards, or ranks 0-12 and suits 0-3: \[1, 2, 3, 4, 5\]"),
        (None, None, "not cards, or ranks 0-12 and suits 0-3: None"),
        ([12, 11, 10, 9, 8], [3, 3, 3, 3], "5 ranks but 4 suits"),
        ([12, 11, 10, 9, 13], [3, 3, 3, 3, 3], "a rank is 0-12 and a suit 0-3, got rank 13 and suit 3"),
        ([12, 11, 10, 9, 8], [3, 3, 3, 3, -1], "got rank 8 and suit -1"),
        ([12, 12, 10, 9, 8], [3, 3, 3, 3, 3], "As is given twice"),
        ([12, 11, 10, 9, 8.0], [3, 3, 3, 3, 3], "not cards, or ranks"),
    ],
)
def test_bad_cards_raise_the_given_error_saying_what_is_wrong(
    impl: ModuleType, cards: Any, suits: Any, message: str
) -> None:
    table = impl.RankSuitValues(range(7463), Refused)
    if cards == "deck:5":
        cards = cards_of(impl, [0, 1, 2, 3])
    elif cards == "deck:8":
        cards = cards_of(impl, list(range(8)))
    elif cards == "twice":
        cards = cards_of(impl, [51, 0, 1, 2, 51])
    with pytest.raises(Refused, match=message):
        table.evaluate(cards, suits)


def test_the_value_table_is_checked(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="expected 7463 values"):
        impl.RankSuitValues(range(7462), Refused)
    values = list(range(7463))
    table = impl.RankSuitValues(values, Refused)
    values[1] = -5  # the table keeps its own copy
    assert table.evaluate([12, 11, 10, 9, 8], [3] * 5) == 1
    with pytest.raises(TypeError, match="expected a sequence of 7463 ints"):
        impl.RankSuitValues(["x"] * 7463, Refused)


def test_both_implementations_give_the_same_values_and_errors(compiled: ModuleType, pure: ModuleType) -> None:
    rng = random.Random(11)
    values = [rng.randrange(1 << 20) for _ in range(7463)]
    tables = [m.RankSuitValues(values, Refused) for m in (compiled, pure)]
    for hand in combinations(range(0, 52, 5), 7):  # 11 cards across every rank and suit
        answers = [t.evaluate(cards_of(m, list(hand))) for t, m in zip(tables, (compiled, pure))]
        assert answers[0] == answers[1]
    for cards, suits in [([0, 1, 2], None), ([1, 2, 3, 4, 14], [0] * 5), ([1] * 5, [0] * 5), ("As Ks", None)]:
        messages = []
        for table in tables:
            with pytest.raises(Refused) as raised:
                table.evaluate(cards, suits)
            messages.append(str(raised.value))
        assert messages[0] == messages[1]


def test_the_compiled_evaluator_checks_what_it_reads_itself(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    import handrank._kernels.rank_suit as checks

    table = compiled.RankSuitValues(range(7463), Refused)
    for passed, message in [([0, 1, 2, 3], "expected 5 to 7 card indices, got 4"), ([0, 1, 2, 3, 52], "52 is not")]:
        monkeypatch.setattr(checks, "rank_suit_indices", lambda *args, given=passed: given)
        with pytest.raises(ValueError, match=message):
            table.evaluate(None)
    monkeypatch.setattr(checks, "value_table", lambda values: [0] * 10)
    with pytest.raises(ValueError, match="expected a list of 7463 values"):
        compiled.RankSuitValues(range(7463), Refused)


def test_the_pkrbot_shim_reads_byte_buffers_and_refuses_what_it_cannot_read() -> None:
    from handrank.compat import pkrbot

    royal = pkrbot.evaluate([pkrbot.Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")])
    ranks, suits = [12, 11, 10, 9, 8, 0], [3, 3, 3, 3, 3, 1]
    for kind in (bytes, bytearray, lambda v: array("B", v), lambda v: memoryview(bytes(v))):
        assert pkrbot.evaluate_raw(kind(ranks), kind(suits), 5) == royal
    strided = memoryview(bytes([12, 0, 11, 0, 10, 0, 9, 0, 8, 0]))[::2]
    assert pkrbot.evaluate_raw(strided, bytes(suits), 5) == royal
    assert pkrbot.evaluate_raw(bytes(ranks), bytes(suits), 6) == pkrbot.evaluate(ranks, suits)
    with pytest.raises(CardError, match="n is 7: the buffers hold 6 ranks and 6 suits"):
        pkrbot.evaluate_raw(bytes(ranks), bytes(suits), 7)  # pkrbot reads past the buffers
    with pytest.raises(CardError, match="5 to 7 cards"):
        pkrbot.evaluate_raw(bytes(ranks), bytes(suits), 4)
    with pytest.raises(CardError, match="a rank is 0-12"):
        pkrbot.evaluate_raw(bytes([13, 11, 10, 9, 8]), bytes(suits), 5)
    with pytest.raises(TypeError, match="ranks must be bytes-like"):
        pkrbot.evaluate_raw("AKQJT", bytes(suits), 5)
    with pytest.raises(TypeError, match="suits must hold a byte a card, got items of format 'i'"):
        pkrbot.evaluate_raw(bytes(ranks), array("i", suits), 5)
    with pytest.raises(TypeError, match="n must be an int"):
        pkrbot.evaluate_raw(bytes(ranks), bytes(suits), 5.0)


def test_the_pkrbot_shim_cards_pickle_copy_and_stay_real() -> None:
    from handrank.compat import pkrbot

    card = pkrbot.Card("Td")
    assert pickle.loads(pickle.dumps(card)) == card == copy.deepcopy(card)
    assert str(copy.copy(card)) == "Td"
    with pytest.raises(ValueError, match="a card's rank is 0-12, not 20"):
        card.rank = 20
    assert pkrbot.evaluate([pkrbot.Card(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]) == 0x9A0000
    deck, other = pkrbot.Deck(), pkrbot.Deck()
    deck.cards[0].rank = 12
    assert str(other.cards[0]) == "2c"  # each deck's cards are its own


def test_mask_hashed_cards_hash_as_their_bit_and_equal_only_themselves(impl: ModuleType) -> None:
    for i, c in enumerate(DECK):
        card = impl.MaskHashedCard(c)
        rank, suit = divmod(i, 4)
        assert hash(card) == 1 << (13 * suit + rank) and int(card) == c
        assert card == card and card != impl.MaskHashedCard(c) and card != c
    # Any other int hashes by its low bits, as Python's shifts read them, in both implementations.
    for value in (0, 1, -5, 2**70, -(2**70) - 12345, 2**62 + 0x8C00):
        nibble = (value >> 12) & 0xF
        suit = {8: 0, 4: 1, 2: 2}.get(nibble, 3)
        assert hash(impl.MaskHashedCard(value)) == 1 << (13 * suit + ((value >> 8) & 0xF))
