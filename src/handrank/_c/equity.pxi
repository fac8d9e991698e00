"""Exact equity: every board for fixed hands, and every deal of the players' ranges.
Pairs with ``_eval_py/equity.py``."""

cdef inline void deal_last(const Hands* h, const int k, const BoardState* b, const uint8_t* deck, int n_deck,
                           int start, Tally* t) noexcept nogil:
    """Every last board card from ``deck[start:]``, ranked a batch at a time (``k`` is ``h.k``)."""
    cdef int j, d, m, i
    cdef BoardState last
    cdef uint16_t ranks[BATCH * HR_MAX_PLAYERS]
    cdef uint64_t keys[BATCH * HR_MAX_PLAYERS]
    j = start
    while j < n_deck:
        m = min(BATCH, n_deck - j)
        for d in range(m):
            last = b[0]
            add_card(&last, deck[j + d])
            for i in range(k):
                ranks[d * k + i] = flush_rank(h.hole[i], &last)
                keys[d * k + i] = last.product * h.hole[i].product
        rank_keys(ranks, keys, m * k)
        for d in range(m):
            share_board(&ranks[d * k], k, t)
        j += m


cdef void deal_rest(const Hands* h, const BoardState* b, const uint8_t* deck, int n_deck, int start, int need,
                    Tally* t) noexcept nogil:
    """Every way to add ``need`` cards from ``deck[start:]`` to the board."""
    cdef int j
    cdef BoardState next_board
    if need == 0:
        score(h, b, t)
        return
    if need == 1:
        if h.k == 2:  # a constant k lets the compiler unroll the per-player loops of heads-up play
            deal_last(h, 2, b, deck, n_deck, start, t)
        else:
            deal_last(h, h.k, b, deck, n_deck, start, t)
        return
    for j in range(start, n_deck - need + 1):
        next_board = b[0]
        add_card(&next_board, deck[j])
        deal_rest(h, &next_board, deck, n_deck, j + 1, need - 1, t)


cdef class _ExactJob:
    """One enumeration, split by the first dealt card so that threads can share it."""
    cdef Hole holes[HR_MAX_PLAYERS]
    cdef Hands hands
    cdef BoardState board
    cdef uint8_t deck[52]
    cdef int n_deck, need

    def run(self, int lo, int hi):
        cdef Tally t
        cdef int first
        cdef BoardState b
        memset_tally(&t)
        with nogil:
            if self.need == 0:
                if lo == 0:
                    score(&self.hands, &self.board, &t)
            else:
                for first in range(lo, hi):
                    b = self.board
                    add_card(&b, self.deck[first])
                    deal_rest(&self.hands, &b, self.deck, self.n_deck, first + 1, self.need - 1, &t)
        return by_winners_out(&t, self.hands.k)


