"""Exact equity: every board for fixed hands, and every deal of the players' ranges.
Pairs with ``_eval_py/equity.py``."""

cdef object equity_setup = PyImport_ImportModule("handrank._kernels.equity")  # its checks and setup

cdef struct FixedHands:
    int k
    uint64_t product[HR_MAX_PLAYERS]   # each player's hole cards and the board's: prime product ...
    uint32_t mask[HR_MAX_PLAYERS][4]   # ... rank bits by suit ...
    int suited[HR_MAX_PLAYERS][4]      # ... and cards by suit
    uint64_t* counts                   # boards by the set of players who share them


cdef uint64_t RANK_PRIME[13]
cdef uint64_t CHOOSE[5][5]  # CHOOSE[n][m]: ways to pick m of a rank's n cards left


cdef void fill_rank_tables() noexcept nogil:
    cdef int r, n, m
    for r in range(13):
        RANK_PRIME[r] = INDEX_PRIME[4 * r]
    for n in range(5):
        CHOOSE[n][0] = 1
        for m in range(1, 5):
            CHOOSE[n][m] = CHOOSE[n][m - 1] * (n - m + 1) // m if m <= n else 0


fill_rank_tables()


cdef inline uint32_t best_of(const uint16_t* ranks, int k) noexcept nogil:
    """The set of players (bit i: player i) with the best rank."""
    cdef uint16_t best = 0xFFFF
    cdef uint32_t winners = 0
    cdef int i
    for i in range(k):
        best = min(best, ranks[i])
    for i in range(k):
        winners |= <uint32_t>(ranks[i] == best) << i
    return winners


cdef void count_ranks(const FixedHands* f, const int* available, int r, int left, uint64_t product, uint64_t ways,
                      int suit, uint32_t suit_mask, int suit_count) noexcept nogil:
    """Every multiset of ``left`` more ranks from rank ``r`` up (at most ``available[r]`` of each).
    Without ``suit`` (-1) each counts its ``ways`` boards as if no one had a flush; with it, the
    boards also hold ``suit_count`` dealt cards of that suit (``suit_mask``), and those on which
    a flush changes who wins move from the plain winners to the true ones."""
    cdef uint16_t plain[HR_MAX_PLAYERS]
    cdef uint16_t true_ranks[HR_MAX_PLAYERS]
    cdef uint32_t plain_winners, true_winners
    cdef int i, m
    if left == 0:
        for i in range(f.k):
            plain[i] = rank_product(f.product[i] * product)
        plain_winners = best_of(plain, f.k)
        if suit < 0:
            f.counts[plain_winners] += ways
            return
        for i in range(f.k):
            true_ranks[i] = HR_FLUSH[f.mask[i][suit] | suit_mask] if f.suited[i][suit] + suit_count >= 5 else plain[i]
        true_winners = best_of(true_ranks, f.k)
        if true_winners != plain_winners:
            f.counts[plain_winners] -= ways
            f.counts[true_winners] += ways
        return
    if r == 13:
        return
    for m in range(min(available[r], left) + 1):
        count_ranks(f, available, r + 1, left - m, product, ways * CHOOSE[available[r]][m], suit, suit_mask, suit_count)
        product *= RANK_PRIME[r]


cdef void count_suited(const FixedHands* f, const uint8_t* cards, int n, int start, int picks, uint64_t product,
                       uint32_t mask, int count, int suit, const int* others, int rest) noexcept nogil:
    """Every ``picks`` more cards of ``suit`` from ``cards[start:]``, then the board's ``rest`` cards by ranks."""
    cdef int t
    if picks == 0:
        count_ranks(f, others, 0, rest, product, 1, suit, mask, count)
        return
    for t in range(start, n - picks + 1):
        count_suited(f, cards, n, t + 1, picks - 1, product * INDEX_PRIME[cards[t]], mask | INDEX_RANK_BIT[cards[t]],
                     count + 1, suit, others, rest)


