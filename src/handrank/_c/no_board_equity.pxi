"""Equity in the games with no board (stud, razz and the draw games): each player's known cards
filled to a full hand from the cards left, every deal or seeded random ones. Pairs with
``_eval_py/no_board_equity.py``: the same deals, the same draws from the same stream."""

cdef object no_board_setup = PyImport_ImportModule("handrank._kernels.no_board_equity")  # its checks

cdef enum:
    NO_BOARD_LOOK_EVERY = 65536  # deals between looks for Ctrl-C
    NO_BOARD_HAND = 7            # the most cards a hand holds (stud's)

cdef const LowGame* DEUCE_TO_SEVEN = &LOW_GAMES[<int>LOW_GAME_INDEX["2-7"]]


cdef struct Filled:
    uint64_t mask  # one set of a player's missing cards, a bit a 0-51 index
    uint16_t high  # the full hand's values, lower better (low: stud hi-lo's, else 0)
    uint16_t low


cdef inline void hand_values(int rule, const uint32_t* cs, Filled* out) noexcept nogil:
    """A full hand's high value and its low value (stud hi-lo's; else 0), each lower better."""
    out.low = 0
    if rule == 0:
        out.high = rank_n(cs, 7)
    elif rule == 1:
        out.high = rank_n(cs, 7)
        out.low = best_low(cs, 7, ACE_TO_FIVE)
    elif rule == 2:
        out.high = best_low(cs, 7, ACE_TO_FIVE)
    elif rule == 3:
        out.high = rank5(cs[0], cs[1], cs[2], cs[3], cs[4])
    elif rule == 4:
        out.high = low5(cs[0], cs[1], cs[2], cs[3], cs[4], DEUCE_TO_SEVEN)
    elif rule == 5:
        out.high = low5(cs[0], cs[1], cs[2], cs[3], cs[4], ACE_TO_FIVE)
    else:
        out.high = badugi_rank(cs)


cdef void fill_table(int rule, const uint32_t* known, int k, int size, const uint8_t* left, int m,
                     Filled* table) noexcept nogil:
    """Every set of ``size - k`` of the ``m`` cards left (indices), in the order of
    ``itertools.combinations``, with the values of the hand it fills."""
    cdef int need = size - k, i, n = 0
    cdef int at[NO_BOARD_HAND]
    cdef uint32_t cs[NO_BOARD_HAND]
    cdef uint64_t mask
    memcpy(cs, known, k * sizeof(uint32_t))
    for i in range(need):
        at[i] = i
    while True:
        mask = 0
        for i in range(need):
            cs[k + i] = HR_DECK[left[at[i]]]
            mask |= 1ULL << left[at[i]]
        table[n].mask = mask
        hand_values(rule, cs, &table[n])
        n += 1
        i = need - 1
        while i >= 0 and at[i] == m - need + i:
            i -= 1
        if i < 0:
            return
        at[i] += 1
        for i in range(i + 1, need):
            at[i] = at[i - 1] + 1


cdef int every_deal(int rule, int players, Filled** tables, const int64_t* sizes, int64_t lo, int64_t hi,
                    uint64_t* tallies, uint64_t* deals, const int* stop) noexcept nogil:
    """Every deal of one set from each player's table, no card twice, the first player's sets
    ``lo:hi`` of theirs, scored; 1 if Ctrl-C stopped it (the exception set), 2 if another thread
    asked to stop."""
    cdef int64_t at[HR_MAX_PLAYERS]
    cdef uint64_t used[HR_MAX_PLAYERS]
    cdef uint16_t highs[HR_MAX_PLAYERS]
    cdef uint16_t lows[HR_MAX_PLAYERS]
    cdef const Filled* f
    cdef int level = 0
    at[0] = lo - 1
    used[0] = 0
    while level >= 0:
        at[level] += 1
        if at[level] == (hi if level == 0 else sizes[level]):
            level -= 1
            continue
        f = &tables[level][at[level]]
        if f.mask & used[level]:
            continue
        highs[level] = f.high
        lows[level] = f.low
        if level + 1 < players:
            used[level + 1] = used[level] | f.mask
            level += 1
            at[level] = -1
            continue
        score_pot(players, highs, lows if rule == 1 else NULL, tallies, False)
        deals[0] += 1
        if deals[0] % NO_BOARD_LOOK_EVERY == 0:
            with gil:
                if signals_raised() < 0:
                    return 1
                if stop[0]:
                    return 2
    return 0


