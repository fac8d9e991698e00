/* evaluate_many's AVX2 kernel: eight rows of k = 5..7 byte card indices at a time.
 *
 * For each row it gives what the caller looks up: the prime product of its ranks (for the perfect
 * hash), or HR_FLUSH_TAG | the rank mask of its flush suit (for the flush table). It returns
 * nonzero if any row holds a value past 51 or a repeated card: the caller then ranks those rows
 * with the portable kernel, which names the first bad one. Compiled for AVX2 by a target attribute and used only when the CPU says it has
 * AVX2, so the module itself assumes no more than its platform tag. GCC on x86_64 only (what the
 * Linux wheels are built with); elsewhere the portable kernel runs. -DHR_NO_AVX2 leaves it out.
 */
#ifndef HR_BATCH_AVX2_H
#define HR_BATCH_AVX2_H

#include <stdint.h>
#include <string.h>

#define HR_FLUSH_TAG (1ULL << 63)  /* far above any product of seven primes up to 41 */

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(HR_NO_AVX2)
#include <immintrin.h>

static int hr_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/* Rows are k bytes each, back to back from `rows`; the last block reads up to 16 - 2k bytes past
   its eighth row, so the caller keeps two more rows after it. rank_primes[r] is the prime of rank
   r (0-12). Writes 8 * blocks keys. */
