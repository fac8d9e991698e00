/* evaluate_many's NEON kernel for arm64, included by simd.h (it does not compile alone): 16 rows
 * at a time, one byte of each row per 128-bit register. Table lookups (TBL) do what the x86
 * kernels' byte shuffles do; an index past a table's end gives 0, which picks the cards off a
 * flush suit as in the AVX2 kernel.
 */

/* hr_gather[k - 5][j]: where card j of each of 16 rows of k cards sits among the block's 16k
   bytes (k * row + j), and hr_gather_rest the same less 64, for the bytes past the first 64.
   hr_term_lo/hi_neon[i]: hr_rank_term[i]'s low and high bytes. */
static uint8_t hr_gather[3][7][16] __attribute__((aligned(16)));
static uint8_t hr_gather_rest[3][7][16] __attribute__((aligned(16)));
static uint8_t hr_term_lo_neon[7][16] __attribute__((aligned(16)));
static uint8_t hr_term_hi_neon[7][16] __attribute__((aligned(16)));

static void hr_neon_init(void) {
    int k, j, row, i, r;
    for (k = 5; k <= 7; k++)
        for (j = 0; j < k; j++)
            for (row = 0; row < 16; row++) {
                hr_gather[k - 5][j][row] = (uint8_t)(k * row + j);
                hr_gather_rest[k - 5][j][row] = (uint8_t)(k * row + j - 64);  /* wraps past 191 below 64 */
            }
    for (i = 0; i < 7; i++)
        for (r = 0; r < 16; r++) {
            hr_term_lo_neon[i][r] = (uint8_t)(hr_rank_term[i][r] & 0xFF);
            hr_term_hi_neon[i][r] = (uint8_t)(hr_rank_term[i][r] >> 8);
        }
}

#define HR_SORT2_NEON(a, b) do { uint8x16_t lo_ = vminq_u8(a, b); b = vmaxq_u8(a, b); a = lo_; } while (0)

/* x[j] = card j of each of 16 rows of k bytes, in row order. Reads the 16k bytes and no more. */
static inline __attribute__((always_inline))
void hr_transpose_neon(const uint8_t* rows, const int k, uint8x16_t* x) {
    uint8x16x4_t first;
    uint8x16x3_t rest;
    int j;
    first.val[0] = vld1q_u8(rows);
    first.val[1] = vld1q_u8(rows + 16);
    first.val[2] = vld1q_u8(rows + 32);
    first.val[3] = vld1q_u8(rows + 48);
    rest.val[0] = vld1q_u8(rows + 64);                           /* 16k - 64 bytes: 16, 32 or 48 */
    rest.val[1] = k > 5 ? vld1q_u8(rows + 80) : vdupq_n_u8(0);
    rest.val[2] = k > 6 ? vld1q_u8(rows + 96) : vdupq_n_u8(0);
    for (j = 0; j < k; j++) {
        x[j] = vqtbl4q_u8(first, vld1q_u8(hr_gather[k - 5][j]));  /* 0 where the byte is further on */
        x[j] = vqtbx3q_u8(x[j], rest, vld1q_u8(hr_gather_rest[k - 5][j]));  /* kept where it is not */
    }
}

/* Where 16 rows look their values up (as in hr_block_avx2), into out in row order. Returns
   nonzero bytes for a row with a value past 51 or a repeated card. */
