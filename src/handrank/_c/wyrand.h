/* wyrand (Wang Yi): a Weyl sequence mixed by one 64 x 64 -> 128-bit multiply, the two halves
 * xored. Its constants come from the generated tables header, which the pure evaluator's copy
 * of the same steps reads too (handrank._tables). */
#ifndef HR_WYRAND_H
#define HR_WYRAND_H

#include <stdint.h>
#include "_tables_data.h"

#if defined(_MSC_VER) && !defined(__SIZEOF_INT128__) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>
#endif

#if defined(_MSC_VER)
static __inline uint64_t hr_wyrand(uint64_t* state) {
#else
static inline uint64_t hr_wyrand(uint64_t* state) {
#endif
    uint64_t a = (*state += HR_WYRAND_INCREMENT), b = a ^ HR_WYRAND_MIX;
#if defined(__SIZEOF_INT128__)
    /* One expression, not a 128-bit local: gcc kept such a local on the stack in the Monte Carlo loops. */
    return (uint64_t)(((unsigned __int128)a * b) >> 64) ^ (a * b);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    return __umulh(a, b) ^ (a * b);
#else  /* the high half from 32-bit pieces: the same number, more steps */
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t lh = al * bh, hl = ah * bl;
    uint64_t mid = ((al * bl) >> 32) + (uint32_t)lh + (uint32_t)hl;
    return (ah * bh + (lh >> 32) + (hl >> 32) + (mid >> 32)) ^ (a * b);
#endif
}

#endif
