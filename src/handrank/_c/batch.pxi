"""Batches: rows of card indices ranked without the GIL, and the batch entry points.
Pairs with ``_eval_py/batch.py``."""

cdef object batch_setup = PyImport_ImportModule("handrank._kernels.batch")  # its checks and setup

cdef inline Py_ssize_t rank_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                 Py_ssize_t start, Py_ssize_t stop, const int k, const Py_ssize_t step) noexcept nogil:
    """Rank rows ``start:stop`` of ``k`` cards, ``step`` bytes apart, into ``out``; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t v[7]
    cdef uint64_t x, p, flags
    cdef const char* row
    for i in range(start, stop):
        p = 1
        row = <const char*>&hands[i, 0]
        for j in range(k):
            x = <uint64_t>(<const index_t*>(row + j * step))[0]  # a negative value wraps to a huge one
            if x > 255:  # never true for bytes; the rest of the checks is in hr_row_flags
                return i
            v[j] = x
            p *= INDEX_PRIME[x]
        flags = hr_row_flags(v, k)
        if flags == 0:
            out[i] = rank_product(p)
        elif flags & HR_BAD_ROW:
            return i
        else:  # a flush (rare): rank_indices finds its suit
            out[i] = rank_indices(v, k)
    return -1


cdef inline Py_ssize_t rank_rows_sized(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                       Py_ssize_t stop, const int k, const Py_ssize_t step) noexcept nogil:
    """``rank_rows`` with the hand size a constant in each branch, so the compiler unrolls the card loops."""
    if k == 7:
        return rank_rows(hands, out, start, stop, 7, step)
    if k == 6:
        return rank_rows(hands, out, start, stop, 6, step)
    return rank_rows(hands, out, start, stop, 5, step)


cdef inline Py_ssize_t rank_rows_simd(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                      Py_ssize_t stop, const int k, int kernel) noexcept nogil:
    """``rank_rows`` for byte rows stored back to back, by a SIMD kernel; ``rank_rows`` for a
    stretch of rows where it saw a bad one (to name it) and for the last few rows."""
    cdef Py_ssize_t i = start, bad
    while i + SIMD_ROWS + 2 <= stop:  # two rows to spare: the AVX2 kernel reads a few bytes past its last row
        if simd_rows(kernel, <const uint8_t*>&hands[i, 0], k, &out[i]):
            bad = rank_rows(hands, out, i, i + SIMD_ROWS, k, sizeof(index_t))
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_rows(hands, out, i, stop, k, sizeof(index_t))


cdef struct Board:
    int n                 # board cards: 3 to 5
    uint64_t index[5]     # their indices
    CardState cards       # the same cards, added


cdef Py_ssize_t rank_holdings(const index_t[:, :] holes, uint16_t[::1] out,
                              Py_ssize_t start, Py_ssize_t stop, const Board* board) noexcept nogil:
    """Rank rows of two hole cards against one board; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint64_t a, b
    cdef uint64_t v[7]
    cdef int j
    for j in range(board.n):
        v[j] = board.index[j]
    for i in range(start, stop):
        a = <uint64_t>holes[i, 0]
        b = <uint64_t>holes[i, 1]
        if a > 51 or b > 51 or a == b or (board.cards.bits >> a) & 1 or (board.cards.bits >> b) & 1:
            return i
        if (board.cards.counts + INDEX_SUIT_COUNT[a] + INDEX_SUIT_COUNT[b] + 0x3333) & 0x8888:
            v[board.n] = a
            v[board.n + 1] = b
            out[i] = rank_indices(v, board.n + 2)
        else:
            out[i] = rank_product(board.cards.product * INDEX_PRIME[a] * INDEX_PRIME[b])
    return -1


