"""A griffe extension for the API pages: docstring examples (``>>>`` lines and their output)
shown as fenced Python console blocks, not read as Markdown (where ``[1][:10]`` is a link)."""

from __future__ import annotations

from typing import Any

import griffe


def fence(text: str) -> str:
    """Each run of ``>>>``/``...`` lines and the output after them, up to a blank line, fenced."""
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_example:
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence(obj.docstring.value)
