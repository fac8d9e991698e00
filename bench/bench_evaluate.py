"""handrank against the peers: the same hands, one process, ns per evaluation and ratios.

    python bench/bench_evaluate.py [--hands 200000] [--batch 2000000]

Peers that are not installed are left out of the table (pip install treys
phevaluator eval7 pkrbot pokerkit). Speed targets are ratios
measured here, in the same run; nothing here is a test.
"""

from __future__ import annotations

import os

# numpy's OpenBLAS threads can spin on the other cores; nothing here uses BLAS.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import platform
import random
import subprocess
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any, Callable, Optional

from _timing import best_of

import handrank
from handrank import _eval_py, card_str, to_index
from handrank.decks import evaluate_decks, evaluate_decks_many
from handrank.wild import evaluate_wild, evaluate_wild_many

try:
    from handrank import _eval_c
except ImportError:  # pragma: no cover
    _eval_c = None  # type: ignore[assignment]


def per_call(fn: Callable[..., Any], args: Sequence[Any], star: bool, repeats: int = 5) -> float:
    """ns per call of ``fn`` over ``args`` (each one argument, or unpacked with ``star``)."""
    if star:

        def loop() -> None:
            for a in args:
                fn(*a)
    else:

        def loop() -> None:
            for a in args:
                fn(a)

    return best_of(repeats, loop) / len(args) * 1e9


def optional(name: str) -> Optional[Any]:
    try:
        return import_module(name)
    except ImportError:
        return None


def contenders(n_cards: int) -> list[tuple[str, Callable[[list[int]], tuple[Callable[..., Any], Any, bool]]]]:
    """(label, prepare) pairs: prepare turns card ints into (function, its argument, unpack?)."""
    out: list[tuple[str, Callable[[list[int]], tuple[Callable[..., Any], Any, bool]]]] = []
    if _eval_c is not None:
        fixed = _eval_c.evaluate7 if n_cards == 7 else _eval_c.evaluate5
        out.append(("handrank (cython) evaluate(list)", lambda h: (_eval_c.evaluate, h, False)))
        out.append((f"handrank (cython) evaluate{n_cards}(*cards)", lambda h: (fixed, h, True)))
        # From a tuple the interpreter passes the items as they are; from a list it builds a tuple first.
        out.append((f"handrank (cython) evaluate{n_cards}(*cards), a tuple", lambda h: (fixed, tuple(h), True)))
    out.append(("handrank (pure) evaluate(list)", lambda h: (_eval_py.evaluate, h, False)))
    treys = optional("treys")
    if treys:
        ev = treys.Evaluator()
        out.append(("treys Evaluator.evaluate(hand, board)", lambda h: (ev.evaluate, (h[:2], h[2:]), True)))
    pheval = optional("phevaluator._pheval")
    if pheval:
        f = getattr(pheval, f"evaluate_{n_cards}cards")
        out.append((f"phevaluator _pheval.evaluate_{n_cards}cards", lambda h: (f, [to_index(c) for c in h], True)))
    eval7 = optional("eval7")
    if eval7:
        out.append(("eval7 evaluate", lambda h: (eval7.evaluate, [eval7.Card(card_str(c)) for c in h], False)))
    pkrbot = optional("pkrbot")
    if pkrbot:
        out.append(("pkrbot evaluate", lambda h: (pkrbot.evaluate, [pkrbot.Card(card_str(c)) for c in h], False)))
    pokerkit = optional("pokerkit")
    if pokerkit:
        hh = pokerkit.StandardHighHand

        def pk(h: list[int]) -> tuple[Callable[..., Any], Any, bool]:
            text = [card_str(c) for c in h]
            return hh.from_game, ("".join(text[:2]), "".join(text[2:])), True

        out.append(("pokerkit StandardHighHand.from_game", pk))
    return out


