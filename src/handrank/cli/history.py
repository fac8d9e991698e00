"""``handrank history``: validate, convert, replay and summarize hand-history files."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    hi = sub.add_parser(
        "history", help="hand histories (PHH, and eight sites' files): validate, convert, replay, summary"
    )
    hi.add_argument(
        "action",
        choices=("validate", "convert", "replay", "summary", "graph"),
        help="validate: replay every hand against its record; convert: write PHH or PokerStars text; replay: how each hand "
        "ended; summary: per player hands, VPIP, PFR, 3-bet, fold to 3-bet, aggression, c-bet, fold to c-bet, steal, "
        "fold to steal, WTSD, W$SD, WWSF, net and all-in adjusted net; graph: a player's winnings over the hands "
        "(--player, -o OUT.png)",
    )
    hi.add_argument(
        "files",
        nargs="+",
        help=".phh, .phhs, iPoker .xml, or the .txt files of PokerStars, GGPoker, PartyPoker, 888poker, Full Tilt, Winamax or Ignition",
    )
    hi.add_argument(
        "-o",
        "--output",
        help="convert: the .phhs (or .phh) file, or PokerStars .txt, to write (none: .phhs text to standard output); graph: the .png or .svg",
    )
    hi.add_argument("--player", help="graph: whose winnings")
    hi.add_argument("--json", action="store_true", help="summary: one JSON object of every count and rate by player")
    hi.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..history import commands

    if args.action == "convert":
        return commands.convert(args.files, args.output)
    if args.action == "graph":
        if not args.player or not args.output:
            raise ValueError("graph needs --player NAME and -o OUT.png (or OUT.svg)")
        return commands.graph(args.files, args.player, args.output)
    if args.action == "summary":
        return commands.summary(args.files, args.json)
    return {"validate": commands.validate, "replay": commands.show}[args.action](args.files)
