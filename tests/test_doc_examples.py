"""README's examples run, in order, and give the values their comments show."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from conftest import pure_only

README = Path(__file__).resolve().parents[1] / "README.md"
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


def test_readme_examples(request: pytest.FixtureRequest) -> None:
    if pure_only(request.config):
        pytest.skip("the README shows what the default, compiled install gives")
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert len(blocks) >= 8
    namespace: dict[str, object] = {}
    checked = 0
    for block in blocks:
        tree = ast.parse(block)
        lines = block.splitlines()
        for node in tree.body:
            code = compile(ast.Module([node], []), "README.md", "exec")
            line = lines[node.end_lineno - 1]  # type: ignore[operator]
            comment = line.split("  # ", 1)[1] if "  # " in line else ""
            if isinstance(node, ast.Expr) and comment and "print" not in ast.unparse(node):
                value = eval(compile(ast.Expression(node.value), "README.md", "eval"), namespace)
            else:
                exec(code, namespace)
                if not (isinstance(node, ast.Assign) and comment and len(node.targets) == 1):
                    continue
                value = eval(ast.unparse(node.targets[0]), namespace)
            try:
                expected = _expected(comment)
            except (ValueError, SyntaxError):
                continue
            assert _agrees(value, expected), f"README line {line.strip()!r} gives {value!r}"
            checked += 1
    assert checked >= 20
