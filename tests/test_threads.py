"""Threads: how the one runner splits work, that results come back in order, that a failure
in one thread asks the others to stop, and that batch calls keep their kernel while it is switched."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import threading
from array import array
from pathlib import Path
from types import ModuleType

import pytest

import handrank
from handrank._kernels import threads as _threads

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


@pytest.mark.parametrize("n, threads", [(0, 1), (1, 4), (10, 1), (10, 3), (17, 4), (3, 8)])
def test_even_bounds_cover_the_range_once_in_order(n: int, threads: int) -> None:
    bounds = _threads.even_bounds(n, threads)
    assert [i for lo, hi in bounds for i in range(lo, hi)] == list(range(n))
    assert len(bounds) <= max(threads, 1)
    assert bounds[0][0] == 0 and bounds[-1][1] == n


@pytest.mark.parametrize("work, threads", [([5], 2), ([1] * 10, 3), ([100, 1, 1, 1, 1], 2), ([3, 2, 1, 0], 4)])
def test_balanced_bounds_cover_the_work_in_about_equal_shares(work: list[int], threads: int) -> None:
    bounds = _threads.balanced_bounds(work, threads)
    assert [i for lo, hi in bounds for i in range(lo, hi)] == list(range(len(work)))
    assert len(bounds) <= threads
    shares = [sum(work[lo:hi]) for lo, hi in bounds]
    assert max(shares) <= sum(work) / len(bounds) + max(work)


def test_threads_for_checks_its_argument_and_caps_by_the_work() -> None:
    assert _threads.threads_for(None, 10**9) == 1
    assert _threads.threads_for(4, 10) == 1  # too little work for a second thread
    assert _threads.threads_for(4, 4 * _threads.MIN_ROWS_PER_THREAD) == 4
    for bad in (-1, 1.5, "2"):
        with pytest.raises(ValueError, match="threads must be None or an int"):
            _threads.threads_for(bad, 100)  # type: ignore[arg-type]


def test_run_gives_the_results_in_order_from_real_threads() -> None:
    seen: set[int] = set()
    together = threading.Barrier(4)  # every part waits for the others: four threads at once

    def task(lo: int, hi: int) -> list[int]:
        seen.add(threading.get_ident())
        together.wait(timeout=10)
        return list(range(lo, hi))

    bounds = _threads.even_bounds(40, 4)
    assert [x for part in _threads.run(task, bounds) for x in part] == list(range(40))
    assert len(seen) == 4 and threading.get_ident() not in seen
    seen.clear()
    together = threading.Barrier(1)
    assert _threads.run(task, [(0, 3)]) == [[0, 1, 2]]
    assert seen == {threading.get_ident()}  # one bound: run in this thread


def test_a_failing_thread_cancels_the_others() -> None:
    stop = threading.Event()
    started = threading.Barrier(2)

    def task(lo: int, hi: int) -> int:
        started.wait(timeout=10)
        if lo == 0:
            raise RuntimeError("bad part")
        assert stop.wait(timeout=10), "never cancelled"
        return lo

    with pytest.raises(RuntimeError, match="bad part"):
        _threads.run(task, [(0, 1), (1, 2)], cancel=stop.set)
    assert stop.is_set()


_SWITCH_SCRIPT = """
import sys, threading
import numpy as np
from handrank import _eval_c
from hands import random_hands

kernels = [k for k in ("portable", "avx2", "avx512", "neon") if k in sys.argv[1:]]
_eval_c._batch_kernel("portable")  # a fresh process: the SIMD table is not filled yet
hands = random_hands(np.random.default_rng(9), 300_000, 7)
expected = _eval_c.evaluate_many(hands)
done = threading.Event()

def switch():
    i = 0
    while not done.is_set():
        _eval_c._batch_kernel(kernels[i % len(kernels)])
        i += 1

switcher = threading.Thread(target=switch)
switcher.start()
try:
    for _ in range(20):
        assert np.array_equal(_eval_c.evaluate_many(hands, threads=2), expected), "a call changed kernels midway"
finally:
    done.set()
    switcher.join()
