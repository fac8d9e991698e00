"""The pure-Python evaluator: the reference the compiled one mirrors.

Same functions, same answers, same errors as ``_eval_c``. Ranks run from 1
(royal flush) to 7462 (7-5-4-3-2 offsuit): lower is better.

>>> evaluate("As Ks Qs Js Ts")
1
>>> evaluate(["7s", "5h", "4d", "3c", "2s"])
7462
"""

from __future__ import annotations

from itertools import combinations, product
from math import comb, prod
from typing import Any, Callable, Iterator, Optional, Sequence, cast

from . import _batch, _tables
from .cards import DECK, Cards, hand, hole_and_board, to_index

__all__ = [
    "best_five",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_holdem",
    "evaluate_low",
    "evaluate_low_many",
    "evaluate_many",
    "evaluate_omaha",
    "evaluate_omaha_low",
    "evaluate_omaha_many",
    "exact_range_showdowns",
    "exact_showdowns",
    "rank_counts",
    "sampled_showdowns",
]

_T = _tables.load()
_FLUSH = _T.flush
_PRODUCTS = _T.products


def _slot_per_key(items: dict[int, int]) -> dict[object, int]:
    """``items`` in a dict whose hash table is large enough to give each int key a slot of its own.

    CPython first looks for an int key at ``key & (slots - 1)``. The four cards
    of a rank differ only from bit 12 up, so in the 128 slots 52 keys get, a
    card is found at the second or third try. Grown with placeholder keys (then
    removed), the table holds each card where the first try looks: a 5-card
    evaluate is about 10 % faster. Elsewhere than CPython it is just a dict.

    >>> _slot_per_key({DECK[0]: 2}) == {DECK[0]: 2}
    True
    """
    slots = 8
    while len(firsts := {k & (slots - 1) for k in items}) < len(items):
        slots *= 2
    # CPython resizes a full table to the power of two above 3 x its keys: slots // 3 + 1 keys reach ``slots``.
    # Small ints hash to themselves; these leave the cards' first slots alone.
    n = slots // 3 + 1
    placeholders = [k for k in range(n + len(items)) if k not in firsts][:n]
    table: dict[object, int] = dict.fromkeys(placeholders, 0)
    for k in placeholders:
        del table[k]
    for k, v in items.items():  # one by one: update() of an emptied dict would copy the small table
        table[k] = v
    return table


_PRIME = _slot_per_key({c: c & 0xFF for c in DECK})
_REPEATS = 1 << 13


def _five_by_product() -> dict[int, int]:
    """Five cards by prime product: the rank if no suit is five-strong, plus _REPEATS where a rank repeats.

    Five distinct ranks can hold no duplicate card but may be a flush; repeated
    ranks are the reverse. The commonest shapes go in first, where a lookup
    finds them at its first try (1.13 tries a hand, not 1.22).
    """
    table = {}
    for ranks in sorted(_tables.rank_multisets(5), key=lambda rs: -len(set(rs))):
        p = prod(_tables.PRIMES[r] for r in ranks)
        table[p] = _PRODUCTS[p] + (0 if len(set(ranks)) == 5 else _REPEATS)
    return table


_FIVE = _five_by_product()
# A Python int for any int type's byte: a product of numpy's fixed-width ints would wrap.
_BYTE = list(range(256))
# Each card adds one to a 3-bit counter of its suit: clubs at bit 0 ... spades at bit 9.
_SUIT_COUNT: dict[object, int] = {c: 1 << 3 * (to_index(c) & 3) for c in DECK}
# The suit bits (0x8000 clubs ... 0x1000 spades) of the suit counted five or more times, else 0.
_FLUSH_SUIT = [
    next((0x8000 >> s for s in range(4) if (t >> 3 * s & 7) >= 5), 0) for t in range(1 << 12)
]


def _rank5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Five valid, distinct cards: Cactus Kev's flush test, then the prime product."""
    if a & b & c & d & e & 0xF000:
        return _FLUSH[(a | b | c | d | e) >> 16]
    return _PRODUCTS[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]


