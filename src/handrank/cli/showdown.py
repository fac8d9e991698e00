"""``handrank showdown``: who wins a Hold'em showdown."""

from __future__ import annotations

import argparse
import json
from typing import Any

import handrank


def add_parser(sub: Any) -> None:
    w = sub.add_parser("showdown", help="who wins a Hold'em showdown")
    w.add_argument("--board", required=True, help="3 to 5 board cards")
    w.add_argument("--hands", nargs="+", required=True, help="two hole cards per hand, e.g. 'Ah Kh' 'Qs Qd'")
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = handrank.cards(args.board)
    won = set(handrank.winners(args.hands, board))
    rows: list[dict[str, Any]] = []
    for i, hole in enumerate(args.hands):
        hole_cards = handrank.cards(hole)
        rank = handrank.evaluate(hole_cards + board)
        rows.append(
            {
                "hand": handrank.cards_str(hole_cards),
                "rank": rank,
                "description": handrank.describe(rank),
                "best_five": handrank.cards_str(handrank.best_five(hole_cards + board)),
                "wins": i in won,
            }
        )
    if args.json:
        print(json.dumps({"board": handrank.cards_str(board), "hands": rows}))
        return 0
    print(f"board: {handrank.cards_str(board)}")
    for row in rows:
        mark = "wins" if row["wins"] and len(won) == 1 else "splits" if row["wins"] else "    "
        print(f"{mark:>6}  {row['hand']}  {row['description']} ({row['best_five']}, rank {row['rank']})")
    return 0