__attribute__((target("avx2")))
static int hr_keys_avx2(const uint8_t* rows, int k, Py_ssize_t blocks, const uint8_t* rank_primes,
                        uint64_t* keys) {
    __m256i pick_a[7], pick_b[7], x[7];
    uint8_t a[32], b[32];
    int j, q;
    Py_ssize_t block;
    /* A holds rows 0-1 | 4-5 of a block, B rows 2-3 | 6-7 (two rows per 128-bit half). pick_a[j]
       moves card j of A's two rows into 32-bit lanes 0 and 1 of each half, pick_b[j] card j of
       B's into lanes 2 and 3: OR-ed, lane l holds card j of row l, zero-extended. */
    for (j = 0; j < k; j++) {
        memset(a, 0x80, sizeof a);
        memset(b, 0x80, sizeof b);
        for (q = 0; q < 32; q += 16) {
            a[q] = (uint8_t)j;
            a[q + 4] = (uint8_t)(k + j);
            b[q + 8] = (uint8_t)j;
            b[q + 12] = (uint8_t)(k + j);
        }
        pick_a[j] = _mm256_loadu_si256((const __m256i*)a);
        pick_b[j] = _mm256_loadu_si256((const __m256i*)b);
    }
    memset(a, 1, sizeof a);
    memcpy(a, rank_primes, 13);
    memcpy(a + 16, rank_primes, 13);
    const __m256i primes = _mm256_loadu_si256((const __m256i*)a);
    const __m256i one = _mm256_set1_epi32(1), three = _mm256_set1_epi32(3);
    const __m256i upper_bytes = _mm256_set1_epi32((int)0x80808000u);  /* byte shuffle: zero these */
    const __m256i none = _mm256_setzero_si256();
    __m256i bad = none;
    for (block = 0; block < blocks; block++, rows += 8 * k, keys += 8) {
        __m256i A = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i*)rows)),
            _mm_loadu_si128((const __m128i*)(rows + 4 * k)), 1);
        __m256i B = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i*)(rows + 2 * k))),
            _mm_loadu_si128((const __m128i*)(rows + 6 * k)), 1);
        __m256i top = none, suits = none, repeats = none, first4 = one, rest = one;
        #pragma GCC unroll 7
        for (j = 0; j < k; j++) {
            x[j] = _mm256_or_si256(_mm256_shuffle_epi8(A, pick_a[j]), _mm256_shuffle_epi8(B, pick_b[j]));
            #pragma GCC unroll 7
            for (q = 0; q < j; q++)
                repeats = _mm256_or_si256(repeats, _mm256_cmpeq_epi32(x[j], x[q]));
            top = _mm256_max_epu32(top, x[j]);
            /* The prime of rank x / 4 (a byte shuffle of a 16-entry table), into the product of
               cards 0-3 or of the rest: each stays below 2^32. */
            __m256i prime = _mm256_shuffle_epi8(primes, _mm256_or_si256(_mm256_srli_epi32(x[j], 2), upper_bytes));
            if (j < 4)
                first4 = _mm256_mullo_epi32(first4, prime);
            else
                rest = _mm256_mullo_epi32(rest, prime);
            /* One in the byte of the card's suit. */
            suits = _mm256_add_epi32(suits, _mm256_sllv_epi32(one, _mm256_slli_epi32(_mm256_and_si256(x[j], three), 3)));
        }
        bad = _mm256_or_si256(bad, _mm256_or_si256(_mm256_cmpgt_epi32(top, _mm256_set1_epi32(51)), repeats));
        /* 64-bit products: even lanes, then odd lanes, put back in row order. */
        __m256i even = _mm256_mul_epu32(first4, rest);
        __m256i odds = _mm256_mul_epu32(_mm256_srli_epi64(first4, 32), _mm256_srli_epi64(rest, 32));
        __m256i lo = _mm256_unpacklo_epi64(even, odds), hi = _mm256_unpackhi_epi64(even, odds);
        __m256i key0 = _mm256_permute2x128_si256(lo, hi, 0x20), key4 = _mm256_permute2x128_si256(lo, hi, 0x31);
        /* A suit byte reaches 7 at most: adding 0x7B sets its top bit exactly from five on. */
        __m256i flush = _mm256_and_si256(_mm256_add_epi32(suits, _mm256_set1_epi32(0x7B7B7B7B)),
                                         _mm256_set1_epi32((int)0x80808080u));
        if (!_mm256_testz_si256(flush, flush)) {
            /* The flush suit (at most one suit holds five of seven), then the ranks it holds. */
            __m256i suit = _mm256_or_si256(
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(flush, 15), one),
                                _mm256_and_si256(_mm256_srli_epi32(flush, 22), _mm256_set1_epi32(2))),
                _mm256_and_si256(_mm256_srai_epi32(flush, 31), three));
            __m256i mask = none;
            #pragma GCC unroll 7
            for (j = 0; j < k; j++) {
                __m256i in_suit = _mm256_cmpeq_epi32(_mm256_and_si256(x[j], three), suit);
                mask = _mm256_or_si256(mask, _mm256_and_si256(in_suit, _mm256_sllv_epi32(one, _mm256_srli_epi32(x[j], 2))));
            }
            __m256i is_flush = _mm256_xor_si256(_mm256_cmpeq_epi32(flush, none), _mm256_set1_epi32(-1));
            __m256i tag = _mm256_set1_epi64x((long long)HR_FLUSH_TAG);
            key0 = _mm256_blendv_epi8(key0, _mm256_or_si256(tag, _mm256_cvtepu32_epi64(_mm256_castsi256_si128(mask))),
                                      _mm256_cvtepi32_epi64(_mm256_castsi256_si128(is_flush)));
            key4 = _mm256_blendv_epi8(key4, _mm256_or_si256(tag, _mm256_cvtepu32_epi64(_mm256_extracti128_si256(mask, 1))),
                                      _mm256_cvtepi32_epi64(_mm256_extracti128_si256(is_flush, 1)));
        }
        _mm256_storeu_si256((__m256i*)keys, key0);
        _mm256_storeu_si256((__m256i*)(keys + 4), key4);
    }
    return !_mm256_testz_si256(bad, bad);
}

#else

static int hr_cpu_has_avx2(void) { return 0; }

static int hr_keys_avx2(const uint8_t* rows, int k, Py_ssize_t blocks, const uint8_t* rank_primes,
                        uint64_t* keys) {
    (void)rows; (void)k; (void)blocks; (void)rank_primes; (void)keys;  /* never called */
    return 1;
}

#endif
#endif