def _fast5(a: Any, b: Any, c: Any, d: Any, e: Any) -> int:
    """The rank of five distinct card ints, or 0 for anything else (the slow path then says why).

    The dict lookups pass only cards, the bitwise operators only ints: a float
    equal to a card is a TypeError.
    """
    prime = _PRIME
    try:
        r = _FIVE[prime[a] * prime[b] * prime[c] * prime[d] * prime[e]]
        if r < _REPEATS:  # five ranks share no rank bit: only a common suit bit lifts their & above 0xFFF
            if a & b & c & d & e > 0xFFF:
                ranks: int = (a | b | c | d | e) >> 16
                return _FLUSH[ranks]
            return r
        # A rank repeats, so a card may too: three ^ put every card through an int-only operator.
        if a ^ b and c ^ d and a ^ e and a != c and a != d and b != c and b != d and b != e and c != e and d != e:
            return r - _REPEATS
    except (KeyError, TypeError):
        pass
    return 0


def _fast_many(cs: Sequence[object]) -> int:
    """The rank of six or seven distinct card ints, or 0 for anything else.

    A flush is found from per-suit counters, everything else by the prime product.
    """
    w = _SUIT_COUNT
    byte = _BYTE
    counts = 0
    product = 1
    try:
        for c in cs:
            counts += w[c]
            product *= byte[c & 0xFF]  # type: ignore[operator]
    except (KeyError, TypeError):
        return 0
    if len(set(cs)) != len(cs):
        return 0
    suit = _FLUSH_SUIT[counts]
    if suit:
        mask = 0
        for c in cs:
            if c & suit:  # type: ignore[operator]
                mask |= c >> 16  # type: ignore[operator]
        return _FLUSH[mask]
    return _PRODUCTS[product]


def _slow(cards: Cards) -> int:
    """Check and convert any accepted form of cards, raising the error that explains a bad one."""
    cs = hand(cards)
    return _fast5(*cs) if len(cs) == 5 else _fast_many(cs)


def evaluate(cards: Cards) -> int:
    """Rank of the best five of 5, 6 or 7 cards: 1 (royal flush) ... 7462, lower is better.

    ``cards`` is one string (``"As Ks Qs Js Ts"``) or an iterable of card ints
    or card strings. Raises ``ValueError`` for a bad card, a duplicate or a
    count other than 5 to 7.

    >>> evaluate("Ah Ad Ac As Kd Kh 2c")
    11
    """
    cs: Any = cards  # any sized collection: what is not five to seven card ints takes the slow path
    try:
        n = len(cs)
    except TypeError:  # a generator, say
        return _slow(cards)
    if n == 5:  # _fast5 inlined: the call would cost about 15 % here
        prime = _PRIME
        try:
            a, b, c, d, e = cs  # a ValueError if its len did not tell the truth
            r = _FIVE[prime[a] * prime[b] * prime[c] * prime[d] * prime[e]]
            if r < _REPEATS:
                if a & b & c & d & e > 0xFFF:
                    ranks: int = (a | b | c | d | e) >> 16
                    return _FLUSH[ranks]
                return r
            if a ^ b and c ^ d and a ^ e and a != c and a != d and b != c and b != d and b != e and c != e and d != e:
                return r - _REPEATS
        except (KeyError, TypeError, ValueError):
            pass
    elif 5 < n < 8:
        r = _fast_many(cs)
        if r:
            return r
    return _slow(cards)


def evaluate5(a: int, b: int, c: int, d: int, e: int) -> int:
    """``evaluate`` for five card ints passed one by one (lower is better)."""
    return _fast5(a, b, c, d, e) or _slow((a, b, c, d, e))


def evaluate6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """``evaluate`` for six card ints passed one by one (lower is better)."""
    cs = (a, b, c, d, e, f)
    return _fast_many(cs) or _slow(cs)


def evaluate7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """``evaluate`` for seven card ints passed one by one (lower is better)."""
    cs = (a, b, c, d, e, f, g)
    return _fast_many(cs) or _slow(cs)


