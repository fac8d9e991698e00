"""Omaha high, the lowball games, short deck, badugi, partial hands, wild cards and several decks. Pairs with
``_c/games.pxi`` (the entry points) and the cores in ``_c/core.pxi``."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Optional, Union

from .._decks_tables import STEPS as DECKS_STEPS
from .._decks_tables import scale as decks_scale
from .._kernels.badugi import N_VALUES as BADUGI_VALUES
from .._kernels.badugi import value as badugi_value
from .._kernels.decks import held as decks_held
from .._kernels.partial import checked_low, scales
from .._kernels.short_deck import checked_rule, not_short_deck
from .._kernels.wild import FIVE_OF_A_KIND, checked_bug, checked_jokers, checked_mask, completed, held_cards, plan
from .._tables import LOW_GAME_ALIASES, LOW_GAMES, N_VALUES
from ..cards import DECK, Cards, hand, hole_and_board, rank_of, suit_of, to_index
from .hand import rank5, rank_n
from .tables import FLUSH, PRODUCTS, SHORT_DECK, T

# Each low game's flush table (None where flushes do not count) and its values by prime product.
LOW_TABLES = dict(zip(LOW_GAMES, ((T.low27_flush, T.low27), (None, T.lowa5), (T.lowa6_flush, T.lowa6))))
LOW_TABLES.update({alias: LOW_TABLES[game] for alias, game in LOW_GAME_ALIASES.items()})


def low_game(game: str) -> tuple[Optional[list[int]], dict[int, int]]:
    """The tables of a low game, or a ``ValueError`` naming the games there are."""
    try:
        return LOW_TABLES[game]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(LOW_TABLES)}") from None


def low5(five: Sequence[int], flush: Optional[list[int]], products: dict[int, int]) -> int:
    """The low value of five valid, distinct cards."""
    a, b, c, d, e = five
    if flush is not None and a & b & c & d & e & 0xF000:
        return flush[(a | b | c | d | e) >> 16]
    return products[(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)]


def best_low(cs: Sequence[int], flush: Optional[list[int]], products: dict[int, int]) -> int:
    """The best low of five of 5 to 7 valid, distinct cards."""
    return min(low5(five, flush, products) for five in combinations(cs, 5))


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best high hand of exactly two hole cards and three board cards (checked cards)."""
    best = N_VALUES
    triples = [
        (x & y & z & 0xF000, (x | y | z) >> 16, (x & 0xFF) * (y & 0xFF) * (z & 0xFF))
        for x, y, z in combinations(board, 3)
    ]
    for x, y in combinations(hole, 2):
        suit, mask, product = x & y & 0xF000, (x | y) >> 16, (x & 0xFF) * (y & 0xFF)
        for t_suit, t_mask, t_product in triples:
            # Five cards of one suit make a flush, which beats whatever the same ranks make off-suit.
            r = FLUSH[mask | t_mask] if suit & t_suit else PRODUCTS[product * t_product]
            if r < best:
                best = r
    return best


