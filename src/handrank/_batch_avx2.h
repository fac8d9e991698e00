/* evaluate_many's AVX2 kernel: 32 rows of k = 5..7 byte card indices at a time.
 *
 * The rows are transposed (a byte of each of 32 rows per register), then each row's cards are
 * sorted by a sorting network, which finds repeated cards as equal neighbours and puts the ranks
 * in order. The sorted ranks r0 <= ... <= r(k-1) of a hand without a flush have a dense index,
 * the sum of C(ri + i, i + 1) (the combinatorial number system on ri + i, which strictly
 * increases), below C(12 + k, k): one read of a table the caller fills from the perfect hash
 * gives the value. A row with five or more cards of one suit reads the flush table instead, at
 * the rank mask of that suit. The kernel returns nonzero if any row holds a value past 51 or a
 * repeated card: the caller then ranks those rows with the portable kernel, which names the
 * first bad one.
 *
 * Compiled for AVX2 by a target attribute and used only when the CPU says it has AVX2, so the
 * module itself assumes no more than its platform tag. GCC on x86_64 only (what the Linux wheels
 * are built with); elsewhere the portable kernel runs. -DHR_NO_AVX2 leaves it out.
 */
#ifndef HR_BATCH_AVX2_H
#define HR_BATCH_AVX2_H

#include <stdint.h>
#include <string.h>

/* hr_rank_term[i][r] = C(r + i, i + 1): what the i-th lowest rank r adds to a row's index. */
static uint16_t hr_rank_term[7][16];