cdef void count_boards(FixedHands* f, const uint8_t* deck, int n_deck, int need) noexcept nogil:
    """Every board: counted by ranks, then the boards with a flush dealt suit by suit (as ``_eval_py``)."""
    cdef int available[13]
    cdef int others[13]
    cdef uint8_t cards[13]
    cdef int suit, n, j, i, most
    memset(available, 0, sizeof(available))
    for j in range(n_deck):
        available[deck[j] >> 2] += 1
    count_ranks(f, available, 0, need, 1, 1, -1, 0, 0)
    for suit in range(4):
        n = 0
        memcpy(others, available, sizeof(others))
        for j in range(n_deck):
            if deck[j] & 3 == suit:
                cards[n] = deck[j]
                others[deck[j] >> 2] -= 1
                n += 1
        most = 0
        for i in range(f.k):
            most = max(most, f.suited[i][suit])
        for j in range(max(5 - most, 0), min(need, n) + 1):  # dealt cards of the suit that make a flush
            count_suited(f, cards, n, 0, j, 1, 0, 0, suit, others, need - j)


def exact_showdowns(holes, board=(), dead=(), threads=None):
    """Every completion of the board for fixed hands: (equity units, wins, squares, boards) per player.

    ``holes`` are lists of two 0-51 indices; ``board`` (0 to 5) and ``dead`` are
    indices too. A board shared k ways gives each of the k players 2520 / k units.
    Boards are counted by their ranks, then those with a flush dealt suit by suit: a
    millisecond or so for any case, so one thread ("threads" is checked and kept).
    """
    holes, board, deck = kernels.equity_args(holes, board, dead)
    if not holes:
        raise ValueError(f"expected 1 to {HR_MAX_PLAYERS} players, got 0")
    threads_module.threads_for(threads, 0)
    cdef FixedHands f
    cdef Tally t
    cdef uint8_t cards[52]
    cdef int i, s, n_deck = len(deck), need = 5 - len(board)
    memset(&f, 0, sizeof(f))
    memset_tally(&t)
    f.k = len(holes)
    f.counts = t.by_winners
    for i, hole in enumerate(holes):
        f.product[i] = 1
        for c in list(hole) + board:
            f.product[i] *= INDEX_PRIME[c]
            f.mask[i][c & 3] |= INDEX_RANK_BIT[c]
            f.suited[i][c & 3] += 1
    for i in range(n_deck):
        cards[i] = deck[i]
    with nogil:
        count_boards(&f, cards, n_deck, need)
    return kernels.showdowns([by_winners_out(&t, f.k)], f.k)


cdef void hands_of(FixedHands* f, const uint8_t* holes, int k, const uint8_t* board, int n_board) noexcept nogil:
    """``k`` hands of two cards each (``holes``, one after the other) with the board, ready to count."""
    cdef int i, j, c
    f.k = k
    for i in range(k):
        f.product[i] = 1
        f.mask[i][0] = f.mask[i][1] = f.mask[i][2] = f.mask[i][3] = 0
        f.suited[i][0] = f.suited[i][1] = f.suited[i][2] = f.suited[i][3] = 0
        for j in range(2 + n_board):
            c = holes[2 * i + j] if j < 2 else board[j - 2]
            f.product[i] *= INDEX_PRIME[c]
            f.mask[i][c & 3] |= INDEX_RANK_BIT[c]
            f.suited[i][c & 3] += 1


cdef class _DealJob(_KernelJob):
    """Known hands deal by deal, in the fixed parts of ``kernels.deal_part_bounds``."""
    cdef object keep  # the buffers read
    cdef const uint8_t* deals
    cdef const double* weights
    cdef const int64_t* times
    cdef int k, n_board
    cdef uint8_t board[5]
    cdef uint64_t fixed
    cdef list bounds

    def run(self, int lo, int hi):
        cdef double by_winners[1 << HR_MAX_PLAYERS]
        cdef int64_t boards
        cdef Py_ssize_t first, last
        out = []
        for part in range(lo, hi):
            first, last = self.bounds[part]
            with nogil:
                self.run_part(first, last, by_winners, &boards)
            if self.stop:
                if PyErr_Occurred():
                    propagate_error()  # Ctrl-C seen here
                raise KeyboardInterrupt  # seen by another thread
            out.append(([by_winners[w] for w in range(1 << self.k)], boards))
        return out

    cdef void run_part(self, Py_ssize_t first, Py_ssize_t last, double* by_winners, int64_t* boards) noexcept nogil:
        cdef FixedHands f
        cdef Tally t
        cdef uint8_t deck[52]
        cdef const uint8_t* row
        cdef uint64_t held
        cdef Py_ssize_t d
        cdef int j, n_deck
        cdef uint32_t winners
        cdef double weight
        memset(by_winners, 0, sizeof(double) << self.k)
        boards[0] = 0
        f.counts = t.by_winners
        for d in range(first, last):
            if d % 256 == 255:  # a look for Ctrl-C every 256 deals: a fifth of a second preflop
                with gil:
                    if signals_raised() < 0:
                        self.stop = 1  # the exception stays set for run() to raise
            if self.stop:
                return
            row = self.deals + 2 * self.k * d
            held = self.fixed
            for j in range(2 * self.k):
                held |= 1ULL << row[j]
            n_deck = 0
            for j in range(52):
                if not (held >> j) & 1:
                    deck[n_deck] = j
                    n_deck += 1
            hands_of(&f, row, self.k, self.board, self.n_board)
            memset(t.by_winners, 0, sizeof(uint64_t) << self.k)
            count_boards(&f, deck, n_deck, 5 - self.n_board)
            weight = self.weights[d] * <double>self.times[d]
            for winners in range(1, 1 << self.k):
                if t.by_winners[winners]:
                    by_winners[winners] += weight * <double>t.by_winners[winners]
                    boards[0] += self.times[d] * <int64_t>t.by_winners[winners]


