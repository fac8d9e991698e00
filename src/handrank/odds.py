"""Equity: each player's share of the pot, by enumerating every board or by Monte Carlo.

>>> r = equity(["AhKh", "QsQd"], board="2c 7d 9h Js")  # six outs among 44 river cards
>>> r.exact, round(r.players[0].equity, 4), round(sum(p.equity for p in r.players), 12)
(True, 0.1364, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import sqrt
from typing import Any, Optional, Union

from . import _preflop
from ._equity_plan import (
    DEFAULT_TRIALS,
    EXACT_BUDGET,
    EquityPlan,
    Player,
    Tally,
    equity_plan,
    exact_work,
    player_range,
    run_part,
    seconds_for,
    seconds_for_trials,
    total,
)
from ._game_odds import game_equity, game_equity_many
from ._kernels.game_equity import RULES as GAME_RULES
from ._kernels.no_board_equity import RULES as NO_BOARD_RULES
from ._tables import TIE_UNITS
from .cards import Cards, card_str, cards
from .games import GAMES, HOLDEM, Game, as_game
from .omaha_ranges import OmahaRange
from .ranges import Range, hand_classes


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: ``equity`` = ``win`` + ``tie``, shares of the pot from 0 to 1.

    In a split game (Omaha hi-lo) ``equity`` = ``high`` + ``low``, the shares won by the high hand
    and by the low hand, and ``scoop`` (which is also ``win``) the chance of taking the whole pot
    alone; in the other games those three are None."""

    equity: float
    win: float  # from boards won alone
    tie: float  # from boards split with others
    stderr: Optional[float]  # Monte Carlo standard error of ``equity``; None when exact
    high: Optional[float] = None
    low: Optional[float] = None
    scoop: Optional[float] = None


