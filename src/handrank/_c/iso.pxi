"""Hands indexed up to suit isomorphism, one at a time or by arrays without the GIL, and the
strength-table kernels built on the index. Pairs with ``_eval_py/iso.py``, which explains the
method; both take their configurations from ``_iso_setup``."""

from libc.stdlib cimport qsort

cdef object iso_setup = PyImport_ImportModule("handrank._kernels.iso")  # its checks and setup

cdef enum:
    MAX_ROUNDS = 8  # as _iso_setup.MAX_ROUNDS
    INDEX_LOOK_EVERY = 1 << 16  # rows indexed between looks for Ctrl-C: milliseconds

cdef uint8_t POPCOUNT13[8192]       # ranks in each 13-bit rank set
cdef uint16_t COLEX13[8192]         # each rank set's colex rank among the sets of its size
cdef uint16_t UNCOLEX[8192]         # the rank sets of each size by colex rank, size after size
cdef int UNCOLEX_START[14]          # where each size's sets start in UNCOLEX
cdef int64_t COMB13[14][14]         # comb(n, k) for n, k <= 13


cdef void fill_iso_tables() noexcept:
    cdef int n, k, mask, low, colex
    for n in range(14):
        COMB13[n][0] = 1
        for k in range(1, 14):
            COMB13[n][k] = 0 if n == 0 else COMB13[n - 1][k - 1] + COMB13[n - 1][k]
    UNCOLEX_START[0] = 0
    for k in range(1, 14):
        UNCOLEX_START[k] = UNCOLEX_START[k - 1] + COMB13[13][k - 1]
    for mask in range(8192):
        POPCOUNT13[mask] = POPCOUNT13[mask >> 1] + (mask & 1) if mask else 0
        colex = 0
        k = 1
        for low in range(13):
            if mask >> low & 1:
                colex += COMB13[low][k]
                k += 1
        COLEX13[mask] = colex
        UNCOLEX[UNCOLEX_START[POPCOUNT13[mask]] + colex] = mask


fill_iso_tables()


cdef inline int64_t choose(int64_t n, int k) noexcept nogil:
    """comb(n, k) for k <= 4, exact in 64 bits for every value an indexer's size (< 2^60) bounds."""
    cdef int64_t out = 1
    cdef int i
    if n < k:
        return 0
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


cdef inline int squeeze(int mask, int used) noexcept nogil:
    """``mask``'s ranks renumbered over the ranks not in ``used`` (so later rounds count only what is left)."""
    cdef int out = 0, low
    if used == 0:
        return mask
    while mask:
        low = mask & -mask
        out |= 1 << (POPCOUNT13[low - 1] - POPCOUNT13[used & (low - 1)])  # its rank, less the used ranks below
        mask ^= low
    return out


cdef inline int spread(int squeezed, int used) noexcept nogil:
    """``squeeze`` undone: the free ranks' numbering back to ranks 0-12."""
    cdef int out = 0, rank, free = 0
    for rank in range(13):
        if not used >> rank & 1:
            if squeezed >> free & 1:
                out |= 1 << rank
            free += 1
    return out


