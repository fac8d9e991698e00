# cython: language_level=3, freethreading_compatible=True
"""The compiled evaluator: Cactus Kev's lookups in C, mirroring ``_eval_py``.

Inputs are checked at the boundary (counts, duplicates, card values, array
shapes and dtypes); past that the loops run unchecked and without the GIL.
"""

cimport cython
from libc.stdint cimport int64_t, uint16_t, uint32_t, uint64_t, int8_t, uint8_t, int16_t, int32_t
from libc.math cimport ceil
from libc.string cimport memcpy, memset
from cpython.exc cimport PyErr_Occurred
from cpython.mem cimport PyMem_Free, PyMem_Malloc

from math import comb
from threading import Lock

from . import _batch
from .cards import hand, hole_and_board, to_index

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

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*)
    int signals_raised "PyErr_CheckSignals"() noexcept  # -1 with the exception set: the caller decides

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


# ---- the core: no checks, no GIL -------------------------------------------------------------

cdef inline uint16_t rank_product(uint64_t p) noexcept nogil:
    """Best non-flush value of a prime product, through the perfect hash."""
    return HR_HASH_VALUES[
        ((p * HR_HASH_MULT_SLOT) >> HR_HASH_SLOT_SHIFT)
        ^ HR_HASH_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_HASH_BUCKET_SHIFT]
    ]


cdef inline uint16_t rank5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) noexcept nogil:
    cdef uint32_t bits = (a | b | c | d | e) >> 16
    cdef uint16_t u
    if a & b & c & d & e & 0xF000:
        return HR_FLUSH[bits]
    u = HR_UNIQUE5[bits]
    if u:
        return u
    return rank_product(<uint64_t>(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF))


@cython.boundscheck(False)
@cython.wraparound(False)
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


# ---- Omaha and lowball -----------------------------------------------------------------------