cdef inline Py_ssize_t rank_rows_copied(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                        Py_ssize_t stop, const int k, const Py_ssize_t step, int kernel) noexcept nogil:
    """``rank_rows`` by a SIMD kernel for any other integer type or layout: each stretch of rows
    copied as bytes first; ``rank_rows`` for a stretch with a bad row, and for the last few rows.
    The values ORed together stay below 64 only if each does: then every byte is its value, and
    the kernel sees one past 51; else the bytes could wrap, and the stretch is never looked at."""
    cdef uint8_t rows[SIMD_ROWS * 7 + 16]  # 16 bytes to spare: the AVX2 kernel reads past its last row
    cdef Py_ssize_t i = start, r, q, bad
    cdef int j
    cdef uint64_t x, seen
    cdef const char* row
    cdef const index_t* flat
    cdef bint packed = step == sizeof(index_t) and hands.strides[0] == k * step  # rows back to back
    memset(rows, 0, sizeof(rows))
    while i + SIMD_ROWS <= stop:
        seen = 0
        if packed:  # one run of values: a loop the compiler vectorises
            flat = &hands[i, 0]
            for q in range(SIMD_ROWS * k):
                x = <uint64_t>flat[q]  # a negative value wraps to a huge one
                seen |= x
                rows[q] = <uint8_t>x
        else:
            for r in range(SIMD_ROWS):
                row = <const char*>&hands[i + r, 0]
                for j in range(k):
                    x = <uint64_t>(<const index_t*>(row + j * step))[0]
                    seen |= x
                    rows[r * k + j] = <uint8_t>x
        if seen > 63 or simd_rows(kernel, rows, k, &out[i]):
            bad = rank_rows(hands, out, i, i + SIMD_ROWS, k, step)
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_rows(hands, out, i, stop, k, step)


cdef Py_ssize_t rank_holdings_simd(const index_t[:, :] holes, uint16_t[::1] out, Py_ssize_t start,
                                   Py_ssize_t stop, const Board* board, int kernel) noexcept nogil:
    """``rank_holdings`` by a SIMD kernel: each stretch of holdings written out as byte rows, hole
    cards then the board; ``rank_holdings`` for a stretch with a bad row (to name it) and the rest."""
    cdef uint8_t rows[SIMD_ROWS * 7 + 16]  # 16 bytes to spare: the AVX2 kernel reads past its last row
    cdef int k = board.n + 2
    cdef int j
    cdef Py_ssize_t i = start, r, bad
    cdef uint64_t a, b, seen
    memset(rows, 0, sizeof(rows))
    for r in range(SIMD_ROWS):
        for j in range(board.n):
            rows[r * k + 2 + j] = <uint8_t>board.index[j]
    while i + SIMD_ROWS <= stop:
        seen = 0  # as in rank_rows_copied: the values ORed together below 64, or no kernel looks
        for r in range(SIMD_ROWS):
            a = <uint64_t>holes[i + r, 0]  # a negative value wraps to a huge one
            b = <uint64_t>holes[i + r, 1]
            seen |= a | b
            rows[r * k] = <uint8_t>a
            rows[r * k + 1] = <uint8_t>b
        if seen > 63 or simd_rows(kernel, rows, k, &out[i]):
            bad = rank_holdings(holes, out, i, i + SIMD_ROWS, board)
            if bad >= 0:
                return bad
        i += SIMD_ROWS
    return rank_holdings(holes, out, i, stop, board)


cdef inline bint row_cards(const index_t[:, :] hands, Py_ssize_t i, uint32_t* cs) noexcept nogil:
    """Row ``i`` as card ints in ``cs``; False if a value is out of range or repeated."""
    cdef Py_ssize_t j
    cdef uint64_t v, seen = 0
    for j in range(hands.shape[1]):
        v = <uint64_t>hands[i, j]  # a negative value wraps to a huge one: out of range too
        if v > 51 or (seen >> v) & 1:
            return False
        seen |= 1ULL << v
        cs[j] = HR_DECK[v]
    return True


