"""handrank.iso: hands indexed up to suit isomorphism, and the strength tables.

The indexers of both implementations: the class counts of the method's paper, index and unindex
inverse to each other (every flop class, millions of random turn and river hands), the classes
checked against a plain reference (a hand's least form over its 24 suit renamings), the two
implementations equal, the input checked. The strength kernels against brute force (every
opponent hand, every runout, ranked one by one); the table build on real worker processes and
on a Dask cluster, interrupted and resumed, the same bytes however it ran."""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations, permutations
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from handrank import DECK, cards, evaluate, to_index
from handrank.iso import RIVER_POINTS, STREETS, HandIndexer, StrengthTables, build_tables

np = pytest.importorskip("numpy")

COUNTS = {
    (2,): 169,
    (2, 3): 1_286_792,
    (2, 4): 13_960_050,
    (2, 5): 123_156_254,
    (2, 3, 1): 55_190_538,
    (2, 3, 1, 1): 2_428_287_420,
}
"""Canonical hands per street: the board as one round (imperfect recall) and each street apart."""


@pytest.mark.parametrize("rounds, count", COUNTS.items())
def test_the_class_counts_are_the_papers(impl: ModuleType, rounds: tuple[int, ...], count: int) -> None:
    assert impl.hand_indexer(rounds).size == count


