"""The ``handrank`` command line (also ``python -m handrank``).

    handrank eval As Ks Qs Js Ts [--json]          rank, class, description, best five
    handrank eval --game omaha As Ks 2d 3d Qs Js Ts
    handrank eval --game 2-7 7s 5h 4d 3c 2s
    handrank crosscheck treys --cards 7 --sample 100000 --seed 1
    handrank crosscheck mymodule:rank --better higher --card-form str --exhaustive
    handrank table --cards 5 --format csv -o hands.csv
    handrank stats --cards 7
    handrank showdown --board "As Kd 7c 2h 3s" --hands "Ah Kh" "Qs Qd"
    handrank equity AhKh "QQ+, AKs" --board "2c 7d 9h"
    handrank play --seats 3 --hands 5 [--draw first-jack] [--no-cut]
    handrank history validate hands.phhs stars.txt | convert stars.txt -o hands.phhs | replay | summary
    handrank grid "QQ+, AKs, 15%" [-o range.svg]; handrank grid --preflop AhKh -o heat.png
    handrank strength-tables tables/ [--streets river turn] [--bins 50] [--workers 2] [--scheduler ADDRESS]
    handrank info

Exit status: 0 done (no disagreement), 1 a crosscheck found disagreements, 2 bad
input (with a one-line message), 3 the peer under a crosscheck failed; a closed
pipe (``| head``) ends quietly.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections.abc import Sequence
from functools import partial
from itertools import combinations
from math import comb
from typing import IO, Any, Optional

import handrank

from . import crosscheck as xc
from .odds import LONG_WORK as LONGEST
from .odds import duration


def _eval(args: argparse.Namespace) -> int:
    if args.game != "holdem":
        return _eval_game(args)
    hand = handrank.cards(" ".join(args.cards))
    rank = handrank.evaluate(hand)
    result = {
        "cards": handrank.cards_str(hand),
        "rank": rank,
        "strength": handrank.strength(rank),
        "class": handrank.class_name(rank),
        "description": handrank.describe(rank),
        "long_description": handrank.describe(rank, long=True),
        "best_five": handrank.cards_str(handrank.best_five(hand)),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['cards']}: {result['description']}")
    print(f"rank {rank} of 7462 (1 is best): {result['long_description']}")
    print(f"best five: {result['best_five']}")
    return 0


def _eval_game(args: argparse.Namespace) -> int:
    """``eval --game``: Omaha (the first --hole cards are hole cards) or a lowball game."""
    hand = handrank.cards(" ".join(args.cards))
    if args.game == "omaha":
        hole, board = hand[: args.hole], hand[args.hole :]
        value = handrank.evaluate_omaha(hole, board)
        result: dict[str, Any] = {
            "hole": handrank.cards_str(hole),
            "board": handrank.cards_str(board),
            "rank": value,
            "of": 7462,
            "description": handrank.describe(value),
        }
        low = handrank.evaluate_omaha_low(hole, board)
        result["low"] = low if handrank.qualifies_eight_or_better(low) else None
    else:
        game = "a-5" if args.game == "razz" else args.game
        if args.game == "razz" and len(hand) != 7:
            raise ValueError(f"razz takes 7 cards, got {len(hand)}")
        value = handrank.evaluate_low(hand, game)
        result = {
            "cards": handrank.cards_str(hand),
            "rank": value,
            "of": handrank.LOW_SIZES[game],
            "description": handrank.describe_low(value, game),
            "long_description": handrank.describe_low(value, game, long=True),
        }
    result["game"] = args.game
    if args.json:
        print(json.dumps(result))
        return 0
    shown = result.get("cards") or f"{result['hole']} | {result['board']}"
    print(f"{args.game}: {shown}: {result['description']}")
    print(f"rank {value} of {result['of']} (1 is best)")
    if args.game == "omaha":
        low = result["low"]
        low_text = handrank.describe_low(low, "a-5") if isinstance(low, int) else "none (eight or better)"
        print(f"low for hi-lo: {low_text}")
    return 0


class _Progress:
    """A one-line progress report on stderr, with the rate and the time left, only on a terminal."""

    def __init__(self, total: Optional[int], what: str = "checked") -> None:
        self.total, self.what = total, what
        self.active = sys.stderr.isatty()
        self.start = time.monotonic()

    def __call__(self, done: int, total: Optional[int] = None) -> None:
        self.total = total or self.total
        if self.active:
            elapsed = max(time.monotonic() - self.start, 1e-9)
            rate = done / elapsed
            share = f" of {self.total:,} ({100 * done / self.total:.0f} %)" if self.total else ""
            left = f", about {duration((self.total - done) / rate)} left" if self.total and rate else ""
            print(f"\r{self.what} {done:,}{share} at {rate:,.0f}/s{left}   ", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.active:
            print(file=sys.stderr)


def _strength_tables(args: argparse.Namespace) -> int:
    from . import iso

    client = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError('--scheduler needs distributed: pip install "handrank[dask]"') from None
        client = Client(args.scheduler)  # type: ignore[no-untyped-call]
    bars: dict[str, _Progress] = {}

    def progress(street: str, done: int, total: int) -> None:
        if street not in bars:
            for bar in bars.values():
                bar.close()
            bars[street] = _Progress(total, f"{street}: chunks")
        bars[street](done)

    try:
        out = iso.build_tables(
            args.directory, args.streets, bins=args.bins, workers=args.workers, client=client, progress=progress
        )
    finally:
        for bar in bars.values():
            bar.close()
        if client is not None:
            client.close()  # type: ignore[no-untyped-call]
    for street in iso.STREETS:  # in the order of the streets, whatever the order given
        if street in args.streets:
            print(f"{street}: {out / f'{street}.npy'}")
    return 0


def _crosscheck(args: argparse.Namespace) -> int:
    try:
        peer = xc.named_peer(args.peer, args.cards, args.game)
    except ImportError as error:
        raise ValueError(str(error)) from None
    if ":" in args.peer:
        peer.card_form, peer.higher_is_better = args.card_form, args.better == "higher"
    if args.game == "omaha":
        args.cards = 9  # four hole cards and a full board, as phevaluator's PLO4 takes them
    total = comb(52, args.cards) if args.exhaustive else args.sample
    timed = xc.check(peer, xc.hands(args.cards, min(total, 2000), 0), 0, None, args.game)  # the rate, up front
    rate = timed.checked / max(timed.seconds, 1e-9)
    _too_long(total / rate, f"checking {total:,} hands", "check a --sample of fewer", args.force)
    progress = _Progress(total)
    result = xc.check(
        peer, xc.hands(args.cards, None if args.exhaustive else args.sample, args.seed), args.show, progress, args.game
    )
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


def _table(args: argparse.Namespace) -> int:
    k = args.cards
    texts = [handrank.card_str(c) for c in handrank.DECK]
    if args.format == "csv":
        rows = comb(52, k)
        _too_long(rows / CSV_ROWS_PER_SECOND, f"{rows:,} rows of csv", "write --format npy (seconds)", args.force)
        with open(args.output, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow([*(f"card{i + 1}" for i in range(k)), "rank", "class"])
            progress = _Progress(comb(52, k), "wrote")
            for count, hand in enumerate(combinations(range(52), k), 1):
                rank = handrank.evaluate([handrank.DECK[i] for i in hand])
                out.writerow([*(texts[i] for i in hand), rank, handrank.class_name(rank)])
                if not count & 0xFFFF:
                    progress(count)
            _check_written(f, args.output)
            progress.close()
    else:
        try:
            import numpy as np
        except ImportError:
            raise ValueError("--format npy needs numpy: pip install numpy") from None
        record = np.dtype([("cards", np.uint8, (k,)), ("rank", np.uint16), ("class", np.uint8)])
        bounds = np.array(handrank.ranking.CLASS_WORST_RANK)
        header = {"descr": np.lib.format.dtype_to_descr(record), "fortran_order": False, "shape": (comb(52, k),)}
        progress, written = _Progress(comb(52, k), "wrote"), 0
        with open(args.output, "wb") as f:  # the header, then the rows a block at a time: bounded memory
            np.lib.format.write_array_header_1_0(f, header)
            for hands in _hand_blocks(np, k):
                written += len(hands)
                progress(written)
                block = np.empty(len(hands), dtype=record)
                block["cards"] = hands
                block["rank"] = handrank.evaluate_many(hands)
                block["class"] = np.searchsorted(bounds, block["rank"]) + 1
                f.write(block.tobytes())
            _check_written(f, args.output)
        progress.close()
    print(f"wrote every {k}-card hand to {args.output}", file=sys.stderr)
    return 0


def _hand_blocks(np: Any, k: int) -> Any:
    """Every k-card hand as 0-51 indices, in the order of ``itertools.combinations``, a block per
    pair of lowest cards (at most C(50, 5) rows), built in numpy rather than as Python tuples."""
    rest = np.arange(50, dtype=np.uint8)[:, None]  # the (k - 2)-card subsets of range(50), in order
    for _ in range(k - 3):
        last = rest[:, -1].astype(np.int64)
        counts = 49 - last
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        grown = np.repeat(rest, counts, axis=0)
        rest = np.hstack([grown, (np.repeat(last + 1, counts) + offsets).astype(np.uint8)[:, None]])
    firsts = rest[:, 0]
    for a in range(52 - k + 1):
        for b in range(a + 1, 52 - k + 2):
            tail = rest[np.searchsorted(firsts, b - 1) :] + 2  # cards above b, as subsets of range(2, 52)
            block = np.empty((len(tail), k), dtype=np.uint8)
            block[:, 0], block[:, 1], block[:, 2:] = a, b, tail
            yield block


def _check_written(f: IO[Any], path: str) -> None:
    """Make sure what was written to ``f`` is on the disk before saying so: flushed, and, for a
    regular file, synced and as long as what was written (OSError otherwise)."""
    f.flush()
    if os.path.isfile(path):
        os.fsync(f.fileno())
        on_disk = os.fstat(f.fileno()).st_size
        if on_disk != f.tell():
            raise OSError(f"{path}: {on_disk:,} bytes on disk of {f.tell():,} written")


def _stats(args: argparse.Namespace) -> int:
    progress = _Progress(None, "counting: step")
    counts = handrank.rank_counts(args.cards, progress=progress)
    progress.close()
    total = sum(counts)
    rows = [(c.display_name, sum(counts[r] for r in c.ranks)) for c in handrank.HandClass]
    rows.insert(1, ("  of which royal", counts[1]))
    if args.json:
        classes = {c.display_name: sum(counts[r] for r in c.ranks) for c in handrank.HandClass}
        summary = {"schema": 1, "cards": args.cards, "hands": total, "classes": classes, "royal_flushes": counts[1]}
        print(json.dumps(summary))  # the classes add up to the hands; royal flushes are straight flushes
        return 0
    print(f"{args.cards}-card hands")
    print(f"{'class':<18}{'hands':>14}{'probability':>14}{'odds against':>16}")
    for name, n in rows:
        print(f"{name:<18}{n:>14,}{n / total:>14.6%}{(total - n) / n:>12,.2f} : 1")
    print(f"{'all':<18}{total:>14,}{1:>14.6%}")
    return 0


def _showdown(args: argparse.Namespace) -> int:
    board = handrank.cards(args.board)
    won = set(handrank.winners(board, args.hands))
    rows: list[dict[str, Any]] = []
    for i, hole in enumerate(args.hands):
        hole_cards = handrank.cards(hole)
        rank = handrank.evaluate(hole_cards + board)
        rows.append(
            {
                "hand": handrank.cards_str(hole_cards),
                "rank": rank,
                "description": handrank.describe(rank),
                "best_five": handrank.cards_str(handrank.best_five(hole_cards + board)),
                "wins": i in won,
            }
        )
    if args.json:
        print(json.dumps({"board": handrank.cards_str(board), "hands": rows}))
        return 0
    print(f"board: {handrank.cards_str(board)}")
    for row in rows:
        mark = "wins" if row["wins"] and len(won) == 1 else "splits" if row["wins"] else "    "
        print(f"{mark:>6}  {row['hand']}  {row['description']} ({row['best_five']}, rank {row['rank']})")
    return 0


CSV_ROWS_PER_SECOND = 300_000
"""Rows of ``table --format csv`` written a second (measured here: about 330,000)."""


def _too_long(seconds: float, what: str, instead: str, force: bool) -> None:
    """Refuse work estimated over ``LONGEST`` seconds, saying how long and what else to do, unless forced."""
    if seconds > LONGEST and not force:
        raise ValueError(f"{what} would take about {duration(seconds)} on one core: {instead}, or add --force to wait")


def _equity(args: argparse.Namespace) -> int:
    from .odds import (
        describe_player,
        equity,
        exact_work,
        seconds_for,
        seconds_for_trials,
    )

    exact = True if args.exact else False if args.monte_carlo or args.trials else None
    if args.exact:
        seconds = seconds_for(exact_work(args.players, args.board, args.dead))
        _too_long(
            seconds, "exact enumeration", "drop --exact for Monte Carlo (seconds, a standard error shown)", args.force
        )
    if args.trials:
        seconds = seconds_for_trials(args.trials, len(args.players))
        _too_long(
            seconds, f"{args.trials:,} trials", "ask for fewer (the error shrinks as one over their root)", args.force
        )
    progress = _Progress(None, "equity: part")
    result = equity(
        args.players,
        board=args.board,
        dead=args.dead,
        exact=exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        progress=progress if progress.active and not args.json else None,  # in parts, to show how far it is
        force=True,  # estimated and refused above, with the command line's words
    )
    progress.close()
    if args.json:
        print(json.dumps({"players": args.players, **result.to_dict()}))
        return 0
    how = f"exact, {result.boards:,} boards" if result.exact else f"Monte Carlo, {result.boards:,} trials"
    print(f"board: {handrank.cards_str(handrank.cards(args.board)) or '(preflop)'}; {how}")
    print(f"{'player':<24}{'equity':>10}{'win':>10}{'tie':>10}")
    for given, p in zip(args.players, result.players):
        error = f"  ± {p.stderr:.2%}" if p.stderr is not None else ""
        print(f"{describe_player(given):<24}{p.equity:>10.2%}{p.win:>10.2%}{p.tie:>10.2%}{error}")
    return 0


def _grid(args: argparse.Namespace) -> int:
    from . import pictures
    from .odds import preflop_table

    if args.preflop:
        table = preflop_table(args.preflop, trials=args.trials, seed=args.seed)
        if not args.output:
            for row in pictures.grid_classes():
                print(" ".join(f"{name}:{table[name]:.2f}".ljust(9) for name in row).rstrip())
            return 0
        pictures.save_preflop_table(table, args.output, f"{args.preflop}: equity against each class")
    else:
        if not args.range:
            raise ValueError("grid takes a range ('QQ+, AKs', quoted) or --preflop HAND")
        if not args.output:
            print(handrank.Range(args.range).grid())
            return 0
        pictures.save_range(args.range, args.output)
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


def _history(args: argparse.Namespace) -> int:
    from .history import commands

    if args.action == "convert":
        if not args.output:
            raise ValueError("convert needs -o OUT.phhs (or OUT.phh for one hand)")
        return commands.convert(args.files, args.output)
    return {"validate": commands.validate, "replay": commands.show, "summary": commands.summary}[args.action](
        args.files
    )


def _play(args: argparse.Namespace) -> int:
    from .play import play

    small, _, big = args.blinds.partition("/")
    if not (small.isdigit() and big.isdigit()):
        raise ValueError(f"blinds are SMALL/BIG in chips, e.g. 1/2, got {args.blinds!r}")
    if not 2 <= args.seats <= 10:
        raise ValueError(f"--seats must be 2 to 10, got {args.seats}")

    def read(prompt: str) -> str:
        line = input(prompt) if sys.stdin.isatty() else sys.stdin.readline()
        if not line and not sys.stdin.isatty():
            raise EOFError
        return line

    if args.button is not None and not 0 <= args.button < args.seats:
        raise ValueError(f"--button must be a seat from 0 to {args.seats - 1}, got {args.button}")
    net = play(
        args.seats,
        args.stack,
        int(small),
        int(big),
        args.hands,
        args.seed,
        read,
        button=args.button,
        draw=args.draw,
        cut=args.cut,
    )
    print(f"you finish {net:+d}")
    return 0


def _info(args: argparse.Namespace) -> int:
    print(f"handrank {handrank.__version__}, {handrank.IMPLEMENTATION} evaluator")
    if handrank.FALLBACK_REASON:
        from . import _switch

        how = "pure Python by choice" if _switch.BY_CHOICE else "pure Python because a compiled one failed"
        print(f"{how}: {handrank.FALLBACK_REASON}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="handrank",
        description="Poker hand evaluation: ranks 1 (royal flush) to 7462.",
        epilog="exit status: " + "; ".join(f"{code} {meaning}" for code, meaning in EXIT_CODES.items()),
    )
    p.add_argument("--version", action="version", version=f"handrank {handrank.__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser = partial(sub.add_parser, formatter_class=argparse.ArgumentDefaultsHelpFormatter)  # type: ignore[method-assign]

    e = sub.add_parser("eval", help="rank, class, description and best five of 5 to 7 cards")
    e.add_argument("cards", nargs="+", help="cards such as As Kd 10h 2♣ (spaces or commas)")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.add_argument(
        "--game",
        choices=xc.GAMES,
        default="holdem",
        help="holdem (best five of 5-7), omaha, or a lowball game: 2-7, a-5, a-6, razz",
    )
    e.add_argument("--hole", type=int, default=4, choices=(4, 5, 6), help="omaha: how many of the cards are hole cards")
    e.set_defaults(run=_eval)

    c = sub.add_parser("crosscheck", help="check another evaluator's ordering against handrank's")
    c.add_argument("peer", help=f"{', '.join(xc.PEERS)}, or module:function for your own evaluator")
    c.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, help="cards a hand")
    how = c.add_mutually_exclusive_group()
    how.add_argument("--exhaustive", action="store_true", help="every hand (the default for 5 cards)")
    how.add_argument("--sample", type=_positive, metavar="N", help="N random hands")
    c.add_argument("--seed", type=int, default=None, help="seed for --sample")
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
    c.add_argument("--show", type=int, default=10, metavar="N", help="print at most N disagreements")
    c.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    c.add_argument(
        "--game",
        choices=xc.GAMES,
        default="holdem",
        help="omaha (phevaluator's PLO4) or a lowball game (pokerkit: 2-7, a-5, razz)",
    )
    c.set_defaults(run=_crosscheck)

    t = sub.add_parser("table", help="write the canonical table of every hand: cards, rank, class")
    t.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, help="cards a hand")
    t.add_argument("--format", choices=("csv", "npy"), default="csv", help="csv text, or a numpy array")
    t.add_argument("-o", "--output", required=True, help="file to write")
    t.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    t.set_defaults(run=_table)

    s = sub.add_parser("stats", help="how many hands fall in each class, computed exhaustively")
    s.add_argument("--cards", type=int, choices=(5, 6, 7), default=5, help="cards a hand")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(run=_stats)

    w = sub.add_parser("showdown", help="who wins a Hold'em showdown")
    w.add_argument("--board", required=True, help="3 to 5 board cards")
    w.add_argument("--hands", nargs="+", required=True, help="two hole cards per hand, e.g. 'Ah Kh' 'Qs Qd'")
    w.add_argument("--json", action="store_true", help="print one JSON object")
    w.set_defaults(run=_showdown)

    q = sub.add_parser("equity", help="each player's equity: hands or ranges, exact or Monte Carlo")
    q.add_argument("players", nargs="+", help="2 to 10 hands (AhKh) or ranges ('QQ+, AKs', quoted)")
    q.add_argument("--board", default="", help="0 to 5 board cards")
    q.add_argument("--dead", default="", help="cards out of play")
    mode = q.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every board and every deal of the ranges")
    q.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    mode.add_argument("--monte-carlo", action="store_true", help="sample instead of enumerating")
    q.add_argument("--trials", type=int, help="Monte Carlo trials (implies --monte-carlo)")
    q.add_argument("--seed", type=int, help="Monte Carlo seed: the same seed, the same answer")
    q.add_argument("--threads", type=int, help="threads (0 = every core)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q.set_defaults(run=_equity)

    g = sub.add_parser("grid", help="the 13x13 grid of a range, or of a hand's preflop equities, as text or a picture")
    g.add_argument("range", nargs="?", help="a range, e.g. 'QQ+, AKs, 15%%' (quoted)")
    g.add_argument("--preflop", metavar="HAND", help="instead: HAND's equity against each class (preflop_table)")
    g.add_argument("--trials", type=_positive, default=20_000, help="with --preflop: Monte Carlo trials a class")
    g.add_argument("--seed", type=int, default=1, help="with --preflop: the Monte Carlo seed")
    g.add_argument("-o", "--output", help="a .png or .svg file to draw it in (needs matplotlib), else text")
    g.set_defaults(run=_grid)

    hi = sub.add_parser("history", help="hand histories (PHH, PokerStars): validate, convert, replay, summary")
    hi.add_argument(
        "action",
        choices=("validate", "convert", "replay", "summary"),
        help="validate: replay every hand against its record; convert: write PHH; replay: how each hand "
        "ended; summary: per player hands, VPIP, PFR, 3-bet, aggression, WTSD, W$SD, net and all-in adjusted net",
    )
    hi.add_argument("files", nargs="+", help=".phh, .phhs or PokerStars .txt files")
    hi.add_argument("-o", "--output", help="convert: the .phhs (or .phh) file to write")
    hi.set_defaults(run=_history)

    pl = sub.add_parser("play", help="play no-limit Hold'em in the terminal against built-in opponents")
    pl.add_argument("--seats", type=int, default=3, help="2 to 10 players, you among them")
    pl.add_argument("--stack", type=_positive, default=200, help="everyone's chips to start")
    pl.add_argument("--blinds", default="1/2", help="SMALL/BIG in chips")
    pl.add_argument("--hands", type=_positive, default=1, help="hands to play")
    pl.add_argument("--seed", type=int, help="deal the same cards every time")
    pl.add_argument(
        "--draw",
        default="high-card",
        help="how the first button is drawn for: high-card (suits break ties) or first-jack (default %(default)s)",
    )
    pl.add_argument("--button", type=int, help="the first button's seat, instead of a draw")
    pl.add_argument(
        "--no-cut", dest="cut", action="store_false", help="deal without offering the pack for a cut before each hand"
    )
    pl.set_defaults(run=_play)

    st = sub.add_parser(
        "strength-tables", help="each class of each street's equity against a random hand, and its histogram"
    )
    st.add_argument("directory", help="where the tables go (an interrupted build there resumes)")
    st.add_argument(
        "--streets",
        nargs="+",
        choices=("river", "turn", "flop", "preflop"),
        default=["river", "turn", "flop", "preflop"],
    )
    st.add_argument("--bins", type=int, default=50, help="histogram bins of river equity")
    st.add_argument("--workers", type=int, default=None, help="local worker processes (default: every core)")
    st.add_argument("--scheduler", help="a Dask scheduler's address: run the chunks on its workers")
    st.set_defaults(run=_strength_tables)

    i = sub.add_parser("info", help="which evaluator runs, and why")
    i.set_defaults(run=_info)
    return p


EXIT_CODES = {0: "done, no disagreement", 1: "disagreements found", 2: "bad input", 3: "the peer failed"}
"""The command's exit statuses (130 after Ctrl-C)."""


def main(argv: Optional[Sequence[str]] = None) -> int:
    commands = parser()
    args = commands.parse_args(argv)
    if args.command == "crosscheck":
        if args.seed is not None and args.sample is None:
            commands.error("crosscheck: --seed seeds --sample: give --sample N too")
        if not args.exhaustive and args.sample is None:
            if args.cards == 5:
                args.exhaustive = True
            else:
                args.sample = 1_000_000
    try:
        return int(args.run(args))
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except xc.PeerFailed as error:
        print(f"handrank: the peer failed: {error}", file=sys.stderr)
        return 3
    except (ValueError, TypeError, OSError, ImportError) as error:  # ImportError: an optional extra is missing
        print(f"handrank: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("handrank: interrupted", file=sys.stderr)
        return 130


def _positive(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value
