"""evaluate_many: every integer dtype, any strides, every bad input, many threads."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from array import array
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from hands import random_hands

from handrank import DECK

pytestmark = pytest.mark.usefixtures("batch_kernel")

INT_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, np.intp]


@pytest.fixture(scope="module")
def hands7() -> np.ndarray:
    return random_hands(np.random.default_rng(7), 3000, 7)


def singles(impl: ModuleType, hands: np.ndarray) -> list[int]:
    return [impl.evaluate([DECK[i] for i in row]) for row in hands.tolist()]


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_equals_single_calls_for_every_dtype(impl: ModuleType, hands7: np.ndarray, dtype: type, k: int) -> None:
    hands = hands7[:, :k].astype(dtype)
    result = impl.evaluate_many(hands)
    assert isinstance(result, np.ndarray) and result.dtype == np.uint16 and result.shape == (len(hands),)
    assert result.tolist() == singles(impl, hands7[:, :k])


def test_non_contiguous_views(impl: ModuleType, hands7: np.ndarray) -> None:
    wide = np.zeros((len(hands7) * 2, 14), dtype=np.int32)
    wide[::2, ::2] = hands7
    view = wide[::2, ::2]
    assert not view.flags.c_contiguous
    assert impl.evaluate_many(view).tolist() == singles(impl, hands7)
    fortran = np.asfortranarray(hands7)
    assert impl.evaluate_many(fortran).tolist() == singles(impl, hands7)
    reversed_rows = hands7[::-1]
    assert impl.evaluate_many(reversed_rows).tolist() == singles(impl, hands7)[::-1]


def test_buffers_without_numpy(impl: ModuleType, hands7: np.ndarray) -> None:
    flat = array("B", hands7[:50].tobytes())
    result = impl.evaluate_many(memoryview(flat).cast("B", (50, 7)))
    assert isinstance(result, array) and result.typecode == "H"
    assert result.tolist() == singles(impl, hands7[:50])
    as_bytes = memoryview(hands7[:50].tobytes()).cast("B", (50, 7))  # read-only
    assert impl.evaluate_many(as_bytes).tolist() == result.tolist()


def test_empty_batch(impl: ModuleType) -> None:
    assert impl.evaluate_many(np.zeros((0, 7), dtype=np.uint8)).tolist() == []


@pytest.mark.parametrize("value", [52, 255, -1, 1000])
def test_out_of_range_values_name_the_row(impl: ModuleType, hands7: np.ndarray, value: int) -> None:
    hands = hands7[:20].astype(np.int16)
    hands[13, 4] = value
    with pytest.raises(ValueError, match=rf"row 13: {value} is not a card index"):
        impl.evaluate_many(hands)


def test_huge_unsigned_values(impl: ModuleType, hands7: np.ndarray) -> None:
    hands = hands7[:5].astype(np.uint64)
    hands[2, 0] = 2**63 + 3
    with pytest.raises(ValueError, match="row 2: 9223372036854775811 is not a card index"):
        impl.evaluate_many(hands)


def test_duplicates_name_the_row(impl: ModuleType, hands7: np.ndarray) -> None:
    hands = hands7[:30].copy()
    hands[29, 6] = hands[29, 0]
    with pytest.raises(ValueError, match="row 29: duplicate card"):
        impl.evaluate_many(hands)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint32, np.int64])
def test_first_bad_row_among_random_corruptions(impl: ModuleType, dtype: type) -> None:
    # Values 52 and up or negative (some rows all of them; 256 + a card, which a byte would
    # wrap to that card), repeats of any card, several faults in one row or in several rows; 600
    # rows, so that kernels working on stretches of rows see them.
    rng = np.random.default_rng(11)
    info = np.iinfo(dtype)
    for trial in range(40):
        k = 5 + trial % 3
        hands = random_hands(rng, 600, k).astype(dtype)
        rows = sorted(rng.choice(600, size=1 + trial % 3, replace=False).tolist())
        for row in rows:
            kind = rng.integers(5)
            if kind == 4 and info.max > 255:
                hands[row, rng.integers(k)] = 256 + next(c for c in range(52) if c not in hands[row])
            elif kind in (0, 4):
                hands[row, rng.integers(k)] = rng.integers(52, min(info.max, 300) + 1)
            elif kind == 1:
                a, b = rng.choice(k, size=2, replace=False)
                hands[row, a] = hands[row, b]
            elif kind == 2:
                hands[row, :] = rng.integers(52, min(info.max, 300) + 1)
            else:
                hands[row, rng.integers(k)] = -1 if info.min < 0 else info.max
        if trial % 4 == 3:  # columns stored apart: another layout
            hands = np.asfortranarray(hands)
        with pytest.raises(ValueError, match=rf"^row {rows[0]}: "):
            impl.evaluate_many(hands)
        good = np.delete(hands, rows, axis=0)
        assert impl.evaluate_many(good).tolist() == singles(impl, good.astype(np.int64))


_GUARD_PAGE_SCRIPT = """
import ctypes, mmap, sys
import numpy as np
from handrank import DECK, _eval_c
from hands import random_hands