cdef class _NoBoardJob(_KernelJob):
    """Every deal of one ``no_board_showdowns`` call, split by the first player's sets so that
    threads can share it; the tables are the caller's, alive while it runs."""
    cdef int rule
    cdef int players
    cdef Filled* tables[HR_MAX_PLAYERS]
    cdef int64_t sizes[HR_MAX_PLAYERS]

    def run(self, int64_t lo, int64_t hi):
        """The deals whose first player's set is one of ``lo:hi``: their count and tallies."""
        cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
        cdef uint64_t deals = 0
        cdef int stopped, k
        memset(tallies, 0, sizeof(tallies))
        with nogil:
            stopped = every_deal(self.rule, self.players, self.tables, self.sizes, lo, hi, tallies, &deals, &self.stop)
        if stopped == 1:
            raise_pending()
        if stopped == 2:
            raise KeyboardInterrupt  # seen by another thread
        return deals, [tallies[k] for k in range(4 * self.players)]


cdef int random_deals(int rule, int players, const uint32_t* known, const int* counts, int size, uint32_t* cards,
                      int m, uint64_t trials, uint64_t state, uint64_t* tallies, const int* stop) noexcept nogil:
    """``trials`` deals by a partial shuffle of ``cards`` on the wyrand stream from ``state``, each
    player's missing cards in turn; 1 if Ctrl-C stopped it (the exception set), 2 if ``stop`` did."""
    cdef uint16_t highs[HR_MAX_PLAYERS]
    cdef uint16_t lows[HR_MAX_PLAYERS]
    cdef uint32_t cs[NO_BOARD_HAND]
    cdef Filled values
    cdef int missing = 0, i, j, p, at
    cdef uint64_t t
    cdef uint32_t swap
    for p in range(players):
        missing += size - counts[p]
    for t in range(trials):
        for i in range(missing):
            j = i + <int>(hr_wyrand(&state) % <uint64_t>(m - i))
            swap = cards[i]
            cards[i] = cards[j]
            cards[j] = swap
        at = 0
        for p in range(players):
            memcpy(cs, known + p * NO_BOARD_HAND, counts[p] * sizeof(uint32_t))
            memcpy(cs + counts[p], cards + at, (size - counts[p]) * sizeof(uint32_t))
            at += size - counts[p]
            hand_values(rule, cs, &values)
            highs[p] = values.high
            lows[p] = values.low
        score_pot(players, highs, lows if rule == 1 else NULL, tallies, True)
        if (t + 1) % NO_BOARD_LOOK_EVERY == 0:
            with gil:
                if signals_raised() < 0:
                    return 1
                if stop[0]:
                    return 2
    return 0


cdef class _NoBoardTrialsJob(_KernelJob):
    """The Monte Carlo of one ``no_board_showdowns`` call in parts (``trial_parts``), each from its
    own stream and its own copy of the cards left, so that threads can share them."""
    cdef int rule
    cdef int players
    cdef int size
    cdef int m
    cdef uint64_t seed
    cdef list starts
    cdef uint32_t known[HR_MAX_PLAYERS * NO_BOARD_HAND]
    cdef int counts[HR_MAX_PLAYERS]
    cdef uint32_t cards[52]

    def run(self, int lo, int hi):
        """Parts ``lo:hi``: each player's tallies."""
        cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
        cdef uint32_t deck[52]
        cdef uint64_t trials, state
        cdef int part, stopped = 0, k
        memset(tallies, 0, sizeof(tallies))
        for part in range(lo, hi):
            memcpy(deck, self.cards, self.m * sizeof(uint32_t))
            trials = self.starts[part + 1] - self.starts[part]
            state = self.seed + <uint64_t>part * HR_BLOCK_SEED_STEP
            with nogil:
                stopped = random_deals(self.rule, self.players, self.known, self.counts, self.size, deck, self.m,
                                       trials, state, tallies, &self.stop)
            if stopped == 1:
                raise_pending()
            if stopped == 2:
                raise KeyboardInterrupt  # seen by another thread
        return [tallies[k] for k in range(4 * self.players)]