def exact_showdowns(holes, board=(), dead=(), threads=None):
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 / k units.
    """
    holes, board, deck = checks.equity_args(holes, board, dead)
    if not holes:
        raise ValueError(f"expected 1 to {HR_MAX_PLAYERS} players, got 0")
    cdef _ExactJob job = _ExactJob()
    cdef int j
    job.need = 5 - len(board)
    job.n_deck = len(deck)
    for j in range(job.n_deck):
        job.deck[j] = deck[j]
    job.board = start_board(board)
    job.hands.k = len(holes)
    for j, hole in enumerate(holes):
        clear_hole(&job.holes[j])
        for c in hole:
            add_hole_card(&job.holes[j], c)
        job.hands.hole[j] = &job.holes[j]
    firsts = max(job.n_deck - job.need + 1, 1)
    # The boards under each first card, so that every thread gets a fair share of them.
    work = [comb(job.n_deck - j - 1, job.need - 1) if job.need else 1 for j in range(firsts)]
    bounds = threads_module.balanced_bounds(work, threads_module.threads_for(threads, sum(work)))
    return tally.showdowns(threads_module.run(job.run, bounds), job.hands.k)


# Every deal of the ranges.

cdef struct RangeDeal:
    int k, need
    BoardState board
    int n[HR_MAX_PLAYERS]                # each player's combos ...
    const Hole* holes[HR_MAX_PLAYERS]    # ... ready to score (combo_holes)
    const double* weights[HR_MAX_PLAYERS]


cdef struct RangeRun:
    Hands h
    Tally t
    double by_winners[1 << HR_MAX_PLAYERS]  # weights of the boards, by the set of players who share them
    int64_t boards
    int64_t unlooked  # boards scored since the last look for Ctrl-C
    int* stop  # the job's flag: Ctrl-C, or another thread's failure, ends every run early


cdef enum:
    LOOK_EVERY = 1 << 21  # boards between looks for Ctrl-C: a few milliseconds of work


cdef void deal_ranges(const RangeDeal* r, int i, uint64_t used, double weight, RangeRun* run) noexcept nogil:
    """Players ``i`` on take every combo that fits, in order; then every board, weighted by ``weight``."""
    cdef int j, n_deck
    cdef uint32_t winners
    cdef uint8_t deck[52]
    cdef const Hole* hole
    if i == r.k:
        run.unlooked += 1  # a deal costs about a board to set up, whatever its boards
        if run.unlooked >= LOOK_EVERY:  # a look for Ctrl-C (it only shows in the main thread)
            run.unlooked = 0
            with gil:
                if signals_raised() < 0:
                    run.stop[0] = 1  # the exception stays set for run() to raise
        n_deck = 0
        for j in range(52):
            if not (used >> j) & 1:
                deck[n_deck] = j
                n_deck += 1
        memset(run.t.by_winners, 0, sizeof(uint64_t) << r.k)
        if r.need == 0:
            score(&run.h, &r.board, &run.t)
        else:
            deal_rest(&run.h, &r.board, deck, n_deck, 0, r.need, &run.t)
        for winners in range(1, 1 << r.k):
            if run.t.by_winners[winners]:
                run.by_winners[winners] += weight * <double>run.t.by_winners[winners]
                run.boards += run.t.by_winners[winners]
                run.unlooked += run.t.by_winners[winners]
        return
    for j in range(r.n[i]):
        if run.stop[0]:
            return
        hole = &r.holes[i][j]
        if used & hole.bits:
            continue  # these hands collide: this deal cannot happen
        run.h.hole[i] = hole
        deal_ranges(r, i + 1, used | hole.bits, weight * r.weights[i][j], run)


cdef class _RangeJob:
    """One exact enumeration over the ranges, split into parts of the first player's combos."""
    cdef object keep  # the weight buffers the deal points into
    cdef list bounds  # each part's slice of the first player's combos
    cdef RangeDeal deal
    cdef uint64_t fixed  # fixed_cards()
    cdef int stop
    cdef Hole* holes[HR_MAX_PLAYERS]  # owned

    def __dealloc__(self):
        cdef int i
        for i in range(HR_MAX_PLAYERS):
            PyMem_Free(self.holes[i])

    def cancel(self):
        self.stop = 1

    def run(self, int lo, int hi):
        cdef RangeRun run
        cdef int part
        cdef Py_ssize_t first, last
        run.h.k = self.deal.k
        run.stop = &self.stop
        run.unlooked = 0
        out = []
        for part in range(lo, hi):
            first, last = self.bounds[part]
            run.boards = 0
            with nogil:
                memset(run.by_winners, 0, sizeof(double) << self.deal.k)
                self.run_part(first, last, &run)
            if self.stop:
                if PyErr_Occurred():
                    propagate_error()  # Ctrl-C seen here
                raise KeyboardInterrupt  # seen by another thread
            out.append(([run.by_winners[w] for w in range(1 << self.deal.k)], run.boards))
        return out

    cdef void run_part(self, Py_ssize_t first, Py_ssize_t last, RangeRun* run) noexcept nogil:
        cdef Py_ssize_t j
        cdef const Hole* hole
        for j in range(first, last):
            hole = &self.deal.holes[0][j]
            if hole.bits & self.fixed:
                continue
            run.h.hole[0] = hole
            deal_ranges(&self.deal, 1, self.fixed | hole.bits, self.deal.weights[0][j], run)


def exact_range_showdowns(players, board=(), dead=(), threads=None):
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: ``array('B')`` of 2n card indices
    and ``array('d')`` of n weights. Each deal counts with the product of its
    combos' weights; the same sums as the pure implementation, on any thread count.
    """
    board = checks.range_args(players, board, dead)
    cdef int k = len(players), i
    cdef const uint8_t[::1] combos
    cdef const double[::1] weights
    cdef _RangeJob job = _RangeJob()
    job.keep = []
    job.deal.k = k
    job.deal.need = 5 - len(board)
    job.deal.board = start_board(board)
    job.fixed = fixed_cards(board, dead)
    for i, (combos, weights) in enumerate(players):
        job.deal.n[i] = weights.shape[0]
        job.holes[i] = combo_holes(i, combos, job.deal.n[i])
        job.deal.holes[i] = job.holes[i]
        job.deal.weights[i] = &weights[0]
        job.keep.append(weights)
    job.bounds = tally.range_part_bounds(job.deal.n[0])
    work = comb(52 - len(board) - len(dead) - 2 * k, job.deal.need)
    for i in range(k):
        work *= job.deal.n[i]
    bounds = threads_module.even_bounds(len(job.bounds), threads_module.threads_for(threads, work // 64))
    parts = threads_module.run(job.run, bounds, job.cancel)
    return tally.range_showdowns([p for chunk in parts for p in chunk], k)