static inline __attribute__((always_inline))
uint8x16_t hr_block_neon(const uint8_t* rows, const int k, uint16x8_t plain, uint16x8_t flush_at, uint16_t* out) {
    uint8x16_t x[7];
    int j;
    hr_transpose_neon(rows, k, x);
    /* Suit counters, clubs and diamonds in the nibbles of one byte, hearts and spades in another. */
    static const uint8_t cd_counts[16] = {1, 16, 0, 0};
    static const uint8_t hs_counts[16] = {0, 0, 1, 16};
    const uint8x16_t cd = vld1q_u8(cd_counts), hs = vld1q_u8(hs_counts), suit_bits = vdupq_n_u8(3);
    uint8x16_t count_cd = vdupq_n_u8(0), count_hs = vdupq_n_u8(0);
    for (j = 0; j < k; j++) {
        uint8x16_t suit = vandq_u8(x[j], suit_bits);
        count_cd = vaddq_u8(count_cd, vqtbl1q_u8(cd, suit));
        count_hs = vaddq_u8(count_hs, vqtbl1q_u8(hs, suit));
    }
    /* A nibble counts 7 at most: adding 3 sets its top bit exactly from five on. */
    const uint8x16_t threes = vdupq_n_u8(0x33), tops = vdupq_n_u8(0x88);
    uint8x16_t flush_cd = vandq_u8(vaddq_u8(count_cd, threes), tops);
    uint8x16_t flush_hs = vandq_u8(vaddq_u8(count_hs, threes), tops);
    uint8x16_t flush = vorrq_u8(flush_cd, flush_hs);
    /* The flush suit where a row has one: bit 0 for diamonds or spades, bit 1 for hearts or spades. */
    uint8x16_t flush_suit = vorrq_u8(vshrq_n_u8(flush, 7), vandq_u8(vtstq_u8(flush_hs, flush_hs), vdupq_n_u8(2)));
    uint8x16_t no_flush = vceqq_u8(flush, vdupq_n_u8(0));
    HR_SORTING_NETWORK(x, k, HR_SORT2_NEON);
    uint8x16_t bad = vcgtq_u8(x[k - 1], vdupq_n_u8(51));
    for (j = 1; j < k; j++)
        bad = vorrq_u8(bad, vceqq_u8(x[j - 1], x[j]));
    /* Rank terms, or for a flush row the rank bits of its flush suit's cards; 16-bit sums of rows
       0-7 in `low`, 8-15 in `high`. */
    uint16x8_t low = plain, high = plain;
    const int flushes = k > HR_FLUSH_TEST_UP_TO || vmaxvq_u8(flush) != 0;
    if (flushes) {
        low = vbslq_u16(vreinterpretq_u16_u8(vzip1q_u8(no_flush, no_flush)), plain, flush_at);
        high = vbslq_u16(vreinterpretq_u16_u8(vzip2q_u8(no_flush, no_flush)), plain, flush_at);
    }
    static const uint8_t bit_lo_bytes[16] = {1, 2, 4, 8, 16, 32, 64, 128};
    static const uint8_t bit_hi_bytes[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16};
    const uint8x16_t bit_lo = vld1q_u8(bit_lo_bytes), bit_hi = vld1q_u8(bit_hi_bytes);
    for (j = 0; j < k; j++) {
        uint8x16_t r = vshrq_n_u8(x[j], 2);
        uint8x16_t lo = vqtbl1q_u8(vld1q_u8(hr_term_lo_neon[j]), r);
        uint8x16_t hi = vqtbl1q_u8(vld1q_u8(hr_term_hi_neon[j]), r);
        if (flushes) {
            /* Off the flush suit, an index past the table's end: the lookups give zero. */
            uint8x16_t r_in_suit = vorrq_u8(r, vtstq_u8(veorq_u8(x[j], flush_suit), suit_bits));
            lo = vbslq_u8(no_flush, lo, vqtbl1q_u8(bit_lo, r_in_suit));
            hi = vbslq_u8(no_flush, hi, vqtbl1q_u8(bit_hi, r_in_suit));
        }
        low = vaddq_u16(low, vreinterpretq_u16_u8(vzip1q_u8(lo, hi)));
        high = vaddq_u16(high, vreinterpretq_u16_u8(vzip2q_u8(lo, hi)));
    }
    vst1q_u16(out, low);
    vst1q_u16(out + 8, high);
    return bad;
}

/* Rows are k bytes each, back to back from `rows`: ranks n of them (a multiple of 16) into `out`:
   their indices (hr_block_neon), then what `table` holds there. Reads no byte past the last row.
   Returns nonzero if a row holds a value past 51 or a repeated card. */
static int hr_rank_rows_neon(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table,
                             uint16_t plain_at, uint16_t flush_at, uint16_t* out) {
    uint8x16_t bad = vdupq_n_u8(0);
    const uint16x8_t plain = vdupq_n_u16(plain_at), flush = vdupq_n_u16(flush_at);
#define HR_NEON_STEP(b, K) bad = vorrq_u8(bad, hr_block_neon(rows + K * b, K, plain, flush, out + b))
    HR_EACH_BLOCK(k, n, 16, HR_NEON_STEP);
    hr_look_up(table, out, n);
    return vmaxvq_u8(bad) != 0;
}
