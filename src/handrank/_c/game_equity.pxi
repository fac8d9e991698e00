"""Equity in the games beyond hold'em: known hands' showdowns over every board that can come, or over
seeded random ones, for Omaha high, Omaha hi-lo (eight or better) and short deck. Pairs with
``_eval_py/game_equity.py``: the same boards in the same order, the same draws from the same stream."""

cdef object game_equity_setup = PyImport_ImportModule("handrank._kernels.game_equity")  # its checks

cdef enum:
    GAME_LOOK_EVERY = 65536  # boards between looks for Ctrl-C
    GAME_FIT_TRIES = 10000   # as the checks' FIT_TRIES: the deals of the ranges a trial tries

cdef struct GameDeal:
    int rule                      # the place of the game in the checks' RULES
    int players
    int hole                      # hole cards a player
    const uint32_t* holes         # players x hole card ints
    const uint16_t* short_values  # short deck's non-flush values, else NULL
    const uint16_t* by_triple     # Omaha's known hands: players x 455 highs (omaha_by_triple), else NULL
    const uint16_t* low_by_triple  # and Omaha hi-lo's, players x 455 lows
    uint64_t* tallies             # players x 4: high units, low units, pots alone, squares


cdef void score_board(const GameDeal* g, const uint32_t* board, bint sampled) noexcept nogil:
    """One full board's showdown added to each player's tally: the pot's units won by the high hand
    and by the low hand, the pot taken alone, and (sampled) the square of the units won."""
    cdef uint16_t highs[HR_MAX_PLAYERS]
    cdef uint16_t lows[HR_MAX_PLAYERS]
    cdef uint32_t cs[7]
    cdef BoardTriples tr
    cdef int i
    if g.by_triple != NULL:
        board_triples(board, 5, &tr)
    for i in range(g.players):
        if g.by_triple != NULL:
            highs[i] = omaha_high_known(g.by_triple + i * 455, g.holes + i * g.hole, g.hole, &tr)
        elif g.rule < 2:
            highs[i] = omaha_high(g.holes + i * g.hole, g.hole, board, 5)
        else:
            cs[0] = g.holes[2 * i]
            cs[1] = g.holes[2 * i + 1]
            memcpy(&cs[2], board, 5 * sizeof(uint32_t))
            highs[i] = short_deck_rank(cs, 7, g.short_values)
        if g.rule == 1 and g.by_triple != NULL:
            lows[i] = least_by_triple(g.low_by_triple + i * 455, &tr)
        elif g.rule == 1:
            lows[i] = omaha_low(g.holes + i * g.hole, g.hole, board, 5)
    score_pot(g.players, highs, lows if g.rule == 1 else NULL, g.tallies, sampled)


cdef int every_board(const GameDeal* g, uint32_t* board, int fixed, const uint32_t* cards, int m,
                     uint64_t* boards) noexcept nogil:
    """Every completion of the board from ``cards``, in the order of ``itertools.combinations``; 1 if
    Ctrl-C stopped it (the exception set)."""
    cdef int missing = 5 - fixed, i
    cdef int at[5]
    for i in range(missing):
        at[i] = i
    while True:
        for i in range(missing):
            board[fixed + i] = cards[at[i]]
        score_board(g, board, False)
        boards[0] += 1
        if boards[0] % GAME_LOOK_EVERY == 0:
            with gil:
                if signals_raised() < 0:
                    return 1
        i = missing - 1
        while i >= 0 and at[i] == m - missing + i:
            i -= 1
        if i < 0:
            return 0
        at[i] += 1
        for i in range(i + 1, missing):
            at[i] = at[i - 1] + 1