def exact_deal_showdowns(deals, weights, times, board=(), dead=(), threads=None):
    """Every board for each of n deals of k known hands: (units, wins, weight, boards).

    ``deals`` is an ``array('B')`` of 2k card indices a deal, one deal after the other;
    deal d counts with ``weights[d]`` (``array('d')``) and stands for ``times[d]``
    (``array('q')``) deals. The same sums as the pure implementation, on any thread count.
    """
    cdef int k, i
    k, board, dead, deals, weights, times = equity_setup.deal_args(deals, weights, times, board, dead)
    cdef const uint8_t[::1] deal_cards = deals
    cdef const double[::1] deal_weights = weights
    cdef const int64_t[::1] deal_times = times
    cdef Py_ssize_t n = deal_weights.shape[0], j
    if n < 1 or deal_times.shape[0] != n or deal_cards.shape[0] != 2 * k * n:  # the buffers, whatever the checks saw
        raise ValueError(f"expected n > 0 deals (2kn cards), n weights and n times")
    for j in range(2 * k * n):
        if deal_cards[j] > 51:
            raise ValueError(f"{deal_cards[j]} is not a card index")
    cdef _DealJob job = _DealJob()
    job.keep = (deal_cards, deal_weights, deal_times)
    job.deals = &deal_cards[0]
    job.weights = &deal_weights[0]
    job.times = &deal_times[0]
    job.k = k
    job.n_board = len(board)
    for i, c in enumerate(board):
        job.board[i] = c
    job.fixed = fixed_cards(board, dead)
    job.bounds = kernels.deal_part_bounds(n)
    bounds = threads_module.even_bounds(len(job.bounds), threads_module.threads_for(threads, n * 64))
    parts = job.run_parts(bounds)
    return kernels.range_showdowns([p for chunk in parts for p in chunk], k)


# The ranges: every board once, each live combo ranked on it once, then the deals counted.

cdef struct RangePlayer:
    int n                  # combos
    int source             # the first player with the very same range: its ranks serve this one
    const Hole* holes      # each combo, ready to score (combo_holes)
    const double* weights
    const uint8_t* cards   # 2n card indices
    const uint8_t* ranks   # each combo's two ranks, 13 x high + low: where no flush can be, its rank's key
    const double* twin_weight  # the first player's: the second range's weight and combos of the very same cards
    const int64_t* twin_count


cdef struct RangeBoards:
    int k, need, n_deck
    int group_size         # renamings of the suits that keep the question (suit_symmetries)
    CardState board
    uint64_t fixed         # fixed_cards()
    uint8_t deck[52]       # the cards left to deal, highest first
    uint8_t inverse[24][4]  # each renaming's inverse: the renamed board's mask of suit t is mask[inverse[t]]
    RangePlayer p[HR_MAX_PLAYERS]


