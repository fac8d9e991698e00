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
