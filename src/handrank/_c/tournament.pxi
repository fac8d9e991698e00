"""Tournament kernels: the independent chip model over subsets of players (Malmuth-Harville from the
top, Malmuth-Weitzman from the bottom: their cores are in ``core.pxi``), its Monte Carlo for large
fields, and the regret-matching sweeps of a push-or-fold game. Pairs with ``_eval_py/tournament.py``:
the same sums in the same order."""

from libc.math cimport log, sqrt

cdef object tournament_setup = PyImport_ImportModule("handrank._kernels.tournament")  # its checks


cdef enum:
    TOURNAMENT_CHECK_EVERY = 10  # as CHECK_EVERY of the pure kernel


def icm_values(stacks, payouts, bint weitzman=False):
    """Each player's expected payout: Malmuth-Harville (first place in proportion to chips, then
    each next place among those left), or with ``weitzman`` Malmuth-Weitzman (the next player out in
    inverse proportion to chips, whose chips are shared evenly among those left)."""
    chips, prizes = tournament_setup.icm_args(stacks, payouts)
    cdef int n = len(chips)
    cdef int paid = tournament_setup.paid_places(prizes)
    cdef double[::1] s = chips
    cdef double[::1] p = prizes
    cdef double* reach = <double*>zeroed((<size_t>1 << n) * sizeof(double))
    cdef double* value = <double*>zeroed(n * sizeof(double))
    if reach == NULL or value == NULL:
        PyMem_Free(reach)
        PyMem_Free(value)
        raise MemoryError(f"the chip model of {n} players needs {8 << n:,} bytes")
    try:
        with nogil:
            if weitzman:
                weitzman_values(n, &s[0], &p[0], reach, value)
            else:
                harville_values(n, &s[0], &p[0], paid, reach, value)
        return [value[i] for i in range(n)]
    finally:
        PyMem_Free(reach)
        PyMem_Free(value)


cdef inline bint finishes_before(const double* key, int a, int b) noexcept nogil:
    return key[a] < key[b] or (key[a] == key[b] and a < b)


cdef void first_places(int n, int paid, const double* key, int* heap) noexcept nogil:
    """``heap[0:paid]``: the ``paid`` players of the smallest keys, in order (ties by seat), kept in a
    heap of the latest finisher first while the rest are read, then sorted."""
    cdef int i, size = 0, at, top
    for i in range(n):
        if size < paid:
            at = size  # sift up
            size += 1
            while at > 0 and finishes_before(key, heap[(at - 1) >> 1], i):
                heap[at] = heap[(at - 1) >> 1]
                at = (at - 1) >> 1
            heap[at] = i
        elif finishes_before(key, i, heap[0]):
            sift_down(key, heap, size, 0, i)
    while size > 1:  # the latest finisher to the end, each time
        size -= 1
        top = heap[0]
        sift_down(key, heap, size, 0, heap[size])
        heap[size] = top


cdef inline void sift_down(const double* key, int* heap, int size, int at, int item) noexcept nogil:
    cdef int child
    while True:
        child = 2 * at + 1
        if child >= size:
            break
        if child + 1 < size and finishes_before(key, heap[child], heap[child + 1]):
            child += 1
        if not finishes_before(key, item, heap[child]):
            break
        heap[at] = heap[child]
        at = child
    heap[at] = item


cdef void icm_part(int n, int paid, const double* s, const double* p, uint64_t state, long long trials,
                   double* key, int* order, double* sums, double* squares) noexcept nogil:
    """One part of the Monte Carlo chip model: ``trials`` finishing orders from the stream at
    ``state``, each paid place's prize added to its player's ``sums`` and ``squares``."""
    cdef long long t
    cdef int i, finish
    cdef double prize
    for t in range(trials):
        for i in range(n):
            key[i] = -log(<double>((hr_wyrand(&state) >> 11) + 1) * DRAW_FRACTION) / s[i]
        first_places(n, paid, key, order)
        for finish in range(paid):
            prize = p[finish]
            sums[order[finish]] += prize
            squares[order[finish]] += prize * prize