def no_board_showdowns(rule, hands, dead=(), trials=0, seed=0, threads=None):
    """Showdowns in a game with no board (``"stud"``, ``"stud-hilo"``, ``"razz"``, the draw games,
    ``"badugi"``): each player's known cards (indices) filled to the game's hand from the cards no
    hand holds and not ``dead``, every way with ``trials`` 0, else ``trials`` seeded random deals.
    The deals counted, and each player's units of the pot (``POT_UNITS`` a deal) won by the high
    hand and by the low hand, the deals they took alone, and the sum of the squares of their units
    a trial (sampled only). On ``threads`` threads every deal is counted with the player with the
    most sets of missing cards shared out, and trials in parts (``trial_parts``): the same counts
    on any number."""
    checked_rule, known, left, checked_trials, checked_seed = no_board_setup.no_board_args(
        rule, hands, dead, trials, seed
    )
    cdef int number = checked_rule, size = no_board_setup.HAND_SIZES[number]
    cdef int players = len(known), m = len(left), p, i, stopped = 0
    cdef uint32_t known_cards[HR_MAX_PLAYERS * NO_BOARD_HAND]
    cdef int counts[HR_MAX_PLAYERS]
    cdef uint8_t left_indices[52]
    cdef uint32_t cards[52]
    cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
    cdef uint64_t deals = 0, count = checked_trials, state = checked_seed
    cdef int enumerated[HR_MAX_PLAYERS]
    cdef _NoBoardJob job
    cdef _NoBoardTrialsJob trials_job
    for p, h in enumerate(known):
        counts[p] = len(h)
        for i, c in enumerate(h):
            known_cards[p * NO_BOARD_HAND + i] = HR_DECK[<int>c]
    for i, c in enumerate(left):
        left_indices[i] = c
        cards[i] = HR_DECK[<int>c]
    if count:
        trials_job = _NoBoardTrialsJob()
        trials_job.rule = number
        trials_job.players = players
        trials_job.size = size
        trials_job.m = m
        trials_job.seed = state
        trials_job.starts = kernels.trial_parts(count)
        memcpy(trials_job.known, known_cards, sizeof(known_cards))
        memcpy(trials_job.counts, counts, sizeof(counts))
        memcpy(trials_job.cards, cards, m * sizeof(uint32_t))
        parts = len(trials_job.starts) - 1
        bounds = threads_module.even_bounds(parts, threads_module.threads_for(threads, count))
        totals = [0] * (4 * players)
        for part_tallies in trials_job.run_parts(bounds):
            for k in range(4 * players):
                totals[k] += part_tallies[k]
        return count, [tuple(totals[4 * p + k] for k in range(4)) for p in range(players)]
    # The player with the most sets first: their sets are what the threads share out.
    order = sorted(range(players), key=lambda q: -comb(m, size - counts[q]))
    job = _NoBoardJob()
    job.rule = number
    job.players = players
    memset(job.tables, 0, sizeof(job.tables))
    try:
        for i, p in enumerate(order):
            enumerated[i] = p
            job.sizes[i] = comb(m, size - counts[p])
            job.tables[i] = <Filled*>PyMem_Malloc(job.sizes[i] * sizeof(Filled))
            if job.tables[i] == NULL:
                raise MemoryError()
        with nogil:
            for i in range(players):
                p = enumerated[i]
                fill_table(number, known_cards + p * NO_BOARD_HAND, counts[p], size, left_indices, m, job.tables[i])
        work = no_board_setup.deals(size, [counts[p] for p in range(players)], m)
        bounds = threads_module.even_bounds(job.sizes[0], threads_module.threads_for(threads, work))
        parts = job.run_parts(bounds)
    finally:
        for i in range(players):
            PyMem_Free(job.tables[i])
    totals = [[0, 0, 0, 0] for _ in range(players)]
    for part_deals, part_tallies in parts:
        deals += part_deals
        for i, p in enumerate(order):
            for k in range(4):
                totals[p][k] += part_tallies[4 * i + k]
    return deals, [tuple(t) for t in totals]