cdef class _Indexer:
    """Indexes hands of 0-51 card indices dealt in rounds of ``rounds`` cards up to suit isomorphism."""

    cdef readonly tuple rounds
    cdef readonly object size
    cdef readonly list configurations
    cdef int n_rounds, n_cards, n_configs
    cdef int64_t total      # size, in C
    cdef int round_size[MAX_ROUNDS]
    cdef int64_t* shapes    # each configuration's four shape ids, descending
    cdef int64_t* radix     # for each of the four, the multisets of codes its group of equal shapes has
    cdef int64_t* offsets   # each configuration's first index, the total last

    def __cinit__(self):
        self.shapes = self.radix = self.offsets = NULL

    def __dealloc__(self):
        PyMem_Free(self.shapes)
        PyMem_Free(self.radix)
        PyMem_Free(self.offsets)

    def __init__(self, rounds):
        self.rounds = iso_setup.check_rounds(rounds)
        found, offsets = iso_setup.configurations(self.rounds)
        self.configurations = list(found)
        self.n_rounds = len(self.rounds)
        self.n_cards = sum(self.rounds)
        self.n_configs = len(found)
        cdef int r, c, s
        for r in range(self.n_rounds):
            self.round_size[r] = self.rounds[r]
        self.shapes = <int64_t*>PyMem_Malloc(4 * self.n_configs * sizeof(int64_t))
        self.radix = <int64_t*>PyMem_Malloc(4 * self.n_configs * sizeof(int64_t))
        self.offsets = <int64_t*>PyMem_Malloc((self.n_configs + 1) * sizeof(int64_t))
        if self.shapes == NULL or self.radix == NULL or self.offsets == NULL:
            raise MemoryError()
        for c in range(self.n_configs):
            s = 0
            for shape, group in iso_setup.groups(found[c]):
                for _ in range(group):
                    self.shapes[4 * c + s] = iso_setup.shape_id(shape, self.rounds)
                    self.radix[4 * c + s] = iso_setup.multisets(iso_setup.codes(shape), group)
                    s += 1
        for c in range(self.n_configs + 1):
            self.offsets[c] = offsets[c]
        self.size = self.total = self.offsets[self.n_configs]

    cdef int64_t index_one(self, const uint8_t* dealt) noexcept nogil:
        """The class of ``n_cards`` valid, distinct card indices in round order."""
        cdef int masks[4][MAX_ROUNDS]
        cdef int64_t shape[4]
        cdef int64_t code[4]
        cdef int64_t radix, key, t_code
        cdef int r, j, s, t, at = 0, used, left, k, low, high, middle, group
        memset(masks, 0, sizeof(masks))
        for r in range(self.n_rounds):
            for j in range(self.round_size[r]):
                masks[dealt[at] & 3][r] |= 1 << (dealt[at] >> 2)
                at += 1
        for s in range(4):
            shape[s] = code[s] = 0
            radix = 1
            used = 0
            left = 13
            for r in range(self.n_rounds):
                k = POPCOUNT13[masks[s][r]]
                shape[s] = shape[s] * (self.round_size[r] + 1) + k
                code[s] += radix * COLEX13[squeeze(masks[s][r], used)]
                radix *= COMB13[left][k]
                used |= masks[s][r]
                left -= k
        for s in range(1, 4):  # insertion sort, descending by (shape, code)
            key, t_code = shape[s], code[s]
            t = s - 1
            while t >= 0 and (shape[t] < key or (shape[t] == key and code[t] < t_code)):
                shape[t + 1], code[t + 1] = shape[t], code[t]
                t -= 1
            shape[t + 1], code[t + 1] = key, t_code
        low, high = 0, self.n_configs - 1  # the configurations descend: find this one's position
        while low < high:
            middle = (low + high) // 2
            if self.config_before(middle, shape):
                low = middle + 1
            else:
                high = middle
        cdef int64_t index = 0, rank
        s = 0
        while s < 4:
            group = 1
            while s + group < 4 and shape[s + group] == shape[s]:
                group += 1
            rank = 0
            for t in range(group):  # the group's codes ascending: the t-th is code[s + group - 1 - t]
                rank += choose(code[s + group - 1 - t] + t, t + 1)
            index = index * self.radix[4 * low + s] + rank
            s += group
        return self.offsets[low] + index

    cdef inline bint config_before(self, int c, const int64_t* shape) noexcept nogil:
        """Whether configuration ``c`` sorts after ``shape`` (so it comes before it, the order descending)."""
        cdef int s
        for s in range(4):
            if self.shapes[4 * c + s] != shape[s]:
                return self.shapes[4 * c + s] > shape[s]
        return False

    cdef void unindex_one(self, int64_t index, uint8_t* out) noexcept nogil:
        """The canonical hand of a valid index, as card indices in round order."""
        cdef int low = 0, high = self.n_configs, middle, s, t, r, group, k, left, used, mask, rank
        cdef int64_t code[4]
        cdef int64_t rest, part, radix, value, b_low, b_high, b_mid
        cdef int64_t shape_left
        cdef int counts[MAX_ROUNDS]
        cdef int start[MAX_ROUNDS]
        while high - low > 1:  # the last configuration whose first index is at most ``index``
            middle = (low + high) // 2
            if self.offsets[middle] <= index:
                low = middle
            else:
                high = middle
        rest = index - self.offsets[low]
        s = 3
        while s >= 0:  # the groups from the last, each a multiset of codes, mixed-radix
            group = 1
            while s - group >= 0 and self.shapes[4 * low + s - group] == self.shapes[4 * low + s]:
                group += 1
            radix = self.radix[4 * low + s]
            part = rest % radix
            rest //= radix
            for t in range(group - 1, -1, -1):  # the largest b with comb(b, t + 1) <= part, from the top value
                b_low, b_high = t, t + part + 1
                while b_high - b_low > 1:
                    b_mid = (b_low + b_high) // 2
                    if choose(b_mid, t + 1) <= part:
                        b_low = b_mid
                    else:
                        b_high = b_mid
                part -= choose(b_low, t + 1)
                code[s - group + 1 + (group - 1 - t)] = b_low - t  # descending within the group
            s -= group
        start[0] = 0
        for r in range(1, self.n_rounds):
            start[r] = start[r - 1] + self.round_size[r - 1]
        for s in range(4):
            shape_left = self.shapes[4 * low + s]
            for r in range(self.n_rounds - 1, -1, -1):
                counts[r] = shape_left % (self.round_size[r] + 1)
                shape_left //= self.round_size[r] + 1
            used = 0
            left = 13
            value = code[s]
            for r in range(self.n_rounds):
                k = counts[r]
                radix = COMB13[left][k]
                mask = spread(UNCOLEX[UNCOLEX_START[k] + value % radix], used)
                value //= radix
                for rank in range(12, -1, -1):
                    if mask >> rank & 1:
                        out[start[r]] = 4 * rank + s
                        start[r] += 1
                used |= mask
                left -= k

    def index(self, hand):
        """The class of a hand: ``sum(rounds)`` distinct card indices in round order."""
        cdef uint8_t dealt[52]
        cdef uint64_t seen = 0
        cdef int j = 0
        values = list(hand)
        if len(values) != self.n_cards:
            raise ValueError(f"expected {self.n_cards} cards for rounds {self.rounds}, got {len(values)}")
        for c in values:
            if type(c) is not int or not 0 <= c < 52:
                raise ValueError(f"not a card index: {c!r} (expected an int from 0 to 51)")
            if seen >> <int>c & 1:
                raise ValueError("a card is dealt twice")
            seen |= 1ULL << <int>c
            dealt[j] = c
            j += 1
        return self.index_one(dealt)

    def unindex(self, index):
        """The canonical hand of a class, as card indices in round order (suits given out in a fixed order)."""
        cdef uint8_t out[52]
        if type(index) is not int or not 0 <= index < self.size:
            raise ValueError(f"not an index of this indexer: {index!r} (expected 0 to {self.size - 1})")
        self.unindex_one(index, out)
        return [out[j] for j in range(self.n_cards)]

    def index_many(self, hands, threads=None):
        """The class of each row of an (n, ``sum(rounds)``) array of card indices, as int64."""
        view = kernels.hands_view(hands, (self.n_cards,))
        n = view.shape[0]
        result, out = kernels.new_array(hands, (n,), "q")
        cdef int64_t[::1] out_view = out
        bounds = threads_module.even_bounds(n, threads_module.threads_for(threads, n))
        stopped = []  # a thread's wait saw Ctrl-C: every thread stops at its next look
        bad = [b for b in threads_module.run(
            lambda start, stop: self._index_rows(view, out_view, start, stop, stopped), bounds,
            lambda: stopped.append(True)) if b >= 0]
        if bad:
            raise kernels.row_error(view, min(bad))
        return result

    def _index_rows(self, const index_t[:, :] hands, int64_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
                    list stopped):
        """Rows ``start:stop`` of ``index_many``, a block at a time with a look for Ctrl-C between
        blocks; the first bad row, or -1."""
        cdef Py_ssize_t bad = -1, at, end
        for at in range(start, stop, INDEX_LOOK_EVERY):
            end = min(at + INDEX_LOOK_EVERY, stop)
            with nogil:
                bad = index_rows(self, hands, out, at, end)
            if bad >= 0 or stopped:
                return bad
            if signals_raised() < 0:  # Ctrl-C, seen in the main thread
                propagate_error()
        return bad

    def unindex_many(self, indexes, threads=None):
        """The canonical hand of each of n indexes, as an (n, ``sum(rounds)``) uint8 array of card indices."""
        view = kernels.index_view(indexes)
        n = view.shape[0]
        result, out = kernels.new_array(indexes, (n, self.n_cards), "B")
        cdef uint8_t[::1] out_view = out
        bounds = threads_module.even_bounds(n, threads_module.threads_for(threads, n))
        stopped = []  # as in index_many
        bad = [b for b in threads_module.run(
            lambda first, last: self._unindex_items(view, out_view, first, last, stopped), bounds,
            lambda: stopped.append(True)) if b >= 0]
        if bad:
            raise kernels.index_error(min(bad), view[min(bad)], self.size)
        return result

    def _unindex_items(self, const index_t[:] indexes, uint8_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
                       list stopped):
        """Items ``start:stop`` of ``unindex_many``, a block at a time with a look for Ctrl-C between
        blocks; the first bad item, or -1."""
        cdef Py_ssize_t bad = -1, at, end
        for at in range(start, stop, INDEX_LOOK_EVERY):
            end = min(at + INDEX_LOOK_EVERY, stop)
            with nogil:
                bad = unindex_items(self, indexes, out, at, end)
            if bad >= 0 or stopped:
                return bad
            if signals_raised() < 0:  # Ctrl-C, seen in the main thread
                propagate_error()
        return bad


