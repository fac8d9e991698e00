"""The command line, run as a user runs it."""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import pure_only

import handrank
from handrank import DECK, HandClass, evaluate
from handrank.cli import main


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "handrank", *args], capture_output=True, text=True, env=env)


def test_eval_prints_description_rank_and_best_five() -> None:
    out = run("eval", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "As Ks Qs Js Ts 2c 3d: Royal flush"
    assert "rank 1 of 7462" in out.stdout and "best five: As Ks Qs Js Ts" in out.stdout


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "--json", "7s 5h 4d 3c 2s"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rank"] == 7462 and result["class"] == "High Card" and result["strength"] == 1
    assert result["description"] == "Seven-five high"


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As", "Kx", "Qs", "Js", "Ts"],
        ["eval", "As", "As", "Qs", "Js", "Ts"],
        ["eval", "As"],
        ["showdown", "--board", "As Kd", "--hands", "Ah Kh"],
        ["crosscheck", "nosuchpeer"],
        ["crosscheck", "no_such_module_xyz:f", "--sample", "5"],
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str]) -> None:
    out = run(*args)
    assert out.returncode == 2, out.stderr
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("handrank: error:")
    assert "Traceback" not in out.stderr


def test_info_names_the_evaluator() -> None:
    out = run("info")
    assert out.returncode == 0 and ("cython evaluator" in out.stdout or "python evaluator" in out.stdout)


def test_stats_are_computed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--cards", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["hands"] == 2598960 and result["schema"] == 1
    assert sum(result["classes"].values()) == result["hands"]  # the classes add up; royal flushes apart
    assert result["royal_flushes"] == 4 and result["classes"]["Straight Flush"] == 40
    assert result["classes"]["Four of a Kind"] == 624
    assert main(["stats", "--cards", "7"]) == 0
    text = capsys.readouterr().out
    assert "133,784,560" in text and "4,324" in text


