"""What a range hits, against a classifier written here from the tables of docs/rules.md ("What a
hand holds on a board"), with the tests' own evaluator for the class of the best five: every combo
of every one of the 1,755 flops that differ by more than their suits, turns and rivers drawn at
random, each example of the tables, weights, dead cards, the errors, the command and the picture."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from functools import cache, lru_cache
from itertools import combinations, permutations
from pathlib import Path

import pytest
from reference import best_key

import handrank
from handrank.cli import main
from handrank.hits import Draw, Made, hits

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
RULES = Path(__file__).parent.parent / "docs" / "rules.md"

RUNS = [set(range(low, low + 5)) for low in range(1, 11)]  # ranks 2..14, the ace also 1 below the deuce
CLASS_NAMES = {9: "straight flush", 8: "four of a kind", 7: "full house", 6: "flush", 5: "straight"}


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def with_low_ace(ranks: set[int]) -> set[int]:
    return ranks | {1} if 14 in ranks else set(ranks)


def reference_made(hole: list[str], board: list[str], best_class: int) -> str:
    """The first row of the made table that fits."""
    if best_class in CLASS_NAMES:
        return CLASS_NAMES[best_class]
    a, b = rank(hole[0]), rank(hole[1])
    shows = Counter(rank(c) for c in board)
    ranks_down = sorted(shows, reverse=True)
    if a == b:
        if shows[a]:
            return "set"
        return "overpair" if a > ranks_down[0] else "pocket pair below top pair"
    pairing = [r for r in (a, b) if shows[r]]
    if any(shows[r] == 2 for r in pairing):
        return "trips"
    if len(pairing) == 2:
        return "two pair, both cards"
    if len(pairing) == 1:
        (pair,) = pairing
        if any(n >= 2 and r != pair for r, n in shows.items()):
            return "two pair with the board's pair"
        if pair == ranks_down[0]:
            kicker = a + b - pair
            highest_free = max(r for r in range(2, 15) if not shows[r])
            if kicker == highest_free:
                return "top pair, top kicker"
            return "top pair, good kicker" if kicker >= 10 else "top pair, weak kicker"
        return "second pair" if pair == ranks_down[1] else "weak pair"
    return "ace high" if 14 in (a, b) else "nothing"


@cache
def straight_draw(hole_ranks: frozenset[int], board_ranks: frozenset[int], flop: bool) -> str:
    """The straight draw of the draw table that fits, or "": it reads the ranks alone (kept)."""
    have = with_low_ace(set(hole_ranks | board_ranks))
    hole_only = with_low_ace(set(hole_ranks - board_ranks))
    makers = {
        r
        for r in range(2, 15)
        if any(run <= with_low_ace(have | {r}) and run & hole_only and not run <= have for run in RUNS)
    }
    open_ended = any(
        set(range(x, x + 4)) <= have and set(range(x, x + 4)) & hole_only and x - 1 not in have and x + 4 not in have
        for x in range(2, 11)
    )
    if open_ended:
        return "open-ended straight draw"
    if len(makers) >= 2:
        return "double gutshot"
    if len(makers) == 1:
        return "gutshot"
    if flop and any(len(run - have) == 2 and run & hole_only for run in RUNS):
        return "backdoor straight draw"
    return ""


def reference_draws(hole: list[str], board: list[str], best_class: int, made: str) -> set[str]:
    """Every row of the draw table that fits."""
    if len(board) == 5:
        return set()
    found = set()
    hole_ranks = {rank(c) for c in hole}
    board_ranks = {rank(c) for c in board}
    if best_class < 6:
        for suit in SUITS:
            held = [rank(c) for c in hole if c[1] == suit]
            on_board = {rank(c) for c in board if c[1] == suit}
            if not held:
                continue
            if len(held) + len(on_board) == 4:
                best_free = max(r for r in range(2, 15) if r not in on_board)
                found.add("nut flush draw" if best_free in held else "flush draw")
            if len(held) + len(on_board) == 3 and len(board) == 3:
                found.add("backdoor flush draw")
    if best_class < 5:
        draw = straight_draw(frozenset(hole_ranks), frozenset(board_ranks), len(board) == 3)
        if draw:
            found.add(draw)
    if found & {"nut flush draw", "flush draw"} and found & {"open-ended straight draw", "double gutshot", "gutshot"}:
        found.add("combo draw")
    if made in ("ace high", "nothing") and min(hole_ranks) > max(board_ranks):
        found.add("two overcards")
    return found


def reference(hole: list[str], board: list[str]) -> tuple[str, set[str]]:
    best_class = best_key([(rank(c), c[1]) for c in hole + board])[0]
    made = reference_made(hole, board, best_class)
    return made, reference_draws(hole, board, best_class, made)


def check_board(board: list[str]) -> int:
    """Every combo left beside the board, the library against the reference; the combos checked."""
    result = hits("random", " ".join(board))
    seen = 0
    for h in result.hands:
        hole = [handrank.card_str(c) for c in h.combo]
        made, draws = reference(hole, board)
        assert (str(h.made), {str(d) for d in h.draws}) == (made, draws), (hole, board)
        seen += 1
    assert seen == len(list(combinations([c for c in DECK if c not in board], 2)))
    return seen


@lru_cache(maxsize=1)
def flop_classes() -> tuple[tuple[str, ...], ...]:
    """One flop of each class of flops that differ only by their suits (1,755 of them)."""
    kept = set()
    for flop in combinations(DECK, 3):
        kept.add(min(tuple(sorted(c[0] + p[SUITS.index(c[1])] for c in flop)) for p in permutations(SUITS)))
    return tuple(sorted(kept))


FLOP_PARTS = 12


@pytest.mark.exhaustive
@pytest.mark.parametrize("part", range(FLOP_PARTS))
def test_every_combo_of_every_flop_class_is_the_references(part: int) -> None:
    flops = flop_classes()
    assert len(flops) == 1755
    checked = sum(check_board(list(flop)) for flop in flops[part::FLOP_PARTS])
    assert checked == len(flops[part::FLOP_PARTS]) * 1176


@pytest.mark.parametrize("size", [3, 4, 5])
def test_random_boards_are_the_references(size: int) -> None:
    r = random.Random(size)
    for _ in range(6):
        check_board(r.sample(DECK, size))


def test_boards_that_test_the_edges_are_the_references() -> None:
    """Wheels and broadway, paired and trips boards, monotone and four-flush boards."""
    for board in (
        "As 2d 3c",
        "Ah Kd Qc",
        "Jh Tc 9s 8d",
        "Kh Kd 2c",
        "7h 7d 7c",
        "Kh Kd 7c 7s",
        "Ah 5h 9h Kh",
        "5h 4c 3d 2s",
    ):
        check_board(board.split())


def table_examples() -> list[tuple[str, str, str]]:
    """(category, hand, board) for every example in the two tables of the rules' section."""
    section = RULES.read_text(encoding="utf-8").split("## What a hand holds on a board")[1].split("\n## ")[0]
    out = []
    suit_of = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if (
            not line.startswith("|")
            or len(cells) != 3
            or cells[0] in ("made category", "draw")
            or cells[0].startswith("-")
        ):
            continue
        for example in cells[2].split(", "):
            example = re.sub("[♣♦♥♠]", lambda m: suit_of[m.group()], example)
            category = cells[0]
            if " is a " in example:
                example, category = example.split(" is a ")
            hand, _, board = example.partition(" on ")
            out.append((category, hand, board))
    return out