def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best ace-to-five low of exactly two hole cards and three board cards (checked cards)."""
    products = T.lowa5
    return min(
        products[(x & 0xFF) * (y & 0xFF) * (u & 0xFF) * (v & 0xFF) * (w & 0xFF)]
        for x, y in combinations(hole, 2)
        for u, v, w in combinations(board, 3)
    )


def evaluate_low(cards: Cards, game: str = "a-5") -> int:
    """The best low of 5 to 7 cards: 1 is the best low of ``game`` (lower is better).

    ``game`` is ``"2-7"`` (deuce-to-seven: ace high, straights and flushes
    count against you; 7462 values), ``"a-5"`` (ace-to-five: ace low, they
    don't count; 6175 values; razz with 7 cards) or ``"a-6"`` (ace-to-six: ace
    low, they count; 7462 values).

    >>> evaluate_low("7s 5h 4d 3c 2s", "2-7"), evaluate_low("5s 4h 3d 2c As", "a-5")
    (1, 1)
    """
    flush, products = low_game(game)  # the game first, as the compiled side checks it
    return best_low(hand(cards), flush, products)


def evaluate_omaha(hole: Cards, board: Cards) -> int:
    """Omaha high: the best hand of exactly two of 4-6 hole cards and three of 3-5 board cards.

    On the same scale as ``evaluate``: 1 (royal flush) ... 7462, lower is better.

    >>> evaluate_omaha("As Ks 2d 3d", "Qs Js Ts")
    1
    >>> evaluate_omaha("As Kh 2c 3d", "Qs Js Ts 5s 4s")  # one spade in the hand makes no flush
    1600
    """
    return omaha_high(*hole_and_board(hole, board))


def evaluate_omaha_low(hole: Cards, board: Cards) -> int:
    """Omaha's ace-to-five low (hi-lo games): the best low of exactly two hole and three board cards.

    1 (5-4-3-2-A) is the best; see ``lowball.qualifies_eight_or_better``.

    >>> evaluate_omaha_low("As 2c Kd Kh", "3d 4h 5s 9c 9d")
    1
    """
    return omaha_low(*hole_and_board(hole, board))


def short_deck_values(trips_beat_straight: bool) -> dict[int, int]:
    """The non-flush values of a rule: three of a kind above a straight (True) or below it (False)."""
    return SHORT_DECK.trips_over if checked_rule(trips_beat_straight) else SHORT_DECK.straight_over


def short_deck_rank(cs: Sequence[int], values: dict[int, int]) -> int:
    """The best short-deck value of 5 to 7 valid, distinct cards of six to ace: a suit of five or
    more cards makes the flush (no full house fits beside it in seven cards), else the ranks'
    prime product is looked up."""
    for suit in (0x1000, 0x2000, 0x4000, 0x8000):
        suited = [c for c in cs if c & suit]
        if len(suited) >= 5:
            mask = 0
            for c in suited:
                mask |= c >> 16
            return SHORT_DECK.flush[mask]
    product = 1
    for c in cs:
        product *= c & 0xFF
    return values[product]


def check_short_deck(cs: Sequence[int]) -> None:
    """Raise the error that names a card below six among valid cards."""
    if any((c >> 8) & 0xF < 4 for c in cs):
        raise not_short_deck(cs)


def evaluate_short_deck(cards: Cards, trips_beat_straight: bool = True) -> int:
    """Short deck (six to ace): the best five of 5 to 7 cards, 1 (royal flush) ... 1404, lower is
    better. A flush beats a full house; A-6-7-8-9 is the lowest straight; three of a kind beats a
    straight unless ``trips_beat_straight`` is False.

    >>> evaluate_short_deck("As 6s 7s 8s 9s"), evaluate_short_deck("Ah Ad Ac Ks Kd")  # a straight flush, a full house
    (6, 199)
    >>> evaluate_short_deck("Ah Ad Ac 9s 8d") < evaluate_short_deck("Ts 9d 8h 7c 6s")  # three aces beat a straight
    True
    >>> evaluate_short_deck("Ah Ad Ac 9s 8d", False) > evaluate_short_deck("Ts 9d 8h 7c 6s", False)
    True
    """
    values = short_deck_values(trips_beat_straight)  # the rule first, as the compiled side checks it
    cs = hand(cards)
    check_short_deck(cs)
    return short_deck_rank(cs, values)


def badugi_rank(cs: Sequence[int]) -> int:
    """The value of four valid, distinct cards: of each subset whose ranks and suits all differ,
    the one of most cards, then of the lowest ranks compared from the highest (ace low)."""
    best = BADUGI_VALUES
    for size in (1, 2, 3, 4):
        for subset in combinations(cs, size):
            lows = {(((c >> 8) & 0xF) + 1) % 13 for c in subset}  # ace 0, deuce 1 ... king 12
            if len(lows) == size and len({c & 0xF000 for c in subset}) == size:
                best = min(best, badugi_value(lows))
    return best


def evaluate_badugi(cards: Cards) -> int:
    """Badugi: four cards' best set of distinct ranks and suits, ace low; 1 (4-3-2-A) ... 1092 (a
    king alone), lower is better. Any badugi of four cards beats every hand of three, and so on.

    >>> evaluate_badugi("4c 3d 2h As"), evaluate_badugi("Kc Qd Jh Ts"), evaluate_badugi("Ac 2c 3d 4h")  # 4-3-A: three cards
    (1, 715, 718)
    """
    return badugi_rank(hand(cards, 4, 4))


def partial_value(cs: Sequence[int], low: bool) -> int:
    """The value of 1 to 4 valid cards, high or ace-to-five low, on its size's scale."""
    product = 1
    for c in cs:
        product *= c & 0xFF
    return scales()[1 if low else 0][product]


def evaluate_partial(cards: Cards, low: bool = False) -> int:
    """One to four cards, as a stud player shows them: four of a kind, three, two pair, a pair or
    high cards (no straight, no flush); 1 the best hand of that many cards, high, or the best
    ace-to-five low with ``low=True``.

    >>> evaluate_partial("As Ad"), evaluate_partial("As Kd"), evaluate_partial("As 2d", low=True)
    (1, 14, 1)
    """
    as_low = checked_low(low)  # the scale first, as the compiled side checks it
    return partial_value(hand(cards, 1, 4), as_low)


def plan_value(ranks: Sequence[int], suit: Optional[int]) -> int:
    """Cactus Kev's value of a plan's five ranks, not all alike: of ``suit`` in a flush, else of
    suits that make none."""
    suits = [suit] * 5 if suit is not None else [0, 1, 2, 3, 1]
    return rank5(*(DECK[4 * r + s] for r, s in zip(ranks, suits)))


