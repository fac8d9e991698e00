"""``handrank grid``: a range's 13x13 grid, or a hand's preflop equities, as text or a picture."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import handrank

from ._common import integer, positive


def add_parser(sub: Any) -> None:
    g = sub.add_parser("grid", help="the 13x13 grid of a range, or of a hand's preflop equities, as text or a picture")
    g.add_argument("range", nargs="?", help="a range, e.g. 'QQ+, AKs, 15%%' (quoted)")
    g.add_argument("--preflop", metavar="HAND", help="instead: HAND's equity against each class (preflop_table)")
    g.add_argument("--trials", type=positive, default=20_000, help="with --preflop: Monte Carlo trials a class")
    g.add_argument("--seed", type=integer, default=1, help="with --preflop: the Monte Carlo seed")
    g.add_argument("-o", "--output", help="a .png or .svg file to draw it in (needs matplotlib), else text")
    g.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from .. import pictures
    from ..odds import preflop_table

    if args.preflop:
        table = preflop_table(args.preflop, trials=args.trials, seed=args.seed)
        if not args.output:
            for row in pictures.grid_classes():
                print(" ".join(f"{name}:{table[name]:.2f}".ljust(9) for name in row).rstrip())
            return 0
        pictures.save_preflop_table(table, args.output, f"{args.preflop}: equity against each class")
    else:
        if not args.range:
            raise ValueError("grid takes a range ('QQ+, AKs', quoted) or --preflop HAND")
        if not args.output:
            print(handrank.Range(args.range).grid())
            return 0
        pictures.save_range(args.range, args.output)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0
