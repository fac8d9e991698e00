"""Reading PHH, beside pokerkit's ``HandHistory.loads`` on the same texts (target: 2x its speed).

    python bench/bench_phh.py [--files 2000] [--repeat 3]

The texts are the first ``--files`` ``.phh`` files of the shared PHH data set
(``../shared/phh``), read from disk once. Timed on them, in turns, the best of ``--repeat`` runs
each: handrank's ``phh.loads`` with the fast-toml extra's parser (``rtoml``, when installed), the
same with the standard parser (``tomllib``), and pokerkit's ``HandHistory.loads`` (which reads
with ``tomllib``). Printed: microseconds a hand for each and the ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
from pathlib import Path
from typing import Any, Callable

from _timing import best_of

from handrank.history import phh

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--files", type=int, default=2000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    paths = sorted((SHARED / "phh").rglob("*.phh"))[: args.files]
    if not paths:
        raise SystemExit(f"no PHH files under {SHARED / 'phh'} (set HANDRANK_SHARED)")
    texts = [path.read_text(encoding="utf-8") for path in paths]
    print(f"{platform.machine()}, Python {platform.python_version()}; {len(texts):,} files")
    fast = phh.fast_toml
    contenders: dict[str, Callable[[], Any]] = {}
    if fast is not None:
        contenders["handrank phh.loads, rtoml"] = lambda: [phh.loads(t) for t in texts]
    contenders["handrank phh.loads, tomllib"] = lambda: _standard(lambda: [phh.loads(t) for t in texts])
    try:
        from pokerkit import HandHistory
    except ImportError:
        print("pokerkit is not installed: no anchor (pip install pokerkit)")
    else:
        contenders["pokerkit HandHistory.loads"] = lambda: [HandHistory.loads(t) for t in texts]
    best = {name: float("inf") for name in contenders}
    for _ in range(args.repeat):  # in turns, so that each sees the machine as it is
        for name, work in contenders.items():
            best[name] = min(best[name], best_of(1, work))
    for name, seconds in best.items():
        print(f"{name:<32}{seconds / len(texts) * 1e6:>8.1f} us a hand")
    anchor = best.get("pokerkit HandHistory.loads")
    if anchor:
        for name, seconds in best.items():
            if name.startswith("handrank"):
                print(f"{name}: {anchor / seconds:.2f}x pokerkit's speed")


def _standard(work: Callable[[], Any]) -> Any:
    """``work`` with the fast parser set aside."""
    fast, phh.fast_toml = phh.fast_toml, None
    try:
        return work()
    finally:
        phh.fast_toml = fast


if __name__ == "__main__":
    main()