def best_five(cards: Cards) -> list[int]:
    """The five cards that make the hand's rank, highest card first.

    Among equal fives, the first in the order of ``combinations`` over the
    cards sorted from the highest index (As) down wins, so the answer is
    deterministic.

    >>> from handrank.cards import cards_str
    >>> cards_str(best_five("2c 3c 4c 5c 6c Ac Kd"))
    '6c 5c 4c 3c 2c'
    """
    ordered = sorted(hand(cards), key=to_index, reverse=True)
    best = min(combinations(ordered, 5), key=lambda five: _rank5(*five))
    return list(best)


def evaluate_many(hands: object, threads: Optional[int] = None) -> _batch.Ranks:
    """Ranks of an (n, k) array of 0-51 card indices (k = 5, 6 or 7) as n uint16 values.

    Lower is better. Returns a numpy array when given one, else ``array('H')``.
    ``threads`` is checked and, in pure Python, does not speed anything up.

    >>> from array import array
    >>> hands = memoryview(array("B", [51, 47, 43, 39, 35])).cast("B", (1, 5))
    >>> list(evaluate_many(hands))
    [1]
    """
    view = _batch.hands_view(hands)
    result, out = _batch.new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in _checked_rows(view, threads):
        out[i] = _fast5(*cs) if len(cs) == 5 else _fast_many(cs)
    return result


def _checked_rows(view: memoryview, threads: Optional[int], board: Sequence[int] = ()) -> Iterator[tuple[int, list[int]]]:
    """Each row's index and card ints, after the checks the compiled kernels make (``threads`` too)."""
    _batch.threads_for(threads, view.shape[0])  # type: ignore[index]
    for i, row in enumerate(cast("list[list[int]]", view.tolist())):
        if not (len(set(row)) == len(row) and all(0 <= v < 52 and v not in board for v in row)):
            raise _batch.row_error(view, i, board)
        yield i, [DECK[v] for v in row]


def evaluate_holdem(holdings: object, board: Cards, threads: Optional[int] = None) -> _batch.Ranks:
    """Ranks of an (n, 2) array of hole-card indices against one board of 3 to 5 cards.

    Lower is better. Each row's rank is ``evaluate(row + board)``; a row that
    repeats a card or holds a board card raises ``ValueError`` naming it.

    >>> from array import array
    >>> holes = memoryview(array("B", [51, 47, 0, 1])).cast("B", (2, 2))  # As Ks, 2c 2d
    >>> list(evaluate_holdem(holes, "Qs Js Ts"))
    [1, 6066]
    """
    board_indices = _batch.board_indices(board)
    board_cards = [DECK[i] for i in board_indices]
    view = _batch.hands_view(holdings, (2,))
    result, out = _batch.new_result(holdings, view.shape[0])  # type: ignore[index]
    for i, hole in _checked_rows(view, threads, board_indices):
        cs = hole + board_cards
        out[i] = _fast5(*cs) if len(cs) == 5 else _fast_many(cs)
    return result


def rank_counts(n: int, progress: Optional[Callable[[int, int], object]] = None) -> list[int]:
    """How many ``n``-card hands (n = 5, 6 or 7) have each rank: a list indexed by rank, [0] = 0.

    Counted, not enumerated: each rank multiset's hands are split into those
    with a flush and the rest, by binomial coefficients. ``progress(done,
    total)`` is called as it goes.

    >>> sum(rank_counts(5)) == comb(52, 5)
    True
    """
    if n not in (5, 6, 7):
        raise ValueError(f"expected 5, 6 or 7 cards, got {n}")
    counts = [0] * (_tables.N_VALUES + 1)
    # Flushes: four suits, five or more ranks in that suit, any other cards from the other 39.
    for mask in range(1 << 13):
        suited = bin(mask).count("1")
        if 5 <= suited <= n:
            counts[_FLUSH[mask]] += 4 * comb(39, n - suited)
    multisets = _tables.rank_multisets(n)
    for done, ranks in enumerate(multisets, 1):
        held = [ranks.count(r) for r in sorted(set(ranks))]
        hands = prod(comb(4, k) for k in held)
        # Minus the suit choices that put five or more distinct ranks in one suit.
        for size in range(5, len(held) + 1):
            for in_suit in combinations(range(len(held)), size):
                hands -= 4 * prod(
                    comb(3, k - 1) if i in in_suit else comb(3, k) for i, k in enumerate(held)
                )
        counts[_PRODUCTS[prod(_tables.PRIMES[r] for r in ranks)]] += hands
        if progress is not None and (done % 4096 == 0 or done == len(multisets)):
            progress(done, len(multisets))
    return counts