cdef struct RangeRun:
    uint64_t* live[HR_MAX_PLAYERS]  # per source player: rank << 32 | combo, each combo that misses the board
    int n_live[HR_MAX_PLAYERS]
    uint64_t* spare                 # as long as the longest range: the radix sort's other buffer
    uint64_t* keys                  # ... and the prime products waiting for their lookups
    uint16_t* ranks
    uint16_t by_ranks[169]          # where no flush can be made: each pair of hole ranks' rank, once known
    double card_total[52]           # by card: the second range's weight holding it ...
    double card_better[52]          # ... of it ranked better than the combo swept to ...
    double card_at_most[52]         # ... and ranked at most as well
    int64_t card_count[52]          # by card: the second range's combos holding it
    double by_winners[1 << HR_MAX_PLAYERS]  # weights of the deals, by the set of players who share the board
    int64_t boards                  # deals counted (a board of a class counts for every board of it)
    int64_t unlooked                # combos ranked and deals counted since the last look for Ctrl-C
    int* stop                       # the job's flag: Ctrl-C, or another thread's failure, ends every run early
    double* per_combo               # combo_showdowns: each first-range combo's four sums (COMBO_SUMS); or NULL


cdef enum:
    LOOK_EVERY = 1 << 21  # combos ranked and deals counted between looks for Ctrl-C: milliseconds of work
    COMBO_BITS = 0xFFFFFFFF
    COMBO_SUMS = 4  # combo_showdowns: won alone, tied, the ties' share of the pot, beside (as _kernels.equity)


cdef inline int64_t board_weight(const RangeBoards* r, const CardState* b) noexcept nogil:
    """How many boards of its class the board stands for, 0 unless it is the one dealt (as ``_range_setup``)."""
    cdef const uint32_t* m = b.mask
    cdef int g, t, staying = 0, repeat = 1
    if r.group_size == 1:
        return 1
    if r.group_size == 24:  # every renaming: the masks in order, and repeats are what a renaming keeps
        if not (m[0] >= m[1] and m[1] >= m[2] and m[2] >= m[3]):
            return 0
        staying = 1
        for t in range(1, 4):
            repeat = repeat + 1 if m[t] == m[t - 1] else 1
            staying *= repeat
        return 24 // staying
    for g in range(r.group_size):
        for t in range(4):
            if m[r.inverse[g][t]] != m[t]:
                break
        else:
            staying += 1
            continue
        if m[r.inverse[g][t]] > m[t]:
            return 0
    return r.group_size // staying


cdef inline bint flush_possible(const CardState* b) noexcept nogil:
    """Whether the board holds three cards of a suit (its suit counters are nibbles)."""
    return ((b.counts + 0x5555) & 0x8888) != 0


cdef inline void rank_live(const RangePlayer* p, const CardState* b, uint64_t used, uint64_t* live, int* n_live,
                           RangeRun* run) noexcept nogil:
    """Rank the player's combos that miss the board's cards, packed with their number: where no flush
    can be, by their ranks (each pair of ranks looked up once a board), else lookups side by side."""
    cdef int j, m = 0
    cdef uint16_t r
    if not flush_possible(b):
        for j in range(p.n):
            if p.holes[j].cards.bits & used:
                continue
            r = run.by_ranks[p.ranks[j]]
            if not r:
                r = run.by_ranks[p.ranks[j]] = rank_product(b.product * p.holes[j].cards.product)
            live[m] = <uint64_t>r << 32 | j
            m += 1
        n_live[0] = m
        run.unlooked += m
        return
    for j in range(p.n):
        if p.holes[j].cards.bits & used:
            continue
        run.ranks[m] = flush_rank(&p.holes[j].cards, b)
        run.keys[m] = b.product * p.holes[j].cards.product
        live[m] = j
        m += 1
    rank_keys(run.ranks, run.keys, m)
    for j in range(m):
        live[j] |= <uint64_t>run.ranks[j] << 32
    n_live[0] = m
    run.unlooked += m


