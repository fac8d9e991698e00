"""PokerStars text written from any record: every PokerStars hand read, written and read again to the
same record; every playable PHH hand and engine hands written and replayed to the same stacks;
pokerkit's PokerStars parser reading the text to the same stacks; what the text cannot say
refused with its reason; the convert command."""

from __future__ import annotations

import dataclasses
import os
import re
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Optional

import pytest
from engine_hands import random_hand

from handrank.cli import main
from handrank.history import finishing_stacks, from_hand, ggpoker, ipoker, loads, pokerstars, read, replay
from handrank.history.commands import check
from handrank.history.to_pokerstars import dumps, write

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
STARS, PHH, GG = SHARED / "hh" / "pokerstars", SHARED / "phh", SHARED / "hh" / "ggpoker"
needs_stars = pytest.mark.skipif(not STARS.is_dir(), reason=f"the PokerStars exports are not at {STARS}")
needs_phh = pytest.mark.skipif(not PHH.is_dir(), reason=f"the PHH data set is not at {PHH} (set HANDRANK_SHARED)")
needs_gg = pytest.mark.skipif(not GG.is_dir(), reason=f"the GGPoker exports are not at {GG}")


def stars_hands() -> list[pokerstars.HandHistory]:
    return [h for path in sorted(p for p in STARS.rglob("*") if p.is_file()) for h in pokerstars.read(path, [])]


@needs_stars
def test_every_pokerstars_hand_written_and_read_again_is_the_same_record() -> None:
    same = refused = 0
    for history in stars_hands():
        if any(history.fields.get("_cashed_out") or []):
            with pytest.raises(ValueError, match="_cashed_out: PokerStars text has no line"):
                dumps(history)
            refused += 1
            continue
        assert pokerstars.parse(dumps(history), history.source) == history, history.source
        same += 1
    assert same >= 32_000 and refused <= 300, (same, refused)


@needs_phh
def test_every_playable_phh_hand_written_as_pokerstars_text_replays_to_the_same_stacks() -> None:
    written = 0
    for path in sorted(PHH.rglob("*.phh*")):
        for history in read(path):
            if not history.replayable:
                continue
            try:
                text = dumps(history)
            except ValueError as error:  # stud, draw and short deck: the PokerStars writer has no layout for them yet
                games = ("7S", "7S/8", "R", "B", "2L1D", "2L3D", "S")
                unwritten = "PokerStars text names no" in str(error) and history.variant[1:] in games
                assert unwritten or "a single blind posted by the first player" in str(error), history.source
                continue
            assert finishing_stacks(pokerstars.parse(text, history.source)) == pytest.approx(finishing_stacks(history))
            written += 1
    assert written >= 10_000


def test_engine_hands_written_as_pokerstars_text_replay_to_the_same_stacks() -> None:
    for seed in range(150):
        hand = random_hand(seed)
        history = from_hand(hand, players=[f"player {s}" for s in sorted(hand.seats)])
        again = pokerstars.parse(dumps(history))
        seats = history.fields["seats"]
        assert finishing_stacks(again) == [hand.stacks[s - 1] for s in seats], seed


@needs_stars
def test_pokerkit_reads_the_text_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation", reason="pokerkit is not installed (pip install pokerkit)")
    hands = [h for h in stars_hands()[:3000] if h.variant == "NT" and not h.fields.get("_cashed_out")]
    # pokerkit's parser reads no antes, and takes a name with a colon for a name and an action
    hands = [h for h in hands if not h.fields.get("_runs") and not any(h.antes or [])]
    hands = [h for h in hands if not any(":" in name for name in h.players) and check(h).startswith("equal")][:400]
    text = "\n\n\n".join(dumps(h) for h in hands)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns of the header's time-zone field
        parsed = list(notation.PokerStarsParser()(text, parse_value=Decimal, error_status=True))
        assert len(parsed) == len(hands) == 400
        for history, theirs in zip(hands, parsed):
            assert list(theirs.players) == history.players
            assert [Decimal(str(a)) for a in history.starting_stacks] == list(theirs.starting_stacks)
            # What each collected: the summary's stack, less what was left after the chips the
            # rules say went in (an uncalled bet came back, and is no winning).
            settled, scale = replay(history).result.settlement, history.scale
            back = dict([settled.returned]) if settled.returned else {}
            won = [
                Decimal(str(end))
                - Decimal(str(start))
                + Decimal(settled.contributions.get(s, 0) - back.get(s, 0)) / scale
                for s, (start, end) in enumerate(zip(history.starting_stacks, history.fields["finishing_stacks"]))
            ]
            assert list(theirs.winnings) == won, history.source


