"""The compiled evaluator's concerns share names only through ``_c/core.pxi``.

The extension is one module built from included files, so a name one include defines is seen by
every include after it: nothing but this test stops a concern from leaning on another's helpers,
with the include order as the only contract. Each ``_c/X.pxi`` may use its own names and
``core.pxi``'s (the card state, the shared types, the helpers several concerns use), no other.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "handrank"
CONCERNS = SOURCE / "_c"

_DECLARED = re.compile(r"([A-Za-z_]\w*)\s*(?:\(|\[|=|:|$)")
_WORDS = {"cdef", "cpdef", "def", "ctypedef", "inline", "const", "struct", "class", "enum", "extern", "fused", "nogil"}


def _declared_name(text: str) -> str | None:
    """The name a declaration line declares: the identifier before its parameters, its array size,
    its value or its end (``cdef inline uint16_t rank_n(...)``, ``cdef uint64_t OFF_DECK = ...``)."""
    words = [w for w in re.split(r"[\s*&]+", text.split("(")[0].split("[")[0].split("=")[0].strip(" :")) if w]
    names = [w for w in words if w not in _WORDS and re.fullmatch(r"[A-Za-z_]\w*", w)]
    return names[-1] if names else None


def defined(path: Path) -> set[str]:
    """The names a ``.pxi`` defines at its top level: functions, types, module variables, the members
    of its enums and what its ``cdef extern`` blocks declare."""
    names: set[str] = set()
    block = ""  # the kind of indented block whose lines declare names: "enum", "extern", "struct"
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not line[0].isspace():
            block = ""
            if line.startswith(("cdef extern", "cdef enum")):
                block = "extern" if line.startswith("cdef extern") else "enum"
                named = re.match(r"cdef enum\s+(\w+)", line)
                if named:
                    names.add(named.group(1))
                continue
            if line.startswith(("from ", "import ", "cimport ")):
                imported = line.split(" import ", 1)[-1] if " import " in line else line.split(None, 1)[1]
                names.update(part.strip().split(" as ")[-1] for part in imported.split(",") if part.strip())
                continue
            if line.startswith(("cdef", "cpdef", "def", "ctypedef")):
                name = _declared_name(line)
                if name:
                    names.add(name)
                continue
            match = re.match(r"([A-Za-z_]\w*)\s*=", line)
            if match:
                names.add(match.group(1))
        elif block and len(line) - len(line.lstrip()) == 4 and not stripped.startswith(('"', "'", "pass")):
            # One level in: an enum's members, or what an extern block declares (not a struct's fields).
            name = stripped.split("=")[0].split(",")[0].strip() if block == "enum" else _declared_name(stripped)
            if name:
                names.add(name)
    return names


def used(path: Path) -> set[str]:
    """Every identifier a ``.pxi`` uses in its code: strings, docstrings and comments left out."""
    out: set[str] = set()
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
    try:
        for token in tokens:
            if token.type == tokenize.NAME:
                out.add(token.string)
    except (tokenize.TokenError, IndentationError) as error:  # pragma: no cover - a file tokenize cannot read
        pytest.fail(f"{path.name}: {error}")
    return out


def crossings(files: list[Path]) -> list[str]:
    """Every use, by a concern, of a name another concern (not ``core.pxi``) defines; and every name
    two includes define."""
    owners: dict[str, list[str]] = {}
    for path in files:
        for name in defined(path):
            owners.setdefault(name, []).append(path.name)
    out = [f"{name} is defined by {', '.join(where)}" for name, where in owners.items() if len(where) > 1]
    for path in files:
        if path.name == "core.pxi":
            continue
        methods = set(re.findall(r"^\s+(?:cp?def\b[^(\n]*?\s|def\s+)(\w+)\s*\(", path.read_text(), re.M))
        mine = defined(path) | methods  # a method of its own class is its own too
        for name in sorted(used(path) - mine):
            owner = owners.get(name, ["core.pxi"])[0]
            if owner != "core.pxi":
                out.append(f"{path.name} uses {name} of {owner}")
    return out


def test_every_concern_uses_only_its_own_names_and_cores() -> None:
    files = sorted(CONCERNS.glob("*.pxi"))
    assert (CONCERNS / "core.pxi") in files, "the shared names live in _c/core.pxi"
    found = crossings(files)
    assert not found, "\n".join(found)


def test_the_check_finds_a_concern_leaning_on_another(tmp_path: Path) -> None:
    (tmp_path / "core.pxi").write_text("cdef inline int shared(int x) noexcept nogil:\n    return x\n")
    (tmp_path / "a.pxi").write_text(
        '"""A concern."""\n\n\ncdef int helper(int x) noexcept nogil:\n    """helper of b is named here."""\n'
        "    return shared(x)\n"
    )
    (tmp_path / "b.pxi").write_text("def entry(x):\n    return helper(x)  # a's\n")
    (tmp_path / "c.pxi").write_text("cdef enum:\n    helper = 3\n")
    found = crossings(sorted(tmp_path.glob("*.pxi")))
    assert found == ["helper is defined by a.pxi, c.pxi", "b.pxi uses helper of a.pxi"]


def test_core_comes_first_and_every_concern_is_included() -> None:
    lines = [line for line in (SOURCE / "_eval_c.pyx").read_text().splitlines() if line.startswith("include ")]
    included = [line.split('"')[1] for line in lines]
    assert included[0] == "_c/core.pxi"
    assert sorted(included) == sorted(f"_c/{p.name}" for p in CONCERNS.glob("*.pxi"))


def test_the_parser_reads_the_real_files() -> None:
    assert {"flush_rank", "Hole", "OFF_DECK", "CardState", "simd_rows", "omaha_high"} <= defined(CONCERNS / "core.pxi")
    assert "exact_range_showdowns" in defined(CONCERNS / "equity.pxi")
    assert "exact_range_showdowns" not in used(CONCERNS / "sampling.pxi")  # named in a docstring only


@pytest.mark.parametrize(
    "concern, steps",
    [
        ("sampling", ["sampled_showdowns", "sample_blocks", "deck_blocks", "alias_draw", "deal_trial", "take", "draw"]),
        (
            "equity",
            [
                "exact_showdowns",
                "exact_deal_showdowns",
                "exact_range_showdowns",
                "combo_showdowns",
                "heads_up",
                "deal_live",
            ],
        ),
    ],
)
def test_the_pure_twin_names_its_steps_as_the_compiled_one(concern: str, steps: list[str]) -> None:
    # The pair reads side by side: each step of the compiled include has a pure twin of its name.
    compiled = defined(CONCERNS / f"{concern}.pxi")
    pure = {
        node.name
        for node in ast.parse((SOURCE / "_eval_py" / f"{concern}.py").read_text()).body
        if isinstance(node, ast.FunctionDef)
    }
    assert set(steps) <= compiled, sorted(set(steps) - compiled)
    assert set(steps) <= pure, sorted(set(steps) - pure)
