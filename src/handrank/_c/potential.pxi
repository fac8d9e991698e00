"""Hand strength and potential of many hands at once: for each hand of a range on a flop or a turn,
against the holdings of another range, the weights ahead, tied and behind now and on the river,
and the squared river strengths. Each runout ranks every hand and holding once; a sweep in river
rank order, with running sums over the holdings' ranks now (one for all, one for each card, so
that a hand's own cards are taken out), gives every hand its counts. Pairs with
``_eval_py/potential.py``: the same sums, in the same order."""

cdef object potential_setup = PyImport_ImportModule("handrank._kernels.potential")  # its checks


cdef enum:
    POTENTIAL_FIELDS = 14  # as the checks' FIELDS
    POTENTIAL_RANKS = 7463  # every rank, and one past the worst


cdef struct PotentialBoard:
    int n_hands, n_holdings
    int n_places                 # the holdings' distinct ranks now
    int runout_size              # cards a runout deals: 2 from a flop, 1 from a turn
    const Hole* hands
    const Hole* holdings
    const double* weights        # each holding's
    const double* twins          # each hand's: the holdings' weight of the very same cards
    const int* below             # each hand's: the holdings' distinct ranks now better than its own ...
    const int* at_most           # ... and at most as good
    const int* rank_place        # each holding's: the place of its rank now among the distinct ones
    const uint8_t* runouts       # runout_size cards each
    CardState board


cdef struct PotentialRun:
    double* trees                # 53 running-sum trees of n_places + 1: all holdings, then one a card
    uint64_t* hand_live          # river rank << 32 | hand, the hands the runout misses
    uint64_t* holding_live       # ... and the holdings
    uint64_t* spare
    double* passes               # each hand's counts now (behind, tied, ahead) below and at its river rank
    double* sums                 # FIELDS a hand


cdef inline void tree_add(double* tree, int size, int at, double weight) noexcept nogil:
    at += 1
    while at <= size:
        tree[at] += weight
        at += at & -at


cdef inline double tree_below(const double* tree, int upto) noexcept nogil:
    """The sum over places 0 to upto - 1."""
    cdef double total = 0
    while upto > 0:
        total += tree[upto]
        upto -= upto & -upto
    return total


cdef inline void counts_now(const PotentialBoard* p, const double* trees, int i, bint twin_in,
                            double* out) noexcept nogil:
    """The weight of the holdings in the trees that miss hand ``i``'s cards, by their rank now
    against the hand's: out[0] better (the hand behind), out[1] the same, out[2] worse."""
    cdef int size = p.n_places + 1
    cdef const double* every = trees
    cdef const double* first = trees + size * (1 + p.hands[i].card[0])
    cdef const double* second = trees + size * (1 + p.hands[i].card[1])
    cdef int lo = p.below[i], hi = p.at_most[i], top = p.n_places
    cdef double better = tree_below(every, lo) - tree_below(first, lo) - tree_below(second, lo)
    cdef double level = tree_below(every, hi) - tree_below(first, hi) - tree_below(second, hi)
    cdef double all_ = tree_below(every, top) - tree_below(first, top) - tree_below(second, top)
    if twin_in:  # the holding of the very same cards was taken out twice: put it back once
        level = level + p.twins[i]
        all_ = all_ + p.twins[i]
    out[0] = better
    out[1] = level - better
    out[2] = all_ - level


cdef inline void add_holding(const PotentialBoard* p, double* trees, int j) noexcept nogil:
    cdef int size = p.n_places + 1
    cdef double w = p.weights[j]
    tree_add(trees, p.n_places, p.rank_place[j], w)
    tree_add(trees + size * (1 + p.holdings[j].card[0]), p.n_places, p.rank_place[j], w)
    tree_add(trees + size * (1 + p.holdings[j].card[1]), p.n_places, p.rank_place[j], w)


cdef inline uint16_t river_rank(const Hole* h, const CardState* b) noexcept nogil:
    cdef uint16_t r = flush_rank(&h.cards, b)
    return r if r else rank_product(b.product * h.cards.product)


