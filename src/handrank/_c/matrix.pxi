"""Exact wins of hole-card classes over each other: each board's pairs ranked once, then one sweep
in rank order, worst first, with card-removal counts. Pairs with ``_eval_py/matrix.py``."""

cdef object matrix_setup = PyImport_ImportModule("handrank._kernels.matrix")  # its checks and setup

cdef struct CardSlots:
    # The classes of the pairs that hold a card, numbered per card, so that what is counted by
    # card and class stays as small as the classes a card is in (25 of the 169 preflop).
    int width                # the most classes any card is in
    uint8_t slot[52][52]     # slot[x][y]: the place of the class of pair {x, y} among x's classes
    uint16_t cls[52][52]     # cls[x][s]: the class in x's place s
    int n[52]                # how many classes x is in
    uint16_t order[1326]     # the pairs (numbered x < y, in order) by class: a class's pairs of a rank come together


# The cards of each pair, the pairs numbered x < y in order.
cdef uint8_t PAIR_CARDS[1326][2]


cdef void fill_pair_cards() noexcept nogil:
    cdef int x, y, pair = 0
    for x in range(52):
        for y in range(x + 1, 52):
            PAIR_CARDS[pair][0] = x
            PAIR_CARDS[pair][1] = y
            pair += 1


fill_pair_cards()


cdef struct WinCounts:
    # One thread's counts. ``wins`` counts every pair of pairs, sharing a card or not; ``shared``
    # counts those that share card x, by x's places of their classes, to be taken out at the end.
    int k
    uint32_t* wins           # k x k
    uint32_t* shared         # 52 x width x width
    uint32_t* worse          # k: pairs ranked strictly worse on this board, by class (weighted)
    uint32_t* worse_holding  # 52 x width: the same for the pairs holding each card, by place


cdef void place(CardSlots* s, int x, int y, uint16_t cls) noexcept:
    """Give pair {x, y}'s class a place among x's classes: its own if it has one."""
    cdef int j
    for j in range(s.n[x]):
        if s.cls[x][j] == cls:
            s.slot[x][y] = j
            return
    s.cls[x][s.n[x]] = cls
    s.slot[x][y] = s.n[x]
    s.n[x] += 1


cdef void board_wins(const CardSlots* s, const uint16_t* class_of, const uint8_t* board, uint32_t weight,
                     WinCounts* w, uint64_t* keys, uint64_t* spare) noexcept nogil:
    """One board (five distinct card indices) added to ``w``, ``weight`` times."""
    cdef CardState b
    cdef uint64_t used, key
    cdef uint32_t flush, mask
    cdef uint32_t* row
    cdef const uint32_t* add
    cdef uint32_t* into
    cdef int x, y, j, n = 0, hi, lo, g, suit, cls, pair, width = s.width, k = w.k
    cdef uint32_t times
    cdef uint16_t r
    clear_cards(&b)
    for j in range(5):
        add_card(&b, board[j])
    used = b.bits
    for j in range(1326):
        pair = s.order[j]
        x, y = PAIR_CARDS[pair][0], PAIR_CARDS[pair][1]
        if not (used >> x & 1 or used >> y & 1):
            flush = (b.counts + INDEX_SUIT_COUNT[x] + INDEX_SUIT_COUNT[y] + 0x3333) & 0x8888
            if flush:
                suit = flush_suit(flush)
                mask = b.mask[suit]
                if (x & 3) == suit:
                    mask |= INDEX_RANK_BIT[x]
                if (y & 3) == suit:
                    mask |= INDEX_RANK_BIT[y]
                r = HR_FLUSH[mask]
            else:
                r = rank_product(b.product * INDEX_PRIME[x] * INDEX_PRIME[y])
            keys[n] = (<uint64_t>r << 32) | (<uint64_t>class_of[pair] << 12) | (x << 6) | y
            n += 1
    sort_by_rank(keys, spare, n)  # best first, stable: by class within a rank
    memset(w.worse, 0, k * sizeof(uint32_t))
    memset(w.worse_holding, 0, 52 * width * sizeof(uint32_t))
    hi = n
    while hi > 0:  # pairs of one rank together, worst first
        lo = hi - 1
        while lo > 0 and keys[lo - 1] >> 32 == keys[hi - 1] >> 32:
            lo -= 1
        g = lo
        while g < hi:  # each class's pairs of this rank: the pairs worse than them, once
            cls = (keys[g] >> 12) & 0xFFFFF
            times = 0
            while g + times < hi and (keys[g + times] >> 12) & 0xFFFFF == cls:
                times += 1
            row = w.wins + cls * k
            if times == 1:  # most often; a multiply costs more than an add without SSE4
                for j in range(k):
                    row[j] += w.worse[j]
            else:
                for j in range(k):
                    row[j] += times * w.worse[j]
            g += times
        for g in range(lo, hi):
            key = keys[g]
            x, y = (key >> 6) & 63, key & 63
            into = w.shared + (x * width + s.slot[x][y]) * width
            add = w.worse_holding + x * width
            for j in range(s.n[x]):
                into[j] += add[j]
            into = w.shared + (y * width + s.slot[y][x]) * width
            add = w.worse_holding + y * width
            for j in range(s.n[y]):
                into[j] += add[j]
        for g in range(lo, hi):
            key = keys[g]
            cls, x, y = (key >> 12) & 0xFFFFF, (key >> 6) & 63, key & 63
            w.worse[cls] += weight
            w.worse_holding[x * width + s.slot[x][y]] += weight
            w.worse_holding[y * width + s.slot[y][x]] += weight
        hi = lo


