"""Push or fold at a table over a sample of deals: the seeded deals, and regret matching (CFR+) over
the game tree, every deal a pass. Pairs with ``_eval_py/table_push_fold.py``: the same sums in the
same order."""

from cpython.mem cimport PyMem_RawCalloc, PyMem_RawFree
from libc.string cimport memcmp

cdef object table_setup = PyImport_ImportModule("handrank._kernels.table_push_fold")  # its checks

cdef enum:
    TABLE_CLASSES = 169
    TABLE_CHECK_EVERY = 10  # as CHECK_EVERY of the pure kernel


def table_deals(players, count, boards=1, seed=0):
    """``count`` deals of ``players`` hands and ``boards`` boards each: the card indices of a deal
    (each player's two, then each board's five) and each player's rank on each board (a deal's
    boards in turn). One deck, shuffled in part, one random number a card: a deal's hands, then
    each of its boards from the cards the hands left."""
    checked_players, checked_count, checked_boards, checked_seed = table_setup.deals_args(players, count, boards, seed)
    cdef int n = checked_players, nb = checked_boards, b, t, j, i, first, last
    cdef Py_ssize_t d, total = checked_count, need = 2 * n + 5 * nb, at
    cdef uint64_t state = checked_seed, x
    cdef uint8_t deck[52]
    cdef uint8_t swapped
    cdef uint64_t v[7]
    cards = bytearray(total * need)
    ranks = array("H", bytes(2 * total * n * nb))
    cdef unsigned char[::1] card_view = cards
    cdef uint16_t[::1] rank_view = ranks
    with nogil:
        for t in range(52):
            deck[t] = t
        for d in range(total):
            for b in range(-1, nb):
                first = 0 if b < 0 else 2 * n
                last = 2 * n if b < 0 else 2 * n + 5
                for t in range(first, last):
                    x = hr_wyrand(&state)
                    j = t + <int>(((x & 0xFFFFFFFFULL) * <uint64_t>(52 - t)) >> 32)
                    swapped = deck[t]
                    deck[t] = deck[j]
                    deck[j] = swapped
                at = d * need + (0 if b < 0 else 2 * n + 5 * b)
                for t in range(first, last):
                    card_view[at + t - first] = deck[t]
                if b >= 0:
                    for t in range(5):
                        v[2 + t] = deck[2 * n + t]
                    for i in range(n):
                        v[0] = deck[2 * i]
                        v[1] = deck[2 * i + 1]
                        rank_view[(d * nb + b) * n + i] = rank_indices(v, 7)
    return bytes(cards), ranks


cdef struct Table:
    int n, boards
    const int* actor
    const int* push_child
    const int* fold_child
    const int* live
    const double* paid
    const double* stacks
    double scale
    const int* order  # the pots in pieces (pot_pieces): the seats contesting, least put in first
    const double* pieces
    const double* payouts  # NULL: the game counts chips
    bint weitzman
    # The prizes of each set of stacks after a hand, kept as found: open addressing, doubled when half full.
    Py_ssize_t capacity, used
    double* keys
    double* values
    uint8_t* filled
    double* reach  # 2**n, the chip model's
    double* chips
    double* top_prizes
    double* top
    # Each terminal's values in the deal being walked (seen[t] == deal), found once for every seat.
    Py_ssize_t deal
    Py_ssize_t* seen
    double* values_at
    double* scratch  # 4n numbers


cdef uint64_t stacks_hash(const double* key, int n) noexcept nogil:
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL, bits
    cdef int j
    for j in range(n):
        memcpy(&bits, &key[j], 8)
        h = (h ^ bits) * 0x100000001B3ULL
        h ^= h >> 29
    return h


