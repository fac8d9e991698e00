/* The portable batch kernel's row check: two 64-bit words per card, summed and ORed together.
 *
 * hr_card_words[x] for a byte x is {one in the nibble of x's suit, the bit 1 << x} for a card,
 * {HR_NOT_A_CARD, 0} for 52 to 255 (the caller fills it). For a row of k <= 7 bytes,
 * hr_row_flags gives HR_FLUSH_BITS where a suit holds five or more, HR_BAD_ROW for a value past
 * 51 or a repeated card, else 0. The suit nibbles reach 7 at most, so adding 3 carries into a
 * nibble's top bit exactly at five; seven HR_NOT_A_CARD fit in bits 16-18; distinct cards sum to
 * their OR, and a repeat carries and makes the two differ.
 *
 * The pair of words is added by GCC/Clang vector extensions (one SSE2 or NEON instruction), SSE2
 * intrinsics with MSVC on x64, else two plain words; -DHR_PAIR_SCALAR or -DHR_PAIR_SSE2 picks one.
 */
#ifndef HR_ROW_FLAGS_H
#define HR_ROW_FLAGS_H

#include <stdint.h>
#include <string.h>

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

#if defined(_MSC_VER)
#define HR_INLINE static __inline
#else
#define HR_INLINE static inline
#endif

#define HR_NOT_A_CARD 0x10000ULL
#define HR_FLUSH_BITS 0x8888ULL
#define HR_REPEATED (1ULL << 20)
#define HR_BAD_ROW (7 * HR_NOT_A_CARD | HR_REPEATED)

static uint64_t hr_card_words[256][2];

HR_INLINE uint64_t hr_row_flags(const uint64_t* v, int k) {
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

#endif