def single_call_table(n_cards: int, hands: list[list[int]]) -> list[tuple[str, float]]:
    rows = []
    for label, prepare in contenders(n_cards):
        sample = hands if "pokerkit" not in label else hands[:300]
        prepared = [prepare(h) for h in sample]
        fn, star = prepared[0][0], prepared[0][2]
        rows.append((label, per_call(fn, [p[1] for p in prepared], star, repeats=3 if "pokerkit" in label else 5)))
    return rows


def print_table(title: str, rows: list[tuple[str, float]], baseline: str) -> None:
    base = dict(rows).get(baseline)
    print(f"\n### {title}\n")
    print(f"| evaluator | ns per hand | ratio to {baseline.split()[0]} |")
    print("|---|---:|---:|")
    for label, ns in rows:
        ratio = f"{ns / base:.2f}x" if base else "-"
        print(f"| {label} | {ns:,.2f} | {ratio} |" if ns < 100 else f"| {label} | {ns:,.0f} | {ratio} |")


def omaha_section(n: int, seed: int) -> None:
    """PLO4 (four hole cards, five on the board) against phevaluator's evaluate_omaha_cards."""
    rng = random.Random(seed)
    hands = [rng.sample(list(handrank.DECK), 9) for _ in range(n)]
    rows = []
    if _eval_c is not None:
        rows.append(
            (
                "handrank (cython) evaluate_omaha(hole, board)",
                per_call(_eval_c.evaluate_omaha, [(h[:4], h[4:]) for h in hands], True),
            )
        )
    rows.append(
        (
            "handrank (pure) evaluate_omaha(hole, board)",
            per_call(_eval_py.evaluate_omaha, [(h[:4], h[4:]) for h in hands[: n // 20]], True, 2),
        )
    )
    ph = optional("phevaluator")
    if ph:
        ids = [[to_index(c) for c in h[4:] + h[:4]] for h in hands]
        rows.append(("phevaluator evaluate_omaha_cards", per_call(ph.evaluate_omaha_cards, ids, True)))
    print_table("Omaha (PLO4, full board), one call each", rows, "phevaluator evaluate_omaha_cards")


def wild_hand(hand: list[int]) -> int:
    return evaluate_wild(hand, jokers=1)


def bug_hand(hand: list[int]) -> int:
    return evaluate_wild(hand, jokers=1, bug=True)


def deuces_wild(hand: list[int]) -> int:
    return evaluate_wild(hand, wild="2")


def other_games_section(n: int, rows: int, seed: int) -> None:
    """Short deck (7 cards), badugi and shown stud hands (4 cards) beside hold'em's 7-card call: one call each and
    in batches, pokerkit's hands beside them (targets: a call within 1.5x of hold'em's, a batch
    within 2x of hold'em's per hand)."""
    rng = random.Random(seed)
    short = [c for c in handrank.DECK if handrank.rank_of(c) >= 4]
    holdem_hands = [rng.sample(list(handrank.DECK), 7) for _ in range(n)]
    short_hands = [rng.sample(short, 7) for _ in range(n)]
    badugi_hands = [rng.sample(list(handrank.DECK), 4) for _ in range(n)]
    shown_hands = [rng.sample(list(handrank.DECK), 4) for _ in range(n)]
    single = []
    for name, module, size in (("cython", _eval_c, n), ("pure", _eval_py, n // 20)):
        if module is None:
            continue
        single.append(
            (f"handrank ({name}) evaluate(list), hold'em", per_call(module.evaluate, holdem_hands[:size], False))
        )
        single.append(
            (
                f"handrank ({name}) evaluate_short_deck(list)",
                per_call(module.evaluate_short_deck, short_hands[:size], False),
            )
        )
        single.append(
            (f"handrank ({name}) evaluate_badugi(list)", per_call(module.evaluate_badugi, badugi_hands[:size], False))
        )
        single.append(
            (
                f"handrank ({name}) evaluate_partial(list), 4 cards",
                per_call(module.evaluate_partial, shown_hands[:size], False),
            )
        )
    # Wild cards and several decks: handrank.wild and handrank.decks over the compiled kernels.
    wild_hands = [h[:6] for h in holdem_hands]  # six cards and a joker
    deuces = [h[:5] for h in holdem_hands]
    doubled = [h[:6] + h[:1] for h in holdem_hands]  # a card twice, two decks
    single.append(("handrank evaluate_wild, 6 cards and a joker", per_call(wild_hand, wild_hands, False)))
    single.append(("handrank evaluate_wild, 6 cards and a bug", per_call(bug_hand, wild_hands, False)))
    single.append(("handrank evaluate_wild, 5 cards, deuces wild", per_call(deuces_wild, deuces, False)))
    single.append(("handrank evaluate_decks, 7 cards of two decks", per_call(evaluate_decks, doubled, False)))
    pk = optional("pokerkit")
    if pk:
        for label, kind, hands in (
            ("pokerkit ShortDeckHoldemHand.from_game", pk.ShortDeckHoldemHand, short_hands),
            ("pokerkit BadugiHand.from_game", pk.BadugiHand, badugi_hands),
        ):
            texts = ["".join(card_str(c) for c in h) for h in hands[:300]]
            single.append((label, per_call(kind.from_game, texts, False, 3)))
    print_table(
        "Short deck (7 cards), badugi and shown hands (4 cards), wild cards and two decks, one call each",
        single,
        "handrank (cython) evaluate(list), hold'em",
    )
    if _eval_c is None:
        return
    import numpy as np

    np_rng = np.random.default_rng(seed)
    holdem_rows = np.argsort(np_rng.random((rows, 52)), axis=1)[:, :7].astype(np.uint8)
    short_rows = (np.argsort(np_rng.random((rows, 36)), axis=1)[:, :7] + 16).astype(np.uint8)
    badugi_rows = np.argsort(np_rng.random((rows, 52)), axis=1)[:, :4].astype(np.uint8)
    batch = []
    best = _eval_c._batch_kernel()
    for kernel in (best, "portable"):
        _eval_c._batch_kernel(kernel)
        batch.append(
            (
                f"evaluate_many, hold'em, {kernel} kernel",
                best_of(5, lambda: _eval_c.evaluate_many(holdem_rows)) / rows * 1e9,
            )
        )
    _eval_c._batch_kernel(best)
    batch.append(
        ("evaluate_short_deck_many", best_of(5, lambda: _eval_c.evaluate_short_deck_many(short_rows)) / rows * 1e9)
    )
    batch.append(("evaluate_badugi_many", best_of(5, lambda: _eval_c.evaluate_badugi_many(badugi_rows)) / rows * 1e9))
    batch.append(
        ("evaluate_partial_many, 4 cards", best_of(5, lambda: _eval_c.evaluate_partial_many(badugi_rows)) / rows * 1e9)
    )
    joker_rows = holdem_rows.copy()
    joker_rows[:, 6] = 52  # six cards and a joker
    batch.append(
        ("evaluate_wild_many, 6 cards and a joker", best_of(5, lambda: evaluate_wild_many(joker_rows)) / rows * 1e9)
    )
    batch.append(
        (
            "evaluate_wild_many, 6 cards and a bug",
            best_of(5, lambda: evaluate_wild_many(joker_rows, bug=True)) / rows * 1e9,
        )
    )
    batch.append(
        (
            "evaluate_wild_many, 7 cards, deuces wild",
            best_of(5, lambda: evaluate_wild_many(holdem_rows, "2")) / rows * 1e9,
        )
    )
    doubled_rows = holdem_rows.copy()
    doubled_rows[:, 6] = doubled_rows[:, 0]  # a card twice, two decks
    batch.append(
        (
            "evaluate_decks_many, 7 cards of two decks",
            best_of(5, lambda: evaluate_decks_many(doubled_rows)) / rows * 1e9,
        )
    )
    print_table(f"The same, batches of {rows:,} uint8 rows", batch, f"evaluate_many, hold'em, {best} kernel")


def batch_section(rows: int) -> None:
    if _eval_c is None:
        return
    import numpy as np

    rng = np.random.default_rng(1)
    print(f"\n### Batch: {rows:,} random hands, uint8 (n, k) arrays\n")
    print("| work | ns per hand | numpy.take beside it | ratio to numpy.take |")
    print("|---|---:|---:|---:|")
    table = rng.integers(1, 7463, 49205).astype(np.uint16)
    idx = rng.integers(0, 49205, rows)

    def row(label: str, work: Callable[[], Any], n: int = rows, repeats: int = 5) -> None:
        """Time ``work`` between two timings of numpy.take (this VM's memory speed drifts within
        minutes): the ratio is to the faster of the two, one random uint16 read per hand from a
        49,205-entry table."""
        before = best_of(5, lambda: np.take(table, idx))
        t = best_of(repeats, work) / n * 1e9
        take = min(before, best_of(5, lambda: np.take(table, idx))) / rows * 1e9
        print(f"| {label} | {t:,.2f} | {take:.2f} | {t / take:,.2f}x |")

    best = _eval_c._batch_kernel()
    kernels = []
    names = (
        ("avx512", "AVX-512 kernel"),
        ("avx2", "AVX2 kernel"),
        ("neon", "NEON kernel"),
        ("portable", "portable kernel"),
    )
    for name, label in names:
        try:
            _eval_c._batch_kernel(name)
            kernels.append((name, label))
        except ValueError:
            pass
    for k in (5, 7):
        hands = np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)
        for name, kernel in kernels:
            _eval_c._batch_kernel(name)
            for threads in (None, 2):
                row(
                    f"evaluate_many, {k} cards, {kernel}" + (f", threads={threads}" if threads else ""),
                    lambda: _eval_c.evaluate_many(hands, threads=threads),
                )
        _eval_c._batch_kernel(best)
        if k == 7:
            for dtype in (np.int32, np.int64):  # copied to bytes a stretch at a time first
                wide = hands.astype(dtype)
                row(
                    f"evaluate_many, 7 cards, {np.dtype(dtype).name} array, best kernel",
                    lambda: _eval_c.evaluate_many(wide),
                )
            board = [handrank.DECK[i] for i in hands[0, 2:]]
            holes = np.array(
                [rng.choice(np.setdiff1d(np.arange(52), hands[0, 2:]), 2, replace=False) for _ in range(1000)],
                dtype=np.uint8,
            )[rng.integers(0, 1000, rows)]
            row(
                "evaluate_holdem: (n, 2) holdings against one 5-card board",
                lambda: _eval_c.evaluate_holdem(holes, board),
            )
            pure_rows = hands[:20000]
            row("evaluate_many, 7 cards, pure Python", lambda: _eval_py.evaluate_many(pure_rows), len(pure_rows), 1)


def enumeration_section() -> None:
    if _eval_c is None:
        return
    print("\n### Exhaustive enumeration (rank_counts, single thread)\n")
    print("| cards | hands | seconds | hands per second |")
    print("|---|---:|---:|---:|")
    for n, total in ((5, 2598960), (6, 20358520), (7, 133784560)):
        t = best_of(3, lambda: _eval_c.rank_counts(n))
        print(f"| {n} | {total:,} | {t:.3f} | {total / t / 1e6:,.0f} M |")
    t = best_of(1, lambda: _eval_py.rank_counts(7))
    print(f"| 7, pure Python (counted by combinatorics, not enumerated) | 133,784,560 | {t:.3f} | - |")


def equity_section() -> None:
    """Monte Carlo hand-vs-range against eval7 on the same matchup (bench_equity.py times the rest)."""
    from handrank import equity, preflop_table

    print("\n### Equity\n")
    print("| work | result | time |")
    print("|---|---|---:|")
    trials = 4_000_000
    rates = {}
    for threads in (None, 2):
        t = best_of(3, lambda: equity(["AhKh", "QQ+, AKs"], exact=False, trials=trials, seed=1, threads=threads))
        rates[threads] = trials / t
        label = "Monte Carlo AhKh vs QQ+, AKs (handrank" + (", 2 threads)" if threads else ")")
        print(f"| {label} | {rates[threads] / 1e6:.1f} M trials/s | {t * 1e3:.0f} ms |")
    eval7 = optional("eval7")
    if eval7:
        hand = [eval7.Card("Ah"), eval7.Card("Kh")]
        villain = eval7.HandRange("QQ+, AKs")
        t = best_of(3, lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [], trials))
        print(f"| Monte Carlo AhKh vs QQ+, AKs (eval7) | {trials / t / 1e6:.1f} M trials/s | {t * 1e3:.0f} ms |")
        print(
            f"\nhandrank / eval7 Monte Carlo rate: {rates[None] * t / trials:.1f}x on one thread, "
            f"{rates[2] * t / trials:.1f}x on two"
        )
    t = best_of(1, lambda: preflop_table("AhKh", trials=20_000, seed=1, threads=0))
    print(f"\n169-class preflop table for AhKh, 20,000 trials a class, every core: {t:.2f} s")


def import_section() -> None:
    def wall(code: str) -> float:
        return best_of(15, lambda: subprocess.run([sys.executable, "-c", code], check=True))

    bare = wall("pass")
    compiled = wall("import handrank")
    pure = wall("import os; os.environ['HANDRANK_PURE_PYTHON'] = '1'; import handrank")
    from handrank import _table_files

    t = _table_files.load().main
    lists = (
        t.flush,
        t.unique5,
        t.hash_displace,
        t.hash_values,
        t.low27_flush,
        t.lowa6_flush,
        t.low_displace,
        t.low27_slots,
        t.lowa5_slots,
        t.lowa6_slots,
    )
    size = 52 * 4 + 2 * sum(len(x) for x in lists)  # what write_c_header compiles in: uint16 tables and the deck
    print("\n### Start-up and memory\n")
    print(f"- `import handrank` (compiled): {(compiled - bare) * 1e3:.1f} ms above a bare interpreter start")
    print(f"- `import handrank` (pure, loads the shipped tables): {(pure - bare) * 1e3:.1f} ms")
    print(f"- compiled-in tables, lowball included: {size:,} bytes ({size / 1024:.0f} KiB)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=200_000, help="hands per single-call timing")
    p.add_argument("--batch", type=int, default=2_000_000, help="rows per batch timing")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args()
    rng = random.Random(args.seed)
    deck = list(handrank.DECK)
    kernel = "" if _eval_c is None else "; batch kernel: " + _eval_c._batch_kernel()
    print(
        f"handrank {handrank.__version__} ({handrank.IMPLEMENTATION}{kernel}); Python {platform.python_version()}; "
        f"{platform.machine()}, {platform.processor() or platform.platform()}"
    )
    for n in (7, 5):
        hands = [rng.sample(deck, n) for _ in range(args.hands)]
        rows = single_call_table(n, hands)
        print_table(f"{n}-card hands, one call each (Python loop over pre-built cards)", rows, "pkrbot evaluate")
        pure = dict(rows).get("handrank (pure) evaluate(list)")
        treys = dict(rows).get("treys Evaluator.evaluate(hand, board)")
        if pure and treys:
            print(f"\npure Python vs treys, {n} cards: {treys / pure:.2f}x faster")
    omaha_section(args.hands // 4, args.seed)
    other_games_section(args.hands, args.batch, args.seed)
    batch_section(args.batch)
    enumeration_section()
    equity_section()
    import_section()


if __name__ == "__main__":
    main()
