/* evaluate_many's SIMD kernels for rows of k = 5..7 byte card indices stored back to back.
 *
 * The rows are transposed (one byte of each row per register), then each row's cards are sorted
 * by a sorting network, which finds repeated cards as equal neighbours and puts the ranks in
 * order. The sorted ranks r0 <= ... <= r(k-1) of a hand without a flush have a dense index, the
 * sum of C(ri + i, i + 1) (the combinatorial number system on ri + i, which strictly increases),
 * below C(12 + k, k): one read of a table the caller fills from the perfect hash gives the value.
 * A row with five or more cards of one suit reads the flush table instead, at the rank mask of
 * that suit. A kernel returns nonzero if any row holds a value past 51 or a repeated card: the
 * caller then ranks those rows with the portable kernel, which names the first bad one.
 *
 * Three kernels. On x86_64, AVX2 (avx2_template.h, 32 rows at a time) and AVX-512 F/BW/VBMI
 * (avx512_template.h, 64 rows): each is compiled for its instruction set by a target attribute and
 * used only when the CPU says it has it, so the module itself assumes no more than its platform
 * tag. macOS gets the AVX2 kernel only: it saves the AVX-512 state lazily, and some of its
 * versions corrupt the mask registers the AVX-512 kernel uses on return from a signal handler.
 * On arm64, NEON (neon_template.h, 16 rows), which every arm64 CPU has. GCC or clang; elsewhere
 * (MSVC) the portable kernel runs. -DHR_NO_AVX2 leaves both x86 kernels out, -DHR_NO_AVX512 the
 * second, -DHR_NO_NEON the arm64 one.
 */
#ifndef HR_SIMD_H
#define HR_SIMD_H

#include <stdint.h>
#include <string.h>

#define HR_PORTABLE 0
#define HR_AVX2 1
#define HR_AVX512 2
#define HR_NEON 3

/* hr_rank_term[i][r] = C(r + i, i + 1): what the i-th lowest rank r adds to a row's index (0 past
   an ace, so any byte's index stays below that of seven aces). */
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

/* The kernel a CPU can run, from what CPUID says of it (leaf 1 ECX; leaf 7, subleaf 0, EBX and
   ECX) and XCR0, the register state its operating system saves on a context switch. */
static int hr_simd_for(uint32_t leaf1_ecx, uint32_t leaf7_ebx, uint32_t leaf7_ecx, uint64_t xcr0) {
    int osxsave = leaf1_ecx >> 27 & 1, avx = leaf1_ecx >> 28 & 1, avx2 = leaf7_ebx >> 5 & 1;
    int avx512f = leaf7_ebx >> 16 & 1, avx512bw = leaf7_ebx >> 30 & 1, avx512vbmi = leaf7_ecx >> 1 & 1;
    if (!(osxsave && avx && avx2 && (xcr0 & 0x6) == 0x6))          /* XMM and YMM state */
        return HR_PORTABLE;
    if (avx512f && avx512bw && avx512vbmi && (xcr0 & 0xE0) == 0xE0)  /* mask, ZMM0-15 upper, ZMM16-31 */
        return HR_AVX512;
    return HR_AVX2;
}

/* out[i] = table[out[i]] for n entries, four at a time. */
static inline void hr_look_up(const uint16_t* table, uint16_t* out, Py_ssize_t n) {
    Py_ssize_t b;
    for (b = 0; b < n; b += 4) {
        uint64_t four;
        memcpy(&four, out + b, 8);
        out[b] = table[four & 0xFFFF];
        out[b + 1] = table[(four >> 16) & 0xFFFF];
        out[b + 2] = table[(four >> 32) & 0xFFFF];
        out[b + 3] = table[four >> 48];
    }
}

/* Optimal sorting networks for 5, 6 and 7 values, by a compare-exchange SORT2(a, b). */
#define HR_SORTING_NETWORK(x, k, SORT2) do { \
    if (k == 5) { \
        SORT2(x[0], x[1]); SORT2(x[3], x[4]); SORT2(x[2], x[4]); SORT2(x[2], x[3]); SORT2(x[0], x[3]); \
        SORT2(x[0], x[2]); SORT2(x[1], x[4]); SORT2(x[1], x[3]); SORT2(x[1], x[2]); \
    } else if (k == 6) { \
        SORT2(x[1], x[2]); SORT2(x[4], x[5]); SORT2(x[0], x[2]); SORT2(x[3], x[5]); SORT2(x[0], x[1]); \
        SORT2(x[3], x[4]); SORT2(x[1], x[4]); SORT2(x[0], x[3]); SORT2(x[2], x[5]); SORT2(x[1], x[3]); \
        SORT2(x[2], x[4]); SORT2(x[2], x[3]); \
    } else { \
        SORT2(x[1], x[2]); SORT2(x[3], x[4]); SORT2(x[5], x[6]); SORT2(x[0], x[2]); SORT2(x[3], x[5]); \
        SORT2(x[4], x[6]); SORT2(x[0], x[1]); SORT2(x[4], x[5]); SORT2(x[2], x[6]); SORT2(x[0], x[4]); \
        SORT2(x[1], x[5]); SORT2(x[0], x[3]); SORT2(x[2], x[5]); SORT2(x[1], x[3]); SORT2(x[2], x[4]); \
        SORT2(x[2], x[3]); \
    } \
} while (0)

