"""``handrank play``: no-limit Hold'em in the terminal against built-in opponents."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._common import integer, positive


def add_parser(sub: Any) -> None:
    pl = sub.add_parser("play", help="play no-limit Hold'em in the terminal against built-in opponents")
    pl.add_argument("--seats", type=integer, default=3, help="2 to 10 players, you among them")
    pl.add_argument("--stack", type=positive, default=200, help="everyone's chips to start")
    pl.add_argument("--blinds", default="1/2", help="SMALL/BIG in chips")
    pl.add_argument("--hands", type=positive, default=1, help="hands to play")
    pl.add_argument("--seed", type=integer, help="deal the same cards every time")
    pl.add_argument(
        "--draw",
        default="high-card",
        help="how the first button is drawn for: high-card (suits break ties) or first-jack (default %(default)s)",
    )
    pl.add_argument("--button", type=integer, help="the first button's seat, instead of a draw")
    pl.add_argument(
        "--no-cut", dest="cut", action="store_false", help="deal without offering the pack for a cut before each hand"
    )
    pl.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..play import play

    small, _, big = args.blinds.partition("/")
    if not (small.isdigit() and big.isdigit()):
        raise ValueError(f"blinds are SMALL/BIG in chips, e.g. 1/2, got {args.blinds!r}")
    if not 2 <= args.seats <= 10:
        raise ValueError(f"--seats must be 2 to 10, got {args.seats}")

    def read(prompt: str) -> str:
        line = input(prompt) if sys.stdin.isatty() else sys.stdin.readline()
        if not line and not sys.stdin.isatty():
            raise EOFError
        return line

    if args.button is not None and not 0 <= args.button < args.seats:
        raise ValueError(f"--button must be a seat from 0 to {args.seats - 1}, got {args.button}")
    net = play(
        args.seats,
        args.stack,
        int(small),
        int(big),
        args.hands,
        args.seed,
        read,
        button=args.button,
        draw=args.draw,
        cut=args.cut,
    )
    print(f"you finish {net:+d}")
    return 0
