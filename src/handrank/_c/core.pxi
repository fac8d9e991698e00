"""What every concern of the compiled evaluator shares, and only that: C types, the generated
tables and per-index card tables, the Python helpers it calls; the card state (``CardState``) the
batch, equity and Monte Carlo kernels grow a card at a time and the lookups that rank it; Omaha's
and the low games' cores; the board scoring the equity kernels share; the batch kernels' choice
and table (C in ``_c/simd.h``); the chip model over subsets of players, which the tournament and
table push-or-fold kernels share, and ``zeroed``. A concern (``_c/X.pxi``) uses its own names and these, no other's
(``tests/test_compiled_layout.py``). Pairs with ``_eval_py/tables.py``, the cores of
``_eval_py/hand.py`` and ``_eval_py/games.py``, ``_eval_py/scoring.py`` and the chip model of
``_eval_py/tournament.py``; the pure side has no batch kernels."""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.math cimport ceil
from libc.string cimport memcpy, memset
from cpython.exc cimport PyErr_Occurred
from cpython.list cimport PyList_GET_ITEM
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.module cimport PyImport_ImportModule

cdef extern from "_tables_data.h" nogil:
    const uint32_t HR_DECK[52]
    const uint16_t HR_FLUSH[8192]
    const uint16_t HR_UNIQUE5[8192]
    const uint16_t HR_HASH_DISPLACE[16384]
    const uint16_t HR_HASH_VALUES[131072]
    const int HR_HASH_BUCKET_SHIFT
    const int HR_HASH_SLOT_SHIFT
    const uint64_t HR_HASH_MULT_BUCKET
    const uint64_t HR_HASH_MULT_SLOT
    const uint16_t HR_LOW27_FLUSH[8192]
    const uint16_t HR_LOWA6_FLUSH[8192]
    const uint16_t HR_LOW_DISPLACE[2048]
    const uint16_t HR_LOW27_VALUES[16384]
    const uint16_t HR_LOWA5_VALUES[16384]
    const uint16_t HR_LOWA6_VALUES[16384]
    const int HR_LOW_BUCKET_SHIFT
    const int HR_LOW_SLOT_SHIFT
    const char* HR_LOW_GAME_NAMES
    const uint16_t HR_SHORT_FLUSH[8192]
    const uint16_t HR_SHORT_DISPLACE[4096]
    const uint16_t HR_SHORT_TRIPS_OVER_VALUES[32768]
    const uint16_t HR_SHORT_STRAIGHT_OVER_VALUES[32768]
    const int HR_SHORT_BUCKET_SHIFT
    const uint32_t HR_PARTIAL_PRODUCTS[2379]
    const uint16_t HR_PARTIAL_HIGH[2379]
    const uint16_t HR_PARTIAL_LOW[2379]
    const uint32_t HR_DECKS_STEPS[91]
    const uint16_t HR_DECKS_MIXED5[6188]
    const uint16_t HR_DECKS_FLUSH5[6188]
    const uint16_t HR_DECKS_MIXED6[18564]
    const uint16_t HR_DECKS_MIXED7[50388]
    const int HR_SHORT_SLOT_SHIFT
    const uint64_t HR_BLOCK_SEED_STEP
    enum:
        HR_PARTIAL_COUNT
        HR_MAX_PLAYERS
        HR_SAMPLING_BLOCK

cdef extern from "_c/wyrand.h" nogil:
    uint64_t hr_wyrand(uint64_t* state) noexcept  # the Monte Carlo kernels' random stream

cdef double DRAW_FRACTION = 1.0 / 9007199254740992.0  # 2**-53: a draw's top 53 bits as a fraction

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*)
    int signals_raised "PyErr_CheckSignals"() noexcept  # -1 with the exception set: the caller decides


cdef int raise_pending() except -1:
    return -1  # the exception Ctrl-C set goes up


# The Python side each concern calls: checks, threads and tallies (module-level C names, so the
# module's namespace holds the interface alone).
cdef object cards_module = PyImport_ImportModule("handrank.cards")
cdef object hand = cards_module.hand
cdef object text_hand = cards_module.text_hand
cdef dict card_tokens = cards_module._TOKENS  # every spelling of one card -> its int
cdef object hole_and_board = cards_module.hole_and_board
cdef object to_index = cards_module.to_index
cdef object kernels = PyImport_ImportModule("handrank._kernels.core")  # buffers, players' tables, tallies
cdef object threads_module = PyImport_ImportModule("handrank._kernels.threads")  # the one thread runner
cdef object array = PyImport_ImportModule("array").array
cdef object comb = PyImport_ImportModule("math").comb

ctypedef fused index_t:
    int8_t
    uint8_t
    int16_t
    uint16_t
    int32_t
    uint32_t
    int64_t
    uint64_t

# Suit bits (cdhs = 8 4 2 1, at bit 12 of a card) -> suit index (c d h s = 0 1 2 3), else -1.
cdef int SUIT_INDEX[16]
SUIT_INDEX[:] = [-1, 3, 2, -1, 1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1]

# Per card index (4 x rank + suit): its rank's prime, its rank bit, and one in its suit's nibble.
# INDEX_PRIME goes on to 255 with ones, so a byte can be looked up before it is known to be a card.
cdef uint64_t INDEX_PRIME[256]
cdef uint32_t INDEX_RANK_BIT[52]
cdef uint32_t INDEX_SUIT_COUNT[52]


cdef void fill_index_tables() noexcept nogil:
    cdef int i
    for i in range(256):
        INDEX_PRIME[i] = HR_DECK[i] & 0xFF if i < 52 else 1
    for i in range(52):
        INDEX_RANK_BIT[i] = HR_DECK[i] >> 16
        INDEX_SUIT_COUNT[i] = 1 << (4 * (i & 3))


fill_index_tables()


# ---- the card state and the lookups that rank it ---------------------------------------------

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


cdef extern from "_c/card_int.h":
    bint small_int "hr_small_int"(PyObject* o, long* out) noexcept  # an int subclass too; False for others
    const bint SHARED_RANK_INTS "HR_SHARED_RANK_INTS"

cdef tuple RANK_INTS = tuple(range(PyImport_ImportModule("handrank.ranking").WORST_RANK + 1))  # see rank_int


cdef inline object rank_int(uint16_t rank):
    """A rank as a Python int: the table's, where ints are shared (see ``_c/card_int.h``)."""
    if SHARED_RANK_INTS:
        return <object>PyTuple_GET_ITEM(RANK_INTS, rank)
    return rank


cdef inline bint read_card(object item, uint32_t* out, uint64_t* seen) noexcept:
    """Store a valid card not seen before; False for anything else (the slow path then says why)."""
    return read_borrowed(<PyObject*>item, out, seen)