@needs_gg
def test_ggpoker_hands_go_to_the_trackers_format_or_say_why_not() -> None:
    written = refused = 0
    for path in sorted(GG.rglob("*.txt")):
        for history in ggpoker.read(path, []):
            try:
                text = dumps(history)
            except ValueError as error:
                assert "straddle" in str(error) or "_ev_cashout" in str(error), str(error)
                refused += 1
                continue
            back = pokerstars.parse(text, history.source)
            assert back.fields["finishing_stacks"] == history.fields["finishing_stacks"]
            assert back.actions == history.actions
            written += 1
    assert (written, refused) == (8, 4)  # one straddle, three EV cashouts


def test_what_the_text_cannot_say_is_refused() -> None:
    history = from_hand(random_hand(3))
    history.variant = "F7S"
    with pytest.raises(ValueError, match="PokerStars text names no 'F7S' game"):
        dumps(history)
    straddled = from_hand(random_hand(1, straddle=1))
    with pytest.raises(ValueError, match="PokerStars text has no straddles"):
        dumps(straddled)
    four_runs = from_hand(random_hand(2))
    four_runs.fields["_runs"] = 4
    with pytest.raises(ValueError, match="a board run 4 times"):
        dumps(four_runs)
    flop_twice = loads(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\nmin_bet = 2\nstarting_stacks = [100, 100]\n'
        'actions = ["d dh p1 AsAd", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db 2s3h9c", "d db 4s5h6c"]\n'
    )
    with pytest.raises(ValueError, match="action 5, 'd db 4s5h6c': a board of 3 cards dealt to 6, not a street"):
        dumps(flop_twice)
    flop_twice.actions[-1] = "d db"  # a record built in code, which the PHH reader would refuse
    with pytest.raises(ValueError, match="action 5, 'd db': words are missing"):
        dumps(flop_twice)


def test_convert_writes_pokerstars_text_and_names_what_it_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = [from_hand(random_hand(seed)) for seed in range(5)]
    straddled = from_hand(random_hand(1, straddle=1))
    source = tmp_path / "hands.phhs"
    from handrank.history import write as write_phh

    write_phh(source, [*hands, straddled])
    out = tmp_path / "tracker.txt"
    assert main(["history", "convert", str(source), "-o", str(out)]) == 2
    again = pokerstars.read(out)
    assert [finishing_stacks(h) for h in again] == [finishing_stacks(h) for h in hands]
    errors: list[ValueError] = []
    assert write(tmp_path / "direct.txt", [*hands, straddled], errors) == 5
    assert len(errors) == 1 and "not written: a straddle" in str(errors[0])
    assert "5 hands written; 1 not read or not written" in capsys.readouterr().out
    assert main(["history", "convert", str(source), "-o", str(tmp_path / "x.csv")]) == 2
    assert "convert writes .phhs, .phh (one hand) or PokerStars text (.txt)" in capsys.readouterr().err


HH = SHARED / "hh"
# Tournament hands of each site that writes them, and the number its header gives the tournament.
TOURNAMENTS = [
    ("pokerstars/hhp/test/fixtures/holdem/pokerstars/2008-tournament.txt", "Tournament #130326981", "130326981"),
    ("ignition/hhp/test/fixtures/holdem/ignition/tourney-level22.txt", "Tournament #18094253", "18094253"),
    ("888/hhp/test/pacific/tourney.usd.nlh.2016/hands.txt", "Tournament #83728678", "83728678"),
    ("partypoker/hhp/test/partypoker/tourney.stt.usd.2016/hands.txt", "Sit & Go Hero (128487129)", "128487129"),
    ("partypoker/hhp/test/partypoker/tourney.mtt.msk.9-max.2016/hands.txt", "Trny:128730277 Level:12", "128730277"),
    (
        "partypoker/PokerHandHistory/docs/SampleHandHistories/PartyPoker/HandHistory/Jerome_Terry/20120716/file1.txt",
        "Trny:71196310 Level:9",
        "71196310",
    ),
    ("fulltilt/poker/tests/handhistory/ftp_hands.extracted.txt", "Sit & Go (Turbo) (268569961)", "268569961"),
    (
        "ipoker/hhp-xml/test/fixtures/ipoker/tourney.fpdb.NLHE-USD-MTT-Freeroll-201107.xml",
        "Tournament, 611669111",
        "611669111",
    ),
    (
        "ipoker/hhp-xml/test/fixtures/ipoker/tourney.fpdb.NLHE-2max-USD-SNG-2000-201210.xml",
        "$2,000, 770109371",
        "770109371",
    ),
]


