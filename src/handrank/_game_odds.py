"""Equity in the games beyond hold'em (Omaha high and hi-lo, short deck, stud, razz and the draw
games): for players whose cards are known, every board (or every deal of the cards still to come)
when that is quick, else seeded Monte Carlo; for ranges (``OmahaRange`` text in the Omaha games,
hold'em ranges in short deck), every board and every deal of their hands when that is quick, else
Monte Carlo; read into ``odds.EquityResult``. ``odds.equity`` asks it for a ``game`` other than
hold'em."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, prod, sqrt
from typing import Optional, Union, cast

from . import _switch
from ._equity_plan import DEFAULT_TRIALS, Player, player_range
from ._kernels.game_equity import BY_TRIPLE_GAMES, BY_TRIPLE_HANDS, POT_UNITS, AnyHand, check_range
from ._kernels.no_board_equity import HAND_SIZES, TABLE_LIMIT, deals, largest_table
from ._kernels.no_board_equity import RULES as NO_BOARD_RULES
from .cards import Cards, cards, to_index
from .games import Game
from .omaha_ranges import OmahaRange
from .ranges import Range

Holding = Union[list[tuple[tuple[int, ...], float]], AnyHand]
"""A player's live hands and weights, or any hand (``random`` five- and six-card Omaha hands, too
many to list: the Monte Carlo deals them from the cards left)."""

Shares = tuple[float, float, float, Optional[float], Optional[float], Optional[float], Optional[float]]
"""A player's (equity, win, tie, stderr, high, low, scoop), as ``odds.PlayerEquity`` takes them."""

BOARD_SECONDS = {"cython": 6e-8, "python": 3e-5}
"""About how long one player's showdown on one board takes, by implementation: six-card Omaha hi-lo's
in a Monte Carlo trial, the slowest (counting every board takes about half as long a board)."""

DEAL_SECONDS = {"cython": 1e-8, "python": 2e-6}
"""In the games with no board, about how long one player's share of one deal takes when every deal
is counted (each hand's values listed once beforehand), by implementation."""

TRIAL_SECONDS = {"cython": 2.5e-7, "python": 2e-5}
"""In the games with no board, about how long one player's hand takes in a Monte Carlo trial (stud
hi-lo's, the slowest), by implementation."""

RANGE_HAND_SECONDS = {"cython": 2.5e-8, "python": 3e-5}
"""With ranges counted on every board, about how long ranking one hand of a range on one board takes,
by implementation: compiled, a short-deck hand, or an Omaha hand valued by its rank threes (while
the players hold ``BY_TRIPLE_HANDS`` hands or fewer), each valued so once beforehand
(``RANGE_HAND_SETUP_SECONDS``)."""

RANGE_HAND_SETUP_SECONDS = 1e-5
"""Compiled, about how long valuing one Omaha hand by the 455 rank threes takes, once a count."""

RANGE_HAND_BY_CARDS_SECONDS = {"cython": 3e-7, "python": 3e-5}
"""As ``RANGE_HAND_SECONDS`` past ``BY_TRIPLE_HANDS`` Omaha hands, where each board values every
hand from its cards (the pure twin always does)."""

RANGE_DEAL_SECONDS = {"cython": 5e-9, "python": 4e-6}
"""With ranges counted on every board, about how long one deal of their hands takes to score, by
implementation (each hand is ranked once a board beforehand, ``RANGE_HAND_SECONDS``). The product of
the ranges' sizes counts every deal, those that clash too, which cost less."""

ANY_HAND_BY_TRIALS = "random five- and six-card Omaha hands are dealt by Monte Carlo only: leave exact out"
"""The refusal of ``exact=True`` beside any hand (``AnyHand``), which no board-by-board count lists."""

EXACT_SECONDS = 2.0
"""With ``exact=None``, every board is counted when that is estimated to take no longer than this."""


def _hole_size(players: Sequence[Union[Player, OmahaRange]], game: Game) -> Optional[int]:
    """The hole cards of the first player given as cards the game deals, if any, in the Omaha games:
    the size of the hands an Omaha range's text is read in (``AA`` beside a five-card hand is
    five-card hands)."""
    if game.hole_sizes == (2,):
        return None
    for player in players:
        if isinstance(player, (OmahaRange, Range)) or (isinstance(player, str) and "," in player):
            continue
        try:
            size = len(cards(player))
        except (ValueError, TypeError):
            continue
        if size in game.hole_sizes:
            return size
    return None


