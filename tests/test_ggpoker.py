"""GGPoker text histories (the exported files are read in test_site_histories.py): straddles, missed blinds, runs up to three, Bet & Muck, EV Cashout, fees
beside the rake, PLO and lettered hand numbers, each checked on a hand written here."""

from __future__ import annotations

from pathlib import Path

from handrank.history import dumps, ggpoker, loads, replay
from handrank.history.commands import check

STRADDLED = """\ufeffPoker Hand #HD100: Hold'em No Limit  ($0.5/$1) - 2024/01/02 10:00:00
Table 'NLHGold1' 6-max Seat #4 is the button
Seat 1: alpha ($100 in chips)
Seat 2: bravo ($100 in chips)
Seat 3: charlie ($100 in chips)
Seat 4: delta ($80 in chips)
alpha: posts small blind $0.5
bravo: posts big blind $1
charlie: straddle $2
*** HOLE CARDS ***
Dealt to alpha
Dealt to bravo [ks 2d]
Dealt to charlie
Dealt to delta
delta: raises $4 to $6
alpha: folds
bravo: folds
charlie: calls $4
*** FLOP *** [Th Jh 7d]
charlie: Bet & Muck $3
delta: calls $3
*** TURN *** [Th Jh 7d] [Ac]
charlie: checks
delta: checks
*** RIVER *** [Th Jh 7d Ac] [2s]
charlie: checks
delta: checks
charlie: Bet & Muck folds
delta: shows [Qs Qd] (Pair of Queens)
*** SHOWDOWN ***
delta collected $18.9 from pot
*** SUMMARY ***
Total pot $19.5 | Rake $0.5 | Jackpot $0.1 | Bingo $0 | Fortune $0 | Tax $0
Board [Th Jh 7d Ac 2s]
Seat 4: delta (button) showed [Qs Qd] and won ($18.9)
"""


def test_a_straddle_fees_and_bet_and_muck_are_read(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(STRADDLED, encoding="utf-8")
    (hand,) = ggpoker.read(path)
    assert hand.players == ["alpha", "bravo", "charlie", "delta"]
    assert hand.blinds_or_straddles == [0.5, 1, 2, 0]
    assert hand.fields["_hand_number"] == "HD100"
    assert hand.fields["_rake"] == 0.6  # the rake and the jackpot: what the site took
    assert "d dh p2 Ks2d" in hand.actions  # "ks" as PHH spells it
    assert "p3 cbr 3" in hand.actions and "p3 sm" in hand.actions  # the bet, then the cards mucked
    assert hand.fields["finishing_stacks"] == [99.5, 99, 91, 89.9]
    assert check(hand) == "equal"
    assert check(loads(dumps(hand))) == "equal"  # through PHH and back
    assert replay(hand).stakes.straddles == (2 * hand.scale,)  # in chips of the smallest amount


def test_a_summary_that_does_not_add_up_is_refused_naming_the_hand_and_line(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(STRADDLED.replace("$19.5 | Rake", "$20 | Rake"), encoding="utf-8")  # the bets make $19.5
    errors: list[ValueError] = []
    assert ggpoker.read(path, errors) == []
    (error,) = errors
    assert "hand #HD100" in str(error) and "line 32" in str(error) and "19.5" in str(error)


def test_ev_cashout_is_paid_beside_the_pot(tmp_path: Path) -> None:
    insured = STRADDLED.replace(
        "*** SHOWDOWN ***", "delta: Pays Cashout Risk ($5)\ncharlie: Receives Cashout ($3.5)\n*** SHOWDOWN ***"
    )
    path = tmp_path / "gg.txt"
    path.write_text(insured, encoding="utf-8")
    (hand,) = ggpoker.read(path)
    assert hand.fields["_ev_cashout"] == [0, 0, 3.5, -5]
    assert hand.fields["finishing_stacks"] == [99.5, 99, 94.5, 84.9]
    assert check(hand) == "equal"


def test_plo_and_three_runs_are_read(tmp_path: Path) -> None:
    text = STRADDLED.replace("Hold'em No Limit ", "PLO").replace("[ks 2d]", "[ks 2d 3c 4h]")
    path = tmp_path / "gg.txt"
    path.write_text(text.replace("[Qs Qd]", "[Qs Qd 5c 6c]"), encoding="utf-8")
    (hand,) = ggpoker.read(path)
    assert hand.variant == "PO"
    assert "d dh p2 Ks2d3c4h" in hand.actions


def test_a_street_that_deals_no_cards_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(STRADDLED.replace("[Th Jh 7d] [Ac]", "[Th Jh 7d] []"), encoding="utf-8")
    errors: list[ValueError] = []
    assert ggpoker.read(path, errors) == []
    assert "line 22: a street that deals no cards" in str(errors[0])


def test_an_amount_left_out_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "gg.txt"
    path.write_text(STRADDLED.replace("delta: raises $4 to $6", "delta: raises $4"), encoding="utf-8")
    errors: list[ValueError] = []
    assert ggpoker.read(path, errors) == []
    assert "line 15: delta raises without saying how much" in str(errors[0])
