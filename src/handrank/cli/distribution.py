"""``handrank distribution``: how each side's equity spreads over its combos, range against range."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._common import integer


def add_parser(sub: Any) -> None:
    d = sub.add_parser(
        "distribution", help="each combo's equity, range against ranges, as buckets, a histogram, a graph"
    )
    d.add_argument("range", help="a hold'em range or hand, e.g. 'QQ+, AK' (quoted)")
    d.add_argument(
        "--vs", required=True, action="append", help="an opposing range or hand (quoted); again for each opponent"
    )
    d.add_argument("--board", default="", help="3 to 5 board cards; none for before the flop (boards drawn at random)")
    d.add_argument("--dead", default="", help="cards out of play")
    d.add_argument("--bins", type=integer, default=10, help="histogram parts of 0 to 100 %%")
    d.add_argument("--threads", type=integer, help="threads (0 = every core)")
    d.add_argument("--trials", type=integer, help="before the flop: boards drawn (2,000 by default)")
    d.add_argument("--seed", type=integer, help="before the flop: the same seed, the same boards")
    d.add_argument("-o", "--output", help="a .png or .svg file to draw both sides' equity graphs in")
    d.add_argument("--json", action="store_true", help="print one JSON object, each combo's equity included")
    d.add_argument("--force", action="store_true", help="against several ranges: count however long it takes")
    d.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..distribution import distribution

    players = [args.range, *args.vs]
    sides = {}  # each player's combos against every other player's range
    for i, name in enumerate(players):
        others = players[:i] + players[i + 1 :]
        label = name if players.count(name) == 1 else f"{name} (player {i + 1})"
        sides[label] = distribution(
            name, others, args.board, args.dead, args.threads, args.trials, args.seed, force=args.force
        )
    if args.json:
        out = [
            {
                "range": name,
                "equity": d.equity,
                "buckets": d.buckets(),
                "histogram": d.histogram(args.bins),
                "combos": d.to_dict(),
            }
            for name, d in sides.items()
        ]
        print(json.dumps(out))
        return 0
    if args.output:
        from ..pictures import save_distribution

        save_distribution(sides, args.output)
        print(f"wrote {args.output}", file=sys.stderr)
        return 0
    for name, d in sides.items():
        buckets = ", ".join(f"{bucket} {share:.1%}" for bucket, share in d.buckets().items())
        print(f"{name}: equity {d.equity:.2%}; {buckets}")
        bins = d.histogram(args.bins)
        for i, share in enumerate(bins):
            low, high = 100 * i / len(bins), 100 * (i + 1) / len(bins)
            print(f"  {low:5.1f}-{high:5.1f} %  {share:7.1%}  {'#' * round(50 * share)}")
    return 0