cdef void heads_up(const RangeBoards* r, RangeRun* run, int64_t times) noexcept nogil:
    """Two ranges on one board: running sums over the second range in rank order, each less what
    the combos holding one of the first combo's cards add (as ``_eval_py.equity.heads_up``)."""
    cdef const RangePlayer* first = &r.p[0]
    cdef const RangePlayer* second = &r.p[1]
    cdef const uint64_t* mine = run.live[0]
    cdef const uint64_t* theirs = run.live[second.source]
    cdef int n_mine = run.n_live[0], n_theirs = run.n_live[second.source]
    cdef double* card_total = run.card_total
    cdef double* card_better = run.card_better
    cdef double* card_at_most = run.card_at_most
    cdef int64_t* card_count = run.card_count
    cdef double total = 0, better = 0, at_most = 0, w, twin, loses, splits, fits_with
    cdef int64_t count = 0, deals = 0
    cdef int t, j, a, b, p = 0, q = 0
    cdef uint64_t rank
    memset(card_total, 0, 52 * sizeof(double))
    memset(card_better, 0, 52 * sizeof(double))
    memset(card_at_most, 0, 52 * sizeof(double))
    memset(card_count, 0, 52 * sizeof(int64_t))
    for t in range(n_theirs):
        j = theirs[t] & COMBO_BITS
        w = second.weights[j]
        a = second.cards[2 * j]
        b = second.cards[2 * j + 1]
        total += w
        count += 1
        card_total[a] += w
        card_total[b] += w
        card_count[a] += 1
        card_count[b] += 1
    for t in range(n_mine):
        j = mine[t] & COMBO_BITS
        rank = mine[t] >> 32
        while p < n_theirs and (theirs[p] >> 32) < rank:
            w = second.weights[theirs[p] & COMBO_BITS]
            better += w
            card_better[second.cards[2 * (theirs[p] & COMBO_BITS)]] += w
            card_better[second.cards[2 * (theirs[p] & COMBO_BITS) + 1]] += w
            p += 1
        while q < n_theirs and (theirs[q] >> 32) <= rank:
            w = second.weights[theirs[q] & COMBO_BITS]
            at_most += w
            card_at_most[second.cards[2 * (theirs[q] & COMBO_BITS)]] += w
            card_at_most[second.cards[2 * (theirs[q] & COMBO_BITS) + 1]] += w
            q += 1
        a = first.cards[2 * j]
        b = first.cards[2 * j + 1]
        twin = first.twin_weight[j]  # taken off twice with both cards: put back once (it ties: the same cards)
        loses = better - card_better[a] - card_better[b]
        splits = at_most - card_at_most[a] - card_at_most[b] + twin - loses
        fits_with = total - card_total[a] - card_total[b] + twin
        w = first.weights[j] * <double>times
        run.by_winners[1] += w * (fits_with - loses - splits)
        run.by_winners[2] += w * loses
        run.by_winners[3] += w * splits
        if run.per_combo:
            run.per_combo[COMBO_SUMS * j] += <double>times * (fits_with - loses - splits)
            run.per_combo[COMBO_SUMS * j + 1] += <double>times * splits
            run.per_combo[COMBO_SUMS * j + 2] += <double>times * splits / 2
            run.per_combo[COMBO_SUMS * j + 3] += <double>times * fits_with
        deals += count - card_count[a] - card_count[b] + first.twin_count[j]
    run.boards += deals * times


cdef inline void look_for_ctrl_c(RangeRun* run) noexcept nogil:
    """Every LOOK_EVERY units of work, a look for Ctrl-C (it only shows in the main thread)."""
    if run.unlooked >= LOOK_EVERY:
        run.unlooked = 0
        with gil:
            if signals_raised() < 0:
                run.stop[0] = 1  # the exception stays set for run() to raise


cdef void deal_live(const RangeBoards* r, RangeRun* run, int i, uint64_t used, double weight, uint64_t best,
                    uint32_t winners, int64_t times, double* sums) noexcept nogil:
    """Three or more ranges on one board: players ``i`` on take every live combo that fits, in order.
    With ``sums`` (one first-range combo's, dealt already) each deal is added there, not by winners."""
    cdef const RangePlayer* p
    cdef const uint64_t* live
    cdef const Hole* hole
    cdef int t, j, n
    cdef uint64_t rank
    cdef double w
    if i == r.k:
        w = weight * <double>times
        if sums == NULL:
            run.by_winners[winners] += w
        elif winners == 1:
            sums[0] += w
        elif winners & 1:
            sums[1] += w
            sums[2] += w / <double>bit_count(winners)
        if sums != NULL:
            sums[3] += w
        run.boards += times
        run.unlooked += 1
        look_for_ctrl_c(run)
        return
    p = &r.p[i]
    live = run.live[p.source]
    n = run.n_live[p.source]
    for t in range(n):
        if run.stop[0]:
            return
        j = live[t] & COMBO_BITS
        hole = &p.holes[j]
        if hole.cards.bits & used:
            continue  # these hands collide
        rank = live[t] >> 32
        if rank < best:
            deal_live(r, run, i + 1, used | hole.cards.bits, weight * p.weights[j], rank, 1U << i, times, sums)
        else:
            deal_live(r, run, i + 1, used | hole.cards.bits, weight * p.weights[j], best,
                      winners | (<uint32_t>(rank == best) << i), times, sums)


