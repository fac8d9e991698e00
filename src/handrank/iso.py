"""Hands indexed up to suit isomorphism, and each class's strength on every street.

A ``HandIndexer`` is made for the cards dealt in each round, e.g. ``(2, 3)`` for hole cards
and a flop. Two hands get the same index exactly when one becomes the other by a permutation
of the four suits applied to every round at once; ``unindex`` gives the class's canonical
hand. Rounds kept apart (``(2, 3, 1, 1)``: hole cards, flop, turn, river) tell when each card
came ("perfect recall"); one board round (``(2, 5)``) does not ("imperfect recall"). Single
calls and arrays (``index_many``, ``unindex_many``: compiled, without the GIL) give the same
indexes in both implementations.

The method (after K. Waugh, "A Fast and Optimal Hand Isomorphism Algorithm", 2013), in short:
each suit's cards are, per round, a set of ranks; a suit's *shape* is how many ranks it has in
each round, and its *code* numbers its rank sets among all with that shape. Renaming suits
permutes the four (shape, code) pairs and nothing else, so a class is the multiset of them.
The index counts, in order, the multisets of shapes (the *configuration*), then within one, a
multiset of codes for each group of suits of equal shape, mixed-radix.

``build_tables`` writes, for every class of every Hold'em street (the board one round), its
exact equity against one uniformly random hand as integer points, and below the river the
histogram of its river equity over every runout; ``StrengthTables`` reads them.

>>> from handrank import cards_str
>>> flop = HandIndexer((2, 3))
>>> flop.size
1286792
>>> a = flop.index("Ah Kh 2h 7c 9d")
>>> a == flop.index("As Ks 2s 7d 9c")  # hearts to spades, clubs and diamonds swapped
True
>>> cards_str(flop.unindex(a))  # the class's canonical hand
'Ac Kc 2c 9d 7h'
"""

from __future__ import annotations

import json
import mmap
import os
from collections.abc import Iterable, Sequence
from functools import cache
from math import comb
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional

from . import _switch
from .cards import DECK, Cards, cards, to_index

__all__ = ["RIVER_POINTS", "STREETS", "HandIndexer", "StrengthTables", "build_tables"]

STREETS = {"preflop": (2,), "flop": (2, 3), "turn": (2, 4), "river": (2, 5)}
"""Each Hold'em street's rounds: hole cards, then the board as one round."""
RIVER_POINTS = 2 * comb(45, 2)
"""A river class's points at most: 2 a win and 1 a tie over the 990 hands of the other 45 cards."""
LAYOUT = 1
"""The version of the tables' file layout (``tables.json`` says it)."""


class HandIndexer:
    """Indexes hands dealt in rounds of ``rounds`` cards (e.g. ``(2, 3, 1, 1)``) up to suit isomorphism."""

    def __init__(self, rounds: Sequence[int]) -> None:
        self._indexer = _switch.evaluator.hand_indexer(rounds)
        self.rounds: tuple[int, ...] = self._indexer.rounds
        self.configurations = self._indexer.configurations
        """The multisets of four suit shapes (each a card count per round) the indexes count, in order."""
        self.size: int = self._indexer.size
        """How many classes: the number of distinct indexes, 0 to ``size - 1``."""

    def index(self, hand: Cards) -> int:
        """The class of a hand: its cards in round order (``sum(rounds)`` of them, text, ints or 0-51 indices)."""
        return self._indexer.index(_indices(hand))

    def unindex(self, index: int) -> list[int]:
        """The canonical hand of a class, as card ints in round order (suits given out in a fixed order)."""
        return [DECK[i] for i in self._indexer.unindex(index)]

    def index_many(self, hands: object, threads: Optional[int] = None) -> Any:
        """The class of each row of an (n, ``sum(rounds)``) integer array of 0-51 card indices, as int64
        (numpy if given numpy); a bad row raises ``ValueError`` naming it. ``threads``: 0 = every core."""
        return self._indexer.index_many(hands, threads)

    def unindex_many(self, indexes: object, threads: Optional[int] = None) -> Any:
        """The canonical hand of each of n indexes (a 1-D integer array), as an (n, ``sum(rounds)``)
        uint8 array of 0-51 card indices."""
        return self._indexer.unindex_many(indexes, threads)


