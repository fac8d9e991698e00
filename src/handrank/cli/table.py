"""``handrank table``: the canonical table of every hand, as csv or a numpy file."""

from __future__ import annotations

import argparse
import csv
import os
import sys
from itertools import combinations
from math import comb
from typing import IO, Any

import handrank

from ._common import LONGEST, Progress, integer, too_long


def add_parser(sub: Any) -> None:
    t = sub.add_parser("table", help="write the canonical table of every hand: cards, rank, class")
    t.add_argument("--cards", type=integer, choices=(5, 6, 7), default=5, help="cards a hand")
    t.add_argument("--format", choices=("csv", "npy"), default="csv", help="csv text, or a numpy array")
    t.add_argument("-o", "--output", required=True, help="file to write")
    t.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    t.set_defaults(run=run)


CSV_ROWS_PER_SECOND = 300_000
"""Rows of ``table --format csv`` written a second (measured here: about 330,000)."""


def run(args: argparse.Namespace) -> int:
    k = args.cards
    texts = [handrank.card_str(c) for c in handrank.DECK]
    if args.format == "csv":
        rows = comb(52, k)
        too_long(rows / CSV_ROWS_PER_SECOND, f"{rows:,} rows of csv", "write --format npy (seconds)", args.force)
        with open(args.output, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow([*(f"card{i + 1}" for i in range(k)), "rank", "class"])
            progress = Progress(comb(52, k), "wrote")
            for count, hand in enumerate(combinations(range(52), k), 1):
                rank = handrank.evaluate([handrank.DECK[i] for i in hand])
                out.writerow([*(texts[i] for i in hand), rank, handrank.class_name(rank)])
                if not count & 0xFFFF:
                    progress(count)
            _check_written(f, args.output)
            progress.close()
    else:
        try:
            import numpy as np

            from .._numpy_hands import hand_blocks
        except ImportError:
            raise ValueError("--format npy needs numpy: pip install numpy") from None
        record = np.dtype([("cards", np.uint8, (k,)), ("rank", np.uint16), ("class", np.uint8)])
        ranks = np.arange(handrank.ranking.CLASS_WORST_RANK[-1] + 1)
        class_of = (np.searchsorted(handrank.ranking.CLASS_WORST_RANK, ranks) + 1).astype(np.uint8)  # by rank
        header = {"descr": np.lib.format.dtype_to_descr(record), "fortran_order": False, "shape": (comb(52, k),)}
        progress, written = Progress(comb(52, k), "wrote"), 0
        with open(args.output, "wb") as f:  # the header, then the rows a block at a time: bounded memory
            np.lib.format.write_array_header_1_0(f, header)
            for hands in hand_blocks(k):
                written += len(hands)
                progress(written)
                block = np.empty(len(hands), dtype=record)
                block["cards"] = hands
                block["rank"] = handrank.evaluate_many(hands)
                block["class"] = class_of[block["rank"]]
                f.write(block.data)  # the block's own bytes: no copy
            _check_written(f, args.output)
        progress.close()
    print(f"wrote every {k}-card hand to {args.output}", file=sys.stderr)
    return 0


def _check_written(f: IO[Any], path: str) -> None:
    """Make sure what was written to ``f`` is on the disk before saying so: flushed, and, for a
    regular file, synced and as long as what was written (OSError otherwise)."""
    f.flush()
    if os.path.isfile(path):
        os.fsync(f.fileno())
        on_disk = os.fstat(f.fileno()).st_size
        if on_disk != f.tell():
            raise OSError(f"{path}: {on_disk:,} bytes on disk of {f.tell():,} written")