cdef inline bint read_borrowed(PyObject* item, uint32_t* out, uint64_t* seen) noexcept:
    """``read_card`` of a borrowed item: a list's or a tuple's, read with no reference taken."""
    cdef long v
    cdef int i
    if not small_int(item, &v):  # a bool is an int, and no card (0 and 1 are none)
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
                if not read_borrowed(PyList_GET_ITEM(as_list, i), &cs[i], &seen):
                    break
            else:
                return <int>n
    elif type(cards) is tuple:
        as_tuple = <tuple>cards
        n = len(as_tuple)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_borrowed(PyTuple_GET_ITEM(as_tuple, i), &cs[i], &seen):
                    break
            else:
                return <int>n
    checked = hand(cards)  # raises the error that explains what is wrong
    seen = 0
    for i in range(len(checked)):
        read_card(checked[i], &cs[i], &seen)
    return len(checked)


# ---- Omaha's and the low games' cores --------------------------------------------------------

# Omaha's non-flush values by the ranks of two hole cards and three board cards: the 91 multisets of
# two ranks times the 455 of three (83 KB), each multiset's place read from small tables.
cdef uint16_t OMAHA_PAIR_BASE[13][13]      # two ranks, either order: their multiset's place times 455
cdef uint16_t OMAHA_TRIPLE_AT[13][13][13]  # three ranks, any order: their multiset's place
cdef uint16_t OMAHA_VALUES[91 * 455]


