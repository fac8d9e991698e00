/* evaluate_many's AVX2 kernel, included by simd.h (it does not compile alone): 32 rows at a
 * time, one byte of each row per 256-bit register, rows 0-15 in its low 128-bit half and 16-31
 * in the high one.
 */

/* hr_spread[k - 5]: the byte shuffle that turns two rows of k cards (the first 2k bytes) into
   k pairs of bytes, card j of both rows in pair j; hr_term_lo/hi[i]: hr_rank_term[i]'s low and
   high bytes. All of them twice, once for each 128-bit half. */
static uint8_t hr_spread[3][32] __attribute__((aligned(32)));
static uint8_t hr_term_lo[7][32] __attribute__((aligned(32)));
static uint8_t hr_term_hi[7][32] __attribute__((aligned(32)));

static void hr_avx2_init(void) {
    int k, j, i, r, half;
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

#define HR_SORT2(a, b) do { __m256i lo_ = _mm256_min_epu8(a, b); b = _mm256_max_epu8(a, b); a = lo_; } while (0)
#define HR_LOAD(p) (*(const __m256i*)(p))

/* Adds to `low` and `high` (16-bit lanes: rows 0-7 and 16-23, rows 8-15 and 24-31) what the sorted
   cards x[0..k) of each row give: a row without a flush the rank terms of its sorted ranks (every
   term is at most its value for a king, so even a bad row's index stays in the table), a row with
   one (if `flushes`) the bits of the ranks of its flush suit's cards, which sum to its rank mask. */
static inline __attribute__((always_inline, target("avx2")))
void hr_add_terms_avx2(const __m256i* x, const int k, const int flushes, __m256i flush_suit, __m256i no_flush,
                       __m256i* low, __m256i* high) {
    const __m256i rank_bits = _mm256_set1_epi8(0x3F);
    /* A rank's bit, low byte then high byte; a card's suit differs from the flush suit: 0xFF. */
    const __m256i bit_lo = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                            1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i bit_hi = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 0, 0, 0,
                                            0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 0, 0, 0);
    const __m256i other_suit = _mm256_setr_epi8(0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1,
                                                0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1);
    int j;
    for (j = 0; j < k; j++) {
        __m256i r = _mm256_and_si256(_mm256_srli_epi16(x[j], 2), rank_bits);
        __m256i lo = _mm256_shuffle_epi8(HR_LOAD(hr_term_lo[j]), r);
        __m256i hi = _mm256_shuffle_epi8(HR_LOAD(hr_term_hi[j]), r);
        if (flushes) {
            /* Off the flush suit, the index's top bit set: the byte shuffles give zero. */
            __m256i r_in_suit = _mm256_or_si256(r, _mm256_shuffle_epi8(other_suit, _mm256_xor_si256(x[j], flush_suit)));
            lo = _mm256_blendv_epi8(_mm256_shuffle_epi8(bit_lo, r_in_suit), lo, no_flush);
            hi = _mm256_blendv_epi8(_mm256_shuffle_epi8(bit_hi, r_in_suit), hi, no_flush);
        }
        *low = _mm256_add_epi16(*low, _mm256_unpacklo_epi8(lo, hi));
        *high = _mm256_add_epi16(*high, _mm256_unpackhi_epi8(lo, hi));
    }
}

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
    HR_SORTING_NETWORK(x, k, HR_SORT2);
    /* Bad: the highest card past 51 (a negative int8 is past it too), or equal neighbours. */
    __m256i bad = _mm256_subs_epu8(x[k - 1], _mm256_set1_epi8(51));
    for (j = 1; j < k; j++)
        bad = _mm256_or_si256(bad, _mm256_cmpeq_epi8(x[j - 1], x[j]));
    /* What each row looks up, in 16 bits: rows 0-7 and 16-23 in `low`, rows 8-15 and 24-31 in
       `high`. Five cards rarely make a flush: a test skips the flush work for them. */
    __m256i low, high;
    if (k > HR_FLUSH_TEST_UP_TO || !_mm256_testc_si256(no_flush, _mm256_set1_epi8(-1))) {
        __m256i low_plain = _mm256_unpacklo_epi8(no_flush, no_flush), high_plain = _mm256_unpackhi_epi8(no_flush, no_flush);
        low = _mm256_blendv_epi8(flush_at, plain, low_plain);
        high = _mm256_blendv_epi8(flush_at, plain, high_plain);
        hr_add_terms_avx2(x, k, 1, flush_suit, no_flush, &low, &high);
    } else {
        low = high = plain;
        hr_add_terms_avx2(x, k, 0, flush_suit, no_flush, &low, &high);
    }
    _mm256_storeu_si256((__m256i*)out, _mm256_permute2x128_si256(low, high, 0x20));
    _mm256_storeu_si256((__m256i*)(out + 16), _mm256_permute2x128_si256(low, high, 0x31));
    return bad;
}

/* Rows are k bytes each, back to back from `rows`: ranks n of them (a multiple of 32) into `out`:
   their indices (hr_block_avx2), then what `table` holds there. Reads 16 - 2k bytes past the last
   row. Returns nonzero if a row holds a value past 51 or a repeated card. */
__attribute__((target("avx2")))
static int hr_rank_rows_avx2(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                             uint16_t plain_at, uint16_t flush_at, uint16_t* out) {
    __m256i bad = _mm256_setzero_si256();
    const __m256i plain = _mm256_set1_epi16((short)plain_at), flush = _mm256_set1_epi16((short)flush_at);
#define HR_AVX2_STEP(b, K) bad = _mm256_or_si256(bad, hr_block_avx2(rows + K * b, K, plain, flush, out + b))
    HR_EACH_BLOCK(k, n, 32, HR_AVX2_STEP);
    hr_look_up(table, out, n);
    return !_mm256_testz_si256(bad, bad);
}