cdef int grow(Table* g) noexcept nogil:
    """Double the prizes' table; -1 when there is no memory."""
    cdef Py_ssize_t capacity = g.capacity * 2, k, slot
    cdef int n = g.n
    cdef double* keys = <double*>PyMem_RawCalloc(capacity * n, sizeof(double))
    cdef double* values = <double*>PyMem_RawCalloc(capacity * n, sizeof(double))
    cdef uint8_t* filled = <uint8_t*>PyMem_RawCalloc(capacity, 1)
    if keys == NULL or values == NULL or filled == NULL:
        PyMem_RawFree(keys)
        PyMem_RawFree(values)
        PyMem_RawFree(filled)
        return -1
    for k in range(g.capacity):
        if g.filled[k]:
            slot = <Py_ssize_t>(stacks_hash(&g.keys[k * n], n) & <uint64_t>(capacity - 1))
            while filled[slot]:
                slot = (slot + 1) & (capacity - 1)
            filled[slot] = 1
            memcpy(&keys[slot * n], &g.keys[k * n], n * sizeof(double))
            memcpy(&values[slot * n], &g.values[k * n], n * sizeof(double))
    PyMem_RawFree(g.keys)
    PyMem_RawFree(g.values)
    PyMem_RawFree(g.filled)
    g.keys, g.values, g.filled, g.capacity = keys, values, filled, capacity
    return 0


cdef int prizes_after(Table* g, const double* final, double* out) noexcept nogil:
    """The chip model of the stacks after a hand, seats with no chips sharing the bottom places."""
    cdef int n = g.n, j, k = 0, paid = 0
    cdef Py_ssize_t slot = <Py_ssize_t>(stacks_hash(final, n) & <uint64_t>(g.capacity - 1))
    cdef double rest = 0.0
    while g.filled[slot]:
        if memcmp(&g.keys[slot * n], final, n * sizeof(double)) == 0:
            memcpy(out, &g.values[slot * n], n * sizeof(double))
            return 0
        slot = (slot + 1) & (g.capacity - 1)
    for j in range(n):
        if final[j] > 0.0:
            g.chips[k] = final[j]
            g.top_prizes[k] = g.payouts[k]
            g.top[k] = 0.0
            k += 1
    for j in range(k):
        if g.top_prizes[j] > 0:
            paid = j + 1
    memset(g.reach, 0, (<size_t>1 << k) * sizeof(double))
    if g.weitzman:
        weitzman_values(k, g.chips, g.top_prizes, g.reach, g.top)
    else:
        harville_values(k, g.chips, g.top_prizes, paid, g.reach, g.top)
    for j in range(k, n):
        rest += g.payouts[j]
    k = 0
    for j in range(n):
        if final[j] > 0.0:
            out[j] = g.top[k]
            k += 1
    for j in range(n):
        if final[j] <= 0.0:
            out[j] = rest / (n - k)
    if 2 * (g.used + 1) > g.capacity:
        if grow(g) < 0:
            return -1
        slot = <Py_ssize_t>(stacks_hash(final, n) & <uint64_t>(g.capacity - 1))
        while g.filled[slot]:
            slot = (slot + 1) & (g.capacity - 1)
    g.filled[slot] = 1
    memcpy(&g.keys[slot * n], final, n * sizeof(double))
    memcpy(&g.values[slot * n], out, n * sizeof(double))
    g.used += 1
    return 0


cdef void share_pieces(const Table* g, int t, const uint16_t* rank, double* won) noexcept nogil:
    """Add to ``won`` each piece of terminal t's pot (``pot_pieces``) on one board: to the best hand
    among the seats that contest it, shared on a tie."""
    cdef int i, k, count, first = t * g.n, last = t * g.n
    cdef const int* order = g.order
    cdef double share
    cdef uint32_t best, r
    while last < first + g.n and order[last] >= 0:
        last += 1
    for i in range(first, last):
        if g.pieces[i] > 0.0:
            best = 1 << 16
            count = 0
            for k in range(i, last):
                r = rank[order[k]]
                if r < best:
                    best = r
                    count = 1
                elif r == best:
                    count += 1
            share = g.pieces[i] / count
            for k in range(i, last):
                if rank[order[k]] == best:
                    won[order[k]] += share


