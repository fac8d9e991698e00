"""Hand strength and potential against the published worked example of the hand-potential paper and
against a reference counted here with the tests' own evaluator, runout by runout."""

from __future__ import annotations

import random
from array import array
from itertools import combinations
from types import ModuleType

import pytest
from reference import best_key

from handrank.cards import cards, to_index
from handrank.potential import potential, potential_many, potentials

RANKS = "23456789TJQKA"
DECK = [r + s for r in RANKS for s in "cdhs"]


def key(cards: list[str]) -> tuple[int, ...]:
    return best_key([(RANKS.index(c[0]) + 2, c[1]) for c in cards])


def state(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    return 0 if mine > theirs else 1 if mine == theirs else 2


def reference(hand: list[str], board: list[str], opponents: list[list[str]]) -> tuple[list[list[int]], float, float]:
    """The nine counts (now by later: ahead, tied, behind), the strength now and the mean squared
    strength on the river, every opponent against every runout they fit with."""
    seen = set(hand) | set(board)
    live = [o for o in opponents if not seen & set(o)]
    now = [state(key([*hand, *board]), key([*o, *board])) for o in live]
    table = [[0, 0, 0] for _ in range(3)]
    squares, runouts = 0.0, 0
    for runout in combinations([c for c in DECK if c not in seen], 5 - len(board)):
        full = [*board, *runout]
        mine = key([*hand, *full])
        fits = [(i, o) for i, o in enumerate(live) if not set(o) & set(runout)]
        if not fits:
            continue
        won = 0.0
        for i, o in fits:
            later = state(mine, key([*o, *full]))
            table[now[i]][later] += 1
            won += 1.0 if later == 0 else 0.5 if later == 1 else 0.0
        squares += (won / len(fits)) ** 2
        runouts += 1
    hs = sum(1.0 if s == 0 else 0.5 if s == 1 else 0.0 for s in now) / len(now)
    return table, hs, squares / runouts


def test_the_published_worked_example() -> None:
    # The hand-potential paper's example: A-Q offsuit on a 3-4-J flop with two hearts, against
    # every holding, two cards to come: 1,070,190 cases, 91,981 from behind to ahead, HS 0.585,
    # PPot 0.208, NPot 0.274.
    p = potential("Ad Qc", "3h 4c Jh")
    assert sum(map(sum, p.table)) == 1_070_190
    assert p.table[2][0] == 91_981
    assert (round(p.hs, 3), round(p.ppot, 3), round(p.npot, 3)) == (0.585, 0.208, 0.274)
    assert p.ehs == pytest.approx(p.hs * (1 - p.npot) + (1 - p.hs) * p.ppot)


@pytest.mark.parametrize("seed", range(6))
def test_against_a_range_as_the_reference_counts(seed: int) -> None:
    r = random.Random(seed)
    deck = list(DECK)
    r.shuffle(deck)
    hand, board = deck[:2], deck[2 : 2 + (3 if seed % 2 else 4)]
    rest = deck[2 + len(board) : 2 + len(board) + 7]
    opponents = r.sample([list(p) for p in combinations(rest, 2)], 4)
    p = potential(" ".join(hand), " ".join(board), ", ".join("".join(o) for o in opponents))
    table, hs, ehs2 = reference(hand, board, opponents)
    assert [list(row) for row in p.table] == table
    assert p.hs == pytest.approx(hs, abs=1e-12) and p.ehs2 == pytest.approx(ehs2, abs=1e-12)
    (_, at, ab), (ta, _, tb), (ba, bt, _) = table
    ahead, tied, behind = (sum(row) for row in table)
    if behind + tied:
        assert p.ppot == pytest.approx((ba + bt / 2 + ta / 2) / (behind + tied / 2), abs=1e-12)
    if ahead + tied:
        assert p.npot == pytest.approx((ab + at / 2 + tb / 2) / (ahead + tied / 2), abs=1e-12)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("Ah Kh", "Qh 7h"), "3 or 4 board cards"),
        (("Ah", "Qh 7h 2c"), "two hole cards"),
        (("Ah Kh", "Ah 7h 2c"), "dealt twice"),
        (("Ah Kh", "Qh 7h 2c", "Qh Qd"), "no combo left"),
    ],
)
def test_bad_questions_are_named(args: tuple[str, ...], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        potential(*args)


@pytest.mark.parametrize("seed", range(4))
def test_every_combo_of_a_range_at_once_as_the_reference_counts(seed: int) -> None:
    """``potentials``: each of several hands against one small range, with card removal between
    them, each as the reference counts it alone."""
    r = random.Random(100 + seed)
    deck = list(DECK)
    r.shuffle(deck)
    board = deck[: 3 if seed % 2 else 4]
    rest = deck[len(board) : len(board) + 9]
    pairs = [list(p) for p in combinations(rest, 2)]
    hands, opponents = r.sample(pairs, 5), r.sample(pairs, 5)
    got = potentials(", ".join("".join(h) for h in hands), " ".join(board), ", ".join("".join(o) for o in opponents))
    for hand in hands:
        combo = tuple(sorted(cards(" ".join(hand)), key=to_index, reverse=True))
        live = [o for o in opponents if not set(o) & set(hand)]
        if not live:
            assert combo not in got
            continue
        table, hs, ehs2 = reference(hand, board, live)
        assert [list(row) for row in got[combo].table] == table
        assert got[combo].hs == pytest.approx(hs, abs=1e-12) and got[combo].ehs2 == pytest.approx(ehs2, abs=1e-12)


def test_every_hand_of_a_flop_matches_the_single_hand_answer() -> None:
    every = potentials("random", "Kh 7d 2c", "QQ+, AK, 72o")
    assert len(every) == 1176  # every combo left beside the flop meets some holding
    for text in ("Ad Qc", "Kc Ks", "7h 2h", "3s 3d"):
        alone = potential(text, "Kh 7d 2c", "QQ+, AK, 72o")
        combo = tuple(sorted(cards(text), key=to_index, reverse=True))
        assert every[combo] == alone


@pytest.mark.parametrize("board", [[4, 9, 14], [4, 9, 14, 20]])
def test_the_kernel_is_the_same_in_both_implementations_on_any_thread_count(
    compiled: ModuleType, pure: ModuleType, board: list[int]
) -> None:
    r = random.Random(len(board))
    combos = [(a, b) for a, b in combinations(range(52), 2) if a not in board and b not in board]
    hands, holdings = r.sample(combos, 12), r.sample(combos, 30)
    players = [
        (array("B", [c for h in hands for c in h]), array("d", [1.0] * len(hands))),
        (array("B", [c for h in holdings for c in h]), array("d", [r.random() for _ in holdings])),
    ]
    one = compiled.potential_tables(players, board, threads=1)
    assert compiled.potential_tables(players, board, threads=2) == one
    assert pure.potential_tables(players, board) == one
    with pytest.raises(ValueError, match="two ranges"):
        compiled.potential_tables(players * 2, board)
    with pytest.raises(ValueError, match="3 or 4 board cards"):
        pure.potential_tables(players, board[:2])
    for impl in (compiled, pure):
        with pytest.raises(ValueError, match="a holding, number 1, holds a card twice, or a card of the board"):
            impl.potential_tables([players[0], (array("B", [board[0], 51]), array("d", [1.0]))], board)
        with pytest.raises(ValueError, match="a hand, number 1, holds a card twice"):
            impl.potential_tables([(array("B", [50, 50]), array("d", [1.0])), players[1]], board)


def test_rows_of_hands_and_boards_give_each_row_its_single_hand_answer() -> None:
    """``potential_many``: rows over a flop (its cards in two orders) and a turn, each row's values
    those of ``potential`` for its hand alone; numpy in, numpy out; an array's buffer in, arrays out."""
    np = pytest.importorskip("numpy")
    r = random.Random(7)
    boards = [["Kh", "7d", "2c"], ["2c", "Kh", "7d"], ["Kh", "7d", "2c", "9s"]]
    rows = []
    for board in (boards[0], boards[1], boards[0], boards[2], boards[2], boards[1]):
        left = [c for c in DECK if c not in board]
        rows.append((r.sample(left, 2), board))
    rows.append((["Ah", "Kd"], boards[2]))
    rows.append((["Ah", "Kd"], boards[2]))  # a hand twice on one board: each row its answer
    against = "QQ+, AK, 72o"
    hands = [[to_index(c) for c in cards(" ".join(h))] for h, _ in rows]
    flops = [[to_index(c) for c in cards(" ".join(b))] for _, b in rows if len(b) == 3]
    turns = [[to_index(c) for c in cards(" ".join(b))] for _, b in rows if len(b) == 4]
    on_flops = [h for (h, (_, b)) in zip(hands, rows) if len(b) == 3]
    on_turns = [h for (h, (_, b)) in zip(hands, rows) if len(b) == 4]
    for hand_rows, board_rows, texts in (
        (on_flops, flops, [x for x in rows if len(x[1]) == 3]),
        (on_turns, turns, [x for x in rows if len(x[1]) == 4]),
    ):
        columns = potential_many(np.array(hand_rows), np.array(board_rows, dtype=np.uint8), against)
        assert isinstance(columns.hs, np.ndarray) and columns.hs.dtype == np.float64
        for i, (hand, board) in enumerate(texts):
            alone = potential(" ".join(hand), " ".join(board), against)
            got = (columns.hs[i], columns.ppot[i], columns.npot[i], columns.ehs[i], columns.ehs2[i])
            assert got == (alone.hs, alone.ppot, alone.npot, alone.ehs, alone.ehs2), (hand, board)
    flat = array("B", [c for h in on_flops for c in h])
    boards_flat = array("B", [c for b in flops for c in b])
    plain = potential_many(
        memoryview(flat).cast("B", (len(on_flops), 2)), memoryview(boards_flat).cast("B", (len(flops), 3)), against
    )
    assert isinstance(plain.ehs, array) and plain.ehs.typecode == "d" and len(plain.ehs) == len(on_flops)


@pytest.mark.parametrize(
    ("hands", "boards", "words"),
    [
        ([[51, 50]], [[0, 1, 2], [3, 4, 5]], "1 hands and 2 boards"),
        ([[51, 52]], [[0, 1, 2]], "row 0: 52 is not a card index"),
        ([[51, 50]], [[0, 1, 51]], "row 0: a card twice"),
        ([[51, 50, 49]], [[0, 1, 2]], "expected 2 cards per row"),
        ([[51, 50]], [[0, 1]], "expected 3, 4 cards per row"),
    ],
)
def test_bad_rows_are_named(hands: list[list[int]], boards: list[list[int]], words: str) -> None:
    np = pytest.importorskip("numpy")
    with pytest.raises(ValueError, match=words):
        potential_many(np.array(hands), np.array(boards))


def test_a_row_that_meets_no_holding_is_named() -> None:
    np = pytest.importorskip("numpy")
    # On Ah 7d 2c, As Ks meets Ad Ac; As Ad leaves no two aces to hold.
    hands = [[to_index(c) for c in cards(h)] for h in ("As Ks", "As Ad")]
    board = [to_index(c) for c in cards("Ah 7d 2c")]
    alone = potential_many(np.array(hands[:1]), np.array([board]), "AA")
    assert alone.hs[0] == potential("As Ks", "Ah 7d 2c", "AA").hs
    with pytest.raises(ValueError, match="row 1: the opponent's holding has no combo left beside the hand"):
        potential_many(np.array(hands), np.array([board, board]), "AA")