@cython.boundscheck(False)
@cython.wraparound(False)
cdef uint16_t omaha_high(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best high hand of exactly two of ``h`` and three of ``b`` (valid, distinct cards)."""
    cdef uint64_t t_product[10]
    cdef uint32_t t_suit[10]
    cdef uint32_t t_mask[10]
    cdef int i, j, k, t, nt = 0
    cdef uint64_t product
    cdef uint32_t suit, mask
    cdef uint16_t r, best = 0xFFFF
    for i in range(nb):
        for j in range(i + 1, nb):
            for k in range(j + 1, nb):
                t_product[nt] = <uint64_t>(b[i] & 0xFF) * (b[j] & 0xFF) * (b[k] & 0xFF)
                t_suit[nt] = b[i] & b[j] & b[k] & 0xF000
                t_mask[nt] = (b[i] | b[j] | b[k]) >> 16
                nt += 1
    for i in range(nh):
        for j in range(i + 1, nh):
            product = <uint64_t>(h[i] & 0xFF) * (h[j] & 0xFF)
            suit = h[i] & h[j] & 0xF000
            mask = (h[i] | h[j]) >> 16
            for t in range(nt):
                # Five cards of one suit are a flush, better than anything the same ranks make off-suit.
                if suit & t_suit[t]:
                    r = HR_FLUSH[mask | t_mask[t]]
                else:
                    r = rank_product(product * t_product[t])
                if r < best:
                    best = r
    return best


cdef struct LowGame:
    const uint16_t* flush   # NULL where flushes do not count (ace-to-five)
    const uint16_t* values  # by slot of the low perfect hash


cdef LowGame LOW_GAMES[3]
LOW_GAMES[0].flush = HR_LOW27_FLUSH
LOW_GAMES[0].values = HR_LOW27_VALUES
LOW_GAMES[1].flush = NULL
LOW_GAMES[1].values = HR_LOWA5_VALUES
LOW_GAMES[2].flush = HR_LOWA6_FLUSH
LOW_GAMES[2].values = HR_LOWA6_VALUES
_LOW_GAME_INDEX = {"2-7": 0, "a-5": 1, "a-6": 2}


cdef inline uint16_t low5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                          const LowGame* g) noexcept nogil:
    cdef uint64_t p
    if g.flush != NULL and a & b & c & d & e & 0xF000:
        return g.flush[(a | b | c | d | e) >> 16]
    p = <uint64_t>(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
    return g.values[((p * HR_HASH_MULT_SLOT) >> HR_LOW_SLOT_SHIFT)
                    ^ HR_LOW_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_LOW_BUCKET_SHIFT]]


@cython.boundscheck(False)
@cython.wraparound(False)
cdef uint16_t best_low(const uint32_t* cs, int n, const LowGame* g) noexcept nogil:
    """The best low of five of ``n`` (5 to 7) valid, distinct cards."""
    cdef int i, j, k, l, m
    cdef uint16_t r, best = 0xFFFF
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                for l in range(k + 1, n):
                    for m in range(l + 1, n):
                        r = low5(cs[i], cs[j], cs[k], cs[l], cs[m], g)
                        if r < best:
                            best = r
    return best


@cython.boundscheck(False)
@cython.wraparound(False)
cdef uint16_t omaha_low(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best ace-to-five low of exactly two of ``h`` and three of ``b``."""
    cdef int i, j, x, y, z
    cdef uint16_t r, best = 0xFFFF
    for i in range(nh):
        for j in range(i + 1, nh):
            for x in range(nb):
                for y in range(x + 1, nb):
                    for z in range(y + 1, nb):
                        r = low5(h[i], h[j], b[x], b[y], b[z], &LOW_GAMES[1])
                        if r < best:
                            best = r
    return best


# ---- the boundary: Python objects in, checked ----------------------------------------------

cdef inline bint read_card(object item, uint32_t* out, uint64_t* seen):
    """Store a valid card not seen before; False for anything else (the slow path then says why)."""
    cdef int overflow = 0
    cdef long v
    cdef int i
    if type(item) is not int:
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


@cython.boundscheck(False)
@cython.wraparound(False)
cdef int read_hand(object cards, uint32_t* cs) except -1:
    """Fill ``cs`` from 5 to 7 cards in any form the pure side accepts; the count, or raise."""
    cdef Py_ssize_t n, i
    cdef uint64_t seen = 0
    if type(cards) is list or type(cards) is tuple:
        n = len(cards)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_card(cards[i], &cs[i], &seen):
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
    cdef int i, j, k, l, m
    cdef uint16_t r, best = 0xFFFF
    cdef int pick[5]
    order = sorted(range(n), key=lambda i: to_index(cs[i]), reverse=True)
    for i in range(n):
        ordered[i] = cs[order[i]]
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                for l in range(k + 1, n):
                    for m in range(l + 1, n):
                        r = rank5(ordered[i], ordered[j], ordered[k], ordered[l], ordered[m])
                        if r < best:
                            best = r
                            pick[:] = [i, j, k, l, m]
    return [ordered[pick[i]] for i in range(5)]


cdef const LowGame* low_game(object game) except NULL:
    try:
        return &LOW_GAMES[<int>_LOW_GAME_INDEX[game]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of 2-7, a-5, a-6") from None


def evaluate_low(cards, game="a-5"):
    """The best low of 5 to 7 cards: 1 is the best low of ``game`` ("2-7", "a-5" or "a-6"; lower is better)."""
    cdef const LowGame* g = low_game(game)
    cdef uint32_t cs[7]
    cdef int n = read_hand(cards, cs)
    return best_low(cs, n, g)


cdef int read_omaha(object hole, object board, uint32_t* cs, int* board_cards) except -1:
    """Hole cards into ``cs``, the board after them (checked as the pure side does); how many hole cards."""
    cdef Py_ssize_t nh, nb, i
    cdef uint64_t seen = 0
    if (type(hole) is list or type(hole) is tuple) and (type(board) is list or type(board) is tuple):
        nh, nb = len(hole), len(board)
        if 4 <= nh <= 6 and 3 <= nb <= 5:
            for i in range(nh + nb):
                if not read_card(hole[i] if i < nh else board[i - nh], &cs[i], &seen):
                    break
            else:
                board_cards[0] = <int>nb
                return <int>nh
    h, b = hole_and_board(hole, board)  # raises the error that explains what is wrong
    seen = 0
    for i, c in enumerate(h + b):
        read_card(c, &cs[i], &seen)
    board_cards[0] = len(b)
    return len(h)


def evaluate_omaha(hole, board):
    """Omaha high: the best of exactly two of 4-6 hole cards and three of 3-5 board cards (1 ... 7462, lower is better)."""
    cdef uint32_t cs[11]
    cdef int nb
    cdef int nh = read_omaha(hole, board, cs, &nb)
    return omaha_high(cs, nh, cs + nh, nb)


def evaluate_omaha_low(hole, board):
    """Omaha's ace-to-five low: the best of exactly two hole and three board cards (1 = 5-4-3-2-A)."""
    cdef uint32_t cs[11]
    cdef int nb
    cdef int nh = read_omaha(hole, board, cs, &nb)
    return omaha_low(cs, nh, cs + nh, nb)


# ---- batches ---------------------------------------------------------------------------------

# Per card index (4 x rank + suit): its rank's prime, its rank bit, and one in its suit's nibble.
# INDEX_PRIME goes on to 255 with ones, so a byte can be looked up before it is known to be a card.
cdef uint64_t INDEX_PRIME[256]
cdef uint32_t INDEX_RANK_BIT[52]
cdef uint32_t INDEX_SUIT_COUNT[52]
for _i in range(256):
    INDEX_PRIME[_i] = HR_DECK[_i] & 0xFF if _i < 52 else 1
for _i in range(52):
    INDEX_RANK_BIT[_i] = HR_DECK[_i] >> 16
    INDEX_SUIT_COUNT[_i] = 1 << (4 * (_i & 3))

cdef extern from *:
    """
    /* The checks of a batch row, two 64-bit words per card summed and ORed together: GCC/Clang
       vector extensions (one SSE2 or NEON instruction each), SSE2 intrinsics with MSVC on x64,
       else two plain words. Build with -DHR_PAIR_SCALAR or -DHR_PAIR_SSE2 to test another one. */
    #if !defined(HR_PAIR_SCALAR) && !defined(HR_PAIR_SSE2) && !defined(HR_PAIR_VECTOR)
    #  if defined(__GNUC__) || defined(__clang__)
    #    define HR_PAIR_VECTOR
    #  elif defined(_MSC_VER) && defined(_M_X64)
    #    define HR_PAIR_SSE2
    #  else
    #    define HR_PAIR_SCALAR
    #  endif
    #endif
    #ifdef HR_PAIR_SSE2
    #include <emmintrin.h>
    #endif
    #include <string.h>

    /* hr_card_words[x] for a byte x: {one in the nibble of x's suit, the bit 1 << x} for a card,
       {HR_NOT_A_CARD, 0} for 52 to 255. */
    #define HR_NOT_A_CARD 0x10000ULL
    static uint64_t hr_card_words[256][2];

    /* Rows of k cards (k <= 7): HR_FLUSH_BITS where a suit holds five or more, HR_BAD_ROW for a
       value past 51 or a repeated card, else 0. The suit nibbles reach 7 at most, so adding 3
       carries into a nibble's top bit exactly at five; seven HR_NOT_A_CARD fit in bits 16-18;
       distinct cards sum to their OR, a repeat carries and makes the two differ. */
    #define HR_FLUSH_BITS 0x8888ULL
    #define HR_REPEATED (1ULL << 20)
    #define HR_BAD_ROW (7 * HR_NOT_A_CARD | HR_REPEATED)
    static CYTHON_INLINE uint64_t hr_row_flags(const uint64_t* v, int k) {
        uint64_t counts, sum, any;
        int j;
    #if defined(HR_PAIR_VECTOR)
        typedef uint64_t pair __attribute__((vector_size(16)));
        pair s, o, w;
        memcpy(&s, hr_card_words[v[0]], sizeof s);
        o = s;
        for (j = 1; j < k; j++) {
            memcpy(&w, hr_card_words[v[j]], sizeof w);
            s += w;
            o |= w;
        }
        counts = s[0]; sum = s[1]; any = o[1];
    #elif defined(HR_PAIR_SSE2)
        __m128i s = _mm_loadu_si128((const __m128i*)hr_card_words[v[0]]), o = s, w;
        for (j = 1; j < k; j++) {
            w = _mm_loadu_si128((const __m128i*)hr_card_words[v[j]]);
            s = _mm_add_epi64(s, w);
            o = _mm_or_si128(o, w);
        }
        counts = (uint64_t)_mm_cvtsi128_si64(s);
        sum = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s));
        any = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(o, o));
    #else
        counts = sum = any = 0;
        for (j = 0; j < k; j++) {
            counts += hr_card_words[v[j]][0];
            sum += hr_card_words[v[j]][1];
            any |= hr_card_words[v[j]][1];
        }
    #endif
        return ((counts + 0x3333) & (HR_FLUSH_BITS | 7 * HR_NOT_A_CARD)) | (sum != any ? HR_REPEATED : 0);
    }
    """
    uint64_t hr_card_words[256][2]
    uint64_t HR_NOT_A_CARD
    uint64_t HR_BAD_ROW
    uint64_t hr_row_flags(const uint64_t* v, int k) noexcept nogil

for _i in range(256):
    hr_card_words[_i][0] = INDEX_SUIT_COUNT[_i] if _i < 52 else HR_NOT_A_CARD
    hr_card_words[_i][1] = 1 << _i if _i < 52 else 0


cdef extern from "_batch_simd.h" nogil:
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
cdef int simd = hr_best_simd()          # the kernel for 5-7 card rows: HR_PORTABLE, HR_AVX2, HR_AVX512, HR_NEON
cdef bint sorted_ranks_filled = False
_fill_lock = Lock()
SIMD_NAMES = ("portable", "avx2", "avx512", "neon")  # by HR_PORTABLE ... HR_NEON


cdef void need_sorted_ranks():
    """Fill SORTED_RANKS (~2 ms), once, before a SIMD kernel first runs."""
    global sorted_ranks_filled
    if sorted_ranks_filled or not simd:
        return
    with _fill_lock:
        if not sorted_ranks_filled:
            fill_sorted_ranks(&SORTED_RANKS[0], 5)
            fill_sorted_ranks(&SORTED_RANKS[SORTED5], 6)
            memcpy(&SORTED_RANKS[SORTED5 + SORTED6], HR_FLUSH, sizeof(HR_FLUSH))
            fill_sorted_ranks(&SORTED_RANKS[SORTED5 + SORTED6 + 8192], 7)
            sorted_ranks_filled = True


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
        simd = wanted
    return SIMD_NAMES[simd]


def _kernel_for_cpu(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0):
    """The kernel a CPU that reports these CPUID words and XCR0 can run (build options aside).

    Only for tests: the choice ``_batch_kernel()`` makes, on made-up CPUs.

    >>> _kernel_for_cpu(0x18000000, 0x20, 0, 0x7)
    'avx2'
    """
    return SIMD_NAMES[hr_simd_for(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0)]


cdef inline int flush_suit(uint32_t flush) noexcept nogil:
    """The suit (0-3) whose counter's top bit is set in ``(counts + 0x3333) & 0x8888``; at most one is."""
    return 0 if flush & 0x8 else 1 if flush & 0x80 else 2 if flush & 0x800 else 3


@cython.boundscheck(False)
@cython.wraparound(False)
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


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline Py_ssize_t rank_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                 Py_ssize_t start, Py_ssize_t stop, const int k, const Py_ssize_t step) noexcept nogil:
    """Rank rows ``start:stop`` of ``k`` cards, ``step`` bytes apart, into ``out``; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t v[7]
    cdef uint64_t x, p, flags
    cdef const char* row
    for i in range(start, stop):
        p = 1
        row = <const char*>&hands[i, 0]
        for j in range(k):
            x = <uint64_t>(<const index_t*>(row + j * step))[0]  # a negative value wraps to a huge one
            if x > 255:  # never true for bytes; the rest of the checks is in hr_row_flags
                return i
            v[j] = x
            p *= INDEX_PRIME[x]
        flags = hr_row_flags(v, k)
        if flags == 0:
            out[i] = rank_product(p)
        elif flags & HR_BAD_ROW:
            return i
        else:  # a flush (rare): rank_indices finds its suit
            out[i] = rank_indices(v, k)
    return -1


cdef inline Py_ssize_t rank_rows_sized(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                       Py_ssize_t stop, const int k, const Py_ssize_t step) noexcept nogil:
    """``rank_rows`` with the hand size a constant in each branch, so the compiler unrolls the card loops."""
    if k == 7:
        return rank_rows(hands, out, start, stop, 7, step)
    if k == 6:
        return rank_rows(hands, out, start, stop, 6, step)
    return rank_rows(hands, out, start, stop, 5, step)


cdef enum:
    SIMD_ROWS = 256                 # rows per call of a SIMD kernel (whole blocks of 16, 32 or 64)


cdef inline int simd_rows(const uint8_t* rows, int k, uint16_t* out) noexcept nogil:
    """SIMD_ROWS rows of k bytes into ``out`` by the chosen SIMD kernel; nonzero if one is bad."""
    cdef const SortedTable* t = &SORTED_TABLE[k]
    if simd == HR_AVX512:
        return hr_rank_rows_avx512(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    if simd == HR_NEON:
        return hr_rank_rows_neon(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    return hr_rank_rows_avx2(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline Py_ssize_t rank_rows_simd(const index_t[:, :] hands, uint16_t[::1] out,
                                      Py_ssize_t start, Py_ssize_t stop, const int k) noexcept nogil:
    """``rank_rows`` for byte rows stored back to back, by a SIMD kernel; ``rank_rows`` for a
    stretch of rows where it saw a bad one (to name it) and for the last few rows."""
    cdef Py_ssize_t i = start, bad
    while i + SIMD_ROWS + 2 <= stop:  # two rows to spare: the AVX2 kernel reads a few bytes past its last row
        if simd_rows(<const uint8_t*>&hands[i, 0], k, &out[i]):
            bad = rank_rows(hands, out, i, i + SIMD_ROWS, k, sizeof(index_t))
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_rows(hands, out, i, stop, k, sizeof(index_t))


cdef struct Board:
    int n                 # board cards: 3 to 5
    uint64_t index[5]
    uint64_t mask         # a bit per board card index
    uint32_t counts       # suit counters, as rank_indices keeps them
    uint64_t product      # prime product of the board


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t rank_holdings(const index_t[:, :] holes, uint16_t[::1] out,
                              Py_ssize_t start, Py_ssize_t stop, const Board* board) noexcept nogil:
    """Rank rows of two hole cards against one board; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint64_t a, b
    cdef uint64_t v[7]
    cdef int j
    for j in range(board.n):
        v[j] = board.index[j]
    for i in range(start, stop):
        a = <uint64_t>holes[i, 0]
        b = <uint64_t>holes[i, 1]
        if a > 51 or b > 51 or a == b or (board.mask >> a) & 1 or (board.mask >> b) & 1:
            return i
        if (board.counts + INDEX_SUIT_COUNT[a] + INDEX_SUIT_COUNT[b] + 0x3333) & 0x8888:
            v[board.n] = a
            v[board.n + 1] = b
            out[i] = rank_indices(v, board.n + 2)
        else:
            out[i] = rank_product(board.product * INDEX_PRIME[a] * INDEX_PRIME[b])
    return -1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline Py_ssize_t rank_rows_copied(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                        Py_ssize_t stop, const int k, const Py_ssize_t step) noexcept nogil:
    """``rank_rows`` by a SIMD kernel for any other integer type or layout: each stretch of rows
    copied as bytes first; ``rank_rows`` for a stretch with a bad row, and for the last few rows.
    The values ORed together stay below 64 only if each does: then every byte is its value, and
    the kernel sees one past 51; else the bytes could wrap, and the stretch is never looked at."""
    cdef uint8_t rows[SIMD_ROWS * 7 + 16]  # 16 bytes to spare: the AVX2 kernel reads past its last row
    cdef Py_ssize_t i = start, r, q, bad
    cdef int j
    cdef uint64_t x, seen
    cdef const char* row
    cdef const index_t* flat
    cdef bint packed = step == sizeof(index_t) and hands.strides[0] == k * step  # rows back to back
    memset(rows, 0, sizeof(rows))
    while i + SIMD_ROWS <= stop:
        seen = 0
        if packed:  # one run of values: a loop the compiler vectorises
            flat = &hands[i, 0]
            for q in range(SIMD_ROWS * k):
                x = <uint64_t>flat[q]  # a negative value wraps to a huge one
                seen |= x
                rows[q] = <uint8_t>x
        else:
            for r in range(SIMD_ROWS):
                row = <const char*>&hands[i + r, 0]
                for j in range(k):
                    x = <uint64_t>(<const index_t*>(row + j * step))[0]
                    seen |= x
                    rows[r * k + j] = <uint8_t>x
        if seen > 63 or simd_rows(rows, k, &out[i]):
            bad = rank_rows(hands, out, i, i + SIMD_ROWS, k, step)
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_rows(hands, out, i, stop, k, step)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t rank_holdings_simd(const index_t[:, :] holes, uint16_t[::1] out,
                                   Py_ssize_t start, Py_ssize_t stop, const Board* board) noexcept nogil:
    """``rank_holdings`` by a SIMD kernel: each stretch of holdings written out as byte rows, hole
    cards then the board; ``rank_holdings`` for a stretch with a bad row (to name it) and the rest."""
    cdef uint8_t rows[SIMD_ROWS * 7 + 16]  # 16 bytes to spare: the AVX2 kernel reads past its last row
    cdef int k = board.n + 2
    cdef int j
    cdef Py_ssize_t i = start, r, bad
    cdef uint64_t a, b, seen
    memset(rows, 0, sizeof(rows))
    for r in range(SIMD_ROWS):
        for j in range(board.n):
            rows[r * k + 2 + j] = <uint8_t>board.index[j]
    while i + SIMD_ROWS <= stop:
        seen = 0  # as in rank_rows_copied: the values ORed together below 64, or no kernel looks
        for r in range(SIMD_ROWS):
            a = <uint64_t>holes[i + r, 0]  # a negative value wraps to a huge one
            b = <uint64_t>holes[i + r, 1]
            seen |= a | b
            rows[r * k] = <uint8_t>a
            rows[r * k + 1] = <uint8_t>b
        if seen > 63 or simd_rows(rows, k, &out[i]):
            bad = rank_holdings(holes, out, i, i + SIMD_ROWS, board)
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_holdings(holes, out, i, stop, board)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline bint row_cards(const index_t[:, :] hands, Py_ssize_t i, uint32_t* cs) noexcept nogil:
    """Row ``i`` as card ints in ``cs``; False if a value is out of range or repeated."""
    cdef Py_ssize_t j
    cdef uint64_t v, seen = 0
    for j in range(hands.shape[1]):
        v = <uint64_t>hands[i, j]  # a negative value wraps to a huge one: out of range too
        if v > 51 or (seen >> v) & 1:
            return False
        seen |= 1ULL << v
        cs[j] = HR_DECK[v]
    return True


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t rank_omaha_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                Py_ssize_t start, Py_ssize_t stop, int hole_cards) noexcept nogil:
    """Omaha high for rows of hole cards then board cards; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef int k = <int>hands.shape[1]
    cdef uint32_t cs[11]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = omaha_high(cs, hole_cards, cs + hole_cards, k - hole_cards)
    return -1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t rank_low_rows(const index_t[:, :] hands, uint16_t[::1] out,
                              Py_ssize_t start, Py_ssize_t stop, const LowGame* g) noexcept nogil:
    """The best low of rows of 5 to 7 cards; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint32_t cs[7]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = best_low(cs, <int>hands.shape[1], g)
    return -1