cdef void fill_omaha_values() noexcept nogil:
    cdef int a, b, c, d, e, pairs = 0, triples = 0
    cdef uint64_t p
    for a in range(13):
        for b in range(a, 13):
            OMAHA_PAIR_BASE[a][b] = OMAHA_PAIR_BASE[b][a] = pairs * 455
            pairs += 1
    for c in range(13):
        for d in range(c, 13):
            for e in range(d, 13):
                OMAHA_TRIPLE_AT[c][d][e] = OMAHA_TRIPLE_AT[c][e][d] = OMAHA_TRIPLE_AT[d][c][e] = triples
                OMAHA_TRIPLE_AT[d][e][c] = OMAHA_TRIPLE_AT[e][c][d] = OMAHA_TRIPLE_AT[e][d][c] = triples
                triples += 1
    for a in range(13):
        for b in range(a, 13):
            for c in range(13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        if a == b == c == d == e:
                            continue  # five of one rank: no deck deals it
                        p = <uint64_t>(HR_DECK[4 * a] & 0xFF) * (HR_DECK[4 * b] & 0xFF) * (HR_DECK[4 * c] & 0xFF)
                        p *= <uint64_t>(HR_DECK[4 * d] & 0xFF) * (HR_DECK[4 * e] & 0xFF)
                        OMAHA_VALUES[OMAHA_PAIR_BASE[a][b] + OMAHA_TRIPLE_AT[c][d][e]] = rank_product(p)


fill_omaha_values()


cdef struct BoardTriples:
    int n                # the board's threes: C(board cards, 3)
    uint16_t at[10]      # each three's rank multiset, its place (OMAHA_TRIPLE_AT)
    uint32_t suit[10]    # the suit bit all three share, else 0
    uint32_t mask[10]    # their rank bits
    uint32_t flush_suit  # the suit of any three that share one (five board cards hold at most one)


cdef inline void board_triples(const uint32_t* b, int nb, BoardTriples* tr) noexcept nogil:
    cdef int i, j, k
    tr.n = 0
    tr.flush_suit = 0
    for i in range(nb):
        for j in range(i + 1, nb):
            for k in range(j + 1, nb):
                tr.at[tr.n] = OMAHA_TRIPLE_AT[(b[i] >> 8) & 0xF][(b[j] >> 8) & 0xF][(b[k] >> 8) & 0xF]
                tr.suit[tr.n] = b[i] & b[j] & b[k] & 0xF000
                tr.mask[tr.n] = (b[i] | b[j] | b[k]) >> 16
                tr.flush_suit |= tr.suit[tr.n]
                tr.n += 1


cdef void omaha_by_triple(const uint32_t* h, int nh, const uint16_t* table, uint16_t* out) noexcept nogil:
    """For each of the 455 rank multisets of three board cards, the best value of ``table`` (high:
    OMAHA_VALUES, non-flush; low: OMAHA_LOWS) of two of ``h`` with them: a known hand's table, so
    that a board costs a look-up a three."""
    cdef int i, j, t
    cdef const uint16_t* values
    for t in range(455):
        out[t] = 0xFFFF
    for i in range(nh):
        for j in range(i + 1, nh):
            values = table + OMAHA_PAIR_BASE[(h[i] >> 8) & 0xF][(h[j] >> 8) & 0xF]
            for t in range(455):
                if values[t] < out[t]:
                    out[t] = values[t]


cdef inline uint16_t least_by_triple(const uint16_t* by_triple, const BoardTriples* tr) noexcept nogil:
    """The least of a hand's ``omaha_by_triple`` values over the board's threes."""
    cdef int t
    cdef uint16_t best = 0xFFFF
    for t in range(tr.n):
        if by_triple[tr.at[t]] < best:
            best = by_triple[tr.at[t]]
    return best


cdef inline uint16_t omaha_flush(const uint32_t* h, int nh, const BoardTriples* tr, uint16_t best) noexcept nogil:
    """``best`` or a better flush of two of ``h`` and a suited three of the board."""
    cdef int i, j, t
    cdef uint32_t suit, mask
    cdef uint16_t r
    for i in range(nh):
        for j in range(i + 1, nh):
            suit = h[i] & h[j] & tr.flush_suit
            if suit:
                mask = (h[i] | h[j]) >> 16
                for t in range(tr.n):
                    if suit & tr.suit[t]:
                        r = HR_FLUSH[mask | tr.mask[t]]
                        if r < best:
                            best = r
    return best


cdef inline uint16_t omaha_high_known(const uint16_t* by_triple, const uint32_t* h, int nh,
                                      const BoardTriples* tr) noexcept nogil:
    """``omaha_high`` of a hand whose ``omaha_by_triple`` table of OMAHA_VALUES is ``by_triple``."""
    cdef uint16_t best = least_by_triple(by_triple, tr)
    if tr.flush_suit:  # a flush beats what the same five ranks make off-suit, so the least is right
        best = omaha_flush(h, nh, tr, best)
    return best


cdef uint16_t omaha_high(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best high hand of exactly two of ``h`` and three of ``b`` (valid, distinct cards): every
    two-and-three's non-flush value by its ranks, then the flushes, which need three suited board cards."""
    cdef BoardTriples tr
    cdef int i, j, t
    cdef const uint16_t* values
    cdef uint16_t best = 0xFFFF
    board_triples(b, nb, &tr)
    for i in range(nh):
        for j in range(i + 1, nh):
            values = OMAHA_VALUES + OMAHA_PAIR_BASE[(h[i] >> 8) & 0xF][(h[j] >> 8) & 0xF]
            for t in range(tr.n):
                if values[tr.at[t]] < best:
                    best = values[tr.at[t]]
    if tr.flush_suit:
        best = omaha_flush(h, nh, &tr, best)
    return best


cdef struct LowGame:
    const uint16_t* flush   # NULL where flushes do not count (ace-to-five)
    const uint16_t* values  # by slot of the low perfect hash


# The low games in the order the tables name them (HR_LOW_GAME_NAMES), each with its own tables.
cdef LowGame LOW_GAMES[3]
cdef dict LOW_GAME_INDEX = {}


cdef void set_low_games() except *:
    cdef int i
    for i, name in enumerate(HR_LOW_GAME_NAMES.decode().split()):
        if name == "2-7":
            LOW_GAMES[i].flush = &HR_LOW27_FLUSH[0]
            LOW_GAMES[i].values = &HR_LOW27_VALUES[0]
        elif name == "a-5":
            LOW_GAMES[i].flush = NULL
            LOW_GAMES[i].values = &HR_LOWA5_VALUES[0]
        else:
            LOW_GAMES[i].flush = &HR_LOWA6_FLUSH[0]
            LOW_GAMES[i].values = &HR_LOWA6_VALUES[0]
        LOW_GAME_INDEX[name] = i
    for alias, game in PyImport_ImportModule("handrank._tables").LOW_GAME_ALIASES.items():  # razz is a-5
        LOW_GAME_INDEX[alias] = LOW_GAME_INDEX[game]


set_low_games()
cdef const LowGame* ACE_TO_FIVE = &LOW_GAMES[<int>LOW_GAME_INDEX["a-5"]]


cdef inline uint16_t low5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                          const LowGame* g) noexcept nogil:
    cdef uint64_t p
    if g.flush != NULL and a & b & c & d & e & 0xF000:
        return g.flush[(a | b | c | d | e) >> 16]
    p = <uint64_t>(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
    return g.values[((p * HR_HASH_MULT_SLOT) >> HR_LOW_SLOT_SHIFT)
                    ^ HR_LOW_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_LOW_BUCKET_SHIFT]]


cdef uint16_t best_low(const uint32_t* cs, int n, const LowGame* g) noexcept nogil:
    """The best low of five of ``n`` (5 to 7) valid, distinct cards."""
    cdef int i, j, k, m, p
    cdef uint16_t r, best = 0xFFFF
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                for m in range(k + 1, n):
                    for p in range(m + 1, n):
                        r = low5(cs[i], cs[j], cs[k], cs[m], cs[p], g)
                        if r < best:
                            best = r
    return best


cdef uint16_t omaha_low(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best ace-to-five low of exactly two of ``h`` and three of ``b``."""
    cdef int i, j, x, y, z
    cdef uint16_t r, best = 0xFFFF
    for i in range(nh):
        for j in range(i + 1, nh):
            for x in range(nb):
                for y in range(x + 1, nb):
                    for z in range(y + 1, nb):
                        r = low5(h[i], h[j], b[x], b[y], b[z], ACE_TO_FIVE)
                        if r < best:
                            best = r
    return best


# Omaha's ace-to-five lows by the ranks of two hole cards and three board cards, as OMAHA_VALUES.
cdef uint16_t OMAHA_LOWS[91 * 455]


cdef void fill_omaha_lows() noexcept nogil:
    cdef int a, b, c, d, e
    for a in range(13):
        for b in range(a, 13):
            for c in range(13):
                for d in range(c, 13):
                    for e in range(d, 13):
                        if a == b == c == d == e:
                            OMAHA_LOWS[OMAHA_PAIR_BASE[a][b] + OMAHA_TRIPLE_AT[c][d][e]] = 0xFFFF
                        else:
                            OMAHA_LOWS[OMAHA_PAIR_BASE[a][b] + OMAHA_TRIPLE_AT[c][d][e]] = low5(
                                HR_DECK[4 * a], HR_DECK[4 * b + 1], HR_DECK[4 * c + 2], HR_DECK[4 * d + 3],
                                HR_DECK[4 * e], ACE_TO_FIVE)


fill_omaha_lows()

# The worst ace-to-five low that qualifies: 8-7-6-5-4.
cdef uint16_t EIGHT_OR_BETTER = low5(HR_DECK[24], HR_DECK[20], HR_DECK[16], HR_DECK[12], HR_DECK[8], ACE_TO_FIVE)

cdef enum:
    POT_UNITS = 5040  # as the game kernels' checks' POT_UNITS: halves split among up to ten stay whole


cdef void score_pot(int players, const uint16_t* highs, const uint16_t* lows, uint64_t* tallies,
                    bint sampled) noexcept nogil:
    """One showdown's values (lower better; ``lows`` in a split game, else NULL, qualifying at eight or
    better) added to each player's tally of four: the pot's units won by the high hand and by the low
    hand, the pot taken alone, and (sampled) the square of the units won."""
    cdef uint64_t won[HR_MAX_PLAYERS]
    cdef uint16_t best = 0xFFFF, least = 0xFFFF
    cdef int i, high_count = 0, low_count = 0, winner = -1, low_winner = -1
    for i in range(players):
        won[i] = 0
        if highs[i] < best:
            best = highs[i]
        if lows != NULL and lows[i] < least:
            least = lows[i]
    for i in range(players):
        if highs[i] == best:
            high_count += 1
            winner = i
    if lows != NULL and least <= EIGHT_OR_BETTER:
        for i in range(players):
            if lows[i] == least:
                low_count += 1
                low_winner = i
    if low_count:
        for i in range(players):
            if highs[i] == best:
                won[i] += POT_UNITS // 2 // high_count
                tallies[4 * i] += POT_UNITS // 2 // high_count
            if lows[i] == least:
                won[i] += POT_UNITS // 2 // low_count
                tallies[4 * i + 1] += POT_UNITS // 2 // low_count
    else:
        for i in range(players):
            if highs[i] == best:
                won[i] += POT_UNITS // high_count
                tallies[4 * i] += POT_UNITS // high_count
    if high_count == 1 and (low_count == 0 or (low_count == 1 and low_winner == winner)):
        tallies[4 * winner + 2] += 1
    if sampled:
        for i in range(players):
            tallies[4 * i + 3] += won[i] * won[i]


cdef const LowGame* low_game(object game) except NULL:
    try:
        return &LOW_GAMES[<int>LOW_GAME_INDEX[game]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(LOW_GAME_INDEX)}") from None


# ---- short deck: 36 cards, six to ace ----------------------------------------------------------

cdef object short_deck_setup = PyImport_ImportModule("handrank._kernels.short_deck")  # its checks


cdef const uint16_t* short_deck_values(object trips_beat_straight) except NULL:
    """The non-flush values of a rule: three of a kind above a straight (True) or below it (False)."""
    if trips_beat_straight is True:
        return &HR_SHORT_TRIPS_OVER_VALUES[0]
    if trips_beat_straight is False:
        return &HR_SHORT_STRAIGHT_OVER_VALUES[0]
    short_deck_setup.checked_rule(trips_beat_straight)  # raises what is wrong
    return NULL


cdef inline bint short_deck_cards(const uint32_t* cs, int n) noexcept nogil:
    """Whether every one of ``n`` valid cards is a six or higher."""
    cdef int i
    for i in range(n):
        if (cs[i] >> 8) & 0xF < 4:
            return False
    return True


cdef int check_short_deck(const uint32_t* cs, int n) except -1:
    """Raise the error that names a card below six among ``n`` valid cards."""
    if not short_deck_cards(cs, n):
        raise short_deck_setup.not_short_deck([cs[i] for i in range(n)])
    return 0


# A suit's count in 4 bits at bit 4 x its card-int suit bit (1, 2, 4, 8): bits 4, 8, 16 and 32.
cdef uint64_t SUIT_LANES = (1ULL << 4) | (1ULL << 8) | (1ULL << 16) | (1ULL << 32)


cdef inline uint16_t short_deck_rank(const uint32_t* cs, int n, const uint16_t* values) noexcept nogil:
    """The best short-deck value of ``n`` (5 to 7) valid, distinct cards of six to ace: a suit of
    five or more cards makes the flush (no full house fits beside it in seven cards), else the
    ranks' prime product is looked up."""
    cdef uint64_t p = 1, counts = 0, lane
    cdef uint32_t mask = 0
    cdef int i
    for i in range(n):
        p *= cs[i] & 0xFF
        counts += 1ULL << (((cs[i] >> 12) & 0xF) << 2)
    lane = ((counts + 3 * SUIT_LANES) & (8 * SUIT_LANES)) >> 3  # the lane of a suit of five or more
    if lane:
        for i in range(n):
            if (1ULL << (((cs[i] >> 12) & 0xF) << 2)) & lane:
                mask |= cs[i] >> 16
        return HR_SHORT_FLUSH[mask & 0x1FFF]
    return values[((p * HR_HASH_MULT_SLOT) >> HR_SHORT_SLOT_SHIFT)
                  ^ HR_SHORT_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_SHORT_BUCKET_SHIFT]]