cdef int utility(Table* g, int t, const uint16_t* rank, double* out, double* scratch) noexcept nogil:
    """Each seat's value at terminal t, the mean over the deal's boards; with one seat in, no board
    matters. In chips the pots won are summed over the boards first; prizes are found board by board."""
    cdef int n = g.n, b, j
    cdef int used = g.boards if g.live[t] & (g.live[t] - 1) else 1
    cdef double* won = scratch
    cdef double* money = scratch + n
    cdef const double* paid = g.paid + t * n
    if g.payouts == NULL:
        for j in range(n):
            won[j] = 0.0
        for b in range(used):
            share_pieces(g, t, rank + b * n, won)
        for j in range(n):
            out[j] = (won[j] / used - paid[j]) * g.scale
        return 0
    for j in range(n):
        out[j] = 0.0
    for b in range(used):
        for j in range(n):
            won[j] = 0.0
        share_pieces(g, t, rank + b * n, won)
        for j in range(n):
            won[j] = g.stacks[j] - paid[j] + won[j]  # the stacks after the hand
        if prizes_after(g, won, money) < 0:
            return -1
        for j in range(n):
            out[j] += money[j]
    for j in range(n):
        out[j] = out[j] / used
    return 0


cdef int walk(Table* g, int node, int me, double others, const uint8_t* hand, const uint16_t* rank,
              const double* strategy, double* pushed, double* folded, double* scratch, double* value) noexcept nogil:
    """Seat ``me``'s value from ``node`` on in one deal, ``others`` the chance the other seats play to
    it; at me's node, both actions are walked and their counterfactual values added to ``pushed``
    and ``folded``. Another seat's actions are walked as it plays them. ``scratch``: 4n numbers."""
    cdef int i, at
    cdef double s, push = 0.0, fold = 0.0
    if node < 0:
        if g.seen[~node] != g.deal:  # the deal's values at a terminal, found once for every seat
            if utility(g, ~node, rank, &g.values_at[~node * g.n], scratch) < 0:
                return -1
            g.seen[~node] = g.deal
        value[0] = g.values_at[~node * g.n + me]
        return 0
    i = g.actor[node]
    at = node * TABLE_CLASSES + hand[i]
    s = strategy[at]
    if i == me:
        if walk(g, g.push_child[node], me, others, hand, rank, strategy, pushed, folded, scratch, &push) < 0:
            return -1
        if walk(g, g.fold_child[node], me, others, hand, rank, strategy, pushed, folded, scratch, &fold) < 0:
            return -1
        pushed[at] += others * push
        folded[at] += others * fold
        value[0] = s * push + (1.0 - s) * fold
        return 0
    value[0] = 0.0
    if s > 0.0:
        if walk(g, g.push_child[node], me, others * s, hand, rank, strategy, pushed, folded, scratch, &push) < 0:
            return -1
        value[0] += s * push
    if s < 1.0:
        if walk(g, g.fold_child[node], me, others * (1.0 - s), hand, rank, strategy, pushed, folded, scratch,
                &fold) < 0:
            return -1
        value[0] += (1.0 - s) * fold
    return 0


cdef int action_values(Table* g, Py_ssize_t first, Py_ssize_t last, const uint8_t* hands,
                       const uint16_t* ranks, const double* strategy, double* pushed, double* folded,
                       Py_ssize_t size) noexcept nogil:
    """Each node and class's counterfactual values of its two actions, summed over deals ``first`` to
    ``last``, each deal walked once for each seat."""
    cdef int me
    cdef Py_ssize_t d
    cdef double value
    memset(pushed, 0, size * sizeof(double))
    memset(folded, 0, size * sizeof(double))
    for d in range(first, last):
        g.deal = d + 1
        for me in range(g.n):
            if walk(g, 0, me, 1.0, hands + d * g.n, ranks + d * g.n * g.boards, strategy, pushed, folded,
                    g.scratch, &value) < 0:
                return -1
    return 0


