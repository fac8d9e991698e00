"""``handrank crosscheck``: where another evaluator orders hands otherwise than handrank."""

from __future__ import annotations

import argparse
from math import comb
from typing import Any

from .. import crosscheck as xc
from ._common import LONGEST, Progress, integer, positive, too_long


def add_parser(sub: Any) -> None:
    c = sub.add_parser(
        "crosscheck",
        help="check another evaluator's ordering against handrank's",
        epilog="exit status: 0 no disagreement, 1 disagreements found, 2 bad input, 3 the peer failed",
    )
    c.add_argument("peer", help=f"{', '.join(xc.PEERS)}, or module:function for your own evaluator")
    c.add_argument("--cards", type=integer, choices=(5, 6, 7), default=5, help="cards a hand")
    how = c.add_mutually_exclusive_group()
    how.add_argument("--exhaustive", action="store_true", help="every hand (the default for 5 cards)")
    how.add_argument("--sample", type=positive, metavar="N", help="N random hands")
    c.add_argument("--seed", type=integer, default=None, help="seed for --sample")
    c.add_argument(
        "--better",
        choices=("lower", "higher"),
        default="lower",
        help="for module:function: which of its values is the better hand",
    )
    c.add_argument(
        "--card-form",
        choices=xc.CARD_FORMS,
        default="treys",
        help="for module:function: cards as strings, treys ints or 0-51 indices",
    )
    c.add_argument("--show", type=integer, default=10, metavar="N", help="print at most N disagreements")
    c.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    c.add_argument(
        "--game",
        choices=list(xc.REFERENCES),
        default=xc.HIGH.name,
        help="omaha (phevaluator's PLO4), a lowball game (pokerkit: 2-7, a-5, razz), short deck or badugi (pokerkit)",
    )
    c.set_defaults(run=run, complete=complete)


def complete(args: argparse.Namespace) -> str:
    """Fill in what the options leave open: five cards are checked exhaustively, more on a million
    random hands. A seed without a sample is a mistake: what it says."""
    if args.seed is not None and args.sample is None:
        return "crosscheck: --seed seeds --sample: give --sample N too"
    if not args.exhaustive and args.sample is None:
        if args.cards == 5:
            args.exhaustive = True
        else:
            args.sample = 1_000_000
    return ""


def run(args: argparse.Namespace) -> int:
    try:
        peer = xc.named_peer(args.peer, args.cards, args.game)
    except ImportError as error:
        raise ValueError(str(error)) from None
    if ":" in args.peer:
        peer.card_form, peer.higher_is_better = args.card_form, args.better == "higher"
    ordering = xc.reference(args.game)
    if args.cards not in ordering.cards:
        args.cards = ordering.cards[-1]  # Omaha: four hole cards and a full board (PLO4); badugi: four cards
    total = comb(len(ordering.deck), args.cards) if args.exhaustive else args.sample
    timed = xc.check(peer, xc.hands(args.cards, min(total, 2000), 0, ordering.deck), 0, None, args.game)  # the rate
    rate = timed.checked / max(timed.seconds, 1e-9)
    too_long(total / rate, f"checking {total:,} hands", "check a --sample of fewer", args.force)
    progress = Progress(total)
    dealt = xc.hands(args.cards, None if args.exhaustive else args.sample, args.seed, ordering.deck)
    result = xc.check(peer, dealt, args.show, progress, args.game)
    progress.close()
    for d in result.disagreements:
        print(d)
    rate = result.checked / result.seconds if result.seconds else float("inf")
    shown = f", {len(result.disagreements)} shown" if len(result.disagreements) < result.found else ""
    verdict = f"disagreements found ({result.found:,}{shown})" if result.found else "no disagreement"
    print(
        f"{peer.name}: {result.checked:,} {args.cards}-card hands checked in {result.seconds:.1f} s "
        f"({rate:,.0f} hands/s): {verdict}"
    )
    return 1 if result.found else 0