# ---- badugi: four cards, the largest set of distinct ranks and suits, ace low ------------------

cdef object badugi_setup = PyImport_ImportModule("handrank._kernels.badugi")  # its numbering
cdef uint16_t BADUGI_VALUE[8192]  # a set of one to four distinct ace-low ranks, as a mask, to its value
cdef uint8_t LOW_RANK[16]         # a card int's rank (deuce 0 ... ace 12) to its ace-low rank
# The subsets of four cards (a bit each) that hold no clashing pair, by which of the six pairs
# clash (a bit each, in BADUGI_PAIRS order).
cdef uint16_t BADUGI_FITS[64]
cdef int BADUGI_PAIRS[6][2]


cdef void set_badugi() except *:
    """Number every set of one to four ranks as ``_kernels.badugi.value`` does: its size's offset,
    one, and its place in colexicographic order (the sum of n choose k down its ranks)."""
    cdef uint16_t choose[13][5]
    cdef uint16_t offsets[5]
    cdef int n, k, mask, low, size
    cdef uint16_t value
    for n in range(13):
        for k in range(5):
            choose[n][k] = badugi_setup.choose(n, k)
    for k in range(5):
        offsets[k] = badugi_setup.OFFSETS[k]
    for n in range(16):
        LOW_RANK[n] = (n + 1) % 13 if n < 13 else 0
    cdef int pair = 0, clashes, subset, fits
    for n in range(4):
        for k in range(n + 1, 4):
            BADUGI_PAIRS[pair][0], BADUGI_PAIRS[pair][1] = n, k
            pair += 1
    for clashes in range(64):
        fits = 0
        for subset in range(1, 16):
            for pair in range(6):
                if clashes >> pair & 1 and subset >> BADUGI_PAIRS[pair][0] & 1 and subset >> BADUGI_PAIRS[pair][1] & 1:
                    break
            else:
                fits |= 1 << subset
        BADUGI_FITS[clashes] = fits
    for mask in range(8192):
        size = 0
        for low in range(13):
            size += mask >> low & 1
        if size == 0 or size > 4:
            BADUGI_VALUE[mask] = 0xFFFF
            continue
        value = offsets[size] + 1
        k = size
        for low in range(12, -1, -1):
            if mask >> low & 1:
                value += choose[low][k]
                k -= 1
        BADUGI_VALUE[mask] = value


set_badugi()


cdef inline uint16_t badugi_rank(const uint32_t* cs) noexcept nogil:
    """The value of four valid, distinct cards: of each subset whose ranks and suits all differ,
    the one of most cards, then of the lowest ranks compared from the highest (ace low). Which
    subsets fit comes from which pairs clash; every subset's value is looked up, and one that
    does not fit is masked to the worst, so the loop has no branch to mispredict."""
    cdef uint32_t bit[4]
    cdef uint32_t ranks[16]
    cdef int i, subset, clashes = 0
    cdef uint16_t fits, value, best = 0xFFFF
    for i in range(4):
        bit[i] = 1U << LOW_RANK[(cs[i] >> 8) & 0xF]
    for i in range(6):
        clashes |= (bit[BADUGI_PAIRS[i][0]] == bit[BADUGI_PAIRS[i][1]]
                    or (cs[BADUGI_PAIRS[i][0]] & cs[BADUGI_PAIRS[i][1]] & 0xF000) != 0) << i
    fits = BADUGI_FITS[clashes]
    ranks[0] = 0
    for subset in range(1, 16):
        i = 0 if subset & 1 else 1 if subset & 2 else 2 if subset & 4 else 3  # its lowest card
        ranks[subset] = ranks[subset & (subset - 1)] | bit[i]
        value = BADUGI_VALUE[ranks[subset] & 0x1FFF] | <uint16_t>(((fits >> subset) & 1) - 1)
        best = value if value < best else best
    return best


cdef int read_four(object cards, uint32_t* cs) except -1:
    """Fill ``cs`` from four cards in any form the pure side accepts, or raise."""
    cdef uint64_t seen = 0
    cdef int i
    if type(cards) in (list, tuple) and len(cards) == 4:
        for i in range(4):
            if not read_card(cards[i], &cs[i], &seen):
                break
        else:
            return 4
    checked = hand(cards, 4, 4)  # raises the error that explains what is wrong
    seen = 0
    for i in range(4):
        read_card(checked[i], &cs[i], &seen)
    return 4


# ---- hands of one to four cards: what a stud player shows ------------------------------------

cdef inline uint16_t partial_value(const uint32_t* cs, int n, bint low) noexcept nogil:
    """The value of ``n`` (1 to 4) valid cards, high or ace-to-five low, on its size's scale: its
    ranks' prime product found in the sorted products by halving, with no branch to mispredict."""
    cdef uint32_t p = 1
    cdef int i, base = 0, size = HR_PARTIAL_COUNT, half
    for i in range(n):
        p *= cs[i] & 0xFF
    while size > 1:
        half = size >> 1
        base = base + half if HR_PARTIAL_PRODUCTS[base + half - 1] < p else base
        size -= half
    return HR_PARTIAL_LOW[base] if low else HR_PARTIAL_HIGH[base]


cdef object partial_setup = PyImport_ImportModule("handrank._kernels.partial")  # its checks


cdef bint checked_low(object low) except -1:
    if low is True or low is False:
        return low
    return partial_setup.checked_low(low)  # raises what is wrong


