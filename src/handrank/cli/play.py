"""``handrank play``: any game in the terminal against built-in opponents."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..engine import LIMITS, Limit, Stakes
from ..games import GAMES
from ._common import integer, positive


def add_parser(sub: Any) -> None:
    pl = sub.add_parser(
        "play", help="play hold'em, Omaha, stud, razz or a draw game in the terminal against built-in opponents"
    )
    pl.add_argument("--seats", type=integer, default=3, help="2 to 10 players, you among them")
    pl.add_argument("--stack", type=positive, default=200, help="everyone's chips to start")
    pl.add_argument(
        "--blinds", default="1/2", help="SMALL/BIG in chips; in the stud games ANTE/SMALL-BET, the bring-in the ante"
    )
    pl.add_argument("--game", choices=list(GAMES), default="holdem", help="the game to play")
    pl.add_argument(
        "--limit",
        choices=LIMITS,
        help="the betting limit: by default fixed-limit in the stud and triple-draw games, as rooms spread them, "
        "else no-limit",
    )
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
    game = GAMES[args.game]
    draws = sum(street.draw for street in game.streets)
    limit: Limit = args.limit or ("fixed-limit" if game.opening is not None or draws > 1 else "no-limit")
    if game.opening is not None:
        stakes = Stakes.stud(ante=int(small), bring_in=int(small), small_bet=int(big), limit=limit)
    elif not game.posts_blinds:  # jacks or better: antes of the small blind, the big one sizing the bets
        stakes = Stakes(0, int(big), ante=int(small), limit=limit)
    else:
        stakes = Stakes(int(small), int(big), limit=limit)
    net = play(
        args.seats,
        args.stack,
        hands=args.hands,
        seed=args.seed,
        read=read,
        button=args.button,
        draw=args.draw,
        cut=args.cut,
        game=game,
        stakes=stakes,
    )
    print(f"you finish {net:+d}")
    return 0
