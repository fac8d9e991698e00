"""``handrank history``: validate, convert, replay and summarize hand-history files."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    hi = sub.add_parser("history", help="hand histories (PHH, PokerStars, GGPoker): validate, convert, replay, summary")
    hi.add_argument(
        "action",
        choices=("validate", "convert", "replay", "summary"),
        help="validate: replay every hand against its record; convert: write PHH or PokerStars text; replay: how each hand "
        "ended; summary: per player hands, VPIP, PFR, 3-bet, aggression, WTSD, W$SD, net and all-in adjusted net",
    )
    hi.add_argument("files", nargs="+", help=".phh, .phhs, or PokerStars or GGPoker .txt files")
    hi.add_argument("-o", "--output", help="convert: the .phhs (or .phh) file, or PokerStars .txt, to write")
    hi.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..history import commands

    if args.action == "convert":
        if not args.output:
            raise ValueError("convert needs -o OUT.phhs (or OUT.phh for one hand, or OUT.txt for PokerStars text)")
        return commands.convert(args.files, args.output)
    return {"validate": commands.validate, "replay": commands.show, "summary": commands.summary}[args.action](
        args.files
    )