def _indices(hand: Cards) -> list[int]:
    """0-51 indices of a hand given as indices, card ints or text (card ints are never below 52)."""
    if not isinstance(hand, str):
        given = list(hand)
        if all(type(c) is int and 0 <= c < 52 for c in given):
            return [int(c) for c in given]
        hand = given
    return [to_index(c) for c in cards(hand)]


# The tables. Chunks are tasks, run here, on a local process pool or on Dask; each returns its
# part and the caller writes it, so the files are the same bytes however many workers ran.

RIVER_BOARDS_PER_CHUNK = 1024
CLASSES_PER_CHUNK = {"preflop": 1, "flop": 2048, "turn": 65536}
"""About a second of work a chunk on one core."""


@cache
def _kernel_indexer(rounds: tuple[int, ...]) -> Any:
    return _switch.evaluator.hand_indexer(rounds)


@cache
def _mapped(path: str) -> Any:
    import numpy as np

    return np.load(path, mmap_mode="r")


def _river_chunk(start: int, stop: int) -> tuple[Any, Any]:
    """River boards' classes ``start:stop``: every hole-card pair's river class and points."""
    import numpy as np

    boards = _kernel_indexer((5,)).unindex_many(np.arange(start, stop, dtype=np.int64))
    return _switch.evaluator.river_strengths(_kernel_indexer(STREETS["river"]), boards)


def _runout_chunk(street: str, river_path: str, start: int, stop: int, bins: int) -> tuple[Any, Any]:
    """Classes ``start:stop`` of ``street``: river points summed over every runout, and binned."""
    earlier, river = _kernel_indexer(STREETS[street]), _kernel_indexer(STREETS["river"])
    return _switch.evaluator.runout_strengths(earlier, river, _mapped(river_path), start, stop, bins)


def _runouts(street: str) -> int:
    return comb(52 - sum(STREETS[street]), 5 - sum(STREETS[street]) + 2)


def _counts_dtype(street: str) -> str:
    """The narrowest unsigned type that holds a street's histogram counts (at most its runouts)."""
    runouts = _runouts(street)
    return "uint8" if runouts < 1 << 8 else "uint16" if runouts < 1 << 16 else "uint32"


