"""The single-hand evaluator's boundary: Python objects checked, then the lookups of
``core.pxi`` (its card state, ``rank_n``). Pairs with ``_eval_py/hand.py``."""


cdef object joined = cards_module.joined  # several arguments' cards in one list


def evaluate(cards, *more):
    """Rank of the best five of 5, 6 or 7 cards: 1 (royal flush) ... 7462, lower is better. More
    arguments are more cards: ``evaluate(hole, board)``, or a card an argument."""
    cdef uint32_t cs[7]
    if more:
        cards = joined((cards,) + more)
    cdef int n = read_hand(cards, cs)
    if n == 5:
        return rank_int(rank5(cs[0], cs[1], cs[2], cs[3], cs[4]))
    return rank_int(rank_n(cs, n))


cdef inline uint16_t evaluate_args(tuple args) except 0:
    cdef uint32_t cs[7]
    cdef int n = read_hand(args, cs)
    return rank_n(cs, n)


def evaluate5(a, b, c, d, e):
    """``evaluate`` for five card ints passed one by one (lower is better)."""
    cdef uint32_t cs[5]
    cdef uint64_t seen = 0
    if (read_card(a, &cs[0], &seen) and read_card(b, &cs[1], &seen) and read_card(c, &cs[2], &seen)
            and read_card(d, &cs[3], &seen) and read_card(e, &cs[4], &seen)):
        return rank_int(rank5(cs[0], cs[1], cs[2], cs[3], cs[4]))
    return rank_int(evaluate_args((a, b, c, d, e)))


def evaluate6(a, b, c, d, e, f):
    """``evaluate`` for six card ints passed one by one (lower is better)."""
    return rank_int(evaluate_args((a, b, c, d, e, f)))


def evaluate7(a, b, c, d, e, f, g):
    """``evaluate`` for seven card ints passed one by one (lower is better)."""
    cdef uint32_t cs[7]
    cdef uint64_t seen = 0
    if (read_card(a, &cs[0], &seen) and read_card(b, &cs[1], &seen) and read_card(c, &cs[2], &seen)
            and read_card(d, &cs[3], &seen) and read_card(e, &cs[4], &seen)
            and read_card(f, &cs[5], &seen) and read_card(g, &cs[6], &seen)):
        return rank_int(rank_n(cs, 7))
    return rank_int(evaluate_args((a, b, c, d, e, f, g)))


def best_five(cards):
    """The five cards that make the hand's rank, highest card first (ties: first in combination order)."""
    cdef uint32_t cs[7]
    cdef int n = read_hand(cards, cs)
    cdef uint32_t ordered[7]
    cdef int i, j, k, m, p
    cdef uint16_t r, best = 0xFFFF
    cdef int pick[5]
    order = sorted(range(n), key=lambda i: to_index(cs[i]), reverse=True)
    for i in range(n):
        ordered[i] = cs[order[i]]
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                for m in range(k + 1, n):
                    for p in range(m + 1, n):
                        r = rank5(ordered[i], ordered[j], ordered[k], ordered[m], ordered[p])
                        if r < best:
                            best = r
                            pick[:] = [i, j, k, m, p]
    return [ordered[pick[i]] for i in range(5)]
