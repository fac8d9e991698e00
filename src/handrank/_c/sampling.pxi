"""Monte Carlo equity: seeded wyrand streams (``_c/wyrand.h``), one per block of trials.
Pairs with ``_eval_py/sampling.py``."""

cdef object sampling_setup = PyImport_ImportModule("handrank._kernels.sampling")  # its checks and setup


cdef inline void count_card(CardState* b, uint64_t c) noexcept nogil:
    """``add_card`` but for the rank masks and the bits, which only a flush needs (``flush_rank_counted``
    finds them from the cards dealt): the sampler's boards, five a trial, skip them."""
    b.product *= INDEX_PRIME[c]
    b.counts += INDEX_SUIT_COUNT[c]


cdef inline uint16_t flush_of_suit(int suit, uint32_t mask, uint64_t counted) noexcept nogil:
    """The flush in ``suit`` of the ranks of ``mask`` and the suit's cards of ``counted`` (a bit per index)."""
    cdef int rank
    counted >>= suit
    for rank in range(13):  # index 4 x rank + suit
        mask |= <uint32_t>((counted >> (4 * rank)) & 1) << rank
    return HR_FLUSH[mask]


cdef inline uint16_t flush_rank_counted(const CardState* h, const CardState* b, uint64_t counted) noexcept nogil:
    """``flush_rank`` where the rank masks lack the cards of ``counted`` (a bit per index), the board's
    from ``count_card``, and a random hand's (its ``bits``, read only for a flush: rare)."""
    cdef uint32_t flush = (b.counts + h.counts + 0x3333) & 0x8888
    cdef int suit
    if not flush:
        return 0
    suit = flush_suit(flush)
    return flush_of_suit(suit, b.mask[suit] | h.mask[suit], counted | h.bits)


cdef struct Sampler:
    int n                      # combos in the player's range (1 for a known hand, 0 for a random hand)
    const Hole* holes          # each combo, ready to score
    const uint64_t* keep_below  # alias method: keep combo i if 32 random bits are below keep_below[i] ...
    const int32_t* alias       # ... else take alias[i]


cdef inline int64_t alias_draw(uint64_t x, int64_t n, const uint64_t* keep_below, const int32_t* alias) noexcept nogil:
    """An index of ``n`` drawn by alias tables from one random number: its high half picks a slot,
    its low half keeps it or takes its alias."""
    cdef int64_t j = <int64_t>(((x >> 32) * <uint64_t>n) >> 32)
    return alias[j] if (x & 0xFFFFFFFFULL) >= keep_below[j] else j


cdef inline uint64_t take(uint8_t* deck, uint8_t* places, int from_, int to) noexcept nogil:
    """Swap the cards at ``from_`` and ``to`` of the deck, and their entries in ``places``; the card now at ``to``."""
    cdef uint8_t a = deck[from_], b = deck[to]
    deck[from_] = b
    deck[to] = a
    places[b] = from_
    places[a] = to
    return a


cdef inline uint64_t draw(uint8_t* deck, Py_ssize_t from_, Py_ssize_t to) noexcept nogil:
    """``take`` where no card's place is looked up again; the card now at ``to``."""
    cdef uint8_t a = deck[from_]
    deck[from_] = deck[to]
    deck[to] = a
    return a


cdef struct TrialRows:
    # Trials written as rows of 7 card indices, a player's in turn, then ranked by a SIMD kernel in batches.
    # A trial's rows are made of 64-bit words, byte i card i: a player's hole cards at 0-1, the board at 2-6.
    int kernel                        # the SIMD kernel that ranks them
    int n_rows                        # rows written and not yet ranked
    int batch_rows                    # rows ranked at a time: whole trials
    uint64_t given                    # the word of the board's cards given (at 2 on), to which a trial adds its own
    uint8_t rows[SIMD_ROWS * 7 + 16]  # past the last row: a row's 8-byte write, and the kernel's reads
    uint16_t ranks[SIMD_ROWS]


cdef inline uint64_t draw_pair(uint8_t* front, uint64_t left, uint64_t x) noexcept nogil:
    """Two draws of the partial shuffle from one random number, its low half then its high half,
    from the ``left`` cards at ``front``: their row word (``hole_word``)."""
    cdef uint64_t pair = draw(front, ((x & 0xFFFFFFFFULL) * left) >> 32, 0)
    return pair | draw(front, 1 + (((x >> 32) * (left - 1)) >> 32), 1) << 8


cdef inline uint64_t hole_word(const Hole* h) noexcept nogil:
    """A hand's two cards as a row's word holds them: bytes 0 and 1."""
    return h.card[0] | <uint64_t>h.card[1] << 8