cdef struct Job:
    int kind              # PLAIN rows of 5-7 cards, HOLDEM holdings against a board, OMAHA rows, LOW rows
    Board board           # HOLDEM
    int hole_cards        # OMAHA: the first hole_cards columns are hole cards, the rest the board
    const LowGame* low    # LOW: the lowball game


cdef enum:
    PLAIN = 0
    HOLDEM = 1
    OMAHA = 2
    LOW = 3


cdef Py_ssize_t rank_typed(const index_t[:, :] hands, uint16_t[::1] out,
                           Py_ssize_t start, Py_ssize_t stop, const Job* job):
    cdef Py_ssize_t bad
    cdef int k = <int>hands.shape[1]
    with nogil:
        if job.kind == HOLDEM:
            if simd:
                bad = rank_holdings_simd(hands, out, start, stop, &job.board)
            else:
                bad = rank_holdings(hands, out, start, stop, &job.board)
        elif job.kind == OMAHA:
            bad = rank_omaha_rows(hands, out, start, stop, job.hole_cards)
        elif job.kind == LOW:
            bad = rank_low_rows(hands, out, start, stop, job.low)
        elif (index_t is uint8_t or index_t is int8_t) and simd and hands.strides[1] == 1 and hands.strides[0] == k:
            bad = rank_rows_simd(hands, out, start, stop, k)
        elif simd:
            bad = rank_rows_copied(hands, out, start, stop, k, hands.strides[1])
        elif hands.strides[1] == sizeof(index_t):  # rows of adjacent values: the offsets are constants
            bad = rank_rows_sized(hands, out, start, stop, k, sizeof(index_t))
        else:
            bad = rank_rows_sized(hands, out, start, stop, k, hands.strides[1])
    return bad


