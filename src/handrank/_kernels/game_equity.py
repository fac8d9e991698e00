"""The checks of the equity kernel of the games beyond hold'em (Omaha high and hi-lo, short deck):
the rule, each player's hole cards, the board, the cards left to deal, the trials and the seed."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Optional, Union, cast

from .._tables import MAX_PLAYERS
from .sampling import MAX_TRIALS

RULES = ("omaha", "omaha-hilo", "short-deck", "short-deck-straight-over-trips")
"""The games the kernel deals, by their ``Game.name``; its rule number is the place here."""

POT_UNITS = 5040
"""What a pot is counted in: halves, each split among up to ten players, stay whole numbers."""

SHORT_DECK_LOWEST = 4
"""Short deck's lowest rank, six (ranks count from two at 0)."""


def _indices(cards: object, what: str) -> list[int]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise TypeError(f"{what} must be a sequence of card indices 0-51, got {type(cards).__name__}")
    out = []
    for c in cards:
        if type(c) is not int or not 0 <= c < 52:
            raise ValueError(f"{what}: {c!r} is not a card index 0-51")
        out.append(c)
    return out


def _rule(rule: object) -> int:
    """The rule's number: its place in ``RULES``."""
    if rule not in RULES:
        raise ValueError(f"unknown game {rule!r}: expected one of {', '.join(RULES)}")
    return RULES.index(rule)


def _hole_sizes(number: int) -> tuple[int, ...]:
    """The hole cards a rule deals: Omaha 4 to 6, short deck 2."""
    return (4, 5, 6) if number < 2 else (2,)


