"""handrank.dask on a real cluster: distributed.LocalCluster with two worker processes.

Results must equal the one-machine functions; a worker killed mid-job (its process ended
with SIGKILL) must not change the answer. Skipped, saying why, without dask and distributed.
"""

from __future__ import annotations

import doctest
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("dask", reason="dask is not installed (pip install 'handrank[dask]')")
distributed = pytest.importorskip("distributed", reason="distributed is not installed (pip install 'handrank[dask]')")
np = pytest.importorskip("numpy")

import dask.array as da  # noqa: E402

import handrank as hr  # noqa: E402
import handrank.dask as hd  # noqa: E402
from handrank import _switch  # noqa: E402
from handrank.history.stats import file_rows, totals  # noqa: E402

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def random_hands(n: int, width: int, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(hd)
    assert failures == 0 and tried > 0


def test_batches_map_over_chunks_on_the_workers(client: Any) -> None:
    seven, five = random_hands(20_000, 7, 1), random_hands(20_000, 5, 2)
    uneven = da.from_array(seven, chunks=((7_000, 9_000, 4_000), (4, 3)))  # rows split across chunks too
    ranks = hd.evaluate_many(uneven)
    assert ranks.chunks == ((7_000, 9_000, 4_000),)
    assert (client.compute(ranks).result() == hr.evaluate_many(seven)).all()
    board = "Kh 7d 2c"
    holdings = random_hands(5_000, 2, 3)
    holdings = holdings[~np.isin(holdings, [hr.to_index(c) for c in hr.cards(board)]).any(axis=1)]
    assert (
        hd.evaluate_holdem(da.from_array(holdings, chunks=500), board).compute() == hr.evaluate_holdem(holdings, board)
    ).all()
    omaha = random_hands(5_000, 9, 4)
    assert (hd.evaluate_omaha_many(da.from_array(omaha, chunks=999)).compute() == hr.evaluate_omaha_many(omaha)).all()
    assert (
        hd.evaluate_low_many(da.from_array(five, chunks=3_000), "2-7").compute() == hr.evaluate_low_many(five, "2-7")
    ).all()
    with pytest.raises(ValueError, match="rows of 2 cards"):
        hd.evaluate_holdem(da.from_array(seven, chunks=100), board)


@pytest.mark.parametrize("parts", [1, 5, 64])
def test_monte_carlo_is_one_machines_answer_for_any_split(client: Any, parts: int) -> None:
    players = ["AhKh", "QQ+, AKs", "random"]
    trials = 300_000 if _switch.IMPLEMENTATION == "cython" else 6_000
    here = hr.equity(players, board="2c 7d", trials=trials, seed=11)
    there = hd.equity(players, board="2c 7d", trials=trials, seed=11, client=client, parts=parts)
    assert there == here and not there.exact


def test_exact_splits_add_up_to_one_machines_answer(client: Any) -> None:
    hands = ["AhKh", "QsQd", "7c7d"]
    assert hd.equity(hands, board="2c 9h 3s", client=client) == hr.equity(hands, board="2c 9h 3s")
    assert hd.equity(hands[:2], board="2c 9h 3s Jd 4c", client=client) == hr.equity(hands[:2], board="2c 9h 3s Jd 4c")
    ranges = ["AA, KK", "QQ, JJ, AKs"]
    here = hr.equity(ranges, board="2c 9h 3s 8d", exact=True)
    there = hd.equity(ranges, board="2c 9h 3s 8d", exact=True, client=client, parts=4)
    assert there.boards == here.boards
    for mine, theirs in zip(there.players, here.players):
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-12) and mine.win == pytest.approx(
            theirs.win, abs=1e-12
        )


def test_a_worker_killed_mid_job_changes_nothing(client: Any) -> None:
    # 24 parts on two workers: the victim is killed as soon as it holds a part, while about 22 parts are
    # still to run, so the job is under way however fast the machine runs a part.
    players = ["AhKh", "random", "random"]
    trials = 100_000_000 if _switch.IMPLEMENTATION == "cython" else 200_000
    here = hr.equity(players, trials=trials, seed=3)
    pids = client.run(os.getpid)
    victim_address, victim = min(pids.items(), key=lambda item: item[1])
    killed = threading.Event()
    killed_at: list[float] = []

    def kill_when_busy() -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not client.processing(workers=[victim_address]).get(victim_address):
            time.sleep(0.005)
        os.kill(victim, signal.SIGKILL)
        killed_at.append(time.monotonic())
        killed.set()

    killer = threading.Thread(target=kill_when_busy)
    killer.start()
    there = hd.equity(players, trials=trials, seed=3, client=client, parts=24)
    finished_at = time.monotonic()
    killer.join()
    assert killed.is_set() and killed_at[0] < finished_at  # killed while the job ran
    assert there == here
    client.wait_for_workers(2, timeout=60)
    assert victim not in client.run(os.getpid).values()  # the nanny started a new process


def test_history_stats_on_the_cluster_equal_one_machines(client: Any, tmp_path: Path) -> None:
    folder = SHARED / "phh" / "pluribus"
    if not folder.is_dir():
        pytest.skip(f"no PHH data set at {folder} (set HANDRANK_SHARED)")
    paths = sorted(str(p) for p in folder.rglob("*.phh"))[:300]
    bad = tmp_path / "broken.phh"
    bad.write_text('variant = "NT"\nstarting_stacks = [1, 2\n')
    frame, problems = hd.history_stats([*paths, str(bad)], partitions=8)
    stats = client.compute(frame).result()
    rows = [r for p in paths for r in file_rows(p)[0]]
    expected = totals(rows)
    assert len(rows) > 1000 and sorted(stats.index) == sorted(expected)
    for player, values in expected.items():
        for name in ("hands", "vpip", "pfr", "three_bet", "aggressive", "calls", "showdown", "won_showdown"):
            assert stats.loc[player, name] == values[name]
        assert stats.loc[player, "net"] == pytest.approx(values["net"])
        assert stats.loc[player, "net_all_in"] == pytest.approx(values["net_all_in"])
    assert any(stats["net_all_in"] != stats["net"])  # some all-in pots were dealt out
    reported = client.compute(problems).result()
    assert [where for where, _ in reported] == [str(bad)]


def test_potentials_by_flop_on_the_workers_equal_one_machines(client: Any) -> None:
    from handrank.cards import cards_str
    from handrank.potential import potentials

    flops = ["Kh 7d 2c", "As Ks Qs", "9h 8h 7c"]
    frame = client.compute(hd.potentials_by_flop("QQ+, AK, 98s", "22+, AT+", flops=flops)).result()
    assert sorted(set(frame["flop"])) == sorted(flops)
    for flop in flops:
        alone = potentials("QQ+, AK, 98s", flop, "22+, AT+")
        rows = frame[frame["flop"] == flop].set_index("hand")
        assert len(rows) == len(alone)
        for combo, p in alone.items():
            row = rows.loc[cards_str(combo)]
            assert (row.hs, row.ppot, row.npot, row.ehs, row.ehs2) == (p.hs, p.ppot, p.npot, p.ehs, p.ehs2)
    with pytest.raises(ValueError, match="three cards"):
        hd.potentials_by_flop(flops=["Kh 7d"])
