"""``handrank pushfold``: the push-or-fold equilibrium between the blinds, as 13x13 charts or a table."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._common import amount

SIDES = ("push", "call")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("pushfold", help="heads-up push or fold: the small blind's pushes and the big blind's calls")
    p.add_argument("--bb", type=amount, help="the effective stack in big blinds (chips; not with --icm)")
    p.add_argument("--ante", type=amount, default=0.0, help="each player's ante, in big blinds (with --icm, chips)")
    p.add_argument(
        "--depths", type=amount, nargs="+", help="instead: each class's greatest push and call depth of these"
    )
    p.add_argument(
        "--icm",
        type=amount,
        nargs="+",
        metavar="STACK",
        help="the chip model: every stack, small blind first, big blind second",
    )
    p.add_argument("--payouts", type=amount, nargs="+", help="with --icm: the prizes from first place down")
    p.add_argument("--blinds", type=amount, nargs=2, metavar=("SMALL", "BIG"), help="with --icm: the blinds in chips")
    p.add_argument("--side", choices=SIDES, help="print one side's chart (both by default)")
    p.add_argument("--tolerance", type=amount, help="stop when neither side gains more a hand by deviating")
    p.add_argument("-o", "--output", help="with --side: a .png or .svg file to draw the chart in (needs matplotlib)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run, complete=complete)


def complete(args: argparse.Namespace) -> str:
    """What the arguments lack or have too much of, or ''."""
    if args.icm is not None:
        if args.bb is not None or args.depths is not None:
            return "--icm gives the stacks: drop --bb and --depths"
        if args.payouts is None or args.blinds is None:
            return "--icm needs --payouts and --blinds"
    elif (args.bb is None) == (args.depths is None):
        return "give --bb DEPTH, --depths D [D ...] or --icm STACKS"
    elif args.payouts is not None or args.blinds is not None:
        return "--payouts and --blinds go with --icm"
    if args.output and not args.side:
        return "--output draws one chart: add --side push or --side call"
    return ""


def run(args: argparse.Namespace) -> int:
    from .. import pushfold

    tolerance = {} if args.tolerance is None else {"tolerance": args.tolerance}
    if args.depths is not None:
        table = pushfold.push_fold_depths(args.depths, args.ante, **tolerance)
        if args.json:
            print(json.dumps({"depths": args.depths, "ante": args.ante, "classes": table}))
            return 0
        print(f"greatest depth (bb) of {', '.join(f'{d:g}' for d in args.depths)} at which each class plays")
        print(f"{'class':<6}{'push':>8}{'call':>8}")
        for name, (push, call) in table.items():
            print(f"{name:<6}{'-' if push is None else f'{push:g}':>8}{'-' if call is None else f'{call:g}':>8}")
        return 0
    if args.icm is not None:
        result = pushfold.blind_versus_blind(args.icm, args.payouts, 0, 1, tuple(args.blinds), args.ante, **tolerance)
        unit = "prize"
    else:
        result = pushfold.push_fold(args.bb, args.ante, **tolerance)
        unit = "bb"
    if args.json:
        print(
            json.dumps(
                {
                    "depth": result.depth,
                    "ante": result.ante,
                    "push": result.push,
                    "call": result.call,
                    "pusher_gain": result.pusher_gain,
                    "caller_gain": result.caller_gain,
                    "iterations": result.iterations,
                }
            )
        )
        return 0
    if args.output:
        from ..pictures import save_push_fold

        save_push_fold(result, args.output, args.side)
        print(f"wrote {args.output}", file=sys.stderr)
        return 0
    for side in [args.side] if args.side else SIDES:
        print(f"{result.chart(side)}\n{result.share(side):.1%} of hands\n")
    print(f"exploitability {result.exploitability:.2g} {unit} a hand after {result.iterations:,} iterations")
    return 0
