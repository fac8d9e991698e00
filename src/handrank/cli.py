"""The ``handrank`` command line.

    handrank eval As Ks Qs Js Ts       rank, class and best five of 5 to 7 cards
    handrank eval --json "Ah Kh 2c 2d 9s 9h 3c"
    handrank info                      which evaluator runs, and why

Bad input exits with status 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

import handrank


def _eval(args: argparse.Namespace) -> int:
    hand = handrank.cards(" ".join(args.cards))
    rank = handrank.evaluate(hand)
    result = {
        "cards": handrank.cards_str(hand),
        "rank": rank,
        "strength": handrank.strength(rank),
        "class": handrank.class_name(rank),
        "best_five": handrank.cards_str(handrank.best_five(hand)),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['cards']}: rank {rank} of 7462 (1 is best), {result['class']}")
        print(f"best five: {result['best_five']}")
    return 0


def _info(args: argparse.Namespace) -> int:
    print(f"handrank {handrank.__version__}, {handrank.IMPLEMENTATION} evaluator")
    if handrank.FALLBACK_REASON:
        print(f"pure Python because {handrank.FALLBACK_REASON}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="handrank", description="Poker hand evaluation (Cactus Kev ranks).")
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("eval", help="rank 5 to 7 cards (1 = royal flush ... 7462 = 7-5-4-3-2)")
    e.add_argument("cards", nargs="+", help="cards such as As Kd 10h 2♣ (spaces or commas)")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.set_defaults(run=_eval)
    i = sub.add_parser("info", help="which evaluator runs")
    i.set_defaults(run=_info)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.run(args))
    except (ValueError, TypeError) as error:
        print(f"handrank: error: {error}", file=sys.stderr)
        return 2