cdef int random_boards(const GameDeal* g, uint32_t* board, int fixed, uint32_t* cards, int m, uint64_t trials,
                       uint64_t state, const int* stop) noexcept nogil:
    """``trials`` boards completed by a partial shuffle of ``cards`` on the wyrand stream from ``state``;
    1 if Ctrl-C stopped it (the exception set), 2 if ``stop`` did."""
    cdef int missing = 5 - fixed, i, j
    cdef uint64_t t
    cdef uint32_t swap
    for t in range(trials):
        for i in range(missing):
            j = i + <int>(hr_wyrand(&state) % <uint64_t>(m - i))
            swap = cards[i]
            cards[i] = cards[j]
            cards[j] = swap
            board[fixed + i] = cards[i]
        score_board(g, board, True)
        if (t + 1) % GAME_LOOK_EVERY == 0:
            with gil:
                if signals_raised() < 0:
                    return 1
                if stop[0]:
                    return 2
    return 0


def game_showdowns(rule, holes, board, deck, trials=0, seed=0, threads=None):
    """Known hands' showdowns in ``rule`` (``"omaha"``, ``"omaha-hilo"``, ``"short-deck"``,
    ``"short-deck-straight-over-trips"``): every completion of the board from ``deck`` (card indices)
    with ``trials`` 0, else ``trials`` seeded random ones, in parts (``trial_parts``) that
    ``threads`` share. The boards counted, and each player's units of the pot (``POT_UNITS`` a board)
    won by the high hand and by the low hand, the boards on which they took the whole pot alone, and
    the sum of the squares of their units a trial (sampled only)."""
    number, hands, known, left, checked_trials, checked_seed = game_equity_setup.game_showdown_args(
        rule, holes, board, deck, trials, seed
    )
    cdef _GameTrialsJob job = _GameTrialsJob()
    cdef GameDeal* g = &job.deal
    cdef int i, stopped, fixed = len(known), m = len(left)
    cdef uint64_t count = checked_trials, boards = 0
    cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
    cdef uint32_t full[5]
    cdef uint32_t cards[52]
    g.rule = number
    g.players = len(hands)
    g.hole = len(hands[0])
    for i, c in enumerate(c for h in hands for c in h):
        job.hole_cards[i] = HR_DECK[<int>c]
    for i, c in enumerate(known):
        job.full[i] = HR_DECK[<int>c]
    for i, c in enumerate(left):
        job.cards[i] = HR_DECK[<int>c]
    job.fixed_count = fixed
    job.m = m
    g.holes = job.hole_cards
    g.short_values = short_deck_values(number == 2) if number >= 2 else NULL
    g.by_triple = NULL
    if number < 2:  # Omaha: each known hand's best by the board's threes, once
        for i in range(g.players):
            omaha_by_triple(job.hole_cards + i * g.hole, g.hole, OMAHA_VALUES, job.by_triple + i * 455)
            omaha_by_triple(job.hole_cards + i * g.hole, g.hole, OMAHA_LOWS, job.low_by_triple + i * 455)
        g.by_triple = job.by_triple
        g.low_by_triple = job.low_by_triple
    if count:
        return count, job.run_trials(count, checked_seed, threads)
    memset(tallies, 0, sizeof(tallies))
    g.tallies = tallies
    memcpy(full, job.full, sizeof(full))
    memcpy(cards, job.cards, sizeof(cards))
    with nogil:
        stopped = every_board(g, full, fixed, cards, m, &boards)
    if stopped:
        raise_pending()
    return boards, [tuple(tallies[4 * i + k] for k in range(4)) for i in range(g.players)]


cdef struct RangeTable:
    const uint8_t* cards    # the hands' 0-51 indices, one hand after another
    const double* running   # the running total of the hands' weights
    int n                   # hands; 0: any hand (AnyHand), dealt from the cards left


cdef void deal_any(int size, int lowest, uint64_t* state, uint32_t* hole, uint64_t* used) noexcept nogil:
    """``size`` cards drawn one by one from those from ``lowest`` up that ``used`` leaves, each card
    left alike (the checks leave enough): an AnyHand player's hand (as ``_deal_any``)."""
    cdef int k, c, m = 0, pick
    for c in range(lowest, 52):
        if not (used[0] >> c) & 1:
            m += 1
    for k in range(size):
        pick = <int>(hr_wyrand(state) % <uint64_t>m)
        for c in range(lowest, 52):
            if not (used[0] >> c) & 1:
                if pick == 0:
                    break
                pick -= 1
        used[0] |= 1ULL << c
        hole[k] = HR_DECK[c]
        m -= 1


