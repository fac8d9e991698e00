/* The value of a Python int read where CPython keeps it, for the card readers' fast path: an
   int stored as small ints are (one 30-bit digit before 3.12, the compact form from 3.12),
   with no call. 0 for anything else, which the checked path then reads or explains. */
#ifndef HR_CARD_INT_H
#define HR_CARD_INT_H

#include <Python.h>
#if PY_VERSION_HEX < 0x030B0000
#include <longintrepr.h> /* Python.h includes it from 3.11 */
#endif

static inline int hr_small_int(PyObject* o, long* out) {
    if (!PyLong_Check(o)) {
        return 0;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact((PyLongObject*)o)) {
        return 0;
    }
    *out = (long)PyUnstable_Long_CompactValue((PyLongObject*)o);
#else
    if (Py_SIZE(o) != 1) { /* zero, a negative, or two digits or more: no card */
        return 0;
    }
    *out = (long)((PyLongObject*)o)->ob_digit[0];
#endif
    return 1;
}

/* Whether the single calls return ranks from one table of ints made at import: one int shared
   by every call saves making one a call, but threads without a GIL would take turns for its
   count (free-threaded builds make a new one a call). */
#ifdef Py_GIL_DISABLED
#define HR_SHARED_RANK_INTS 0
#else
#define HR_SHARED_RANK_INTS 1
#endif

#endif
