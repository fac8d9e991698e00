"""``handrank equity``: each player's equity, hands or ranges, exact or Monte Carlo."""

from __future__ import annotations

import argparse
import json
from typing import Any

import handrank

from ..games import HOLDEM, as_game
from ..odds import EQUITY_GAMES
from ._common import LONGEST, Progress, integer, too_long


def add_parser(sub: Any) -> None:
    q = sub.add_parser("equity", help="each player's equity: hands or ranges, exact or Monte Carlo")
    q.add_argument("players", nargs="+", help="2 to 10 hands (AhKh) or ranges ('QQ+, AKs', quoted)")
    q.add_argument(
        "--game",
        choices=[game.name for game in EQUITY_GAMES],
        default="holdem",
        help="Omaha (4 to 6 cards; ranges such as 'AAxx, KQJTds'), Omaha hi-lo, short deck, royal hold'em; "
        "stud and razz (each player's cards, the folded ones --dead), the draw games (the cards kept)",
    )
    q.add_argument("--board", default="", help="0 to 5 board cards")
    q.add_argument("--dead", default="", help="cards out of play")
    mode = q.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every board and every deal of the ranges")
    q.add_argument("--force", action="store_true", help=f"start even work estimated at over {LONGEST} s")
    mode.add_argument("--monte-carlo", action="store_true", help="sample instead of enumerating")
    q.add_argument("--trials", type=integer, help="Monte Carlo trials (implies --monte-carlo)")
    q.add_argument("--seed", type=integer, help="Monte Carlo seed: the same seed, the same answer")
    q.add_argument("--threads", type=integer, help="threads (0 = every core)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    q.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..odds import (
        describe_player,
        equity,
        exact_work,
        seconds_for,
        seconds_for_trials,
    )

    if args.exact and args.trials:
        raise ValueError("--exact counts every board and --trials deals Monte Carlo trials: give one of them")
    exact = True if args.exact else False if args.monte_carlo or args.trials else None
    holdem = as_game(args.game) is HOLDEM
    if holdem and args.exact:
        seconds = seconds_for(exact_work(args.players, args.board, args.dead))
        too_long(
            seconds, "exact enumeration", "drop --exact for Monte Carlo (seconds, a standard error shown)", args.force
        )
    if holdem and args.trials:
        seconds = seconds_for_trials(args.trials, len(args.players))
        too_long(
            seconds, f"{args.trials:,} trials", "ask for fewer (the error shrinks as one over their root)", args.force
        )
    # Hold'em runs in parts to show how far it is; the other games are counted in one go.
    progress = Progress(None, "equity: counted")
    result = equity(
        args.players,
        board=args.board,
        dead=args.dead,
        exact=exact,
        trials=args.trials,
        seed=args.seed,
        threads=args.threads,
        progress=progress if holdem and progress.active and not args.json else None,
        force=args.force or holdem,  # hold'em's work was estimated and refused above, in the command line's words
        game=args.game,
    )
    progress.close()
    if args.json:
        game = {} if holdem else {"game": args.game}
        print(json.dumps({"players": args.players, **game, **result.to_dict()}))
        return 0
    boarded = as_game(args.game).board_size > 0  # stud and the draw games deal no board
    counted = "boards" if boarded else "deals"
    how = f"exact, {result.boards:,} {counted}" if result.exact else f"Monte Carlo, {result.boards:,} trials"
    named = "" if holdem else f"{args.game}; "
    board = f"board: {handrank.cards_str(handrank.cards(args.board)) or '(preflop)'}; " if boarded else ""
    print(f"{named}{board}{how}")
    split = result.players[0].high is not None
    extra = f"{'high':>10}{'low':>10}{'scoop':>10}" if split else f"{'win':>10}{'tie':>10}"
    print(f"{'player':<24}{'equity':>10}{extra}")
    for given, p in zip(args.players, result.players):
        error = f"  ± {p.stderr:.2%}" if p.stderr is not None else ""
        shares = f"{p.high:>10.2%}{p.low:>10.2%}{p.scoop:>10.2%}" if split else f"{p.win:>10.2%}{p.tie:>10.2%}"
        print(f"{describe_player(given) if holdem else _shown(given):<24}{p.equity:>10.2%}{shares}{error}")
    return 0


def _shown(player: str) -> str:
    """A player as given: the cards, or the range's text."""
    try:
        return handrank.cards_str(handrank.cards(player)) if "," not in player else player
    except ValueError:
        return player