cdef void weitzman_part(int n, int paid, const double* s, const double* p, const int* by_chips, uint64_t state,
                        long long trials, int* left, char* out, double* sums, double* squares) noexcept nogil:
    """One part of the Monte Carlo Malmuth-Weitzman model: ``trials`` orders of elimination from the
    stream at ``state``. The next player out is drawn in inverse proportion to chips: a player of
    those left taken uniformly is kept with the chance of the shortest stack's chips over theirs,
    else drawn again. ``by_chips``: the seats from the shortest stack up; ``left`` and ``out`` scratch."""
    cdef long long t
    cdef int i, at, alive, seat, shortest
    cdef double total = 0.0, held, share, prize, held_by_shortest
    for i in range(n):
        total += s[i]
    for t in range(trials):
        for i in range(n):
            left[i] = i
            out[i] = 0
        held = total
        shortest = 0
        alive = n
        while alive > 1:
            while out[by_chips[shortest]]:
                shortest += 1
            share = (total - held) / alive
            held_by_shortest = s[by_chips[shortest]] + share
            while True:
                at = <int>(<double>(hr_wyrand(&state) >> 11) * DRAW_FRACTION * alive)
                if at == alive:  # a product rounded up to the count
                    at = alive - 1
                seat = left[at]
                if <double>(hr_wyrand(&state) >> 11) * DRAW_FRACTION * (s[seat] + share) < held_by_shortest:
                    break
            if alive <= paid:
                prize = p[alive - 1]
                sums[seat] += prize
                squares[seat] += prize * prize
            alive -= 1
            left[at] = left[alive]
            out[seat] = 1
            held -= s[seat]
        seat = left[0]
        sums[seat] += p[0]
        squares[seat] += p[0] * p[0]


def _icm_parts(const double[::1] s, const double[::1] p, int paid, list by_chips_list, uint64_t seed, list starts,
               int first, int last, double[::1] sums, double[::1] squares):
    """Parts ``first`` to ``last`` of the chip model's trials, the GIL released, each part's sums in
    its own rows of ``sums`` and ``squares``; the scratch is this thread's own. Malmuth-Weitzman
    when ``by_chips_list`` (the seats from the shortest stack up) is not empty."""
    cdef int n = s.shape[0]
    cdef bint weitzman = len(by_chips_list) > 0
    cdef int part, i
    cdef long long trials
    cdef uint64_t state
    cdef double* key = <double*>zeroed(n * sizeof(double))
    cdef int* order = <int*>zeroed(n * sizeof(int))
    cdef int* by_chips = <int*>zeroed(n * sizeof(int))
    cdef char* out = <char*>zeroed(n)
    if key == NULL or order == NULL or by_chips == NULL or out == NULL:
        PyMem_Free(key)
        PyMem_Free(order)
        PyMem_Free(by_chips)
        PyMem_Free(out)
        raise MemoryError(f"no memory for a field of {n:,}")
    try:
        for i in range(len(by_chips_list)):
            by_chips[i] = by_chips_list[i]
        for part in range(first, last):
            trials = starts[part + 1] - starts[part]
            state = seed + <uint64_t>part * HR_BLOCK_SEED_STEP
            with nogil:
                if weitzman:
                    weitzman_part(n, paid, &s[0], &p[0], by_chips, state, trials, order, out, &sums[part * n],
                                  &squares[part * n])
                else:
                    icm_part(n, paid, &s[0], &p[0], state, trials, key, order, &sums[part * n], &squares[part * n])
    finally:
        PyMem_Free(key)
        PyMem_Free(order)
        PyMem_Free(by_chips)
        PyMem_Free(out)


