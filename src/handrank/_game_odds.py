"""Equity in the games beyond hold'em (Omaha high and hi-lo, short deck), for players whose cards are
known: every board when that is quick, else seeded Monte Carlo, read into ``odds.EquityResult``.
``odds.equity`` asks it for a ``game`` other than hold'em."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, sqrt
from typing import Optional

from . import _switch
from ._equity_plan import Player
from ._kernels.game_equity import POT_UNITS
from .cards import Cards, cards, to_index
from .games import Game
from .ranges import Range

BOARD_SECONDS = {"cython": 1.5e-7, "python": 3e-5}
"""About how long one player's showdown on one board takes (Omaha's, the slowest), by implementation."""

EXACT_SECONDS = 2.0
"""With ``exact=None``, every board is counted when that is estimated to take no longer than this."""

DEFAULT_TRIALS = {"cython": 1_000_000, "python": 20_000}


def _hand(player: Player, game: Game, i: int) -> list[int]:
    if isinstance(player, Range):
        raise ValueError(f"{game.name} equity takes each player's cards; ranges of {game.name} hands are not supported")
    try:
        hole = cards(player)
    except ValueError as error:
        raise ValueError(
            f"player {i + 1}: {error} ({game.name} equity takes each player's cards; ranges are not supported)"
        ) from None
    if len(hole) not in game.hole_sizes:
        sizes = " or ".join(map(str, game.hole_sizes))
        raise ValueError(f"player {i + 1}: {game.name} deals {sizes} hole cards, got {len(hole)}")
    return [to_index(c) for c in hole]


def game_equity_work(
    players: Sequence[Player], board: Cards, dead: Cards, game: Game
) -> tuple[list[list[int]], list[int], list[int], int]:
    """The players' cards, the board and the cards left as indices, and the boards that can come."""
    holes = [_hand(p, game, i) for i, p in enumerate(players)]
    known = [to_index(c) for c in cards(board)]
    out = {to_index(c) for c in cards(dead)}
    used = {c for h in holes for c in h} | set(known)
    left = [i for i in (to_index(c) for c in game.deck) if i not in used and i not in out]
    return holes, known, left, comb(len(left), max(0, 5 - len(known)))


def game_equity(
    players: Sequence[Player],
    board: Cards,
    dead: Cards,
    game: Game,
    exact: Optional[bool],
    trials: Optional[int],
    seed: Optional[int],
    progress: Optional[Callable[[int, int], object]],
    force: bool,
    long_work: float,
) -> tuple[
    list[tuple[float, float, float, Optional[float], Optional[float], Optional[float], Optional[float]]], bool, int
]:
    """Each player's (equity, win, tie, stderr, high, low, scoop), whether every board was counted,
    and the boards or trials."""
    from .odds import duration

    if trials is not None and (type(trials) is not int or trials < 1):
        raise ValueError(f"trials must be a whole number of 1 or more, got {trials!r}")
    holes, known, left, boards = game_equity_work(players, board, dead, game)
    implementation = _switch.IMPLEMENTATION
    seconds = boards * len(holes) * BOARD_SECONDS[implementation]
    if exact is None:
        exact = trials is None and seconds <= EXACT_SECONDS
    if not exact:
        trials = DEFAULT_TRIALS[implementation] if trials is None else trials
        seconds = trials * len(holes) * BOARD_SECONDS[implementation]
    if not force and seconds > long_work:
        what = "exact enumeration" if exact else f"{trials:,} trials"
        raise ValueError(f"{what} would take about {duration(seconds)} on one core: pass force=True to wait")
    count, tallies = _switch.evaluator.game_showdowns(
        game.name, holes, known, left, 0 if exact or trials is None else trials, 0 if seed is None else seed
    )
    if progress is not None:
        progress(1, 1)
    out = []
    for high_units, low_units, alone, squares in tallies:
        eq = (high_units + low_units) / POT_UNITS / count
        win = alone / count
        stderr = None
        if not exact:
            variance = max(squares / POT_UNITS**2 / count - eq * eq, 0.0) * count / max(count - 1, 1)
            stderr = sqrt(variance / count)
        split = game.low is not None
        high = high_units / POT_UNITS / count if split else None
        low = low_units / POT_UNITS / count if split else None
        out.append((eq, win, eq - win, stderr, high, low, win if split else None))
    return out, bool(exact), count
