"""The implementation switch: the compiled evaluator, or the pure-Python one.

``HANDRANK_PURE_PYTHON=1`` (any value but empty or ``0``) picks the pure one;
so does a compiled module that fails to import or lacks part of the interface.
``IMPLEMENTATION`` and ``FALLBACK_REASON`` say which runs and why, so the
fallback is never silent.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import TYPE_CHECKING, Any, Optional

from ._interface import NAMES

__all__ = ["FALLBACK_REASON", "IMPLEMENTATION", "evaluator"]


def _load() -> tuple[Any, str, Optional[str]]:
    if os.environ.get("HANDRANK_PURE_PYTHON", "") not in ("", "0"):
        return import_module("handrank._eval_py"), "python", "HANDRANK_PURE_PYTHON is set"
    try:
        compiled = import_module("handrank._eval_c")
    except ImportError as error:
        return import_module("handrank._eval_py"), "python", f"the compiled module did not load: {error}"
    missing = [name for name in NAMES if not hasattr(compiled, name)]
    if missing:
        return import_module("handrank._eval_py"), "python", f"the compiled module lacks {', '.join(missing)}"
    return compiled, "cython", None


if TYPE_CHECKING:
    from ._interface import Evaluator

    evaluator: Evaluator
    IMPLEMENTATION: str
    FALLBACK_REASON: Optional[str]
else:
    evaluator, IMPLEMENTATION, FALLBACK_REASON = _load()