def _players(players: object, what: str) -> Sequence[object]:
    """A sequence of 2 to ``MAX_PLAYERS`` players; ``what`` says what each item is."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError(f"{what}, got {type(players).__name__}")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"expected 2 to {MAX_PLAYERS} players, got {len(players)}")
    return players


def _in_short_deck(number: int, cards: list[int]) -> None:
    """Refuse a card below six in the short-deck rules."""
    if number >= 2 and any(c >> 2 < SHORT_DECK_LOWEST for c in cards):
        raise ValueError("short deck deals six to ace: a card below six is not in its deck")


def _trials_and_seed(trials: object, seed: object, every_board: bool) -> tuple[int, int]:
    """1 to ``MAX_TRIALS`` trials (or 0, every board, when ``every_board``); a seed of 0 to 2**64 - 1."""
    lowest = 0 if every_board else 1
    if isinstance(trials, bool) or not isinstance(trials, int) or not lowest <= trials <= MAX_TRIALS:
        allowed = f"0 (every board) or 1 to {MAX_TRIALS:,}" if every_board else f"1 to {MAX_TRIALS:,}"
        raise ValueError(f"trials must be {allowed}, got {trials!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    return trials, seed


def game_showdown_args(
    rule: object, holes: object, board: object, deck: object, trials: object, seed: object
) -> tuple[int, list[list[int]], list[int], list[int], int, int]:
    """Check a deal: a rule of ``RULES``; 2 to ``MAX_PLAYERS`` players with the game's hole cards
    (Omaha 4 to 6, the same for all; short deck 2); 0 to 5 board cards; the cards that may come,
    enough to fill the board; no card twice; short deck's cards six or higher. ``trials`` 0 for every
    board, else 1 to ``MAX_TRIALS``; a seed of 0 to 2**64 - 1."""
    number = _rule(rule)
    seats = _players(holes, "holes must be a sequence of players' cards")
    hands = [_indices(h, f"player {i + 1}'s cards") for i, h in enumerate(seats)]
    sizes = {len(h) for h in hands}
    allowed = _hole_sizes(number)
    if len(sizes) != 1 or not sizes <= set(allowed):
        dealt = " or ".join(map(str, allowed))
        raise ValueError(f"{rule} deals each player {dealt} hole cards, the same number to all; got {sorted(sizes)}")
    known, left = _indices(board, "board"), _indices(deck, "deck")
    if len(known) > 5:
        raise ValueError(f"a board has up to 5 cards, got {len(known)}")
    every = [c for h in hands for c in h] + known + left
    if len(set(every)) != len(every):
        raise ValueError("a card is dealt twice among the hands, the board and the deck")
    if len(left) < 5 - len(known):
        raise ValueError(f"the deck holds {len(left)} cards, short of the {5 - len(known)} the board needs")
    _in_short_deck(number, every)
    return number, hands, known, left, *_trials_and_seed(trials, seed, every_board=True)


BY_TRIPLE_HANDS = 1 << 16
"""``game_range_every_board`` values each Omaha hand once by the 455 rank threes a board can hold
(about 1.8 KB a hand, high and low) when the players hold no more hands than this; past it each
board values every hand from its cards."""

BY_TRIPLE_GAMES = RULES[:2]
"""The games whose hands ``game_range_every_board`` may value by rank threes: Omaha's, high and
hi-lo (rule numbers 0 and 1)."""

FIT_TRIES = 10_000
"""The deals of the ranges a trial tries before giving up: ranges that fit together less often
than once in this many are refused (each deal is drawn whole again, so that it comes with the
chances of the ranges' weights among the deals that fit)."""


class AnyHand:
    """A player of the Monte Carlo of ranges dealt any hand of ``size`` hole cards from the cards
    the other players' hands, the board and the dead cards leave: every hand alike, as a range of
    every hand would deal it, for the five- and six-card hands too many to list (2,598,960 and
    20,358,520)."""

    __slots__ = ("size",)

    def __init__(self, size: int) -> None:
        if type(size) is not int or size not in (2, 4, 5, 6):
            raise ValueError(f"a hand is 2 (short deck) or 4 to 6 (Omaha) hole cards, got {size!r}")
        self.size = size

    def __repr__(self) -> str:
        return f"AnyHand({self.size})"


class CheckedRange:
    """A player's range checked once (``check_range``), for many deals: its cards, weights and
    running weight totals held as bytes, which nothing can change after the check, so a kernel reads
    them as they are. ``size`` is the hole cards a hand; ``short`` whether every card is six or higher."""

    __slots__ = ("cards", "weights", "running", "size", "short")

    def __init__(self, cards: bytes, weights: bytes, running: bytes, size: int, short: bool) -> None:
        self.cards, self.weights, self.running, self.size, self.short = cards, weights, running, size, short

    def tables(self) -> tuple[memoryview[int], memoryview[float]]:
        """The cards and running totals as the Monte Carlo kernels read them (read-only views)."""
        return memoryview(self.cards), memoryview(self.running).cast("d")

    def weighted(self) -> tuple[memoryview[int], memoryview[float]]:
        """The cards and weights as ``game_range_every_board`` reads them (read-only views)."""
        return memoryview(self.cards), memoryview(self.weights).cast("d")


def check_range(cards: object, weights: object, who: str = "the range") -> CheckedRange:
    """Check one range: its hands' card indices (one hand after another, 2 or 4 to 6 cards each,
    none twice in a hand) and a weight a hand (finite, not below zero, one above)."""
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence):
        raise TypeError(f"{who}: weights must be a sequence of numbers")
    flat, listed = _indices(cards, f"{who}'s cards"), list(weights)
    if not listed or len(flat) % len(listed):
        raise ValueError(f"{who}: expected n hands of the same size and n weights")
    size = len(flat) // len(listed)
    if size not in (2, 4, 5, 6):
        raise ValueError(f"{who}: a hand is 2 (short deck) or 4 to 6 (Omaha) hole cards, got hands of {size}")
    for h in range(len(listed)):
        if len(set(flat[h * size : (h + 1) * size])) != size:
            raise ValueError(f"{who}: hand {h + 1} holds a card twice")
    total, running = 0.0, array("d")
    for w in listed:
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not 0 <= w < float("inf"):
            raise ValueError(f"{who}: a weight must be finite and >= 0, got {w!r}")
        total += w
        running.append(total)
    if total <= 0:
        raise ValueError(f"{who}: no hand of weight above zero")
    short = all(c >> 2 >= SHORT_DECK_LOWEST for c in flat)
    weights_bytes = array("d", [float(w) for w in listed]).tobytes()
    return CheckedRange(bytes(array("B", flat)), weights_bytes, running.tobytes(), size, short)