# ---- lowball and Omaha -----------------------------------------------------------------------

_LOW_TABLES = {"2-7": (_T.low27_flush, _T.low27), "a-5": (None, _T.lowa5), "a-6": (_T.lowa6_flush, _T.lowa6)}


def _low_tables(game: str) -> tuple[Optional[list[int]], dict[int, int]]:
    try:
        return _LOW_TABLES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(_LOW_TABLES)}") from None


def _low5(five: Sequence[int], flush: Optional[list[int]], products: dict[int, int]) -> int:
    a, b, c, d, e = five
    if flush is not None and a & b & c & d & e & 0xF000:
        return flush[(a | b | c | d | e) >> 16]
    return products[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]


def evaluate_low(cards: Cards, game: str = "a-5") -> int:
    """The best low of 5 to 7 cards: 1 is the best low of ``game`` (lower is better).

    ``game`` is ``"2-7"`` (deuce-to-seven: ace high, straights and flushes
    count against you; 7462 values), ``"a-5"`` (ace-to-five: ace low, they
    don't count; 6175 values; razz with 7 cards) or ``"a-6"`` (ace-to-six: ace
    low, they count; 7462 values).

    >>> evaluate_low("7s 5h 4d 3c 2s", "2-7"), evaluate_low("5s 4h 3d 2c As", "a-5")
    (1, 1)
    """
    flush, products = _low_tables(game)
    cs = hand(cards)
    return min(_low5(five, flush, products) for five in combinations(cs, 5))


def evaluate_low_many(hands: object, game: str = "a-5", threads: Optional[int] = None) -> _batch.Ranks:
    """The best low of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7, as ``evaluate_low`` gives it.

    Lower is better; one uint16 value per row.

    >>> from array import array
    >>> rows = memoryview(array("B", [23, 14, 9, 4, 3, 45])).cast("B", (1, 6))  # 7s 5h 4d 3c 2s Kd
    >>> list(evaluate_low_many(rows, "2-7")), list(evaluate_low_many(rows)) == [evaluate_low("7s 5h 4d 3c 2s Kd")]
    ([1], True)
    """
    flush, products = _low_tables(game)
    view = _batch.hands_view(hands)
    result, out = _batch.new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in _checked_rows(view, threads):
        out[i] = min(_low5(five, flush, products) for five in combinations(cs, 5))
    return result