cdef int own_tables(Table* g, int terminals) noexcept nogil:
    """Give ``g`` its own scratch, terminal values and chip model table (a thread's); -1 when there is no memory."""
    cdef int n = g.n
    g.scratch = <double*>PyMem_RawCalloc(4 * n, sizeof(double))
    g.seen = <Py_ssize_t*>PyMem_RawCalloc(terminals, sizeof(Py_ssize_t))
    g.values_at = <double*>PyMem_RawCalloc(<size_t>terminals * n, sizeof(double))
    if g.scratch == NULL or g.seen == NULL or g.values_at == NULL:
        return -1
    if g.payouts == NULL:
        return 0
    g.capacity = 1024
    g.keys = <double*>PyMem_RawCalloc(g.capacity * n, sizeof(double))
    g.values = <double*>PyMem_RawCalloc(g.capacity * n, sizeof(double))
    g.filled = <uint8_t*>PyMem_RawCalloc(g.capacity, 1)
    g.reach = <double*>PyMem_RawCalloc(<size_t>1 << n, sizeof(double))
    g.chips = <double*>PyMem_RawCalloc(3 * n, sizeof(double))
    g.top_prizes = g.chips + n
    g.top = g.chips + 2 * n
    return -1 if g.keys == NULL or g.values == NULL or g.filled == NULL or g.reach == NULL or g.chips == NULL else 0


cdef void free_tables(Table* g) noexcept nogil:
    PyMem_RawFree(g.scratch)
    PyMem_RawFree(g.seen)
    PyMem_RawFree(g.values_at)
    PyMem_RawFree(g.keys)
    PyMem_RawFree(g.values)
    PyMem_RawFree(g.filled)
    PyMem_RawFree(g.reach)
    PyMem_RawFree(g.chips)


cdef class _TableSweep:
    """A table game's deals in parts, each part's sums of its own, and a ``Table`` for each thread
    (its scratch and chip model table), kept across the sweeps."""
    cdef Table* tables
    cdef int threads
    cdef dict table_of  # a thread's first part -> its table
    cdef uint8_t* hands
    cdef const uint16_t* ranks
    cdef object keep  # the ranks' buffer, held while the sweep reads it
    cdef Py_ssize_t* starts
    cdef int parts
    cdef Py_ssize_t size
    cdef double* sums  # parts x 2 x size: each part's pushed, then folded
    cdef const double* strategy

    def __dealloc__(self):
        cdef int k
        if self.tables != NULL:
            for k in range(self.threads):
                free_tables(&self.tables[k])
        PyMem_Free(self.tables)
        PyMem_Free(self.hands)
        PyMem_Free(self.starts)
        PyMem_Free(self.sums)

    def part_values(self, int first, int last):
        """Parts ``first`` to ``last``, the GIL released, on the table of the thread that has them."""
        cdef Table* g = &self.tables[<int>self.table_of[first]]
        cdef int part, failed = 0
        with nogil:
            for part in range(first, last):
                failed = action_values(g, self.starts[part], self.starts[part + 1], self.hands, self.ranks,
                                       self.strategy, &self.sums[2 * part * self.size],
                                       &self.sums[(2 * part + 1) * self.size], self.size)
                if failed < 0:
                    break
        if failed < 0:
            raise MemoryError("no memory for the chip model's table")

    cdef void add_parts(self, double* pushed, double* folded) noexcept nogil:
        """The parts' sums added in order."""
        cdef Py_ssize_t at
        cdef int part
        memset(pushed, 0, self.size * sizeof(double))
        memset(folded, 0, self.size * sizeof(double))
        for part in range(self.parts):
            for at in range(self.size):
                pushed[at] += self.sums[2 * part * self.size + at]
                folded[at] += self.sums[(2 * part + 1) * self.size + at]


