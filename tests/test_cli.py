"""The command line, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from handrank.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handrank", *args], capture_output=True, text=True)


def test_eval_prints_rank_class_and_best_five() -> None:
    out = run("eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert out.returncode == 0
    assert "rank 1 of 7462" in out.stdout and "Royal Flush" in out.stdout
    assert "best five: As Ks Qs Js Ts" in out.stdout


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--json", "7s 5h 4d 3c 2s"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rank"] == 7462 and result["class"] == "High Card" and result["strength"] == 1


@pytest.mark.parametrize("args", [["eval", "As", "Kx", "Qs", "Js", "Ts"], ["eval", "As", "As", "Qs", "Js", "Ts"], ["eval", "As"]])
def test_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("handrank: error:")
    assert "Traceback" not in out.stderr


def test_info_names_the_evaluator() -> None:
    out = run("info")
    assert out.returncode == 0 and ("cython evaluator" in out.stdout or "python evaluator" in out.stdout)
