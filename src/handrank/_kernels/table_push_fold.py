"""The checks of the table push-or-fold kernels, for both evaluators: how many deals of how many
players, and a game played over them (its tree, its pots, what the chips are worth). Past these
the kernels run unchecked."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from numbers import Real
from typing import NamedTuple

from .tournament import _numbers

CLASSES = 169
"""Starting-hand classes: a player knows its own hand's class and nothing finer."""

MOST_PLAYERS = 10
MOST_BOARDS = 10_000_000
"""The most boards a sample holds, every deal's counted: 5 bytes of cards and 20 of ranks each at
ten players, beside each deal's hands."""


class TableGame(NamedTuple):
    """A push-or-fold game at a table, as the kernels read it.

    Decision nodes are numbered so that a child comes after its parent; ``push_child[k]`` and
    ``fold_child[k]`` are the next node, or ``~t`` for terminal t. Terminal t holds the seats still
    in (``live[t]``, a bit a seat) and the chips each seat put in (``paid[t * players + seat]``).
    With no ``payouts`` a seat's value is its chips won or lost times ``scale``; with them, its
    prize by the chip model of the stacks after the hand (``weitzman`` for Malmuth-Weitzman)."""

    players: int
    actor: array[int]
    push_child: array[int]
    fold_child: array[int]
    live: array[int]
    paid: array[float]
    stacks: array[float]
    scale: float
    payouts: array[float]
    weitzman: bool
    class_of: bytes  # class_of[a * 52 + b]: the class of hole card indices a and b
    order: array[int] = array("i")  # the pots in pieces (``pot_pieces``), as ``game_args`` finds them
    pieces: array[float] = array("d")


PART_DEALS = 512
"""The deals are walked in parts of about this many (64 parts at most), each with sums of its own,
added part by part in order: threads run whole parts, so the answer is the same on any number."""
PART_CELLS = 1 << 22
"""The parts' sums (two a node and class a part) take at most about this many numbers."""


def deal_parts(count: int, size: int) -> list[int]:
    """Where each part of ``count`` deals starts (and the last ends), for sums of ``size`` numbers."""
    parts = max(1, min(64, count // PART_DEALS, PART_CELLS // (2 * size)))
    return [count * part // parts for part in range(parts + 1)]


def deals_args(players: object, count: object, boards: object, seed: object) -> tuple[int, int, int, int]:
    """Check a sample's size: 2 to 10 players, at least one deal and one board a deal, no more than
    ``MOST_BOARDS`` boards in all, a seed of 0 to 2**64 - 1."""
    for value, what, low, high in (
        (players, "players", 2, MOST_PLAYERS),
        (count, "deals", 1, MOST_BOARDS),
        (boards, "boards", 1, MOST_BOARDS),
        (seed, "seed", 0, (1 << 64) - 1),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{what} must be a whole number from {low:,} to {high:,}, got {value!r}")
    if count * boards > MOST_BOARDS:  # type: ignore[operator]
        raise ValueError(f"{count:,} deals of {boards:,} boards: at most {MOST_BOARDS:,} boards in all")
    return players, count, boards, seed  # type: ignore[return-value]


def pot_pieces(players: int, live: array[int], paid: Sequence[float]) -> tuple[array[int], array[float]]:
    """Each terminal's pot in pieces, lowest first: the seats in it from the least put in up (then
    by seat), ``players`` places a terminal with -1 after the last, and each piece's chips, which
    the seats from that one on contest (the chips every seat put in up to that seat's amount, past
    the last piece's)."""
    n = players
    order, pieces = array("i", [-1] * (len(live) * n)), array("d", bytes(8 * len(live) * n))
    for t, mask in enumerate(live):
        put = paid[t * n : t * n + n]
        low = 0.0
        for i, seat in enumerate(sorted((j for j in range(n) if mask >> j & 1), key=lambda j: (put[j], j))):
            high, piece = put[seat], 0.0
            for x in put:
                piece += (x if x < high else high) - (x if x < low else low)
            order[t * n + i], pieces[t * n + i] = seat, piece
            low = high
    return order, pieces


def game_args(
    game: object, cards: object, ranks: object, iterations: object, tolerance: object
) -> tuple[int, int, int, float, array[int], array[float]]:
    """Check a game and its deals as ``table_deals`` gives them, at least one iteration and a
    tolerance not below zero. The deals, the boards a deal, the iterations, the tolerance and
    the pots in pieces (``pot_pieces``)."""
    if not isinstance(game, TableGame):
        raise TypeError(f"game must be a TableGame, got {type(game).__name__}")
    n = game.players
    deals_args(n, 1, 1, 0)
    nodes, terminals = len(game.actor), len(game.live)
    if not nodes or len(game.push_child) != nodes or len(game.fold_child) != nodes:
        raise ValueError("actor, push_child and fold_child must hold one item a node, at least one node")
    for k in range(nodes):
        if not 0 <= game.actor[k] < n:
            raise ValueError(f"actor[{k}] must be a seat from 0 to {n - 1}, got {game.actor[k]}")
        for child in (game.push_child[k], game.fold_child[k]):
            if not (k < child < nodes or 0 <= ~child < terminals):
                raise ValueError(f"node {k}'s children must be later nodes or terminals, got {child}")
    paid, stacks = _numbers(game.paid, "paid"), _numbers(game.stacks, "stacks")
    if len(stacks) != n or any(s <= 0 for s in stacks):
        raise ValueError(f"stacks must hold {n} numbers above zero")
    if len(paid) != terminals * n:
        raise ValueError(f"paid must hold {n} numbers a terminal")
    for t in range(terminals):
        if not 0 < game.live[t] < 1 << n:
            raise ValueError(f"live[{t}] must name at least one seat of {n}, got {game.live[t]}")
        if any(not 0 <= paid[t * n + j] <= stacks[j] for j in range(n)):
            raise ValueError(f"terminal {t}: a seat puts in from nothing to its stack")
        if max(paid[t * n : t * n + n]) > max(paid[t * n + j] for j in range(n) if game.live[t] >> j & 1):
            raise ValueError(f"terminal {t}: a seat out puts in more than every seat in")
    (scale,), prizes = _numbers([game.scale], "scale"), _numbers(game.payouts, "payouts")
    if bool(scale) == bool(prizes):
        raise ValueError("a game counts chips (a scale) or prizes (payouts), one of the two")
    if prizes and (len(prizes) != n or any(p < 0 for p in prizes)):
        raise ValueError(f"payouts must hold {n} prizes, none below zero")
    if len(game.class_of) != 52 * 52 or max(game.class_of) >= CLASSES:
        raise ValueError(f"class_of must hold a class below {CLASSES} for each of 52 x 52 pairs of cards")
    if not isinstance(cards, bytes) or not isinstance(ranks, array) or ranks.typecode != "H":
        raise TypeError("cards must be bytes and ranks an array('H'), as table_deals gives them")
    boards_in_all = len(ranks) // n  # a deal's cards: 2n of its hands, 5 a board
    count = (len(cards) - 5 * boards_in_all) // (2 * n)
    boards = boards_in_all // count if count > 0 else 0
    if not boards or len(ranks) != count * boards * n or len(cards) != count * (2 * n + 5 * boards) or max(cards) >= 52:
        raise ValueError(f"cards and ranks must hold the same deals of {n} players, card indices below 52")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
    if isinstance(tolerance, bool) or not isinstance(tolerance, Real) or not 0 <= float(tolerance) < float("inf"):
        raise ValueError(f"tolerance must be a number not below zero, got {tolerance!r}")
    return (count, boards, iterations, float(tolerance), *pot_pieces(n, game.live, paid))
