"""What each concern of the evaluators works out in Python, for both implementations: the checks of
what its kernels take and the setup they share (suit symmetries and deal classes, alias tables
and joint deals, the indexer's shapes). ``_kernels/X.py`` goes with ``_c/X.pxi`` and
``_eval_py/X.py``; ``core.py`` holds what several concerns share (buffers, players' tables,
tallies) and ``threads.py`` the one thread runner with its cancel."""
