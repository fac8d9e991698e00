"""The single-hand evaluator: the core lookups (no checks, no GIL) and the card state that the
batch and equity kernels grow a card at a time, then the boundary that checks Python objects
and calls them. Pairs with ``_eval_py/hand.py``."""

cdef inline uint16_t rank_product(uint64_t p) noexcept nogil:
    """Best non-flush value of a prime product, through the perfect hash."""
    return HR_HASH_VALUES[
        ((p * HR_HASH_MULT_SLOT) >> HR_HASH_SLOT_SHIFT)
        ^ HR_HASH_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_HASH_BUCKET_SHIFT]
    ]


cdef struct CardState:
    # Some cards, a board's or a hand's, as an additive state (OMPEval's Hand): add_card adds one.
    uint64_t product  # prime product of their ranks: the key of a hand with no flush
    uint64_t bits     # a bit per card index
    uint32_t counts   # suit counters, as rank_indices keeps them: a flush sets a suit's top bit
    uint32_t mask[4]  # rank bits, per suit: a flush's key


cdef inline void clear_cards(CardState* s) noexcept nogil:
    """No cards: the state ``add_card`` starts from."""
    s.product = 1
    s.bits = 0
    s.counts = 0
    s.mask[0] = s.mask[1] = s.mask[2] = s.mask[3] = 0


cdef inline void add_card(CardState* s, uint64_t c) noexcept nogil:
    """Card index ``c`` added to ``s``."""
    s.product *= INDEX_PRIME[c]
    s.bits |= 1ULL << c
    s.counts += INDEX_SUIT_COUNT[c]
    s.mask[c & 3] |= INDEX_RANK_BIT[c]


cdef inline uint16_t rank5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) noexcept nogil:
    cdef uint32_t bits = (a | b | c | d | e) >> 16
    cdef uint16_t u
    if a & b & c & d & e & 0xF000:
        return HR_FLUSH[bits]
    u = HR_UNIQUE5[bits]
    if u:
        return u
    return rank_product(<uint64_t>(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF))


cdef inline uint16_t rank_n(const uint32_t* cs, int n) noexcept nogil:
    """Five to seven valid cards: a flush from the per-suit rank masks, else the prime product."""
    cdef uint32_t m[16]
    cdef uint64_t p = 1
    cdef uint32_t c
    cdef int i
    m[1] = m[2] = m[4] = m[8] = 0
    for i in range(n):
        c = cs[i]
        m[(c >> 12) & 0xF] |= c >> 16
        p *= c & 0xFF
    # At most one suit can hold five of seven cards, and a flush beats anything else those cards make.
    cdef uint16_t f = HR_FLUSH[m[1]] | HR_FLUSH[m[2]] | HR_FLUSH[m[4]] | HR_FLUSH[m[8]]
    if f:
        return f
    return rank_product(p)


cdef inline int card_index(int64_t c) noexcept nogil:
    """The 0-51 index of a Cactus Kev card int, or -1."""
    if c < 0 or c > <int64_t>0xFFFFFFFF:
        return -1
    cdef int r = (c >> 8) & 0xF
    cdef int s = SUIT_INDEX[(c >> 12) & 0xF]
    if r > 12 or s < 0 or HR_DECK[4 * r + s] != <uint32_t>c:
        return -1
    return 4 * r + s


cdef inline bint read_card(object item, uint32_t* out, uint64_t* seen):
    """Store a valid card not seen before; False for anything else (the slow path then says why)."""
    cdef int overflow = 0
    cdef long v
    cdef int i
    if not isinstance(item, int):  # an int subclass too (a card class deriving from int); a bool is no card
        return False
    v = PyLong_AsLongAndOverflow(item, &overflow)
    if overflow:
        return False
    i = card_index(v)
    if i < 0 or seen[0] >> i & 1:
        return False
    seen[0] |= 1ULL << i
    out[0] = <uint32_t>v
    return True


cdef int read_hand(object cards, uint32_t* cs) except -1:
    """Fill ``cs`` from 5 to 7 cards in any form the pure side accepts; the count, or raise."""
    cdef Py_ssize_t n, i
    cdef uint64_t seen = 0
    if type(cards) is str:  # "As Ks Qs ...": each token looked up whole; any other text the full parser's
        tokens = (<str>cards).split()
        n = len(tokens)
        if 5 <= n <= 7:
            for i in range(n):
                item = card_tokens.get(tokens[i])
                if item is None or not read_card(item, &cs[i], &seen):
                    break
            else:
                return <int>n
        cards = text_hand(cards)
        seen = 0
    cdef list as_list
    cdef tuple as_tuple
    if isinstance(cards, list):  # a list subclass too (cards() gives a CardList), read as a list
        as_list = <list>cards
        n = len(as_list)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_card(as_list[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    elif type(cards) is tuple:
        as_tuple = <tuple>cards
        n = len(as_tuple)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_card(as_tuple[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    checked = hand(cards)  # raises the error that explains what is wrong
    seen = 0
    for i in range(len(checked)):
        read_card(checked[i], &cs[i], &seen)
    return len(checked)


def evaluate(cards):
    """Rank of the best five of 5, 6 or 7 cards: 1 (royal flush) ... 7462, lower is better."""
    cdef uint32_t cs[7]
    cdef int n = read_hand(cards, cs)
    if n == 5:
        return rank5(cs[0], cs[1], cs[2], cs[3], cs[4])
    return rank_n(cs, n)


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
        return rank5(cs[0], cs[1], cs[2], cs[3], cs[4])
    return evaluate_args((a, b, c, d, e))


def evaluate6(a, b, c, d, e, f):
    """``evaluate`` for six card ints passed one by one (lower is better)."""
    return evaluate_args((a, b, c, d, e, f))


def evaluate7(a, b, c, d, e, f, g):
    """``evaluate`` for seven card ints passed one by one (lower is better)."""
    cdef uint32_t cs[7]
    cdef uint64_t seen = 0
    if (read_card(a, &cs[0], &seen) and read_card(b, &cs[1], &seen) and read_card(c, &cs[2], &seen)
            and read_card(d, &cs[3], &seen) and read_card(e, &cs[4], &seen)
            and read_card(f, &cs[5], &seen) and read_card(g, &cs[6], &seen)):
        return rank_n(cs, 7)
    return evaluate_args((a, b, c, d, e, f, g))


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
