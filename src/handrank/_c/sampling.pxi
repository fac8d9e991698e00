"""Monte Carlo equity: seeded wyrand streams (``_c/wyrand.h``), one per block of trials.
Pairs with ``_eval_py/sampling.py``."""

cdef extern from "_c/wyrand.h" nogil:
    uint64_t hr_wyrand(uint64_t* state) noexcept


cdef inline void count_card(BoardState* b, uint64_t c) noexcept nogil:
    """``add_card`` but for the rank masks, which only a flush needs (``flush_rank_counted``)."""
    b.product *= INDEX_PRIME[c]
    b.counts += INDEX_SUIT_COUNT[c]


cdef inline uint16_t flush_rank_counted(const Hole* h, const BoardState* b, uint64_t counted) noexcept nogil:
    """``flush_rank`` for a board with the cards of ``counted`` (a bit per index) added by ``count_card``."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef uint32_t mask
    cdef int suit, rank
    if not flush:
        return 0
    suit = flush_suit(flush)
    mask = b.mask[suit] | h.mask[suit]
    counted >>= suit
    for rank in range(13):  # index 4 x rank + suit
        mask |= <uint32_t>((counted >> (4 * rank)) & 1) << rank
    return HR_FLUSH[mask]


cdef struct Sampler:
    int n                      # combos in the player's range (1 for a known hand)
    const Hole* holes          # each combo, ready to score
    const uint64_t* keep_below  # alias method: keep combo i if 32 random bits are below keep_below[i] ...
    const int32_t* alias       # ... else take alias[i]


cdef inline int sample_blocks(const Sampler* players, const int k, const BoardState* start, uint64_t fixed,
                              int need, uint64_t seed, int64_t trials, int64_t first_block, int64_t last_block,
                              Tally* t) noexcept nogil:
    """Deal and score the trials of blocks [first_block, last_block); -1 if the ranges cannot be dealt."""
    cdef int64_t block, trial, stop
    cdef uint64_t state, x, used, held, c
    cdef int i, j, drawn, tries, dealt = 0
    cdef uint16_t ranks[BATCH * HR_MAX_PLAYERS]
    cdef uint64_t keys[BATCH * HR_MAX_PLAYERS]
    cdef const Hole* hole
    cdef Hands h
    cdef BoardState board
    h.k = k
    for block in range(first_block, last_block):
        state = seed + <uint64_t>block * HR_BLOCK_SEED_STEP
        stop = min(trials, (block + 1) * HR_SAMPLING_BLOCK)
        trial = block * HR_SAMPLING_BLOCK
        tries = 0
        while trial < stop:
            used = fixed
            for i in range(k):
                j = 0
                if players[i].n > 1:  # a known hand takes no random number
                    x = hr_wyrand(&state)
                    j = <int>(((x >> 32) * <uint64_t>players[i].n) >> 32)
                    if (x & 0xFFFFFFFFULL) >= players[i].keep_below[j]:
                        j = players[i].alias[j]
                hole = &players[i].holes[j]
                if used & hole.bits:
                    break
                used |= hole.bits
                h.hole[i] = hole
            else:
                board = start[0]
                held = used
                drawn = 0
                while drawn < need:
                    # Two draws from each random number: its low half, then its high half.
                    x = hr_wyrand(&state)
                    c = ((x & 0xFFFFFFFFULL) * 52) >> 32
                    if not (used >> c) & 1:
                        used |= 1ULL << c
                        count_card(&board, c)
                        drawn += 1
                    c = ((x >> 32) * 52) >> 32
                    if drawn < need and not (used >> c) & 1:
                        used |= 1ULL << c
                        count_card(&board, c)
                        drawn += 1
                for i in range(k):  # the lookups wait: a batch of them overlaps in memory
                    ranks[dealt * k + i] = flush_rank_counted(h.hole[i], &board, used ^ held)
                    keys[dealt * k + i] = board.product * h.hole[i].product
                dealt += 1
                trial += 1
                tries = 0
                if dealt == BATCH or trial == stop:
                    rank_keys(ranks, keys, dealt * k)
                    for i in range(dealt):
                        share_board(&ranks[i * k], k, t)
                    dealt = 0
                continue
            tries += 1  # the hands collided: deal the whole trial again
            if tries > 100000:
                return -1
    return 0


cdef class _SampleJob:
    """One Monte Carlo run, split by blocks of trials so that threads can share it."""
    cdef object keep  # the alias tables the samplers point into
    cdef Sampler players[HR_MAX_PLAYERS]
    cdef Hole* holes[HR_MAX_PLAYERS]          # owned: each player's combos, ready to score
    cdef uint64_t* keep_below[HR_MAX_PLAYERS]  # owned: the alias thresholds
    cdef int k, need, stop
    cdef BoardState start
    cdef uint64_t fixed, seed
    cdef int64_t trials

    def __dealloc__(self):
        cdef int i
        for i in range(HR_MAX_PLAYERS):
            PyMem_Free(self.holes[i])
            PyMem_Free(self.keep_below[i])

    def cancel(self):
        self.stop = 1

    def run(self, int64_t lo, int64_t hi):
        cdef Tally t
        cdef int status = 0
        cdef int64_t first, last
        memset_tally(&t)
        first = lo
        while first < hi and status == 0:
            last = min(hi, first + 256)  # a few ms of trials between looks for Ctrl-C
            with nogil:
                if self.k == 2:  # a constant k lets the compiler unroll the per-player loops of heads-up play
                    status = sample_blocks(self.players, 2, &self.start, self.fixed, self.need, self.seed,
                                           self.trials, first, last, &t)
                else:
                    status = sample_blocks(self.players, self.k, &self.start, self.fixed, self.need, self.seed,
                                           self.trials, first, last, &t)
            if signals_raised() < 0:
                propagate_error()
            if self.stop:
                raise KeyboardInterrupt  # seen by another thread
            first = last
        if status < 0:
            raise ValueError("the ranges collide too often to deal: no hands left that fit together")
        return by_winners_out(&t, self.k)


def sampled_showdowns(players, board=(), dead=(), trials=100000, seed=0, threads=None):
    """Monte Carlo: ``trials`` deals of the players' ranges and the rest of the board.

    ``players`` are (combos, prob, alias) triples: ``array('B')`` of 2n card
    indices, and the alias tables of the combo weights (``equity.alias_table``).
    Deterministic for a seed, whatever the thread count. Returns what
    ``exact_showdowns`` returns, with ``boards`` the number of trials.
    """
    board = checks.sampling_args(players, board, dead, trials)
    cdef int k = len(players), i, j, n
    cdef const uint8_t[::1] combos
    cdef const double[::1] prob
    cdef const int32_t[::1] alias
    cdef double p
    cdef _SampleJob job = _SampleJob()
    job.keep = []
    job.k = k
    for i, (combos, prob, alias) in enumerate(players):
        n = prob.shape[0]
        if alias.shape[0] != n:
            raise ValueError(f"player {i}: {alias.shape[0]} aliases for {n} combos")
        for j in range(n):
            if not 0 <= alias[j] < n:
                raise ValueError(f"player {i}: alias table entry {alias[j]} out of range")
        job.holes[i] = combo_holes(i, combos, n)
        job.keep_below[i] = <uint64_t*>PyMem_Malloc(n * sizeof(uint64_t))
        if not job.keep_below[i]:
            raise MemoryError()
        for j in range(n):
            # u / 2**32 >= p exactly when u >= ceil(p * 2**32), for a 32-bit u: the same test, in integers.
            p = prob[j]
            job.keep_below[i][j] = 0 if p <= 0 else <uint64_t>ceil(p * 4294967296.0) if p <= 1 else 1ULL << 32
        job.players[i].n = n
        job.players[i].holes = job.holes[i]
        job.players[i].keep_below = job.keep_below[i]
        job.players[i].alias = &alias[0]
        job.keep.append(alias)
    job.start = start_board(board)
    job.fixed = fixed_cards(board, dead)
    job.need = 5 - len(board)
    job.seed = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    job.trials = trials
    blocks = -(-trials // HR_SAMPLING_BLOCK)
    bounds = threads_module.even_bounds(blocks, threads_module.threads_for(threads, blocks * 64))
    return tally.showdowns(threads_module.run(job.run, bounds, job.cancel), k)