cdef inline void start_rows(TrialRows* r, int kernel, int k, const uint8_t* board_cards, int need) noexcept nogil:
    """Ready ``r`` for trials of ``k`` players on a board whose first 5 - ``need`` cards are ``board_cards``."""
    cdef uint8_t given[8]
    r.kernel = kernel
    r.n_rows = 0
    r.batch_rows = SIMD_ROWS - SIMD_ROWS % k
    memset(given, 0, sizeof(given))
    memcpy(&given[2], board_cards, 5 - need)
    memcpy(&r.given, given, 8)


cdef void rank_trial_rows(TrialRows* r, const int k, Tally* t) noexcept nogil:
    """Rank the rows written, ``k`` a trial, and count each trial's winners (the rows after them, to
    SIMD_ROWS, copy the first)."""
    cdef int i, n_rows = r.n_rows  # read before the writes, which could alias them
    for i in range(n_rows, SIMD_ROWS):
        memcpy(&r.rows[7 * i], r.rows, 7)
    simd_rows(r.kernel, r.rows, 7, r.ranks)  # never a bad row: each holds 7 cards of one deal
    for i in range(n_rows // k):
        share_board(&r.ranks[i * k], k, t)
    r.n_rows = 0


cdef inline void add_trial(TrialRows* r, const int k, const uint64_t* hole_words, uint64_t board_word,
                           Tally* t) noexcept nogil:
    """Write a trial's rows, each of the ``k`` players' ``hole_words`` with the ``board_word``, and rank a
    full batch.

    The words are built a card at a time: read as one word from bytes just written, the cards would
    wait for those writes to reach the cache (a store that cannot be forwarded to a wider load)."""
    cdef uint64_t row
    cdef uint8_t* rows = &r.rows[7 * r.n_rows]
    cdef int i, n_rows = r.n_rows + k  # read before the byte writes, which could alias them
    for i in range(k):  # a row in one 8-byte write: its last byte is the next row's first, written after it
        row = hole_words[i] | board_word
        memcpy(&rows[7 * i], &row, 8)
    r.n_rows = n_rows
    if n_rows == r.batch_rows:
        rank_trial_rows(r, k, t)


cdef inline int sample_blocks(const Sampler* players, const int k, const int* random_players, int n_random,
                              const CardState* start, const uint8_t* board_cards, uint64_t fixed, int need,
                              uint64_t seed, int64_t trials, int64_t first_block, int64_t last_block, int kernel,
                              Tally* t) noexcept nogil:
    """Deal and score the trials of blocks [first_block, last_block); -1 if the ranges cannot be dealt.

    Each player's combo is drawn from its range, all dealt again while two collide, and the board's
    few cards from the whole deck, a card already dealt drawn again. Where that would often miss
    (``sampling_setup.random_hands``), the players of ``random_players``, who hold a random hand, are dealt
    with the board instead: a partial Fisher-Yates shuffle of a deck of the cards left, the ranges'
    combos set aside at its end, deals their cards, two a player, then the board's. Trials where the
    ranges have decks (``sampling_setup.by_decks``) are ``deck_blocks``' work.

    Hands are ranked by their prime products, a batch of trials' lookups side by side, or with a
    SIMD ``kernel`` (not HR_PORTABLE) as rows of 7 cards (``TrialRows``), the board's first
    5 - ``need`` cards from ``board_cards``."""
    cdef int64_t block, trial, stop
    cdef uint64_t state, x = 0, used, held, board_bits, c, known = 0, board_word = 0
    cdef int i, j, tries, dealt = 0, n_deck, left, shift, draws = need + 2 * n_random
    cdef uint8_t deck[52]
    cdef uint8_t places[52]  # each card's places in the deck
    cdef uint8_t a, b
    cdef uint16_t ranks[BATCH * HR_MAX_PLAYERS]
    cdef uint64_t keys[BATCH * HR_MAX_PLAYERS]
    cdef const Hole* hole
    cdef Hole random_holes[HR_MAX_PLAYERS]
    cdef Hands h
    cdef CardState board
    cdef TrialRows rows
    cdef uint64_t hole_words[HR_MAX_PLAYERS]  # each player's two cards, for the rows
    h.k = k
    start_rows(&rows, kernel, k, board_cards, need)
    for i in range(n_random):
        clear_cards(&random_holes[i].cards)
        h.hole[random_players[i]] = &random_holes[i]
    for i in range(k):
        if players[i].n == 1:
            known |= players[i].holes[0].cards.bits
    for block in range(first_block, last_block):
        state = seed + <uint64_t>block * HR_BLOCK_SEED_STEP
        n_deck = 0
        for j in range(52 if n_random else 0):  # each block starts from the same deck: any thread deals it alike
            if not (fixed | known) >> j & 1:
                deck[n_deck] = j
                places[j] = n_deck
                n_deck += 1
        stop = min(trials, (block + 1) * HR_SAMPLING_BLOCK)
        trial = block * HR_SAMPLING_BLOCK
        tries = 0
        while trial < stop:
            used = fixed
            for i in range(k):
                if players[i].n == 0:  # a random hand, dealt below
                    continue
                j = 0
                if players[i].n > 1:  # a known hand takes no random number
                    j = <int>alias_draw(hr_wyrand(&state), players[i].n, players[i].keep_below, players[i].alias)
                hole = &players[i].holes[j]
                if used & hole.cards.bits:
                    break
                used |= hole.cards.bits
                h.hole[i] = hole
                if kernel != HR_PORTABLE:
                    hole_words[i] = hole_word(hole)
            else:
                board = start[0]
                board_bits = 0
                if n_random == 0:  # the board's few cards drawn from the whole deck, a card dealt drawn again
                    held = used
                    board_word = rows.given
                    shift = 8 * (7 - need)  # the byte of the next card in the board's word
                    j = 0
                    while j < need:
                        # Two draws from each random number: its low half, then its high half.
                        x = hr_wyrand(&state)
                        c = ((x & 0xFFFFFFFFULL) * 52) >> 32
                        if not used >> c & 1:
                            used |= 1ULL << c
                            if kernel == HR_PORTABLE:
                                count_card(&board, c)
                            else:
                                board_word |= c << shift
                                shift += 8
                            j += 1
                        c = ((x >> 32) * 52) >> 32
                        if j < need and not used >> c & 1:
                            used |= 1ULL << c
                            if kernel == HR_PORTABLE:
                                count_card(&board, c)
                            else:
                                board_word |= c << shift
                                shift += 8
                            j += 1
                    board_bits = used ^ held
                else:  # the random hands' cards, two a player, then the board's, from the cards left
                    left = n_deck
                    for i in range(k):
                        if players[i].n > 1:
                            left -= 1
                            take(deck, places, places[h.hole[i].card[0]], left)
                            left -= 1
                            take(deck, places, places[h.hole[i].card[1]], left)
                    # One random number for two draws, its low half then its high half; cards are set
                    # aside by their places, and written in the rows' words as they are drawn.
                    for j in range(0, 2 * n_random, 2):
                        x = hr_wyrand(&state)
                        c = take(deck, places, j + <int>(((x & 0xFFFFFFFFULL) * <uint64_t>(left - j)) >> 32), j)
                        x >>= 32
                        c |= take(deck, places, j + 1 + <int>((x * <uint64_t>(left - j - 1)) >> 32), j + 1) << 8
                        hole_words[random_players[j >> 1]] = c
                    board_word = rows.given
                    for j in range(2 * n_random, draws):
                        if j & 1 == 0:
                            x = hr_wyrand(&state)
                        else:
                            x >>= 32
                        c = take(deck, places, j + <int>(((x & 0xFFFFFFFFULL) * <uint64_t>(left - j)) >> 32), j)
                        board_word |= c << (8 * (7 - draws + j))
                    if kernel == HR_PORTABLE:
                        for i in range(n_random):  # no rank masks: flush_rank_counted finds them from the bits
                            a, b = deck[2 * i], deck[2 * i + 1]
                            random_holes[i].cards.product = INDEX_PRIME[a] * INDEX_PRIME[b]
                            random_holes[i].cards.counts = INDEX_SUIT_COUNT[a] + INDEX_SUIT_COUNT[b]
                            random_holes[i].cards.bits = (1ULL << a) | (1ULL << b)
                        for j in range(2 * n_random, draws):
                            count_card(&board, deck[j])
                            board_bits |= 1ULL << deck[j]
                trial += 1
                tries = 0
                if kernel != HR_PORTABLE:
                    add_trial(&rows, k, hole_words, board_word, t)
                    continue
                for i in range(k):  # the lookups wait: a batch of them overlaps in memory
                    ranks[dealt * k + i] = flush_rank_counted(&h.hole[i].cards, &board, board_bits)
                    keys[dealt * k + i] = board.product * h.hole[i].cards.product
                dealt += 1
                if dealt == BATCH or trial == stop:
                    rank_keys(ranks, keys, dealt * k)
                    for i in range(dealt):
                        share_board(&ranks[i * k], k, t)
                    dealt = 0
                continue
            tries += 1  # the hands collided: deal the whole trial again
            if tries > 100000:
                return -1
    if rows.n_rows:
        rank_trial_rows(&rows, k, t)
    return 0


cdef inline uint64_t deal_trial(uint8_t* front, uint64_t left, int n_random, const int* random_players, int need,
                                uint64_t given, uint64_t* hole_words, uint64_t* state) noexcept nogil:
    """A trial's random hands, two cards a player, then its board's ``need`` cards, by a partial Fisher-Yates
    shuffle of the ``left`` cards at ``front``, two draws a random number: the board's row word (on the
    ``given`` cards'), each random hand's into ``hole_words``."""
    cdef uint64_t x, board_word = given
    cdef int j, shift
    for j in range(n_random):
        hole_words[random_players[j]] = draw_pair(front, left, hr_wyrand(state))
        front += 2
        left -= 2
    for shift in range(8 * (7 - need), 48, 16):  # the byte of the next pair in the board's word
        board_word |= draw_pair(front, left, hr_wyrand(state)) << shift
        front += 2
        left -= 2
    if need & 1:
        x = hr_wyrand(state)
        board_word |= draw(front, ((x & 0xFFFFFFFFULL) * left) >> 32, 0) << 48
    return board_word


cdef void rank_dealt(const uint8_t* dealt, int n_random, const int* random_players, const Hole* const* held,
                     const int* held_players, int n_held, const CardState* start, int need, int k,
                     Tally* t) noexcept nogil:
    """Rank a trial dealt by ``deal_trial`` a lookup a hand, where no SIMD kernel ranks them, and count its
    winners: the random hands' and the board's cards at ``dealt``, and the ``held`` hands, known or a range's."""
    cdef CardState board = start[0]
    cdef uint64_t board_bits = 0
    cdef uint32_t flushes = 0, suits
    cdef uint16_t ranks[HR_MAX_PLAYERS]
    cdef uint8_t a, b
    cdef int i, j, suit
    for j in range(2 * n_random, 2 * n_random + need):
        count_card(&board, dealt[j])
        board_bits |= 1ULL << dealt[j]
    # Every hand looked up as if no flush, then the flushes, rare, found again.
    suits = board.counts + 0x3333
    for j in range(n_random):
        a, b = dealt[2 * j], dealt[2 * j + 1]
        ranks[random_players[j]] = rank_product(board.product * INDEX_PRIME[a] * INDEX_PRIME[b])
        flushes |= (suits + INDEX_SUIT_COUNT[a] + INDEX_SUIT_COUNT[b]) & 0x8888
    for j in range(n_held):
        ranks[held_players[j]] = rank_product(board.product * held[j].cards.product)
        flushes |= (suits + held[j].cards.counts) & 0x8888
    if flushes:
        for j in range(n_random):
            a, b = dealt[2 * j], dealt[2 * j + 1]
            flushes = (suits + INDEX_SUIT_COUNT[a] + INDEX_SUIT_COUNT[b]) & 0x8888
            if flushes:
                suit = flush_suit(flushes)
                ranks[random_players[j]] = flush_of_suit(suit, board.mask[suit], board_bits | (1ULL << a) | (1ULL << b))
        for j in range(n_held):
            i = held_players[j]
            ranks[i] = flush_rank_counted(&held[j].cards, &board, board_bits) or ranks[i]
    share_board(ranks, k, t)


cdef struct Deals:
    # The deals of the ranges (a combo of each), where ``deck_blocks`` draws them, and a deck for each deal.
    int n                      # players with a range: 0 for one deal, of no combo
    int players[HR_MAX_PLAYERS]
    int64_t n_deals            # one player's combos, or the deals that fit of two or more (sampling_setup.joint_deals)
    const uint64_t* keep_below  # the deals' alias tables, as Sampler's
    const int32_t* alias
    const Hole** holes         # each deal's combos, n a deal ...
    const uint64_t* words      # ... and the row words (hole_word) of its k players: its combos, the known hands
    const uint8_t* fits        # each deal: 1 if its combos miss each other, the known hands, the board, the dead
    bint known_fit             # 0 if a known hand meets another, the board or the dead, or repeats a card
    int n_left                 # the cards each deal leaves ...
    const uint8_t* decks       # ... in order, 52 bytes a deal ...
    uint8_t* shuffled          # ... and a thread's copy, shuffled by its trials ...
    int64_t* copied            # ... copied afresh by the first trial of each block that draws the deal


cdef inline int held_hands(const Sampler* players, int k, const Hole** held, int* held_players) noexcept nogil:
    """The known hands into ``held`` and ``held_players``: their number."""
    cdef int i, n_known = 0
    for i in range(k):
        if players[i].n == 1:
            held[n_known] = &players[i].holes[0]
            held_players[n_known] = i
            n_known += 1
    return n_known


# The shapes of trial that ``deck_blocks`` is compiled apart for, its loops over players and cards unrolled,
# all preflop: two or three players, by the number of random hands among them; four to six (a short-handed
# table), all random or one not (a known hand or a range) against the rest; else any shape.
cdef struct AnyShape:
    char unused
cdef struct TwoPlayersNoneRandom:
    char unused
cdef struct TwoPlayersOneRandom:
    char unused
cdef struct TwoPlayersTwoRandom:
    char unused
cdef struct ThreePlayersNoneRandom:
    char unused
cdef struct ThreePlayersOneRandom:
    char unused
cdef struct ThreePlayersTwoRandom:
    char unused
cdef struct ThreePlayersThreeRandom:
    char unused
cdef struct FourPlayersThreeRandom:
    char unused
cdef struct FourPlayersFourRandom:
    char unused
cdef struct FivePlayersFourRandom:
    char unused
cdef struct FivePlayersFiveRandom:
    char unused
cdef struct SixPlayersFiveRandom:
    char unused
cdef struct SixPlayersSixRandom:
    char unused

ctypedef fused Shape:
    AnyShape
    TwoPlayersNoneRandom
    TwoPlayersOneRandom
    TwoPlayersTwoRandom
    ThreePlayersNoneRandom
    ThreePlayersOneRandom
    ThreePlayersTwoRandom
    ThreePlayersThreeRandom
    FourPlayersThreeRandom
    FourPlayersFourRandom
    FivePlayersFourRandom
    FivePlayersFiveRandom
    SixPlayersFiveRandom
    SixPlayersSixRandom


cdef int deck_blocks(const Shape* shape, const Sampler* players, int k, const Deals* deals,
                     const int* random_players, int n_random, const CardState* start, const uint8_t* board_cards,
                     int need, uint64_t seed, int64_t trials, int64_t first_block, int64_t last_block, int kernel,
                     Tally* t) noexcept nogil:
    """``sample_blocks`` where the ranges have decks (``deals``; each player with a range, a known hand
    or a random one): each trial draws the deal of the ranges first, one random number, again while
    it does not fit, then deals the random hands and the board from the deck of the cards that deal
    leaves (``deal_trial``), so that no card is drawn again and none is set aside. -1 if nothing
    fits, the known hands included. Ranked as ``sample_blocks`` ranks its trials (``kernel``,
    ``board_cards``), but each hand looked up apart where no SIMD kernel ranks them
    (``rank_dealt``). The type of ``shape`` (NULL) picks the compiled copy: ``shaped_deck_blocks``."""
    cdef int64_t block, trial, deal = 0
    cdef uint64_t state, board_word
    cdef int i, tries, n_held, n_left = deals.n_left, n_ranges = deals.n
    cdef int dealt_to[HR_MAX_PLAYERS]  # random_players: locals, which the deck's byte writes cannot alias
    cdef uint64_t given
    cdef const uint64_t* words = deals.words
    cdef uint8_t* shuffled = deals.shuffled
    cdef int64_t* copied = deals.copied
    cdef int held_players[HR_MAX_PLAYERS]
    cdef const Hole* held[HR_MAX_PLAYERS]  # the known hands, then the deal's combos
    cdef uint8_t* front
    cdef uint64_t hole_words[HR_MAX_PLAYERS]
    cdef TrialRows rows
    if Shape is TwoPlayersNoneRandom:  # constants, by which the compiler unrolls a trial's loops
        k, n_random, need = 2, 0, 5
    elif Shape is TwoPlayersOneRandom:
        k, n_random, need = 2, 1, 5
    elif Shape is TwoPlayersTwoRandom:
        k, n_random, need = 2, 2, 5
    elif Shape is ThreePlayersNoneRandom:
        k, n_random, need = 3, 0, 5
    elif Shape is ThreePlayersOneRandom:
        k, n_random, need = 3, 1, 5
    elif Shape is ThreePlayersTwoRandom:
        k, n_random, need = 3, 2, 5
    elif Shape is ThreePlayersThreeRandom:
        k, n_random, need = 3, 3, 5
    elif Shape is FourPlayersThreeRandom:
        k, n_random, need = 4, 3, 5
    elif Shape is FourPlayersFourRandom:
        k, n_random, need = 4, 4, 5
    elif Shape is FivePlayersFourRandom:
        k, n_random, need = 5, 4, 5
    elif Shape is FivePlayersFiveRandom:
        k, n_random, need = 5, 5, 5
    elif Shape is SixPlayersFiveRandom:
        k, n_random, need = 6, 5, 5
    elif Shape is SixPlayersSixRandom:
        k, n_random, need = 6, 6, 5
    if not deals.known_fit:
        return -1
    n_held = held_hands(players, k, held, held_players)
    for i in range(deals.n):
        held_players[n_held + i] = deals.players[i]
    for i in range(n_random):
        dealt_to[i] = random_players[i]
    for i in range(k):  # the first deal's words: with no range, every trial's but the random hands'
        hole_words[i] = words[i]
    start_rows(&rows, kernel, k, board_cards, need)
    given = rows.given
    for block in range(first_block, last_block):
        state = seed + <uint64_t>block * HR_BLOCK_SEED_STEP
        front = shuffled
        if not n_ranges:  # one deal, and no random number for it
            memcpy(front, deals.decks, 52)
        for trial in range(block * HR_SAMPLING_BLOCK, min(trials, (block + 1) * HR_SAMPLING_BLOCK)):
            if n_ranges:
                tries = 0
                while True:
                    deal = alias_draw(hr_wyrand(&state), deals.n_deals, deals.keep_below, deals.alias)
                    if deals.fits[deal]:
                        break
                    tries += 1
                    if tries > 100000:
                        return -1
                for i in range(k):
                    hole_words[i] = words[k * deal + i]
                front = &shuffled[52 * deal]
                if copied[deal] != block:  # each block starts from the same decks: any thread deals it alike
                    memcpy(front, &deals.decks[52 * deal], 52)
                    copied[deal] = block
            board_word = deal_trial(front, n_left, n_random, dealt_to, need, given, hole_words, &state)
            if kernel != HR_PORTABLE:
                add_trial(&rows, k, hole_words, board_word, t)
            else:
                for i in range(deals.n):
                    held[n_held + i] = deals.holes[deals.n * deal + i]
                rank_dealt(front, n_random, dealt_to, held, held_players, n_held + deals.n, start, need, k, t)
    if rows.n_rows:
        rank_trial_rows(&rows, k, t)
    return 0


cdef int shaped_deck_blocks(const Sampler* players, int k, const Deals* deals, const int* random_players,
                            int n_random, const CardState* start, const uint8_t* board_cards, int need,
                            uint64_t seed, int64_t trials, int64_t first_block, int64_t last_block, int kernel,
                            Tally* t) noexcept nogil:
    """``deck_blocks``, the copy compiled for the trial's shape (``Shape``)."""
    if need == 5 and k == 2 and n_random == 0:
        return deck_blocks(<TwoPlayersNoneRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 2 and n_random == 1:
        return deck_blocks(<TwoPlayersOneRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 2 and n_random == 2:
        return deck_blocks(<TwoPlayersTwoRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 3 and n_random == 0:
        return deck_blocks(<ThreePlayersNoneRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 3 and n_random == 1:
        return deck_blocks(<ThreePlayersOneRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 3 and n_random == 2:
        return deck_blocks(<ThreePlayersTwoRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 3 and n_random == 3:
        return deck_blocks(<ThreePlayersThreeRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 4 and n_random == 3:
        return deck_blocks(<FourPlayersThreeRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 4 and n_random == 4:
        return deck_blocks(<FourPlayersFourRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 5 and n_random == 4:
        return deck_blocks(<FivePlayersFourRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 5 and n_random == 5:
        return deck_blocks(<FivePlayersFiveRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 6 and n_random == 5:
        return deck_blocks(<SixPlayersFiveRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    if need == 5 and k == 6 and n_random == 6:
        return deck_blocks(<SixPlayersSixRandom*>NULL, players, k, deals, random_players, n_random, start,
                           board_cards, need, seed, trials, first_block, last_block, kernel, t)
    return deck_blocks(<AnyShape*>NULL, players, k, deals, random_players, n_random, start, board_cards, need,
                       seed, trials, first_block, last_block, kernel, t)


cdef uint64_t* keep_below_of(const double[::1] prob, Py_ssize_t n) except NULL:
    """Alias tables' keep probabilities as Sampler's thresholds; the caller frees them."""
    cdef uint64_t* keep_below = <uint64_t*>PyMem_Malloc(n * sizeof(uint64_t))
    cdef Py_ssize_t j
    cdef double p
    if not keep_below:
        raise MemoryError()
    for j in range(n):
        # u / 2**32 >= p exactly when u >= ceil(p * 2**32), for a 32-bit u: the same test, in integers.
        p = prob[j]
        keep_below[j] = 0 if p <= 0 else <uint64_t>ceil(p * 4294967296.0) if p <= 1 else 1ULL << 32
    return keep_below


cdef class _SampleJob(_KernelJob):
    """One Monte Carlo run, split by blocks of trials so that threads can share it."""
    cdef object keep  # the alias tables the samplers point into
    cdef Sampler players[HR_MAX_PLAYERS]
    cdef int random_players[HR_MAX_PLAYERS]
    cdef int n_random
    cdef Hole* holes[HR_MAX_PLAYERS]          # owned: each player's combos, ready to score
    cdef uint64_t* keep_below[HR_MAX_PLAYERS]  # owned: the alias thresholds
    cdef bint by_decks                        # sampling_setup.by_decks: the ranges' deals have decks ...
    cdef Deals deals                          # ... their players, tables and decks (owned), not a thread's copies
    cdef int k, need, kernel
    cdef CardState start
    cdef uint8_t board[5]  # the board's card indices given
    cdef uint64_t fixed, seed
    cdef int64_t trials

    def __dealloc__(self):
        cdef int i
        for i in range(HR_MAX_PLAYERS):
            PyMem_Free(self.holes[i])
            PyMem_Free(self.keep_below[i])
        if self.deals.n > 1:  # one range's tables are its player's
            PyMem_Free(<void*>self.deals.keep_below)
        PyMem_Free(<void*>self.deals.holes)
        PyMem_Free(<void*>self.deals.words)
        PyMem_Free(<void*>self.deals.fits)
        PyMem_Free(<void*>self.deals.decks)

    cdef int deal_decks(self, joint) except -1:
        """The deals: none, one range's combos, else the ``joint`` deals (``sampling_setup.joint_deals``);
        for each, its combos, whether they miss each other and the cards taken (the known hands', the
        board's, the dead), the players' row words and the cards they all leave."""
        cdef Deals* r = &self.deals
        cdef const Sampler* p
        cdef int i, c, m, j, k = self.k
        cdef int64_t deal
        cdef uint64_t taken = self.fixed, used, bits
        cdef uint64_t known_words[HR_MAX_PLAYERS]
        cdef uint8_t* fits
        cdef uint8_t* decks
        cdef const Hole** holes
        cdef uint64_t* words
        cdef const int32_t[::1] alias
        r.known_fit = True
        for i in range(k):
            known_words[i] = 0
            if self.players[i].n == 1:
                r.known_fit = r.known_fit and not taken & self.holes[i][0].cards.bits  # OFF_DECK: a repeated card
                taken |= self.holes[i][0].cards.bits
                known_words[i] = hole_word(&self.holes[i][0])
        if r.n == 0:
            r.n_deals = 1
        elif joint is None:
            r.n_deals = self.players[r.players[0]].n
            r.keep_below = self.players[r.players[0]].keep_below
            r.alias = self.players[r.players[0]].alias
        else:
            flat, prob, alias_list = joint
            alias = array("i", alias_list)
            self.keep.append(alias)
            r.n_deals = len(prob)
            if not 0 < r.n_deals == alias.shape[0] or len(flat) != r.n * r.n_deals:
                raise ValueError(f"expected n > 0 deals: {r.n} combos each, and alias tables of n")
            for j in range(r.n_deals):
                if not 0 <= alias[j] < r.n_deals:
                    raise ValueError(f"deal alias table entry {alias[j]} out of range")
            r.keep_below = keep_below_of(array("d", prob), r.n_deals)
            r.alias = &alias[0]
        holes = <const Hole**>PyMem_Malloc((r.n * r.n_deals or 1) * sizeof(Hole*))
        words = <uint64_t*>PyMem_Malloc(k * r.n_deals * sizeof(uint64_t))
        fits = <uint8_t*>PyMem_Malloc(r.n_deals)
        decks = <uint8_t*>PyMem_Malloc(52 * r.n_deals)
        r.holes = holes
        r.words = words
        r.fits = fits
        r.decks = decks
        if not (holes and words and fits and decks):
            raise MemoryError()
        memset(decks, 0, 52 * r.n_deals)
        r.n_left = 0
        for c in range(52):
            r.n_left += not taken >> c & 1
        r.n_left -= 2 * r.n
        for deal in range(r.n_deals):
            used = taken
            fits[deal] = 1
            memcpy(&words[k * deal], known_words, k * sizeof(uint64_t))
            for i in range(r.n):
                p = &self.players[r.players[i]]
                j = deal if joint is None else flat[r.n * deal + i]
                if not 0 <= j < p.n:
                    raise ValueError(f"deal {deal}: combo {j} out of range")
                holes[r.n * deal + i] = &p.holes[j]
                words[k * deal + r.players[i]] = hole_word(&p.holes[j])
                bits = p.holes[j].cards.bits
                fits[deal] &= not (used & bits)
                used |= bits
            m = 0
            for c in range(52):
                if not used >> c & 1:
                    decks[52 * deal + m] = c
                    m += 1
        return 0

    def run(self, int64_t lo, int64_t hi):
        cdef Tally t
        cdef int status = 0
        cdef int64_t first, last, deal
        cdef Deals deals = self.deals  # the decks shared, the shuffled copies this thread's
        memset_tally(&t)
        deals.shuffled = NULL
        deals.copied = NULL
        try:
            if self.by_decks:
                deals.shuffled = <uint8_t*>PyMem_Malloc(52 * deals.n_deals)
                deals.copied = <int64_t*>PyMem_Malloc(deals.n_deals * sizeof(int64_t))
                if not (deals.shuffled and deals.copied):
                    raise MemoryError()
                for deal in range(deals.n_deals):
                    deals.copied[deal] = -1
            first = lo
            while first < hi and status == 0:
                last = min(hi, first + 256)  # a few ms of trials between looks for Ctrl-C
                with nogil:
                    if self.by_decks:
                        status = shaped_deck_blocks(self.players, self.k, &deals, self.random_players, self.n_random,
                                                    &self.start, self.board, self.need, self.seed, self.trials,
                                                    first, last, self.kernel, &t)
                    elif self.n_random:
                        status = sample_blocks(self.players, self.k, self.random_players, self.n_random,
                                               &self.start, self.board, self.fixed, self.need, self.seed,
                                               self.trials, first, last, self.kernel, &t)
                    elif self.k == 2:  # heads-up ranges: a lookup a hand is as fast as the rows, and unrolls
                        status = sample_blocks(self.players, 2, self.random_players, 0, &self.start, self.board,
                                               self.fixed, self.need, self.seed, self.trials, first, last,
                                               HR_PORTABLE, &t)
                    else:
                        status = sample_blocks(self.players, self.k, self.random_players, 0, &self.start,
                                               self.board, self.fixed, self.need, self.seed, self.trials, first,
                                               last, self.kernel, &t)
                if signals_raised() < 0:
                    propagate_error()
                if self.stop:
                    raise KeyboardInterrupt  # seen by another thread
                first = last
        finally:
            PyMem_Free(deals.shuffled)
            PyMem_Free(deals.copied)
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
    players, board, dead, from_deck, by_decks = sampling_setup.sampling_args(players, board, dead, trials)
    cdef int k = len(players), i, j, n
    cdef const uint8_t[::1] combos
    cdef const double[::1] prob
    cdef const int32_t[::1] alias
    cdef double p
    cdef uint64_t taken
    cdef int left
    cdef _SampleJob job = _SampleJob()
    if k > HR_MAX_PLAYERS:
        raise ValueError(f"expected at most {HR_MAX_PLAYERS} players, got {k}")
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
        job.keep_below[i] = keep_below_of(prob, n)
        job.players[i].n = 0 if from_deck[i] else n
        if n > 1 and not from_deck[i]:
            job.deals.players[job.deals.n] = i
            job.deals.n += 1
        if from_deck[i]:
            job.random_players[job.n_random] = i
            job.n_random += 1
        job.players[i].holes = job.holes[i]
        job.players[i].keep_below = job.keep_below[i]
        job.players[i].alias = &alias[0]
        job.keep.append(alias)
    job.start = start_board(board)
    for i, c in enumerate(board):
        job.board[i] = c
    job.kernel = kernel_for_a_call()
    job.fixed = fixed_cards(board, dead)
    job.need = 5 - len(board)
    job.by_decks = by_decks
    if by_decks:
        deals = 1
        for i in range(job.deals.n):
            deals *= job.players[job.deals.players[i]].n
        if deals > sampling_setup.DECKS:  # what sampling_setup.by_decks promises: a bound on the memory
            raise ValueError(f"{deals} deals of the ranges, more than {sampling_setup.DECKS} decks")
        job.deal_decks(sampling_setup.joint_deals(players, from_deck, board, dead))
    if job.n_random:  # the shuffle draws from the cards left: never more than there are
        taken = job.fixed
        left = 0
        for i in range(k):
            if job.players[i].n == 1:
                taken |= job.holes[i][0].cards.bits
            left -= 2 * (job.players[i].n > 1)
        for j in range(52):
            left += not taken >> j & 1
        if left < job.need + 2 * job.n_random:
            raise ValueError("too few cards left for the random hands and the board")
    job.seed = <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF)
    job.trials = trials
    blocks = -(-trials // HR_SAMPLING_BLOCK)
    bounds = threads_module.even_bounds(blocks, threads_module.threads_for(threads, blocks * 64))
    return kernels.showdowns(job.run_parts(bounds), k)