cdef int deal_ranges(const RangeTable* tables, int players, int size, int lowest, uint64_t fixed,
                     uint64_t* state, uint32_t* holes, uint64_t* used) noexcept nogil:
    """Every player's hand by its weight, the whole deal again while cards clash, then each AnyHand
    player's from the cards left; 0 when no deal of ``FIT_TRIES`` fit (as ``_range_trial``)."""
    cdef int attempt, i, j, lo, hi, k
    cdef double u
    cdef uint64_t bits
    cdef const uint8_t* hand
    for attempt in range(GAME_FIT_TRIES):
        used[0] = fixed
        for i in range(players):
            if tables[i].n == 0:
                continue  # any hand: dealt once the ranges fit
            u = <double>(hr_wyrand(state) >> 11) * DRAW_FRACTION * tables[i].running[tables[i].n - 1]
            lo = 0
            hi = tables[i].n
            while lo < hi:  # the first running total above u
                j = (lo + hi) >> 1
                if tables[i].running[j] > u:
                    hi = j
                else:
                    lo = j + 1
            if lo > tables[i].n - 1:
                lo = tables[i].n - 1
            hand = tables[i].cards + lo * size
            bits = 0
            for k in range(size):
                bits |= 1ULL << hand[k]
            if used[0] & bits:
                break
            used[0] |= bits
            for k in range(size):
                holes[i * size + k] = HR_DECK[hand[k]]
        else:
            for i in range(players):
                if tables[i].n == 0:
                    deal_any(size, lowest, state, holes + i * size, used)
            return 1
    return 0


cdef int range_trials(const GameDeal* g, const RangeTable* tables, uint64_t fixed, int lowest, uint32_t* full,
                      int fixed_count, uint32_t* holes, uint64_t trials, uint64_t state,
                      const int* stop) noexcept nogil:
    """``trials`` deals of the ranges (``deal_ranges``), each with the board completed from the cards
    left on the wyrand stream from ``state``; 1 if Ctrl-C stopped it (the exception set), 2 if
    ``stop`` did, 3 if the ranges fit in no deal tried."""
    cdef uint8_t cards[52]
    cdef uint8_t swap
    cdef uint64_t t, used
    cdef int i, j, m, missing = 5 - fixed_count
    for t in range(trials):
        if not deal_ranges(tables, g.players, g.hole, lowest, fixed, &state, holes, &used):
            return 3
        m = 0
        for j in range(lowest, 52):
            if not (used >> j) & 1:
                cards[m] = j
                m += 1
        for i in range(missing):
            j = i + <int>(hr_wyrand(&state) % <uint64_t>(m - i))
            swap = cards[i]
            cards[i] = cards[j]
            cards[j] = swap
            full[fixed_count + i] = HR_DECK[cards[i]]
        score_board(g, full, True)
        if (t + 1) % GAME_LOOK_EVERY == 0:
            with gil:
                if signals_raised() < 0:
                    return 1
                if stop[0]:
                    return 2
    return 0


