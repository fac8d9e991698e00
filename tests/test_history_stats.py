"""Player statistics from hand histories (handrank.history.stats), checked against a reading of
the PHH action strings written here apart from the engine, and against equity for all-in pots."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import handrank as hr
from handrank.engine import Hand
from handrank.history import from_hand, phh
from handrank.history.stats import ALL_IN_SEED, file_rows, hand_rows, totals, winnings

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def pluribus_paths(n: int) -> list[Path]:
    folder = SHARED / "phh" / "pluribus"
    if not folder.is_dir():
        pytest.skip(f"no PHH data set at {folder} (set HANDRANK_SHARED)")
    return sorted(folder.rglob("*.phh"))[:n]


def preflop_reference(history: Any) -> dict[int, tuple[int, int]]:
    """(vpip, pfr) per seat from the action strings alone: preflop ends at the first board deal;
    ``cbr`` is a raise, ``cc`` facing more than the seat has in is a call."""
    posted = list(history.blinds_or_straddles or [0] * len(history.starting_stacks))
    level = max(posted)
    put = list(posted)
    out = {seat: (0, 0) for seat in range(len(posted))}
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "db"]:
            break
        if words[0] == "d":
            continue
        seat, verb = int(words[0][1:]) - 1, words[1]
        vpip, pfr = out[seat]
        if verb == "cbr":
            level = put[seat] = float(words[2])
            out[seat] = (1, 1)
        elif verb == "cc":
            if level > put[seat]:
                out[seat] = (1, pfr)
            put[seat] = level
    return out


def test_preflop_counts_agree_with_the_action_strings() -> None:
    checked = 0
    for path in pluribus_paths(200):
        for history in phh.read(path):
            rows = hand_rows(history)
            reference = preflop_reference(history)
            for seat, row in enumerate(rows):
                assert (row["vpip"], row["pfr"]) == reference[seat], (path, seat, history.actions)
                checked += 1
    assert checked > 1000


def test_totals_hold_together() -> None:
    rows = [r for path in pluribus_paths(300) for r in file_rows(str(path))[0]]
    assert len(rows) > 1000
    assert sum(r["net"] for r in rows) == pytest.approx(0, abs=1e-6)  # no rake in these games
    assert sum(r["net_all_in"] for r in rows) == pytest.approx(0, abs=1e-6)  # equity shares split each pot
    assert any(r["net_all_in"] != r["net"] for r in rows)
    for player, t in totals(rows).items():
        assert t["pfr"] <= t["vpip"] <= t["hands"] and t["three_bet"] <= t["three_bet_chances"], player
        assert t["won_showdown"] <= t["showdown"] <= t["saw_flop"] <= t["hands"], player
        assert t["vpip_rate"] == t["vpip"] / t["hands"]


def test_an_all_in_before_the_flop_counts_each_players_equity() -> None:
    hand = Hand.with_cards([100, 100], 1, {0: "As Ad", 1: "Kh Kd"}, board="2c 7d 9h Kc 3s", small_blind=1, big_blind=2)
    hand.act("all_in")
    hand.act("call")
    rows = hand_rows(from_hand(hand, players=["Ann", "Bob"]))
    # the equity stats computes: exact where that is cheap, else seeded Monte Carlo (the pure evaluator, preflop)
    aces = hr.equity(["AsAd", "KhKd"], board="", seed=ALL_IN_SEED).players[0].equity
    assert rows[0]["net"] == -100 and rows[1]["net"] == 100  # the king on the turn
    assert rows[0]["player"] == "Ann"
    assert rows[0]["net_all_in"] == pytest.approx(200 * aces - 100)
    assert rows[1]["net_all_in"] == pytest.approx(200 * (1 - aces) - 100)
    # the button (seat 1) acts first heads-up: Bob moves in, Ann calls
    assert rows[0]["vpip"] == rows[1]["vpip"] == 1 and rows[1]["aggressive"] == 1 and rows[0]["calls"] == 1


def test_unusable_files_and_hands_are_reported(tmp_path: Path) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nstarting_stacks = [1, 2\n')
    rows, problems = file_rows(str(broken))
    assert rows == [] and len(problems) == 1 and problems[0][0] == str(broken)
    other = tmp_path / "notes.txt"
    other.write_text("not a hand history")
    assert file_rows(str(other))[1][0][1].endswith(
        "neither PHH (.phh, .phhs) nor a hand history of PokerStars, GGPoker, PartyPoker, 888poker, Full Tilt Poker, "
        "Winamax, Ignition or iPoker (XML)"
    )


def test_the_summary_command_prints_each_players_statistics() -> None:
    import subprocess
    import sys

    paths = [str(p) for p in pluribus_paths(50)]
    out = subprocess.run(
        [sys.executable, "-m", "handrank", "history", "summary", *paths], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split()[:8] == ["player", "hands", "VPIP", "PFR", "3-bet", "F3B", "AF", "C-bet"]
    expected = totals([r for p in paths for r in file_rows(p)[0]])
    shown = {line.split()[0]: line.split() for line in lines[1:]}
    assert set(shown) == set(expected)
    for name, t in expected.items():
        assert int(shown[name][1]) == t["hands"] and shown[name][2] == f"{t['vpip_rate']:.0%}"
        assert float(shown[name][-2].replace(",", "")) == pytest.approx(t["net"], abs=0.01)


CBETS = ("cbet", "cbet_turn", "cbet_river")
STREETS = ("flop", "turn", "river")
MOVES = ("fold_to_three_bet", *CBETS, *(f"fold_to_{c}" for c in CBETS), "steal", "fold_to_steal")


def moves_reference(history: Any) -> list[dict[str, int]]:
    """Each player's chances and folds, c-bets and steals, read from the action strings alone
    (the definitions of ``handrank.history.stats``): ``cbr`` a bet or raise, ``cc`` a call where
    the seat has less in than the bet, else a check, ``f`` a fold; the first board deal ends the
    betting before the flop, the second the flop's, the third the turn's. A street's c-bet may
    come from the last raiser before the flop on the flop, and from the street's c-bettor on the
    next street."""
    n = len(history.starting_stacks)
    out = [{k: 0 for m in MOVES for k in (m, f"{m}_chances")} for _ in range(n)]
    for seat_counts in out:  # bets and raises, and calls, on each street after the flop is dealt
        seat_counts.update({f"{kind}_{street}": 0 for kind in ("aggressive", "calls") for street in STREETS})
    put = list(history.blinds_or_straddles or [0] * n)
    if n == 2:
        put = [put[1], put[0]]  # heads-up p1 posts the big blind, p2 (the button) the small one
    level = max(put)
    steal_seats = {n - 1, n - 2, 0} if n > 3 else {n - 1, 0} if n == 3 else {1}
    deals = raises = 0
    opener = stealer = aggressor = -1
    came_in = steal_alone = opener_answered = street_bet = cbet_alone = False
    may_cbet = bet_it = -1  # who may c-bet this street, and who did
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "db"]:
            deals += 1
            put, level = [0] * n, 0
            may_cbet, bet_it = (aggressor if deals == 1 else bet_it), -1
            street_bet = cbet_alone = False
            continue
        if words[0] == "d" or words[1] == "sm":
            continue
        seat, verb = int(words[0][1:]) - 1, words[1]
        raised, folded = verb == "cbr", verb == "f"
        called = verb == "cc" and put[seat] < level
        me = out[seat]
        if deals == 0:
            if raises >= 2 and seat == opener and not opener_answered:
                me["fold_to_three_bet_chances"], me["fold_to_three_bet"] = 1, int(folded)
                opener_answered = True
            if steal_alone and seat in (0, 1) and seat != stealer:
                me["fold_to_steal_chances"], me["fold_to_steal"] = 1, int(folded)
            if not came_in and seat in steal_seats:
                me["steal_chances"], me["steal"] = 1, int(raised)
                if raised:
                    stealer, steal_alone = seat, True
            elif raised or called:
                steal_alone = False
            if raised:
                raises += 1
                aggressor = seat
                opener = seat if raises == 1 else opener
            came_in = came_in or raised or called
        elif deals <= 3:
            cbet = CBETS[deals - 1]
            if cbet_alone and seat != may_cbet:
                me[f"fold_to_{cbet}_chances"], me[f"fold_to_{cbet}"] = 1, int(folded)
            if seat == may_cbet and not street_bet:
                me[f"{cbet}_chances"], me[cbet] = 1, int(raised)
                cbet_alone = raised
                bet_it = seat if raised else -1
            elif raised:
                cbet_alone = False
            street_bet = street_bet or raised
        if 1 <= deals <= 3 and (raised or called):
            me[f"{'aggressive' if raised else 'calls'}_{STREETS[deals - 1]}"] += 1
        if raised:
            put[seat] = level = float(words[2])
        elif called:
            put[seat] = level
    return out


def test_steals_cbets_and_their_folds_agree_with_the_action_strings() -> None:
    chances = dict.fromkeys(MOVES, 0)
    for path in pluribus_paths(4000):  # enough hands for river c-bets and their folds, the rarest
        for history in phh.read(path):
            rows = hand_rows(history)
            for seat, (row, expected) in enumerate(zip(rows, moves_reference(history))):
                assert {k: row[k] for k in expected} == expected, (path, seat, history.actions)
                for move in MOVES:
                    chances[move] += expected[f"{move}_chances"]
    assert all(n > 30 for n in chances.values()), chances  # every statistic met often enough to mean something


def test_the_summary_gives_every_statistic_as_json() -> None:
    import json
    import subprocess
    import sys

    paths = [str(p) for p in pluribus_paths(40)]
    out = subprocess.run(
        [sys.executable, "-m", "handrank", "history", "summary", "--json", *paths], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    players = json.loads(out.stdout)["players"]
    expected = totals([r for p in paths for r in file_rows(p)[0]])
    assert set(players) == set(expected)
    for name, t in expected.items():
        for key, value in t.items():
            assert players[name][key] == (None if value != value else pytest.approx(value)), (name, key)
    assert all(players[name]["won_saw_flop"] <= players[name]["saw_flop"] for name in players)


def test_winnings_split_the_net_at_showdowns_in_the_order_of_the_hand_numbers() -> None:
    def row(hand: int, net: float, showdown: int, all_in: float) -> dict[str, Any]:
        return {"player": "Ann", "hand": hand, "net": net, "showdown": showdown, "net_all_in": all_in}

    rows = [
        row(30, 5.0, 1, 4.0),
        row(10, -2.0, 0, -2.0),
        {**row(20, 7.0, 0, 7.0), "player": "Bob"},
        row(20, 3.0, 1, 1.0),
    ]
    won = winnings(rows, "Ann")  # hands 10, 20, 30 in that order; Bob's row is not Ann's
    assert won.net == (-2.0, 1.0, 6.0)
    assert won.showdown == (0.0, 3.0, 8.0) and won.non_showdown == (-2.0, -2.0, -2.0)
    assert won.all_in_adjusted == (-2.0, -1.0, 3.0)
    unnumbered = [{**r, "hand": "HD" + str(r["hand"])} for r in rows]  # letters: the rows' order stands
    assert winnings(unnumbered, "Ann").net == (5.0, 3.0, 6.0)
    with pytest.raises(
        ValueError, match=r"no hand of 'Cy' was replayed; the players with the most hands: Ann \(3\), Bob \(1\)"
    ):
        winnings(rows, "Cy")


def test_the_graph_of_one_hand_says_one_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    from handrank.cli import main

    path = tmp_path / "one.phh"
    path.write_text(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        "starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n"
        "actions = ['d dh p1 AsAd', 'd dh p2 7c2d', 'd dh p3 KhKd', 'p3 cbr 6', 'p1 cc', 'p2 f', "
        "'d db 2s3h9c', 'p1 cc', 'p3 cc', 'd db Td', 'p1 cc', 'p3 cc', 'd db 4c', 'p1 cc', 'p3 cc', "
        "'p1 sm AsAd', 'p3 sm KhKd']\n"
    )
    assert main(["history", "graph", str(path), "--player", "Ann", "-o", str(tmp_path / "one.png")]) == 0
    assert capsys.readouterr().out.startswith("Ann: 1 hand, net ")


def test_the_graph_command_draws_a_players_winnings(tmp_path: Path) -> None:
    import subprocess
    import sys

    pytest.importorskip("matplotlib")
    paths = [str(p) for p in pluribus_paths(60)]
    rows = [r for p in paths for r in file_rows(p)[0]]
    player = max(totals(rows).items(), key=lambda item: item[1]["hands"])[0]
    won = winnings(rows, player)
    assert all(a + b == pytest.approx(n) for a, b, n in zip(won.showdown, won.non_showdown, won.net))
    assert won.net[-1] == pytest.approx(totals(rows)[player]["net"])
    assert won.all_in_adjusted[-1] == pytest.approx(totals(rows)[player]["net_all_in"])
    picture = tmp_path / "won.png"
    command = [sys.executable, "-m", "handrank", "history", "graph", *paths, "--player", player, "-o", str(picture)]
    out = subprocess.run(command, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(f"{player}: {len(won.net):,} hands, net {won.net[-1]:+,.2f} (at showdowns")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000
    refused = subprocess.run(command[:-4], capture_output=True, text=True)
    assert refused.returncode != 0 and "graph needs --player NAME and -o OUT.png" in refused.stderr
