"""``handrank icm``: what each stack is worth in prize money by the chip model, and bubble factors."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ._common import amount, integer, positive

MODELS = {"harville": "MALMUTH_HARVILLE", "weitzman": "MALMUTH_WEITZMAN"}
"""The ``--model`` names, each a ``handrank.icm.Model`` member."""


def add_parser(sub: Any) -> None:
    c = sub.add_parser("icm", help="each stack's worth in prize money by the chip model (ICM), and bubble factors")
    c.add_argument("stacks", nargs="+", type=amount, help="each player's chips (0: out, below every player left)")
    c.add_argument("--payouts", nargs="+", type=amount, required=True, help="the prizes from first place down")
    c.add_argument("--model", choices=sorted(MODELS), default="harville", help="Malmuth-Harville or Malmuth-Weitzman")
    c.add_argument("--trials", type=positive, help="Monte Carlo instead, for a field of any size")
    c.add_argument("--seed", type=integer, default=0, help="with --trials: the same seed, the same answer")
    c.add_argument("--threads", type=integer, help="with --trials: threads (0 = every core), the same answer")
    c.add_argument("--bubble", action="store_true", help="also each player's bubble factor against each other")
    c.add_argument("--force", action="store_true", help="start even exact work estimated at over a minute")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..icm import Model, bubble_factors, icm, sampled_icm

    model = Model[MODELS[args.model]]
    if args.trials:
        sampled = sampled_icm(args.stacks, args.payouts, args.trials, args.seed, args.threads, model)
        values, errors = list(sampled.values), list(sampled.errors)
    else:
        values, errors = list(icm(args.stacks, args.payouts, model, force=args.force)), None
    bubble = bubble_factors(args.stacks, args.payouts, model) if args.bubble else None
    if args.json:
        out: dict[str, Any] = {"stacks": args.stacks, "payouts": args.payouts, "model": model.value, "values": values}
        if errors is not None:
            out.update(errors=errors, trials=args.trials, seed=args.seed)
        if bubble is not None:
            out["bubble_factors"] = [[None if i == j else b for j, b in enumerate(row)] for i, row in enumerate(bubble)]
        print(json.dumps(out))
        return 0
    chips, pool = sum(args.stacks), sum(args.payouts)
    how = f"Monte Carlo, {args.trials:,} trials, seed {args.seed}" if errors else "exact"
    print(f"{model.value}, {how}: {len(args.stacks)} players, {chips:,.0f} chips, prizes {pool:,.2f}")
    print(f"{'player':>6}{'stack':>14}{'chips':>9}{'prize':>14}{'of pool':>9}")
    for seat, (stack, value) in enumerate(zip(args.stacks, values)):
        error = f"  ± {errors[seat]:.2f}" if errors else ""
        share = value / pool if pool else 0.0
        print(f"{seat + 1:>6}{stack:>14,.0f}{stack / chips:>9.2%}{value:>14,.2f}{share:>9.2%}{error}")
    if bubble is not None:
        print("\nbubble factors (row's risk against column):")
        print("      " + "".join(f"{j + 1:>7}" for j in range(len(bubble))))
        for i, row in enumerate(bubble):
            print(f"{i + 1:>6}" + "".join("      -" if i == j else f"{b:>7.2f}" for j, b in enumerate(row)))
    return 0