def sampled_icm(stacks, payouts, trials=100_000, seed=0, threads=None, bint weitzman=False):
    """The chip model by Monte Carlo, for fields of any size. Malmuth-Harville: each trial draws every
    player an exponential time over their chips, and the earliest finish first; with ``weitzman``
    Malmuth-Weitzman: each trial eliminates players one by one (``weitzman_part``). Each player's
    mean payout and its standard error. The trials run in parts (``icm_parts``), each from its own
    stream with sums of its own, added in order: on ``threads`` threads, whole parts each, the same
    answer."""
    chips, prizes, checked_trials, checked_seed = tournament_setup.sampled_icm_args(stacks, payouts, trials, seed)
    cdef int n = len(chips)
    cdef int paid = tournament_setup.paid_places(prizes)
    cdef long long count = checked_trials
    starts = tournament_setup.icm_parts(count, n)
    by_chips = tournament_setup.by_chips(chips) if weitzman else []
    cdef int parts = len(starts) - 1
    sums = array("d", bytes(8 * parts * n))
    squares = array("d", bytes(8 * parts * n))
    bounds = threads_module.even_bounds(parts, threads_module.threads_for(threads, count * n))
    threads_module.run(
        lambda first, last: _icm_parts(chips, prizes, paid, by_chips, checked_seed, starts, first, last, sums, squares),
        bounds,
    )
    cdef double[::1] part_sums = sums
    cdef double[::1] part_squares = squares
    cdef list totals = [0.0] * n
    cdef list total_squares = [0.0] * n
    cdef int i, part
    for part in range(parts):
        for i in range(n):
            totals[i] += part_sums[part * n + i]
            total_squares[i] += part_squares[part * n + i]
    means = [totals[i] / count for i in range(n)]
    errors = [
        sqrt(max(0.0, (total_squares[i] - totals[i] * totals[i] / count) / (count - 1)) / count) for i in range(n)
    ]
    return means, errors


cdef struct PushFoldGame:
    int k
    const double* w           # k x k deals, row class by column class
    const double* rv          # k x k the row's showdown values summed over those deals
    const double* wt          # the same two, column class by row class
    const double* cvt         # k x k the column's showdown values, column class by row class
    const double* deals       # k: each row class's deals
    double row_fold, row_steal, column_fold


cdef void row_values(const PushFoldGame* g, int i, const double* call, double* pushed, double* folded) noexcept nogil:
    cdef double met = 0.0, won = 0.0
    cdef int j
    cdef const double* w = g.w + i * g.k
    cdef const double* rv = g.rv + i * g.k
    for j in range(g.k):
        met += w[j] * call[j]
        won += rv[j] * call[j]
    pushed[0] = g.row_steal * (g.deals[i] - met) + won
    folded[0] = g.row_fold * g.deals[i]


cdef void column_values(const PushFoldGame* g, int j, const double* push, double* called,
                        double* folded) noexcept nogil:
    cdef double met = 0.0, won = 0.0
    cdef int i
    cdef const double* w = g.wt + j * g.k
    cdef const double* cv = g.cvt + j * g.k
    for i in range(g.k):
        met += w[i] * push[i]
        won += cv[i] * push[i]
    called[0] = won
    folded[0] = g.column_fold * met


cdef inline double regret_step(double* regret, double gain) noexcept nogil:
    cdef double r = regret[0] + gain
    regret[0] = r if r > 0.0 else 0.0
    return regret[0]


cdef void gains(const PushFoldGame* g, const double* push, const double* call, double* row_gain,
                double* column_gain) noexcept nogil:
    """What each side gains a deal by a best response to the other's strategy."""
    cdef double pushed, folded, now, total = 0.0
    cdef int i
    row_gain[0] = 0.0
    column_gain[0] = 0.0
    for i in range(g.k):
        row_values(g, i, call, &pushed, &folded)
        now = push[i] * pushed + (1.0 - push[i]) * folded
        row_gain[0] += (pushed if pushed > folded else folded) - now
        total += g.deals[i]
    for i in range(g.k):
        column_values(g, i, push, &pushed, &folded)
        now = call[i] * pushed + (1.0 - call[i]) * folded
        column_gain[0] += (pushed if pushed > folded else folded) - now
    row_gain[0] /= total
    column_gain[0] /= total