def _holding(
    player: Union[Player, OmahaRange], game: Game, i: int, size: Optional[int] = None
) -> list[tuple[tuple[int, ...], float]]:
    """A player's hands (card ints) and weights: one hand, an Omaha range (text or ``OmahaRange``,
    its text read in hands of ``size``) in the Omaha games, a hold'em range's combos of six and up
    in short deck."""
    omaha = game.hole_sizes != (2,)
    if isinstance(player, OmahaRange) or (isinstance(player, Range) and omaha):
        if not isinstance(player, OmahaRange):
            raise ValueError(f"player {i + 1}: an Omaha range is OmahaRange text such as 'AAxx, KQJTds'")
        return list(player)
    if isinstance(player, Range):
        return _short_deck(list(player), game, i)
    if isinstance(player, str):
        try:
            hole = cards(player)
        except ValueError:
            hole = []
        if "," in player or not hole:  # a range: parts, or no cards at all
            return list(OmahaRange(player, size)) if omaha else _short_deck(list(player_range(player)), game, i)
    else:
        hole = cards(player)
    if len(hole) not in game.hole_sizes:
        sizes = " or ".join(map(str, game.hole_sizes))
        raise ValueError(f"player {i + 1}: {game.name} deals {sizes} hole cards, got {len(hole)}")
    return [(tuple(hole), 1.0)]


def _live(player: Union[Player, OmahaRange], game: Game, i: int, size: Optional[int], seen: set[int]) -> Holding:
    """A player's hands and weights (``_holding``) that hold none of the ``seen`` card indices; for
    ``random`` in five- or six-card Omaha, any hand."""
    if isinstance(player, str) and player.strip() == "random" and size in (5, 6) and game.hole_sizes != (2,):
        return AnyHand(size)
    live = [(h, w) for h, w in _holding(player, game, i, size) if w > 0 and not seen & {to_index(c) for c in h}]
    if not live:
        raise ValueError(f"player {i + 1}: no hand left beside the board and the dead cards")
    return live


def _short_deck(combos: list[tuple[tuple[int, int], float]], game: Game, i: int) -> list[tuple[tuple[int, ...], float]]:
    deck = set(game.deck)
    kept = [(combo, w) for combo, w in combos if set(combo) <= deck]
    if not kept:
        raise ValueError(f"player {i + 1}: the range holds no hand of {game.name}'s cards, six to ace")
    return [(tuple(c), w) for c, w in kept]


def game_equity_work(
    players: Sequence[Union[Player, OmahaRange]], board: Cards, dead: Cards, game: Game
) -> tuple[list[Holding], list[int], list[int], list[int], int]:
    """Each player's live hands and weights (missing the board and the dead cards), the board, the
    dead cards and the cards left as indices, and the boards that can come beside known hands."""
    known = [to_index(c) for c in cards(board)]
    gone = [to_index(c) for c in cards(dead)]
    seen = set(known) | set(gone)
    holdings = []
    size = _hole_size(players, game)
    for i, p in enumerate(players):
        holdings.append(_live(p, game, i, size, seen))
    used = {to_index(c) for h in holdings if not isinstance(h, AnyHand) and len(h) == 1 for c in h[0][0]} | seen
    left = [i for i in (to_index(c) for c in game.deck) if i not in used]
    return holdings, known, gone, left, comb(len(left), max(0, 5 - len(known)))