cdef void regret_sweep(Py_ssize_t size, double weight, double* strategy, double* strategy_sum, double* push_regret,
                       double* fold_regret, const double* pushed, const double* folded) noexcept nogil:
    """CFR+'s step: the strategy added to its sum, each action's regret floored at zero, the next
    strategy in proportion to them."""
    cdef Py_ssize_t at
    cdef double s, now, r, both
    for at in range(size):
        s = strategy[at]
        now = s * pushed[at] + (1.0 - s) * folded[at]
        strategy_sum[at] += weight * s
        r = push_regret[at] + (pushed[at] - now)
        push_regret[at] = r if r > 0.0 else 0.0
        r = fold_regret[at] + (folded[at] - now)
        fold_regret[at] = r if r > 0.0 else 0.0
        both = push_regret[at] + fold_regret[at]
        strategy[at] = push_regret[at] / both if both > 0.0 else 0.5


cdef double best_response_gains(const int* actor, int n, Py_ssize_t size, Py_ssize_t count, const double* strategy,
                                const double* pushed, const double* folded, double* seat_gains) noexcept nogil:
    """What each seat would gain a deal by its best response (the better action at each of its
    nodes and classes: a seat acts once at most in a hand), and their sum."""
    cdef Py_ssize_t at
    cdef int i
    cdef double s, now, total = 0.0
    for i in range(n):
        seat_gains[i] = 0.0
    for at in range(size):
        i = actor[at // TABLE_CLASSES]
        s = strategy[at]
        now = s * pushed[at] + (1.0 - s) * folded[at]
        seat_gains[i] += (pushed[at] if pushed[at] > folded[at] else folded[at]) - now
    for i in range(n):
        seat_gains[i] = seat_gains[i] / count
        total += seat_gains[i]
    return total


def table_push_fold_solve(game, cards, ranks, iterations=200, tolerance=0.0, threads=None):
    """An equilibrium of a push-or-fold game at a table over the given deals, by regret matching
    (CFR+, every seat at once, averages weighted by the iteration's square). The deals run in parts
    (``deal_parts``), each with sums of its own added in order: on ``threads`` threads, whole parts
    each, the same answer. Returns the average strategy (how often each node's seat pushes or
    calls, 169 classes a node), what each seat would gain a deal by its best response to it, and
    the iterations run (a multiple of ten, or ``iterations``)."""
    checked_count, checked_boards, checked_iterations, checked_tolerance, order, pieces = table_setup.game_args(
        game, cards, ranks, iterations, tolerance
    )
    cdef int n = game.players, nodes = len(game.actor), terminals = len(game.live), i, k
    cdef int rounds = checked_iterations
    cdef double limit = checked_tolerance
    cdef Py_ssize_t count = checked_count, d, need = 2 * n + 5 * <Py_ssize_t>checked_boards
    cdef Py_ssize_t size = <Py_ssize_t>nodes * TABLE_CLASSES
    cdef const int[::1] actor = game.actor
    cdef const int[::1] push_child = game.push_child
    cdef const int[::1] fold_child = game.fold_child
    cdef const int[::1] live = game.live
    cdef const double[::1] paid = game.paid
    cdef const double[::1] stacks = game.stacks
    cdef const double[::1] payouts = game.payouts
    cdef const unsigned char[::1] class_of = game.class_of
    cdef const int[::1] order_view = order
    cdef const double[::1] piece_view = pieces
    cdef const unsigned char[::1] card_view = cards
    cdef const uint16_t[::1] rank_view = ranks
    starts = table_setup.deal_parts(count, size)
    bounds = threads_module.even_bounds(len(starts) - 1, threads_module.threads_for(threads, count * n))
    cdef _TableSweep sweep = _TableSweep()
    cdef Table g
    memset(&g, 0, sizeof(Table))
    g.n, g.boards = n, checked_boards
    g.actor, g.push_child, g.fold_child, g.live = &actor[0], &push_child[0], &fold_child[0], &live[0]
    g.paid, g.stacks, g.scale = &paid[0], &stacks[0], game.scale
    g.order, g.pieces = &order_view[0], &piece_view[0]
    g.weitzman = game.weitzman
    g.payouts = &payouts[0] if payouts.shape[0] else NULL
    sweep.threads, sweep.parts, sweep.size = len(bounds), len(starts) - 1, size
    sweep.table_of = {first: k for k, (first, _) in enumerate(bounds)}
    sweep.tables = <Table*>zeroed(sweep.threads * sizeof(Table))
    sweep.hands = <uint8_t*>PyMem_Malloc(count * n)
    sweep.starts = <Py_ssize_t*>PyMem_Malloc(len(starts) * sizeof(Py_ssize_t))
    sweep.sums = <double*>zeroed(2 * sweep.parts * size * sizeof(double))
    sweep.keep, sweep.ranks = ranks, &rank_view[0]
    cdef double* work = <double*>zeroed(7 * size * sizeof(double))
    cdef double* seat_gains = <double*>zeroed(n * sizeof(double))
    try:
        if sweep.tables == NULL or sweep.hands == NULL or sweep.starts == NULL or sweep.sums == NULL:
            raise MemoryError(f"no memory for a game of {nodes:,} decisions over {count:,} deals")
        if work == NULL or seat_gains == NULL:
            raise MemoryError(f"no memory for a game of {nodes:,} decisions")
        for k in range(sweep.threads):
            sweep.tables[k] = g
            if own_tables(&sweep.tables[k], terminals) < 0:
                raise MemoryError("no memory for a thread's tables")
        for k in range(sweep.parts + 1):
            sweep.starts[k] = starts[k]
        for d in range(count):
            for i in range(n):
                sweep.hands[d * n + i] = class_of[card_view[d * need + 2 * i] * 52 + card_view[d * need + 2 * i + 1]]
        return _sweeps(sweep, &actor[0], n, count, rounds, limit, bounds, work, seat_gains)
    finally:
        PyMem_Free(work)
        PyMem_Free(seat_gains)


cdef tuple _sweeps(_TableSweep sweep, const int* actor, int n, Py_ssize_t count, int rounds, double limit, list bounds,
                   double* work, double* seat_gains):
    """CFR+ over the deals; back in Python between sweeps, where a Ctrl-C is raised."""
    cdef Py_ssize_t size = sweep.size, at
    cdef double* average = work
    cdef double* strategy = work + size
    cdef double* push_regret = work + 2 * size
    cdef double* fold_regret = work + 3 * size
    cdef double* strategy_sum = work + 4 * size
    cdef double* pushed = work + 5 * size
    cdef double* folded = work + 6 * size
    cdef double weight, weight_sum = 0.0, total
    cdef int t, i, done = 0
    for at in range(size):
        strategy[at] = 0.5
        average[at] = 0.5
    for t in range(1, rounds + 1):
        sweep.strategy = strategy
        threads_module.run(sweep.part_values, bounds)
        weight = <double>t * t
        with nogil:
            sweep.add_parts(pushed, folded)
            regret_sweep(size, weight, strategy, strategy_sum, push_regret, fold_regret, pushed, folded)
        weight_sum += weight
        if t % TABLE_CHECK_EVERY == 0 or t == rounds:
            done = t
            for at in range(size):
                average[at] = strategy_sum[at] / weight_sum
            sweep.strategy = average
            threads_module.run(sweep.part_values, bounds)
            with nogil:
                sweep.add_parts(pushed, folded)
                total = best_response_gains(actor, n, size, count, average, pushed, folded, seat_gains)
            if total <= limit:
                break
    return [average[at] for at in range(size)], [seat_gains[i] for i in range(n)], done