@pytest.mark.skipif(not HH.is_dir(), reason=f"the sites' exports are not at {HH}")
@pytest.mark.parametrize(("path", "header", "number"), TOURNAMENTS)
def test_a_tournament_hand_is_written_as_one_in_chips(path: str, header: str, number: str) -> None:
    from handrank.history.files import read_any

    assert header in (HH / path).read_text(errors="replace")  # what the site's file says
    read = read_any(str(HH / path), [])
    hands = [h for h in read if h.fields.get("_tournament") == number]
    assert hands, path
    if path.endswith(".xml"):  # a session is one tournament's or none: iPoker's text read whole says the same
        assert len(hands) == len(read) and ipoker.loads((HH / path).read_text(encoding="utf-8-sig")) == read
    for history in hands:
        text = dumps(history)
        first, rest = text.split("\n", 1)
        # Chips, not dollars: a tracker reading "$3000/$6000" imports a cash game of those stakes.
        # The one money amount is the buy-in, where the site's header gave it.
        buy_in = history.fields.get("_buy_in", "")
        assert f"Tournament #{number}, {buy_in}" in first and "$" not in first.replace(buy_in, ""), first
        assert "$" not in rest
        # Read back, the same record; a hand whose level the site did not say is written at level I.
        again = pokerstars.parse(text, history.source)
        assert again.fields == {"_level": 1, **history.fields}
        assert dataclasses.replace(again, fields=history.fields) == history


# Each header form the sites write, and the buy-in and level the record keeps.
HEADS = [
    (
        "PokerStars Hand #1: Tournament #2, $0.91+$0.09 USD Hold'em No Limit - Level XIV (40/80) - ",
        "$0.91+$0.09 USD",
        14,
    ),
    (
        "PokerStars Hand #1: Tournament #2, $4.55+$4.55+$0.90 USD Hold'em No Limit - Level XXVI (9/9) - ",
        "$4.55+$4.55+$0.90 USD",
        26,
    ),
    ("PokerStars Game #1: Tournament #2, $10+$1 Hold'em No Limit - Level I (10/20) - ", "$10+$1", 1),
    ("PokerStars Hand #1: Tournament #2, Freeroll  Hold'em No Limit - Level IX (10/20) - ", "Freeroll", 9),
    ("Ignition Hand #1: HOLDEM Tournament #2 TBL#1, Normal- Level 22 (10/20) - 2017-07-21", None, 22),
]


@pytest.mark.parametrize(("head", "buy_in", "level"), HEADS)
def test_a_tournament_header_gives_its_buy_in_and_level(head: str, buy_in: Optional[str], level: int) -> None:
    from handrank.history._tournament import BUY_IN, LEVEL, TOURNAMENT, head_fields

    fields = head_fields(head, TOURNAMENT, BUY_IN, LEVEL)
    assert fields == {"_tournament": "2", **({"_buy_in": buy_in} if buy_in else {}), "_level": level}
    assert head_fields(head.replace("Tournament #", "Table #"), TOURNAMENT, BUY_IN, LEVEL) == {}  # a cash game's