cdef Py_ssize_t rank_omaha_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                Py_ssize_t start, Py_ssize_t stop, int hole_cards) noexcept nogil:
    """Omaha high for rows of hole cards then board cards; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef int k = <int>hands.shape[1]
    cdef uint32_t cs[11]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = omaha_high(cs, hole_cards, cs + hole_cards, k - hole_cards)
    return -1


cdef Py_ssize_t rank_low_rows(const index_t[:, :] hands, uint16_t[::1] out,
                              Py_ssize_t start, Py_ssize_t stop, const LowGame* g) noexcept nogil:
    """The best low of rows of 5 to 7 cards; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint32_t cs[7]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = best_low(cs, <int>hands.shape[1], g)
    return -1


cdef inline Py_ssize_t rank_short_deck_rows(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                            Py_ssize_t stop, const uint16_t* values, const int k,
                                            const Py_ssize_t step) noexcept nogil:
    """Short deck's best hand of rows of ``k`` (5 to 7) indices of six to ace (16 to 51), ``step``
    bytes apart, read as indices: their primes' product, and a 4-bit count a suit (the flush's
    rank bits only for a flush); the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef int j
    cdef uint64_t x, p, seen, counts, lane
    cdef uint32_t mask
    cdef const char* row
    for i in range(start, stop):
        row = <const char*>&hands[i, 0]
        p = 1
        seen = 0
        counts = 0
        for j in range(k):
            x = <uint64_t>(<const index_t*>(row + j * step))[0] - 16  # a card below six wraps to a huge value
            if x > 35 or (seen >> x) & 1:
                return i
            seen |= 1ULL << x
            p *= INDEX_PRIME[x + 16]
            counts += 1ULL << ((x & 3) << 2)
        lane = ((counts + 0x3333) & 0x8888) >> 3  # the suit of five or more, if any
        if lane:
            mask = 0
            for j in range(k):
                x = <uint64_t>(<const index_t*>(row + j * step))[0]
                if (1ULL << ((x & 3) << 2)) & lane:
                    mask |= 1U << (x >> 2)
            out[i] = HR_SHORT_FLUSH[mask]
        else:
            out[i] = values[((p * HR_HASH_MULT_SLOT) >> HR_SHORT_SLOT_SHIFT)
                            ^ HR_SHORT_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_SHORT_BUCKET_SHIFT]]
    return -1


cdef Py_ssize_t rank_short_deck_sized(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                                      Py_ssize_t stop, const uint16_t* values) noexcept nogil:
    """``rank_short_deck_rows`` with the hand size, and for adjacent values the step, a constant in
    each branch, so that the compiler unrolls the card loops."""
    cdef int k = <int>hands.shape[1]
    cdef Py_ssize_t step = hands.strides[1]
    if step == sizeof(index_t):
        if k == 7:
            return rank_short_deck_rows(hands, out, start, stop, values, 7, sizeof(index_t))
        if k == 6:
            return rank_short_deck_rows(hands, out, start, stop, values, 6, sizeof(index_t))
        return rank_short_deck_rows(hands, out, start, stop, values, 5, sizeof(index_t))
    return rank_short_deck_rows(hands, out, start, stop, values, k, step)


cdef Py_ssize_t rank_badugi_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                 Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    """Badugi's value of rows of four cards; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint32_t cs[4]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = badugi_rank(cs)
    return -1


cdef Py_ssize_t rank_partial_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                  Py_ssize_t start, Py_ssize_t stop, bint low) noexcept nogil:
    """Rows of one to four cards as shown hands, high or low; the first bad row, or -1."""
    cdef Py_ssize_t i
    cdef uint32_t cs[4]
    cdef int n = <int>hands.shape[1]
    for i in range(start, stop):
        if not row_cards(hands, i, cs):
            return i
        out[i] = partial_value(cs, n, low)
    return -1