cdef class _GameTrialsJob(_KernelJob):
    """The Monte Carlo of one ``game_showdowns`` or ``game_range_showdowns`` call in parts
    (``trial_parts``), each from its own stream (with known hands, its own copy of the cards left),
    so that threads can share them; each thread deals its ranges' hands into holes of its own."""
    cdef GameDeal deal               # its tallies and, with ranges, its holes each part's own
    cdef bint ranged
    cdef RangeTable tables[HR_MAX_PLAYERS]
    cdef object range_arrays         # what ``tables`` point into, kept alive
    cdef uint64_t fixed              # with ranges: the board's and the dead cards' bits
    cdef int lowest                  # with ranges: the lowest card index of the deck
    cdef int fixed_count             # the board's known cards
    cdef int m                       # with known hands: the cards left
    cdef uint64_t seed
    cdef list starts
    cdef uint32_t full[5]
    cdef uint32_t cards[52]
    cdef uint32_t hole_cards[HR_MAX_PLAYERS * 6]
    cdef uint16_t by_triple[HR_MAX_PLAYERS * 455]
    cdef uint16_t low_by_triple[HR_MAX_PLAYERS * 455]

    def run(self, int lo, int hi):
        """Parts ``lo:hi``: each player's tallies."""
        cdef GameDeal g = self.deal
        cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
        cdef uint32_t holes[HR_MAX_PLAYERS * 6]
        cdef uint32_t board[5]
        cdef uint32_t deck[52]
        cdef uint64_t trials, state
        cdef int part, stopped = 0, k
        memset(tallies, 0, sizeof(tallies))
        g.tallies = tallies
        if self.ranged:
            g.holes = holes
        for part in range(lo, hi):
            trials = self.starts[part + 1] - self.starts[part]
            state = self.seed + <uint64_t>part * HR_BLOCK_SEED_STEP
            memcpy(board, self.full, sizeof(board))
            with nogil:
                if self.ranged:
                    stopped = range_trials(&g, self.tables, self.fixed, self.lowest, board, self.fixed_count, holes,
                                           trials, state, &self.stop)
                else:
                    memcpy(deck, self.cards, self.m * sizeof(uint32_t))
                    stopped = random_boards(&g, board, self.fixed_count, deck, self.m, trials, state, &self.stop)
            if stopped == 1:
                raise_pending()
            if stopped == 2:
                raise KeyboardInterrupt  # seen by another thread
            if stopped == 3:
                raise ValueError(
                    f"the ranges fit together in no deal of {game_equity_setup.FIT_TRIES:,} tried: "
                    "they share too many cards"
                )
        return [tallies[k] for k in range(4 * g.players)]

    def run_trials(self, uint64_t count, uint64_t seed, threads):
        """``count`` trials from ``seed`` in parts on ``threads`` threads: each player's tallies."""
        self.seed = seed
        self.starts = kernels.trial_parts(count)
        bounds = threads_module.even_bounds(len(self.starts) - 1, threads_module.threads_for(threads, count))
        totals = [0] * (4 * self.deal.players)
        for part_tallies in self.run_parts(bounds):
            for k in range(4 * self.deal.players):
                totals[k] += part_tallies[k]
        return [tuple(totals[4 * i + k] for k in range(4)) for i in range(self.deal.players)]


def game_range_showdowns(rule, players, board=(), dead=(), trials=100_000, seed=0, threads=None):
    """``game_showdowns`` for players holding ranges, by Monte Carlo: each trial deals every
    player a hand by its weight (the whole deal again while two hands, the board or the dead cards
    share a card, so that each deal that fits comes with its weights' chances), then the board from
    the cards left; in parts (``trial_parts``) that ``threads`` share. ``players`` are (cards,
    weights) pairs: the hands' 0-51 indices one hand after another, and a weight a hand."""
    number, size, tables, known, gone, checked_trials, checked_seed = game_equity_setup.game_range_args(
        rule, players, board, dead, trials, seed
    )
    cdef _GameTrialsJob job = _GameTrialsJob()
    cdef GameDeal* g = &job.deal
    cdef const uint8_t[::1] flat
    cdef const double[::1] running
    cdef int i
    job.ranged = True
    job.range_arrays = tables
    for i, table in enumerate(tables):
        if table is None:  # an AnyHand player
            job.tables[i].cards = NULL
            job.tables[i].running = NULL
            job.tables[i].n = 0
            continue
        flat, running = table
        job.tables[i].cards = &flat[0]
        job.tables[i].running = &running[0]
        job.tables[i].n = running.shape[0]
    job.fixed = 0
    for c in known + gone:
        job.fixed |= 1ULL << <int>c
    for i, c in enumerate(known):
        job.full[i] = HR_DECK[<int>c]
    job.fixed_count = len(known)
    job.lowest = 16 if number >= 2 else 0
    g.rule = number
    g.players = len(tables)
    g.hole = size
    g.short_values = short_deck_values(number == 2) if number >= 2 else NULL
    g.by_triple = NULL
    return checked_trials, job.run_trials(checked_trials, checked_seed, threads)


