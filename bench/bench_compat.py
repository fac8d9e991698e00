"""Each drop-in shim against its peer: the common calls, the same input, one process.

    python bench/bench_compat.py [--repeat 5]

Prints, for every call, the peer's time, the shim's and the speed-up (peer / shim);
a peer that is not installed is left out. Times are the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import importlib
import random
import timeit
from typing import Any, Callable

TEXTS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
Case = tuple[str, Callable[[Any], Callable[[], object]], int]


def treys_cases() -> list[Case]:
    def hands(m: Any) -> tuple[Any, list[int], list[int]]:
        e, d = m.Evaluator(), m.Deck()
        return e, d.draw(2), d.draw(5)

    return [
        ("Card.new('As')", lambda m: lambda: m.Card.new("As"), 100_000),
        ("Deck() + draw 5, 2, 2", lambda m: lambda: (lambda d: (d.draw(5), d.draw(2), d.draw(2)))(m.Deck()), 10_000),
        ("Evaluator.evaluate, 7 cards", lambda m: (lambda e, h, b: lambda: e.evaluate(h, b))(*hands(m)), 50_000),
        ("Evaluator.evaluate, 5 cards", lambda m: (lambda e, h, b: lambda: e.evaluate(h, b[:3]))(*hands(m)), 50_000),
        ("Evaluator()", lambda m: lambda: m.Evaluator(), 20),
        ("evaluate, a card twice, 7 cards", duplicate_case, 20_000),
    ]


def duplicate_case(m: Any) -> Callable[[], object]:
    """A hand holding one card twice: the peer answers it as it is, the shim when made to allow it."""
    shim = m.__name__.startswith("handrank.")
    e = m.Evaluator(allow_duplicates=True) if shim else m.Evaluator()
    hand, board = [m.Card.new("As"), m.Card.new("As")], [m.Card.new(c) for c in ("Kd", "Qc", "Jh", "7s", "2c")]
    return lambda: e.evaluate(hand, board)


def eval7_cases() -> list[Case]:
    seven = random.Random(1).sample(TEXTS, 7)
    return [
        ("Card('As')", lambda m: lambda: m.Card("As"), 100_000),
        ("Deck() + shuffle + deal 9", lambda m: lambda: (lambda d: (d.shuffle(), d.deal(9)))(m.Deck()), 10_000),
        ("evaluate, 7 cards", lambda m: (lambda h: lambda: m.evaluate(h))([m.Card(c) for c in seven]), 50_000),
        ("set of 7 cards", lambda m: (lambda h: lambda: set(h))([m.Card(c) for c in seven]), 50_000),
        ("HandRange('22+, A2s+, KTo+')", lambda m: lambda: m.HandRange("22+, A2s+, KTo+"), 200),
        (
            "py_hand_vs_range_exact, river",
            lambda m: (lambda h, r, b: lambda: m.py_hand_vs_range_exact(h, r, b))(
                [m.Card("Ah"), m.Card("Kh")],
                m.HandRange("22+, A2s+, KTo+"),
                [m.Card(c) for c in ("2c", "7d", "9h", "Js", "3s")],
            ),
            200,
        ),
    ]


def phevaluator_cases() -> list[Case]:
    ids = random.Random(2).sample(range(52), 9)
    return [
        ("evaluate_cards, 7 ids", lambda m: lambda: m.evaluate_cards(*ids[:7]), 50_000),
        ("evaluate_cards, 7 strings", lambda m: lambda: m.evaluate_cards(*[TEXTS[i] for i in ids[:7]]), 50_000),
        ("evaluate_omaha_cards, 9 ids", lambda m: lambda: m.evaluate_omaha_cards(*ids), 50_000),
        ("Card('As')", lambda m: lambda: m.Card("As"), 100_000),
    ]


def pkrbot_cases() -> list[Case]:
    seven = random.Random(3).sample(TEXTS, 7)
    return [
        ("Card('As')", lambda m: lambda: m.Card("As"), 100_000),
        ("Deck() + shuffle + deal 9", lambda m: lambda: (lambda d: (d.shuffle(), d.deal(9)))(m.Deck()), 10_000),
        ("evaluate, 7 cards", lambda m: (lambda h: lambda: m.evaluate(h))([m.Card(c) for c in seven]), 50_000),
    ]


PEERS = {
    "treys": treys_cases,
    "deuces": treys_cases,
    "eval7": eval7_cases,
    "phevaluator": phevaluator_cases,
    "pkrbot": pkrbot_cases,
}


def best(call: Callable[[], object], number: int, repeat: int) -> float:
    return min(timeit.repeat(call, number=number, repeat=repeat)) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per call; the best is kept")
    args = parser.parse_args()
    print(f"{'peer':12} {'call':34} {'peer':>11} {'shim':>11} {'speed-up':>9}")
    for name, cases in PEERS.items():
        try:
            theirs = importlib.import_module(name)
        except ImportError:
            print(f"{name:12} not installed: left out")
            continue
        ours = importlib.import_module(f"handrank.compat.{name}")
        for label, make, number in cases():
            peer_time = best(make(theirs), max(number // (50 if label == "Evaluator()" else 1), 1), args.repeat)
            shim_time = best(make(ours), number, args.repeat)
            print(
                f"{name:12} {label:34} {peer_time * 1e6:9.3f}us {shim_time * 1e6:9.3f}us {peer_time / shim_time:8.1f}x"
            )


if __name__ == "__main__":
    main()