cdef Py_ssize_t rank_wild_rows(const index_t[:, :] hands, uint16_t[::1] out, Py_ssize_t start,
                               Py_ssize_t stop, uint64_t wild_mask, bint bug) noexcept nogil:
    """The wild-card rank of rows of 5 to 7 indices, 52 and 53 the jokers (bugs with ``bug``), the
    cards of ``wild_mask`` wild too; the first bad row, or -1."""
    cdef Py_ssize_t i, j
    cdef uint64_t v, seen
    cdef uint32_t cs[7]
    cdef int n, k = <int>hands.shape[1]
    for i in range(start, stop):
        seen, n = 0, 0
        for j in range(k):
            v = <uint64_t>hands[i, j]  # a negative value wraps to a huge one: out of range too
            if v > 53 or (seen >> v) & 1:
                return i
            seen |= 1ULL << v
            if v < 52 and not (wild_mask >> v) & 1:
                cs[n] = HR_DECK[v]
                n += 1
        out[i] = bug_rank(cs, n, k - n) if bug and k > n else wild_rank(cs, n, k - n)
    return -1


cdef Py_ssize_t rank_decks_rows(const index_t[:, :] hands, uint16_t[::1] out,
                                Py_ssize_t start, Py_ssize_t stop, int decks) noexcept nogil:
    """The several-decks rank of rows of 5 to 7 indices, none held more than ``decks`` times (7
    for any more decks); the first bad row, or -1."""
    cdef Py_ssize_t i, j
    cdef uint64_t v
    cdef uint32_t cs[7]
    cdef uint8_t count[52]
    cdef int k = <int>hands.shape[1]
    for i in range(start, stop):
        memset(count, 0, sizeof(count))
        for j in range(k):
            v = <uint64_t>hands[i, j]  # a negative value wraps to a huge one: out of range too
            if v > 51 or count[v] >= decks:
                return i
            count[v] += 1
            cs[j] = HR_DECK[v]
        out[i] = decks_rank(cs, k)
    return -1


cdef struct Job:
    int kind              # the rows: PLAIN, HOLDEM, OMAHA, LOW, SHORT_DECK, BADUGI, PARTIAL, WILD, SEVERAL_DECKS
    int kernel            # PLAIN and HOLDEM: the batch kernel, HR_PORTABLE ... HR_NEON, for the whole call
    Board board           # HOLDEM
    int hole_cards        # OMAHA: the first hole_cards columns are hole cards, the rest the board
    const LowGame* low    # LOW: the lowball game
    const uint16_t* short_values  # SHORT_DECK: the rule's non-flush values
    bint partial_low      # PARTIAL: ranked as ace-to-five lows
    uint64_t wild_mask    # WILD: the cards declared wild, a bit an index
    bint wild_bug         # WILD: the jokers are bugs
    int decks             # SEVERAL_DECKS: the most times a row may hold a card
    int stopped           # set when another thread's wait saw Ctrl-C: every thread stops at its next look


cdef enum:
    BATCH_LOOK_EVERY = 1 << 16  # rows ranked between looks for Ctrl-C: a millisecond or so

cdef enum:
    PLAIN = 0
    HOLDEM = 1
    OMAHA = 2
    LOW = 3
    SHORT_DECK = 4
    BADUGI = 5
    PARTIAL = 6
    WILD = 7
    SEVERAL_DECKS = 8


