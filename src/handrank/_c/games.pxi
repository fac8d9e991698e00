"""Omaha high and the lowball games: their cores, then their checked entry points.
Pairs with ``_eval_py/games.py``."""

cdef uint16_t omaha_high(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best high hand of exactly two of ``h`` and three of ``b`` (valid, distinct cards)."""
    cdef uint64_t t_product[10]
    cdef uint32_t t_suit[10]
    cdef uint32_t t_mask[10]
    cdef int i, j, k, t, nt = 0
    cdef uint64_t product
    cdef uint32_t suit, mask
    cdef uint16_t r, best = 0xFFFF
    for i in range(nb):
        for j in range(i + 1, nb):
            for k in range(j + 1, nb):
                t_product[nt] = <uint64_t>(b[i] & 0xFF) * (b[j] & 0xFF) * (b[k] & 0xFF)
                t_suit[nt] = b[i] & b[j] & b[k] & 0xF000
                t_mask[nt] = (b[i] | b[j] | b[k]) >> 16
                nt += 1
    for i in range(nh):
        for j in range(i + 1, nh):
            product = <uint64_t>(h[i] & 0xFF) * (h[j] & 0xFF)
            suit = h[i] & h[j] & 0xF000
            mask = (h[i] | h[j]) >> 16
            for t in range(nt):
                # Five cards of one suit are a flush, better than anything the same ranks make off-suit.
                if suit & t_suit[t]:
                    r = HR_FLUSH[mask | t_mask[t]]
                else:
                    r = rank_product(product * t_product[t])
                if r < best:
                    best = r
    return best


cdef struct LowGame:
    const uint16_t* flush   # NULL where flushes do not count (ace-to-five)
    const uint16_t* values  # by slot of the low perfect hash


# The low games in the order the tables name them (HR_LOW_GAME_NAMES), each with its own tables.
cdef LowGame LOW_GAMES[3]
cdef dict LOW_GAME_INDEX = {}


cdef void set_low_games() except *:
    cdef int i
    for i, name in enumerate(HR_LOW_GAME_NAMES.decode().split()):
        if name == "2-7":
            LOW_GAMES[i].flush = &HR_LOW27_FLUSH[0]
            LOW_GAMES[i].values = &HR_LOW27_VALUES[0]
        elif name == "a-5":
            LOW_GAMES[i].flush = NULL
            LOW_GAMES[i].values = &HR_LOWA5_VALUES[0]
        else:
            LOW_GAMES[i].flush = &HR_LOWA6_FLUSH[0]
            LOW_GAMES[i].values = &HR_LOWA6_VALUES[0]
        LOW_GAME_INDEX[name] = i
    for alias, game in PyImport_ImportModule("handrank._tables").LOW_GAME_ALIASES.items():  # razz is a-5
        LOW_GAME_INDEX[alias] = LOW_GAME_INDEX[game]


set_low_games()
cdef const LowGame* ACE_TO_FIVE = &LOW_GAMES[<int>LOW_GAME_INDEX["a-5"]]


cdef inline uint16_t low5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e,
                          const LowGame* g) noexcept nogil:
    cdef uint64_t p
    if g.flush != NULL and a & b & c & d & e & 0xF000:
        return g.flush[(a | b | c | d | e) >> 16]
    p = <uint64_t>(a & 0xFF) * (b & 0xFF) * (c & 0xFF) * (d & 0xFF) * (e & 0xFF)
    return g.values[((p * HR_HASH_MULT_SLOT) >> HR_LOW_SLOT_SHIFT)
                    ^ HR_LOW_DISPLACE[(p * HR_HASH_MULT_BUCKET) >> HR_LOW_BUCKET_SHIFT]]


cdef uint16_t best_low(const uint32_t* cs, int n, const LowGame* g) noexcept nogil:
    """The best low of five of ``n`` (5 to 7) valid, distinct cards."""
    cdef int i, j, k, m, p
    cdef uint16_t r, best = 0xFFFF
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                for m in range(k + 1, n):
                    for p in range(m + 1, n):
                        r = low5(cs[i], cs[j], cs[k], cs[m], cs[p], g)
                        if r < best:
                            best = r
    return best


cdef uint16_t omaha_low(const uint32_t* h, int nh, const uint32_t* b, int nb) noexcept nogil:
    """Best ace-to-five low of exactly two of ``h`` and three of ``b``."""
    cdef int i, j, x, y, z
    cdef uint16_t r, best = 0xFFFF
    for i in range(nh):
        for j in range(i + 1, nh):
            for x in range(nb):
                for y in range(x + 1, nb):
                    for z in range(y + 1, nb):
                        r = low5(h[i], h[j], b[x], b[y], b[z], ACE_TO_FIVE)
                        if r < best:
                            best = r
    return best


cdef const LowGame* low_game(object game) except NULL:
    try:
        return &LOW_GAMES[<int>LOW_GAME_INDEX[game]]
    except (KeyError, TypeError):
        raise ValueError(f"unknown lowball game {game!r}: expected one of {', '.join(LOW_GAME_INDEX)}") from None


def evaluate_low(cards, game="a-5"):
    """The best low of 5 to 7 cards: 1 is the best low of ``game`` ("2-7", "a-5" or "a-6"; lower is better)."""
    cdef const LowGame* g = low_game(game)
    cdef uint32_t cs[7]
    cdef int n = read_hand(cards, cs)
    return best_low(cs, n, g)


cdef int read_omaha(object hole, object board, uint32_t* cs, int* board_cards) except -1:
    """Hole cards into ``cs``, the board after them (checked as the pure side does); how many hole cards."""
    cdef Py_ssize_t nh, nb, i
    cdef uint64_t seen = 0
    if isinstance(hole, (list, tuple)) and isinstance(board, (list, tuple)):
        nh, nb = len(hole), len(board)
        if 4 <= nh <= 6 and 3 <= nb <= 5:
            for i in range(nh + nb):
                if not read_card(hole[i] if i < nh else board[i - nh], &cs[i], &seen):
                    break
            else:
                board_cards[0] = <int>nb
                return <int>nh
    h, b = hole_and_board(hole, board)  # raises the error that explains what is wrong
    seen = 0
    for i, c in enumerate(h + b):
        read_card(c, &cs[i], &seen)
    board_cards[0] = len(b)
    return len(h)


def evaluate_omaha(hole, board):
    """Omaha high: the best of exactly two of 4-6 hole cards and three of 3-5 board cards.

    On the scale of ``evaluate``: 1 (royal flush) ... 7462, lower is better.
    """
    cdef uint32_t cs[11]
    cdef int nb
    cdef int nh = read_omaha(hole, board, cs, &nb)
    return omaha_high(cs, nh, cs + nh, nb)


def evaluate_omaha_low(hole, board):
    """Omaha's ace-to-five low: the best of exactly two hole and three board cards (1 = 5-4-3-2-A)."""
    cdef uint32_t cs[11]
    cdef int nb
    cdef int nh = read_omaha(hole, board, cs, &nb)
    return omaha_low(cs, nh, cs + nh, nb)