cdef void potential_runout(const PotentialBoard* p, int r, PotentialRun* run) noexcept nogil:
    """One runout: every hand it misses gets its nine counts and its squared river strength."""
    cdef CardState b = p.board
    cdef uint64_t used = 0
    cdef int k, i, j, t, u, n_hands = 0, n_holdings = 0, start, stop
    cdef uint64_t level
    cdef double later[9]
    cdef double whole[3]
    cdef double ahead, tied, total, strength
    cdef double* x1
    cdef double* x2
    cdef double* sums
    for k in range(p.runout_size):
        add_card(&b, p.runouts[p.runout_size * r + k])
        used |= 1ULL << p.runouts[p.runout_size * r + k]
    for j in range(p.n_holdings):
        if not p.holdings[j].cards.bits & used:
            run.holding_live[n_holdings] = <uint64_t>river_rank(&p.holdings[j], &b) << 32 | j
            n_holdings += 1
    for i in range(p.n_hands):
        if not p.hands[i].cards.bits & used:
            run.hand_live[n_hands] = <uint64_t>river_rank(&p.hands[i], &b) << 32 | i
            n_hands += 1
    sort_by_rank(run.holding_live, run.spare, n_holdings)
    sort_by_rank(run.hand_live, run.spare, n_hands)
    memset(run.trees, 0, 53 * (p.n_places + 1) * sizeof(double))
    u = 0
    start = 0
    while start < n_hands:  # the hands of one river rank at a time, best first
        level = run.hand_live[start] >> 32
        stop = start
        while stop < n_hands and (run.hand_live[stop] >> 32) == level:
            stop += 1
        while u < n_holdings and (run.holding_live[u] >> 32) < level:
            add_holding(p, run.trees, <uint32_t>run.holding_live[u])
            u += 1
        for t in range(start, stop):
            i = <uint32_t>run.hand_live[t]
            counts_now(p, run.trees, i, False, run.passes + 6 * i)
        while u < n_holdings and (run.holding_live[u] >> 32) == level:
            add_holding(p, run.trees, <uint32_t>run.holding_live[u])
            u += 1
        for t in range(start, stop):
            i = <uint32_t>run.hand_live[t]
            counts_now(p, run.trees, i, True, run.passes + 6 * i + 3)
        start = stop
    while u < n_holdings:
        add_holding(p, run.trees, <uint32_t>run.holding_live[u])
        u += 1
    for t in range(n_hands):
        i = <uint32_t>run.hand_live[t]
        counts_now(p, run.trees, i, True, whole)
        x1 = run.passes + 6 * i  # better on the river: the hand behind
        x2 = x1 + 3              # at most as good: behind or tied
        sums = run.sums + POTENTIAL_FIELDS * i
        for k in range(3):  # now: 0 behind, 1 tied, 2 ahead (the holding better, the same, worse)
            later[3 * k] = whole[k] - x2[k]   # the hand ahead on the river
            later[3 * k + 1] = x2[k] - x1[k]  # tied
            later[3 * k + 2] = x1[k]          # behind
        for k in range(3):  # table[now][later], now 0 ahead: the holding worse now
            sums[3 * k] += later[3 * (2 - k)]
            sums[3 * k + 1] += later[3 * (2 - k) + 1]
            sums[3 * k + 2] += later[3 * (2 - k) + 2]
        ahead = later[0] + later[3] + later[6]
        tied = later[1] + later[4] + later[7]
        total = whole[0] + whole[1] + whole[2]
        if total > 0:
            strength = (ahead + tied / 2) / total
            sums[9] += strength * strength
            sums[10] += 1


cdef class _PotentialJob(_KernelJob):
    """Every runout, in parts by the first card dealt."""
    cdef object keep
    cdef PotentialBoard p
    cdef Hole* hands
    cdef Hole* holdings
    cdef int* below
    cdef int* at_most
    cdef int* rank_place
    cdef list first_runout  # each part's first runout, and one past the last part's

    def __dealloc__(self):
        PyMem_Free(self.hands)
        PyMem_Free(self.holdings)
        PyMem_Free(self.below)
        PyMem_Free(self.at_most)
        PyMem_Free(self.rank_place)

    def run(self, int lo, int hi):
        cdef PotentialRun run
        cdef int part, r, n = self.p.n_hands, first, last
        memset(&run, 0, sizeof(PotentialRun))
        out = []
        try:
            run.trees = <double*>PyMem_Malloc(53 * (self.p.n_places + 1) * sizeof(double))
            run.hand_live = <uint64_t*>PyMem_Malloc(max(n, 1) * sizeof(uint64_t))
            run.holding_live = <uint64_t*>PyMem_Malloc(max(self.p.n_holdings, 1) * sizeof(uint64_t))
            run.spare = <uint64_t*>PyMem_Malloc(max(n, self.p.n_holdings, 1) * sizeof(uint64_t))
            run.passes = <double*>PyMem_Malloc(max(6 * n, 1) * sizeof(double))
            run.sums = <double*>PyMem_Malloc(max(POTENTIAL_FIELDS * n, 1) * sizeof(double))
            if not (run.trees and run.hand_live and run.holding_live and run.spare and run.passes and run.sums):
                raise MemoryError()
            for part in range(lo, hi):
                first, last = self.first_runout[part], self.first_runout[part + 1]
                with nogil:
                    memset(run.sums, 0, POTENTIAL_FIELDS * n * sizeof(double))
                    for r in range(first, last):
                        if self.stop:
                            break
                        potential_runout(&self.p, r, &run)
                if signals_raised() < 0:  # Ctrl-C, seen in the main thread: the others stop too
                    self.stop = 1
                    propagate_error()
                if self.stop:
                    raise KeyboardInterrupt  # another thread saw it, or failed
                out.append([run.sums[k] for k in range(POTENTIAL_FIELDS * n)])
        finally:
            PyMem_Free(run.trees)
            PyMem_Free(run.hand_live)
            PyMem_Free(run.holding_live)
            PyMem_Free(run.spare)
            PyMem_Free(run.passes)
            PyMem_Free(run.sums)
        return out