@dataclass(frozen=True)
class EquityResult:
    """``players`` in the order given; ``boards`` counts the boards enumerated or the trials dealt."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    boards: int

    def to_dict(self) -> dict[str, Any]:
        split = ("high", "low", "scoop")
        players = [{k: v for k, v in asdict(p).items() if k not in split or v is not None} for p in self.players]
        return {"players": players, "exact": self.exact, "boards": self.boards}


def equity(
    players: Sequence[Player],
    board: Cards = (),
    dead: Cards = (),
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], object]] = None,
    force: bool = False,
    game: Union[str, Game] = HOLDEM,
) -> EquityResult:
    """Each player's equity, win and tie shares, for 2 to 10 players holding hands or ranges.

    ``exact=None`` enumerates every board (and every deal of the ranges) when
    that is cheap, else deals ``trials`` Monte Carlo hands; ``exact=True`` or
    ``False`` forces either. Monte Carlo is deterministic for a ``seed``, on any
    number of ``threads``. Ranges never share a card with each other, the
    board, the dead cards or the known hands. With ``progress``, the work runs in
    about 100 parts (``equity_plan``) and ``progress(done, total)`` is called after
    each with the work done and the whole, in trials (Monte Carlo) or boards (exact: a range's
    board once, however many deals it meets; a deal's boards each), so that parts of unequal
    size still say how far it is: the same answer (for weighted ranges, to the last bits of rounding). Work asked for
    that is estimated at over ``LONG_WORK`` seconds on one core (``exact=True`` on a large
    enumeration, or a great many ``trials``) raises ``ValueError`` with the estimate, unless
    ``force=True``.

    ``game`` (a ``handrank.games.Game`` or its name) picks Omaha (4 to 6 hole cards), Omaha hi-lo
    (with each player's ``high`` and ``low`` shares and ``scoop``), short deck (either rule), stud,
    stud hi-lo, razz or a draw game instead of hold'em: every board (in stud and draw, every deal of
    the cards to come) is counted when that takes about two seconds or less on one core, and
    ``progress`` hears once, at the end. ``threads`` share their Monte Carlo and every deal of stud
    and draw (every Omaha and short-deck board runs on one thread). In stud and razz each player
    gives the cards they hold, down and up, and the folded cards are ``dead``; in a draw game, the
    cards they keep, the rest drawn.

    >>> r = equity(["As Ks Qs Js", "Ah Ad Kc Kd"], game="omaha", trials=100_000, seed=1)
    >>> r.exact, round(r.players[0].equity, 2)
    (False, 0.21)
    """
    played = as_game(game)
    if played not in EQUITY_GAMES:
        names = ", ".join(g.name for g in EQUITY_GAMES)
        raise ValueError(f"equity is not counted for {played.name} (the games it counts: {names})")
    if played.plays_as is not None:  # royal hold'em: hold'em with the cards below ten dead
        _check_deck(played, players, board)
        dead = [*cards(dead), *(c for c in played.plays_as.deck if c not in played.deck)]
        played = played.plays_as
    if played is not HOLDEM:
        shares, counted, boards = game_equity(
            players, board, dead, played, exact, trials, seed, progress, force, LONG_WORK, threads
        )
        return EquityResult(tuple(PlayerEquity(*share) for share in shares), counted, boards)
    plan = equity_plan(players, board, dead, exact, trials, seed, parts=1 if progress is None else 100)
    if not force and plan.seconds > LONG_WORK:
        if plan.exact:
            raise ValueError(
                f"exact enumeration would take about {duration(plan.seconds)} on one core: use Monte Carlo "
                "(exact=None or False; a standard error comes with it), or pass force=True to wait"
            )
        raise ValueError(
            f"{trials:,} trials would take about {duration(plan.seconds)} on one core: ask for fewer "
            "(the error shrinks as one over their root), or pass force=True to wait"
        )
    results = []
    if progress is None:  # one part: nothing to report
        results = [run_part(part, threads) for part in plan.parts]
    else:
        done, whole = 0, sum(part.work for part in plan.parts)
        for part in plan.parts:
            results.append(run_part(part, threads))
            done += part.work
            progress(done, whole)
    return combine(plan, results)


def equity_many(
    hands: Sequence[Player],
    against: Union[Player, OmahaRange],
    board: Cards = (),
    dead: Cards = (),
    exact: Optional[bool] = None,
    trials: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    force: bool = False,
    game: Union[str, Game] = HOLDEM,
) -> list[PlayerEquity]:
    """Each hand's equity against one range (or hand) on one board: what ``equity([hand, against],
    ...)`` gives its first player, hand by hand, the same numbers for a seed, with the range read
    once. In Omaha and short deck the range is also checked once for the kernel, which a loop of
    ``equity`` calls does for every hand (``random``: about 2 s a call); each hand meets every
    board and every hand of the range when that is quick (``exact=None``) or asked (True), else
    ``trials`` Monte Carlo trials. A hand that holds a card of the board or the dead cards is
    refused, naming it.

    >>> mine = equity_many(["AsKsQsJs", "AhAd7c2d"], "KK:xxyy", board="Ts 9s 3h", game="omaha", seed=1)
    >>> [round(p.equity, 2) for p in mine]
    [0.65, 0.55]
    """
    played = as_game(game)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise TypeError(f"hands must be a sequence of hands (a list of card strings), got {type(hands).__name__}")
    if played.name in GAME_RULES:
        shares = game_equity_many(hands, against, board, dead, played, exact, trials, seed, force, LONG_WORK, threads)
        return [PlayerEquity(*share) for share in shares]
    if isinstance(against, OmahaRange):
        raise TypeError(f"an OmahaRange is a range of the Omaha games, not of {played.name}")
    return [  # a range's text is read once: equity keeps the ranges it read (player_range)
        equity([hand, against], board, dead, exact, trials, seed, threads, None, force, played).players[0]
        for hand in hands
    ]


def _check_deck(game: Game, players: Sequence[Player], board: Cards) -> None:
    """Refuse a known hand or board card that ``game``'s deck does not hold, naming it."""
    hands = [list(combos[0][0]) for combos in (list(player_range(p)) for p in players) if len(combos) == 1]
    for c in [*cards(board), *(c for hand in hands for c in hand)]:
        if c not in game.deck:
            raise ValueError(f"{card_str(c)} is not in the deck of {game.title}")


def preflop_order(trials: Optional[int] = None, seed: int = 1) -> tuple[str, ...]:
    """The 169 starting-hand classes, best first, by all-in equity against one random hand: exact
    (every deal and every board, from the shipped win counts: instant), or with ``trials`` Monte
    Carlo trials a class (``seed``). ``ranges.PREFLOP_ORDER`` holds the exact order.

    >>> preflop_order()[:8]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs')
    """
    if trials is None:
        share = preflop_against_random()
    else:
        share = {c: equity([c, "random"], trials=trials, seed=seed).players[0].equity for c in hand_classes()}
    return tuple(sorted(share, key=lambda c: -share[c]))


def preflop_against_random() -> dict[str, float]:
    """Each of the 169 starting-hand classes' exact all-in equity against one random hand (every
    deal and every board, from the shipped win counts: instant, the same in either implementation).

    >>> round(preflop_against_random()["AA"], 4), round(preflop_against_random()["72o"], 4)
    (0.852, 0.3458)
    """
    share = {}
    for a, row in _class_showdowns(hand_classes()).items():  # the random hand: each class by its deals that fit
        share[a] = sum(deals * s for deals, s in row.values()) / sum(deals for deals, _ in row.values())
    return share


LONG_WORK = 60
"""Seconds of estimated work past which ``equity`` and the command line refuse unless forced."""

EQUITY_GAMES = tuple(
    g for g in GAMES.values() if g is HOLDEM or g.plays_as is HOLDEM or g.name in GAME_RULES or g.name in NO_BOARD_RULES
)
"""The games ``equity`` counts: every game of ``GAMES``."""