cdef int read_partial(object cards, uint32_t* cs) except -1:
    """Fill ``cs`` from one to four cards in any form the pure side accepts; the count, or raise."""
    cdef uint64_t seen = 0
    cdef Py_ssize_t n
    cdef int i
    if type(cards) in (list, tuple):
        n = len(cards)
        if 1 <= n <= 4:
            for i in range(n):
                if not read_card(cards[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    checked = hand(cards, 1, 4)  # raises the error that explains what is wrong
    seen = 0
    for i in range(len(checked)):
        read_card(checked[i], &cs[i], &seen)
    return len(checked)


# ---- several decks: a card may be held twice ----------------------------------------------------

cdef object decks_setup = PyImport_ImportModule("handrank._kernels.decks")  # its checks and row errors


cdef inline void order_pair(int* r, int i, int j) noexcept nogil:
    """Put the lower of ``r[i]`` and ``r[j]`` first, without a branch."""
    cdef int lo = r[i] if r[i] < r[j] else r[j]
    cdef int hi = r[j] if r[i] < r[j] else r[i]
    r[i], r[j] = lo, hi


cdef inline void sort_seven(int* r) noexcept nogil:
    """Sort seven small ints by a network of 16 exchanges in six rounds, the same whatever they are."""
    order_pair(r, 0, 6)
    order_pair(r, 2, 3)
    order_pair(r, 4, 5)
    order_pair(r, 0, 2)
    order_pair(r, 1, 4)
    order_pair(r, 3, 6)
    order_pair(r, 0, 1)
    order_pair(r, 2, 5)
    order_pair(r, 3, 4)
    order_pair(r, 1, 2)
    order_pair(r, 4, 6)
    order_pair(r, 2, 3)
    order_pair(r, 4, 5)
    order_pair(r, 1, 2)
    order_pair(r, 3, 4)
    order_pair(r, 5, 6)


cdef inline uint16_t decks_rank(const uint32_t* cs, int n) noexcept nogil:
    """The several-decks rank (1 five aces ... 12,051) of ``n`` (5 to 7) valid cards, a card maybe
    held more than once: the best of mixed suits by the multiset of all the ranks (one lookup),
    and where five cards or more share a suit, the best of their fives as flushes
    (``_decks_tables.py``). A multiset is numbered by its ranks low first."""
    cdef int i, k, s, m, a, b, c, d, e
    cdef int r[7]
    cdef int f[7]
    cdef int suits[16]
    cdef unsigned int place = 0, pa, pb, pc, pd
    cdef uint16_t best, v
    cdef const uint32_t* step = HR_DECKS_STEPS
    suits[1] = suits[2] = suits[4] = suits[8] = 0
    for i in range(7):
        r[i] = <int>((cs[i] >> 8) & 0xF) if i < n else 15  # the missing cards sort last
    for i in range(n):
        suits[(cs[i] >> 12) & 0xF] += 1
    sort_seven(r)
    for i in range(n):
        place += step[13 * i + r[i]]
    best = HR_DECKS_MIXED7[place] if n == 7 else HR_DECKS_MIXED6[place] if n == 6 else HR_DECKS_MIXED5[place]
    for k in range(4):
        s = 1 << k
        if suits[s] < 5:
            continue
        m = 0
        for i in range(n):  # that suit's ranks, then sorted low first
            if (cs[i] >> 12) & 0xF == <uint32_t>s:
                f[m] = <int>((cs[i] >> 8) & 0xF)
                m += 1
        for i in range(m, 7):
            f[i] = 15
        sort_seven(f)
        for a in range(m - 4):
            pa = step[f[a]]
            for b in range(a + 1, m - 3):
                pb = pa + step[13 + f[b]]
                for c in range(b + 1, m - 2):
                    pc = pb + step[26 + f[c]]
                    for d in range(c + 1, m - 1):
                        pd = pc + step[39 + f[d]]
                        for e in range(d + 1, m):
                            v = HR_DECKS_FLUSH5[pd + step[52 + f[e]]]
                            if v < best:
                                best = v
    return best


# ---- wild cards: the best hand a wild card can make, class by class ---------------------------

cdef object wild_setup = PyImport_ImportModule("handrank._kernels.wild")  # its checks and row errors

cdef enum:
    WILD_FIVES = 13  # five of a kind's ranks, 1 (aces) to 13 (deuces); Cactus Kev's ranks follow


cdef inline int bit_count(uint32_t x) noexcept nogil:
    """The bits set in ``x``, counted in parallel (no compiler's builtin: every wheel's compiler takes it)."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    return <int>((((x + (x >> 4)) & 0x0F0F0F0F) * 0x01010101) >> 24)


cdef inline int top_rank(uint32_t x) noexcept nogil:
    """The highest rank whose bit is set in ``x`` (not 0)."""
    cdef int r = 12
    while not (x >> r) & 1:
        r -= 1
    return r


cdef inline uint32_t straight_bits(int i) noexcept nogil:
    """The rank bits of straight ``i``: 0 ace-high ... 8 six-high, 9 the wheel (ace low)."""
    return 0x100F if i == 9 else <uint32_t>0x1F << (8 - i)


cdef inline uint16_t ranks_value(int a, int b, int c, int d, int e) noexcept nogil:
    """Cactus Kev's rank of five cards of these ranks (four alike at most), in suits of no flush."""
    return rank5(HR_DECK[4 * a], HR_DECK[4 * b + 1], HR_DECK[4 * c + 2], HR_DECK[4 * d + 3], HR_DECK[4 * e + 1])


cdef inline uint32_t flushing_suits(const uint32_t* suited, int wilds) noexcept nogil:
    """The suits (bit i: suit ``1 << i``) whose cards make five with the wild cards."""
    cdef uint32_t flushing = 0
    cdef int i
    for i in range(4):
        if bit_count(suited[1 << i]) + wilds >= 5:
            flushing |= 1u << i
    return flushing


cdef inline uint16_t straight_flush_value(const uint32_t* suited, uint32_t flushing, int wilds) noexcept nogil:
    """Cactus Kev's value of the best straight flush of the flushing suits and the wild cards, or 0."""
    cdef int i, k
    cdef uint32_t bits
    for i in range(10 if flushing else 0):  # the highest first, in any such suit
        bits = straight_bits(i)
        for k in range(4):
            if (flushing >> k) & 1 and 5 - bit_count(suited[1 << k] & bits) <= wilds:
                return HR_FLUSH[bits]
    return 0


cdef inline uint16_t flush_value(const uint32_t* suited, uint32_t flushing, int wilds) noexcept nogil:
    """Cactus Kev's value of the best flush: a flushing suit's ranks from the ace down, the wild
    cards the gaps; 0 where no suit flushes."""
    cdef uint32_t bits, best = 0
    cdef int i, r, s, left, k
    for i in range(4):
        s = 1 << i
        if not (flushing >> i) & 1:
            continue
        bits, left, k = 0, wilds, 0
        for r in range(12, -1, -1):
            if (suited[s] >> r) & 1 or left:
                left -= not (suited[s] >> r) & 1
                bits |= 1u << r
                k += 1
                if k == 5:
                    break
        best = bits if bits > best else best
    return HR_FLUSH[best] if best else 0


cdef inline uint16_t straight_value(uint32_t held, int wilds) noexcept nogil:
    """Cactus Kev's value of the best straight of the ranks held and the wild cards, or 0."""
    cdef int i
    for i in range(10):
        if 5 - bit_count(held & straight_bits(i)) <= wilds:
            return HR_UNIQUE5[straight_bits(i)]
    return 0


cdef uint16_t wild_rank(const uint32_t* cs, int n, int wilds) noexcept nogil:
    """The wild-card scale's rank (1 five aces ... 7,475) of ``n`` valid, distinct natural cards and
    ``wilds`` wild cards, 5 or more in all: each wild card the card that makes the hand best, any
    card, one the hand holds too, but five different cards in a flush or a straight. Found class by
    class from five of a kind down, as ``_kernels/wild.py``'s plan."""
    cdef int count[13]
    cdef uint32_t suited[16]
    cdef uint32_t held = 0, rest, flushing
    cdef uint16_t made
    cdef int i, r, t, p, left, k, most = 0, second = 0
    if wilds == 0:
        return WILD_FIVES + rank_n(cs, n)
    memset(count, 0, sizeof(count))
    suited[1] = suited[2] = suited[4] = suited[8] = 0
    for i in range(n):
        r = (cs[i] >> 8) & 0xF
        count[r] += 1
        suited[(cs[i] >> 12) & 0xF] |= 1u << r
        held |= 1u << r
    for r in range(12, -1, -1):
        if count[r] + wilds >= 5:
            return WILD_FIVES - r
        if count[r] > most:
            most, second = count[r], most
        elif count[r] > second:
            second = count[r]
    flushing = flushing_suits(suited, wilds)
    made = straight_flush_value(suited, flushing, wilds)
    if made:
        return WILD_FIVES + made
    for r in range(12, -1, -1):
        if count[r] + wilds >= 4:  # the kicker exists: all five alike were found above
            return WILD_FIVES + ranks_value(r, r, r, r, top_rank(held & ~(1u << r)))
    # A full house, cheapest from the two largest counts: the highest trips, then the highest pair
    for t in range(12 if (3 - most if most < 3 else 0) + (2 - second if second < 2 else 0) <= wilds else -1, -1, -1):
        left = wilds - (3 - count[t] if count[t] < 3 else 0)
        if left < 0:
            continue
        for p in range(12, -1, -1):
            if p != t and count[p] + left >= 2:
                return WILD_FIVES + ranks_value(t, t, t, p, p)
    made = flush_value(suited, flushing, wilds)
    if not made:
        made = straight_value(held, wilds)
    if made:
        return WILD_FIVES + made
    t = top_rank(held)
    rest = held & ~(1u << t)
    for r in range(12, -1, -1):
        if count[r] + wilds >= 3:  # trips: a pair and a wild card, or the highest card and two
            rest = held & ~(1u << r)
            k = top_rank(rest)
            return WILD_FIVES + ranks_value(r, r, r, k, top_rank(rest & ~(1u << k)))
    k = top_rank(rest)  # one wild card pairs the highest card: two pair is never the best
    rest &= ~(1u << k)
    p = top_rank(rest)
    return WILD_FIVES + ranks_value(t, t, k, p, top_rank(rest & ~(1u << p)))


cdef uint16_t bug_rank(const uint32_t* cs, int n, int jokers) noexcept nogil:
    """The wild-card scale's rank of ``n`` valid, distinct natural cards and ``jokers`` bugs (1 or
    2), 5 to 7 in all: the bugs aces (of suits the hand lacks, every choice of them; five aces where
    they make five), or any cards that complete a straight, a flush or a straight flush, whichever
    is best, as ``_eval_py/games.py``'s ``bug_rank``."""
    cdef uint32_t suited[16]
    cdef uint32_t with_aces[7]
    cdef uint32_t held = 0, flushing, aces = 0
    cdef uint16_t made, best = 0xFFFF, v
    cdef int i, r, a, b, count = 0
    suited[1] = suited[2] = suited[4] = suited[8] = 0
    for i in range(n):
        r = (cs[i] >> 8) & 0xF
        suited[(cs[i] >> 12) & 0xF] |= 1u << r
        held |= 1u << r
        if r == 12:
            aces |= 1u << (card_index(cs[i]) - 48)  # bit s: the ace of suit index s
            count += 1
        with_aces[i] = cs[i]
    if count + jokers >= 5:
        return WILD_FIVES - 12
    flushing = flushing_suits(suited, jokers)
    made = straight_flush_value(suited, flushing, jokers)
    if not made:
        made = flush_value(suited, flushing, jokers)
    if not made:
        made = straight_value(held, jokers)
    for a in range(4):
        if (aces >> a) & 1:
            continue
        with_aces[n] = HR_DECK[48 + a]
        if jokers == 1:
            v = rank_n(with_aces, n + 1)
            best = v if v < best else best
            continue
        for b in range(a + 1, 4):
            if not (aces >> b) & 1:
                with_aces[n + 1] = HR_DECK[48 + b]
                v = rank_n(with_aces, n + 2)
                best = v if v < best else best
    if made and made < best:
        best = made
    return WILD_FIVES + best


# ---- the batch kernels' choice and their lookup table ----------------------------------------

cdef extern from "_c/row_flags.h" nogil:
    uint64_t hr_card_words[256][2]
    uint64_t HR_NOT_A_CARD
    uint64_t HR_BAD_ROW
    uint64_t hr_row_flags(const uint64_t* v, int k) noexcept


cdef void fill_card_words() noexcept nogil:
    cdef int i
    for i in range(256):
        hr_card_words[i][0] = INDEX_SUIT_COUNT[i] if i < 52 else HR_NOT_A_CARD
        hr_card_words[i][1] = 1ULL << i if i < 52 else 0


fill_card_words()


cdef extern from "_c/simd.h" nogil:
    uint16_t hr_rank_term[7][16]
    enum:
        HR_PORTABLE
        HR_AVX2
        HR_AVX512
        HR_NEON
    int hr_simd_for(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint32_t leaf7_ecx, uint64_t xcr0)
    int hr_best_simd()
    int hr_can_run(int level)
    void hr_simd_init()
    int hr_rank_rows_avx2(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                          uint16_t plain_at, uint16_t flush_at, uint16_t* out)
    int hr_rank_rows_avx512(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                            uint16_t plain_at, uint16_t flush_at, uint16_t* out)
    int hr_rank_rows_neon(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                          uint16_t plain_at, uint16_t flush_at, uint16_t* out)

# The SIMD kernels' one lookup: the best value of each multiset of k ranks, by the index the kernel
# gives its sorted ranks, for k = 5, 6 and 7 (an entry for five of a rank is 0: only a row found
# bad, whose stretch is ranked again, reads it), and a copy of the flush table, laid out
# [5 | 6 | flush | 7] so that each k reaches its multisets and the flush table by 16-bit offsets
# from one place.
cdef enum:
    SORTED5 = 6188      # C(17, 5)
    SORTED6 = 18564     # C(18, 6)
    SORTED7 = 50388     # C(19, 7)
cdef uint16_t SORTED_RANKS[SORTED5 + SORTED6 + 8192 + SORTED7]

cdef struct SortedTable:
    const uint16_t* values
    uint16_t plain_at   # where the multisets of k ranks start
    uint16_t flush_at   # where the flush table starts
cdef SortedTable SORTED_TABLE[8]
SORTED_TABLE[5] = SortedTable(&SORTED_RANKS[0], 0, SORTED5 + SORTED6)
SORTED_TABLE[6] = SortedTable(&SORTED_RANKS[SORTED5], 0, SORTED6)
SORTED_TABLE[7] = SortedTable(&SORTED_RANKS[SORTED5 + SORTED6], 8192, 0)


cdef inline bint all_fours(const int* r, int k) noexcept nogil:
    """No rank five times in the sorted ranks ``r``."""
    cdef int i
    for i in range(k - 4):
        if r[i] == r[i + 4]:
            return False
    return True


cdef void fill_sorted_ranks(uint16_t* table, int k) noexcept nogil:
    """Every non-decreasing sequence of k ranks, in turn, through the perfect hash."""
    cdef int r[7]
    cdef int i, j, index
    cdef uint64_t p
    for i in range(k):
        r[i] = 0
    while True:
        index = 0
        p = 1
        for i in range(k):
            index += hr_rank_term[i][r[i]]
            p *= INDEX_PRIME[4 * r[i]]
        table[index] = rank_product(p) if all_fours(r, k) else 0
        i = k - 1
        while i >= 0 and r[i] == 12:
            i -= 1
        if i < 0:
            return
        r[i] += 1
        for j in range(i + 1, k):
            r[j] = r[i]


hr_simd_init()
cdef int simd = hr_best_simd()  # the kernel batch calls start with (HR_PORTABLE ...); set under fill_lock
cdef bint sorted_ranks_filled = False
cdef object fill_lock = PyImport_ImportModule("threading").Lock()
cdef tuple SIMD_NAMES = ("portable", "avx2", "avx512", "neon")  # by HR_PORTABLE ... HR_NEON


cdef int kernel_for_a_call() except -1:
    """The kernel a batch call runs from start to end, with SORTED_RANKS filled (~once) if it needs it.

    Read under the lock, whose acquire orders this thread's reads of the table after the fill on
    any CPU (arm64 too), where a plain read of a flag would not; the call keeps its kernel
    whatever ``_batch_kernel`` does meanwhile.
    """
    global sorted_ranks_filled
    with fill_lock:
        if simd and not sorted_ranks_filled:
            fill_sorted_ranks(&SORTED_RANKS[0], 5)
            fill_sorted_ranks(&SORTED_RANKS[SORTED5], 6)
            memcpy(&SORTED_RANKS[SORTED5 + SORTED6], HR_FLUSH, sizeof(HR_FLUSH))
            fill_sorted_ranks(&SORTED_RANKS[SORTED5 + SORTED6 + 8192], 7)
            sorted_ranks_filled = True
        return simd


def _batch_kernel(name=None):
    """The kernel ``evaluate_many`` and ``evaluate_holdem`` run: "avx512", "avx2", "neon" or "portable".

    Only for tests and benchmarks, which compare them: by default it is the best this CPU runs
    (the SIMD kernels are built by GCC or clang: AVX2 and AVX-512 on x86_64, AVX-512 not on
    macOS; NEON on arm64). ``name`` picks another, if the CPU and the build have it.
    """
    global simd
    if name is not None:
        if name not in SIMD_NAMES:
            raise ValueError(f"no kernel named {name!r}: {', '.join(SIMD_NAMES)}")
        wanted = SIMD_NAMES.index(name)
        if not hr_can_run(wanted):
            raise ValueError(f"this CPU or build has no {name} kernel")
        with fill_lock:  # calls under way keep theirs; the next one fills the table if it needs it
            simd = wanted
    return SIMD_NAMES[simd]


def _kernel_for_cpu(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0):
    """The kernel a CPU that reports these CPUID words and XCR0 can run (build options aside).

    Only for tests: the choice ``_batch_kernel()`` makes, on made-up CPUs.

    >>> _kernel_for_cpu(0x18000000, 0x20, 0, 0x7)
    'avx2'
    """
    return SIMD_NAMES[hr_simd_for(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0)]


cdef enum:
    SIMD_ROWS = 256                 # rows per call of a SIMD kernel (whole blocks of 16, 32 or 64)


cdef inline int simd_rows(int kernel, const uint8_t* rows, int k, uint16_t* out) noexcept nogil:
    """SIMD_ROWS rows of k bytes into ``out`` by the SIMD ``kernel``; nonzero if one is bad."""
    cdef const SortedTable* t = &SORTED_TABLE[k]
    if kernel == HR_AVX512:
        return hr_rank_rows_avx512(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    if kernel == HR_NEON:
        return hr_rank_rows_neon(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    return hr_rank_rows_avx2(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)


# ---- card indices ranked: the batch rows, the indexer and the board scoring share this -------

cdef inline int flush_suit(uint32_t flush) noexcept nogil:
    """The suit (0-3) whose counter's top bit is set in ``(counts + 0x3333) & 0x8888``; at most one is."""
    return 0 if flush & 0x8 else 1 if flush & 0x80 else 2 if flush & 0x800 else 3


cdef inline uint16_t rank_indices(const uint64_t* v, int k) noexcept nogil:
    """Five to seven valid, distinct card indices."""
    cdef uint32_t counts = 0, mask = 0
    cdef uint64_t p = 1
    cdef int j, suit
    for j in range(k):
        counts += INDEX_SUIT_COUNT[v[j]]
        p *= INDEX_PRIME[v[j]]
    # A nibble holding 5, 6 or 7 carries into its top bit once 3 is added: that suit is a flush.
    cdef uint32_t flush = (counts + 0x3333) & 0x8888
    if flush:
        suit = flush_suit(flush)
        for j in range(k):
            if <int>(v[j] & 3) == suit:
                mask |= INDEX_RANK_BIT[v[j]]
        return HR_FLUSH[mask]
    return rank_product(p)


# ---- the board scoring the equity kernels share ----------------------------------------------

cdef enum:
    BATCH = 32        # trials dealt before their hash lookups run, side by side


cdef struct Hole:
    CardState cards   # a player's hole cards, added
    uint8_t card[2]   # the card indices (Monte Carlo sets a combo's cards aside by them, and writes them in rows)


cdef struct Hands:
    int k
    const Hole* hole[HR_MAX_PLAYERS]


cdef struct Tally:
    uint64_t by_winners[1 << HR_MAX_PLAYERS]  # boards, by the set of players who share them (bit i: player i)


cdef inline uint16_t flush_rank(const CardState* h, const CardState* b) noexcept nogil:
    """The flush these hole cards make with the board, else 0."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef int suit
    if not flush:
        return 0
    suit = flush_suit(flush)
    return HR_FLUSH[b.mask[suit] | h.mask[suit]]


cdef inline void share_board(const uint16_t* ranks, int k, Tally* t) noexcept nogil:
    """Count the board for the set of players with the best rank (one of them, or a tie)."""
    cdef uint16_t best = ranks[0], r
    cdef int i
    cdef uint32_t winners = 1, better
    for i in range(1, k):  # one pass, no branches: who wins is a coin toss to the branch predictor
        r = ranks[i]
        better = r < best
        winners = (winners & (better - 1)) | (<uint32_t>(r <= best) << i)  # a better hand clears the others
        best = min(best, r)
    t.by_winners[winners] += 1


cdef inline void rank_keys(uint16_t* ranks, const uint64_t* keys, int n) noexcept nogil:
    """The rank of each of ``n`` prime products whose rank is still 0 (no flush): lookups that overlap in memory."""
    cdef int i
    cdef uint16_t r
    for i in range(n):
        r = rank_product(keys[i])
        ranks[i] = ranks[i] if ranks[i] else r


# A bit no card has. The range kernels keep it in every set of used cards and give it, alone, to a
# combo that repeats a card: such a combo then never fits a deal, with no test of its own.
cdef uint64_t OFF_DECK = 1ULL << 63


cdef Hole* combo_holes(int player, const uint8_t[::1] combos, Py_ssize_t n) except NULL:
    """The ``n`` combos of a range (two card indices each), ready to score; the caller frees them.

    Checks the buffer it reads, whatever the Python checks saw: 2n indices, each a card.
    """
    cdef Hole* holes
    cdef Py_ssize_t j
    if n < 1 or combos.shape[0] != 2 * n:
        raise ValueError(f"player {player}: a range needs n > 0 combos (2n cards), got {combos.shape[0]} for {n}")
    for j in range(2 * n):
        if combos[j] > 51:
            raise ValueError(f"player {player}: {combos[j]} is not a card index")
    holes = <Hole*>PyMem_Malloc(n * sizeof(Hole))
    if not holes:
        raise MemoryError()
    for j in range(n):
        clear_cards(&holes[j].cards)
        holes[j].card[0] = combos[2 * j]
        holes[j].card[1] = combos[2 * j + 1]
        add_card(&holes[j].cards, combos[2 * j])
        if combos[2 * j + 1] == combos[2 * j]:
            holes[j].cards.bits = OFF_DECK
        else:
            add_card(&holes[j].cards, combos[2 * j + 1])
    return holes


cdef uint64_t fixed_cards(list board, dead):
    """A bit per board or dead card, and OFF_DECK."""
    cdef uint64_t fixed = OFF_DECK
    for c in board + list(dead):
        fixed |= 1ULL << <int>c
    return fixed


cdef CardState start_board(list board) except *:
    cdef CardState b
    clear_cards(&b)
    for c in board:
        add_card(&b, c)
    return b


cdef list by_winners_out(const Tally* t, int k):
    return [t.by_winners[winners] for winners in range(1 << k)]


cdef int propagate_error() except -1:
    return -1  # Cython raises the exception that is set


cdef inline void memset_tally(Tally* t) noexcept nogil:
    memset(t, 0, sizeof(Tally))


cdef void sort_by_rank(uint64_t* live, uint64_t* spare, int n) noexcept nogil:
    """Packed combos by rank, best first: by insertion when few, else two stable passes over the rank's 13 bits."""
    cdef int counts[128]
    cdef int i, j, total, c, shift, round_
    cdef uint64_t* src = live
    cdef uint64_t* dst = spare
    cdef uint64_t* swap
    cdef uint64_t x
    if n <= 32:
        for i in range(1, n):
            x = live[i]
            j = i - 1
            while j >= 0 and (live[j] >> 32) > (x >> 32):
                live[j + 1] = live[j]
                j -= 1
            live[j + 1] = x
        return
    for round_ in range(2):
        shift = 32 + 7 * round_
        memset(counts, 0, sizeof(counts))
        for i in range(n):
            counts[(src[i] >> shift) & 127] += 1
        total = 0
        for i in range(128):
            c = counts[i]
            counts[i] = total
            total += c
        for i in range(n):
            c = (src[i] >> shift) & 127
            dst[counts[c]] = src[i]
            counts[c] += 1
        swap = src
        src = dst
        dst = swap
    # two passes: the sorted combos are back in ``live``


# ---- the one job base of the cancellable kernels ---------------------------------------------

cdef class _KernelJob:
    """A kernel's work in parts that threads share: a subclass's ``run(lo, hi)`` does one part and
    checks ``stop`` as it goes; ``run_parts`` runs every part on the one thread runner, and a
    Ctrl-C while waiting, or a part that fails, sets ``stop`` for the others (``cancel``)."""
    cdef int stop

    def cancel(self):
        """Ask every part still running to stop at its next check."""
        self.stop = 1

    def run_parts(self, list bounds):
        """Each part ``(lo, hi)`` of ``bounds``, a thread each, the results in order."""
        return threads_module.run(self.run, bounds, self.cancel)


cdef void* zeroed(size_t size):
    """``size`` bytes set to zero (PyMem_Malloc: the caller holds the GIL), or NULL."""
    cdef void* memory = PyMem_Malloc(size if size else 1)
    if memory != NULL:
        memset(memory, 0, size)
    return memory


cdef void harville_values(int n, const double* s, const double* p, int paid, double* reach,
                          double* value) noexcept nogil:
    """``value[i]``: player i's expected payout, first place in proportion to chips, then each next
    place among those left. ``reach[m]`` (zeroed, 2**n) the chance that m's players take the first places."""
    cdef uint32_t mask, last = (<uint32_t>1 << n) - 1
    cdef int i, placed
    cdef double prob, left, prize, q
    reach[0] = 1.0
    for mask in range(last + 1):
        prob = reach[mask]
        if prob == 0.0:
            continue
        placed = n
        left = 0.0
        for i in range(n):
            if not (mask >> i) & 1:
                left += s[i]
                placed -= 1
        prize = p[placed]
        for i in range(n):
            if not (mask >> i) & 1:
                q = prob * s[i] / left
                value[i] += q * prize
                if placed + 1 < paid:
                    reach[mask | (<uint32_t>1 << i)] += q


cdef void weitzman_values(int n, const double* s, const double* p, double* reach, double* value) noexcept nogil:
    """``value[i]``: player i's expected payout, the next player out in inverse proportion to chips,
    their chips shared evenly among those left. ``reach[m]`` (zeroed, 2**n) the chance m's players are left."""
    cdef uint32_t mask = (<uint32_t>1 << n) - 1
    cdef int i, left, last = 0
    cdef double prob, total = 0.0, held, share, inverse, q
    for i in range(n):
        total += s[i]
    reach[mask] = 1.0
    while mask > 0:
        prob = reach[mask]
        if prob != 0.0:
            left = 0
            held = 0.0
            for i in range(n):
                if (mask >> i) & 1:
                    held += s[i]
                    left += 1
                    last = i
            if left == 1:
                value[last] += prob * p[0]
            else:
                share = (total - held) / left
                inverse = 0.0
                for i in range(n):
                    if (mask >> i) & 1:
                        inverse += 1.0 / (s[i] + share)
                for i in range(n):
                    if (mask >> i) & 1:
                        q = prob * (1.0 / (s[i] + share)) / inverse
                        value[i] += q * p[left - 1]
                        reach[mask ^ (<uint32_t>1 << i)] += q
        mask -= 1