cdef Py_ssize_t index_rows(_Indexer indexer, const index_t[:, :] hands, int64_t[::1] out, Py_ssize_t start,
                           Py_ssize_t stop) noexcept nogil:
    cdef uint8_t dealt[52]
    cdef uint64_t seen, x
    cdef Py_ssize_t i
    cdef int j
    for i in range(start, stop):
        seen = 0
        for j in range(indexer.n_cards):
            x = <uint64_t>hands[i, j]  # a negative value wraps to a huge one
            if x >= 52 or seen >> x & 1:
                return i
            seen |= 1ULL << x
            dealt[j] = <uint8_t>x
        out[i] = indexer.index_one(dealt)
    return -1


cdef Py_ssize_t unindex_items(_Indexer indexer, const index_t[:] indexes, uint8_t[::1] out, Py_ssize_t start,
                              Py_ssize_t stop) noexcept nogil:
    cdef uint64_t size = indexer.total
    cdef Py_ssize_t i
    for i in range(start, stop):
        if indexes[i] < 0 or <uint64_t>indexes[i] >= size:
            return i
        indexer.unindex_one(<int64_t>indexes[i], &out[i * indexer.n_cards])
    return -1


def hand_indexer(rounds):
    """An indexer for hands dealt in rounds of ``rounds`` cards (e.g. ``(2, 3)``), up to suit isomorphism."""
    return _Indexer(rounds)


