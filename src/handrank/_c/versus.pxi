"""One hand against a list of hands on a full board: its wins, ties and losses, the hands that
share a card with it or the board left out. Pairs with ``_eval_py/versus.py``."""

cdef object versus_setup = PyImport_ImportModule("handrank._kernels.versus")  # its checks and setup


cdef bint read_arguments(object hero, object hands, object board, uint32_t* cs, uint64_t* seen):
    """Two hole cards then five board cards into ``cs``, from lists or tuples of distinct card ints,
    and hands as bytes of pairs; False for anything else (the shared check then says what is wrong)."""
    cdef Py_ssize_t i
    if type(hands) is not bytes or len(<bytes>hands) % 2:
        return False
    if not (isinstance(hero, (list, tuple)) and isinstance(board, (list, tuple))) or len(hero) != 2 or len(board) != 5:
        return False
    for i in range(2):
        if not read_card(hero[i], &cs[i], seen):
            return False
    for i in range(5):
        if not read_card(board[i], &cs[2 + i], seen):
            return False
    return True


def hand_vs_hands(hero, hands, board):
    """``(wins, ties, losses)`` of two hole cards against each of ``hands`` (bytes, two 0-51
    indices a hand) on a five-card board; hands sharing a card with the hero or the board are left out."""
    cdef uint32_t cs[7]
    cdef uint64_t seen = 0
    if not read_arguments(hero, hands, board, cs, &seen):
        hero, hands, board = versus_setup.versus_args(hero, hands, board)
        seen = 0
        if not read_arguments(hero, hands, board, cs, &seen):
            raise ValueError("the shared check passed what is not two hole cards, hands and a board")
    cdef const unsigned char* pairs = <bytes>hands
    cdef Py_ssize_t n = len(<bytes>hands) // 2
    cdef Py_ssize_t i
    cdef CardState b, h
    cdef uint16_t mine = rank_n(cs, 7)
    cdef uint16_t theirs
    cdef unsigned char x, y
    cdef uint64_t wins = 0, ties = 0, losses = 0
    clear_cards(&b)
    for i in range(5):
        add_card(&b, card_index(cs[2 + i]))
    for i in range(n):
        x, y = pairs[2 * i], pairs[2 * i + 1]
        if x >= 52 or y >= 52 or x == y:
            versus_setup.versus_args(hero, hands, board)  # raises what is wrong with the hand
            raise ValueError(f"hand {i}: {x} and {y} are not two different card indices")
        if seen >> x & 1 or seen >> y & 1:
            continue
        clear_cards(&h)
        add_card(&h, x)
        add_card(&h, y)
        theirs = flush_rank(&h, &b)
        if not theirs:
            theirs = rank_product(b.product * h.product)
        wins += mine < theirs
        ties += mine == theirs
        losses += mine > theirs
    return wins, ties, losses