cdef int solve(const PushFoldGame* g, int iterations, double tolerance, double* work,
               double* row_gain, double* column_gain) noexcept nogil:
    """CFR+ sweeps, alternating; ``work`` (10k, zeroed) ends with the average push and call
    frequencies in its first 2k. The iterations run."""
    cdef int k = g.k, i, t, done = 0
    cdef double* push_avg = work
    cdef double* call_avg = work + k
    cdef double* push = work + 2 * k
    cdef double* call = work + 3 * k
    cdef double* push_regret = work + 4 * k
    cdef double* row_fold_regret = work + 5 * k
    cdef double* call_regret = work + 6 * k
    cdef double* column_fold_regret = work + 7 * k
    cdef double* push_sum = work + 8 * k
    cdef double* call_sum = work + 9 * k
    cdef double pushed, folded, now, both, weight, weight_sum = 0.0
    for i in range(k):
        push[i] = 0.5
        call[i] = 0.5
    for t in range(1, iterations + 1):
        weight = <double>t * t
        for i in range(k):
            row_values(g, i, call, &pushed, &folded)
            now = push[i] * pushed + (1.0 - push[i]) * folded
            push_sum[i] += weight * push[i]
            both = regret_step(&push_regret[i], pushed - now) + regret_step(&row_fold_regret[i], folded - now)
            push[i] = push_regret[i] / both if both > 0.0 else 0.5
        for i in range(k):
            column_values(g, i, push, &pushed, &folded)
            now = call[i] * pushed + (1.0 - call[i]) * folded
            call_sum[i] += weight * call[i]
            both = regret_step(&call_regret[i], pushed - now) + regret_step(&column_fold_regret[i], folded - now)
            call[i] = call_regret[i] / both if both > 0.0 else 0.5
        weight_sum += weight
        if t % TOURNAMENT_CHECK_EVERY == 0 or t == iterations:
            done = t
            for i in range(k):
                push_avg[i] = push_sum[i] / weight_sum
                call_avg[i] = call_sum[i] / weight_sum
            gains(g, push_avg, call_avg, row_gain, column_gain)
            if row_gain[0] + column_gain[0] <= tolerance:
                break
    return done


def push_fold_solve(weights, row_values, column_values, outcomes, iterations=10_000, tolerance=0.0):
    """An equilibrium of a push-or-fold game by regret matching (CFR+, alternating, averages weighted
    by the iteration's square, so that the first guesses fade). The row player pushes or folds each
    of k classes; the column player, pushed into, calls or folds each. ``weights[i*k+j]`` counts the
    deals of row class i with column class j; ``row_values`` and ``column_values`` sum each side's
    showdown value over them; ``outcomes`` are the row's value of folding, its value when the column
    folds, and the column's value of folding.

    Returns the average push and call frequencies, what each side would gain a deal by its best
    response to them, and the iterations run (a multiple of ten, or ``iterations``)."""
    k, w, rv, cv, fixed, checked_iterations, checked_tolerance = tournament_setup.push_fold_args(
        weights, row_values, column_values, outcomes, iterations, tolerance
    )
    cdef int n = k, i, j, done
    cdef int rounds = checked_iterations
    cdef double limit = checked_tolerance
    cdef double[::1] w_view = w
    cdef double[::1] rv_view = rv
    cdef double[::1] cv_view = cv
    cdef double row_gain = 0.0, column_gain = 0.0
    cdef double* buffer = <double*>zeroed((14 * n + 3 * n * n) * sizeof(double))
    if buffer == NULL:
        raise MemoryError(f"no memory for a game of {n} classes")
    cdef double* deals = buffer + 10 * n
    cdef double* wt = buffer + 14 * n
    cdef double* cvt = wt + n * n
    cdef PushFoldGame game
    try:
        for i in range(n):
            for j in range(n):
                deals[i] += w_view[i * n + j]
                wt[j * n + i] = w_view[i * n + j]
                cvt[j * n + i] = cv_view[i * n + j]
        game.k = n
        game.w = &w_view[0]
        game.rv = &rv_view[0]
        game.wt = wt
        game.cvt = cvt
        game.deals = deals
        game.row_fold, game.row_steal, game.column_fold = fixed
        with nogil:
            done = solve(&game, rounds, limit, buffer, &row_gain, &column_gain)
        return [buffer[i] for i in range(n)], [buffer[n + i] for i in range(n)], row_gain, column_gain, done
    finally:
        PyMem_Free(buffer)
