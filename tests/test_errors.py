"""One error contract: bad input is a ValueError or TypeError that says what is wrong, the same
on both implementations, never a RecursionError, AttributeError, OverflowError or
NotImplementedError; and the command line prints one line and exits 2."""

from __future__ import annotations

import ctypes
import subprocess
import sys
from array import array
from types import ModuleType

import numpy as np
import pytest

import handrank
from handrank import DECK
from handrank.engine import Hand


def test_a_log_that_is_not_json() -> None:
    for text in ("[" * 100_000, "not json", '{"event": '):
        with pytest.raises(ValueError, match="the log is not JSON"):
            Hand.replay(text)


def test_settle_wants_a_mapping_of_hands() -> None:
    with pytest.raises(TypeError, match="hands must map seats to hole cards"):
        handrank.settle({1: 10, 2: 10}, button=1, board="2c 3d 4h 5s 9c", hands=["Ac Ad", "Kc Kd"])  # type: ignore[arg-type]


def test_omaha_hole_cards_checked_alike(impl: ModuleType) -> None:
    rows = memoryview(array("B", range(9))).cast("B", (1, 9))
    for bad in (None, 3, 7, 4.0):
        with pytest.raises(ValueError, match="hole_cards must be 4, 5 or 6"):
            impl.evaluate_omaha_many(rows, hole_cards=bad)


def test_too_many_trials_is_a_value_error(impl: ModuleType) -> None:
    with pytest.raises(ValueError, match="trials must be"):
        handrank.equity(["AhKh", "QsQd"], trials=2**63)
    combos = (array("B", [51, 47]), array("d", [1.0]), array("i", [0]))
    other = (array("B", [0, 1]), array("d", [1.0]), array("i", [0]))
    with pytest.raises(ValueError, match="trials must be an int from 0 to 2\\*\\*48"):
        impl.sampled_showdowns([combos, other], trials=2**63)


def _ctypes_rows(rows: np.ndarray) -> memoryview:
    """The rows as a ctypes array, whose buffer format carries a byte order ('<q')."""
    table = (ctypes.c_int64 * rows.shape[1] * rows.shape[0])()
    for i, row in enumerate(rows.tolist()):
        for j, v in enumerate(row):
            table[i][j] = v
    view = memoryview(table)
    assert view.format in ("<q", ">q")
    return view


def test_buffers_with_a_byte_order_prefix(impl: ModuleType) -> None:
    rng = np.random.default_rng(5)
    rows = np.array([rng.choice(52, 7, replace=False) for _ in range(50)])
    expected = [handrank.evaluate([DECK[i] for i in r]) for r in rows.tolist()]
    assert list(impl.evaluate_many(_ctypes_rows(rows))) == expected
    bad = rows.copy()
    bad[7, 3] = bad[7, 1]
    with pytest.raises(ValueError, match="row 7: duplicate card"):
        impl.evaluate_many(_ctypes_rows(bad))


def test_the_command_line_says_one_line_and_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    cases = [
        ["crosscheck", "os:no_such_function", "--sample", "10"],
        ["crosscheck", "no_such_module_here:rank", "--sample", "10"],
        ["equity", "AhKh", "QsQd", "--trials", str(2**63)],
        ["equity", "AhKh", ":" + "1" * 5000 + "x"],
    ]
    for args in cases:
        done = subprocess.run([sys.executable, "-m", "handrank", *args], capture_output=True, text=True, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith("handrank: error:") and len(done.stderr.splitlines()) == 1, done.stderr


def test_messages_say_what_form_an_argument_takes() -> None:
    import handrank as hr

    with pytest.raises(ValueError, match=r"holdings are a list of hands, one a player.*got one string 'As Ad'"):
        hr.winners("As Ad", "2c 7d 9h Js 3h")
    with pytest.raises(TypeError, match="batches take indices, not card text or ints"):
        hr.evaluate_holdem([["As", "Ks"]], "2c 7d 9h")
    assert str(hr.HandClass.TWO_PAIR) == f"{hr.HandClass.TWO_PAIR}" == "Two Pair"
    assert int(hr.HandClass.TWO_PAIR) == 7 and repr(hr.HandClass.TWO_PAIR) == "<HandClass.TWO_PAIR: 7>"


def test_text_in_any_spelling_evaluates_alike_and_is_remembered_within_bounds() -> None:
    import importlib

    import handrank as hr

    cards_module = importlib.import_module("handrank.cards")  # the module: handrank.cards is the function
    text = "Qs Jh 9d 7c 6s 2d 3c"
    cards_module._TEXT_HANDS.clear()
    assert hr.evaluate(text) == hr.evaluate(hr.cards(text))
    assert cards_module.text_hand(text) == tuple(hr.cards(text)) == cards_module._TEXT_HANDS[text]
    for spelling in ("qs jh 9d 7c 6s 2d 3c", "Q♠ J♥ 9♦ 7♣ 6♠ 2♦ 3♣", "QS JH 9D 7C 6S 2D 3C", "Qs,Jh,9d,7c,6s,2d,3c"):
        assert hr.evaluate(spelling) == hr.evaluate(text), spelling
    with pytest.raises(ValueError, match="duplicate card: Qs"):
        hr.evaluate("Qs Qs 9d 7c 6s")
    with pytest.raises(ValueError, match="invalid card 'Qx'"):
        hr.evaluate("Qx Jh 9d 7c 6s")
    for i in range(cards_module.TEXT_HANDS_KEPT + 10):  # the memory is bounded
        cards_module.text_hand(hr.cards_str(hr.DECK[j] for j in (i % 40, 41, 42, 43, 44 + i % 8)))
    assert len(cards_module._TEXT_HANDS) <= cards_module.TEXT_HANDS_KEPT


def test_parsed_cards_read_as_cards_and_stay_a_list() -> None:
    import handrank as hr

    hand = hr.cards("As Kd 10h")
    assert repr(hand) == "cards('As Kd Th')" and hand == [hr.card("As"), hr.card("Kd"), hr.card("Th")]
    assert isinstance(hand, list) and hr.evaluate(hand + hr.cards("2c 3d")) == hr.evaluate("As Kd Th 2c 3d")
    hand.append(12345)  # no longer all cards: shown as the list it is
    assert repr(hand).startswith("[") and "12345" in repr(hand)
