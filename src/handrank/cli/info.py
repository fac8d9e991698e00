"""``handrank info``: which evaluator runs, and why."""

from __future__ import annotations

import argparse
from typing import Any

import handrank


def add_parser(sub: Any) -> None:
    i = sub.add_parser("info", help="which evaluator runs, and why")
    i.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print(f"handrank {handrank.__version__}, {handrank.IMPLEMENTATION} evaluator")
    if handrank.FALLBACK_REASON:
        from .. import _switch

        how = "pure Python by choice" if _switch.BY_CHOICE else "pure Python because a compiled one failed"
        print(f"{how}: {handrank.FALLBACK_REASON}")
    return 0