def wild_rank(natural: Sequence[int], wilds: int) -> int:
    """The wild-card scale's rank of valid, distinct natural card ints and ``wilds`` wild cards, 5
    or more in all: the plan's five cards looked up as plain ones (five of a kind above them, as
    many wild cards as five of a kind needs at most)."""
    if not wilds:
        return FIVE_OF_A_KIND + rank_n(natural)
    ranks, suit = plan(sorted(((rank_of(c), suit_of(c)) for c in natural), reverse=True), wilds)
    if len(set(ranks)) == 1:
        return FIVE_OF_A_KIND - ranks[0]
    return FIVE_OF_A_KIND + plan_value(ranks, suit)


def bug_rank(natural: Sequence[int], jokers: int) -> int:
    """The wild-card scale's rank of valid, distinct natural card ints and ``jokers`` bugs (1 or 2),
    5 to 7 in all: the bugs aces (of suits the hand lacks, every choice of them; five aces where
    they make five), or any cards that complete a straight, a flush or a straight flush, whichever
    is best."""
    aces = {c for c in natural if rank_of(c) == 12}
    if len(aces) + jokers >= 5:
        return FIVE_OF_A_KIND - 12
    free = [DECK[48 + s] for s in range(4) if DECK[48 + s] not in aces]
    best = min(rank_n([*natural, *more]) for more in combinations(free, jokers))
    made = completed(sorted(((rank_of(c), suit_of(c)) for c in natural), reverse=True), jokers)
    return FIVE_OF_A_KIND + (min(best, plan_value(*made)) if made else best)


def evaluate_wild_cards(cards: Cards, jokers: int = 0, wild_mask: int = 0, bug: bool = False) -> int:
    """The wild-card scale's rank (1 five aces ... 7,475, lower is better) of a hand of 5 to 7
    cards, jokers counted: the cards, ``jokers`` jokers (0 to 2) and the cards of ``wild_mask``
    (bit i: index i) wild, each wild card the card that makes the hand best; with ``bug`` each
    joker an ace, or any card that completes a straight, a flush or a straight flush.

    >>> evaluate_wild_cards("As Ad Ac Ah", 1), evaluate_wild_cards("As Ks Qs Js 2c", wild_mask=1)
    (1, 14)
    >>> evaluate_wild_cards("Kh Kd 7c 4s", 1), evaluate_wild_cards("Kh Kd 7c 4s", 1, bug=True)  # trips; a pair
    (1742, 3601)
    """
    held = held_cards(cards)
    checked_jokers(len(held), jokers)
    mask = checked_mask(wild_mask)
    if checked_bug(bug, mask) and jokers:
        return bug_rank(held, jokers)
    natural = [c for c in held if not mask >> to_index(c) & 1]
    return wild_rank(natural, len(held) - len(natural) + jokers)


def decks_rank(cs: Sequence[int]) -> int:
    """The several-decks rank of 5 to 7 valid card ints, a card maybe held more than once: the best
    of every five, each looked up by the multiset of its ranks and whether it is of one suit; the
    cards in rank order, so that every five is taken with its ranks low first."""
    scale = decks_scale()
    ordered = sorted(cs, key=lambda c: c >> 8 & 0xF)
    ranks = [c >> 8 & 0xF for c in ordered]
    s0, s1, s2, s3, s4 = DECKS_STEPS[:5]
    n, best = len(cs), len(scale.keys)
    for a in range(n - 4):
        pa, sa = s0[ranks[a]], ordered[a]
        for b in range(a + 1, n - 3):
            pb, sb = pa + s1[ranks[b]], sa & ordered[b]
            for c in range(b + 1, n - 2):
                pc, sc = pb + s2[ranks[c]], sb & ordered[c]
                for d in range(c + 1, n - 1):
                    pd, sd = pc + s3[ranks[d]], sc & ordered[d]
                    for e in range(d + 1, n):
                        values = scale.flush if sd & ordered[e] & 0xF000 else scale.mixed
                        value = values[pd + s4[ranks[e]]]
                        if value < best:
                            best = value
    return best


def evaluate_decks(cards: Union[Cards, int], decks: int = 2) -> int:
    """The several-decks rank (1 five aces ... 12,051, lower is better) of the best five of 5 to 7
    cards dealt from ``decks`` decks shuffled together: a card may be held up to ``decks`` times.

    >>> evaluate_decks("As As Ad Ac Ah"), evaluate_decks("Ks Ks Qs Js Ts 2d 2c")
    (1, 2171)
    >>> evaluate_decks("Kh Kh Kd Kc 7s 2d") < evaluate_decks("Kh Kd Kc Ks 5s")  # the kicker decides
    True
    """
    return decks_rank(decks_held(cards, decks))
