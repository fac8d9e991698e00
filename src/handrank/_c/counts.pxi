"""Exhaustive counts: how many hands of 5, 6 or 7 cards have each rank.
Pairs with ``_eval_py/counts.py``."""

cdef void count_below(int left, int first, uint64_t p, uint32_t* m, uint64_t* counts) noexcept nogil:
    """Count every hand that adds ``left`` cards from index ``first`` on to the cards behind ``p`` and ``m``."""
    cdef int c, s
    cdef uint32_t card, saved
    cdef uint16_t f, found = HR_FLUSH[m[0]] | HR_FLUSH[m[1]] | HR_FLUSH[m[2]] | HR_FLUSH[m[3]]
    if left == 1:
        for c in range(first, 52):
            card = HR_DECK[c]
            # A flush in this card's suit beats the one (if any) in another suit; else the product.
            f = HR_FLUSH[m[c & 3] | card >> 16]
            if not f:
                f = found
            if not f:
                f = rank_product(p * (card & 0xFF))
            counts[f] += 1
        return
    for c in range(first, 53 - left):
        card = HR_DECK[c]
        s = c & 3
        saved = m[s]
        m[s] = saved | card >> 16
        count_below(left - 1, c + 1, p * (card & 0xFF), m, counts)
        m[s] = saved


def rank_counts(int n, progress=None):
    """How many ``n``-card hands (n = 5, 6 or 7) have each rank: a list indexed by rank, [0] = 0.

    Enumerates every hand in compiled code; ``progress(done, total)`` is called as it goes.
    """
    if n not in (5, 6, 7):
        raise ValueError(f"expected 5, 6 or 7 cards, got {n}")
    cdef uint64_t counts[7463]
    cdef uint32_t m[4]
    cdef int first
    cdef uint32_t card
    counts[:] = [0] * 7463
    for first in range(53 - n):
        card = HR_DECK[first]
        m[:] = [0, 0, 0, 0]
        m[first & 3] = card >> 16
        with nogil:
            count_below(n - 1, first + 1, card & 0xFF, m, counts)
        if progress is not None:
            progress(first + 1, 53 - n)
    return [counts[r] for r in range(7463)]
