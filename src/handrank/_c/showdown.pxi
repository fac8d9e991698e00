"""Scoring shared by the equity kernels: hole cards (a ``CardState`` and their two indices), a
board's flush, tallies by winners. Pairs with ``_eval_py/showdown.py``."""

cdef enum:
    BATCH = 32        # trials dealt before their hash lookups run, side by side


cdef struct Hole:
    CardState cards   # a player's hole cards, added
    uint8_t card[2]   # the card indices (Monte Carlo sets a combo's cards aside by them, and writes them in rows)


cdef struct Hands:
    int k
    const Hole* hole[HR_MAX_PLAYERS]


cdef struct Tally:
    uint64_t by_winners[1 << HR_MAX_PLAYERS]  # boards, by the set of players who share them (bit i: player i)


cdef inline uint16_t flush_rank(const CardState* h, const CardState* b) noexcept nogil:
    """The flush these hole cards make with the board, else 0."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef int suit
    if not flush:
        return 0
    suit = flush_suit(flush)
    return HR_FLUSH[b.mask[suit] | h.mask[suit]]


cdef inline void share_board(const uint16_t* ranks, int k, Tally* t) noexcept nogil:
    """Count the board for the set of players with the best rank (one of them, or a tie)."""
    cdef uint16_t best = ranks[0], r
    cdef int i
    cdef uint32_t winners = 1, better
    for i in range(1, k):  # one pass, no branches: who wins is a coin toss to the branch predictor
        r = ranks[i]
        better = r < best
        winners = (winners & (better - 1)) | (<uint32_t>(r <= best) << i)  # a better hand clears the others
        best = min(best, r)
    t.by_winners[winners] += 1


cdef inline void rank_keys(uint16_t* ranks, const uint64_t* keys, int n) noexcept nogil:
    """The rank of each of ``n`` prime products whose rank is still 0 (no flush): lookups that overlap in memory."""
    cdef int i
    cdef uint16_t r
    for i in range(n):
        r = rank_product(keys[i])
        ranks[i] = ranks[i] if ranks[i] else r


# A bit no card has. The range kernels keep it in every set of used cards and give it, alone, to a
# combo that repeats a card: such a combo then never fits a deal, with no test of its own.
cdef uint64_t OFF_DECK = 1ULL << 63


cdef Hole* combo_holes(int player, const uint8_t[::1] combos, Py_ssize_t n) except NULL:
    """The ``n`` combos of a range (two card indices each), ready to score; the caller frees them.

    Checks the buffer it reads, whatever the Python checks saw: 2n indices, each a card.
    """
    cdef Hole* holes
    cdef Py_ssize_t j
    if n < 1 or combos.shape[0] != 2 * n:
        raise ValueError(f"player {player}: a range needs n > 0 combos (2n cards), got {combos.shape[0]} for {n}")
    for j in range(2 * n):
        if combos[j] > 51:
            raise ValueError(f"player {player}: {combos[j]} is not a card index")
    holes = <Hole*>PyMem_Malloc(n * sizeof(Hole))
    if not holes:
        raise MemoryError()
    for j in range(n):
        clear_cards(&holes[j].cards)
        holes[j].card[0] = combos[2 * j]
        holes[j].card[1] = combos[2 * j + 1]
        add_card(&holes[j].cards, combos[2 * j])
        if combos[2 * j + 1] == combos[2 * j]:
            holes[j].cards.bits = OFF_DECK
        else:
            add_card(&holes[j].cards, combos[2 * j + 1])
    return holes


cdef uint64_t fixed_cards(list board, dead):
    """A bit per board or dead card, and OFF_DECK."""
    cdef uint64_t fixed = OFF_DECK
    for c in board + list(dead):
        fixed |= 1ULL << <int>c
    return fixed


cdef CardState start_board(list board) except *:
    cdef CardState b
    clear_cards(&b)
    for c in board:
        add_card(&b, c)
    return b


cdef list by_winners_out(const Tally* t, int k):
    return [t.by_winners[winners] for winners in range(1 << k)]


cdef int propagate_error() except -1:
    return -1  # Cython raises the exception that is set


cdef inline void memset_tally(Tally* t) noexcept nogil:
    memset(t, 0, sizeof(Tally))