def no_board_work(
    players: Sequence[Player], board: Cards, dead: Cards, game: Game
) -> tuple[list[list[int]], list[int], int, int]:
    """Each player's known cards and the dead cards as indices, the deals of the cards to come, and
    the most sets of one player's cards that counting them lists."""
    if cards(board):
        raise ValueError(f"{game.name} has no board: give each player's cards, and the folded cards as dead")
    size = HAND_SIZES[NO_BOARD_RULES[game.name]]
    hands = []
    for i, p in enumerate(players):
        try:
            hand = [] if isinstance(p, str) and not p.strip() else cards(p)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            raise ValueError(
                f"player {i + 1}: {game.name} equity takes the cards a player holds (such as 'As Kd 7h'), not a range"
            ) from None
        if len(hand) > size:
            raise ValueError(f"player {i + 1}: {game.name} deals {size} cards a hand, got {len(hand)}")
        hands.append([to_index(c) for c in hand])
    gone = [to_index(c) for c in cards(dead)]
    left = 52 - len({*gone, *(c for h in hands for c in h)})
    counts = [len(h) for h in hands]
    return hands, gone, deals(size, counts, max(left, 0)), largest_table(size, counts, max(left, 0))


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
    threads: Optional[int] = None,
) -> tuple[list[Shares], bool, int]:
    """Each player's (equity, win, tie, stderr, high, low, scoop), whether every board was counted,
    and the boards or trials."""
    from .odds import duration

    if trials is not None and (type(trials) is not int or trials < 1):
        raise ValueError(f"trials must be a whole number of 1 or more, got {trials!r}")
    implementation = _switch.IMPLEMENTATION
    no_board = game.name in NO_BOARD_RULES
    if no_board:
        hands, gone, boards, largest = no_board_work(players, board, dead, game)
        players_count, ranged = len(hands), False
        exact_cost, trial_cost = DEAL_SECONDS[implementation], TRIAL_SECONDS[implementation]
    else:
        holdings, known, gone, left, boards = game_equity_work(players, board, dead, game)
        players_count, largest = len(holdings), 0
        ranged = any(isinstance(h, AnyHand) or len(h) > 1 for h in holdings)
        if exact and any(isinstance(h, AnyHand) for h in holdings):
            raise ValueError(ANY_HAND_BY_TRIALS)
        exact_cost = trial_cost = BOARD_SECONDS[implementation]
    seconds = _every_board_seconds(holdings, known, gone, game) if ranged else boards * players_count * exact_cost
    if exact is None:
        exact = trials is None and seconds <= EXACT_SECONDS and largest <= TABLE_LIMIT
    if not exact:
        trials = DEFAULT_TRIALS[implementation] if trials is None else trials
        seconds = trials * players_count * trial_cost
    if not force and seconds > long_work:
        what = "exact enumeration" if exact else f"{trials:,} trials"
        raise ValueError(f"{what} would take about {duration(seconds)} on one core: pass force=True to wait")
    sampled = 0 if exact or trials is None else trials
    if no_board:
        count, tallies = _switch.evaluator.no_board_showdowns(game.name, hands, gone, sampled, seed or 0, threads)
    elif ranged and exact:
        if not _fit(cast(list[list[tuple[tuple[int, ...], float]]], holdings)):  # no AnyHand: refused above
            raise ValueError("the ranges fit together in no deal beside the board and the dead cards")
        shares, deals = _every_board([_table(hs) for hs in holdings], known, gone, game, threads)
        return shares, True, deals
    elif ranged:
        count, tallies = _switch.evaluator.game_range_showdowns(
            game.name,
            [_table(hs) for hs in holdings],
            known,
            gone,
            DEFAULT_TRIALS[implementation] if trials is None else trials,
            seed or 0,
            threads,
        )
    else:
        holes = [[to_index(c) for c in cast(list[tuple[tuple[int, ...], float]], hs)[0][0]] for hs in holdings]
        count, tallies = _switch.evaluator.game_showdowns(game.name, holes, known, left, sampled, seed or 0, threads)
    if progress is not None:
        progress(1, 1)
    return [_shares(tally, count, game, bool(exact)) for tally in tallies], bool(exact), count


def _table(holding: Holding) -> Union[tuple[list[int], list[float]], AnyHand]:
    """A holding as the range kernels take it: its hands' card indices and weights, or any hand."""
    return holding if isinstance(holding, AnyHand) else _listed(holding)


def _listed(hands: list[tuple[tuple[int, ...], float]]) -> tuple[list[int], list[float]]:
    """Listed hands as the range kernels take them: the card indices, hand after hand, and weights."""
    return [to_index(c) for h, _ in hands for c in h], [w for _, w in hands]


def _every_board_seconds(
    holdings: Sequence[Union[Sequence[object], AnyHand]], known: list[int], gone: list[int], game: Game
) -> float:
    """About how long counting ranges on every board takes on one core: few Omaha hands are valued
    by their rank threes once, then each board ranks every hand and scores every deal of the hands
    (at most the product of the ranges' sizes). Any hand is never counted so: forever."""
    listed = [h for h in holdings if not isinstance(h, AnyHand)]
    if len(listed) < len(holdings):
        return float("inf")
    seen = {*known, *gone}
    boards = comb(sum(to_index(c) not in seen for c in game.deck), 5 - len(known))
    implementation = _switch.IMPLEMENTATION
    hands = sum(len(h) for h in listed)
    omaha = game.name in BY_TRIPLE_GAMES
    by_threes = omaha and implementation == "cython" and hands <= BY_TRIPLE_HANDS
    per_hand = RANGE_HAND_BY_CARDS_SECONDS if omaha and not by_threes else RANGE_HAND_SECONDS
    setup = hands * RANGE_HAND_SETUP_SECONDS if by_threes else 0.0
    deals = prod(len(h) for h in listed)
    return setup + boards * (hands * per_hand[implementation] + deals * RANGE_DEAL_SECONDS[implementation])