def build_tables(
    directory: str | os.PathLike[str],
    streets: Iterable[str] = ("river", "turn", "flop", "preflop"),
    bins: int = 50,
    workers: Optional[int] = None,
    client: Any = None,
    progress: Optional[Callable[[str, int, int], object]] = None,
) -> Path:
    """Write the strength tables of ``streets`` into ``directory`` (made if missing); returns it.

    For each class of a street (``HandIndexer(STREETS[street])``'s indexes), its equity against
    one uniformly random hand, exact: ``river.npy`` holds each river class's points (uint16, 2 a
    win and 1 a tie against each of the 990 hands left, so equity = points / 1980);
    ``<street>.npy`` for the earlier streets the sum of the river points over every runout of
    the board (uint32; equity = sum / (1980 x runouts)), and ``<street>-histogram.npy`` how many
    runouts end in each of ``bins`` equal bins of river equity (n x bins). ``tables.json`` says
    the layout. The earlier streets read ``river.npy``, so the river comes first.

    The work is cut into chunks, each a task: on ``client`` (a ``distributed.Client``; its
    workers must see ``directory``), else on ``workers`` local processes (``None``: every
    core; 1: in this process). A chunk is written as it comes back and recorded in
    ``<table>.done``: an interrupted build, run again, does only the chunks left.
    ``progress(street, chunks done, chunks)`` is called after each chunk.
    """
    import numpy as np

    chosen = list(streets)
    unknown = [s for s in chosen if s not in STREETS]
    if unknown:
        raise ValueError(f"unknown street {unknown[0]!r}: expected some of {', '.join(STREETS)}")
    if type(bins) is not int or not 1 <= bins <= RIVER_POINTS:
        raise ValueError(f"bins must be an int from 1 to {RIVER_POINTS}, got {bins!r}")
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(out) or {"layout": LAYOUT, "bins": bins, "streets": {}}
    if manifest["bins"] != bins:
        raise ValueError(f"{out} holds tables of {manifest['bins']} bins, not {bins}: use another directory")
    river_path = out / "river.npy"
    for street in sorted(chosen, key=list(STREETS)[::-1].index):  # the river first: the others read it
        size = HandIndexer(STREETS[street]).size
        if street == "river":
            boards = HandIndexer((5,)).size
            points = _open(river_path, (size,), "uint16")
            chunks = [(a, min(a + RIVER_BOARDS_PER_CHUNK, boards)) for a in range(0, boards, RIVER_BOARDS_PER_CHUNK)]

            def write_river(chunk: tuple[int, int], part: tuple[Any, Any], points: _TableFile = points) -> None:
                indexes, scores = part
                points.values[np.asarray(indexes)] = np.asarray(scores)
                _written(points)

            _run(street, out / "river.done", chunks, _river_chunk, (), write_river, workers, client, progress)
        else:
            if "river" not in manifest["streets"]:
                raise ValueError(f"the {street} table is built from the river table: build the river first")
            sums = _open(out / f"{street}.npy", (size,), "uint32")
            counts = _open(out / f"{street}-histogram.npy", (size, bins), _counts_dtype(street))
            step = CLASSES_PER_CHUNK[street]
            chunks = [(a, min(a + step, size)) for a in range(0, size, step)]

            def write(
                chunk: tuple[int, int], part: tuple[Any, Any], sums: _TableFile = sums, counts: _TableFile = counts
            ) -> None:
                sums.values[chunk[0] : chunk[1]] = np.asarray(part[0])
                counts.values[chunk[0] : chunk[1]] = np.asarray(part[1])
                _written(sums)
                _written(counts)

            _run(
                street,
                out / f"{street}.done",
                chunks,
                _runout_chunk,
                (street, str(river_path)),
                write,
                workers,
                client,
                progress,
                bins,
            )
        manifest["streets"][street] = {
            "rounds": list(STREETS[street]),
            "classes": size,
            "runouts": _runouts(street),
            "points": RIVER_POINTS * _runouts(street),
        }
        (out / "tables.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return out


def _read_manifest(directory: Path) -> Optional[dict[str, Any]]:
    path = directory / "tables.json"
    if not path.is_file():
        return None
    manifest: dict[str, Any] = json.loads(path.read_text())
    if manifest.get("layout") != LAYOUT:
        raise ValueError(f"{path} is of layout {manifest.get('layout')!r}; this handrank reads layout {LAYOUT}")
    return manifest


class _TableFile(NamedTuple):
    """A table file's values as an array over a mapping of the file, written in place."""

    values: Any
    mapping: mmap.mmap


def _open(path: Path, shape: tuple[int, ...], dtype: str) -> _TableFile:
    """A table file opened for writing in place: made (zeros) the first time, else as it was left."""
    from numpy.lib.format import open_memmap

    if path.is_file():
        table = open_memmap(path, mode="r")
        if table.shape != shape or str(table.dtype) != dtype:
            raise ValueError(f"{path} holds {table.dtype} {table.shape}, not {dtype} {shape}: remove it")
    else:
        table = open_memmap(path, mode="w+", dtype=dtype, shape=shape)
    offset = table.offset
    del table
    import numpy as np

    with path.open("r+b") as f:
        mapping = mmap.mmap(f.fileno(), 0)
    return _TableFile(np.ndarray(shape, dtype, buffer=mapping, offset=offset), mapping)


def _written(table: _TableFile) -> None:
    """Write what was changed to the file, then let its pages go from this process's memory, so
    that a build holds a chunk at a time, not the tables it writes."""
    table.mapping.flush()
    if hasattr(mmap, "MADV_DONTNEED"):  # not on every platform; there the pages stay until reclaimed
        table.mapping.madvise(mmap.MADV_DONTNEED)


def _run(
    street: str,
    record: Path,
    chunks: list[tuple[int, int]],
    task: Callable[..., tuple[Any, Any]],
    leading: tuple[Any, ...],
    write: Callable[[tuple[int, int], tuple[Any, Any]], None],
    workers: Optional[int],
    client: Any,
    progress: Optional[Callable[[str, int, int], object]],
    *trailing: Any,
) -> None:
    """Each chunk not yet in ``record``: ``task(*leading, start, stop, *trailing)``, written, then recorded."""
    done = {int(line) for line in record.read_text().split()} if record.is_file() else set()
    todo = [(i, c) for i, c in enumerate(chunks) if i not in done]

    def finish(i: int, part: tuple[Any, Any]) -> None:
        write(chunks[i], part)
        with record.open("a") as f:
            f.write(f"{i}\n")
        done.add(i)
        if progress is not None:
            progress(street, len(done), len(chunks))

    if client is not None:
        from distributed import as_completed

        futures = {client.submit(task, *leading, a, b, *trailing, pure=False): i for i, (a, b) in todo}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            finish(futures[future], future.result())
        return
    count = workers if workers is not None else os.cpu_count() or 1
    if type(count) is not int or count < 1:
        raise ValueError(f"workers must be None or an int >= 1, got {workers!r}")
    if count == 1:
        for i, (a, b) in todo:
            finish(i, task(*leading, a, b, *trailing))
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    with ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn")) as pool:
        pending = {pool.submit(task, *leading, a, b, *trailing): i for i, (a, b) in todo}
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    finish(pending.pop(future), future.result())
        except BaseException:
            for future in pending:
                future.cancel()
            raise


class StrengthTables:
    """The tables ``build_tables`` wrote, read in place (memory-mapped).

    >>> tables = StrengthTables("tables")  # doctest: +SKIP
    >>> tables.equity("Ah Kh", "Qh Jh 2c")  # doctest: +SKIP
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        manifest = _read_manifest(self.directory)
        if manifest is None:
            raise ValueError(f"no strength tables in {self.directory} (no tables.json): see build_tables")
        self.bins: int = manifest["bins"]
        self.streets: dict[str, dict[str, Any]] = manifest["streets"]

    def _street(self, board: list[int]) -> str:
        street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}.get(len(board))
        if street is None:
            raise ValueError(f"a board has 0, 3, 4 or 5 cards, got {len(board)}")
        if street not in self.streets:
            raise ValueError(f"{self.directory} has no {street} table (it has {', '.join(self.streets) or 'none'})")
        return street

    def _load(self, name: str) -> Any:
        return _mapped(str(self.directory / f"{name}.npy"))

    def index(self, hole: Cards, board: Cards = ()) -> tuple[str, int]:
        """The street and the class of hole cards on a board of 0, 3, 4 or 5 cards."""
        hole_cards, board_cards = _indices(hole), _indices(board)
        if len(hole_cards) != 2:
            raise ValueError(f"expected two hole cards, got {len(hole_cards)}")
        street = self._street(board_cards)
        return street, _kernel_indexer(STREETS[street]).index(hole_cards + board_cards)

    def equity(self, hole: Cards, board: Cards = ()) -> float:
        """The hand's equity against one random hand, the rest of the board dealt at random."""
        street, i = self.index(hole, board)
        points: int = self.streets[street]["points"]
        return int(self._load(street)[i]) / points

    def histogram(self, hole: Cards, board: Cards = ()) -> Any:
        """Below the river: the share of runouts whose river equity falls in each bin (sums to one)."""
        street, i = self.index(hole, board)
        if street == "river":
            raise ValueError("a river hand has one equity, not a histogram")
        counts = self._load(f"{street}-histogram")[i]
        return counts / self.streets[street]["runouts"]