@pytest.mark.parametrize(
    ("game", "buy_in"),
    [
        ("NL Texas Hold'em $215 USD Buy-in Trny:2 Level:12  Blinds-Antes(1 200/2 400 -400) - Monday", "$215"),
        ("NL Texas Hold'em $ 530 USD Buy-in Trny:2 Level:12  Blinds-Antes(1,250/2,500 -250) - Sunday", "$530"),
        ("NL Texas Hold'em $1 USD Buy-in  - Sunday, July 24, 19:32:00 CEST 2016", "$1"),
        ("NL Texas Hold'em  Trny:2 Level:12  Blinds-Antes(600/1,200 -50) - Monday", None),
    ],
)
def test_a_partypoker_tournament_hand_gives_its_buy_in_and_the_level_after_its_seats(
    game: str, buy_in: Optional[str]
) -> None:
    from handrank.history._tournament import head_fields
    from handrank.history.partypoker import PARTYPOKER as PARTY

    seats = "".join(f"Seat {i}: player {i} ( 1,500 )\n" for i in range(1, 11))
    hand = f"#Game No : 1\n***** Hand History for Game 1 *****\n{game}\nTable T (2) Table #1 (Real Money)\n"
    hand += f"Seat 1 is the button\nTotal number of players : 10/10\n{seats}Trny: 2 Level: 12\nBlinds(600/1,200)\n"
    fields = head_fields(hand, PARTY.tournament, PARTY.buy_in, PARTY.level, PARTY.head_lines)
    assert fields == {"_tournament": "2", **({"_buy_in": buy_in} if buy_in else {}), "_level": 12}
    assert head_fields(hand.replace("Trny: 2 Level: 12", ""), PARTY.tournament, PARTY.buy_in, PARTY.level) == {}


def test_a_level_the_writer_cannot_write_is_named() -> None:
    from handrank.history._tournament import header

    assert header({"_tournament": "7", "_level": "XIV"}, "Hold'em No Limit").endswith("Level XIV")
    for bad in (0, -2, "fourteen", 1.5, True):
        with pytest.raises(ValueError, match="level"):
            header({"_tournament": "7", "_level": bad}, "Hold'em No Limit")


def test_roman_levels_read_as_written() -> None:
    from handrank.history._tournament import level_number, roman

    # Written out by hand, as Roman numerals are.
    assert [roman(n) for n in (1, 4, 9, 14, 40, 49, 90, 400, 1994)] == [
        "I", "IV", "IX", "XIV", "XL", "XLIX", "XC", "CD", "MCMXCIV"
    ]  # fmt: skip
    assert all(level_number(roman(n)) == n == level_number(str(n)) for n in range(1, 2000))


@pytest.mark.skipif(not HH.is_dir(), reason=f"the sites' exports are not at {HH}")
def test_pokerstars_tournament_headers_are_written_back_as_the_site_wrote_them() -> None:
    """From the tournament's number to the stakes, the header as the file has it (spaces aside)."""
    span = re.compile(r"Tournament #.*? - Level [IVXLC]+ \([0-9/]+\)")
    checked = 0
    for file in sorted((HH / "pokerstars").rglob("*.txt")):
        text = file.read_text(encoding="utf-8-sig", errors="replace")
        for history in pokerstars.read(file, []):
            if "_tournament" in history.fields:
                number = history.fields["_hand_number"]
                line = next(x for x in text.splitlines() if re.search(f"(Hand|Game) #{number}:", x))
                written = dumps(history).split("\n", 1)[0]
                assert " ".join(span.findall(written)[0].split()) == " ".join(span.findall(line)[0].split())
                checked += 1
    assert checked >= 80, checked


@pytest.mark.skipif(not HH.is_dir(), reason=f"the sites' exports are not at {HH}")
def test_cash_hands_stay_money() -> None:
    cash = pokerstars.read(HH / "pokerstars/hhp/test/fixtures/holdem/pokerstars/cash.2010.txt", [])
    cash += ggpoker.read(next(p for p in (HH / "ggpoker").rglob("*.txt")), [])
    assert cash and not any("_tournament" in h.fields for h in cash)
    assert all(dumps(h).split("\n", 1)[0].count("$") == 2 for h in cash)


@pytest.mark.skipif(not HH.is_dir(), reason=f"the sites' exports are not at {HH}")
def test_a_blind_posted_all_in_for_less_keeps_the_tables_blind() -> None:
    """A big blind of 11 all in at 10/20: the record's blind is the table's 20 (the engine posts what
    the stack has), and the text written back says what the file says."""
    path = HH / "pokerstars/hhp/test/fixtures/holdem/pokerstars/posts-allin.txt"
    (history,) = [h for h in pokerstars.read(path, []) if h.fields["_hand_number"] == 159581842724]
    assert history.blinds_or_straddles[:2] == [10, 20] and history.min_bet == 20
    written = dumps(history)
    assert "norgas69: posts big blind 11 and is all-in\n" in written
    assert "norgas69: posts big blind 11 and is all-in" in path.read_text()
    assert written.split("\n", 1)[0].split(" - ")[1].endswith("(10/20)")
    assert pokerstars.parse(written, history.source) == history
    again = replay(history)
    assert [again.stacks[i] for i in range(len(history.starting_stacks))] == history.fields["finishing_stacks"]