cdef void deal_per_combo(const RangeBoards* r, RangeRun* run, int64_t times) noexcept nogil:
    """Three or more ranges on one board, each first-range combo's deals summed apart (combo_showdowns):
    the other players' weights only, so each combo's sums are over the deals it fits beside."""
    cdef const uint64_t* live = run.live[0]
    cdef int t, j
    for t in range(run.n_live[0]):
        if run.stop[0]:
            return
        j = live[t] & COMBO_BITS
        deal_live(r, run, 1, r.p[0].holes[j].cards.bits, 1.0, live[t] >> 32, 1, times,
                  &run.per_combo[COMBO_SUMS * j])


cdef void on_board(const RangeBoards* r, RangeRun* run, const CardState* b, uint64_t used) noexcept nogil:
    """One full board: skipped unless its class deals it, else every range ranked and the deals counted."""
    cdef int64_t times = board_weight(r, b)
    cdef int i
    if not times:
        return
    memset(run.by_ranks, 0, sizeof(run.by_ranks))
    for i in range(r.k):
        if r.p[i].source == i:
            rank_live(&r.p[i], b, used, run.live[i], &run.n_live[i], run)
            if r.k == 2:
                sort_by_rank(run.live[i], run.spare, run.n_live[i])
    if r.k == 2:
        heads_up(r, run, times)
    elif run.per_combo:
        deal_per_combo(r, run, times)
    else:
        deal_live(r, run, 0, 0, 1.0, 0xFFFF, 0, times, NULL)
    look_for_ctrl_c(run)


cdef inline bint out_of_order(const RangeBoards* r, const CardState* b, int card) noexcept nogil:
    """Whether no board this one grows into is dealt, under every renaming: the cards still to come
    rank at most as ``card``, so the masks' bits above it are final, and the suits' masks out of
    order there stay out of order (``board_weight``)."""
    cdef uint32_t high = ~((2U << (card >> 2)) - 1)
    cdef const uint32_t* m = b.mask
    if r.group_size != 24:
        return False
    return (m[0] & high) < (m[1] & high) or (m[1] & high) < (m[2] & high) or (m[2] & high) < (m[3] & high)


cdef void deal_boards(const RangeBoards* r, RangeRun* run, const CardState* b, uint64_t used, int start,
                      int need) noexcept nogil:
    """Every way to add ``need`` cards from ``r.deck[start:]`` to the board."""
    cdef int j
    cdef CardState next_board
    if need == 0:
        on_board(r, run, b, used)
        return
    for j in range(start, r.n_deck - need + 1):
        if run.stop[0]:
            return
        next_board = b[0]
        add_card(&next_board, r.deck[j])
        if out_of_order(r, &next_board, r.deck[j]):
            continue
        deal_boards(r, run, &next_board, used | (1ULL << r.deck[j]), j + 1, need - 1)