cdef struct EveryBoardPlayer:
    const uint8_t* cards   # the hands' 0-51 indices, one hand after another
    const double* weights
    int n
    uint64_t* bits         # each hand's cards as bits
    uint32_t* ints         # each hand's card ints
    uint16_t* by_triple    # Omaha, few enough hands: each hand's 455 highs (omaha_by_triple), else NULL
    uint16_t* low_by_triple  # ... and hi-lo's 455 lows


cdef struct EveryBoardRun:
    int rule, players, hole
    const uint16_t* short_values     # short deck's non-flush values, else NULL
    EveryBoardPlayer p[HR_MAX_PLAYERS]
    int* live[HR_MAX_PLAYERS]        # each player's hands that miss the board
    uint16_t* high[HR_MAX_PLAYERS]   # ... their high values
    uint16_t* low[HR_MAX_PLAYERS]    # ... and low values (Omaha hi-lo)
    int n_live[HR_MAX_PLAYERS]
    uint16_t highs[HR_MAX_PLAYERS]   # the deal being walked
    uint16_t lows[HR_MAX_PLAYERS]
    int64_t deals
    double weight
    double sums[HR_MAX_PLAYERS * 3]  # each player's weighted high units, low units, pots alone
    int64_t unlooked                 # deals walked since the last look for Ctrl-C
    int* stop


cdef void walk_deals(EveryBoardRun* run, int i, uint64_t taken, double weight) noexcept nogil:
    """Players ``i`` on take every live hand that fits, in order; each whole deal's pot scored."""
    cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
    cdef int t, j, q
    if i == run.players:
        memset(tallies, 0, 4 * run.players * sizeof(uint64_t))
        score_pot(run.players, run.highs, run.lows if run.rule == 1 else NULL, tallies, False)
        run.deals += 1
        run.weight += weight
        for q in range(run.players):
            for t in range(3):
                run.sums[3 * q + t] += weight * <double>tallies[4 * q + t]
        run.unlooked += 1
        return
    for t in range(run.n_live[i]):
        if run.stop[0]:
            return
        j = run.live[i][t]
        if run.p[i].bits[j] & taken:
            continue
        run.highs[i] = run.high[i][t]
        run.lows[i] = run.low[i][t]
        walk_deals(run, i + 1, taken | run.p[i].bits[j], weight * run.p[i].weights[j])


cdef void board_deals(EveryBoardRun* run, const uint32_t* board, uint64_t used) noexcept nogil:
    """One full board: every hand that misses it ranked once, then every deal walked."""
    cdef uint32_t cs[7]
    cdef int i, j, m
    cdef const EveryBoardPlayer* p
    cdef BoardTriples tr
    if run.p[0].by_triple != NULL:
        board_triples(board, 5, &tr)
    for i in range(run.players):
        p = &run.p[i]
        m = 0
        for j in range(p.n):
            if p.bits[j] & used:
                continue
            run.live[i][m] = j
            if run.short_values != NULL:
                cs[0] = p.ints[2 * j]
                cs[1] = p.ints[2 * j + 1]
                memcpy(&cs[2], board, 5 * sizeof(uint32_t))
                run.high[i][m] = short_deck_rank(cs, 7, run.short_values)
                run.low[i][m] = 0
            elif p.by_triple != NULL:  # ten look-ups by the board's threes
                run.high[i][m] = omaha_high_known(p.by_triple + j * 455, p.ints + j * run.hole, run.hole, &tr)
                run.low[i][m] = least_by_triple(p.low_by_triple + j * 455, &tr) if run.rule == 1 else 0
            else:
                run.high[i][m] = omaha_high(p.ints + j * run.hole, run.hole, board, 5)
                run.low[i][m] = omaha_low(p.ints + j * run.hole, run.hole, board, 5) if run.rule == 1 else 0
            m += 1
        run.n_live[i] = m
    walk_deals(run, 0, 0, 1.0)


