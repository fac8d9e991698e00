/* evaluate_many's AVX-512 kernel, included by simd.h (it does not compile alone): 64 rows at a
 * time, one byte of each row per 512-bit register. Needs AVX-512 F, BW and VBMI: byte permutes
 * look cards up in 64-entry tables, and mask registers pick the cards of a flush suit.
 */

/* hr_spread512[k - 5]: the byte permute that turns eight rows of k cards (the first 8k bytes) into
   k pairs of bytes per 128-bit lane, card j of rows 2L and 2L + 1 in pair j of lane L. By card
   (0-63, past 51 as if a deuce): hr_card_term_lo/hi[i] the low and high bytes of its rank's term
   at sorted place i, hr_card_bit_lo/hi those of its rank's bit. hr_row_order[h]: the word
   permute that puts the 16-bit results of rows 32h to 32h + 31 in order (see hr_avx512_init). */
static uint8_t hr_spread512[3][64] __attribute__((aligned(64)));
static uint8_t hr_card_term_lo[7][64] __attribute__((aligned(64)));
static uint8_t hr_card_term_hi[7][64] __attribute__((aligned(64)));
static uint8_t hr_card_bit_lo[64] __attribute__((aligned(64)));
static uint8_t hr_card_bit_hi[64] __attribute__((aligned(64)));
static uint16_t hr_row_order[2][32] __attribute__((aligned(64)));

#define HR_AVX512_TARGET "avx512f,avx512bw,avx512vbmi"

/* x[j] = card j of each of 64 rows of k bytes (rows 8m + 2L and 8m + 2L + 1 in lane L of the m-th
   load: not in row order, which hr_row_order undoes). Reads no byte past the last row. */
static inline __attribute__((always_inline, target(HR_AVX512_TARGET)))
void hr_transpose_avx512(const uint8_t* rows, const int k, __m512i* x) {
    __m512i s[8], t[8], u[8];
    const __mmask64 eight_rows = (__mmask64)-1 >> (64 - 8 * k);
    int j;
    for (j = 0; j < 8; j++)
        s[j] = _mm512_permutexvar_epi8(_mm512_load_si512(hr_spread512[k - 5]),
                                       _mm512_maskz_loadu_epi8(eight_rows, rows + 8 * k * j));
    for (j = 0; j < 4; j++) {
        t[j] = _mm512_unpacklo_epi16(s[2 * j], s[2 * j + 1]);       /* cards 0-3 of four rows a lane */
        t[j + 4] = _mm512_unpackhi_epi16(s[2 * j], s[2 * j + 1]);   /* cards 4-7 */
    }
    for (j = 0; j < 2; j++) {
        u[4 * j] = _mm512_unpacklo_epi32(t[4 * j], t[4 * j + 1]);         /* cards 4j, 4j+1 of eight rows */
        u[4 * j + 1] = _mm512_unpacklo_epi32(t[4 * j + 2], t[4 * j + 3]); /* of the other eight */
        u[4 * j + 2] = _mm512_unpackhi_epi32(t[4 * j], t[4 * j + 1]);     /* cards 4j+2, 4j+3 */
        u[4 * j + 3] = _mm512_unpackhi_epi32(t[4 * j + 2], t[4 * j + 3]);
    }
    for (j = 0; j < k; j++) {
        int q = 4 * (j >> 2) + 2 * ((j >> 1) & 1);
        x[j] = j & 1 ? _mm512_unpackhi_epi64(u[q], u[q + 1]) : _mm512_unpacklo_epi64(u[q], u[q + 1]);
    }
}

/* Runs AVX-512 instructions: only on a CPU that has them. */
__attribute__((target(HR_AVX512_TARGET)))
static void hr_avx512_init(void) {
    int k, lane, j, i, card, p;
    for (k = 5; k <= 7; k++)
        for (lane = 0; lane < 4; lane++)
            for (j = 0; j < 8; j++) {
                hr_spread512[k - 5][16 * lane + 2 * j] = (uint8_t)(j < k ? k * 2 * lane + j : 0);
                hr_spread512[k - 5][16 * lane + 2 * j + 1] = (uint8_t)(j < k ? k * (2 * lane + 1) + j : 0);
            }
    for (card = 0; card < 64; card++) {
        int r = card < 52 ? card >> 2 : 0;
        for (i = 0; i < 7; i++) {
            hr_card_term_lo[i][card] = (uint8_t)(hr_rank_term[i][r] & 0xFF);
            hr_card_term_hi[i][card] = (uint8_t)(hr_rank_term[i][r] >> 8);
        }
        hr_card_bit_lo[card] = (uint8_t)((1 << r) & 0xFF);
        hr_card_bit_hi[card] = (uint8_t)((1 << r) >> 8);
    }
    /* Where each row lands: transpose rows whose cards are their row numbers. Byte p of a lane's
       bytes 0-7 becomes a word of the low unpack (lane L: words 8L to 8L + 7), of bytes 8-15 one
       of the high unpack (indices 32 on in a two-register word permute). */
    uint8_t probe[64 * 7], landed[64];
    __m512i x[7];
    for (j = 0; j < 64 * 7; j++)
        probe[j] = (uint8_t)(j / 7);
    hr_transpose_avx512(probe, 7, x);
    _mm512_storeu_si512(landed, x[0]);
    for (p = 0; p < 64; p++) {
        int lane = p / 16, byte = p % 16;
        hr_row_order[landed[p] / 32][landed[p] % 32] =
            (uint16_t)(byte < 8 ? 8 * lane + byte : 32 + 8 * lane + byte - 8);
    }
}

