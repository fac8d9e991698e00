"""The examples of the README and of every documentation page run, each block in a namespace of
its own (as a reader pastes it alone), and give the values their comments show."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import pure_only

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_LITERAL = re.compile(r"^(-?\d[\d_.]*|'[^']*'|\[[^\]]*\]|\{[^}]*\}|True|False|None|\(\[[^)]*\)\))")


def _expected(comment: str) -> object:
    m = _LITERAL.match(comment.strip())
    if not m:
        raise ValueError
    return ast.literal_eval(m.group(1))


def _agrees(value: object, expected: object) -> bool:
    if isinstance(expected, float) and isinstance(value, float):
        places = len(repr(expected).split(".")[1])
        return abs(value - expected) <= 0.5 * 10**-places
    return value == expected


def run_page(page: Path) -> tuple[int, int]:
    """Run a page's ``python`` blocks; (blocks, values checked against their comments)."""
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    checked = 0
    for block in blocks:
        namespace: dict[str, object] = {}  # each block alone: it imports what it uses
        tree = ast.parse(block)
        lines = block.splitlines()
        for node in tree.body:
            code = compile(ast.Module([node], []), str(page), "exec")
            line = lines[node.end_lineno - 1]  # type: ignore[operator]
            comment = line.split("  # ", 1)[1] if "  # " in line else ""
            if isinstance(node, ast.Expr) and comment and "print" not in ast.unparse(node):
                value = eval(compile(ast.Expression(node.value), str(page), "eval"), namespace)
            else:
                exec(code, namespace)
                if not (isinstance(node, ast.Assign) and comment and len(node.targets) == 1):
                    continue
                value = eval(ast.unparse(node.targets[0]), namespace)
            try:
                expected = _expected(comment)
            except (ValueError, SyntaxError):
                continue
            assert _agrees(value, expected), f"{page.name} line {line.strip()!r} gives {value!r}"
            checked += 1
    return len(blocks), checked


def test_every_page_has_a_page_of_its_own_in_the_list() -> None:
    assert any(p.name == "README.md" for p in PAGES) and len(PAGES) >= 15, PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_examples(page: Path, request: pytest.FixtureRequest) -> None:
    if pure_only(request.config):
        pytest.skip("the pages show what the default, compiled install gives")
    if page.parent.name == "guides" and page.stem == "dask":
        pytest.importorskip("dask", reason="the Dask guide needs dask (pip install 'handrank[dask]')")
    run_page(page)


def test_the_examples_check_enough_values(request: pytest.FixtureRequest) -> None:
    """Across the README and the pages: at least as many blocks and checked values as the README alone had."""
    if pure_only(request.config):
        pytest.skip("the pages show what the default, compiled install gives")
    results = [run_page(p) for p in PAGES if not (p.stem == "dask" and p.parent.name == "guides")]
    assert sum(b for b, _ in results) >= 8
    assert sum(c for _, c in results) >= 20


def console_samples() -> list[tuple[str, str, str]]:
    """``(page, command, output)`` for every ``$ handrank ...`` line of a ``console`` block of the pages."""
    samples = []
    for page in PAGES:
        for block in re.findall(r"```console\n(.*?)```", page.read_text(), re.S):
            for sample in re.split(r"\n(?=\$ )", block.strip()):
                command, _, output = sample.partition("\n")
                samples.append((page.name, command.removeprefix("$ "), output))
    return samples


@pytest.mark.parametrize("page, command, output", console_samples(), ids=lambda v: v if " " not in v else None)
def test_console_samples_print_what_the_pages_show(
    page: str, command: str, output: str, request: pytest.FixtureRequest
) -> None:
    if pure_only(request.config):
        pytest.skip("the pages show what the default, compiled install gives")
    import shlex
    import subprocess
    import sys

    words = shlex.split(command)
    assert words[0] == "handrank", command
    done = subprocess.run([sys.executable, "-m", "handrank", *words[1:]], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip() == output.rstrip(), f"{page}: {command}"
