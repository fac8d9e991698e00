"""``handrank history``: validate, convert, replay and summarize hand-history files, each action
a command of its own with its own help."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ._common import Help

FILES = ".phh, .phhs, iPoker .xml, or the .txt files of PokerStars, GGPoker, PartyPoker, 888poker, Full Tilt, Winamax or Ignition"
ACTIONS = {
    "validate": "read and replay every hand against its record: the counts, each hand that differs, "
    "and the reasons hands cannot be replayed",
    "convert": "write the hands as PHH (.phhs, .phh) or as PokerStars text (.txt) for the trackers",
    "replay": "replay each hand and print how it ended: the board, the hands shown, who won what",
    "summary": "each player's hands, VPIP, PFR, 3-bet, fold to 3-bet, aggression, c-bet, fold to c-bet, "
    "steal, fold to steal, WTSD, W$SD, WWSF, net and all-in adjusted net",
    "graph": "a player's winnings over the hands, as a picture: the net, won at showdown and without, "
    "and the all-in adjusted net",
}
"""Each action and what it does."""


def add_parser(sub: Any) -> None:
    from . import examples

    shown = examples("history")
    hi = sub.add_parser("history", help="hand histories (PHH, and eight sites' files): " + ", ".join(ACTIONS))
    actions = hi.add_subparsers(dest="action", required=True, metavar="{" + ",".join(ACTIONS) + "}")
    for name, said in ACTIONS.items():
        listed = "examples:\n  " + "\n  ".join(shown[name]) if name in shown else None
        action = actions.add_parser(
            name,
            help=said,
            description=textwrap.fill(f"{said[:1].upper()}{said[1:]}."),
            epilog=listed,
            formatter_class=Help,
        )
        action.add_argument("files", nargs="+", help=FILES)
        if name in ("convert", "graph"):
            action.add_argument(
                "-o",
                "--output",
                help="the .phhs (or .phh) file, or PokerStars .txt, to write (none: .phhs text to standard output)"
                if name == "convert"
                else "the .png or .svg to draw",
            )
        if name == "graph":
            action.add_argument("--player", help="whose winnings")
        if name == "summary":
            action.add_argument("--json", action="store_true", help="one JSON object of every count and rate by player")
        action.set_defaults(run=run)


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