def potential_tables(players, board=(), dead=(), threads=None):
    """Two ranges on a flop or a turn, the hands then the holdings they meet (``players`` as
    ``exact_range_showdowns`` takes them; the hands' weights are not read). For each hand, the
    ``FIELDS`` sums of ``_kernels.potential``: over every runout to the river and every holding
    that misses the hand's cards and the runout, the weights ahead, tied and behind now against
    ahead, tied and behind on the river, the squared river strengths and the runouts counted;
    and the weights ahead, tied and behind now. The same sums as the pure implementation, on
    any thread count."""
    players, board, dead, runouts, twins = potential_setup.potential_args(players, board, dead)
    cdef _PotentialJob job = _PotentialJob()
    cdef PotentialBoard* p = &job.p
    cdef const uint8_t[::1] hand_cards = players[0][0]
    cdef const uint8_t[::1] holding_cards = players[1][0]
    cdef const double[::1] weights = players[1][1]
    cdef const double[::1] twin_view = twins
    cdef const uint8_t[::1] runout_view
    cdef int n = players[0][1].shape[0], m = players[1][1].shape[0], i, j, k
    cdef int below_rank[POTENTIAL_RANKS + 1]
    cdef uint16_t r
    job.keep = [players, twins]
    p.n_hands, p.n_holdings = n, m
    job.hands = combo_holes(0, hand_cards, n)  # checks the buffers, whatever the Python checks saw
    job.holdings = combo_holes(1, holding_cards, m)
    p.hands, p.holdings = job.hands, job.holdings
    p.weights = &weights[0]
    p.twins = &twin_view[0]
    clear_cards(&p.board)
    for c in board:
        add_card(&p.board, c)
    job.below = <int*>PyMem_Malloc(n * sizeof(int))
    job.at_most = <int*>PyMem_Malloc(n * sizeof(int))
    job.rank_place = <int*>PyMem_Malloc(m * sizeof(int))
    if not (job.below and job.at_most and job.rank_place):
        raise MemoryError()
    memset(below_rank, 0, sizeof(below_rank))
    for j in range(m):  # mark each holding's rank now, then count the marks below each rank
        below_rank[river_rank(&job.holdings[j], &p.board)] = 1
    k = 0
    for i in range(POTENTIAL_RANKS + 1):
        r = below_rank[i]
        below_rank[i] = k
        k += r
    p.n_places = k
    for j in range(m):
        job.rank_place[j] = below_rank[river_rank(&job.holdings[j], &p.board)]
    for i in range(n):
        r = river_rank(&job.hands[i], &p.board)
        job.below[i] = below_rank[r]
        job.at_most[i] = below_rank[r + 1]
    p.below, p.at_most, p.rank_place = job.below, job.at_most, job.rank_place
    p.runout_size = 5 - len(board)
    flat = array("B", [c for runout in runouts for c in runout])
    runout_view = flat
    job.keep.append(flat)
    p.runouts = &runout_view[0]
    # Parts by the first card dealt: the same parts, so the same sums, on any thread count.
    job.first_runout = [k for k in range(len(runouts)) if k == 0 or runouts[k][0] != runouts[k - 1][0]]
    job.first_runout.append(len(runouts))
    parts = len(job.first_runout) - 1
    work = [(job.first_runout[k + 1] - job.first_runout[k]) * (n + m) for k in range(parts)]
    bounds = threads_module.balanced_bounds(work, threads_module.threads_for(threads, sum(work) // 16))
    sums = [0.0] * (POTENTIAL_FIELDS * n)
    for chunk in job.run_parts(bounds):
        for part in chunk:
            for k in range(POTENTIAL_FIELDS * n):
                sums[k] += part[k]
    # The counts now, against every holding that misses the hand's cards (no runout).
    now = [0.0] * (3 * n)
    cdef double counted[3]
    cdef double* trees = <double*>PyMem_Malloc(53 * (p.n_places + 1) * sizeof(double))
    if not trees:
        raise MemoryError()
    memset(trees, 0, 53 * (p.n_places + 1) * sizeof(double))
    try:
        for j in range(m):
            add_holding(p, trees, j)
        for i in range(n):
            counts_now(p, trees, i, True, counted)
            now[3 * i], now[3 * i + 1], now[3 * i + 2] = counted[2], counted[1], counted[0]
    finally:
        PyMem_Free(trees)
    return [tuple(sums[POTENTIAL_FIELDS * i : POTENTIAL_FIELDS * i + 11]) + tuple(now[3 * i : 3 * i + 3])
            for i in range(n)]
