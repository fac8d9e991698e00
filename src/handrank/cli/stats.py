"""``handrank stats``: how many hands fall in each class, counted exhaustively."""

from __future__ import annotations

import argparse
import json
from typing import Any

import handrank

from ._common import Progress, integer


def add_parser(sub: Any) -> None:
    s = sub.add_parser("stats", help="how many hands fall in each class, computed exhaustively")
    s.add_argument("--cards", type=integer, choices=(5, 6, 7), default=5, help="cards a hand")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    progress = Progress(None, "counting: step")
    counts = handrank.rank_counts(args.cards, progress=progress)
    progress.close()
    total = sum(counts)
    rows = [(c.display_name, sum(counts[r] for r in c.ranks)) for c in handrank.HandClass]
    rows.insert(1, ("  of which royal", counts[1]))
    if args.json:
        classes = {c.display_name: sum(counts[r] for r in c.ranks) for c in handrank.HandClass}
        summary = {"schema": 1, "cards": args.cards, "hands": total, "classes": classes, "royal_flushes": counts[1]}
        print(json.dumps(summary))  # the classes add up to the hands; royal flushes are straight flushes
        return 0
    print(f"{args.cards}-card hands")
    print(f"{'class':<18}{'hands':>14}{'probability':>14}{'odds against':>16}")
    for name, n in rows:
        print(f"{name:<18}{n:>14,}{n / total:>14.6%}{(total - n) / n:>12,.2f} : 1")
    print(f"{'all':<18}{total:>14,}{1:>14.6%}")
    return 0