def test_every_example_of_the_rules_tables_is_in_its_category() -> None:
    examples = table_examples()
    assert len(examples) == 24
    for category, hand, board in examples:
        h = hits(hand, board or ("Kh 7h 2c" if category in {str(d) for d in Draw} else "Kh 7d 2c")).hands[0]
        assert category == str(h.made) or category in {str(d) for d in h.draws}, (category, hand, board)


def test_the_sums_weights_and_shares() -> None:
    board = "Qh Jh 4c"
    plain = hits("AA, KK, AKs, QJ", board)
    assert plain.combos == 6 + 6 + 4 + 9  # QJ less the board's queen and jack: three of each left
    assert sum(plain.made.values()) == plain.combos
    weighted = hits("AA, KK, 0.5(AKs), QJ", board)
    assert weighted.combos == plain.combos - 2
    assert weighted.made[Made.TWO_PAIR_BOTH_CARDS] == plain.made[Made.TWO_PAIR_BOTH_CARDS] == 9
    columns = weighted.to_dict()
    assert set(columns) == {"kind", "category", "combos", "share"}
    made_rows = [i for i, k in enumerate(columns["kind"]) if k == "made"]
    assert sum(columns["share"][i] for i in made_rows) == pytest.approx(1)
    assert weighted.share(Draw.NUT_FLUSH_DRAW) == pytest.approx(weighted.draws[Draw.NUT_FLUSH_DRAW] / weighted.combos)


def test_dead_cards_leave_the_range() -> None:
    assert hits("AA", "Kh 7d 2c", dead="As").combos == 3
    with pytest.raises(ValueError, match="no combo left"):
        hits("AsAh", "Kh 7d 2c", dead="As")


@pytest.mark.parametrize(
    ("board", "dead", "message"),
    [("Kh 7d", "", "3 to 5 board cards"), ("Kh 7d 2c 3c 4c 5c", "", "3 to 5"), ("Kh 7d 2c", "Kh", "twice")],
)
def test_bad_boards_are_refused_with_their_reason(board: str, dead: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hits("random", board, dead=dead)


def test_the_grid_shows_each_class_by_its_main_category() -> None:
    grid = hits("AA, KQs, 72o", "Kh 7d 2c").grid()
    assert grid[0][0] is Made.OVERPAIR
    assert grid[1][2] is Made.TOP_PAIR_GOOD_KICKER  # KQs
    assert grid[12][7] is Made.TWO_PAIR_BOTH_CARDS  # 72o, below the diagonal: the deuces' row, the sevens' column
    assert grid[1][1] is None


def test_the_table_names_every_category_held(capsys: pytest.CaptureFixture[str]) -> None:
    h = hits("AA, 98s", "Th Jh 2c")
    text = h.table()
    for category in [*h.made, *h.draws]:
        assert str(category) in text
    assert main(["hits", "AA, 98s", "--board", "Th Jh 2c"]) == 0
    assert capsys.readouterr().out.strip() == text


def test_the_command_gives_json_and_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hits", "QQ+, AK", "--board", "Kh 7d 2c", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["combos"] == 27
    assert got["made"]["set"] == 3
    assert got["made"]["top pair, top kicker"] == 12
    pytest.importorskip("matplotlib", reason="pictures need matplotlib (the pictures extra)")
    picture = tmp_path / "hits.png"
    assert main(["hits", "QQ+, AK", "--board", "Kh 7d 2c", "-o", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