cdef Py_ssize_t rank_chunk(object view, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
                           const Job* job) except -2:
    """Pick the kernel for the view's integer type (checked by ``_batch.hands_view``)."""
    cdef int size = view.itemsize
    cdef bint signed = view.format[-1] in "bhilqn"
    if size == 1:
        return rank_typed[int8_t](view, out, start, stop, job) if signed else rank_typed[uint8_t](view, out, start, stop, job)
    if size == 2:
        return rank_typed[int16_t](view, out, start, stop, job) if signed else rank_typed[uint16_t](view, out, start, stop, job)
    if size == 4:
        return rank_typed[int32_t](view, out, start, stop, job) if signed else rank_typed[uint32_t](view, out, start, stop, job)
    return rank_typed[int64_t](view, out, start, stop, job) if signed else rank_typed[uint64_t](view, out, start, stop, job)


cdef object run_job(object source, object view, Job* job, object threads, list board):
    """Rank every row of ``view`` (checked) into a result shaped like ``source``, on ``threads`` threads."""
    rows = view.shape[0]
    if job.kind == PLAIN or job.kind == HOLDEM:  # the jobs a SIMD kernel runs
        need_sorted_ranks()
    result, out = _batch.new_result(source, rows)
    cdef uint16_t[::1] out_view = out
    bad = _batch.run_split(
        lambda start, stop: rank_chunk(view, out_view, start, stop, job),
        rows,
        _batch.threads_for(threads, rows),
    )
    if bad >= 0:
        raise _batch.row_error(view, bad, board)
    return result