def _omaha(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high hand of exactly two hole cards and three board cards (checked cards)."""
    best = _tables.N_VALUES
    triples = [(x & y & z & 0xF000, (x | y | z) >> 16, (x & 0xFF) * (y & 0xFF) * (z & 0xFF))
               for x, y, z in combinations(board, 3)]
    for x, y in combinations(hole, 2):
        suit, mask, product = x & y & 0xF000, (x | y) >> 16, (x & 0xFF) * (y & 0xFF)
        for t_suit, t_mask, t_product in triples:
            # Five cards of one suit make a flush, which beats whatever the same ranks make off-suit.
            r = _FLUSH[mask | t_mask] if suit & t_suit else _PRODUCTS[product * t_product]
            if r < best:
                best = r
    return best


def evaluate_omaha(hole: Cards, board: Cards) -> int:
    """Omaha high: the best hand of exactly two of 4-6 hole cards and three of 3-5 board cards.

    On the same scale as ``evaluate``: 1 (royal flush) ... 7462, lower is better.

    >>> evaluate_omaha("As Ks 2d 3d", "Qs Js Ts")
    1
    >>> evaluate_omaha("As Kh 2c 3d", "Qs Js Ts 5s 4s")  # one spade in the hand makes no flush
    1600
    """
    return _omaha(*hole_and_board(hole, board))


def evaluate_omaha_low(hole: Cards, board: Cards) -> int:
    """Omaha's ace-to-five low (hi-lo games): the best low of exactly two hole and three board cards.

    1 (5-4-3-2-A) is the best; see ``lowball.qualifies_eight_or_better``.

    >>> evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s 9c 9d")
    1
    """
    h, b = hole_and_board(hole, board)
    products = _T.lowa5
    return min(
        products[(x & 0xFF) * (y & 0xFF) * (u & 0xFF) * (v & 0xFF) * (w & 0xFF)]
        for x, y in combinations(h, 2)
        for u, v, w in combinations(b, 3)
    )


def evaluate_omaha_many(hands: object, hole_cards: int = 4, threads: Optional[int] = None) -> _batch.Ranks:
    """Omaha high over an (n, hole_cards + board) array of 0-51 indices: hole cards first, then 3-5 board cards.

    Lower is better; one uint16 rank per row, as ``evaluate_omaha`` gives.
    """
    view = _batch.omaha_view(hands, hole_cards)
    result, out = _batch.new_result(hands, view.shape[0])  # type: ignore[index]
    for i, cs in _checked_rows(view, threads):
        out[i] = _omaha(cs[:hole_cards], cs[hole_cards:])
    return result


# ---- equity: every board, or sampled deals --------------------------------------------------

MAX_PLAYERS = _batch.MAX_PLAYERS
TIE_UNITS = _batch.TIE_UNITS
BLOCK = 1024  # trials per random stream: the result does not depend on the thread count
_M64 = (1 << 64) - 1
Tallies = tuple[list[int], list[int], list[int], int]


def _winners(hands: list[list[int]], board: list[int]) -> int:
    """The set of players (bit i: player i) whose seven cards rank best on this board."""
    ranks = [_fast_many(h + board) for h in hands]
    best = min(ranks)
    return sum(1 << i for i, r in enumerate(ranks) if r == best)


def exact_showdowns(holes: Sequence[Sequence[int]], board: Sequence[int] = (), dead: Sequence[int] = (),
                    threads: Optional[int] = None) -> Tallies:
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 // k units.

    >>> units, wins, squares, boards = exact_showdowns([[51, 47], [0, 4]], board=[43, 39, 35, 1])
    >>> boards, units[0] // 2520
    (44, 44)
    """
    hole_lists, board_list, deck = _batch.equity_args(holes, board, dead)
    if not hole_lists:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got 0")
    _batch.threads_for(threads, 0)
    k = len(hole_lists)
    hands = [[DECK[c] for c in h] for h in hole_lists]
    fixed = [DECK[c] for c in board_list]
    counts = [0] * (1 << k)
    _count_winners(hands, fixed, deck, 5 - len(board_list), counts)
    return _batch.tallies_by_winners(counts, k)


def _count_winners(hands: list[list[int]], fixed: list[int], deck: list[int], need: int, counts: list[int]) -> None:
    """Add each board completing ``fixed`` from ``deck`` to ``counts``, by the set of players who win it."""
    for rest in combinations(deck, need):
        counts[_winners(hands, fixed + [DECK[c] for c in rest])] += 1


def exact_range_showdowns(players: Sequence[tuple[Any, Any]], board: Sequence[int] = (), dead: Sequence[int] = (),
                          threads: Optional[int] = None) -> tuple[list[float], list[float], float, int]:
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: 2n card indices and n weights.
    Each deal counts with the product of its combos' weights; ``weight`` is the
    total over deals and boards, so ``units[i] / weight / 2520`` is player i's equity.

    >>> units, wins, weight, boards = exact_range_showdowns([([51, 47], [1.0]), ([0, 4, 1, 5], [1.0, 0.5])],
    ...                                                     board=[43, 39, 35, 2])
    >>> boards, weight, units[0] / weight / 2520
    (88, 66.0, 1.0)
    """
    board_list = _batch.range_args(players, board, dead)
    _batch.threads_for(threads, 0)
    k = len(players)
    combos = [[(int(c[2 * j]), int(c[2 * j + 1])) for j in range(len(w))] for c, w in players]
    weights = [[float(x) for x in w] for _, w in players]
    fixed_used = 0
    for c in board_list + list(dead):
        fixed_used |= 1 << c
    fixed = [DECK[c] for c in board_list]
    parts = []
    for lo, hi in _batch.range_part_bounds(len(weights[0])):
        by_winners, boards = [0.0] * (1 << k), 0
        for picks in product(range(lo, hi), *(range(len(w)) for w in weights[1:])):
            used = fixed_used
            for i, j in enumerate(picks):
                a, b = combos[i][j]
                if a == b or (used >> a) & 1 or (used >> b) & 1:
                    break  # these hands collide: this deal cannot happen
                used |= (1 << a) | (1 << b)
            else:
                counts = [0] * (1 << k)
                hands = [[DECK[c] for c in combos[i][j]] for i, j in enumerate(picks)]
                _count_winners(hands, fixed, [c for c in range(52) if not (used >> c) & 1], 5 - len(board_list), counts)
                weight = prod(weights[i][j] for i, j in enumerate(picks))
                for winners in range(1, 1 << k):
                    if counts[winners]:
                        by_winners[winners] += weight * counts[winners]
                        boards += counts[winners]
        parts.append((by_winners, boards))
    return _batch.range_tallies(parts, k)


def _wyrand(state: int) -> tuple[int, int]:
    """The next state and output of wyrand, exactly as the compiled kernel computes them."""
    state = (state + 0xA0761D6478BD642F) & _M64
    t = state * (state ^ 0xE7037ED1A0B428DB)
    return state, ((t >> 64) ^ t) & _M64


def sampled_showdowns(players: Sequence[tuple[Any, Any, Any]], board: Sequence[int] = (), dead: Sequence[int] = (),
                      trials: int = 100000, seed: int = 0, threads: Optional[int] = None) -> Tallies:
    """Monte Carlo: ``trials`` deals of the players' ranges and the rest of the board.

    ``players`` are (combos, prob, alias) triples: 2n card indices, and the alias
    tables of the combo weights (``equity.alias_table``). Deterministic for a
    seed, and the same deals as the compiled kernel. Returns what
    ``exact_showdowns`` returns, with ``boards`` the number of trials.
    """
    board_list = _batch.sampling_args(players, board, dead, trials)
    _batch.threads_for(threads, 0)
    ranges = [(list(combos), list(prob), list(alias), len(prob)) for combos, prob, alias in players]
    k = len(ranges)
    fixed_used = 0
    for c in board_list + list(dead):
        fixed_used |= 1 << c
    fixed = [DECK[c] for c in board_list]
    need = 5 - len(board_list)
    counts = [0] * (1 << k)
    for block in range(-(-trials // BLOCK)):
        state = (seed + block * 0xD1B54A32D192ED03) & _M64
        trial, stop, tries = block * BLOCK, min(trials, (block + 1) * BLOCK), 0
        while trial < stop:
            used, hands = fixed_used, []
            for combos, prob, alias, n in ranges:
                j = 0
                if n > 1:  # a known hand takes no random number
                    state, x = _wyrand(state)
                    j = ((x >> 32) * n) >> 32
                    if (x & 0xFFFFFFFF) / 4294967296.0 >= prob[j]:
                        j = alias[j]
                a, b = combos[2 * j], combos[2 * j + 1]
                if a == b or (used >> a) & 1 or (used >> b) & 1:
                    break  # a combo repeating a card never fits, as in exact_range_showdowns
                used |= (1 << a) | (1 << b)
                hands.append([DECK[a], DECK[b]])
            else:
                dealt = list(fixed)
                while len(dealt) < 5:
                    # Two draws from each random number: its low half, then its high half.
                    state, x = _wyrand(state)
                    for c in (((x & 0xFFFFFFFF) * 52) >> 32, ((x >> 32) * 52) >> 32):
                        if len(dealt) < 5 and not (used >> c) & 1:
                            used |= 1 << c
                            dealt.append(DECK[c])
                counts[_winners(hands, dealt)] += 1
                trial, tries = trial + 1, 0
                continue
            tries += 1  # the hands collided: deal the whole trial again
            if tries > 100000:
                raise ValueError("the ranges collide too often to deal: no hands left that fit together")
    return _batch.tallies_by_winners(counts, k)
