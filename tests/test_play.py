"""``handrank play`` as a player types at it: whole words and shorthands, the all-in question,
and the table shown at every turn."""

from __future__ import annotations

import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from typing import Optional

import pytest
from conftest import scripted_input

from handrank.play import play


def _play(*lines: str) -> str:
    """Three seats, the button on seat 2: you are the small blind, facing the big blind."""
    out = io.StringIO()
    play(3, seed=3, button=2, cut=False, read=scripted_input(*lines), out=out)
    return out.getvalue()


def test_check_is_not_a_call_and_the_shorthands_work() -> None:
    text = _play("check", "c", "x", "x", "x", "x")
    assert "not allowed: seat 0 faces a bet of 1: call, raise or fold" in text  # 'check' never calls
    assert "seat 0 (you, SB) 199" in text and "(BTN)" in text and "(BB)" in text


def test_all_in_asks_first() -> None:
    prompts: list[str] = []
    lines = iter(["a", "n", "all-in", "y"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(lines)

    out = io.StringIO()
    play(3, seed=3, button=2, cut=False, read=read, out=out)
    assert prompts[:4] == ["action> ", "all-in for 200? (y/n) ", "action> ", "all-in for 200? (y/n) "]
    assert out.getvalue().count("not all-in, then") == 1 and "your net" in out.getvalue()


def test_pot_and_min_size_a_raise() -> None:
    # The button calls: 5 in the pot, 1 to call, so a pot-sized raise goes to 2 + (5 + 1) = 8, and
    # both call it; a minimum raise goes to 4.
    assert "flop: board 7♥ J♣ 4♥, pot 24; seat 0 (you, SB) 192" in _play("pot", "x", "x", "x", "x")
    assert "flop: board 7♥ J♣ 4♥, pot 12; seat 0 (you, SB) 196" in _play("r min", "x", "x", "x", "x")
    assert "b needs an amount to go to, e.g. 'b 20' or 'b pot'" in _play("b lots", "f")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed: the terminal test needs it")
@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""), reason="tmux is not what the sanitizer run checks")
def test_play_in_a_real_terminal() -> None:
    session = f"handrank-play-{os.getpid()}"
    command = f"{shlex.quote(sys.executable)} -m handrank play --seed 3 --button 2 --no-cut; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "220", "-y", "60", command], check=True)
    try:

        def screen_after(keys: Optional[str], expected: str) -> str:
            if keys is not None:
                subprocess.run(["tmux", "send-keys", "-t", session, keys, "Enter"], check=True)
            for _ in range(100):
                text = subprocess.run(
                    ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True, check=True
                ).stdout
                if expected in text:
                    return text
                time.sleep(0.05)
            raise AssertionError(f"{expected!r} never showed; the screen:\n{text}")

        first = screen_after(None, "action>")  # the game waits for you at a real prompt (tmux trims the space)
        assert "seat 0 (you, SB) 199" in first
        screen_after("check", "not allowed: seat 0 faces a bet of 1: call, raise or fold")
        screen_after("a", "all-in for 200? (y/n)")
        screen_after("n", "not all-in, then")
        screen_after("q", "bye")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_stud_and_draw_games_are_played_with_their_own_moves() -> None:
    from handrank.engine import Stakes
    from handrank.games import DEUCE_TO_SEVEN_TRIPLE_DRAW, RAZZ

    out = io.StringIO()
    lines = ["b 1", "c", "x", "x", "x", "x", "x", "x", "x", "x"]
    play(3, seed=5, button=2, cut=False, read=scripted_input(*lines), out=out, game=RAZZ, stakes=Stakes.stud(1, 1, 4))
    text = out.getvalue()
    assert (
        text.startswith("Razz (seven-card stud, ace-to-five low), fixed-limit.")
        and "ante 1, bring-in 1, bets 4" in text
    )
    assert "showing" in text and " low" in text  # the up cards at the table, a low at the showdown
    out = io.StringIO()
    lines = ["c", "Zz", "As As", "", "x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]
    stakes = Stakes(1, 2, limit="fixed-limit")
    play(
        3,
        seed=3,
        button=2,
        cut=False,
        read=scripted_input(*lines),
        out=out,
        game=DEUCE_TO_SEVEN_TRIPLE_DRAW,
        stakes=stakes,
    )
    text = out.getvalue()
    assert "you may draw" in text and "not allowed: invalid card 'Zz'" in text and "not allowed: duplicate card" in text
    assert "seat 1 draws" in text or "seat 1 stands pat" in text


def test_jacks_or_better_is_dealt_again_when_no_one_opens() -> None:
    from handrank.engine import Stakes
    from handrank.games import JACKS_OR_BETTER

    out = io.StringIO()
    play(
        3,
        seed=0,
        button=2,
        cut=False,
        read=scripted_input(*["x"] * 6),
        out=out,
        game=JACKS_OR_BETTER,
        stakes=Stakes(0, 2, ante=1),
    )
    text = out.getvalue()
    assert "Five-card draw, jacks or better to open, no-limit" in text and "ante 1, bets 2" in text
    assert "no one opened: everyone antes again; your new cards" in text


def test_a_short_pack_is_cut_within_its_own_size() -> None:
    from handrank.games import ROYAL_HOLDEM

    out = io.StringIO()
    play(3, seed=2, button=1, read=scripted_input("16", "12", "f", "f"), out=out, game=ROYAL_HOLDEM, hands=1)
    text = out.getvalue()
    assert "a cut leaves at least 5 cards in each part: 5 to 15" in text and "you cut 12 cards" in text
    assert "Royal hold'em (ten to ace), no-limit" in text


def test_each_street_is_announced_the_moves_read_as_typed_and_shown_cards_as_the_board() -> None:
    out = io.StringIO()
    play(3, seed=4, button=2, cut=False, read=scripted_input("c", "x", "f"), out=out, hands=1)
    text = out.getvalue()
    you_may = [line for line in text.splitlines() if line.startswith("you may")]
    assert you_may and all("all_in" not in line for line in you_may) and "all-in" in you_may[0]
    assert "*** flop: board " in text and "*** turn: board " in text  # the turn came after you folded
    assert text.index("*** flop") < text.index("*** turn") < text.index("*** river")
    assert re.search(r"seat \d shows [2-9TJQKA][♠♥♦♣] [2-9TJQKA][♠♥♦♣]: ", text), text