cdef class _WinsJob(_KernelJob):
    """One ``class_wins`` call, split by boards so that threads can share it."""
    cdef CardSlots slots
    cdef const uint16_t[::1] class_of
    cdef const uint32_t[::1] weights
    cdef const uint8_t[:, ::1] boards
    cdef int k

    def run(self, Py_ssize_t lo, Py_ssize_t hi):
        """Boards ``lo:hi``: the k x k wins as a list, cards shared taken out."""
        cdef WinCounts w
        cdef uint64_t keys[1081]
        cdef uint64_t spare[1081]
        cdef Py_ssize_t first, last, i
        cdef int k = self.k, width = self.slots.width, x, a, c
        w.k = k
        w.wins = <uint32_t*>PyMem_Malloc(k * k * sizeof(uint32_t))
        w.shared = <uint32_t*>PyMem_Malloc(52 * width * width * sizeof(uint32_t))
        w.worse = <uint32_t*>PyMem_Malloc(k * sizeof(uint32_t))
        w.worse_holding = <uint32_t*>PyMem_Malloc(52 * width * sizeof(uint32_t))
        try:
            if not (w.wins and w.shared and w.worse and w.worse_holding):
                raise MemoryError()
            memset(w.wins, 0, k * k * sizeof(uint32_t))
            memset(w.shared, 0, 52 * width * width * sizeof(uint32_t))
            first = lo
            while first < hi:
                last = min(hi, first + 64)  # a few ms of boards between looks for Ctrl-C
                with nogil:
                    for i in range(first, last):
                        board_wins(&self.slots, &self.class_of[0], &self.boards[i, 0], self.weights[i], &w,
                                   keys, spare)
                if signals_raised() < 0:
                    propagate_error()
                if self.stop:
                    raise KeyboardInterrupt  # seen by another thread
                first = last
            out = [w.wins[i] for i in range(k * k)]
            for x in range(52):
                for a in range(self.slots.n[x]):
                    for c in range(self.slots.n[x]):
                        out[self.slots.cls[x][a] * k + self.slots.cls[x][c]] -= w.shared[(x * width + a) * width + c]
            return out
        finally:
            PyMem_Free(w.wins)
            PyMem_Free(w.shared)
            PyMem_Free(w.worse)
            PyMem_Free(w.worse_holding)


def class_wins(boards, weights, classes, threads=None):
    """Wins of each class of hole-card pairs over each other, summed over boards.

    ``boards`` is an (m, 5) array of card indices, board ``i`` counted ``weights[i]`` times;
    ``classes`` gives a class, 0 to k - 1, to each of the 1,326 pairs ``(x, y)``, x < y, in
    order. ``W[A][B]`` (a (k, k) int64 array) sums the weights over every board and every pair
    ``a`` of A and ``b`` of B that share no card with each other or the board, where ``a`` beats ``b``.
    """
    view, cards, weight_of, class_of, k = matrix_setup.class_wins_args(boards, weights, classes)
    cdef Py_ssize_t m = view.shape[0], i
    cdef int x, y, j, pair = 0
    result, out = kernels.new_array(boards, (k, k), "q")
    cdef _WinsJob job = _WinsJob()
    job.k = k
    job.class_of = class_of
    job.weights = weight_of
    job.boards = memoryview(cards).cast("B", (m, 5)) if m else memoryview(bytes(5)).cast("B", (1, 5))
    # What C reads, checked here whatever the Python checks said: its lengths, cards and classes.
    if len(cards) != 5 * m or job.weights.shape[0] != m or job.class_of.shape[0] != 1326:
        raise ValueError("the boards, weights and classes disagree in length")
    for j in range(1326):
        if job.class_of[j] >= k:
            raise ValueError(f"class {job.class_of[j]} of pair {j} is not below {k}")
    for i in range(m):
        for j in range(5):
            if job.boards[i, j] > 51:
                raise ValueError(f"row {i}: {job.boards[i, j]} is not a card index (expected 0 to 51)")
    memset(&job.slots, 0, sizeof(CardSlots))
    for x in range(52):
        for y in range(x + 1, 52):
            place(&job.slots, x, y, job.class_of[pair])
            place(&job.slots, y, x, job.class_of[pair])
            pair += 1
    job.slots.width = max(job.slots.n[x] for x in range(52))
    for j, pair in enumerate(sorted(range(1326), key=class_of.__getitem__)):
        job.slots.order[j] = pair
    bounds = threads_module.even_bounds(m, threads_module.threads_for(threads, m * 1081))
    parts = job.run_parts(bounds)
    for j in range(k * k):
        out[j] = sum(part[j] for part in parts)
    return result