cdef class _EveryBoardJob(_KernelJob):
    """``game_range_every_board`` in parts by the boards' first card, each part's sums its own."""
    cdef object keep                 # the players' views the tables point into
    cdef EveryBoardRun base          # the players and the rule, copied by each part
    cdef uint64_t* bits[HR_MAX_PLAYERS]  # owned, as are the card ints and the tables by threes
    cdef uint32_t* ints[HR_MAX_PLAYERS]
    cdef uint16_t* by_triple[HR_MAX_PLAYERS]
    cdef uint16_t* low_by_triple[HR_MAX_PLAYERS]
    cdef uint32_t known[5]
    cdef uint64_t known_bits
    cdef int n_known, n_left
    cdef uint8_t left[52]

    def __dealloc__(self):
        cdef int i
        for i in range(HR_MAX_PLAYERS):
            PyMem_Free(self.bits[i])
            PyMem_Free(self.ints[i])
            PyMem_Free(self.by_triple[i])
            PyMem_Free(self.low_by_triple[i])

    def run(self, int lo, int hi):
        """Parts ``lo:hi``: each part's (deals, weight, sums)."""
        cdef EveryBoardRun run = self.base
        cdef int part, i, need = 5 - self.n_known, stopped
        cdef uint32_t board[5]
        cdef int at[5]
        run.stop = &self.stop
        out = []
        for i in range(HR_MAX_PLAYERS):
            run.live[i] = NULL
            run.high[i] = NULL
            run.low[i] = NULL
        try:
            for i in range(run.players):
                run.live[i] = <int*>PyMem_Malloc(run.p[i].n * sizeof(int) + 1)
                run.high[i] = <uint16_t*>PyMem_Malloc(run.p[i].n * sizeof(uint16_t) + 1)
                run.low[i] = <uint16_t*>PyMem_Malloc(run.p[i].n * sizeof(uint16_t) + 1)
                if not (run.live[i] and run.high[i] and run.low[i]):
                    raise MemoryError()
            memcpy(board, self.known, sizeof(board))
            for part in range(lo, hi):
                run.deals = 0
                run.weight = 0
                memset(run.sums, 0, sizeof(run.sums))
                with nogil:
                    stopped = self.every_board(&run, board, part, need, at)
                if stopped:
                    if PyErr_Occurred():
                        propagate_error()  # Ctrl-C seen here
                    raise KeyboardInterrupt  # seen by another thread
                out.append((run.deals, run.weight, [run.sums[i] for i in range(3 * run.players)]))
        finally:
            for i in range(HR_MAX_PLAYERS):
                PyMem_Free(run.live[i])
                PyMem_Free(run.high[i])
                PyMem_Free(run.low[i])
        return out

    cdef int every_board(self, EveryBoardRun* run, uint32_t* board, int first, int need,
                         int* at) noexcept nogil:
        """The boards whose first card to come is ``left[first]``, the rest in the order of
        ``itertools.combinations``; 1 if stopped (Ctrl-C, or another thread)."""
        cdef int i, rest = need - 1
        cdef uint64_t used
        if need == 0:
            board_deals(run, board, self.known_bits)
            return looked_stop(run)
        board[self.n_known] = HR_DECK[self.left[first]]
        for i in range(rest):
            at[i] = first + 1 + i
        while True:
            used = self.known_bits | (1ULL << self.left[first])
            for i in range(rest):
                board[self.n_known + 1 + i] = HR_DECK[self.left[at[i]]]
                used |= 1ULL << self.left[at[i]]
            board_deals(run, board, used)
            if looked_stop(run):
                return 1
            i = rest - 1
            while i >= 0 and at[i] == self.n_left - rest + i:
                i -= 1
            if i < 0:
                return 0
            at[i] += 1
            for i in range(i + 1, rest):
                at[i] = at[i - 1] + 1


cdef inline int looked_stop(EveryBoardRun* run) noexcept nogil:
    """Whether to stop: another thread asked, or (looked for once some deals were walked) Ctrl-C."""
    if run.unlooked >= GAME_LOOK_EVERY:
        run.unlooked = 0
        with gil:
            if signals_raised() < 0:
                run.stop[0] = 1  # the exception stays set for run() to raise
    return run.stop[0]


