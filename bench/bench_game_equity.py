"""Equity in Omaha, Omaha hi-lo, short deck and stud, beside pokerkit's ``calculate_equities``.

    python bench/bench_game_equity.py [--repeat 3] [--samples 2000] [--pokenum PATH]

Exact heads-up preflop enumerations (PLO4 target under 0.25 s, PLO5 under 1 s), each beside the
time ``equity`` estimates for it when it chooses between every board and trials, and the Monte
Carlo rate (target 10 M trials a second on one core, and 1,000x pokerkit's on the same hands; and
on two threads), many hands against one range (``equity_many`` beside a loop of ``equity``), a
hand against a range on a flop counted on every board beside the Monte Carlo,
pokerkit's rate measured on ``--samples`` of its own samples, single-threaded. Stud: every deal
three ways from fifth street (target: within seconds), and the Monte Carlo rate from third street
beside pokerkit's.

With ``--pokenum PATH``, pokersource's ``pokenum`` (built by hand from its public source; nothing
here builds it) counts the PLO4 and PLO4 hi-lo deals too, in turns with handrank on one thread:
both times, the ratio, and both answers' equities, which must agree.
"""

from __future__ import annotations

import argparse
import platform
import re
import subprocess
import time

from _timing import best_of

import handrank
from handrank import _game_odds, _switch
from handrank.games import OMAHA
from handrank.omaha_ranges import OmahaRange

EXACT = [
    ("PLO4", "omaha", ["As Ks Qs Js", "Ah Ad Kc Kd"]),
    ("PLO5", "omaha", ["As Ks Qs Js Ts", "Ah Ad Kc Kd 2c"]),
    ("PLO6", "omaha", ["As Ks Qs Js Ts 9s", "Ah Ad Kc Kd 2c 3c"]),
    ("PLO4 hi-lo", "omaha-hilo", ["As 2s Qs 3d", "Ah Ad Kc Kd"]),
    ("short deck", "short-deck", ["As Ks", "Ah Ad"]),
]

FIFTH_STREET = ["As 2h 3d 9c 9s", "Qs Qh 5d 6c 4s", "7h 8h 2c 5h Kh"]
"""Three stud hands on fifth street: 209,230,560 deals of the last two cards each."""


def pokerkit_rate(hands: list[str], samples: int, stud: bool = False) -> float:
    import pokerkit as pk

    ranges = [[pk.Card.parse(h.replace(" ", ""))] for h in hands]
    hand_type = pk.StandardHighHand if stud else pk.OmahaHoldemHand
    cards, board = (7, 0) if stud else (4, 5)
    start = time.perf_counter()
    pk.calculate_equities(ranges, (), cards, board, pk.Deck.STANDARD, (hand_type,), sample_count=samples)
    return samples / (time.perf_counter() - start)


