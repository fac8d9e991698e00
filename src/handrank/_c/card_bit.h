/* A card int's bit, 1 << (13 * suit + rank) with suits clubs, diamonds, hearts, spades: what eval7's
 * cards hash as. Card ints are below 2**29, one digit of a compact int, read here without a call;
 * any other int is read by its low bits, as Python's own shifts and masks read it. */
#ifndef HR_CARD_BIT_H
#define HR_CARD_BIT_H

#include <Python.h>

#if defined(_MSC_VER)
static __inline Py_hash_t card_bit_hash(PyObject* op) {
#else
static inline Py_hash_t card_bit_hash(PyObject* op) {
#endif
    unsigned long v;
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject*)op)) {
        v = (unsigned long)PyUnstable_Long_CompactValue((PyLongObject*)op);
    } else
#else
    if (Py_SIZE(op) == 1) {
        v = (unsigned long)((PyLongObject*)op)->ob_digit[0];
    } else
#endif
    {
        v = PyLong_AsUnsignedLongMask(op);
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            return -1;
        }
    }
    unsigned long suit_bit = (v >> 12) & 0xF; /* 8 clubs, 4 diamonds, 2 hearts, 1 spades */
    int suit = suit_bit == 8 ? 0 : suit_bit == 4 ? 1 : suit_bit == 2 ? 2 : 3;
    return (Py_hash_t)(1LL << (13 * suit + (int)((v >> 8) & 0xF))); /* bit 54 at most: positive */
}

#endif