def duration(seconds: float) -> str:
    """``'45 hours'``, ``'3 minutes'``, ``'12 seconds'``: an estimate as people say it."""
    for unit, size in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:,.0f} {unit}"
    return f"{seconds:,.0f} seconds"


def _result(
    units: Sequence[float],
    wins: Sequence[float],
    squares: Optional[Sequence[int]],
    weight: float,
    boards: int,
    exact: bool,
) -> EquityResult:
    players = []
    for i in range(len(units)):
        eq = units[i] / TIE_UNITS / weight
        win = wins[i] / weight
        stderr = None
        if squares is not None:
            variance = max(squares[i] / TIE_UNITS**2 / weight - eq * eq, 0.0)
            stderr = sqrt(variance / weight)
        players.append(PlayerEquity(eq, win, eq - win, stderr))
    return EquityResult(tuple(players), exact, boards)


def combine(plan: EquityPlan, results: Sequence[Tally]) -> EquityResult:
    """The ``EquityResult`` of a plan from its parts' tallies, in the plan's order."""
    tally = total(results)
    if not plan.exact:
        return _result(tally.units, tally.wins, tally.squares, tally.weight, tally.boards, exact=False)
    if not tally.boards:
        raise ValueError("the ranges leave no deal in which the hands fit together")
    return _result(tally.units, tally.wins, None, tally.weight, tally.boards, exact=True)


def preflop_table(
    hand: Player, trials: int = 20_000, seed: int = 0, threads: Optional[int] = None, exact: bool = False
) -> dict[str, float]:
    """``hand``'s heads-up preflop equity against each of the 169 starting-hand classes: Monte Carlo
    (``trials`` a class), or with ``exact=True`` every board of every deal (a few seconds).

    >>> table = preflop_table("AhKh", trials=2000)
    >>> len(table), 0.25 < table["QQ"] < 0.6
    (169, True)
    """
    hero = player_range(hand)
    if exact:
        return {
            cls: equity([hero, Range(cls)], exact=True, threads=threads, force=True).players[0].equity
            for cls in hand_classes()
        }
    return {
        cls: equity([hero, Range(cls)], trials=trials, seed=seed, threads=threads).players[0].equity
        for cls in hand_classes()
    }


def preflop_matrix(classes: Optional[Sequence[str]] = None) -> dict[str, dict[str, float]]:
    """Exact heads-up all-in equity of each starting-hand class against each (``hand_classes`` order,
    every deal of the two and every board weighted alike): ``m["AKs"]["QQ"]`` is AKs's share against QQ.

    ``m[a][b] + m[b][a] == 1`` (to rounding) and ``m[a][a] == 0.5``. Read from win counts shipped
    with the package (``handrank._preflop``), so instant, and the same in either implementation.

    >>> m = preflop_matrix(["AA", "KK", "72o"])
    >>> round(m["AA"]["KK"], 4), m["KK"]["KK"], round(m["72o"]["AA"] + m["AA"]["72o"], 12)
    (0.8195, 0.5, 1.0)
    """
    names = list(hand_classes() if classes is None else classes)
    return {a: {b: share for b, (_, share) in row.items()} for a, row in _class_showdowns(names).items()}


def _class_showdowns(names: Sequence[str]) -> dict[str, dict[str, tuple[int, float]]]:
    """For each pair of the classes named: the deals of a combo of each that fit, and the first's
    exact equity over them and every board (the shipped win counts, ``_preflop``)."""
    every = hand_classes()
    unknown = [name for name in names if name not in every]
    deals_of = _preflop.deals_between(names)  # a ValueError for what is not a range
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not one of the 169 starting-hand classes (such as 'AKs', 'QQ', '72o')")
    wins, place = _preflop.read_wins(), {name: i for i, name in enumerate(every)}
    table: dict[str, dict[str, tuple[int, float]]] = {}
    for a in names:
        row = table[a] = {}
        for b in names:
            deals = deals_of[a][b]
            total = deals * _preflop.BOARDS  # every deal of the two, every board
            i, j = place[a], place[b]
            row[b] = deals, (total + wins[169 * i + j] - wins[169 * j + i]) / (2 * total)
    return table


def describe_player(p: Player) -> str:
    """How a player was given, for printing: ``'Ah Kh'`` or the range text."""
    r = player_range(p)
    if len(r) == 1 and not isinstance(p, Range):
        ((combo, _),) = list(r)
        return " ".join(card_str(c) for c in combo)
    return str(r.text)


__all__ = [
    "DEFAULT_TRIALS",
    "EQUITY_GAMES",
    "EXACT_BUDGET",
    "LONG_WORK",
    "EquityPlan",
    "EquityResult",
    "Player",
    "PlayerEquity",
    "combine",
    "describe_player",
    "duration",
    "equity",
    "equity_many",
    "equity_plan",
    "exact_work",
    "player_range",
    "preflop_against_random",
    "preflop_matrix",
    "preflop_order",
    "preflop_table",
    "run_part",
    "seconds_for",
    "seconds_for_trials",
]