cdef Py_ssize_t rank_typed(const index_t[:, :] hands, uint16_t[::1] out,
                           Py_ssize_t start, Py_ssize_t stop, const Job* job):
    cdef Py_ssize_t bad
    cdef int k = <int>hands.shape[1]
    with nogil:
        if job.kind == HOLDEM:
            if job.kernel:
                bad = rank_holdings_simd(hands, out, start, stop, &job.board, job.kernel)
            else:
                bad = rank_holdings(hands, out, start, stop, &job.board)
        elif job.kind == OMAHA:
            bad = rank_omaha_rows(hands, out, start, stop, job.hole_cards)
        elif job.kind == LOW:
            bad = rank_low_rows(hands, out, start, stop, job.low)
        elif job.kind == SHORT_DECK:
            bad = rank_short_deck_sized(hands, out, start, stop, job.short_values)
        elif job.kind == BADUGI:
            bad = rank_badugi_rows(hands, out, start, stop)
        elif job.kind == PARTIAL:
            bad = rank_partial_rows(hands, out, start, stop, job.partial_low)
        elif job.kind == WILD:
            bad = rank_wild_rows(hands, out, start, stop, job.wild_mask, job.wild_bug)
        elif job.kind == SEVERAL_DECKS:
            bad = rank_decks_rows(hands, out, start, stop, job.decks)
        elif (index_t is uint8_t or index_t is int8_t) and job.kernel and hands.strides[1] == 1 \
                and hands.strides[0] == k:
            bad = rank_rows_simd(hands, out, start, stop, k, job.kernel)
        elif job.kernel:
            bad = rank_rows_copied(hands, out, start, stop, k, hands.strides[1], job.kernel)
        elif hands.strides[1] == sizeof(index_t):  # rows of adjacent values: the offsets are constants
            bad = rank_rows_sized(hands, out, start, stop, k, sizeof(index_t))
        else:
            bad = rank_rows_sized(hands, out, start, stop, k, hands.strides[1])
    return bad


cdef Py_ssize_t rank_chunk(object view, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
                           const Job* job) except -2:
    """Rank rows ``start`` to ``stop`` a block at a time, looking for Ctrl-C between blocks; the
    first bad row, or -1."""
    cdef Py_ssize_t at, bad
    for at in range(start, stop, BATCH_LOOK_EVERY):
        bad = rank_block(view, out, at, min(at + BATCH_LOOK_EVERY, stop), job)
        if bad >= 0:
            return bad
        if job.stopped:
            return -1  # another thread's Ctrl-C: it goes up from the waiting thread
        if signals_raised() < 0:
            return -2  # Ctrl-C, seen in the main thread: its exception goes up
    return -1


cdef void stop_job(Job* job) noexcept:
    job.stopped = 1


cdef Py_ssize_t rank_block(object view, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
                           const Job* job) except -2:
    """Pick the kernel for the view's integer type (checked by ``_checks.hands_view``)."""
    cdef int size = view.itemsize
    cdef bint signed = kernels.is_signed(view)
    if size == 1:
        if signed:
            return rank_typed[int8_t](view, out, start, stop, job)
        return rank_typed[uint8_t](view, out, start, stop, job)
    if size == 2:
        if signed:
            return rank_typed[int16_t](view, out, start, stop, job)
        return rank_typed[uint16_t](view, out, start, stop, job)
    if size == 4:
        if signed:
            return rank_typed[int32_t](view, out, start, stop, job)
        return rank_typed[uint32_t](view, out, start, stop, job)
    if signed:
        return rank_typed[int64_t](view, out, start, stop, job)
    return rank_typed[uint64_t](view, out, start, stop, job)


cdef object run_job(object source, object view, Job* job, object threads, list board):
    """Rank every row of ``view`` (checked) into a result shaped like ``source``, on ``threads`` threads."""
    rows = view.shape[0]
    job.kernel = kernel_for_a_call() if job.kind == PLAIN or job.kind == HOLDEM else HR_PORTABLE
    job.stopped = 0
    result, out = kernels.new_result(source, rows)
    cdef uint16_t[::1] out_view = out
    bounds = threads_module.even_bounds(rows, threads_module.threads_for(threads, rows))
    ranked = threads_module.run(lambda start, stop: rank_chunk(view, out_view, start, stop, job), bounds,
                                lambda: stop_job(job))
    bad = [b for b in ranked if b >= 0]
    if bad:
        if job.kind == SHORT_DECK:
            raise short_deck_setup.row_error(view, min(bad))
        if job.kind == WILD:
            raise wild_setup.row_error(view, min(bad))
        if job.kind == SEVERAL_DECKS:
            raise decks_setup.row_error(view, min(bad), job.decks)
        raise kernels.row_error(view, min(bad), board)
    return result


