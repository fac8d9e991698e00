/* Runs the SIMD batch kernel this build has (NEON on arm64, AVX2 on x86_64) on its own, outside
 * Python, against an index computed here from the rules the kernels follow (_c/simd.h): for
 * tests that cross-compile it and run it under an emulator, where no Python for that CPU is.
 * The table given to the kernel holds each index itself, so what comes out is the index.
 * Prints "ok <rows checked>" and exits 0, or says which row went wrong and exits 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef long Py_ssize_t;
#include "simd.h"

/* SPARE: the bytes the kernel may read past the last row. */
#if defined(HR_HAVE_NEON)
#define KERNEL hr_rank_rows_neon
#define SPARE 0
#elif defined(HR_HAVE_AVX2)
#define KERNEL hr_rank_rows_avx2
#define SPARE 16
#else
#error "no SIMD kernel in this build"
#endif

enum { PLAIN_AT = 100, FLUSH_AT = 30000, BLOCK = 64 };

static uint16_t identity[1 << 16];
static uint64_t state = 0x9E3779B97F4A7C15u;

static uint32_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)(state >> 32);
}

/* k distinct cards, uniformly; with `flush`, five or more of one suit. */
static void deal(uint8_t* row, int k, int flush) {
    uint64_t used = 0;
    int j = 0;
    int suit = (int)(next_random() % 4), suited = flush ? 5 + (int)(next_random() % (uint32_t)(k - 4)) : 0;
    while (j < k) {
        int card = (int)(next_random() % 52);
        if (j < suited)
            card = (card & ~3) | suit;
        if (used >> card & 1)
            continue;
        used |= 1ull << card;
        row[j++] = (uint8_t)card;
    }
}

/* What the kernel must write for a valid row: the flush suit's rank mask, or the sorted ranks' index. */
static uint16_t expected(const uint8_t* row, int k) {
    int count[4] = {0, 0, 0, 0}, ranks[7], i, j, s;
    for (j = 0; j < k; j++)
        count[row[j] & 3]++;
    for (s = 0; s < 4; s++)
        if (count[s] >= 5) {
            uint32_t mask = 0;
            for (j = 0; j < k; j++)
                if ((row[j] & 3) == s)
                    mask |= 1u << (row[j] >> 2);
            return (uint16_t)(FLUSH_AT + mask);
        }
    for (j = 0; j < k; j++)
        ranks[j] = row[j] >> 2;
    for (i = 1; i < k; i++)  /* insertion sort */
        for (j = i; j > 0 && ranks[j - 1] > ranks[j]; j--) {
            int t = ranks[j];
            ranks[j] = ranks[j - 1];
            ranks[j - 1] = t;
        }
    uint32_t index = 0;
    for (i = 0; i < k; i++) {
        uint32_t c = 1;  /* C(ranks[i] + i, i + 1) */
        int n;
        for (n = 1; n <= i + 1; n++)
            c = c * (uint32_t)(ranks[i] + i + 1 - n) / (uint32_t)n;
        index += c;
    }
    return (uint16_t)(PLAIN_AT + index);
}

/* `blocks` blocks of BLOCK rows that end SPARE bytes before an unreadable page: the kernel's result on them. */
static int run_at_page_end(uint8_t* page_end, const uint8_t* rows, int k, int blocks, uint16_t* out) {
    size_t bytes = (size_t)blocks * BLOCK * (size_t)k;
    uint8_t* at = page_end - SPARE - bytes;
    memcpy(at, rows, bytes);
    return KERNEL(at, k, (Py_ssize_t)blocks * BLOCK, identity, PLAIN_AT, FLUSH_AT, out);
}

int main(int argc, char** argv) {
    long rounds = argc > 1 ? atol(argv[1]) : 2000, checked = 0, round;
    long page = sysconf(_SC_PAGESIZE);
    size_t span = 16 * (size_t)page;
    uint8_t* area = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    uint8_t rows[4 * BLOCK * 7];
    uint16_t out[4 * BLOCK];
    int i, k;
    if (area == MAP_FAILED || mprotect(area + span, (size_t)page, PROT_NONE) != 0) {
        perror("guard page");
        return 2;
    }
    for (i = 0; i < 1 << 16; i++)
        identity[i] = (uint16_t)i;
    hr_simd_init();
    for (round = 0; round < rounds; round++)
        for (k = 5; k <= 7; k++) {
            int blocks = 1 + (int)(next_random() % 4), n = blocks * BLOCK, bad_row = -1;
            for (i = 0; i < n; i++)
                deal(rows + i * k, k, next_random() % 4 == 0);
            if (round % 2) {  /* one bad row: a value past 51 or a repeated card */
                bad_row = (int)(next_random() % (uint32_t)n);
                uint8_t* row = rows + bad_row * k;
                if (next_random() % 2)
                    row[next_random() % (uint32_t)k] = (uint8_t)(52 + next_random() % 204);
                else
                    row[(1 + next_random() % (uint32_t)(k - 1))] = row[0];
            }
            int said_bad = run_at_page_end(area + span, rows, k, blocks, out);
            if (said_bad != (bad_row >= 0)) {
                printf("k=%d round %ld: said bad %d, a bad row at %d\n", k, round, said_bad, bad_row);
                return 1;
            }
            for (i = 0; i < n; i++) {
                if (i == bad_row)
                    continue;
                uint16_t want = expected(rows + i * k, k);
                if (out[i] != want) {
                    printf("k=%d round %ld row %d: %u, expected %u (cards", k, round, i, out[i], want);
                    for (int j = 0; j < k; j++)
                        printf(" %d", rows[i * k + j]);
                    printf(")\n");
                    return 1;
                }
                checked++;
            }
        }
    printf("ok %ld\n", checked);
    return 0;
}