cdef int compare_keys(const void* a, const void* b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t*>a)[0], y = (<const uint32_t*>b)[0]
    return (x > y) - (x < y)


cdef Py_ssize_t river_chunk(_Indexer river, const index_t[:, :] boards, int64_t[::1] indexes,
                            uint16_t[::1] points, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    """Boards ``start:stop`` of ``river_strengths``; the first bad board, or -1."""
    cdef uint8_t live[47]
    cdef uint8_t dealt[7]
    cdef uint64_t v[7]
    cdef uint32_t keys[1081]
    cdef uint16_t rank_of[1081]
    cdef uint8_t pair_a[1081]
    cdef uint8_t pair_b[1081]
    cdef int better[52]
    cdef int tied[52]
    cdef uint64_t used, x
    cdef Py_ssize_t b
    cdef int j, m, n, at, first, last, better_total, beaten_by, ties, g
    for b in range(start, stop):
        used = 0
        for j in range(5):
            x = <uint64_t>boards[b, j]
            if x >= 52 or used >> x & 1:
                return b
            used |= 1ULL << x
            dealt[2 + j] = v[2 + j] = x
        n = 0
        for j in range(52):
            if not used >> j & 1:
                live[n] = j
                n += 1
        at = 0
        for j in range(47):
            for m in range(j + 1, 47):
                v[0] = dealt[0] = live[j]
                v[1] = dealt[1] = live[m]
                pair_a[at] = live[j]
                pair_b[at] = live[m]
                rank_of[at] = rank_indices(v, 7)
                keys[at] = (<uint32_t>rank_of[at] << 11) | at
                indexes[b * 1081 + at] = river.index_one(dealt)
                at += 1
        qsort(keys, 1081, sizeof(uint32_t), compare_keys)
        memset(better, 0, sizeof(better))
        better_total = 0
        first = 0
        while first < 1081:  # pairs of one rank together, best first; card-removal sums carried down
            last = first
            while last < 1081 and keys[last] >> 11 == keys[first] >> 11:
                last += 1
            memset(tied, 0, sizeof(tied))
            for g in range(first, last):
                tied[pair_a[keys[g] & 2047]] += 1
                tied[pair_b[keys[g] & 2047]] += 1
            for g in range(first, last):
                at = keys[g] & 2047
                beaten_by = better_total - better[pair_a[at]] - better[pair_b[at]]
                ties = (last - first) - tied[pair_a[at]] - tied[pair_b[at]] + 1
                points[b * 1081 + at] = 2 * (990 - beaten_by - ties) + ties
            for j in range(52):
                better[j] += tied[j]
            better_total += last - first
            first = last
    return -1


def river_strengths(river, boards, threads=None):
    """For each board (an (m, 5) array of card indices) and each of the 1,081 hole-card pairs the
    other 47 cards make (in order), the pair's river class and its points against a random hand:
    2 a win and 1 a tie over the 990 hands of the other 45 cards. Two arrays of 1,081m: int64, uint16."""
    iso_setup.strength_args(_Indexer, river)
    view = kernels.hands_view(boards, (5,))
    n = view.shape[0]
    indexes, index_out = kernels.new_array(boards, (n * 1081,), "q")
    points, points_out = kernels.new_array(boards, (n * 1081,), "H")
    cdef int64_t[::1] index_view = index_out
    cdef uint16_t[::1] points_view = points_out
    bounds = threads_module.even_bounds(n, threads_module.threads_for(threads, n * 1081))
    bad = [b for b in threads_module.run(
        lambda start, stop: _river_part(river, view, index_view, points_view, start, stop), bounds) if b >= 0]
    if bad:
        raise kernels.row_error(view, min(bad))
    return indexes, points


def _river_part(_Indexer river, const index_t[:, :] boards, int64_t[::1] indexes, uint16_t[::1] points,
                Py_ssize_t start, Py_ssize_t stop):
    """``river_chunk`` without the GIL."""
    cdef Py_ssize_t bad
    with nogil:
        bad = river_chunk(river, boards, indexes, points, start, stop)
    return bad


cdef void runout_chunk(_Indexer earlier, _Indexer river, const uint16_t[::1] table, int64_t first,
                       Py_ssize_t start, Py_ssize_t stop, int bins, uint32_t[::1] sums,
                       uint32_t[::1] counts) noexcept nogil:
    """Classes ``first + start`` to ``first + stop`` of ``runout_strengths``."""
    cdef uint8_t dealt[7]
    cdef uint8_t live[50]
    cdef int pick[5]
    cdef uint64_t used
    cdef uint32_t total, score
    cdef Py_ssize_t i
    cdef int known = earlier.n_cards, missing = 7 - earlier.n_cards, n, j, t
    for i in range(start, stop):
        earlier.unindex_one(first + i, dealt)
        used = 0
        for j in range(known):
            used |= 1ULL << dealt[j]
        n = 0
        for j in range(52):
            if not used >> j & 1:
                live[n] = j
                n += 1
        for j in range(missing):
            pick[j] = j
        total = 0
        while True:  # every runout: ``missing`` of the ``n`` live cards, in lexicographic order
            for j in range(missing):
                dealt[known + j] = live[pick[j]]
            score = table[river.index_one(dealt)]
            total += score
            counts[i * bins + min(bins - 1, <int>(score * bins // 1980))] += 1
            t = missing - 1
            while t >= 0 and pick[t] == n - missing + t:
                t -= 1
            if t < 0:
                break
            pick[t] += 1
            for j in range(t + 1, missing):
                pick[j] = pick[j - 1] + 1
        sums[i] = total


def runout_strengths(earlier, river, river_points, start, stop, bins, threads=None):
    """For each class ``start:stop`` of an earlier street, its river points summed over every runout
    of the board (uint32), and how many runouts fall in each of ``bins`` equal bins of river equity
    (points / 1980; an (n, bins) uint32 array), read from the river table ``river_points``."""
    table = iso_setup.runout_args(_Indexer, earlier, river, river_points, start, stop, bins)
    n = stop - start
    sums, sums_out = kernels.new_array(river_points, (n,), "I")
    counts, counts_out = kernels.new_array(river_points, (n, bins), "I")
    cdef const uint16_t[::1] table_view = table
    cdef uint32_t[::1] sums_view = sums_out
    cdef uint32_t[::1] counts_view = counts_out
    counts_view[:] = 0
    bounds = threads_module.even_bounds(n, threads_module.threads_for(threads, n * 1081))
    threads_module.run(
        lambda a, b: _runout_part(earlier, river, table_view, start, a, b, bins, sums_view, counts_view), bounds)
    return sums, counts


def _runout_part(_Indexer earlier, _Indexer river, const uint16_t[::1] table, int64_t first,
                 Py_ssize_t start, Py_ssize_t stop, int bins, uint32_t[::1] sums, uint32_t[::1] counts):
    """``runout_chunk`` without the GIL."""
    with nogil:
        runout_chunk(earlier, river, table, first, start, stop, bins, sums, counts)
