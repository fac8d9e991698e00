"""``handrank pushfold``: the push-or-fold equilibrium between the blinds, or first in at a table of
up to ten seats, as 13x13 charts or a table."""

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
    p.add_argument(
        "--players", type=int, help="first in at a table of 2 to 10 seats (with --bb, or --icm the seats' stacks)"
    )
    p.add_argument("--deals", type=int, help="with --players: the deals it is played over")
    p.add_argument("--seed", type=int, default=0, help="with --players: the deals' seed")
    p.add_argument("--iterations", type=int, help="the most sweeps")
    p.add_argument("--threads", type=int, help="with --players: threads to use (0: every core)")
    p.add_argument("--seat", help="with --players: print this seat's chart, first in (or against --pusher)")
    p.add_argument("--pusher", help="with --seat: the seat that pushed")
    p.add_argument("--side", choices=SIDES, help="print one side's chart (both by default)")
    p.add_argument("--tolerance", type=amount, help="stop when neither side gains more a hand by deviating")
    p.add_argument("-o", "--output", help="with --side: a .png or .svg file to draw the chart in (needs matplotlib)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run=run, complete=complete)


def complete(args: argparse.Namespace) -> str:
    """What the arguments lack or have too much of, or ''."""
    if args.players is not None:
        if args.depths is not None or args.side is not None:
            return "--players plays first in at a table: --seat and --pusher pick a chart, not --depths or --side"
        if args.icm is not None and len(args.icm) != args.players:
            return f"--icm gives the {args.players} stacks at the table, first to act first"
    elif any(x is not None for x in (args.seat, args.pusher, args.deals, args.threads)):
        return "--seat, --pusher, --deals and --threads go with --players"
    if args.pusher is not None and args.seat is None:
        return "--pusher goes with --seat"
    if args.icm is not None:
        if args.bb is not None or args.depths is not None:
            return "--icm gives the stacks: drop --bb and --depths"
        if args.payouts is None or args.blinds is None:
            return "--icm needs --payouts and --blinds"
    elif (args.bb is None) == (args.depths is None):
        return "give --bb DEPTH, --depths D [D ...] or --icm STACKS"
    elif args.payouts is not None or args.blinds is not None:
        return "--payouts and --blinds go with --icm"
    if args.output and not args.side and not args.seat:
        return "--output draws one chart: add --side push or --side call (with --players, --seat)"
    return ""


def run(args: argparse.Namespace) -> int:
    from .. import pushfold

    tolerance = {} if args.tolerance is None else {"tolerance": args.tolerance}
    if args.iterations is not None:
        tolerance["iterations"] = args.iterations
    if args.players is not None:
        return _table(args, tolerance)
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


def _table(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from .. import pushfold

    for name in ("deals", "threads"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    if args.icm is not None:
        result = pushfold.push_fold_table(
            args.icm, tuple(args.blinds), args.ante, args.payouts, seed=args.seed, **options
        )
    else:
        result = pushfold.push_fold_table([args.bb] * args.players, ante=args.ante, seed=args.seed, **options)
    if args.json:
        spots = [
            {
                "spot": result.title(spot),
                "seat": result.seats[spot[0]],
                "pusher": None if spot[1] is None else result.seats[spot[1]],
                "callers": [result.seats[c] for c in spot[2]],
                "frequencies": frequencies,
            }
            for spot, frequencies in result.spots.items()
        ]
        fields = ("seats", "stacks", "blinds", "ante", "payouts", "gains", "iterations", "deals", "seed")
        print(json.dumps({**{name: getattr(result, name) for name in fields}, "spots": spots}))
        return 0
    if args.seat is not None:
        chosen = [result.spot(args.seat, args.pusher)]
    else:  # each seat first in, then each call of a push no one has called yet
        chosen = [spot for spot in result.spots if spot[1] is None]
        chosen += sorted(
            (spot for spot in result.spots if spot[1] is not None and not spot[2]), key=lambda s: s[1] or 0
        )
    if args.output:
        from ..pictures import save_table_push_fold

        save_table_push_fold(result, args.output, chosen[0])
        print(f"wrote {args.output}", file=sys.stderr)
        return 0
    for spot in chosen:
        print(f"{result.chart(spot)}\n{result.share(spot):.1%} of hands\n")
    unit = "prize" if result.payouts else "bb"
    print(
        f"exploitability {result.exploitability:.2g} {unit} a hand after {result.iterations:,} iterations"
        f" over {result.deals:,} deals"
    )
    return 0
