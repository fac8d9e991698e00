"""``handrank outs``: a hold'em hand's outs against a hand or a range on a flop or a turn."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    o = sub.add_parser("outs", help="the cards that take a hand from behind to best, clean or tainted")
    o.add_argument("hand", help="two hole cards, e.g. 'Ah Kh' (quoted)")
    o.add_argument("--vs", required=True, help="the opponent's hand or range, e.g. 'QQ+, AK' (quoted)")
    o.add_argument("--board", required=True, help="the flop or the turn: 3 or 4 cards")
    o.add_argument("--dead", default="", help="cards out of play")
    o.add_argument("-o", "--output", help="a .png or .svg file to draw the equity after each card in")
    o.add_argument("--json", action="store_true", help="print one JSON object")
    o.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..cards import card_str
    from ..outs import outs

    result = outs(args.hand, args.vs, args.board, args.dead)
    if args.json:
        cards = [
            {"card": card_str(o.card), "share": o.share, "clean": o.clean, "tainted": o.tainted, "equity": o.equity}
            for o in result.cards
        ]
        print(json.dumps({"count": result.count, "clean": result.clean, "equity": result.equity, "cards": cards}))
        return 0
    if args.output:
        from ..pictures import save_outs

        save_outs(result, args.output)
        print(f"wrote {args.output}", file=sys.stderr)
        return 0
    print(result.table())
    return 0
