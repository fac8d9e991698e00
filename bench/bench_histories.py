"""Reading PokerStars text, beside pokerkit's PokerStars parser on the same text.

    python bench/bench_histories.py [--hands 400] [--repeat 3]

The text is ``--hands`` hands of the shared PokerStars exports (one day of nine-max no-limit
cash, ``../shared/hh/pokerstars/poker-handhistory``) that pokerkit's parser reads (no antes, no
boards run twice, no colon in a name), written back by ``to_pokerstars.dumps`` so that both
read the very same text. Printed: microseconds a hand for each and the ratio. Best of
``--repeat`` runs each.
"""

from __future__ import annotations

import argparse
import os
import platform
import warnings
from decimal import Decimal
from pathlib import Path

from _timing import timed

from handrank.history import pokerstars
from handrank.history.to_pokerstars import dumps

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    folder = SHARED / "hh" / "pokerstars" / "poker-handhistory"
    records = []
    for path in sorted(folder.rglob("*.txt")):
        for h in pokerstars.read(path, []):
            plain = h.variant == "NT" and not any(h.antes or []) and not h.fields.get("_runs")
            if plain and not h.fields.get("_cashed_out") and not any(":" in name for name in h.players):
                records.append(h)
        if len(records) >= args.hands:
            break
    if not records:
        raise SystemExit(f"no PokerStars exports under {folder} (set HANDRANK_SHARED)")
    text = "\n\n\n".join(dumps(h) for h in records[: args.hands])
    print(f"{platform.machine()}, Python {platform.python_version()}; {min(len(records), args.hands)} hands")
    path = Path("bench-histories.txt")
    path.write_text(text, encoding="utf-8")
    try:
        seconds, hands = timed(args.repeat, lambda: len(pokerstars.read(path)))
    finally:
        path.unlink()
    ours = seconds / hands * 1e6
    print(f"handrank pokerstars.read: {hands:,} hands, {ours:,.0f} us a hand")
    try:
        from pokerkit import notation
    except ImportError:
        print("pokerkit is not installed: no anchor (pip install pokerkit)")
        return

    def theirs() -> int:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns of the header's time-zone field
            return len(list(notation.PokerStarsParser()(text, parse_value=Decimal, error_status=True)))

    seconds, parsed = timed(args.repeat, theirs)
    anchor = seconds / parsed * 1e6
    print(f"pokerkit PokerStarsParser: {parsed:,} hands, {anchor:,.0f} us a hand")
    print(f"ratio: handrank reads a hand in {ours / anchor:.2f}x pokerkit's time")


if __name__ == "__main__":
    main()