def _fit(holdings: Sequence[Sequence[tuple[tuple[int, ...], float]]], steps: int = 100_000) -> bool:
    """Whether one hand of each holding may fit beside the others': a search that stops at the first
    deal that fits, or (saying yes, for the count to decide) after ``steps`` hands tried. Counting
    every board of ranges that never fit would rank every hand on every board for nothing."""
    masks = [[sum(1 << to_index(c) for c in hand) for hand, _ in holding] for holding in holdings]
    left = steps

    def search(i: int, taken: int) -> bool:
        nonlocal left
        if i == len(masks):
            return True
        for bits in masks[i]:
            left -= 1
            if left < 0 or (not bits & taken and search(i + 1, taken | bits)):
                return True
        return False

    return search(0, 0)


def _every_board(
    tables: Sequence[object], known: list[int], gone: list[int], game: Game, threads: Optional[int]
) -> tuple[list[Shares], int]:
    """Each player's shares over every board and every deal of the ranges' hands that fits, and the
    deals counted."""
    deals, weight, sums = _switch.evaluator.game_range_every_board(game.name, tables, known, gone, threads)
    if not weight:
        raise ValueError("the ranges fit together in no deal beside the board and the dead cards")
    return [_shares((high, low, alone, 0), weight, game, True) for high, low, alone in sums], deals


def _shares(tally: tuple[float, float, float, float], count: float, game: Game, exact: bool) -> Shares:
    """A player's (equity, win, tie, stderr, high, low, scoop) from a kernel's tally of ``count``
    boards or trials."""
    high_units, low_units, alone, squares = tally
    eq = (high_units + low_units) / POT_UNITS / count
    win = alone / count
    stderr = None
    if not exact:
        variance = max(squares / POT_UNITS**2 / count - eq * eq, 0.0) * count / max(count - 1, 1)
        stderr = sqrt(variance / count)
    split = game.low is not None
    high = high_units / POT_UNITS / count if split else None
    low = low_units / POT_UNITS / count if split else None
    return eq, win, eq - win, stderr, high, low, win if split else None


def game_equity_many(
    hands: Sequence[Player],
    against: Union[Player, OmahaRange],
    board: Cards,
    dead: Cards,
    game: Game,
    exact: Optional[bool],
    trials: Optional[int],
    seed: Optional[int],
    force: bool,
    long_work: float,
    threads: Optional[int],
) -> list[Shares]:
    """Each hand's shares against one range (or hand) in Omaha or short deck, as ``game_equity``
    gives the first of two players, the range read and checked once: every board and every hand of
    the range when that is quick (``exact`` None) or asked (True), else by Monte Carlo."""
    from .odds import duration

    if trials is not None and (type(trials) is not int or trials < 1):
        raise ValueError(f"trials must be a whole number of 1 or more, got {trials!r}")
    holes = []
    for i, hand in enumerate(hands):
        if isinstance(hand, Range):
            raise TypeError(f"hand {i + 1}: a hand's cards, not a range")
        holes.append(cards(hand))
    known, gone = [to_index(c) for c in cards(board)], [to_index(c) for c in cards(dead)]
    seen = set(known) | set(gone)
    live = _live(against, game, 1, _hole_size(holes, game), seen)
    if isinstance(live, AnyHand) and exact:
        raise ValueError(ANY_HAND_BY_TRIALS)
    checked = live if isinstance(live, AnyHand) else check_range(*_listed(live), "the range")
    exact_seconds = len(hands) * _every_board_seconds([[None], live], known, gone, game)  # [None]: one hand
    if exact is None:
        exact = trials is None and exact_seconds <= EXACT_SECONDS
    trials = DEFAULT_TRIALS[_switch.IMPLEMENTATION] if trials is None else trials
    seconds = exact_seconds if exact else len(hands) * trials * 2 * BOARD_SECONDS[_switch.IMPLEMENTATION]
    if not force and seconds > long_work:
        what = "every board" if exact else f"{trials:,} trials"
        raise ValueError(f"{len(hands):,} hands of {what} would take about {duration(seconds)}: pass force=True")
    out = []
    for i, hole in enumerate(holes):
        if len(hole) not in game.hole_sizes:
            sizes = " or ".join(map(str, game.hole_sizes))
            raise ValueError(f"hand {i + 1}: {game.name} deals {sizes} hole cards, got {len(hole)}")
        if seen & {to_index(c) for c in hole}:
            raise ValueError(f"hand {i + 1} holds a card of the board or the dead cards")
        hero = ([to_index(c) for c in hole], [1.0])
        if exact:
            out.append(_every_board([hero, checked], known, gone, game, threads)[0][0])
            continue
        count, tallies = _switch.evaluator.game_range_showdowns(
            game.name, [hero, checked], known, gone, trials, seed or 0, threads
        )
        out.append(_shares(tallies[0], count, game, False))
    return out