/* Every block of n rows, per_block rows at a time: STEP(b, K) for the block at row b, with K a
   constant in each loop, so the compiler builds the block for each hand size k = 5, 6, 7. */
#define HR_EACH_BLOCK(k, n, per_block, STEP) do { \
    Py_ssize_t b_; \
    if (k == 7) \
        for (b_ = 0; b_ < n; b_ += per_block) STEP(b_, 7); \
    else if (k == 6) \
        for (b_ = 0; b_ < n; b_ += per_block) STEP(b_, 6); \
    else \
        for (b_ = 0; b_ < n; b_ += per_block) STEP(b_, 5); \
} while (0)

/* Up to this many cards a row, a block skips the flush work when none of its rows has a flush. */
#ifndef HR_FLUSH_TEST_UP_TO
#define HR_FLUSH_TEST_UP_TO 5
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(HR_NO_AVX2)
#if defined(__APPLE__) && !defined(HR_NO_AVX512)
#define HR_NO_AVX512
#endif
#include <cpuid.h>
#include <immintrin.h>

#include "avx2_template.h"
#define HR_HAVE_AVX2
#ifndef HR_NO_AVX512
#include "avx512_template.h"
#define HR_HAVE_AVX512
#endif

/* The best kernel this CPU, its operating system and this build can run. */
static int hr_best_simd(void) {
    uint32_t eax, ebx, ecx1, edx, ebx7 = 0, ecx7 = 0, xcr0_lo = 0, xcr0_hi = 0;
    int best;
    if (__get_cpuid_max(0, 0) < 7)
        return HR_PORTABLE;
    __cpuid(1, eax, ebx, ecx1, edx);
    __cpuid_count(7, 0, eax, ebx7, ecx7, edx);
    if (ecx1 >> 27 & 1)  /* XGETBV is there (OSXSAVE) */
        __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    best = hr_simd_for(ecx1, ebx7, ecx7, (uint64_t)xcr0_hi << 32 | xcr0_lo);
#ifndef HR_HAVE_AVX512
    if (best == HR_AVX512)
        best = HR_AVX2;
#endif
    return best;
}

static void hr_simd_init(void) {
    hr_fill_rank_terms();
    hr_avx2_init();
#ifdef HR_HAVE_AVX512
    if (hr_best_simd() == HR_AVX512)
        hr_avx512_init();
#endif
}

#elif defined(__aarch64__) && defined(__GNUC__) && !defined(HR_NO_NEON)
#include <arm_neon.h>

#include "neon_template.h"
#define HR_HAVE_NEON

static int hr_best_simd(void) { return HR_NEON; }

static void hr_simd_init(void) {
    hr_fill_rank_terms();
    hr_neon_init();
}

#else

static int hr_best_simd(void) { return HR_PORTABLE; }

static void hr_simd_init(void) { hr_fill_rank_terms(); }

#endif

/* The kernels this build leaves out: never called, as hr_can_run says. */
#define HR_LEFT_OUT(kernel) \
    static int kernel(const uint8_t* rows, int k, Py_ssize_t n, const uint16_t* table, \
                      uint16_t plain_at, uint16_t flush_at, uint16_t* out) { \
        (void)rows; (void)k; (void)n; (void)table; (void)plain_at; (void)flush_at; (void)out; \
        return 1; \
    }
#ifndef HR_HAVE_AVX2
HR_LEFT_OUT(hr_rank_rows_avx2)
#endif
#ifndef HR_HAVE_AVX512
HR_LEFT_OUT(hr_rank_rows_avx512)
#endif
#ifndef HR_HAVE_NEON
HR_LEFT_OUT(hr_rank_rows_neon)
#endif

/* Whether the kernel `level` runs here: the portable one, the best one, and AVX2 where AVX-512 does. */
static int hr_can_run(int level) {
    int best = hr_best_simd();
    return level == HR_PORTABLE || level == best || (level == HR_AVX2 && best == HR_AVX512);
}

#endif
