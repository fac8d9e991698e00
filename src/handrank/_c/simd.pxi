"""The batch kernels' choice at run time, their one lookup table, and the portable row checks
(C in ``_c/row_flags.h`` and ``_c/simd.h``). Compiled only: the pure batch has no kernels."""

cdef extern from "_c/row_flags.h" nogil:
    uint64_t hr_card_words[256][2]
    uint64_t HR_NOT_A_CARD
    uint64_t HR_BAD_ROW
    uint64_t hr_row_flags(const uint64_t* v, int k) noexcept


cdef void fill_card_words() noexcept nogil:
    cdef int i
    for i in range(256):
        hr_card_words[i][0] = INDEX_SUIT_COUNT[i] if i < 52 else HR_NOT_A_CARD
        hr_card_words[i][1] = 1ULL << i if i < 52 else 0


fill_card_words()


cdef extern from "_c/simd.h" nogil:
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
cdef int simd = hr_best_simd()  # the kernel batch calls start with (HR_PORTABLE ...); set under fill_lock
cdef bint sorted_ranks_filled = False
cdef object fill_lock = PyImport_ImportModule("threading").Lock()
cdef tuple SIMD_NAMES = ("portable", "avx2", "avx512", "neon")  # by HR_PORTABLE ... HR_NEON


cdef int kernel_for_a_call() except -1:
    """The kernel a batch call runs from start to end, with SORTED_RANKS filled (~once) if it needs it.

    Read under the lock, whose acquire orders this thread's reads of the table after the fill on
    any CPU (arm64 too), where a plain read of a flag would not; the call keeps its kernel
    whatever ``_batch_kernel`` does meanwhile.
    """
    global sorted_ranks_filled
    with fill_lock:
        if simd and not sorted_ranks_filled:
            fill_sorted_ranks(&SORTED_RANKS[0], 5)
            fill_sorted_ranks(&SORTED_RANKS[SORTED5], 6)
            memcpy(&SORTED_RANKS[SORTED5 + SORTED6], HR_FLUSH, sizeof(HR_FLUSH))
            fill_sorted_ranks(&SORTED_RANKS[SORTED5 + SORTED6 + 8192], 7)
            sorted_ranks_filled = True
        return simd


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
        with fill_lock:  # calls under way keep theirs; the next one fills the table if it needs it
            simd = wanted
    return SIMD_NAMES[simd]


def _kernel_for_cpu(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0):
    """The kernel a CPU that reports these CPUID words and XCR0 can run (build options aside).

    Only for tests: the choice ``_batch_kernel()`` makes, on made-up CPUs.

    >>> _kernel_for_cpu(0x18000000, 0x20, 0, 0x7)
    'avx2'
    """
    return SIMD_NAMES[hr_simd_for(leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0)]


cdef enum:
    SIMD_ROWS = 256                 # rows per call of a SIMD kernel (whole blocks of 16, 32 or 64)


cdef inline int simd_rows(int kernel, const uint8_t* rows, int k, uint16_t* out) noexcept nogil:
    """SIMD_ROWS rows of k bytes into ``out`` by the SIMD ``kernel``; nonzero if one is bad."""
    cdef const SortedTable* t = &SORTED_TABLE[k]
    if kernel == HR_AVX512:
        return hr_rank_rows_avx512(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    if kernel == HR_NEON:
        return hr_rank_rows_neon(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
    return hr_rank_rows_avx2(rows, k, SIMD_ROWS, t.values, t.plain_at, t.flush_at, out)