def game_range_every_board(rule, players, board=(), dead=(), threads=None):
    """Players holding ranges in ``rule``, every board and every deal of their hands that fits with
    it and with each other, each deal weighing the product of its hands' weights: the deals counted,
    their weight, and each player's weighted units of the pot (``POT_UNITS`` a deal) won by the high
    hand and by the low hand, and weight of the deals they took alone. Each board ranks every hand
    that misses it once; the boards in parts by their first card (``board_parts``), added in order,
    so any thread count gives the pure implementation's sums. ``players`` as
    ``game_range_showdowns`` takes them."""
    number, size, tables, known, left = game_equity_setup.game_every_board_args(rule, players, board, dead)
    cdef _EveryBoardJob job = _EveryBoardJob()
    cdef EveryBoardRun* run = &job.base
    cdef const uint8_t[::1] flat
    cdef const double[::1] weights
    cdef int i, j, t, n, need = 5 - len(known)
    job.keep = tables
    run.rule = number
    run.players = len(tables)
    run.hole = size
    run.short_values = short_deck_values(number == 2) if number >= 2 else NULL
    for i, (flat, weights) in enumerate(tables):
        n = weights.shape[0]
        run.p[i].cards = &flat[0]
        run.p[i].weights = &weights[0]
        run.p[i].n = n
        job.bits[i] = <uint64_t*>PyMem_Malloc(n * sizeof(uint64_t) + 1)
        job.ints[i] = <uint32_t*>PyMem_Malloc(n * size * sizeof(uint32_t) + 1)
        if not (job.bits[i] and job.ints[i]):
            raise MemoryError()
        for j in range(n):
            job.bits[i][j] = 0
            for t in range(run.hole):
                job.bits[i][j] |= 1ULL << flat[j * run.hole + t]
                job.ints[i][j * run.hole + t] = HR_DECK[flat[j * run.hole + t]]
        run.p[i].bits = job.bits[i]
        run.p[i].ints = job.ints[i]
        run.p[i].by_triple = run.p[i].low_by_triple = NULL
    if number < 2 and sum(run.p[i].n for i in range(run.players)) <= game_equity_setup.BY_TRIPLE_HANDS:
        for i in range(run.players):  # each Omaha hand valued once by the board's threes
            n = run.p[i].n
            job.by_triple[i] = <uint16_t*>PyMem_Malloc(n * 455 * sizeof(uint16_t) + 1)
            job.low_by_triple[i] = <uint16_t*>PyMem_Malloc(n * 455 * sizeof(uint16_t) + 1)
            if not (job.by_triple[i] and job.low_by_triple[i]):
                raise MemoryError()
            for j in range(n):
                omaha_by_triple(job.ints[i] + j * run.hole, run.hole, OMAHA_VALUES, job.by_triple[i] + j * 455)
                if number == 1:
                    omaha_by_triple(job.ints[i] + j * run.hole, run.hole, OMAHA_LOWS, job.low_by_triple[i] + j * 455)
            run.p[i].by_triple = job.by_triple[i]
            run.p[i].low_by_triple = job.low_by_triple[i]
    job.known_bits = 0
    for i, c in enumerate(known):
        job.known[i] = HR_DECK[<int>c]
        job.known_bits |= 1ULL << <int>c
    job.n_known = len(known)
    for i, c in enumerate(left):
        job.left[i] = c
    job.n_left = len(left)
    parts = game_equity_setup.board_parts(job.n_left, need)
    live = sum(run.p[i].n for i in range(run.players))
    work = [comb(job.n_left - i - 1, need - 1) * live if need else live for i in range(parts)]
    bounds = threads_module.balanced_bounds(work, threads_module.threads_for(threads, sum(work) // 64))
    deals, weight, sums = 0, 0.0, [0.0] * (3 * run.players)
    for chunk in job.run_parts(bounds):
        for part_deals, part_weight, part_sums in chunk:  # part by part, in order
            deals += part_deals
            weight += part_weight
            sums = [a + b for a, b in zip(sums, part_sums)]
    return deals, weight, [(sums[3 * i], sums[3 * i + 1], sums[3 * i + 2]) for i in range(run.players)]
