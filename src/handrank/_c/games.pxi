"""Omaha high, the lowball games', short deck's, badugi's and partial hands' checked entry points
(their cores are in ``core.pxi``). Pairs with ``_eval_py/games.py``."""


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


def evaluate_short_deck(cards, trips_beat_straight=True):
    """Short deck (six to ace): the best five of 5 to 7 cards, 1 (royal flush) ... 1404, lower is
    better. A flush beats a full house; A-6-7-8-9 is the lowest straight; three of a kind beats a
    straight unless ``trips_beat_straight`` is False."""
    cdef const uint16_t* values = short_deck_values(trips_beat_straight)
    cdef uint32_t cs[7]
    cdef int n = read_hand(cards, cs)
    check_short_deck(cs, n)
    return short_deck_rank(cs, n, values)


def evaluate_badugi(cards):
    """Badugi: four cards' best set of distinct ranks and suits, ace low; 1 (4-3-2-A) ... 1092 (a
    king alone), lower is better. Any badugi of four cards beats every hand of three, and so on."""
    cdef uint32_t cs[4]
    read_four(cards, cs)
    return badugi_rank(cs)


def evaluate_partial(cards, low=False):
    """One to four cards, as a stud player shows them: four of a kind, three, two pair, a pair or
    high cards (no straight, no flush); 1 the best hand of that many cards, high, or the best
    ace-to-five low with ``low=True``."""
    cdef bint as_low = checked_low(low)
    cdef uint32_t cs[4]
    cdef int n = read_partial(cards, cs)
    return partial_value(cs, n, as_low)


def evaluate_wild_cards(cards, jokers=0, wild_mask=0, bug=False):
    """The wild-card scale's rank (1 five aces ... 7,475, lower is better) of a hand of 5 to 7
    cards, jokers counted: the cards, ``jokers`` jokers (0 to 2) and the cards of ``wild_mask``
    (bit i: index i) wild, each wild card the card that makes the hand best; with ``bug`` each
    joker an ace, or any card that completes a straight, a flush or a straight flush."""
    cdef uint32_t cs[7]
    cdef uint64_t seen = 0, mask
    cdef Py_ssize_t n = -1, i, k = 0
    if isinstance(cards, list) and len(<list>cards) <= 7:  # a list subclass too, read as a list
        n = len(<list>cards)
        for i in range(n):
            if not read_borrowed(PyList_GET_ITEM(<list>cards, i), &cs[i], &seen):
                n = -1
                break
    elif type(cards) is tuple and len(<tuple>cards) <= 7:
        n = len(<tuple>cards)
        for i in range(n):
            if not read_borrowed(PyTuple_GET_ITEM(<tuple>cards, i), &cs[i], &seen):
                n = -1
                break
    if n < 0:
        checked = wild_setup.held_cards(cards)  # raises the error that explains what is wrong
        n, seen = len(checked), 0
        if n > 7:
            wild_setup.checked_jokers(n, jokers)  # raises: too many cards
        for i in range(n):
            read_card(checked[i], &cs[i], &seen)
    if type(jokers) is not int or not 0 <= jokers <= 2 or not 5 <= n + jokers <= 7:
        wild_setup.checked_jokers(n, jokers)  # raises what is wrong
    if type(wild_mask) is not int or not 0 <= wild_mask < 1 << 52:
        wild_setup.checked_mask(wild_mask)
    if bug is not False:
        wild_setup.checked_bug(bug, wild_mask)  # True, with no wild cards declared
        if jokers:
            return bug_rank(cs, <int>n, <int>jokers)
    mask = wild_mask
    for i in range(n):  # the natural cards first; the declared ones are wild
        if not (mask >> card_index(cs[i])) & 1:
            cs[k] = cs[i]
            k += 1
    return wild_rank(cs, <int>k, <int>(n - k + <Py_ssize_t>jokers))


cdef inline bint read_repeatable(PyObject* item, uint32_t* out, uint8_t* count, int most) noexcept:
    """Store a valid card held at most ``most`` times so far; False for anything else."""
    cdef long v
    cdef int i
    if not small_int(item, &v):
        return False
    i = card_index(v)
    if i < 0 or count[i] >= most:
        return False
    count[i] += 1
    out[0] = <uint32_t>v
    return True


def evaluate_decks(cards, decks=2):
    """The several-decks rank (1 five aces ... 12,051, lower is better) of 5 to 7 cards dealt from
    ``decks`` decks shuffled together: a card may be held up to ``decks`` times."""
    cdef uint32_t cs[7]
    cdef uint8_t count[52]
    cdef Py_ssize_t n = -1, i
    cdef int most
    if type(decks) is not int or decks < 1:
        decks_setup.checked_decks(decks)  # raises what is wrong
    most = 7 if decks >= 7 else <int>decks
    memset(count, 0, sizeof(count))
    if isinstance(cards, list) and 5 <= len(<list>cards) <= 7:  # a list subclass too, read as a list
        n = len(<list>cards)
        for i in range(n):
            if not read_repeatable(PyList_GET_ITEM(<list>cards, i), &cs[i], count, most):
                n = -1
                break
    elif type(cards) is tuple and 5 <= len(<tuple>cards) <= 7:
        n = len(<tuple>cards)
        for i in range(n):
            if not read_repeatable(PyTuple_GET_ITEM(<tuple>cards, i), &cs[i], count, most):
                n = -1
                break
    if n < 0:
        checked = decks_setup.held(cards, decks)  # raises the error that explains what is wrong
        n = len(checked)
        for i in range(n):
            cs[i] = <uint32_t>checked[i]
    return decks_rank(cs, <int>n)