#define HR_SORT2_512(a, b) do { __m512i lo_ = _mm512_min_epu8(a, b); b = _mm512_max_epu8(a, b); a = lo_; } while (0)

/* Where 64 rows look their values up (as in hr_block_avx2), into out in row order. Returns the
   rows with a value past 51 or a repeated card. */
static inline __attribute__((always_inline, target(HR_AVX512_TARGET)))
__mmask64 hr_block_avx512(const uint8_t* rows, const int k, __m512i plain, __m512i flush_at, uint16_t* out) {
    __m512i x[7];
    int j;
    hr_transpose_avx512(rows, k, x);
    /* Suit counters and the flush suit, as in hr_block_avx2. */
    const __m512i cd = _mm512_broadcast_i32x4(_mm_setr_epi8(1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0));
    const __m512i hs = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16));
    __m512i count_cd = _mm512_setzero_si512(), count_hs = _mm512_setzero_si512();
    for (j = 0; j < k; j++) {
        count_cd = _mm512_add_epi8(count_cd, _mm512_shuffle_epi8(cd, x[j]));
        count_hs = _mm512_add_epi8(count_hs, _mm512_shuffle_epi8(hs, x[j]));
    }
    const __m512i threes = _mm512_set1_epi8(0x33), tops = _mm512_set1_epi8((char)0x88);
    __m512i flush_cd = _mm512_and_si512(_mm512_add_epi8(count_cd, threes), tops);
    __m512i flush_hs = _mm512_and_si512(_mm512_add_epi8(count_hs, threes), tops);
    __m512i flush = _mm512_or_si512(flush_cd, flush_hs);
    __mmask64 flush_rows = _mm512_test_epi8_mask(flush, flush);
    __m512i flush_suit = _mm512_or_si512(
        _mm512_and_si512(_mm512_srli_epi16(flush, 7), _mm512_set1_epi8(1)),
        _mm512_maskz_mov_epi8(_mm512_test_epi8_mask(flush_hs, flush_hs), _mm512_set1_epi8(2)));
    HR_SORTING_NETWORK(x, k, HR_SORT2_512);
    __mmask64 bad = _mm512_cmpgt_epu8_mask(x[k - 1], _mm512_set1_epi8(51));
    for (j = 1; j < k; j++)
        bad |= _mm512_cmpeq_epi8_mask(x[j - 1], x[j]);
    /* Rank terms, or for a flush row the rank bits of its flush suit's cards; 16-bit sums in
       `low` (bytes 0-7 of each lane) and `high` (bytes 8-15). */
    __m512i low = plain, high = plain;
    if (k > HR_FLUSH_TEST_UP_TO || flush_rows) {
        __m512i f = _mm512_movm_epi8(flush_rows);
        low = _mm512_mask_blend_epi16(_mm512_movepi16_mask(_mm512_unpacklo_epi8(f, f)), plain, flush_at);
        high = _mm512_mask_blend_epi16(_mm512_movepi16_mask(_mm512_unpackhi_epi8(f, f)), plain, flush_at);
        const __m512i suit_bits = _mm512_set1_epi8(3);
        for (j = 0; j < k; j++) {
            __mmask64 in_suit = _mm512_mask_testn_epi8_mask(flush_rows, _mm512_xor_si512(x[j], flush_suit), suit_bits);
            __m512i lo = _mm512_maskz_permutexvar_epi8(~flush_rows, x[j], _mm512_load_si512(hr_card_term_lo[j]));
            __m512i hi = _mm512_maskz_permutexvar_epi8(~flush_rows, x[j], _mm512_load_si512(hr_card_term_hi[j]));
            lo = _mm512_mask_permutexvar_epi8(lo, in_suit, x[j], _mm512_load_si512(hr_card_bit_lo));
            hi = _mm512_mask_permutexvar_epi8(hi, in_suit, x[j], _mm512_load_si512(hr_card_bit_hi));
            low = _mm512_add_epi16(low, _mm512_unpacklo_epi8(lo, hi));
            high = _mm512_add_epi16(high, _mm512_unpackhi_epi8(lo, hi));
        }
    } else {
        for (j = 0; j < k; j++) {
            __m512i lo = _mm512_permutexvar_epi8(x[j], _mm512_load_si512(hr_card_term_lo[j]));
            __m512i hi = _mm512_permutexvar_epi8(x[j], _mm512_load_si512(hr_card_term_hi[j]));
            low = _mm512_add_epi16(low, _mm512_unpacklo_epi8(lo, hi));
            high = _mm512_add_epi16(high, _mm512_unpackhi_epi8(lo, hi));
        }
    }
    _mm512_storeu_si512(out, _mm512_permutex2var_epi16(low, _mm512_load_si512(hr_row_order[0]), high));
    _mm512_storeu_si512(out + 32, _mm512_permutex2var_epi16(low, _mm512_load_si512(hr_row_order[1]), high));
    return bad;
}

/* hr_rank_rows_avx2 for n rows (a multiple of 64); reads no byte past the last row. */
__attribute__((target(HR_AVX512_TARGET)))
static int hr_rank_rows_avx512(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                               uint16_t plain_at, uint16_t flush_at, uint16_t* out) {
    __mmask64 bad = 0;
    const __m512i plain = _mm512_set1_epi16((short)plain_at), flush = _mm512_set1_epi16((short)flush_at);
#define HR_AVX512_STEP(b, K) bad |= hr_block_avx512(rows + K * b, K, plain, flush, out + b)
    HR_EACH_BLOCK(k, n, 64, HR_AVX512_STEP);
    hr_look_up(table, out, n);
    return bad != 0;
}
