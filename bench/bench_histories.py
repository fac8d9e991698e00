"""Reading PokerStars text, beside pokerkit's PokerStars parser on the same text.

    python bench/bench_histories.py [--hands 400] [--repeat 3] [--file-hands 1000000]

The text is ``--hands`` hands of the shared PokerStars exports (one day of nine-max no-limit
cash, ``../shared/hh/pokerstars/poker-handhistory``) that pokerkit's parser reads (no antes, no
boards run twice, no colon in a name), written back by ``to_pokerstars.dumps`` so that both
read the very same text. Printed: microseconds a hand for each and the ratio. Best of
``--repeat`` runs each.

With ``--file-hands N``, also a file of N hands (those hands over and over, each its own number)
read hand by hand (``pokerstars.iterate``) in a process of its own, and the same for a
hundredth of it: the seconds and the process's peak memory for each, which stays flat as the
file grows.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path

from _timing import timed

from handrank.history import pokerstars
from handrank.history.to_pokerstars import dumps

STREAM = """
import resource, sys, time
from handrank.history import pokerstars
start, errors = time.perf_counter(), []
hands = sum(1 for _ in pokerstars.iterate(sys.argv[1], errors))
seconds = time.perf_counter() - start
print(hands, len(errors), seconds, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--file-hands", type=int, default=0, help="also stream a file of this many hands")
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
    beside_pokerkit(text, ours, args.repeat)
    if args.file_hands:
        texts = [dumps(h) for h in records[: args.hands]]
        for hands in (args.file_hands // 100, args.file_hands):
            stream(texts, hands)


def beside_pokerkit(text: str, ours: float, repeat: int) -> None:
    """pokerkit's PokerStars parser on the same text, and the ratio."""
    try:
        from pokerkit import notation
    except ImportError:
        print("pokerkit is not installed: no anchor (pip install pokerkit)")
        return

    def theirs() -> int:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns of the header's time-zone field
            return len(list(notation.PokerStarsParser()(text, parse_value=Decimal, error_status=True)))

    seconds, parsed = timed(repeat, theirs)
    anchor = seconds / parsed * 1e6
    print(f"pokerkit PokerStarsParser: {parsed:,} hands, {anchor:,.0f} us a hand")
    print(f"ratio: handrank reads a hand in {ours / anchor:.2f}x pokerkit's time")


def stream(texts: list[str], hands: int) -> None:
    """A file of ``hands`` hands read hand by hand in a process of its own: its time and peak memory."""
    path = Path(f"bench-histories-{hands}.txt")
    try:
        with path.open("w", encoding="utf-8") as file:
            for i in range(hands):  # each hand its own number, as an export's are
                text = texts[i % len(texts)]
                file.write(text.replace("Hand #", f"Hand #{9 * 10**11 + i}0", 1) + "\n\n\n")
        done = subprocess.run([sys.executable, "-c", STREAM, str(path)], capture_output=True, text=True, check=True)
        read, errors, seconds, peak_kib = done.stdout.split()
        size = path.stat().st_size / 2**20
    finally:
        path.unlink(missing_ok=True)
    print(
        f"a file of {int(read):,} hands ({size:,.0f} MiB), {int(errors)} errors: read hand by hand in "
        f"{float(seconds):,.1f} s ({float(seconds) / int(read) * 1e6:,.0f} us a hand), peak memory "
        f"{int(peak_kib) / 1024:,.0f} MiB"
    )


if __name__ == "__main__":
    main()