def test_showdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["showdown", "--board", "As Kd 7c 2h 3s", "--hands", "Ah Kh", "Qs Qd", "Ac Kc", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [h["wins"] for h in result["hands"]] == [True, False, True]
    assert result["hands"][0]["description"] == "Aces over kings"


def _write_peer(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "mypeer.py").write_text(
        textwrap.dedent("""
        from handrank import evaluate, cards

        def good(hand):            # strings, higher is better
            return 10_000 - evaluate(hand)

        def wheel_bug(hand):       # treys ints, lower is better, but the wheel ranked as the best straight
            rank = evaluate(hand)
            return 1599.5 if rank == 1609 else rank
    """)
    )
    return dict(os.environ, PYTHONPATH=str(tmp_path))


def test_crosscheck_a_correct_evaluator(tmp_path: Path) -> None:
    env = _write_peer(tmp_path)
    out = run(
        "crosscheck",
        "mypeer:good",
        "--better",
        "higher",
        "--card-form",
        "str",
        "--sample",
        "3000",
        "--seed",
        "1",
        env=env,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3,000 5-card hands checked" in out.stdout and "no disagreement" in out.stdout


def test_crosscheck_finds_the_wheel_bug(tmp_path: Path) -> None:
    env = _write_peer(tmp_path)
    # --force: what is checked here is the finding, not the estimate, which a busy machine can push
    # past the limit (the refusal has its own test).
    out = run("crosscheck", "mypeer:wheel_bug", "--exhaustive", "--force", env=env)
    assert out.returncode == 1
    assert "order: handrank ranks" in out.stdout and "Five-high straight (wheel)" in out.stdout
    assert "2,598,960 5-card hands checked" in out.stdout


def test_crosscheck_the_installed_peers() -> None:
    peers = [p for p in ("treys", "phevaluator", "eval7", "pkrbot", "pokerkit") if _installed(p)]
    if not peers:
        pytest.skip("no peer installed (pip install treys phevaluator eval7 pkrbot pokerkit)")
    for peer in peers:
        out = run(
            "crosscheck", peer, "--cards", "7", "--sample", "2000" if peer != "pokerkit" else "200", "--seed", "3"
        )
        assert out.returncode == 0, out.stdout + out.stderr
        assert "no disagreement" in out.stdout


def _installed(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def test_table_npy(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    path = tmp_path / "hands.npy"
    assert main(["table", "--cards", "5", "--format", "npy", "-o", str(path)]) == 0
    table = np.load(path)
    assert len(table) == 2598960
    assert np.count_nonzero(table["class"] == HandClass.FOUR_OF_A_KIND) == 624
    for row in table[::99991]:
        assert evaluate([DECK[i] for i in row["cards"]]) == row["rank"]


@pytest.mark.exhaustive
def test_table_csv(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    assert main(["table", "--cards", "5", "-o", str(path)]) == 0
    lines = path.read_text().splitlines()
    assert lines[0] == "card1,card2,card3,card4,card5,rank,class"
    assert len(lines) == 2598960 + 1
    first = lines[1].split(",")
    assert first[:5] == ["2c", "2d", "2h", "2s", "3c"] and int(first[5]) == evaluate(first[:5])
    assert sum(1 for line in lines if line.endswith(",Royal Flush")) == 4


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--game", "omaha", "As", "Ks", "2d", "3d", "Qs", "Js", "Ts"], {"rank": 1, "description": "Royal flush"}),
        (["--game", "2-7", "7s 5h 4d 3c 2s"], {"rank": 1, "of": 7462, "description": "Seven-five low (number one)"}),
        (["--game", "a-6", "6s 4h 3d 2c As"], {"rank": 1, "of": 7462}),
        (["--game", "razz", "As 2s 3d 4c 7h Kd Kh"], {"rank": 7, "of": 6175, "description": "Seven-four low"}),
        (["--game", "omaha", "As 2c Kd Kh 3d 4h 5s 9c 9d"], {"low": 1}),
        (["--game", "short-deck", "As 6s 7s 8s 9s Kd"], {"rank": 6, "of": 1404, "best_five": "As 9s 8s 7s 6s"}),
        (["--game", "short-deck", "6h 6d 6c 7s 8d 9s Ts"], {"description": "Three sixes"}),
        (["--game", "short-deck-straight-over-trips", "6h 6d 6c 7s 8d 9s Ts"], {"description": "Ten-high straight"}),
        (["--game", "badugi", "7c 5c 3h 2s"], {"rank": 722, "of": 1092, "plays": "5c 3h 2s"}),
    ],
)
def test_eval_games(capsys: pytest.CaptureFixture[str], args: list[str], expected: dict[str, object]) -> None:
    assert main(["eval", "--json", *args]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {k: result[k] for k in expected} == expected


def test_eval_with_jokers_and_wild_cards(capsys: pytest.CaptureFixture[str]) -> None:
    from handrank.wild import evaluate_wild

    assert main(["eval", "As", "Ad", "Ac", "Ah", "🃏"]) == 0
    assert capsys.readouterr().out.startswith("As Ad Ac Ah Jk: Five aces\nrank 1 of 7475")
    assert main(["eval", "As", "Ks", "Qs", "Js", "Jk"]) == 0
    assert capsys.readouterr().out.endswith("best five: As Ks Qs Js [Ts]\n")  # the joker is the ten
    assert main(["eval", "--json", "--wild", "2", "Kh Qh Jh 2c 9s"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["description"] == "King-high straight" and result["wild"] == "2"
    assert result["rank"] == evaluate_wild("Kh Qh Jh 2c 9s", wild="2") and result["of"] == 7475
    assert main(["eval", "--json", "--bug", "Kh", "Kd", "7c", "4s", "xx"]) == 0
    bugged = json.loads(capsys.readouterr().out)
    assert bugged["description"] == "Pair of kings" and bugged["best_five"] == "Kh Kd [As] 7c 4s"
    assert main(["eval", "--game", "a-5", "--wild", "2", "As 2d 3c 4h 5s"]) == 2
    assert "--wild and --bug are for high hands" in capsys.readouterr().err


def test_eval_from_several_decks(capsys: pytest.CaptureFixture[str]) -> None:
    from handrank.decks import evaluate_decks

    assert main(["eval", "--decks", "2", "As", "As", "Ks", "Qs", "Js", "2d", "2c"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("As As Ks Qs Js 2d 2c, 2 decks: Flush, ace-ace-king-queen-jack\n")
    assert f"rank {evaluate_decks('As As Ks Qs Js 2d 2c')} of 12051" in out and out.endswith("As As Ks Qs Js\n")
    assert main(["eval", "--json", "--decks", "6", "Kh Kh Kd Kc 7s 9c"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["best_five"] == "Kh Kh Kd Kc 9c" and result["decks"] == 6 and result["of"] == 12_051
    assert result["rank"] == evaluate_decks("Kh Kh Kd Kc 7s 9c", decks=6)
    assert main(["eval", "--decks", "1", "As As Ks Qs Js"]) == 2
    assert "As is held 2 times; 1 deck holds it once" in capsys.readouterr().err
    assert main(["eval", "--decks", "2", "--wild", "2", "As Ks Qs Js 2c"]) == 2
    assert "--decks is for high hands of plain cards" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["eval", "--decks", "0", "As Ks Qs Js Tc"])
    assert "expected 1 or more" in capsys.readouterr().err


def test_eval_razz_needs_seven() -> None:
    out = run("eval", "--game", "razz", "As 2s 3d 4c 7h")
    assert out.returncode == 2 and "razz takes 7 cards, got 5" in out.stderr


@pytest.mark.parametrize(
    "peer, game",
    [
        ("phevaluator", "omaha"),
        ("pokerkit", "2-7"),
        ("pokerkit", "a-5"),
        ("pokerkit", "short-deck-straight-over-trips"),
        ("pokerkit", "badugi"),
    ],
)
def test_crosscheck_games(peer: str, game: str) -> None:
    if not _installed(peer):
        pytest.skip(f"{peer} is not installed (pip install {peer})")
    out = run("crosscheck", peer, "--game", game, "--sample", "3000", "--seed", "5")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3,000" in out.stdout and "no disagreement" in out.stdout


def test_crosscheck_game_a_peer_lacks() -> None:
    out = run("crosscheck", "treys", "--game", "a-6", "--sample", "10")
    assert out.returncode == 2 and "treys has no a-6 evaluator" in out.stderr
    out = run("crosscheck", "pokerkit", "--game", "short-deck", "--sample", "10")
    assert out.returncode == 2 and "check it against short-deck-straight-over-trips" in out.stderr


def test_crosscheck_deals_from_the_games_deck() -> None:
    # Short deck's hands come from its 36 cards; badugi's are four cards; every one, when asked.
    from handrank import crosscheck as xc

    short = list(xc.hands(5, 500, 3, xc.SHORT_DECK.deck))
    assert all(min(h) >= 16 for h in short) and len(short) == 500
    assert sum(1 for _ in xc.hands(4, None, None, xc.SHORT_DECK.deck)) == 58_905
    assert xc.check(xc.Peer("copy", xc.BADUGI.value, "index"), xc.hands(4, 2000, 1), 5, None, "badugi").found == 0


def test_equity_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QQ+, AKs", "--board", "2c 7d 9h", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["exact"] and result["boards"] > 0
    assert sum(p["equity"] for p in result["players"]) == pytest.approx(1.0)
    assert main(["equity", "AhKh", "QsQd", "--trials", "5000", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "Monte Carlo, 5,000 trials" in text and "±" in text


def test_equity_bad_range_exits_2() -> None:
    out = run("equity", "AhKh", "QQ+ x")
    assert out.returncode == 2 and "bad range part" in out.stderr


def test_play_a_hand_from_piped_input() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "handrank", "play", "--seed", "3", "--button", "2", "--no-cut"],
        input="c\nk\nk\nk\n",
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "your cards" in out.stdout and "shows" in out.stdout and "you finish" in out.stdout


def test_play_refuses_bad_actions_and_stops_at_eof() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "handrank",
            "play",
            "--seed",
            "5",
            "--seats",
            "2",
            "--hands",
            "2",
            "--button",
            "1",
            "--no-cut",
        ],
        input="dance\nr 9999\nc 5\n",
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("not allowed:") == 3 and "bye" in out.stdout
    assert "'dance' is no action here" in out.stdout and "c takes no amount" in out.stdout


def test_play_several_hands_moves_the_button() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "handrank", "play", "--seed", "1", "--hands", "3", "--button", "2", "--no-cut"],
        input="f\n" * 40 + "k\n" * 40,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    buttons = [line.split("button seat ")[1].split(";")[0] for line in out.stdout.splitlines() if "--- hand" in line]
    assert buttons == ["2", "0", "1"]


def test_play_draws_for_the_button_and_cuts_each_deal() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "handrank", "play", "--seed", "2", "--hands", "3", "--draw", "first-jack"],
        input="\n" * 3 + "f\n" * 40,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    drawn = [line for line in out.stdout.splitlines() if line.startswith("drawing for the button:")]
    assert len(drawn) == 1 and "(first jack)" in drawn[0]
    buttons = [
        int(line.split("button seat ")[1].split(";")[0]) for line in out.stdout.splitlines() if "--- hand" in line
    ]
    assert buttons[0] == int(drawn[0].split("seat ")[-1].split()[0])
    cuts = [line for line in out.stdout.splitlines() if line.startswith(("you cut ", "seat ")) and " cut" in line]
    cutters = [0 if line.startswith("you") else int(line.split()[1]) for line in cuts]
    assert cutters == [(button - 1) % 3 for button in buttons]  # the seat right of each hand's button


def test_play_refuses_a_bad_draw_method_or_button() -> None:
    for option in (["--draw", "best"], ["--button", "3"]):
        out = subprocess.run(
            [sys.executable, "-m", "handrank", "play", *option], input="", capture_output=True, text=True
        )
        assert out.returncode == 2 and ("unknown draw method 'best'" in out.stderr or "--button must be" in out.stderr)


def test_crosscheck_counts_disagreements_it_does_not_show(tmp_path: Path) -> None:
    env = _write_peer(tmp_path)
    out = run("crosscheck", "mypeer:wheel_bug", "--sample", "300000", "--seed", "1", "--show", "0", "--force", env=env)
    assert out.returncode == 1, out.stdout
    assert "order: handrank ranks" not in out.stdout
    assert "disagreements found (" in out.stdout and ", 0 shown)" in out.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here (a Linux device that is always full)")
@pytest.mark.parametrize("form", ["csv", "npy"])
def test_table_says_so_when_the_write_fails(form: str) -> None:
    out = run("table", "--cards", "5", "--format", form, "-o", "/dev/full")
    assert out.returncode == 2, out.stderr
    assert "wrote" not in out.stderr and "handrank: error:" in out.stderr
    assert not os.path.exists("/dev/full.npy")


def test_table_writes_a_file_it_can_read_back(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    path = tmp_path / "hands"  # no .npy suffix: the file is written where it was asked for
    out = run("table", "--cards", "5", "--format", "npy", "-o", str(path))
    assert out.returncode == 0, out.stderr
    table = np.load(path)
    assert len(table) == 2_598_960 and table["rank"].min() == 1 and table["rank"].max() == 7462


def test_version_and_help_show_what_they_should() -> None:
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"handrank {handrank.__version__}"
    out = run("play", "--help")
    assert "(default: 200)" in out.stdout and "(default: 1/2)" in out.stdout
    assert "3 the peer failed" in " ".join(run("--help").stdout.split())


def test_crosscheck_exit_codes_tell_bad_input_from_a_failing_peer(tmp_path: Path) -> None:
    (tmp_path / "peers.py").write_text(
        textwrap.dedent("""
        def crash(hand):
            raise RuntimeError("no such card")

        def words(hand):
            return "ab"[len(hand) % 2] if hand[0] % 2 else 3

        def leaves(hand):
            raise SystemExit(7)
    """)
    )
    (tmp_path / "broken.py").write_text("raise NameError('oops')\n")
    (tmp_path / "exits.py").write_text("import sys\nsys.exit(7)\n")

    def cross(*args: str) -> subprocess.CompletedProcess[str]:  # from the peers' own folder, no PYTHONPATH
        return subprocess.run(
            [sys.executable, "-m", "handrank", "crosscheck", *args], capture_output=True, text=True, cwd=tmp_path
        )

    out = cross("peers:crash", "--sample", "10")
    assert out.returncode == 3 and "peers:crash raised RuntimeError: no such card on the hand" in out.stderr
    out = cross("peers:leaves", "--sample", "10")  # a peer's exit is the peer failing, not handrank's status
    assert out.returncode == 3 and "peers:leaves raised SystemExit: 7" in out.stderr
    out = cross("exits:rank", "--sample", "10")
    assert out.returncode == 2 and "importing 'exits' raised SystemExit: 7" in out.stderr
    out = cross("peers:typo", "--sample", "10")
    assert out.returncode == 2 and "peers has no function 'typo'" in out.stderr
    out = cross("broken:rank", "--sample", "10")
    assert out.returncode == 2 and "importing 'broken' raised NameError: oops" in out.stderr
    out = cross("nosuchmodule:rank", "--sample", "10")
    assert out.returncode == 2 and "cannot import 'nosuchmodule'" in out.stderr
    for bad in (["--sample", "0"], ["--sample", "-3"], ["--seed", "4"]):
        out = cross("treys", "--cards", "7", *bad)
        assert out.returncode == 2 and "Traceback" not in out.stderr, bad
    assert "--seed seeds --sample" in cross("treys", "--cards", "7", "--seed", "4").stderr


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "handrank", "table", "--cards", "5", "-o", "/dev/stdout"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline()
    process.stdout.close()  # as head -1 does
    _, errors = process.communicate(timeout=120)
    assert process.returncode == 0 and b"Broken pipe" not in errors and b"Traceback" not in errors


def test_play_refuses_bad_numbers() -> None:
    for option in (["--hands", "0"], ["--stack", "-5"], ["--hands", "x"]):
        out = run("play", *option)
        assert out.returncode == 2 and "expected" in out.stderr, option


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="peak memory is read from Linux's /proc")
@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""), reason="AddressSanitizer's shadow memory counts")
def test_the_seven_card_table_streams_to_disk_in_bounded_memory(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if pure_only(request.config):
        pytest.skip("pure-only run: 133,784,560 hands take the compiled batch evaluator")
    np = pytest.importorskip("numpy", reason="numpy is not installed")
    target = tmp_path / "seven.npy"
    script = (  # VmHWM: this process's peak resident memory (ru_maxrss would count the forking parent's)
        "import sys; from handrank.cli import main; code = main(sys.argv[1:]); "
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM'))); sys.exit(code)"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, "table", "--cards", "7", "--format", "npy", "-o", str(target)],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.split()[-1]) < 160 * 1024, f"peak memory {int(out.stdout.split()[-1]) // 1024} MB"
    table = np.load(target, mmap_mode="r")
    assert table.shape == (133_784_560,) and list(table[0]["cards"]) == [0, 1, 2, 3, 4, 5, 6]
    for i in (0, 1, 99_999_999, 133_784_559):
        hand = [handrank.from_index(int(c)) for c in table[i]["cards"]]
        assert table[i]["rank"] == evaluate(hand) and table[i]["class"] == int(handrank.hand_class(evaluate(hand)))


def test_exact_equity_that_would_take_hours_is_refused_with_an_estimate() -> None:
    out = run("equity", "AhKh", "QQ+", "random", "random", "--exact")
    assert out.returncode == 2 and re.search(r"exact enumeration would take about [\d,]+ (hours|days)", out.stderr)
    assert "--force" in out.stderr and "Traceback" not in out.stderr
    out = run("equity", "AhKh", "QsQd", "--exact")  # a second's work or less: no question asked
    assert out.returncode == 0 and "exact, 1,712,304 boards" in out.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="Ctrl-C is sent as SIGINT")
@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QQ+", "random", "random", "--exact", "--force"],
        ["equity", "AhKh", "random", "random", "--trials", "100000000000", "--seed", "1", "--force"],
        ["table", "--cards", "7", "-o", "{tmp}/seven.csv", "--force"],
        ["crosscheck", "{peer}:rank", "--cards", "7", "--sample", "1000000000", "--force"],
    ],
    ids=["exact equity", "monte carlo", "table", "crosscheck"],
)
def test_ctrl_c_stops_long_work_within_a_second(args: list[str], tmp_path: Path) -> None:
    (tmp_path / "slowpeer.py").write_text(
        "from handrank import evaluate\n\ndef rank(hand):\n    return evaluate(hand)\n"
    )
    args = [a.replace("{tmp}", str(tmp_path)).replace("{peer}", "slowpeer") for a in args]
    process = subprocess.Popen(
        [sys.executable, "-m", "handrank", *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_ctrl_c_as_on_a_terminal,
    )
    try:
        time.sleep(2)  # well into the work
        assert process.poll() is None, "the work ended before it could be interrupted"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, errors = process.communicate(timeout=30)
        assert time.monotonic() - sent < 1.0 and process.returncode == 130, errors
        assert b"handrank: interrupted" in errors and b"Traceback" not in errors
    finally:
        if process.poll() is None:  # a failed check must not leave forced work running for hours
            process.kill()
            process.communicate()


def _ctrl_c_as_on_a_terminal() -> None:
    """A run in the background hands its children SIGINT ignored, and Python then never raises
    KeyboardInterrupt: the command gets Ctrl-C's default, as a terminal gives it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_progress_shows_the_rate_and_the_time_left_on_a_terminal(tmp_path: Path) -> None:
    leader, follower = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "handrank", "table", "--cards", "6", "-o", str(tmp_path / "six.csv"), "--force"],
        stdout=subprocess.DEVNULL,
        stderr=follower,
    )
    os.close(follower)
    seen = b""
    while b"left" not in seen and process.poll() is None:
        seen += os.read(leader, 4096)
    process.kill()
    process.wait()
    os.close(leader)
    assert re.search(rb"wrote [\d,]+ of 20,358,520 \(\d+ %\) at [\d,]+/s, about .+ left", seen), seen[-200:]


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_slow_progress_line_shows_its_rate(capsys: pytest.CaptureFixture[str]) -> None:
    from handrank.cli._common import Progress

    progress = Progress(100, "equity: part")
    progress.active, progress.start = True, progress.start - 50.0  # seven parts in fifty seconds
    progress(7)
    line = capsys.readouterr().err
    assert "equity: part 7 of 100 (7 %) at 0.14/s, about 11 minutes left" in line, line


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QQ+, AKs", "random", "--trials", "400000", "--seed", "3"],
        ["equity", "AhKh", "QsQd", "7c7d", "--exact"],
        ["stats", "--cards", "6"],
    ],
)
def test_equity_and_stats_show_progress_on_a_terminal_and_print_the_same(args: list[str]) -> None:
    """On a terminal the work runs in parts with a progress line; the answer printed is the same."""
    plain = subprocess.run([sys.executable, "-m", "handrank", *args], capture_output=True, text=True, check=True)
    leader, follower = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "handrank", *args], stdout=subprocess.PIPE, stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the command ended
            break
        if not chunk:
            break
        seen += chunk
    out, _ = process.communicate(timeout=120)
    os.close(leader)
    assert process.returncode == 0
    what = rb"counting: step" if args[0] == "stats" else rb"equity: counted"
    assert re.search(what + rb" [\d,]+ of [\d,]+ \(\d+ %\) at [\d,.]+/s", seen), seen[-300:]
    assert out.decode() == plain.stdout


@pytest.mark.parametrize(
    "args, what",
    [
        (["equity", "AhKh", "random", "--trials", "100000000000"], "100,000,000,000 trials would take about"),
        (["crosscheck", "treys", "--cards", "7", "--exhaustive"], "checking 133,784,560 hands would take about"),
        (["table", "--cards", "7", "-o", "seven.csv"], "133,784,560 rows of csv would take about"),
    ],
)
def test_long_work_is_estimated_up_front_and_refused_unless_forced(args: list[str], what: str, tmp_path: Path) -> None:
    if args[0] == "crosscheck":
        pytest.importorskip("treys", reason="treys is not installed (pip install treys)")
    out = subprocess.run([sys.executable, "-m", "handrank", *args], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 2 and what in out.stderr and "--force" in out.stderr, out.stderr
    assert not (tmp_path / "seven.csv").exists()  # nothing started


def _command_parsers() -> dict[str, argparse.ArgumentParser]:
    from handrank.cli import parser

    (sub,) = [a for a in parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_every_command_says_what_it_does_and_shows_examples_that_parse() -> None:
    from handrank.cli import examples, parser

    listed = examples()
    commands = _command_parsers()
    assert set(listed) == set(commands), "every command has an example in the module's list"
    for name, command in commands.items():
        text = command.format_help()
        assert command.description and command.description in text, name
        assert "examples:\n  handrank " + name in text, name
        for example in listed[name]:
            assert example in text
            parser().parse_args(shlex.split(example)[1:])  # a SystemExit here is an example that does not parse


def test_each_history_action_has_help_of_its_own() -> None:
    """``history summary --help`` says what summary does and shows its examples, not the group's."""
    from handrank.cli import examples
    from handrank.cli.history import ACTIONS

    (actions,) = [a for a in _command_parsers()["history"]._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(actions.choices) == set(ACTIONS)
    listed = examples("history")
    for name, action in actions.choices.items():
        text = " ".join(action.format_help().split())
        assert " ".join(action.description.split()) in text and ACTIONS[name][:30].lower() in text.lower(), name
        assert f"usage: handrank history {name}" in text, name
        for example in listed.get(name, []):
            assert example in text, (name, example)
    assert {"validate", "convert", "summary", "graph", "replay"} <= set(listed)
    summary = " ".join(actions.choices["summary"].format_help().split())
    assert "--json" in summary and "--player" not in summary and "--output" not in summary


def test_help_shows_only_defaults_that_say_something() -> None:
    for name, command in _command_parsers().items():
        text = " ".join(command.format_help().split())
        for noise in ("(default: None)", "(default: False)", "(default: True)", "(default: )"):
            assert noise not in text, (name, noise)
    text = " ".join(_command_parsers()["equity"].format_help().split())
    assert "(default: holdem)" in text  # a default that says something stays


def test_exact_and_trials_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "QsQd", "--exact", "--trials", "5"]) == 2
    assert "give one of them" in capsys.readouterr().err
