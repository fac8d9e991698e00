"""A list shuffled in place as ``random.Random.shuffle`` shuffles it, drawing the very same numbers,
without its Python loop: the decks of the shims whose peers shuffle with ``random``. Pairs with
``_eval_py/shuffle.py``."""

cimport cython

cdef object random_module = PyImport_ImportModule("random")
cdef object plain_random = random_module.Random


@cython.boundscheck(True)  # the list is the caller's: read it checked
def shuffle(items, generator):
    """``generator.shuffle(items)``: the same order from the same state, for a ``random.Random``
    (or the ``random`` module, its own generator); any other generator's own ``shuffle`` is called."""
    shuffler = generator.shuffle
    if generator is random_module:
        generator = getattr(shuffler, "__self__", None)
    if type(generator) is not plain_random or type(items) is not list:
        shuffler(items)
        return
    getrandbits = generator.getrandbits
    cdef list cards = <list>items
    cdef Py_ssize_t i, j
    cdef int bits
    for i in range(len(cards) - 1, 0, -1):
        # Random._randbelow(i + 1): as many bits as i + 1 has, drawn again until below i + 1
        bits = 0
        while (i + 1) >> bits:
            bits += 1
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