def evaluate_many(hands, threads=None):
    """Ranks of an (n, k) array of 0-51 card indices (k = 5, 6 or 7) as n uint16 values.

    Lower is better. Returns a numpy array when given one, else ``array('H')``.
    The work runs without the GIL, split over ``threads`` threads (0 = every core).
    """
    cdef Job job
    job.kind = PLAIN
    return run_job(hands, kernels.hands_view(hands), &job, threads, [])


def evaluate_holdem(holdings, board, threads=None):
    """Ranks of an (n, 2) array of hole-card indices against one board of 3 to 5 cards.

    Lower is better. Each row's rank is ``evaluate(row + board)``; a row that
    repeats a card or holds a board card raises ``ValueError`` naming it.
    """
    board_indices = batch_setup.board_indices(board)
    view = kernels.hands_view(holdings, (2,))
    cdef Job job
    cdef Board* b = &job.board
    cdef int j
    job.kind = HOLDEM
    b.n = len(board_indices)
    clear_cards(&b.cards)
    for j in range(b.n):
        b.index[j] = board_indices[j]
        add_card(&b.cards, b.index[j])
    return run_job(holdings, view, &job, threads, board_indices)


def evaluate_omaha_many(hands, hole_cards=4, threads=None):
    """Omaha high over an (n, hole_cards + board) array of 0-51 indices: hole cards first, then 3-5 board cards."""
    cdef Job job
    view = batch_setup.omaha_view(hands, hole_cards)  # checks hole_cards before C takes it
    job.kind = OMAHA
    job.hole_cards = hole_cards
    return run_job(hands, view, &job, threads, [])


def evaluate_low_many(hands, game="a-5", threads=None):
    """The best low of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7 (lower is better)."""
    cdef Job job
    job.kind = LOW
    job.low = low_game(game)
    return run_job(hands, kernels.hands_view(hands), &job, threads, [])


def evaluate_short_deck_many(hands, trips_beat_straight=True, threads=None):
    """Short deck's best hand of each row of an (n, k) array of 0-51 indices, k = 5, 6 or 7, every
    card six or higher; lower is better, as ``evaluate_short_deck`` gives it."""
    cdef Job job
    job.kind = SHORT_DECK
    job.short_values = short_deck_values(trips_beat_straight)
    return run_job(hands, kernels.hands_view(hands), &job, threads, [])


def evaluate_badugi_many(hands, threads=None):
    """Badugi's value of each row of an (n, 4) array of 0-51 indices, as ``evaluate_badugi`` gives it."""
    cdef Job job
    job.kind = BADUGI
    return run_job(hands, kernels.hands_view(hands, (4,)), &job, threads, [])


def evaluate_partial_many(hands, low=False, threads=None):
    """``evaluate_partial`` of each row of an (n, k) array of 0-51 indices, k = 1 to 4."""
    cdef Job job
    job.kind = PARTIAL
    job.partial_low = checked_low(low)
    return run_job(hands, kernels.hands_view(hands, (1, 2, 3, 4)), &job, threads, [])


def evaluate_wild_rows(hands, wild_mask=0, threads=None, bug=False):
    """The wild-card rank of each row of an (n, k) array, k = 5, 6 or 7, of 0-51 card indices and
    the jokers 52 and 53, the cards of ``wild_mask`` (bit i: index i) wild too, as
    ``evaluate_wild_cards`` gives it (with ``bug``, the jokers bugs)."""
    cdef Job job
    job.kind = WILD
    job.wild_mask = wild_setup.checked_mask(wild_mask)
    job.wild_bug = wild_setup.checked_bug(bug, job.wild_mask)
    return run_job(hands, kernels.hands_view(hands), &job, threads, [])


def evaluate_decks_many(hands, decks=2, threads=None):
    """The several-decks rank of each row of an (n, k) array of 0-51 card indices, k = 5, 6 or 7,
    a card held up to ``decks`` times, as ``evaluate_decks`` gives it."""
    cdef Job job
    job.kind = SEVERAL_DECKS
    job.decks = min(decks_setup.checked_decks(decks), 7)
    return run_job(hands, kernels.hands_view(hands), &job, threads, [])
