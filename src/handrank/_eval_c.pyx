# cython: language_level=3, freethreading_compatible=True, boundscheck=False, wraparound=False
# cython: auto_pickle=False
"""The compiled evaluator: Cactus Kev's lookups in C, the same interface as ``_eval_py``.

Inputs are checked at the boundary (counts, duplicates, card values, array
shapes and dtypes); past that the loops run unchecked and without the GIL.
One extension module, one copy of the tables; each concern in its own file.
"""

include "_c/core.pxi"
include "_c/hand.pxi"
include "_c/games.pxi"
include "_c/batch.pxi"
include "_c/equity.pxi"
include "_c/game_equity.pxi"
include "_c/no_board_equity.pxi"
include "_c/sampling.pxi"
include "_c/counts.pxi"
include "_c/iso.pxi"
include "_c/matrix.pxi"
include "_c/rank_suit.pxi"
include "_c/versus.pxi"
include "_c/shuffle.pxi"
include "_c/tournament.pxi"
include "_c/table_push_fold.pxi"
include "_c/potential.pxi"