def evaluate_many(hands, threads=None):
    """Ranks of an (n, k) array of 0-51 card indices (k = 5, 6 or 7) as n uint16 values.

    Lower is better. Returns a numpy array when given one, else ``array('H')``.
    The work runs without the GIL, split over ``threads`` threads (0 = every core).
    """
    cdef Job job
    job.kind = PLAIN
    return run_job(hands, _batch.hands_view(hands), &job, threads, [])


def evaluate_holdem(holdings, board, threads=None):
    """Ranks of an (n, 2) array of hole-card indices against one board of 3 to 5 cards.

    Lower is better. Each row's rank is ``evaluate(row + board)``; a row that
    repeats a card or holds a board card raises ``ValueError`` naming it.
    """
    board_indices = _batch.board_indices(board)
    view = _batch.hands_view(holdings, (2,))
    cdef Job job
    cdef Board* b = &job.board
    cdef int j
    job.kind = HOLDEM
    b.n = len(board_indices)
    b.mask = b.counts = 0
    b.product = 1
    for j in range(b.n):
        b.index[j] = board_indices[j]
        b.mask |= 1ULL << b.index[j]
        b.counts += INDEX_SUIT_COUNT[b.index[j]]
        b.product *= INDEX_PRIME[b.index[j]]
    return run_job(holdings, view, &job, threads, board_indices)


def evaluate_omaha_many(hands, hole_cards=4, threads=None):
    """Omaha high over an (n, hole_cards + board) array of 0-51 indices: hole cards first, then 3-5 board cards."""
    cdef Job job
    job.kind = OMAHA
    job.hole_cards = hole_cards
    return run_job(hands, _batch.omaha_view(hands, hole_cards), &job, threads, [])


def evaluate_low_many(hands, game="a-5", threads=None):
    """The best low of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7 (lower is better)."""
    cdef Job job
    job.kind = LOW
    job.low = low_game(game)
    return run_job(hands, _batch.hands_view(hands), &job, threads, [])


# ---- equity: every board, or sampled deals -------------------------------------------------

cdef enum:
    MAX_PLAYERS = 10  # sizes the arrays below; _batch.MAX_PLAYERS checks the input against it
    BLOCK = 1024      # trials per random stream (wyrand): the result does not depend on the thread count
    BATCH = 32        # trials dealt before their hash lookups run, side by side


cdef struct Hole:
    uint64_t product  # prime product of a player's hole cards
    uint64_t bits     # a bit per card index
    uint32_t counts   # suit counters, as rank_indices keeps them
    uint32_t mask[4]  # rank bits, per suit


cdef struct Hands:
    int k
    const Hole* hole[MAX_PLAYERS]


cdef struct BoardState:
    uint64_t product
    uint32_t counts
    uint32_t mask[4]


cdef struct Tally:
    uint64_t by_winners[1 << MAX_PLAYERS]  # boards, by the set of players who share them (bit i: player i)


cdef inline void add_card(BoardState* b, uint64_t c) noexcept nogil:
    b.product *= INDEX_PRIME[c]
    b.counts += INDEX_SUIT_COUNT[c]
    b.mask[c & 3] |= INDEX_RANK_BIT[c]


cdef inline uint16_t flush_rank(const Hole* h, const BoardState* b) noexcept nogil:
    """The flush these hole cards make with the board, else 0."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef int suit
    if not flush:
        return 0
    suit = flush_suit(flush)
    return HR_FLUSH[b.mask[suit] | h.mask[suit]]


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline void share_board(const uint16_t* ranks, int k, Tally* t) noexcept nogil:
    """Count the board for the set of players with the best rank (one of them, or a tie)."""
    cdef uint16_t best = 0xFFFF
    cdef int i
    cdef uint32_t winners = 0
    for i in range(k):
        best = min(best, ranks[i])
    for i in range(k):  # no branches: who wins is a coin toss to the branch predictor
        winners |= <uint32_t>(ranks[i] == best) << i
    t.by_winners[winners] += 1


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline void score(const Hands* h, const BoardState* b, Tally* t) noexcept nogil:
    """Rank every player's seven cards and share the board among the best."""
    cdef uint16_t ranks[MAX_PLAYERS]
    cdef int i
    for i in range(h.k):
        ranks[i] = flush_rank(h.hole[i], b)
        if not ranks[i]:
            ranks[i] = rank_product(b.product * h.hole[i].product)
    share_board(ranks, h.k, t)


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline void rank_keys(uint16_t* ranks, const uint64_t* keys, int n) noexcept nogil:
    """The rank of each of ``n`` prime products whose rank is still 0 (no flush): lookups that overlap in memory."""
    cdef int i
    cdef uint16_t r
    for i in range(n):
        r = rank_product(keys[i])
        ranks[i] = ranks[i] if ranks[i] else r


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline void deal_last(const Hands* h, const int k, const BoardState* b, const uint8_t* deck, int n_deck,
                           int start, Tally* t) noexcept nogil:
    """Every last board card from ``deck[start:]``, ranked a batch at a time (``k`` is ``h.k``)."""
    cdef int j, d, m, i
    cdef BoardState last
    cdef uint16_t ranks[BATCH * MAX_PLAYERS]
    cdef uint64_t keys[BATCH * MAX_PLAYERS]
    j = start
    while j < n_deck:
        m = min(BATCH, n_deck - j)
        for d in range(m):
            last = b[0]
            add_card(&last, deck[j + d])
            for i in range(k):
                ranks[d * k + i] = flush_rank(h.hole[i], &last)
                keys[d * k + i] = last.product * h.hole[i].product
        rank_keys(ranks, keys, m * k)
        for d in range(m):
            share_board(&ranks[d * k], k, t)
        j += m


cdef void deal_rest(const Hands* h, const BoardState* b, const uint8_t* deck, int n_deck, int start, int need,
                    Tally* t) noexcept nogil:
    """Every way to add ``need`` cards from ``deck[start:]`` to the board."""
    cdef int j
    cdef BoardState next_board
    if need == 0:
        score(h, b, t)
        return
    if need == 1:
        if h.k == 2:  # a constant k lets the compiler unroll the per-player loops of heads-up play
            deal_last(h, 2, b, deck, n_deck, start, t)
        else:
            deal_last(h, h.k, b, deck, n_deck, start, t)
        return
    for j in range(start, n_deck - need + 1):
        next_board = b[0]
        add_card(&next_board, deck[j])
        deal_rest(h, &next_board, deck, n_deck, j + 1, need - 1, t)


