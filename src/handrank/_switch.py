"""The implementation switch: the compiled evaluator, or the pure-Python one.

``HANDRANK_PURE_PYTHON=1`` (any value but empty or ``0``) picks the pure one;
so does a compiled module that fails to import or lacks part of the interface.
``IMPLEMENTATION`` and ``FALLBACK_REASON`` say which runs and why, so the
fallback is never silent; ``BY_CHOICE`` tells a pure evaluator chosen (the
variable, or a pure install) from one that stands in for a compiled one that
failed (to build, as the install's note says, or to load).
"""

from __future__ import annotations

import os
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from ._interface import NAMES

__all__ = ["BY_CHOICE", "FALLBACK_REASON", "IMPLEMENTATION", "evaluator"]


def _build_note() -> Optional[tuple[str, str]]:
    """What the install wrote when it built no extension: ("choice" or "failed", why)."""
    note = Path(__file__).with_name("_build_note.txt")
    if not note.is_file():
        return None
    kind, _, why = note.read_text().strip().partition(": ")
    return kind, why


def _load() -> tuple[Any, str, Optional[str], bool]:
    if os.environ.get("HANDRANK_PURE_PYTHON", "") not in ("", "0"):
        return import_module("handrank._eval_py"), "python", "HANDRANK_PURE_PYTHON is set", True
    try:
        compiled = import_module("handrank._eval_c")
    except ImportError as error:
        note = _build_note()
        if note is not None:
            return import_module("handrank._eval_py"), "python", note[1], note[0] == "choice"
        return import_module("handrank._eval_py"), "python", f"the compiled module did not load: {error}", False
    missing = [name for name in NAMES if not hasattr(compiled, name)]
    if missing:
        return import_module("handrank._eval_py"), "python", f"the compiled module lacks {', '.join(missing)}", False
    return compiled, "cython", None, False


if TYPE_CHECKING:
    from ._interface import Evaluator

    evaluator: Evaluator
    IMPLEMENTATION: str
    FALLBACK_REASON: Optional[str]
    BY_CHOICE: bool
else:
    evaluator, IMPLEMENTATION, FALLBACK_REASON, BY_CHOICE = _load()