static void hr_fill_rank_terms(void) {
    int i, r, n;
    for (i = 0; i < 7; i++)
        for (r = 0; r < 16; r++) {
            uint32_t c = 1;  /* C(r + i, n) for n = 1 .. i + 1, each step a whole number */
            for (n = 1; n <= i + 1; n++)
                c = c * (uint32_t)(r + i + 1 - n) / (uint32_t)n;
            hr_rank_term[i][r] = (uint16_t)(r < 13 ? c : 0);
        }
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(HR_NO_AVX2)
#include <immintrin.h>

static int hr_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/* hr_spread[k - 5]: the byte shuffle that turns two rows of k cards (the first 2k bytes) into
   k pairs of bytes, card j of both rows in pair j; hr_term_lo/hi[i]: hr_rank_term[i]'s low and
   high bytes. All of them twice, once for each 128-bit half. */
static uint8_t hr_spread[3][32] __attribute__((aligned(32)));
static uint8_t hr_term_lo[7][32] __attribute__((aligned(32)));
static uint8_t hr_term_hi[7][32] __attribute__((aligned(32)));

static void hr_avx2_init(void) {
    int k, j, i, r, half;
    hr_fill_rank_terms();
    for (half = 0; half < 32; half += 16) {
        for (k = 5; k <= 7; k++)
            for (j = 0; j < 8; j++) {
                hr_spread[k - 5][half + 2 * j] = (uint8_t)(j < k ? j : 0x80);
                hr_spread[k - 5][half + 2 * j + 1] = (uint8_t)(j < k ? k + j : 0x80);
            }
        for (i = 0; i < 7; i++)
            for (r = 0; r < 16; r++) {
                hr_term_lo[i][half + r] = (uint8_t)(hr_rank_term[i][r] & 0xFF);
                hr_term_hi[i][half + r] = (uint8_t)(hr_rank_term[i][r] >> 8);
            }
    }
}

#ifndef HR_FLUSH_TEST_UP_TO
#define HR_FLUSH_TEST_UP_TO 5
#endif
#define HR_SORT2(a, b) do { __m256i lo_ = _mm256_min_epu8(a, b); b = _mm256_max_epu8(a, b); a = lo_; } while (0)
#define HR_LOAD(p) (*(const __m256i*)(p))

/* Where 32 rows (rows 0-15 in the low 128-bit half of each register, 16-31 in the high one) look
   their values up: plain + their index, or for a flush flush + the rank mask of its suit. Reads
   16 - 2k bytes past the last row. Returns nonzero bytes for a row with a value past 51 or a
   repeated card. */
static inline __attribute__((always_inline, target("avx2")))
__m256i hr_block_avx2(const uint8_t* rows, const int k, __m256i plain, __m256i flush_at, uint16_t* out) {
    __m256i s[8], t[8], u[8], x[7];
    int j;
    /* Transpose: pairs of rows as k byte pairs, then unpacks of 16, 32 and 64 bits: x[j] holds card j
       of every row, in row order. */
    for (j = 0; j < 8; j++)
        s[j] = _mm256_shuffle_epi8(
            _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i*)(rows + 2 * k * j))),
                                    _mm_loadu_si128((const __m128i*)(rows + 16 * k + 2 * k * j)), 1),
            HR_LOAD(hr_spread[k - 5]));
    for (j = 0; j < 4; j++) {
        t[j] = _mm256_unpacklo_epi16(s[2 * j], s[2 * j + 1]);       /* cards 0-3 of four rows */
        t[j + 4] = _mm256_unpackhi_epi16(s[2 * j], s[2 * j + 1]);   /* cards 4-7 */
    }
    for (j = 0; j < 2; j++) {
        u[4 * j] = _mm256_unpacklo_epi32(t[4 * j], t[4 * j + 1]);         /* cards 4j, 4j+1 of rows 0-7 */
        u[4 * j + 1] = _mm256_unpacklo_epi32(t[4 * j + 2], t[4 * j + 3]); /* of rows 8-15 */
        u[4 * j + 2] = _mm256_unpackhi_epi32(t[4 * j], t[4 * j + 1]);     /* cards 4j+2, 4j+3 of rows 0-7 */
        u[4 * j + 3] = _mm256_unpackhi_epi32(t[4 * j + 2], t[4 * j + 3]);
    }
    for (j = 0; j < k; j++) {
        int q = 4 * (j >> 2) + 2 * ((j >> 1) & 1);
        x[j] = j & 1 ? _mm256_unpackhi_epi64(u[q], u[q + 1]) : _mm256_unpacklo_epi64(u[q], u[q + 1]);
    }
    /* Suit counters: clubs and diamonds in the nibbles of one byte, hearts and spades in another
       (a byte shuffle reads the card's low four bits, whose low two are its suit). */
    const __m256i cd = _mm256_setr_epi8(1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0,
                                        1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0);
    const __m256i hs = _mm256_setr_epi8(0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16,
                                        0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16);
    __m256i count_cd = _mm256_setzero_si256(), count_hs = _mm256_setzero_si256();
    for (j = 0; j < k; j++) {
        count_cd = _mm256_add_epi8(count_cd, _mm256_shuffle_epi8(cd, x[j]));
        count_hs = _mm256_add_epi8(count_hs, _mm256_shuffle_epi8(hs, x[j]));
    }
    /* A nibble counts 7 at most: adding 3 sets its top bit exactly from five on. */
    const __m256i threes = _mm256_set1_epi8(0x33), tops = _mm256_set1_epi8((char)0x88);
    __m256i flush_cd = _mm256_and_si256(_mm256_add_epi8(count_cd, threes), tops);
    __m256i flush_hs = _mm256_and_si256(_mm256_add_epi8(count_hs, threes), tops);
    /* The flush suit where a row has one (else 0): bit 0 for diamonds or spades, bit 1 for hearts or spades. */
    const __m256i ones = _mm256_set1_epi8(1), twos = _mm256_set1_epi8(2), zero = _mm256_setzero_si256();
    __m256i flush_suit = _mm256_or_si256(
        _mm256_and_si256(_mm256_srli_epi16(_mm256_or_si256(flush_cd, flush_hs), 7), ones),
        _mm256_andnot_si256(_mm256_cmpeq_epi8(flush_hs, zero), twos));
    __m256i no_flush = _mm256_cmpeq_epi8(_mm256_or_si256(flush_cd, flush_hs), zero);
    /* Optimal sorting networks for 5, 6 and 7 values. */
    if (k == 5) {
        HR_SORT2(x[0], x[1]); HR_SORT2(x[3], x[4]); HR_SORT2(x[2], x[4]); HR_SORT2(x[2], x[3]);
        HR_SORT2(x[0], x[3]); HR_SORT2(x[0], x[2]); HR_SORT2(x[1], x[4]); HR_SORT2(x[1], x[3]);
        HR_SORT2(x[1], x[2]);
    } else if (k == 6) {
        HR_SORT2(x[1], x[2]); HR_SORT2(x[4], x[5]); HR_SORT2(x[0], x[2]); HR_SORT2(x[3], x[5]);
        HR_SORT2(x[0], x[1]); HR_SORT2(x[3], x[4]); HR_SORT2(x[1], x[4]); HR_SORT2(x[0], x[3]);
        HR_SORT2(x[2], x[5]); HR_SORT2(x[1], x[3]); HR_SORT2(x[2], x[4]); HR_SORT2(x[2], x[3]);
    } else {
        HR_SORT2(x[1], x[2]); HR_SORT2(x[3], x[4]); HR_SORT2(x[5], x[6]); HR_SORT2(x[0], x[2]);
        HR_SORT2(x[3], x[5]); HR_SORT2(x[4], x[6]); HR_SORT2(x[0], x[1]); HR_SORT2(x[4], x[5]);
        HR_SORT2(x[2], x[6]); HR_SORT2(x[0], x[4]); HR_SORT2(x[1], x[5]); HR_SORT2(x[0], x[3]);
        HR_SORT2(x[2], x[5]); HR_SORT2(x[1], x[3]); HR_SORT2(x[2], x[4]); HR_SORT2(x[2], x[3]);
    }
    /* Bad: the highest card past 51 (a negative int8 is past it too), or equal neighbours. */
    __m256i bad = _mm256_subs_epu8(x[k - 1], _mm256_set1_epi8(51));
    for (j = 1; j < k; j++)
        bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(x[j - 1], x[j]));
    /* The index in 16 bits: rows 0-7 and 16-23 in `low`, rows 8-15 and 24-31 in `high`. Every
       rank term is at most its value for a king, so even a bad row's index stays in the table. */
    __m256i low = plain, high = plain;
    const __m256i rank_bits = _mm256_set1_epi8(0x3F);
    for (j = 0; j < k; j++) {
        __m256i r = _mm256_and_si256(_mm256_srli_epi16(x[j], 2), rank_bits);
        __m256i lo = _mm256_shuffle_epi8(HR_LOAD(hr_term_lo[j]), r);
        __m256i hi = _mm256_shuffle_epi8(HR_LOAD(hr_term_hi[j]), r);
        low = _mm256_add_epi16(low, _mm256_unpacklo_epi8(lo, hi));
        high = _mm256_add_epi16(high, _mm256_unpackhi_epi8(lo, hi));
    }
    /* The rank mask of the flush suit: a rank's bit (low byte, high byte) for a card of that suit;
       for the others the shuffle index's top bit is set, which gives zero. Five cards rarely
       make a flush: a test skips the work for them. */
    __m256i mask_lo = zero, mask_hi = zero;
    if (k > HR_FLUSH_TEST_UP_TO || !_mm256_testc_si256(no_flush, _mm256_set1_epi8(-1))) {
        const __m256i bit_lo = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                                1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
        const __m256i bit_hi = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 0, 0, 0,
                                                0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 0, 0, 0);
        const __m256i suits = _mm256_set1_epi8(3);
        for (j = 0; j < k; j++) {
            __m256i other_suit = _mm256_cmpgt_epi8(_mm256_and_si256(_mm256_xor_si256(x[j], flush_suit), suits), zero);
            __m256i r = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(x[j], 2), rank_bits), other_suit);
            mask_lo = _mm256_or_si256(mask_lo, _mm256_shuffle_epi8(bit_lo, r));
            mask_hi = _mm256_or_si256(mask_hi, _mm256_shuffle_epi8(bit_hi, r));
        }
    }
    __m256i low_plain = _mm256_unpacklo_epi8(no_flush, no_flush), high_plain = _mm256_unpackhi_epi8(no_flush, no_flush);
    low = _mm256_blendv_epi8(_mm256_add_epi16(flush_at, _mm256_unpacklo_epi8(mask_lo, mask_hi)), low, low_plain);
    high = _mm256_blendv_epi8(_mm256_add_epi16(flush_at, _mm256_unpackhi_epi8(mask_lo, mask_hi)), high, high_plain);
    _mm256_storeu_si256((__m256i*)out, _mm256_permute2x128_si256(low, high, 0x20));
    _mm256_storeu_si256((__m256i*)(out + 16), _mm256_permute2x128_si256(low, high, 0x31));
    return bad;
}

