"""Cards as objects with a rank and a suit, for the shims whose peer's cards are such objects:
the card type, whose fields C reads, an evaluator that gives a table's value of each rank, and a
card int that hashes as such a card's bit. Pairs with ``_eval_py/rank_suit.py``."""

cdef object rank_suit_setup = PyImport_ImportModule("handrank._kernels.rank_suit")  # its checks and setup

from cpython.object cimport Py_TYPE, PyTypeObject

cdef extern from "_c/card_bit.h":
    Py_hash_t card_bit_hash(object) except? -1


cdef inline uint8_t card_field(object value, str name, long size) except? 255:
    """A field as set: an int below ``size`` at once, anything else through the shared check."""
    cdef int overflow = 0
    cdef long v
    if type(value) is int:
        v = PyLong_AsLongAndOverflow(value, &overflow)
        if not overflow and 0 <= v < size:
            return <uint8_t>v
    return <uint8_t>rank_suit_setup.card_field(value, name)


cdef dict CARD_NAMES = rank_suit_setup.CARD_NAMES  # each card's name to its index 4 * rank + suit


cdef class RankSuitCard:
    """A card of ``rank`` 0-12 (deuce ... ace) and ``suit`` 0-3 (clubs, diamonds, hearts, spades),
    both settable; a value out of range is refused when set, so every card is a real one."""

    cdef uint8_t _rank  # 0-12, checked when set
    cdef uint8_t _suit  # 0-3, checked when set

    _text_error = ValueError  # raised for text that names no card; a subclass may give its own

    def __init__(self, card_string):
        """The card named ``card_string``: a rank of 23456789TJQKA then a suit of cdhs, such as ``'As'``."""
        cdef int i
        found = CARD_NAMES.get(card_string) if type(card_string) is str else None
        if found is None:
            found = rank_suit_setup.card_name(card_string, type(self)._text_error)  # raises what is wrong
        i = found
        if not 0 <= i < 52:  # the fields index the deck unchecked
            raise ValueError(f"{i} is not a card index")
        self._rank = i >> 2
        self._suit = i & 3

    @property
    def rank(self):
        return self._rank

    @rank.setter
    def rank(self, value):
        self._rank = card_field(value, "rank", 13)

    @rank.deleter
    def rank(self):
        raise AttributeError("a card's rank cannot be deleted")

    @property
    def suit(self):
        return self._suit

    @suit.setter
    def suit(self, value):
        self._suit = card_field(value, "suit", 4)

    @suit.deleter
    def suit(self):
        raise AttributeError("a card's suit cannot be deleted")

    def __repr__(self):
        return f"{type(self).__name__}(rank={self._rank}, suit={self._suit})"

    @classmethod
    def deck(cls):
        """The 52 cards as new objects of this class, deuce of clubs first, index 4 * rank + suit."""
        cdef list cards = []
        cdef RankSuitCard card
        cdef int i
        new = cls.__new__
        for i in range(52):
            card = new(cls)
            card._rank = i >> 2
            card._suit = i & 3
            cards.append(card)
        return cards


cdef class MaskHashedCard(int):
    """A card int that hashes as its bit ``1 << (13 * suit + rank)`` (suits c d h s, ranks deuce to
    ace) and equals only itself: eval7's cards do both, so a set of them iterates in eval7's order."""

    def __hash__(self):
        return card_bit_hash(self)

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other


cdef inline bint read_rank_suit(object item, uint32_t* out, uint64_t* seen):
    """Store a ``RankSuitCard`` not seen before as its card int; False for anything else."""
    cdef RankSuitCard card
    cdef int i
    cdef PyTypeObject* kind = Py_TYPE(item)
    # A shim's card class derives from this type directly: one compare, not a walk of its bases.
    if kind.tp_base != <PyTypeObject*>RankSuitCard and not isinstance(item, RankSuitCard):
        return False
    card = <RankSuitCard>item
    i = 4 * card._rank + card._suit  # fields are checked when set: 0-51
    if seen[0] >> i & 1:
        return False
    seen[0] |= 1ULL << i
    out[0] = HR_DECK[i]
    return True


cdef inline bint read_rank_and_suit(object rank, object suit, uint32_t* out, uint64_t* seen):
    """Store the card of a rank 0-12 and a suit 0-3 given as ints, not seen before; False for anything else."""
    cdef int overflow = 0
    cdef long r, s
    if type(rank) is not int or type(suit) is not int:
        return False
    r = PyLong_AsLongAndOverflow(rank, &overflow)
    s = PyLong_AsLongAndOverflow(suit, &overflow)
    if overflow or not (0 <= r < 13 and 0 <= s < 4) or seen[0] >> (4 * r + s) & 1:
        return False
    seen[0] |= 1ULL << (4 * r + s)
    out[0] = HR_DECK[4 * r + s]
    return True


cdef int read_rank_suit_hand(object cards, object suits, uint32_t* cs) except -1:
    """Fill ``cs`` from 5 to 7 cards, or from ranks and suits (lists or tuples read in place, anything
    else through the shared check, which raises what is wrong); the count."""
    cdef Py_ssize_t n, i
    cdef uint64_t seen = 0
    cdef list card_list
    if suits is None and type(cards) is list:
        card_list = <list>cards
        n = len(card_list)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_rank_suit(card_list[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    elif type(cards) in (list, tuple) and type(suits) in (list, tuple):
        n = len(cards)
        if 5 <= n <= 7 and len(suits) == n:
            for i in range(n):
                if not read_rank_and_suit(cards[i], suits[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    elif suits is None and type(cards) is tuple:
        n = len(<tuple>cards)
        if 5 <= n <= 7:
            for i in range(n):
                if not read_rank_suit((<tuple>cards)[i], &cs[i], &seen):
                    break
            else:
                return <int>n
    return 0


cdef class RankSuitValues:
    """``values[rank]`` of 5 to 7 cards: ``RankSuitCard`` objects, or ranks 0-12 and their suits 0-3.

    ``values`` holds an int for each rank 1 ... 7462 (index 0 unused);
    bad cards raise ``error`` saying what is wrong.
    """

    cdef list values  # a value per rank, as int objects made once: a call then makes none
    cdef object error  # the exception class for bad cards

    def __init__(self, values, error):
        table = rank_suit_setup.value_table(values)
        if type(table) is not list or len(table) != 7463:  # read unchecked by rank
            raise ValueError("expected a list of 7463 values from the shared check")
        self.values = table
        self.error = error

    def evaluate(self, cards, suits=None):
        """The value of the best five of 5 to 7 cards, or of ``cards`` as ranks and ``suits``."""
        cdef uint32_t cs[7]
        cdef Py_ssize_t n = read_rank_suit_hand(cards, suits, cs)
        cdef Py_ssize_t i
        if n == 0:
            indices = rank_suit_setup.rank_suit_indices(cards, suits, RankSuitCard, self.error)
            n = len(indices)
            if not 5 <= n <= 7:  # C reads what it is given only when it is a hand
                raise ValueError(f"expected 5 to 7 card indices, got {n}")
            for i in range(n):
                if type(indices[i]) is not int or not 0 <= indices[i] < 52:
                    raise ValueError(f"{indices[i]!r} is not a card index")
                cs[i] = HR_DECK[<int>indices[i]]
        return self.values[rank_n(cs, <int>n)]  # 1 ... 7462, of a list of 7463