def reference_form(deal: list[int], rounds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The least, over the 24 renamings of the suits, of the hand's cards sorted within each round."""
    best = None
    for perm in permutations(range(4)):
        renamed = [(c & ~3) | perm[c & 3] for c in deal]
        start, form = 0, []
        for n in rounds:
            form.append(tuple(sorted(renamed[start : start + n])))
            start += n
        if best is None or tuple(form) < best:
            best = tuple(form)
    assert best is not None
    return best


@pytest.mark.parametrize("rounds", [(2,), (2, 3), (2, 4), (2, 5), (2, 3, 1, 1), (4, 3, 1, 1)])
def test_classes_match_the_reference_on_random_hands(impl: ModuleType, rounds: tuple[int, ...]) -> None:
    """Same reference form, same index; different forms, different indexes; and round trips."""
    indexer = impl.hand_indexer(rounds)
    rng = random.Random(sum(rounds))
    seen: dict[tuple[tuple[int, ...], ...], int] = {}
    # preflop: enough deals to meet all 169 classes (a pair class is 6 of 1,326 deals)
    for _ in range(2000 if len(rounds) > 1 else 6000):
        deal = rng.sample(range(52), sum(rounds))
        index = indexer.index(deal)
        form = reference_form(deal, rounds)
        assert seen.setdefault(form, index) == index
        canonical = indexer.unindex(index)
        assert indexer.index(canonical) == index and reference_form(canonical, rounds) == form
    assert len(set(seen.values())) == len(seen)  # distinct classes, distinct indexes
    if rounds == (2,):
        assert len(seen) == 169  # every starting-hand class met


def random_hands(n: int, width: int, seed: int) -> Any:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


@pytest.mark.parametrize("rounds", [(2,), (2, 3), (2, 4), (2, 5), (2, 3, 1), (2, 3, 1, 1), (4, 3, 1, 1), (1,) * 8])
def test_both_implementations_give_the_same_indexes(
    compiled: ModuleType, pure: ModuleType, rounds: tuple[int, ...]
) -> None:
    c, p = compiled.hand_indexer(rounds), pure.hand_indexer(rounds)
    assert (c.size, c.configurations) == (p.size, p.configurations)
    hands = random_hands(1500, sum(rounds), len(rounds))
    assert c.index_many(hands).tolist() == p.index_many(hands).tolist()
    indexes = np.random.default_rng(1).integers(0, c.size, 1500, dtype=np.int64)
    assert c.unindex_many(indexes).tolist() == p.unindex_many(indexes).tolist()
    assert [c.index(h) for h in hands[:50].tolist()] == [p.index(h) for h in hands[:50].tolist()]


def test_batches_equal_single_calls(impl: ModuleType) -> None:
    indexer = impl.hand_indexer((2, 3, 1))
    hands = random_hands(300, 6, 3)
    indexes = indexer.index_many(hands, threads=2)
    assert indexes.dtype == np.int64 and indexes.tolist() == [indexer.index(h) for h in hands.tolist()]
    canonical = indexer.unindex_many(indexes)
    assert canonical.dtype == np.uint8 and canonical.shape == (300, 6)
    assert canonical.tolist() == [indexer.unindex(i) for i in indexes.tolist()]
    from array import array

    flat = indexer.index_many(memoryview(array("B", hands.ravel().tolist())).cast("B", (300, 6)))
    assert list(flat) == indexes.tolist()  # no numpy in, an array out
    assert indexer.unindex_many(array("q", indexes.tolist())).tolist() == canonical.tolist()


@pytest.mark.exhaustive
def test_every_flop_class_round_trips(compiled: ModuleType) -> None:
    indexer = compiled.hand_indexer((2, 3))
    every = np.arange(indexer.size, dtype=np.int64)
    assert (indexer.index_many(indexer.unindex_many(every, threads=0), threads=0) == every).all()


@pytest.mark.exhaustive
@pytest.mark.parametrize("rounds", [(2, 4), (2, 5), (2, 3, 1, 1)])
def test_millions_of_random_hands_round_trip(compiled: ModuleType, rounds: tuple[int, ...]) -> None:
    """A hand's class's canonical hand has that class; a random index's canonical hand has that index."""
    indexer = compiled.hand_indexer(rounds)
    hands = random_hands(1_000_000, sum(rounds), 11)
    indexes = indexer.index_many(hands, threads=0)
    assert (indexer.index_many(indexer.unindex_many(indexes, threads=0), threads=0) == indexes).all()
    chosen = np.random.default_rng(12).integers(0, indexer.size, 1_000_000, dtype=np.int64)
    assert (indexer.index_many(indexer.unindex_many(chosen, threads=0), threads=0) == chosen).all()


def test_input_is_checked(impl: ModuleType) -> None:
    flop = impl.hand_indexer((2, 3))
    with pytest.raises(ValueError, match="expected 5 cards"):
        flop.index([50, 46, 2, 20])
    with pytest.raises(ValueError, match="twice"):
        flop.index([50, 46, 2, 20, 50])
    with pytest.raises(ValueError, match="not a card index: 52"):
        flop.index([50, 46, 2, 20, 52])
    with pytest.raises(ValueError, match="not an index"):
        flop.unindex(flop.size)
    with pytest.raises(ValueError, match="rounds"):
        impl.hand_indexer((2, 0))
    with pytest.raises(ValueError, match="rounds"):
        impl.hand_indexer((1,) * 9)
    with pytest.raises(ValueError, match="64-bit"):
        impl.hand_indexer((2, 2, 2, 2, 2, 2, 2, 2))
    hands = random_hands(5, 5, 0)
    hands[3, 4] = hands[3, 0]
    with pytest.raises(ValueError, match="row 3: duplicate card"):
        flop.index_many(hands)
    hands[3, 4] = 60
    with pytest.raises(ValueError, match="row 3: 60 is not a card index"):
        flop.index_many(hands)
    with pytest.raises(ValueError, match="expected 5 cards per row"):
        flop.index_many(random_hands(5, 6, 0))
    with pytest.raises(ValueError, match="item 1: -1 is not an index"):
        flop.unindex_many(np.array([0, -1], dtype=np.int64))
    with pytest.raises(ValueError, match="1-D"):
        flop.unindex_many(np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(ValueError, match="threads"):
        flop.index_many(random_hands(5, 5, 0), threads=-1)


def test_the_public_indexer_takes_any_card_form() -> None:
    flop = HandIndexer((2, 3))
    a = flop.index("Ah Kh 2h 7c 9d")
    assert a == flop.index([50, 46, 2, 20, 29]) == flop.index(cards("As Ks 2s 7d 9c"))
    assert flop.unindex(a) == cards("Ac Kc 2c 9d 7h")  # card ints
    assert flop.unindex_many(np.array([a])).tolist() == [[to_index(c) for c in cards("Ac Kc 2c 9d 7h")]]


def brute_points(hole: list[int], board: list[int]) -> int:
    """2 x wins + ties of hole cards on a full board against every hand of the other cards."""
    mine = evaluate([DECK[c] for c in hole + board])
    rest = [c for c in range(52) if c not in hole + board]
    points = 0
    for other in combinations(rest, 2):
        theirs = evaluate([DECK[c] for c in list(other) + board])
        points += 2 if mine < theirs else 1 if mine == theirs else 0
    return points


def test_river_points_are_every_opponents(impl: ModuleType) -> None:
    river = impl.hand_indexer((2, 5))
    boards = np.array([[48, 44, 40, 36, 0], [0, 4, 9, 13, 51], [3, 7, 11, 25, 30]], dtype=np.uint8)
    indexes, points = impl.river_strengths(river, boards)
    assert len(indexes) == len(points) == 3 * 1081
    rng = random.Random(5)
    for b, board in enumerate(boards.tolist()):
        pairs = list(combinations([c for c in range(52) if c not in board], 2))
        for j in rng.sample(range(1081), 12):
            hole = list(pairs[j])
            assert indexes[b * 1081 + j] == river.index(hole + board)
            assert points[b * 1081 + j] == brute_points(hole, board), (hole, board)
    with pytest.raises(ValueError, match="row 0: duplicate card"):
        impl.river_strengths(river, np.array([[1, 1, 2, 3, 4]], dtype=np.uint8))
    with pytest.raises(ValueError, match="rounds \\(2, 5\\)"):
        impl.river_strengths(impl.hand_indexer((2, 4)), boards)


def river_table_for(impl: ModuleType, hands: list[list[int]]) -> Any:
    """A river table filled (by ``river_strengths``) on the boards of every runout of ``hands``."""
    river, boards = impl.hand_indexer((2, 5)), impl.hand_indexer((5,))
    table = np.zeros(river.size, dtype=np.uint16)
    needed = set()
    for hand in hands:
        rest = [c for c in range(52) if c not in hand]
        for runout in combinations(rest, 7 - len(hand)):
            needed.add(boards.index(hand[2:] + list(runout)))
    chosen = boards.unindex_many(np.array(sorted(needed), dtype=np.int64))
    indexes, points = impl.river_strengths(river, chosen)
    table[np.asarray(indexes)] = np.asarray(points)
    return table


def test_turn_sums_and_histograms_are_every_runouts(impl: ModuleType) -> None:
    turn, river = impl.hand_indexer((2, 4)), impl.hand_indexer((2, 5))
    hands = [turn.unindex(i) for i in (0, 4_321_987, turn.size - 1)]
    table = river_table_for(impl, hands)
    for hand in hands:
        i = turn.index(hand)
        sums, counts = impl.runout_strengths(turn, river, table, i, i + 1, 7)
        expected = [brute_points(hand[:2], hand[2:] + [r]) for r in range(52) if r not in hand]
        assert list(sums) == [sum(expected)]
        histogram = [0] * 7
        for p in expected:
            histogram[min(6, p * 7 // RIVER_POINTS)] += 1
        assert counts.tolist() == [histogram] and sum(histogram) == 46


def test_flop_sums_are_every_runouts(compiled: ModuleType) -> None:
    flop, river = compiled.hand_indexer((2, 3)), compiled.hand_indexer((2, 5))
    hand = flop.index([51, 47, 50, 20, 1])  # As Ks on Ah 7c 2d
    canonical = flop.unindex(hand)
    table = river_table_for(compiled, [canonical])
    sums, counts = compiled.runout_strengths(flop, river, table, hand, hand + 1, 50)
    rest = [c for c in range(52) if c not in canonical]
    expected = [brute_points(canonical[:2], canonical[2:] + list(r)) for r in combinations(rest, 2)]
    assert list(sums) == [sum(expected)] and int(counts.sum()) == 1081
    assert (
        counts[0].tolist()
        == np.bincount(np.minimum(np.array(expected) * 50 // RIVER_POINTS, 49), minlength=50).tolist()
    )


def test_runout_arguments_are_checked(impl: ModuleType) -> None:
    turn, river = impl.hand_indexer((2, 4)), impl.hand_indexer((2, 5))
    table = np.zeros(river.size, dtype=np.uint16)
    with pytest.raises(ValueError, match="river table of"):
        impl.runout_strengths(turn, river, table[:10], 0, 1, 5)
    with pytest.raises(ValueError, match="start <= stop"):
        impl.runout_strengths(turn, river, table, 5, turn.size + 1, 5)
    with pytest.raises(ValueError, match="bins"):
        impl.runout_strengths(turn, river, table, 0, 1, 0)
    with pytest.raises(ValueError, match="typecode 'H'"):
        impl.runout_strengths(turn, river, table.astype(np.int32), 0, 1, 5)
    with pytest.raises(ValueError, match="earlier street"):
        impl.runout_strengths(river, river, table, 0, 1, 5)


# The tables, built whole: compiled only, and long (the river is ~25 s of one core).


@pytest.fixture(scope="module")
def river_tables(tmp_path_factory: pytest.TempPathFactory, compiled: ModuleType) -> Path:
    """The river table, built by the command on two local worker processes."""
    out = tmp_path_factory.mktemp("pool")
    command = [sys.executable, "-m", "handrank", "strength-tables", str(out), "--streets", "river", "--workers", "2"]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"river: {out / 'river.npy'}\n"
    return out


@pytest.mark.exhaustive
def test_river_table_equities_are_brute_forces(river_tables: Path) -> None:
    tables = StrengthTables(river_tables)
    rng = random.Random(8)
    for _ in range(20):
        deal = rng.sample(range(52), 7)
        assert tables.equity(deal[:2], deal[2:]) == brute_points(deal[:2], deal[2:]) / RIVER_POINTS
    with pytest.raises(ValueError, match="no turn table"):
        tables.equity("Ah Kh", "2c 3d 4h 5s")
    with pytest.raises(ValueError, match="build the river first"):
        build_tables(river_tables.parent / "empty", ["turn"], workers=1)


@pytest.mark.exhaustive
def test_an_interrupted_build_resumes_on_dask_to_the_same_bytes(river_tables: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    seen = []

    def stop_after_three(street: str, done: int, total: int) -> None:
        seen.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_tables(tmp_path, ["river"], workers=1, progress=stop_after_three)
    assert (tmp_path / "river.done").read_text().split() == ["0", "1", "2"]
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=40) as cluster,
        distributed.Client(cluster) as client,
    ):
        build_tables(tmp_path, ["river"], client=client, progress=lambda s, d, n: seen.append(d))
    assert seen[3] == 4 and seen[-1] == len((tmp_path / "river.done").read_text().split())  # the rest only
    assert (tmp_path / "river.npy").read_bytes() == (river_tables / "river.npy").read_bytes()


@pytest.mark.exhaustive
def test_preflop_equities_from_the_river_table_are_exact(river_tables: Path, compiled: ModuleType) -> None:
    """Preflop classes summed over every runout equal handrank.odds's exact equity against a random hand."""
    from handrank import odds

    river_table = np.load(river_tables / "river.npy", mmap_mode="r")
    preflop, river = compiled.hand_indexer(STREETS["preflop"]), compiled.hand_indexer(STREETS["river"])
    for hand in ("As Ad", "7h 2c"):
        i = preflop.index([to_index(c) for c in cards(hand)])
        sums, counts = compiled.runout_strengths(preflop, river, river_table, i, i + 1, 10)
        result = odds.equity([hand, "random"], exact=True)
        assert abs(int(sums[0]) / (RIVER_POINTS * 2_118_760) - result.players[0].equity) < 1e-12
        assert int(counts.sum()) == 2_118_760


def test_the_command_says_what_is_wrong(tmp_path: Path) -> None:
    from handrank.cli import main

    assert main(["strength-tables", str(tmp_path), "--streets", "turn"]) == 2  # no river table yet
    assert main(["strength-tables", str(tmp_path), "--bins", "0"]) == 2


def test_build_arguments_are_checked(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown street 'showdown'"):
        build_tables(tmp_path, ["showdown"])
    with pytest.raises(ValueError, match="bins"):
        build_tables(tmp_path, ["river"], bins=0)
    with pytest.raises(ValueError, match="no strength tables"):
        StrengthTables(tmp_path)


@pytest.mark.skipif(sys.platform != "linux", reason="the pages are let go with madvise, which this test reads on Linux")
def test_a_table_written_chunk_by_chunk_is_not_held_in_memory(tmp_path: Path) -> None:
    """A build writes each chunk into the table file and lets its pages go: a process that writes
    a 256 MiB table a chunk at a time, as the build does, peaks far below the table's size, and
    the file holds what was written."""
    script = f"""
import resource
import numpy as np
from pathlib import Path
from handrank.iso import _open, _written
table = _open(Path({str(tmp_path / "t.npy")!r}), (1 << 27,), "uint16")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for start in range(0, 1 << 27, 1 << 23):
    table.values[start : start + (1 << 23)] = np.arange(1 << 23, dtype=np.uint16) + (start >> 23)
    _written(table)
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert int(done.stdout) < 96, f"the writing process grew by {done.stdout.strip()} MiB for a 256 MiB table"
    values = np.load(tmp_path / "t.npy", mmap_mode="r")
    assert values.shape == (1 << 27,) and values[5] == 5 and values[(3 << 23) + 7] == 10
