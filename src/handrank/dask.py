"""handrank past one machine, on Dask: batches over dask arrays, equity split into tasks, and
player statistics over many hand-history files.

Needs the ``dask`` extra (``pip install "handrank[dask]"``: dask and distributed). Every
function runs on whatever scheduler is active: the local threads by default (the kernels
release the GIL), or a ``distributed.Client`` (a laptop's ``LocalCluster``, or a cluster from
dask-jobqueue or dask-kubernetes), passed as ``client=`` or made the default by creating it.

- ``evaluate_many``, ``evaluate_holdem``, ``evaluate_omaha_many``, ``evaluate_low_many``:
  a dask array of card indices in, a dask array of ranks out, chunk by chunk, on the workers.
- ``equity``: ``handrank.equity``'s answer, its work cut into tasks by ``handrank.odds.equity_plan``.
  Monte Carlo gives the very numbers of one machine for a seed, for any number of parts and
  workers (every block of 1,024 deals has its own seed); a lost worker's tasks are computed
  again by the scheduler, and a failed one is retried twice.
- ``potentials_by_flop``: the strength and potential of every hand on every flop that differs
  by more than its suits (1,755), one task a flop, as a dask dataframe: the table abstraction
  builders start from.
- ``history_stats``: per-player statistics (``handrank.history.stats``) over PHH, PHHS and
  PokerStars files, one task per file, as a dask dataframe; files and hands that cannot be used
  come back as a bag of ``(where, why)``, not as a failure.

>>> import numpy as np, dask.array as da
>>> hands = da.from_array(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8), chunks=(1, 5))
>>> evaluate_many(hands).compute().tolist()
[1, 1608]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

from . import _switch
from .cards import Cards
from .odds import EquityResult, Player, combine, equity_plan, run_part

try:
    import dask.array as da
    import dask.bag as db
    from dask.base import compute
    from dask.delayed import delayed as dask_delayed
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(f'handrank.dask needs dask: pip install "handrank[dask]" ({error})') from None

if TYPE_CHECKING:
    import dask.dataframe as dd

__all__ = [
    "equity",
    "evaluate_holdem",
    "evaluate_low_many",
    "evaluate_many",
    "evaluate_omaha_many",
    "history_stats",
    "potentials_by_flop",
]


def _rows(hands: da.Array, width: Optional[int] = None) -> da.Array:
    """``hands`` with whole rows in every chunk (a row split across chunks could not be ranked)."""
    if hands.ndim != 2:
        raise ValueError(f"expected a 2-d array of card indices, one hand a row; got {hands.ndim} dimensions")
    if width is not None and hands.shape[1] != width:
        raise ValueError(f"expected rows of {width} cards, got {hands.shape[1]}")
    return hands.rechunk({1: -1}) if len(hands.chunks[1]) > 1 else hands


def _ranks(hands: da.Array, function: Any, *args: Any) -> da.Array:
    import numpy as np

    def block(chunk: Any) -> Any:
        return np.asarray(function(np.ascontiguousarray(chunk, dtype=np.uint8), *args, threads=1))

    return da.map_blocks(block, _rows(hands), drop_axis=1, dtype=np.uint16)


def evaluate_many(hands: da.Array) -> da.Array:
    """``handrank.evaluate_many`` on each chunk of an (n, 5 to 7) dask array of 0-51 indices."""
    return _ranks(hands, _switch.evaluator.evaluate_many)


def evaluate_holdem(holdings: da.Array, board: Cards) -> da.Array:
    """``handrank.evaluate_holdem`` on each chunk of an (n, 2) dask array of hole-card indices."""
    return _ranks(_rows(holdings, 2), _switch.evaluator.evaluate_holdem, board)


def evaluate_omaha_many(hands: da.Array, hole_cards: int = 4) -> da.Array:
    """``handrank.evaluate_omaha_many`` on each chunk (hole cards first in each row, then 3-5 board cards)."""
    return _ranks(hands, _switch.evaluator.evaluate_omaha_many, hole_cards)


def evaluate_low_many(hands: da.Array, game: str = "a-5") -> da.Array:
    """``handrank.evaluate_low_many`` on each chunk of an (n, 5 to 7) dask array."""
    return _ranks(hands, _switch.evaluator.evaluate_low_many, game)


def equity(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    client: Any = None,
    parts: int = 64,
) -> EquityResult:
    """``handrank.equity(players, board, dead, exact, trials, seed)`` as Dask tasks, one a part of
    ``handrank.odds.equity_plan``: for a seed, the numbers of one machine, on any number of workers."""
    plan = equity_plan(players, board, dead, exact, trials, seed, parts)
    tasks = [dask_delayed(run_part, pure=True)(part, 1) for part in plan.parts]
    if client is not None:
        results = client.gather(client.compute(tasks, retries=2))
    else:
        results = compute(*tasks)
    return combine(plan, list(results))


def _file_rows(path: str) -> list[tuple[str, Any]]:
    from .history.stats import file_rows

    rows, problems = file_rows(path)
    return [("row", r) for r in rows] + [("problem", p) for p in problems]


def history_stats(paths: Sequence[str], partitions: Optional[int] = None) -> tuple[dd.DataFrame, db.Bag]:
    """Per-player statistics over hand-history files: a dask dataframe indexed by player (the
    counts and amounts of ``handrank.history.stats``, summed, and their rates) and a bag of
    ``(where, why)`` for every file or hand that could not be used. Nothing runs until computed.
    """
    import pandas as pd

    from .history.stats import AMOUNTS, COUNTS, rates

    if not paths:
        raise ValueError("no hand-history files given")
    items = db.from_sequence(list(paths), npartitions=partitions or min(len(paths), 256)).map(_file_rows).flatten()
    problems = items.filter(lambda item: item[0] == "problem").map(lambda item: item[1])
    columns = {"player": "object", **dict.fromkeys(COUNTS, "int64"), **dict.fromkeys(AMOUNTS, "float64")}
    rows = items.filter(lambda item: item[0] == "row").map(lambda item: item[1]).to_dataframe(meta=columns)
    summed = rows.groupby("player").sum()

    names = list(rates(dict.fromkeys((*COUNTS, *AMOUNTS), 0)))

    def with_rates(frame: pd.DataFrame) -> pd.DataFrame:
        extra = pd.DataFrame([rates(row) for row in frame.to_dict("records")], index=frame.index, columns=names)
        return pd.concat([frame, extra.astype("float64")], axis=1)

    return summed.map_partitions(with_rates, meta=with_rates(summed._meta)), problems


POTENTIAL_COLUMNS = {"flop": "object", "hand": "object", "hs": "float64", "ppot": "float64"}
POTENTIAL_COLUMNS.update({"npot": "float64", "ehs": "float64", "ehs2": "float64"})
"""The columns of ``potentials_by_flop``: the flop and the hand as text, then the five figures."""


def _flop_rows(flop: str, hands: Player, against: Optional[Player]) -> list[dict[str, Any]]:
    from .cards import cards_str
    from .potential import potentials

    every = potentials(hands, flop, against, threads=1)
    return [
        {
            "flop": flop,
            "hand": cards_str(combo),
            "hs": p.hs,
            "ppot": p.ppot,
            "npot": p.npot,
            "ehs": p.ehs,
            "ehs2": p.ehs2,
        }
        for combo, p in every.items()
    ]


def potentials_by_flop(
    hands: Player = "random",
    against: Optional[Player] = None,
    flops: Optional[Sequence[Cards]] = None,
    partitions: Optional[int] = None,
) -> dd.DataFrame:
    """``handrank.potential.potentials`` of ``hands`` against ``against`` (every two cards left by
    default) on each of ``flops`` (by default one flop of each of the 1,755 classes of flops that
    differ only by their suits, as ``HandIndexer([3])`` numbers them), one task a flop, as a dask
    dataframe with ``POTENTIAL_COLUMNS``. About 0.13 s a flop for every hand; nothing runs until
    computed."""
    from .cards import cards, cards_str
    from .iso import HandIndexer

    if flops is None:
        flop_indexer = HandIndexer([3])
        texts = [cards_str(flop_indexer.unindex(k)) for k in range(flop_indexer.size)]
    else:
        texts = [cards_str(cards(f)) for f in flops]
        if any(len(cards(t)) != 3 for t in texts):
            raise ValueError("each flop is three cards")
    if not texts:
        raise ValueError("no flops given")
    bag = db.from_sequence(texts, npartitions=partitions or min(len(texts), 256))
    return bag.map(_flop_rows, hands, against).flatten().to_dataframe(meta=POTENTIAL_COLUMNS)