_eval_c._batch_kernel(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
page = mmap.PAGESIZE
for k in (5, 6, 7):
    for rows in (1, 63, 64, 256, 258, 259, 300, 512, 520):
        area = mmap.mmap(-1, 2 * page, prot=mmap.PROT_READ | mmap.PROT_WRITE)
        base = ctypes.addressof(ctypes.c_char.from_buffer(area))
        assert libc.mprotect(ctypes.c_void_p(base + page), page, 0) == 0  # PROT_NONE
        hands = np.frombuffer(area, dtype=np.uint8, count=rows * k, offset=page - rows * k).reshape(rows, k)
        hands[:] = random_hands(np.random.default_rng(rows), rows, k)
        assert _eval_c.evaluate_many(hands).tolist() == [_eval_c.evaluate([DECK[c] for c in r]) for r in hands.tolist()]
        hands[-1, 0] = hands[-1, 1]
        try:
            _eval_c.evaluate_many(hands)
        except ValueError as e:
            assert str(e).startswith(f"row {rows - 1}: "), e
        else:
            raise AssertionError("a repeated card in the last row went unnoticed")
        del hands
print("ok")
"""


@pytest.mark.skipif(sys.platform != "linux", reason="needs mprotect (Linux)")
def test_no_read_past_the_last_row(compiled: ModuleType, batch_kernel: str) -> None:
    # Rows that end where an unreadable page begins: a kernel that reads one byte too far crashes.
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent))
    done = subprocess.run(
        [sys.executable, "-c", _GUARD_PAGE_SCRIPT, batch_kernel], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


@pytest.mark.parametrize(
    "bad, error, message",
    [
        (np.zeros((3, 7), dtype=np.float64), TypeError, "integers"),
        (np.zeros((3, 7), dtype=bool), TypeError, "integers"),
        (np.zeros((3, 4), dtype=np.uint8), ValueError, "cards per row"),
        (np.zeros((3, 8), dtype=np.uint8), ValueError, "cards per row"),
        (np.zeros(7, dtype=np.uint8), ValueError, "2-D"),
        (np.zeros((2, 3, 7), dtype=np.uint8), ValueError, "2-D"),
        ([[0, 1, 2, 3, 4]], TypeError, "buffer protocol"),
        ("As Ks Qs Js Ts", TypeError, "buffer protocol"),
    ],
)
def test_bad_arrays(impl: ModuleType, bad: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        impl.evaluate_many(bad)


def test_non_native_byte_order_is_refused(impl: ModuleType) -> None:
    foreign = ">i4" if sys.byteorder == "little" else "<i4"
    with pytest.raises(TypeError, match="native byte order"):
        impl.evaluate_many(np.zeros((2, 5), dtype=foreign))


@pytest.mark.parametrize("threads", [-1, 1.5, "2"])
def test_bad_thread_counts(impl: ModuleType, hands7: np.ndarray, threads: object) -> None:
    with pytest.raises(ValueError, match="threads"):
        impl.evaluate_many(hands7, threads=threads)


def test_threads_give_the_serial_answer(compiled: ModuleType) -> None:
    hands = random_hands(np.random.default_rng(8), 200_000, 7)
    serial = compiled.evaluate_many(hands)
    for threads in (0, 2, 3, 8):
        assert np.array_equal(compiled.evaluate_many(hands, threads=threads), serial)


def test_bad_row_found_by_any_thread(compiled: ModuleType) -> None:
    hands = random_hands(np.random.default_rng(9), 200_000, 7)
    hands[150_001, 3] = 60
    hands[170_000, 3] = 61
    with pytest.raises(ValueError, match="row 150001"):
        compiled.evaluate_many(hands, threads=4)


def test_many_python_threads_at_once(impl: ModuleType) -> None:
    hands = random_hands(np.random.default_rng(10), 20_000, 7)
    serial = impl.evaluate_many(hands)
    results: list[tuple[np.ndarray, np.ndarray]] = []

    def work() -> None:
        batch = impl.evaluate_many(hands)
        single = np.array([impl.evaluate7(*(DECK[i] for i in row)) for row in hands[:2000].tolist()])
        results.append((batch, single))

    workers = [threading.Thread(target=work) for _ in range(6)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert len(results) == 6
    for batch, single in results:
        assert np.array_equal(batch, serial)
        assert np.array_equal(single, serial[:2000])


# ---- the Hold'em form: (n, 2) holdings against one board -------------------------------------


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64, np.uint64])
def test_holdem_form_equals_single_calls(impl: ModuleType, board_size: int, dtype: type) -> None:
    # 600 rows: kernels that work on stretches of rows see them.
    rng = np.random.default_rng(board_size)
    for _ in range(3):
        deck = rng.permutation(52)
        board = [DECK[i] for i in deck[:board_size]]
        rest = deck[board_size:]
        holdings = np.array([rng.choice(rest, 2, replace=False) for _ in range(600)], dtype=dtype)
        expected = [impl.evaluate([DECK[a], DECK[b], *board]) for a, b in holdings.tolist()]
        assert impl.evaluate_holdem(holdings, board).tolist() == expected


def test_holdem_form_every_holding_on_a_flush_board(impl: ModuleType) -> None:
    board = [DECK[i] for i in (51, 47, 43, 3, 7)]  # As Ks Qs 2s 3s: four-flush-rich board
    rest = [i for i in range(52) if i not in (51, 47, 43, 3, 7)]
    holdings = np.array([(a, b) for a in rest for b in rest if a < b], dtype=np.uint8)
    expected = [impl.evaluate([DECK[a], DECK[b], *board]) for a, b in holdings.tolist()]
    assert impl.evaluate_holdem(holdings, board).tolist() == expected


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16])
def test_holdem_form_first_bad_row_among_random_corruptions(impl: ModuleType, dtype: type) -> None:
    # A board card, a repeated hole card, values past 51 (also ones a byte would wrap to a card:
    # 256 + a card index), negatives; 600 rows, so that kernels working on stretches see them.
    rng = np.random.default_rng(21)
    info = np.iinfo(dtype)
    for trial in range(30):
        deck = rng.permutation(52)
        board_size = 3 + trial % 3
        holdings = np.array([rng.choice(deck[board_size:], 2, replace=False) for _ in range(600)], dtype=dtype)
        rows = sorted(rng.choice(600, size=1 + trial % 2, replace=False).tolist())
        for row in rows:
            kind = rng.integers(4)
            if kind == 0:
                holdings[row, rng.integers(2)] = deck[rng.integers(board_size)]
            elif kind == 1:
                holdings[row, 1] = holdings[row, 0]
            elif kind == 2:
                holdings[row, rng.integers(2)] = (
                    256 + int(deck[-1]) if info.max > 255 else rng.integers(52, info.max + 1)
                )
            else:
                holdings[row, rng.integers(2)] = -1 if info.min < 0 else info.max
        board = [DECK[i] for i in deck[:board_size]]
        with pytest.raises(ValueError, match=rf"^row {rows[0]}: "):
            impl.evaluate_holdem(holdings, board)
        good = np.delete(holdings, rows, axis=0)
        expected = [impl.evaluate([DECK[a], DECK[b], *board]) for a, b in good.tolist()]
        assert impl.evaluate_holdem(good, board).tolist() == expected


def test_holdem_form_bad_rows(impl: ModuleType) -> None:
    board = "As Ks Qs"
    with pytest.raises(ValueError, match=r"row 1: As \(index 51\) is on the board"):
        impl.evaluate_holdem(np.array([[0, 1], [51, 2]], dtype=np.uint8), board)
    with pytest.raises(ValueError, match="row 0: duplicate card 2c"):
        impl.evaluate_holdem(np.array([[0, 0]], dtype=np.uint8), board)
    with pytest.raises(ValueError, match="row 0: 77 is not a card index"):
        impl.evaluate_holdem(np.array([[77, 0]], dtype=np.uint8), board)
    with pytest.raises(ValueError, match="cards per row"):
        impl.evaluate_holdem(np.zeros((3, 3), dtype=np.uint8), board)
    with pytest.raises(ValueError, match="expected 3 to 5 cards, got 2"):
        impl.evaluate_holdem(np.zeros((3, 2), dtype=np.uint8), "As Ks")
    with pytest.raises(ValueError, match="duplicate card: As"):
        impl.evaluate_holdem(np.zeros((3, 2), dtype=np.uint8), "As Ks As")


def test_holdem_form_threads(compiled: ModuleType) -> None:
    rng = np.random.default_rng(4)
    deck = rng.permutation(52)
    board = [DECK[i] for i in deck[:5]]
    holdings = np.array([rng.choice(deck[5:], 2, replace=False) for _ in range(100_000)], dtype=np.uint8)
    serial = compiled.evaluate_holdem(holdings, board)
    assert np.array_equal(compiled.evaluate_holdem(holdings, board, threads=0), serial)


BATCH_INTERRUPT = """
import os, signal, sys, threading, time
import numpy as np
from handrank import _eval_c
from handrank.iso import HandIndexer
threads = int(sys.argv[2])
row = np.array([[0, 5, 10, 15, 20, 27, 33, 40, 44]], dtype=np.uint8)
jokers = np.array([[0, 5, 10, 15, 20, 52, 53]], dtype=np.uint8)  # five cards and two jokers
work = {  # each several seconds on one core: rows broadcast from one, so they cost no memory
    "omaha": lambda: _eval_c.evaluate_omaha_many(np.broadcast_to(row, (60_000_000, 9)), threads=threads),
    "low": lambda: _eval_c.evaluate_low_many(np.broadcast_to(row[:, :7], (80_000_000, 7)), threads=threads),
    "index": lambda: HandIndexer([2, 5]).index_many(np.broadcast_to(row[:, :7], (50_000_000, 7)), threads=threads),
    "wild": lambda: _eval_c.evaluate_wild_rows(np.broadcast_to(jokers, (80_000_000, 7)), threads=threads),
    "unindex": lambda: HandIndexer([2, 5]).unindex_many(np.zeros(60_000_000, dtype=np.int64), threads=threads),
}[sys.argv[1]]
sent = []
def ctrl_c():  # to the process, as a terminal sends it, or to a worker thread once the batch has one
    time.sleep(0.5)
    if sys.argv[3] == "process":
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)
        return
    while not any(t.name.startswith("handrank-worker") for t in threading.enumerate()):
        time.sleep(0.01)
    worker = next(t for t in threading.enumerate() if t.name.startswith("handrank-worker"))
    sent.append(time.perf_counter())
    signal.pthread_kill(worker.ident, signal.SIGINT)
threading.Thread(target=ctrl_c, daemon=True).start()
try:
    work()
    print("finished")
except KeyboardInterrupt:
    print(f"interrupted {time.perf_counter() - sent[0]:.1f}")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to oneself is a POSIX thing")
@pytest.mark.parametrize(("threads", "to"), [(1, "process"), (2, "process"), (2, "worker")])
@pytest.mark.parametrize("work", ["omaha", "low", "index", "unindex", "wild"])
def test_ctrl_c_stops_a_long_batch_within_a_second(compiled: ModuleType, threads: int, to: str, work: str) -> None:
    # Python runs the handler in the main thread only: a SIGINT a worker thread took must still
    # stop the batch, though the main thread is only waiting.
    done = subprocess.run(
        [sys.executable, "-c", BATCH_INTERRUPT, work, str(threads), to], capture_output=True, text=True, timeout=300
    )
    assert done.stdout.startswith("interrupted"), (done.stdout, done.stderr)
    assert float(done.stdout.split()[1]) < 1.0  # seconds from the signal