cdef class _RangeJob(_KernelJob):
    """One exact enumeration over the ranges, in parts by the first dealt card."""
    cdef object keep  # the buffers the players point into
    cdef RangeBoards r
    cdef int longest
    cdef bint per_combo  # combo_showdowns: each run also gives each first-range combo's sums
    cdef Hole* holes[HR_MAX_PLAYERS]  # owned, as are the rest
    cdef uint8_t* ranks[HR_MAX_PLAYERS]
    cdef double* twin_weight
    cdef int64_t* twin_count

    def __dealloc__(self):
        cdef int i
        for i in range(HR_MAX_PLAYERS):
            PyMem_Free(self.holes[i])
            PyMem_Free(self.ranks[i])
        PyMem_Free(self.twin_weight)
        PyMem_Free(self.twin_count)

    cdef int find_twins(self) except -1:
        """For each of the first player's combos, the second's weight and combos of the very same cards."""
        cdef double by_pair_weight[52 * 52]
        cdef int64_t by_pair_count[52 * 52]
        cdef const RangePlayer* first = &self.r.p[0]
        cdef const RangePlayer* second = &self.r.p[1]
        cdef int j, a, b
        self.twin_weight = <double*>PyMem_Malloc(first.n * sizeof(double))
        self.twin_count = <int64_t*>PyMem_Malloc(first.n * sizeof(int64_t))
        if not (self.twin_weight and self.twin_count):
            raise MemoryError()
        memset(by_pair_weight, 0, sizeof(by_pair_weight))
        memset(by_pair_count, 0, sizeof(by_pair_count))
        for j in range(second.n):
            a, b = second.cards[2 * j], second.cards[2 * j + 1]
            by_pair_weight[min(a, b) * 52 + max(a, b)] += second.weights[j]
            by_pair_count[min(a, b) * 52 + max(a, b)] += 1
        for j in range(first.n):
            a, b = first.cards[2 * j], first.cards[2 * j + 1]
            self.twin_weight[j] = by_pair_weight[min(a, b) * 52 + max(a, b)]
            self.twin_count[j] = by_pair_count[min(a, b) * 52 + max(a, b)]
        self.r.p[0].twin_weight = self.twin_weight
        self.r.p[0].twin_count = self.twin_count
        return 0

    def run(self, int lo, int hi):
        cdef RangeRun run
        cdef int part, i
        cdef CardState b
        memset(&run, 0, sizeof(RangeRun))
        run.stop = &self.stop
        out = []
        try:
            for i in range(self.r.k):
                if self.r.p[i].source == i:
                    run.live[i] = <uint64_t*>PyMem_Malloc(self.r.p[i].n * sizeof(uint64_t))
                    if not run.live[i]:
                        raise MemoryError()
            run.spare = <uint64_t*>PyMem_Malloc(self.longest * sizeof(uint64_t))
            run.keys = <uint64_t*>PyMem_Malloc(self.longest * sizeof(uint64_t))
            run.ranks = <uint16_t*>PyMem_Malloc(self.longest * sizeof(uint16_t))
            if not (run.spare and run.keys and run.ranks):
                raise MemoryError()
            if self.per_combo:
                run.per_combo = <double*>PyMem_Malloc(COMBO_SUMS * self.r.p[0].n * sizeof(double))
                if not run.per_combo:
                    raise MemoryError()
            for part in range(lo, hi):
                run.boards = 0
                with nogil:
                    memset(run.by_winners, 0, sizeof(double) << self.r.k)
                    if run.per_combo:
                        memset(run.per_combo, 0, COMBO_SUMS * self.r.p[0].n * sizeof(double))
                    if self.r.need == 0:
                        on_board(&self.r, &run, &self.r.board, self.r.fixed)
                    else:
                        b = self.r.board
                        add_card(&b, self.r.deck[part])
                        if not out_of_order(&self.r, &b, self.r.deck[part]):
                            deal_boards(&self.r, &run, &b, self.r.fixed | (1ULL << self.r.deck[part]), part + 1,
                                        self.r.need - 1)
                if self.stop:
                    if PyErr_Occurred():
                        propagate_error()  # Ctrl-C seen here
                    raise KeyboardInterrupt  # seen by another thread
                if run.per_combo:
                    out.append([run.per_combo[i] for i in range(COMBO_SUMS * self.r.p[0].n)])
                else:
                    out.append(([run.by_winners[w] for w in range(1 << self.r.k)], run.boards))
        finally:
            for i in range(HR_MAX_PLAYERS):
                PyMem_Free(run.live[i])
            PyMem_Free(run.spare)
            PyMem_Free(run.keys)
            PyMem_Free(run.ranks)
            PyMem_Free(run.per_combo)
        return out


