"""What the fuzz targets compare: a call's result, or the kind and text of the error it raised.

Only ``ValueError`` and ``TypeError`` are errors the library may raise for bad input; anything
else (``RecursionError``, ``AttributeError``, ``OverflowError``, ...) is a finding.
"""

from __future__ import annotations

from typing import Any, Callable

ALLOWED = (ValueError, TypeError)


def outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[str, Any]:
    """``("ok", result)`` or ``(error type, message)``; a crash of another kind propagates."""
    try:
        result = fn(*args, **kwargs)
    except ALLOWED as error:
        return type(error).__name__, str(error)
    if hasattr(result, "tolist"):  # numpy or array('H'): compare the values
        result = result.tolist()
    return "ok", result


def same(name: str, compiled: Callable[..., Any], pure: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """The compiled and the pure function give the same result or raise the same error."""
    ours, theirs = outcome(compiled, *args, **kwargs), outcome(pure, *args, **kwargs)
    if ours != theirs:
        raise AssertionError(f"{name}: compiled {ours!r:.300} but pure {theirs!r:.300} for {args!r:.300}")
