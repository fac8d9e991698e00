"""Monte Carlo equity: the same seeded wyrand streams and the same deals as the compiled kernel,
step for step under the same names: ``sampled_showdowns`` checks and sets up, ``sample_blocks`` (or
``deck_blocks``, where the ranges have decks) deals the trials, each drawing combos with
``alias_draw`` and the rest with ``deal_trial`` (``take``, ``draw``). Pairs with
``_c/sampling.pxi``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Optional

from .._kernels.core import Showdowns, showdowns
from .._kernels.sampling import joint_deals, sampling_args
from .._kernels.threads import threads_for
from .._tables import BLOCK_SEED_STEP, SAMPLING_BLOCK
from ..cards import DECK
from .scoring import fits, fixed_cards, score
from .tables import M64, wyrand


def sampled_showdowns(
    players: Sequence[tuple[Any, Any, Any]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    trials: int = 100000,
    seed: int = 0,
    threads: Optional[int] = None,
) -> Showdowns:
    """Monte Carlo: ``trials`` deals of the players' ranges and the rest of the board.

    ``players`` are (combos, prob, alias) triples: 2n card indices, and the alias
    tables of the combo weights (``_kernels.sampling.alias_table``). Deterministic for a
    seed, and the same deals as the compiled kernel. Returns what
    ``exact_showdowns`` returns, with ``boards`` the number of trials.
    """
    players, board_list, dead, from_deck, by_decks = sampling_args(players, board, dead, trials)
    threads_for(threads, 0)
    ranges = [(list(combos), list(prob), list(alias), len(prob)) for combos, prob, alias in players]
    k = len(ranges)
    fixed_used = fixed_cards(board_list, dead)
    fixed = [DECK[c] for c in board_list]
    counts = [0] * (1 << k)
    dealt_to = [i for i in range(k) if from_deck[i]]
    draws = 2 * len(dealt_to) + 5 - len(board_list)
    if by_decks:
        ranged = [i for i, (_, _, _, n) in enumerate(ranges) if n > 1 and not from_deck[i]]
        joint = joint_deals(players, from_deck, board_list, dead)
        if joint is None:  # one range or none: its own combos and tables
            _, prob, alias, n = ranges[ranged[0]] if ranged else ([], [], [], 0)
            joint = list(range(n)), prob, alias
        deck_blocks(ranges, ranged, joint, dealt_to, fixed_used, fixed, draws, trials, seed, counts)
        return showdowns([counts], k)
    sample_blocks(ranges, from_deck, dealt_to, fixed_used, fixed, draws, trials, seed, counts)
    return showdowns([counts], k)


def sample_blocks(
    ranges: list[tuple[list[int], list[float], list[int], int]],
    from_deck: list[bool],
    dealt_to: list[int],
    fixed_used: int,
    fixed: list[int],
    draws: int,
    trials: int,
    seed: int,
    counts: list[int],
) -> None:
    """Deal and score every trial, block by block, as the compiled ``sample_blocks`` does: each
    player's combo drawn from its range (``alias_draw``), all dealt again while two collide, and the
    board's few cards from the whole deck, a card already dealt drawn again; or, where the random
    hands (``dealt_to``) are dealt with the board, a partial Fisher-Yates shuffle of the cards left,
    the ranges' combos set aside at its end (``take``, ``deal_trial``)."""
    known = {c for i, (combos, _, _, n) in enumerate(ranges) if n == 1 and not from_deck[i] for c in combos}
    for block in range(-(-trials // SAMPLING_BLOCK)):
        state = (seed + block * BLOCK_SEED_STEP) & M64
        # Each block starts from the same deck, the known hands' cards out of it.
        deck = [c for c in range(52) if dealt_to and not (fixed_used >> c) & 1 and c not in known]
        place = {c: i for i, c in enumerate(deck)}
        trial, stop, tries = block * SAMPLING_BLOCK, min(trials, (block + 1) * SAMPLING_BLOCK), 0
        while trial < stop:
            used, held = fixed_used, []
            hands: list[list[int]] = [[] for _ in ranges]
            for i, (combos, prob, alias, n) in enumerate(ranges):
                if from_deck[i]:
                    continue
                j = 0
                if n > 1:  # a known hand takes no random number
                    state, j = alias_draw(state, prob, alias)
                    if dealt_to:  # set aside below
                        held += [combos[2 * j], combos[2 * j + 1]]
                dealt = _deal_combo(combos, j, used)
                if dealt is None:
                    break
                used, hands[i] = dealt
            else:
                drawn: list[int] = []
                if not dealt_to:  # the board's few cards drawn from the whole deck, a card dealt drawn again
                    while len(drawn) < draws:
                        # Two draws from each random number: its low half, then its high half.
                        state, x = wyrand(state)
                        for c in (((x & 0xFFFFFFFF) * 52) >> 32, ((x >> 32) * 52) >> 32):
                            if len(drawn) < draws and not (used >> c) & 1:
                                used |= 1 << c
                                drawn.append(DECK[c])
                else:  # the random hands' and the board's: the ranges' combos set aside, a partial Fisher-Yates shuffle
                    left = len(deck)
                    for c in held:
                        left -= 1
                        take(deck, place, place[c], left)
                    state, drawn = deal_trial(state, left, draws, partial(take, deck, place))
                for i in dealt_to:  # the random hands' cards, two a player, then the board's
                    hands[i], drawn = drawn[:2], drawn[2:]
                score(hands, fixed + drawn, counts)
                trial, tries = trial + 1, 0
                continue
            tries += 1  # the hands collided: deal the whole trial again
            if tries > 100000:
                raise ValueError("the ranges collide too often to deal: no hands left that fit together")


def _deal_combo(combos: list[int], j: int, used: int) -> Optional[tuple[int, list[int]]]:
    """Combo ``j``'s cards added to ``used``, and its hand; None if it does not fit (``fits``)."""
    a, b = combos[2 * j], combos[2 * j + 1]
    return ((used | (1 << a) | (1 << b)), [DECK[a], DECK[b]]) if fits(a, b, used) else None


def _deal_ranges(
    ranges: list[tuple[list[int], list[float], list[int], int]],
    ranged: list[int],
    combos: list[int],
    used: int,
    hands: list[list[int]],
) -> Optional[int]:
    """Each ``ranged`` player's combo of a deal (``combos``, one a player) into ``hands``, its cards
    added to ``used``; None if the deal does not fit."""
    for i, j in zip(ranged, combos):
        dealt = _deal_combo(ranges[i][0], j, used)
        if dealt is None:
            return None
        used, hands[i] = dealt
    return used


def alias_draw(state: int, prob: list[float], alias: list[int]) -> tuple[int, int]:
    """The next state, and an index drawn by the alias tables from one random number: its high half
    picks a slot, its low half keeps it or takes its alias."""
    state, x = wyrand(state)
    j = ((x >> 32) * len(prob)) >> 32
    return state, alias[j] if (x & 0xFFFFFFFF) / 4294967296.0 >= prob[j] else j


def deal_trial(state: int, left: int, draws: int, swap: Callable[[int, int], int]) -> tuple[int, list[int]]:
    """The next state, and ``draws`` cards of a partial Fisher-Yates shuffle of a deck's first ``left``
    cards, two draws a random number (its low half, then its high half): ``swap(at, to)`` swaps two of
    the deck's places and gives the card now at ``to``."""
    drawn = []
    for t in range(draws):
        if t % 2 == 0:
            state, x = wyrand(state)
        else:
            x >>= 32
        drawn.append(DECK[swap(t + (((x & 0xFFFFFFFF) * (left - t)) >> 32), t)])
    return state, drawn


def draw(deck: list[int], at: int, to: int) -> int:
    """Swap the cards at ``at`` and ``to`` of the deck; the one now at ``to``."""
    deck[at], deck[to] = deck[to], deck[at]
    return deck[to]


def take(deck: list[int], place: dict[int, int], from_: int, to: int) -> int:
    """Swap the cards at ``from_`` and ``to`` of the deck (``place`` follows them); the one now at ``to``."""
    a, b = deck[from_], deck[to]
    deck[from_], deck[to] = b, a
    place[b], place[a] = from_, to
    return a


def deck_blocks(
    ranges: list[tuple[list[int], list[float], list[int], int]],
    ranged: list[int],
    deals: tuple[list[int], list[float], list[int]],
    dealt_to: list[int],
    fixed_used: int,
    fixed: list[int],
    draws: int,
    trials: int,
    seed: int,
    counts: list[int],
) -> None:
    """The trials where the ranges of the ``ranged`` players have decks, as the compiled ``deck_blocks`` deals
    them: the deal of the ranges first (``deals``: a combo number of each a deal, and the deals'
    alias tables), again while it does not fit, then a partial Fisher-Yates shuffle of the cards it
    leaves, the random hands' (``dealt_to``) two a player, then the board's (``draws`` in all), from
    a deck for each deal, each block from the same decks."""
    flat, prob, alias = deals
    hands: list[list[int]] = [[DECK[c] for c in combos] if n == 1 else [] for combos, _, _, n in ranges]
    taken, known_fit = fixed_used, True
    for i, (combos, _, _, n) in enumerate(ranges):
        if n == 1 and i not in dealt_to:
            known_fit = known_fit and fits(combos[0], combos[1], taken)
            taken |= (1 << combos[0]) | (1 << combos[1])
    for block in range(-(-trials // SAMPLING_BLOCK)):
        if not known_fit:
            raise ValueError("the ranges collide too often to deal: no hands left that fit together")
        state = (seed + block * BLOCK_SEED_STEP) & M64
        deck = [c for c in range(52) if not (taken >> c) & 1]
        decks: dict[int, list[int]] = {}  # each deal drawn: its deck, shuffled by the block's trials
        trial, stop, tries = block * SAMPLING_BLOCK, min(trials, (block + 1) * SAMPLING_BLOCK), 0
        while trial < stop:
            shuffled = deck
            if ranged:
                state, d = alias_draw(state, prob, alias)
                used = _deal_ranges(ranges, ranged, flat[len(ranged) * d : len(ranged) * (d + 1)], taken, hands)
                if used is None:  # the deal does not fit: drawn again
                    tries += 1
                    if tries > 100000:
                        raise ValueError("the ranges collide too often to deal: no hands left that fit together")
                    continue
                tries = 0
                if d not in decks:
                    decks[d] = [c for c in range(52) if not (used >> c) & 1]
                shuffled = decks[d]
            state, drawn = deal_trial(state, len(shuffled), draws, partial(draw, shuffled))
            for i in dealt_to:
                hands[i], drawn = drawn[:2], drawn[2:]
            score(hands, fixed + drawn, counts)
            trial += 1