cdef inline void clear_hole(Hole* h) noexcept nogil:
    h.product = 1
    h.bits = 0
    h.counts = 0
    h.mask[0] = h.mask[1] = h.mask[2] = h.mask[3] = 0


cdef inline void add_hole_card(Hole* h, uint64_t c) noexcept nogil:
    h.product *= INDEX_PRIME[c]
    h.bits |= 1ULL << c
    h.counts += INDEX_SUIT_COUNT[c]
    h.mask[c & 3] |= INDEX_RANK_BIT[c]


# A bit no card has. The range kernels keep it in every set of used cards and give it, alone, to a
# combo that repeats a card: such a combo then never fits a deal, with no test of its own.
cdef uint64_t OFF_DECK = 1ULL << 63


cdef Hole* combo_holes(const uint8_t[::1] combos, Py_ssize_t n) except NULL:
    """The ``n`` combos of a range (two card indices each), ready to score; the caller frees them."""
    cdef Hole* holes = <Hole*>PyMem_Malloc(n * sizeof(Hole))
    cdef Py_ssize_t j
    if not holes:
        raise MemoryError()
    for j in range(n):
        clear_hole(&holes[j])
        add_hole_card(&holes[j], combos[2 * j])
        if combos[2 * j + 1] == combos[2 * j]:
            holes[j].bits = OFF_DECK
        else:
            add_hole_card(&holes[j], combos[2 * j + 1])
    return holes


cdef uint64_t fixed_cards(list board, dead):
    """A bit per board or dead card, and OFF_DECK."""
    cdef uint64_t fixed = OFF_DECK
    for c in board + list(dead):
        fixed |= 1ULL << <int>c
    return fixed


cdef BoardState start_board(list board) except *:
    cdef BoardState b
    b.product = 1
    b.counts = 0
    b.mask[0] = b.mask[1] = b.mask[2] = b.mask[3] = 0
    for c in board:
        add_card(&b, c)
    return b


cdef list by_winners_out(const Tally* t, int k):
    return [t.by_winners[winners] for winners in range(1 << k)]


cdef class _ExactJob:
    """One enumeration, split by the first dealt card so that threads can share it."""
    cdef Hole holes[MAX_PLAYERS]
    cdef Hands hands
    cdef BoardState board
    cdef uint8_t deck[52]
    cdef int n_deck, need

    def run(self, int lo, int hi):
        cdef Tally t
        cdef int first
        cdef BoardState b
        memset_tally(&t)
        with nogil:
            if self.need == 0:
                if lo == 0:
                    score(&self.hands, &self.board, &t)
            else:
                for first in range(lo, hi):
                    b = self.board
                    add_card(&b, self.deck[first])
                    deal_rest(&self.hands, &b, self.deck, self.n_deck, first + 1, self.need - 1, &t)
        return by_winners_out(&t, self.hands.k)


def exact_showdowns(holes, board=(), dead=(), threads=None):
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 / k units.
    """
    holes, board, deck = _batch.equity_args(holes, board, dead)
    if not holes:
        raise ValueError(f"expected 1 to {MAX_PLAYERS} players, got 0")
    cdef _ExactJob job = _ExactJob()
    cdef int j
    job.need = 5 - len(board)
    job.n_deck = len(deck)
    for j in range(job.n_deck):
        job.deck[j] = deck[j]
    job.board = start_board(board)
    job.hands.k = len(holes)
    for j, hole in enumerate(holes):
        clear_hole(&job.holes[j])
        for c in hole:
            add_hole_card(&job.holes[j], c)
        job.hands.hole[j] = &job.holes[j]
    firsts = max(job.n_deck - job.need + 1, 1)
    # The boards under each first card, so that every thread gets a fair share of them.
    work = [comb(job.n_deck - j - 1, job.need - 1) if job.need else 1 for j in range(firsts)]
    parts = _batch.run_balanced(job.run, work, _batch.threads_for(threads, sum(work)))
    return _batch.tallies_by_winners(_batch.add_by_winners(parts, job.hands.k), job.hands.k)


# ---- exact equity over every deal of the ranges ------------------------------------------------

cdef struct RangeDeal:
    int k, need
    BoardState board
    int n[MAX_PLAYERS]                # each player's combos ...
    const Hole* holes[MAX_PLAYERS]    # ... ready to score (combo_holes)
    const double* weights[MAX_PLAYERS]


cdef struct RangeRun:
    Hands h
    Tally t
    double by_winners[1 << MAX_PLAYERS]  # weights of the boards, by the set of players who share them
    int64_t boards
    int64_t deals
    int* stop  # the job's flag: Ctrl-C, or another thread's failure, ends every run early


cdef int propagate_error() except -1:
    return -1  # Cython raises the exception that is set


@cython.boundscheck(False)
@cython.wraparound(False)
cdef void deal_ranges(const RangeDeal* r, int i, uint64_t used, double weight, RangeRun* run) noexcept nogil:
    """Players ``i`` on take every combo that fits, in order; then every board, weighted by ``weight``."""
    cdef int j, n_deck
    cdef uint32_t winners
    cdef uint8_t deck[52]
    cdef const Hole* hole
    if i == r.k:
        run.deals += 1
        if run.deals % 4096 == 0:  # now and then, a look for Ctrl-C (it only shows in the main thread)
            with gil:
                if signals_raised() < 0:
                    run.stop[0] = 1  # the exception stays set for run() to raise
        n_deck = 0
        for j in range(52):
            if not (used >> j) & 1:
                deck[n_deck] = j
                n_deck += 1
        memset(run.t.by_winners, 0, sizeof(uint64_t) << r.k)
        if r.need == 0:
            score(&run.h, &r.board, &run.t)
        else:
            deal_rest(&run.h, &r.board, deck, n_deck, 0, r.need, &run.t)
        for winners in range(1, 1 << r.k):
            if run.t.by_winners[winners]:
                run.by_winners[winners] += weight * <double>run.t.by_winners[winners]
                run.boards += run.t.by_winners[winners]
        return
    for j in range(r.n[i]):
        if run.stop[0]:
            return
        hole = &r.holes[i][j]
        if used & hole.bits:
            continue  # these hands collide: this deal cannot happen
        run.h.hole[i] = hole
        deal_ranges(r, i + 1, used | hole.bits, weight * r.weights[i][j], run)


cdef class _RangeJob:
    """One exact enumeration over the ranges, split into parts of the first player's combos."""
    cdef object keep  # the weight buffers the deal points into
    cdef list bounds  # each part's slice of the first player's combos
    cdef RangeDeal deal
    cdef uint64_t fixed  # fixed_cards()
    cdef int stop
    cdef Hole* holes[MAX_PLAYERS]  # owned

    def __dealloc__(self):
        cdef int i
        for i in range(MAX_PLAYERS):
            PyMem_Free(self.holes[i])

    def cancel(self):
        self.stop = 1

    def run(self, int lo, int hi):
        cdef RangeRun run
        cdef int part
        cdef Py_ssize_t first, last
        run.h.k = self.deal.k
        run.stop = &self.stop
        run.deals = 0
        out = []
        for part in range(lo, hi):
            first, last = self.bounds[part]
            run.boards = 0
            with nogil:
                memset(run.by_winners, 0, sizeof(double) << self.deal.k)
                self.run_part(first, last, &run)
            if self.stop:
                if PyErr_Occurred():
                    propagate_error()  # Ctrl-C seen here
                raise KeyboardInterrupt  # seen by another thread
            out.append(([run.by_winners[w] for w in range(1 << self.deal.k)], run.boards))
        return out

    cdef void run_part(self, Py_ssize_t first, Py_ssize_t last, RangeRun* run) noexcept nogil:
        cdef Py_ssize_t j
        cdef const Hole* hole
        for j in range(first, last):
            hole = &self.deal.holes[0][j]
            if hole.bits & self.fixed:
                continue
            run.h.hole[0] = hole
            deal_ranges(&self.deal, 1, self.fixed | hole.bits, self.deal.weights[0][j], run)


