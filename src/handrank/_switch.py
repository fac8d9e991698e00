"""The implementation switch: the compiled evaluator, or the pure-Python one.

``HANDRANK_PURE_PYTHON=1`` (any value but empty or ``0``) picks the pure one;
so does a compiled module that fails to import. ``IMPLEMENTATION`` and
``FALLBACK_REASON`` say which runs and why, so the fallback is never silent.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Optional

__all__ = ["FALLBACK_REASON", "IMPLEMENTATION", "evaluator"]


def _load() -> tuple[ModuleType, str, Optional[str]]:
    if os.environ.get("HANDRANK_PURE_PYTHON", "") not in ("", "0"):
        return import_module("handrank._eval_py"), "python", "HANDRANK_PURE_PYTHON is set"
    try:
        return import_module("handrank._eval_c"), "cython", None
    except ImportError as error:
        return import_module("handrank._eval_py"), "python", f"the compiled module did not load: {error}"


if TYPE_CHECKING:  # the pure module is the typed reference
    from . import _eval_py as evaluator

    IMPLEMENTATION: str
    FALLBACK_REASON: Optional[str]
else:
    evaluator, IMPLEMENTATION, FALLBACK_REASON = _load()