def game_range_args(
    rule: object, players: object, board: object, dead: object, trials: object, seed: object
) -> tuple[int, int, list[Optional[tuple[memoryview[int], memoryview[float]]]], list[int], list[int], int, int]:
    """Check a deal of ranges: a rule of ``RULES``; 2 to ``MAX_PLAYERS`` players, each a pair of its
    hands' card indices (one hand after another, the game's hole cards each, the same number for
    all) and the weights of its hands (finite, not below zero, one above), a ``CheckedRange`` or an
    ``AnyHand``; the board and the dead cards, distinct, and cards enough left for every hand and
    the board; 1 to ``MAX_TRIALS`` trials; a seed. The rule's number, the hole cards, each player's
    cards and running weight totals as read-only views the kernel reads as they are (None for an
    ``AnyHand``), the board, the dead."""
    number, size, checked, known, gone = _ranges(rule, players, board, dead, any_hand=True)
    deck = 52 - (4 * SHORT_DECK_LOWEST if number >= 2 else 0) - len(known) - len(gone)
    if size * len(checked) + 5 - len(known) > deck:
        raise ValueError(f"{len(checked)} hands of {size} and the board need more cards than the {deck} left")
    tables = [None if isinstance(player, AnyHand) else player.tables() for player in checked]
    return number, size, tables, known, gone, *_trials_and_seed(trials, seed, every_board=False)


def game_every_board_args(
    rule: object, players: object, board: object, dead: object
) -> tuple[int, int, list[tuple[memoryview[int], memoryview[float]]], list[int], list[int]]:
    """Check what ``game_range_every_board`` takes: the players as ``game_range_args`` takes them,
    the board and the dead cards. The rule's number, the hole cards, each player's cards and weights
    (read-only views), the board, and the cards that may come, ascending (short deck's from six)."""
    number, size, checked, known, gone = _ranges(rule, players, board, dead, any_hand=False)
    lowest = 4 * SHORT_DECK_LOWEST if number >= 2 else 0
    left = [c for c in range(lowest, 52) if c not in set(known + gone)]
    if len(left) < 5 - len(known):
        raise ValueError(f"the deck holds {len(left)} cards, short of the {5 - len(known)} the board needs")
    return number, size, [cast(CheckedRange, player).weighted() for player in checked], known, left


def board_parts(left: int, need: int) -> int:
    """The parts ``game_range_every_board`` deals in, one for each first card the boards can take
    (``left`` cards, ``need`` to come), so that threads can share them: one when none is to come."""
    return left - need + 1 if need else 1


def _ranges(
    rule: object, players: object, board: object, dead: object, any_hand: bool
) -> tuple[int, int, list[Union[CheckedRange, AnyHand]], list[int], list[int]]:
    """The rule's number, the hole cards, the players' checked ranges (and ``AnyHand`` players where
    ``any_hand``: the Monte Carlo), the board and the dead cards."""
    number = _rule(rule)
    seats = _players(players, "players must be a sequence of (cards, weights) or CheckedRange")
    allowed = _hole_sizes(number)
    known, gone = _indices(board, "board"), _indices(dead, "dead")
    if len(known) > 5 or len(set(known + gone)) != len(known + gone):
        raise ValueError("the board holds up to 5 cards, and no card is on it or dead twice")
    _in_short_deck(number, known)
    out: list[Union[CheckedRange, AnyHand]] = []
    sizes = set()
    for i, player in enumerate(seats):
        if isinstance(player, AnyHand):
            if not any_hand:
                raise ValueError(f"player {i + 1}: any hand is dealt by Monte Carlo only, not on every board")
            if player.size not in allowed:
                raise ValueError(
                    f"{rule} deals {' or '.join(map(str, allowed))} hole cards, got hands of {player.size}"
                )
            sizes.add(player.size)
            out.append(player)
            continue
        if not isinstance(player, CheckedRange):
            if isinstance(player, (str, bytes)) or not isinstance(player, Sequence) or len(player) != 2:
                raise TypeError(f"player {i + 1}: expected (cards, weights) or a CheckedRange")
            player = check_range(player[0], player[1], f"player {i + 1}")
        sizes.add(player.size)
        if player.size not in allowed:
            raise ValueError(f"{rule} deals {' or '.join(map(str, allowed))} hole cards, got hands of {player.size}")
        if number >= 2 and not player.short:
            raise ValueError("short deck deals six to ace: a card below six is not in its deck")
        out.append(player)
    if len(sizes) != 1:
        raise ValueError(f"{rule} deals every player the same number of hole cards; got {sorted(sizes)}")
    return number, sizes.pop(), out, known, gone