def exact_range_showdowns(players, board=(), dead=(), threads=None):
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: ``array('B')`` of 2n card indices
    and ``array('d')`` of n weights. Each deal counts with the product of its
    combos' weights; the same sums as the pure implementation, on any thread count.
    """
    board = _batch.range_args(players, board, dead)
    cdef int k = len(players), i
    cdef const uint8_t[::1] combos
    cdef const double[::1] weights
    cdef _RangeJob job = _RangeJob()
    job.keep = []
    job.deal.k = k
    job.deal.need = 5 - len(board)
    job.deal.board = start_board(board)
    job.fixed = fixed_cards(board, dead)
    for i, (combos, weights) in enumerate(players):
        job.deal.n[i] = len(weights)
        job.holes[i] = combo_holes(combos, job.deal.n[i])
        job.deal.holes[i] = job.holes[i]
        job.deal.weights[i] = &weights[0]
        job.keep.append(weights)
    job.bounds = _batch.range_part_bounds(job.deal.n[0])
    work = comb(52 - len(board) - len(dead) - 2 * k, job.deal.need)
    for i in range(k):
        work *= job.deal.n[i]
    parts = _batch.run_parts(job.run, len(job.bounds), _batch.threads_for(threads, work // 64), job.cancel)
    return _batch.range_tallies([p for chunk in parts for p in chunk], k)


cdef inline void memset_tally(Tally* t) noexcept nogil:
    memset(t, 0, sizeof(Tally))


cdef extern from *:
    """
    /* wyrand (Wang Yi): a Weyl sequence mixed by one 64 x 64 -> 128-bit multiply, the two halves xored. */
    #if defined(_MSC_VER) && !defined(__SIZEOF_INT128__) && (defined(_M_X64) || defined(_M_ARM64))
    #include <intrin.h>
    #endif
    static CYTHON_INLINE uint64_t hr_wyrand(uint64_t* state) {
        uint64_t a = (*state += 0xA0761D6478BD642FULL), b = a ^ 0xE7037ED1A0B428DBULL;
    #if defined(__SIZEOF_INT128__)
        unsigned __int128 t = (unsigned __int128)a * b;
        return (uint64_t)(t >> 64) ^ (uint64_t)t;
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
        return __umulh(a, b) ^ (a * b);
    #else  /* the high half from 32-bit pieces: the same number, more steps */
        uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
        uint64_t lh = al * bh, hl = ah * bl;
        uint64_t mid = ((al * bl) >> 32) + (uint32_t)lh + (uint32_t)hl;
        return (ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32)) ^ (a * b);
    #endif
    }
    """
    uint64_t hr_wyrand(uint64_t* state) noexcept nogil


cdef inline void count_card(BoardState* b, uint64_t c) noexcept nogil:
    """``add_card`` but for the rank masks, which only a flush needs (``flush_rank_counted``)."""
    b.product *= INDEX_PRIME[c]
    b.counts += INDEX_SUIT_COUNT[c]


cdef inline uint16_t flush_rank_counted(const Hole* h, const BoardState* b, uint64_t counted) noexcept nogil:
    """``flush_rank`` for a board with the cards of ``counted`` (a bit per index) added by ``count_card``."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef uint32_t mask
    cdef int suit, rank
    if not flush:
        return 0
    suit = flush_suit(flush)
    mask = b.mask[suit] | h.mask[suit]
    counted >>= suit
    for rank in range(13):  # index 4 x rank + suit
        mask |= <uint32_t>((counted >> (4 * rank)) & 1) << rank
    return HR_FLUSH[mask]


cdef struct Sampler:
    int n                      # combos in the player's range (1 for a known hand)
    const Hole* holes          # each combo, ready to score
    const uint64_t* keep_below  # alias method: keep combo i if 32 random bits are below keep_below[i] ...
    const int32_t* alias       # ... else take alias[i]


@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline int sample_blocks(const Sampler* players, const int k, const BoardState* start, uint64_t fixed,
                              int need, uint64_t seed, int64_t trials, int64_t first_block, int64_t last_block,
                              Tally* t) noexcept nogil:
    """Deal and score the trials of blocks [first_block, last_block); -1 if the ranges cannot be dealt."""
    cdef int64_t block, trial, stop
    cdef uint64_t state, x, used, held, c
    cdef int i, j, drawn, tries, dealt = 0
    cdef uint16_t ranks[BATCH * MAX_PLAYERS]
    cdef uint64_t keys[BATCH * MAX_PLAYERS]
    cdef const Hole* hole
    cdef Hands h
    cdef BoardState board
    h.k = k
    for block in range(first_block, last_block):
        state = seed + <uint64_t>block * 0xD1B54A32D192ED03ULL
        stop = min(trials, (block + 1) * BLOCK)
        trial = block * BLOCK
        tries = 0
        while trial < stop:
            used = fixed
            for i in range(k):
                j = 0
                if players[i].n > 1:  # a known hand takes no random number
                    x = hr_wyrand(&state)
                    j = <int>(((x >> 32) * <uint64_t>players[i].n) >> 32)
                    if (x & 0xFFFFFFFFULL) >= players[i].keep_below[j]:
                        j = players[i].alias[j]
                hole = &players[i].holes[j]
                if used & hole.bits:
                    break
                used |= hole.bits
                h.hole[i] = hole
            else:
                board = start[0]
                held = used
                drawn = 0
                while drawn < need:
                    # Two draws from each random number: its low half, then its high half.
                    x = hr_wyrand(&state)
                    c = ((x & 0xFFFFFFFFULL) * 52) >> 32
                    if not (used >> c) & 1:
                        used |= 1ULL << c
                        count_card(&board, c)
                        drawn += 1
                    c = ((x >> 32) * 52) >> 32
                    if drawn < need and not (used >> c) & 1:
                        used |= 1ULL << c
                        count_card(&board, c)
                        drawn += 1
                for i in range(k):  # the lookups wait: a batch of them overlaps in memory
                    ranks[dealt * k + i] = flush_rank_counted(h.hole[i], &board, used ^ held)
                    keys[dealt * k + i] = board.product * h.hole[i].product
                dealt += 1
                trial += 1
                tries = 0
                if dealt == BATCH or trial == stop:
                    rank_keys(ranks, keys, dealt * k)
                    for i in range(dealt):
                        share_board(&ranks[i * k], k, t)
                    dealt = 0
                continue
            tries += 1  # the hands collided: deal the whole trial again
            if tries > 100000:
                return -1
    return 0