cdef _RangeJob range_job(players, list board, dead, group, sources):
    """The job of an exact enumeration over checked players' ranges: their combos ready to score,
    the deck left highest first, the suit renamings that keep the question (``group``, worked out
    here when None) and the players holding the very same range (``sources``, likewise)."""
    cdef int k = len(players), i, j, g, t, a, b
    cdef const uint8_t[::1] combos
    cdef const double[::1] weights
    cdef _RangeJob job = _RangeJob()
    cdef RangeBoards* r = &job.r
    job.keep = []
    r.k = k
    r.need = 5 - len(board)
    r.board = start_board(board)
    r.fixed = fixed_cards(board, dead)
    r.n_deck = 0
    for j in range(51, -1, -1):  # highest first: a board's high ranks come first (out_of_order)
        if not (r.fixed >> j) & 1:
            r.deck[r.n_deck] = j
            r.n_deck += 1
    job.longest = 1
    for i, (combos, weights) in enumerate(players):
        r.p[i].n = weights.shape[0]
        job.holes[i] = combo_holes(i, combos, r.p[i].n)  # checks the buffers, whatever the Python checks saw
        r.p[i].holes = job.holes[i]
        job.ranks[i] = <uint8_t*>PyMem_Malloc(r.p[i].n)
        if not job.ranks[i]:
            raise MemoryError()
        for j in range(r.p[i].n):  # 13 x high rank + low rank
            a, b = combos[2 * j] >> 2, combos[2 * j + 1] >> 2
            job.ranks[i][j] = 13 * max(a, b) + min(a, b)
        r.p[i].ranks = job.ranks[i]
        r.p[i].weights = &weights[0]
        r.p[i].cards = &combos[0]
        job.keep.append((combos, weights))
        job.longest = max(job.longest, r.p[i].n)
    if sources is None:
        sources = equity_setup.sources(players)
    else:
        sources = equity_setup.checked_sources(sources, players)  # the combos are read through them
    for i, source in enumerate(sources):
        r.p[i].source = source
    if k == 2:
        job.find_twins()
    group = equity_setup.suit_symmetries(players, board, dead) if group is None else equity_setup.checked_group(group)
    r.group_size = len(group)
    for g, inverse in enumerate(equity_setup.inverses(group)):
        for t in range(4):
            r.inverse[g][t] = inverse[t]
    return job


def exact_range_showdowns(players, board=(), dead=(), firsts=None, threads=None, group=None, sources=None):
    """Every deal of the players' ranges that fits together, and every board: (units, wins, weight, boards).

    ``players`` are (combos, weights) pairs: ``array('B')`` of 2n card indices
    and ``array('d')`` of n weights. Each deal counts with the product of its
    combos' weights. Each board is dealt once (one of each class that a renaming of
    the suits keeps the question unchanged for) and every live combo ranked on it
    once; ``firsts=(lo, hi)`` deals only the parts lo to hi - 1 (``range_parts``).
    ``group`` (the question's ``suit_symmetries``) and ``sources`` (the players holding the very
    same range): given when the caller worked them out already, as a plan does once.
    The same sums as the pure implementation, on any thread count.
    """
    players, board, dead = equity_setup.range_args(players, board, dead)
    cdef _RangeJob job = range_job(players, board, dead, group, sources)
    cdef RangeBoards* r = &job.r
    cdef int k = r.k
    lo, hi = equity_setup.check_firsts(firsts, equity_setup.range_parts(r.n_deck, r.need))
    live = sum(r.p[i].n for i in range(k) if r.p[i].source == i)
    work = [comb(r.n_deck - j - 1, r.need - 1) * live if r.need else live for j in range(lo, hi)]
    bounds = threads_module.balanced_bounds(work, threads_module.threads_for(threads, sum(work) // 64))
    parts = job.run_parts([(lo + a, lo + b) for a, b in bounds])
    return kernels.range_showdowns([p for chunk in parts for p in chunk], k)


def combo_showdowns(players, board=(), dead=(), threads=None):
    """Two or more ranges on every board: for each of the first range's combos, the weight of the
    others' deals it fits beside (each deal's weight the product of its combos'), summed over every
    board and every deal that misses its cards, as four sums: won alone, tied, the ties' share of the
    pot (a k-way tie 1/k of it) and all. ``players`` as ``exact_range_showdowns`` takes them; every
    board is dealt (no suit classes: each combo keeps its own sums). The same sums as the pure
    implementation."""
    players, board, dead = equity_setup.combo_args(players, board, dead)
    cdef _RangeJob job = range_job(players, board, dead, equity_setup.RENAMINGS[:1], None)
    cdef RangeBoards* r = &job.r
    cdef int n = r.p[0].n, j
    job.per_combo = True
    parts = equity_setup.range_parts(r.n_deck, r.need)
    live = equity_setup.combo_work(players)
    work = [comb(r.n_deck - j - 1, r.need - 1) * live if r.need else live for j in range(parts)]
    bounds = threads_module.balanced_bounds(work, threads_module.threads_for(threads, sum(work) // 64))
    sums = [0.0] * (COMBO_SUMS * n)
    for chunk in job.run_parts(bounds):
        for part in chunk:  # part by part, in order: the same sums on any thread count
            for j in range(COMBO_SUMS * n):
                sums[j] += part[j]
    return [tuple(sums[COMBO_SUMS * j:COMBO_SUMS * (j + 1)]) for j in range(n)]