SHORT_BIG_BLIND = """PokerStars Hand #7: Tournament #9, Hold'em No Limit - Level I (10/20) - 2020/01/01 0:00:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: ann (1000 in chips)
Seat 2: bob (1000 in chips)
Seat 3: cy (14 in chips)
ann: posts the ante 5
bob: posts the ante 5
cy: posts the ante 5
bob: posts small blind 5
cy: posts big blind 9
*** HOLE CARDS ***
ann: folds
bob: folds
cy collected 29 from pot
*** SUMMARY ***
Total pot 29 | Rake 0
"""


def test_a_short_blind_is_told_by_the_stack_where_the_line_does_not_say_all_in() -> None:
    """The translated sites write a short blind as any post: one that is all the stack had left
    after the ante is all in, and the record keeps the table's blind; one of less than the stack is
    a post of that much."""
    history = pokerstars.parse(SHORT_BIG_BLIND)
    assert history.blinds_or_straddles == [5, 20, 0] and history.min_bet == 20  # 9 of cy's 9 left: all in
    assert check(history) == "equal"
    history = pokerstars.parse(SHORT_BIG_BLIND.replace("cy (14 in chips)", "cy (15 in chips)"))
    assert history.blinds_or_straddles == [5, 9, 0] and history.min_bet == 9  # 9 of 10 left: a post of 9


@pytest.mark.skipif(not HH.is_dir(), reason=f"the sites' exports are not at {HH}")
def test_the_translated_sites_short_blinds_keep_the_tables_blind_from_their_headers() -> None:
    """Every hand of the PartyPoker and 888poker exports where a blind's poster had less than the
    blind after the ante: the record's blind is the one the hand's lines name (the last
    ``Blinds(...)`` before the deal, or the game's ``$a/$b``), and the hand replays to its winnings."""
    from handrank.history.files import read_any

    named = re.compile(r"Blinds(?:-Antes)?\(\s*([0-9][0-9, ]*)/([0-9][0-9, ]*)|^\$?([0-9.,]+)/\$?([0-9.,]+) ", re.M)
    short = 0
    for path in sorted(p for site in ("partypoker", "888") for p in (HH / site).rglob("*.txt")):
        for history in read_any(str(path), []):
            blinds, stacks = history.blinds_or_straddles or [], history.starting_stacks
            antes = history.antes or [0] * len(stacks)
            if not any(blind > 0 and stacks[i] - antes[i] < blind for i, blind in enumerate(blinds)):
                continue
            short += 1
            head = path.read_bytes().replace(b"\0", b"").decode("utf-8", "replace")
            hand = head[head.index(f"Game {history.fields['_hand_number']} ") :].split("Dealing down cards")[0]
            found = [[g for g in m.groups() if g] for m in named.finditer(hand)][-1]
            table = [float(g.replace(",", "").replace(" ", "")) for g in found]
            assert history.min_bet == table[1], history.source
            assert {b for b in blinds if b} <= set(table), history.source
            assert check(history) == "equal", history.source
    assert short == 24  # 8 of 888poker, 16 of PartyPoker (one in a cash game)


@pytest.mark.parametrize("stacks", [[100, 15, 100], [8, 100, 100]])
def test_either_blind_short_round_trips_as_the_tables_blind(stacks: list[int]) -> None:
    """Engine hands where the big blind, or the small one, has less than the blind: written as
    PokerStars text the short one posts what it has, all in, and read back it is the table's blind."""
    from handrank.engine import Hand

    hand = Hand(stacks, button=2, small_blind=10, big_blind=20, seed=1)
    while not hand.is_over:
        hand.act("check" if hand.legal().check else "call")
    record = from_hand(hand)
    text = dumps(record)
    short = min(stacks)
    assert f"posts {'big' if stacks[1] == short else 'small'} blind ${short} and is all-in" in text
    assert text.split("\n", 1)[0].endswith("($10/$20) - " + text.split(" - ", 1)[1].split("\n")[0])
    again = pokerstars.parse(text)
    assert again.blinds_or_straddles == record.blinds_or_straddles == [10, 20, 0] and again.min_bet == 20
    assert again.fields["finishing_stacks"] == record.fields["finishing_stacks"]