def sampled_showdowns(players, board=(), dead=(), trials=100000, seed=0, threads=None):
    """Monte Carlo: ``trials`` deals of the players' ranges and the rest of the board.

    ``players`` are (combos, prob, alias) triples: ``array('B')`` of 2n card
    indices, and the alias tables of the combo weights (``equity.alias_table``).
    Deterministic for a seed, whatever the thread count. Returns what
    ``exact_showdowns`` returns, with ``boards`` the number of trials.
    """
    board = _batch.sampling_args(players, board, dead, trials)
    cdef int k = len(players), i, j, n
    cdef const uint8_t[::1] combos
    cdef const double[::1] prob
    cdef const int32_t[::1] alias
    cdef double p
    cdef _SampleJob job = _SampleJob()
    job.keep = []
    job.k = k
    for i, (combos, prob, alias) in enumerate(players):
        n = len(prob)
        job.holes[i] = combo_holes(combos, n)
        job.keep_below[i] = <uint64_t*>PyMem_Malloc(n * sizeof(uint64_t))
        if not job.keep_below[i]:
            raise MemoryError()
        for j in range(n):
            # u / 2**32 >= p exactly when u >= ceil(p * 2**32), for a 32-bit u: the same test, in integers.
            p = prob[j]
            job.keep_below[i][j] = 0 if p <= 0 else <uint64_t>ceil(p * 4294967296.0) if p <= 1 else 1ULL << 32
        job.players[i].n = n
        job.players[i].holes = job.holes[i]
        job.players[i].keep_below = job.keep_below[i]
        job.players[i].alias = &alias[0]
        job.keep.append(alias)
    job.start = start_board(board)
    job.fixed = fixed_cards(board, dead)
    job.need = 5 - len(board)
    job.seed = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    job.trials = trials
    blocks = -(-trials // BLOCK)
    parts = _batch.run_parts(job.run, blocks, _batch.threads_for(threads, blocks * 64), job.cancel)
    return _batch.tallies_by_winners(_batch.add_by_winners(parts, k), k)


cdef class _SampleJob:
    """One Monte Carlo run, split by blocks of trials so that threads can share it."""
    cdef object keep  # the alias tables the samplers point into
    cdef Sampler players[MAX_PLAYERS]
    cdef Hole* holes[MAX_PLAYERS]          # owned: each player's combos, ready to score
    cdef uint64_t* keep_below[MAX_PLAYERS]  # owned: the alias thresholds
    cdef int k, need, stop
    cdef BoardState start
    cdef uint64_t fixed, seed
    cdef int64_t trials

    def __dealloc__(self):
        cdef int i
        for i in range(MAX_PLAYERS):
            PyMem_Free(self.holes[i])
            PyMem_Free(self.keep_below[i])

    def cancel(self):
        self.stop = 1

    def run(self, int64_t lo, int64_t hi):
        cdef Tally t
        cdef int status = 0
        cdef int64_t first, last
        memset_tally(&t)
        first = lo
        while first < hi and status == 0:
            last = min(hi, first + 256)  # a few ms of trials between looks for Ctrl-C
            with nogil:
                if self.k == 2:  # a constant k lets the compiler unroll the per-player loops of heads-up play
                    status = sample_blocks(self.players, 2, &self.start, self.fixed, self.need, self.seed,
                                           self.trials, first, last, &t)
                else:
                    status = sample_blocks(self.players, self.k, &self.start, self.fixed, self.need, self.seed,
                                           self.trials, first, last, &t)
            if signals_raised() < 0:
                propagate_error()
            if self.stop:
                raise KeyboardInterrupt  # seen by another thread
            first = last
        if status < 0:
            raise ValueError("the ranges collide too often to deal: no hands left that fit together")
        return by_winners_out(&t, self.k)


# ---- exhaustive enumeration ------------------------------------------------------------------

@cython.boundscheck(False)
@cython.wraparound(False)
cdef void count_below(int left, int first, uint64_t p, uint32_t* m, uint64_t* counts) noexcept nogil:
    """Count every hand that adds ``left`` cards from index ``first`` on to the cards behind ``p`` and ``m``."""
    cdef int c, s
    cdef uint32_t card, saved
    cdef uint16_t f, found = HR_FLUSH[m[0]] | HR_FLUSH[m[1]] | HR_FLUSH[m[2]] | HR_FLUSH[m[3]]
    if left == 1:
        for c in range(first, 52):
            card = HR_DECK[c]
            # A flush in this card's suit beats the one (if any) in another suit; else the product.
            f = HR_FLUSH[m[c & 3] | card >> 16]
            if not f:
                f = found
            if not f:
                f = rank_product(p * (card & 0xFF))
            counts[f] += 1
        return
    for c in range(first, 53 - left):
        card = HR_DECK[c]
        s = c & 3
        saved = m[s]
        m[s] = saved | card >> 16
        count_below(left - 1, c + 1, p * (card & 0xFF), m, counts)
        m[s] = saved


def rank_counts(int n, progress=None):
    """How many ``n``-card hands (n = 5, 6 or 7) have each rank: a list indexed by rank, [0] = 0.

    Enumerates every hand in compiled code; ``progress(done, total)`` is called as it goes.
    """
    if n not in (5, 6, 7):
        raise ValueError(f"expected 5, 6 or 7 cards, got {n}")
    cdef uint64_t counts[7463]
    cdef uint32_t m[4]
    cdef int first
    cdef uint32_t card
    counts[:] = [0] * 7463
    for first in range(53 - n):
        card = HR_DECK[first]
        m[:] = [0, 0, 0, 0]
        m[first & 3] = card >> 16
        with nogil:
            count_below(n - 1, first + 1, card & 0xFF, m, counts)
        if progress is not None:
            progress(first + 1, 53 - n)
    return [counts[r] for r in range(7463)]
