"""What every concern of the compiled evaluator uses: C types, the generated tables and
constants, per-index card tables, and the Python helpers it calls. Pairs with ``_eval_py/tables.py``."""

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.math cimport ceil
from libc.string cimport memcpy, memset
from cpython.exc cimport PyErr_Occurred
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.module cimport PyImport_ImportModule

cdef extern from "_tables_data.h" nogil:
    const uint32_t HR_DECK[52]
    const uint16_t HR_FLUSH[8192]
    const uint16_t HR_UNIQUE5[8192]
    const uint16_t HR_HASH_DISPLACE[16384]
    const uint16_t HR_HASH_VALUES[131072]
    const int HR_HASH_BUCKET_SHIFT
    const int HR_HASH_SLOT_SHIFT
    const uint64_t HR_HASH_MULT_BUCKET
    const uint64_t HR_HASH_MULT_SLOT
    const uint16_t HR_LOW27_FLUSH[8192]
    const uint16_t HR_LOWA6_FLUSH[8192]
    const uint16_t HR_LOW_DISPLACE[2048]
    const uint16_t HR_LOW27_VALUES[16384]
    const uint16_t HR_LOWA5_VALUES[16384]
    const uint16_t HR_LOWA6_VALUES[16384]
    const int HR_LOW_BUCKET_SHIFT
    const int HR_LOW_SLOT_SHIFT
    const char* HR_LOW_GAME_NAMES
    const uint64_t HR_BLOCK_SEED_STEP
    enum:
        HR_MAX_PLAYERS
        HR_SAMPLING_BLOCK

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object, int*)
    int signals_raised "PyErr_CheckSignals"() noexcept  # -1 with the exception set: the caller decides

# The Python side each concern calls: checks, threads and tallies (module-level C names, so the
# module's namespace holds the interface alone).
cdef object cards_module = PyImport_ImportModule("handrank.cards")
cdef object hand = cards_module.hand
cdef object text_hand = cards_module.text_hand
cdef dict card_tokens = cards_module._TOKENS  # every spelling of one card -> its int
cdef object hole_and_board = cards_module.hole_and_board
cdef object to_index = cards_module.to_index
cdef object checks = PyImport_ImportModule("handrank._checks")
cdef object threads_module = PyImport_ImportModule("handrank._threads")
cdef object tally = PyImport_ImportModule("handrank._tally")
cdef object range_setup = PyImport_ImportModule("handrank._range_setup")
cdef object sample_setup = PyImport_ImportModule("handrank._sample_setup")
cdef object array = PyImport_ImportModule("array").array
cdef object comb = PyImport_ImportModule("math").comb

ctypedef fused index_t:
    int8_t
    uint8_t
    int16_t
    uint16_t
    int32_t
    uint32_t
    int64_t
    uint64_t

# Suit bits (cdhs = 8 4 2 1, at bit 12 of a card) -> suit index (c d h s = 0 1 2 3), else -1.
cdef int SUIT_INDEX[16]
SUIT_INDEX[:] = [-1, 3, 2, -1, 1, -1, -1, -1, 0, -1, -1, -1, -1, -1, -1, -1]

# Per card index (4 x rank + suit): its rank's prime, its rank bit, and one in its suit's nibble.
# INDEX_PRIME goes on to 255 with ones, so a byte can be looked up before it is known to be a card.
cdef uint64_t INDEX_PRIME[256]
cdef uint32_t INDEX_RANK_BIT[52]
cdef uint32_t INDEX_SUIT_COUNT[52]


cdef void fill_index_tables() noexcept nogil:
    cdef int i
    for i in range(256):
        INDEX_PRIME[i] = HR_DECK[i] & 0xFF if i < 52 else 1
    for i in range(52):
        INDEX_RANK_BIT[i] = HR_DECK[i] >> 16
        INDEX_SUIT_COUNT[i] = 1 << (4 * (i & 3))


fill_index_tables()
