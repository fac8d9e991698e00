"""``handrank hits``: how a hold'em range hits a board, made hands and draws."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_parser(sub: Any) -> None:
    h = sub.add_parser("hits", help="a range's made hands and draws on a flop, turn or river")
    h.add_argument("range", help="a hold'em range or hand, e.g. 'QQ+, AK, 0.5(JJ)' (quoted)")
    h.add_argument("--board", required=True, help="3 to 5 board cards")
    h.add_argument("--dead", default="", help="cards out of play")
    h.add_argument("-o", "--output", help="a .png or .svg file to draw the grid, each class by its made hand, in")
    h.add_argument("--json", action="store_true", help="print one JSON object")
    h.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..cards import cards_str
    from ..hits import hits

    result = hits(args.range, args.board, args.dead)
    if args.json:
        made = {str(m): w for m, w in result.made.items()}
        draws = {str(d): w for d, w in result.draws.items()}
        print(json.dumps({"board": cards_str(result.board), "combos": result.combos, "made": made, "draws": draws}))
        return 0
    if args.output:
        from ..pictures import save_hits

        save_hits(result, args.output)
        print(f"wrote {args.output}", file=sys.stderr)
        return 0
    print(result.table())
    return 0