print("ok")
"""


def test_switching_kernels_while_batches_run(compiled: ModuleType) -> None:
    # Each call runs one kernel from start to end, with its table filled first, whatever the test
    # hook does meanwhile (a call that started portable read an unfilled table after a switch).
    kernels = [k for k in ("portable", "avx2", "avx512", "neon") if _can_run(compiled, k)]
    if len(kernels) < 2:
        pytest.skip("one batch kernel here: nothing to switch between")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent))
    done = subprocess.run(
        [sys.executable, "-c", _SWITCH_SCRIPT, *kernels], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.stdout.strip() == "ok", done.stdout + done.stderr


def _can_run(compiled: ModuleType, kernel: str) -> bool:
    before = compiled._batch_kernel()
    try:
        compiled._batch_kernel(kernel)
        return True
    except ValueError:
        return False
    finally:
        compiled._batch_kernel(before)


# AsKs against KhKd or KhKc, as the Monte Carlo kernel takes them: combos, alias probabilities, aliases.
RANGES = [
    (array("B", [51, 47]), array("d", [1.0]), array("i", [0])),
    (array("B", [46, 45, 46, 44]), array("d", [1.0, 1.0]), array("i", [0, 1])),
]


def test_sixteen_threads_at_once_get_what_one_gets(compiled: ModuleType) -> None:
    # Single calls, batches (with threads of their own) and equity from 16 threads together.
    import numpy as np
    from hands import random_hands

    from handrank import DECK

    hands = random_hands(np.random.default_rng(16), 20_000, 7)
    singles = [[DECK[i] for i in row] for row in hands[:300].tolist()]
    expected = (
        compiled.evaluate_many(hands).tolist(),
        [compiled.evaluate(cs) for cs in singles],
        compiled.exact_showdowns([[51, 47], [0, 4]], board=[43, 39, 35]),
        compiled.sampled_showdowns(RANGES, trials=5000),
    )
    failures: list[str] = []
    start = threading.Barrier(16)

    def work(i: int) -> None:
        start.wait(timeout=30)
        for _ in range(5):
            got = (
                compiled.evaluate_many(hands, threads=i % 3).tolist(),
                [compiled.evaluate(cs) for cs in singles],
                compiled.exact_showdowns([[51, 47], [0, 4]], board=[43, 39, 35], threads=i % 2 + 1),
                compiled.sampled_showdowns(RANGES, trials=5000),
            )
            if got != expected:
                failures.append(f"thread {i}")

    workers = [threading.Thread(target=work, args=(i,)) for i in range(16)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not failures, failures


def _immortal(obj: object) -> bool:
    """Python 3.14 says; 3.13 gives an immortal object a reference count no real count reaches."""
    is_immortal = getattr(sys, "_is_immortal", None)
    return bool(is_immortal(obj)) if is_immortal else sys.getrefcount(obj) >= 1 << 30


@pytest.mark.skipif(not FREE_THREADED, reason="a build with the GIL: only a free-threaded one makes constants immortal")
def test_the_card_ints_threads_share_are_immortal() -> None:
    # Two threads ranking hands of DECK's ints ran at half speed, each reference taken or dropped
    # a write to a count the other thread also writes; immortal objects are not counted.
    from handrank.cards import _TOKENS

    assert all(_immortal(c) for c in handrank.DECK)
    assert all(_immortal(c) for c in _TOKENS.values())
    assert all(_immortal(c) for c in handrank.cards("As Kd 10h"))
    assert all(_immortal(handrank.card_str(c)) for c in handrank.DECK)  # the text they print as


@pytest.mark.skipif(not FREE_THREADED, reason="a build with the GIL: no GIL to keep off")
def test_importing_handrank_keeps_the_gil_off(compiled: ModuleType) -> None:
    # An extension not declared free-threading safe turns the GIL back on at import, with a warning.
    env = {k: v for k, v in os.environ.items() if k != "PYTHON_GIL"}
    script = "import sys, handrank, handrank._eval_c, numpy; print(sys._is_gil_enabled())"
    done = subprocess.run([sys.executable, "-W", "error", "-c", script], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stdout + done.stderr


_INTERRUPT_SCRIPT = """
import os, random, signal, sys, threading, time
from handrank._kernels import threads

threads.WAKE_SECONDS = 1e-5  # the waiting thread always between waits: where a Ctrl-C once left a lock held
stopping = threading.Event()
random.seed(int(sys.argv[2]))

in_task = [0]  # tasks running now
count = threading.Lock()

def task(start, stop):
    with count:
        in_task[0] += 1
    stopping.wait(0.02)
    with count:
        in_task[0] -= 1
    return start

interrupted = 0
for trial in range(int(sys.argv[1])):
    stopping.clear()
    sent = threading.Event()
    def ctrl_c():
        time.sleep(random.uniform(0.0, 0.02))
        os.kill(os.getpid(), signal.SIGINT)
        sent.set()
    try:
        threading.Thread(target=ctrl_c, daemon=True).start()
        try:
            assert threads.run(task, [(i, i + 1) for i in range(8)], stopping.set) == list(range(8))
        except KeyboardInterrupt:
            interrupted += 1
            assert in_task[0] == 0, f"the run raised with {in_task[0]} tasks running"
        sent.wait()
        time.sleep(0.01)  # a Ctrl-C sent after the run is raised here, not in the next trial
    except KeyboardInterrupt:
        pass
print("interrupted", interrupted)
"""


def test_ctrl_c_anywhere_in_the_wait_ends_the_run_with_every_worker() -> None:
    # A Ctrl-C raised at a random point of the waiting thread's loop, run after run: the run
    # raises it once every worker has ended, and none waits on a lock the interrupt left held
    # (concurrent.futures' wait did, on a free-threaded build, within a few hundred runs).
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPT_SCRIPT, "300", "7"],
        env=dict(os.environ, PYTHONFAULTHANDLER="1"),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    interrupted = int(done.stdout.split()[-1])
    assert interrupted > 100, done.stdout  # most Ctrl-Cs land in a run, not after it
