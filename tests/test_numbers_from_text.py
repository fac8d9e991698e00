"""Numbers read from text are ASCII digits, in every reader: digits of another script (``int`` and
``str.isdigit`` take them) are refused, never read as the number they look like."""

from __future__ import annotations

import argparse
import io

import pytest

from handrank import Range
from handrank._numbers import whole_number
from handrank.cli import parser
from handrank.cli._common import integer, positive
from handrank.history import phh
from handrank.play import play

THREE = "\u0663"  # ARABIC-INDIC DIGIT THREE: int(THREE) == 3


def test_whole_numbers_are_ascii_digits() -> None:
    assert int(THREE) == 3 and THREE.isdigit()  # what Python alone would read
    assert whole_number(THREE) is None and whole_number("\u00b2") is None and whole_number("1" + THREE) is None
    assert whole_number("12") == 12 and whole_number("-4") == -4


def _number_options() -> list[tuple[str, str]]:
    """Every command's option that takes a whole number, found in the parser itself."""
    found = []
    commands = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.type in (integer, positive) and action.option_strings:
                found.append((name, action.option_strings[0]))
    return found


@pytest.mark.parametrize(("command", "option"), _number_options())
def test_every_number_option_of_the_command_line_refuses_other_digits(command: str, option: str) -> None:
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args([command, option, THREE])
    assert exit_.value.code == 2


def test_the_command_line_has_number_options_to_check() -> None:
    assert len(_number_options()) >= 15


def test_range_weights_and_hand_histories_refuse_other_digits() -> None:
    for text in (f"JJ:0.{THREE}", f"0.{THREE}(AA)"):
        with pytest.raises(ValueError):
            Range(text)
    with pytest.raises(ValueError, match="is not a PHH action"):
        phh.from_dict({"variant": "NT", "starting_stacks": [10, 10], "actions": [f"p1 cbr {THREE}"]}, "x.phh")


def test_play_reads_amounts_and_cuts_in_ascii_digits() -> None:
    # A bet typed in another script's digits is refused and asked again; so is a cut.
    typed = iter([f"bet {THREE}"] + ["fold"] * 20)
    out = io.StringIO()
    play(seats=2, hands=1, seed=1, read=lambda _: next(typed), out=out)
    assert "bet needs an amount to go to" in out.getvalue()
    asked: list[str] = []
    answers = iter([f"1{THREE}", "n", "q"])

    def read(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    out = io.StringIO()
    play(seats=3, hands=1, seed=1, read=read, out=out, cut=True, button=1)
    assert [p.startswith("cut>") for p in asked[:3]] == [True, True, False] and "you cut" not in out.getvalue()
