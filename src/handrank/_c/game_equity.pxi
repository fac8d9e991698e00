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
                       uint64_t state) noexcept nogil:
    """``trials`` boards completed by a partial shuffle of ``cards`` on the wyrand stream from ``state``;
    1 if Ctrl-C stopped it (the exception set)."""
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
    return 0


def game_showdowns(rule, holes, board, deck, trials=0, seed=0):
    """Known hands' showdowns in ``rule`` (``"omaha"``, ``"omaha-hilo"``, ``"short-deck"``,
    ``"short-deck-straight-over-trips"``): every completion of the board from ``deck`` (card indices)
    with ``trials`` 0, else ``trials`` seeded random ones. The boards counted, and each player's units
    of the pot (``POT_UNITS`` a board) won by the high hand and by the low hand, the boards on which
    they took the whole pot alone, and the sum of the squares of their units a trial (sampled only)."""
    number, hands, known, left, checked_trials, checked_seed = game_equity_setup.game_showdown_args(
        rule, holes, board, deck, trials, seed
    )
    cdef GameDeal g
    cdef uint32_t hole_cards[HR_MAX_PLAYERS * 6]
    cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
    cdef uint32_t cards[52]
    cdef uint32_t full[5]
    cdef uint16_t by_triple[HR_MAX_PLAYERS * 455]
    cdef uint16_t low_by_triple[HR_MAX_PLAYERS * 455]
    cdef int i, stopped, fixed = len(known), m = len(left)
    cdef uint64_t count = checked_trials, state = checked_seed, boards = 0
    g.rule = number
    g.players = len(hands)
    g.hole = len(hands[0])
    for i, c in enumerate(c for h in hands for c in h):
        hole_cards[i] = HR_DECK[<int>c]
    for i, c in enumerate(known):
        full[i] = HR_DECK[<int>c]
    for i, c in enumerate(left):
        cards[i] = HR_DECK[<int>c]
    memset(tallies, 0, sizeof(tallies))
    g.holes = hole_cards
    g.tallies = tallies
    g.short_values = short_deck_values(number == 2) if number >= 2 else NULL
    g.by_triple = NULL
    if number < 2:  # Omaha: each known hand's best by the board's threes, once
        for i in range(g.players):
            omaha_by_triple(hole_cards + i * g.hole, g.hole, OMAHA_VALUES, by_triple + i * 455)
            omaha_by_triple(hole_cards + i * g.hole, g.hole, OMAHA_LOWS, low_by_triple + i * 455)
        g.by_triple = by_triple
        g.low_by_triple = low_by_triple
    with nogil:
        if count == 0:
            stopped = every_board(&g, full, fixed, cards, m, &boards)
        else:
            stopped = random_boards(&g, full, fixed, cards, m, count, state)
            boards = count
    if stopped:
        raise_pending()
    return boards, [tuple(tallies[4 * i + k] for k in range(4)) for i in range(g.players)]


cdef struct RangeTable:
    const uint8_t* cards    # the hands' 0-51 indices, one hand after another
    const double* running   # the running total of the hands' weights
    int n                   # hands


cdef int deal_ranges(const RangeTable* tables, int players, int size, uint64_t fixed, uint64_t* state,
                     uint32_t* holes, uint64_t* used) noexcept nogil:
    """Every player's hand by its weight, the whole deal again while cards clash; 0 when no deal of
    ``FIT_TRIES`` fit (as ``game_range_showdowns`` of the pure kernel)."""
    cdef int attempt, i, j, lo, hi, k
    cdef double u
    cdef uint64_t bits
    cdef const uint8_t* hand
    for attempt in range(GAME_FIT_TRIES):
        used[0] = fixed
        for i in range(players):
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
            return 1
    return 0


def game_range_showdowns(rule, players, board=(), dead=(), trials=100_000, seed=0):
    """``game_showdowns`` for players holding ranges, by Monte Carlo: each trial deals every
    player a hand by its weight (the whole deal again while two hands, the board or the dead cards
    share a card, so that each deal that fits comes with its weights' chances), then the board from
    the cards left. ``players`` are (cards, weights) pairs: the hands' 0-51 indices one hand after
    another, and a weight a hand."""
    number, size, tables, known, gone, checked_trials, checked_seed = game_equity_setup.game_range_args(
        rule, players, board, dead, trials, seed
    )
    cdef GameDeal g
    cdef RangeTable table[HR_MAX_PLAYERS]
    cdef uint32_t hole_cards[HR_MAX_PLAYERS * 6]
    cdef uint64_t tallies[HR_MAX_PLAYERS * 4]
    cdef uint32_t full[5]
    cdef uint8_t cards[52]
    cdef const uint8_t[::1] flat
    cdef const double[::1] running
    cdef int i, j, m, fixed_count = len(known), missing = 5 - len(known), lowest = 16 if number >= 2 else 0
    cdef int hole = size, failed = 0, stopped = 0
    cdef uint64_t t, count = checked_trials, state = checked_seed, fixed = 0, used
    cdef uint8_t swap
    for i, (flat, running) in enumerate(tables):
        table[i].cards = &flat[0]
        table[i].running = &running[0]
        table[i].n = running.shape[0]
    for c in known + gone:
        fixed |= 1ULL << <int>c
    for i, c in enumerate(known):
        full[i] = HR_DECK[<int>c]
    memset(tallies, 0, sizeof(tallies))
    g.rule = number
    g.players = len(tables)
    g.hole = hole
    g.holes = hole_cards
    g.tallies = tallies
    g.short_values = short_deck_values(number == 2) if number >= 2 else NULL
    g.by_triple = NULL
    with nogil:
        for t in range(count):
            if not deal_ranges(table, g.players, hole, fixed, &state, hole_cards, &used):
                failed = 1
                break
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
            score_board(&g, full, True)
            if (t + 1) % GAME_LOOK_EVERY == 0:
                with gil:
                    if signals_raised() < 0:
                        stopped = 1
                        break
    if stopped:
        raise_pending()
    if failed:
        raise ValueError(
            f"the ranges fit together in no deal of {game_equity_setup.FIT_TRIES:,} tried: they share too many cards"
        )
    return count, [tuple(tallies[4 * i + k] for k in range(4)) for i in range(g.players)]