def beside_pokenum(path: str, repeat: int) -> None:
    """pokenum's exact heads-up preflop counts (``-o``, ``-o8``) beside handrank's on one thread."""
    for name, flag, game in (("PLO4", "-o", "omaha"), ("PLO4 hi-lo", "-o8", "omaha-hilo")):
        hands = next(h for n, _, h in EXACT if n == name)
        command = [path, flag, *hands[0].split(), "-", *hands[1].split()]
        theirs = best_of(repeat, lambda: subprocess.run(command, check=True, capture_output=True))
        ours = best_of(repeat, lambda: handrank.equity(hands, game=game, exact=True, threads=1))
        printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split("\n")
        their_equity = [float(row.split()[-1]) for row in printed if re.match(r"[2-9TJQKA][shdc] ", row)]
        equity = [p.equity for p in handrank.equity(hands, game=game, exact=True, threads=1).players]
        assert all(abs(a - b) < 1e-3 for a, b in zip(sorted(their_equity), sorted(equity))), (their_equity, equity)
        print(
            f"exact {name} heads-up preflop, one thread: handrank {ours:.3f} s, pokenum {theirs:.3f} s "
            f"({ours / theirs:.2f}x its time); equity {equity[0]:.3f} and {equity[1]:.3f} in both"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--samples", type=int, default=2000)
    p.add_argument("--pokenum", help="a pokenum binary built from pokersource, run beside handrank")
    args = p.parse_args()
    print(f"handrank {_switch.IMPLEMENTATION}; {platform.machine()}, Python {platform.python_version()}")
    if args.pokenum:
        beside_pokenum(args.pokenum, args.repeat)
    for name, game, hands in EXACT:
        seconds = best_of(args.repeat, lambda: handrank.equity(hands, game=game, exact=True, force=True))
        boards = handrank.equity(hands, game=game, exact=True, force=True).boards
        guess = boards * len(hands) * _game_odds.BOARD_SECONDS[_switch.IMPLEMENTATION]
        print(f"exact {name:<12} heads-up preflop {boards:>10,} boards {seconds:>8.3f} s (estimated {guess:.3f} s)")
    hands, trials = EXACT[0][2], 2_000_000
    seconds = best_of(args.repeat, lambda: handrank.equity(hands, game="omaha", trials=trials, seed=1))
    ours = trials / seconds
    both = best_of(args.repeat, lambda: handrank.equity(hands, game="omaha", trials=trials, seed=1, threads=2))
    print(f"Monte Carlo PLO4 heads-up preflop: {ours / 1e6:.2f} M trials/s, {trials / both / 1e6:.2f} on 2 threads")
    plo = ours
    # Many hands against one wide range: equity_many reads and checks the range once.
    many, field = ["As Ks Qs Js", "Ah Ad 7c 2d", "9h 8h 7d 6d"], "random"
    looped = best_of(
        args.repeat, lambda: [handrank.equity([h, field], game="omaha", trials=20_000, seed=1) for h in many]
    )
    batched = best_of(args.repeat, lambda: handrank.equity_many(many, field, game="omaha", trials=20_000, seed=1))
    print(
        f"3 PLO4 hands against random, 20,000 trials each: equity_many {batched:.2f} s, a loop of equity {looped:.2f} s"
    )
    # A hand against a range on a flop: every board and every hand of the range, beside the Monte
    # Carlo that was the only way before (a million trials, its default).
    ranged, flop = ["As Ks Qs Js", "AAxx"], "Ts 9d 3h"
    counted = best_of(args.repeat, lambda: handrank.equity(ranged, board=flop, game="omaha", exact=True, threads=1))
    sampled = best_of(args.repeat, lambda: handrank.equity(ranged, board=flop, game="omaha", exact=False, seed=1))
    size = len(OmahaRange("AAxx"))
    holdings, known, gone, _, _ = _game_odds.game_equity_work(ranged, flop, "", OMAHA)
    guess = _game_odds._every_board_seconds(holdings, known, gone, OMAHA)
    print(
        f"PLO4 hand against AAxx ({size:,} hands) on {flop}: every board {counted:.3f} s on one thread "
        f"(estimated {guess:.3f} s), a million trials {sampled:.3f} s"
    )
    # Past BY_TRIPLE_HANDS hands each board values every hand from its cards: the other estimate.
    wide, turn = ["As Ks Qs Js", "random"], "Ts 9d 3h 2c"
    counted = best_of(args.repeat, lambda: handrank.equity(wide, board=turn, game="omaha", exact=True, threads=1))
    holdings, known, gone, _, _ = _game_odds.game_equity_work(wide, turn, "", OMAHA)
    guess = _game_odds._every_board_seconds(holdings, known, gone, OMAHA)
    size = sum(len(h) for h in holdings)
    print(f"PLO4 hand against random ({size:,} hands) on {turn}: every board {counted:.3f} s (estimated {guess:.3f} s)")
    for game in ("stud", "stud-hilo", "razz"):
        seconds = best_of(args.repeat, lambda: handrank.equity(FIFTH_STREET, game=game, exact=True, force=True))
        print(f"exact {game:<9} three ways from fifth street, 209,230,560 deals {seconds:>7.3f} s")
    third = [h[:8] for h in FIFTH_STREET]
    seconds = best_of(args.repeat, lambda: handrank.equity(third, game="stud", trials=trials, seed=1))
    stud = trials / seconds
    print(f"Monte Carlo stud three ways from third street: {stud / 1e6:.2f} M trials/s")
    try:
        theirs = pokerkit_rate(hands, args.samples)
        theirs_stud = pokerkit_rate(third, args.samples, stud=True)
    except ImportError:
        print("pokerkit absent")
        return
    print(f"pokerkit calculate_equities, PLO4: {theirs:,.0f} samples/s; handrank {plo / theirs:,.0f}x")
    print(f"pokerkit calculate_equities, stud: {theirs_stud:,.0f} samples/s; handrank {stud / theirs_stud:,.0f}x")


if __name__ == "__main__":
    main()