/* Rows are k bytes each, back to back from `rows`: ranks 32 * blocks of them into `out`: their
   indices (hr_block_avx2), then what `table` holds there, four at a time. Reads 16 - 2k bytes
   past the last row. Returns nonzero if a row holds a value past 51 or a repeated card. */
__attribute__((target("avx2")))
static int hr_rank_rows_avx2(const uint8_t* rows, int k, Py_ssize_t blocks, const uint16_t* table,
                             uint16_t plain_at, uint16_t flush_at, uint16_t* out) {
    __m256i bad = _mm256_setzero_si256();
    const __m256i plain = _mm256_set1_epi16((short)plain_at), flush = _mm256_set1_epi16((short)flush_at);
    Py_ssize_t b;
    if (k == 7)
        for (b = 0; b < blocks; b++)
            bad = _mm256_or_si256(bad, hr_block_avx2(rows + 32 * 7 * b, 7, plain, flush, out + 32 * b));
    else if (k == 6)
        for (b = 0; b < blocks; b++)
            bad = _mm256_or_si256(bad, hr_block_avx2(rows + 32 * 6 * b, 6, plain, flush, out + 32 * b));
    else
        for (b = 0; b < blocks; b++)
            bad = _mm256_or_si256(bad, hr_block_avx2(rows + 32 * 5 * b, 5, plain, flush, out + 32 * b));
    for (b = 0; b < 32 * blocks; b += 4) {
        uint64_t four;
        memcpy(&four, out + b, 8);
        out[b] = table[four & 0xFFFF];
        out[b + 1] = table[(four >> 16) & 0xFFFF];
        out[b + 2] = table[(four >> 32) & 0xFFFF];
        out[b + 3] = table[four >> 48];
    }
    return !_mm256_testz_si256(bad, bad);
}

#else

static int hr_cpu_has_avx2(void) { return 0; }

static void hr_avx2_init(void) { hr_fill_rank_terms(); }

static int hr_rank_rows_avx2(const uint8_t* rows, int k, Py_ssize_t blocks, const uint16_t* table,
                             uint16_t plain_at, uint16_t flush_at, uint16_t* out) {
    (void)rows; (void)k; (void)blocks; (void)table; (void)plain_at; (void)flush_at; (void)out;  /* never called */
    return 1;
}

#endif
#endif
