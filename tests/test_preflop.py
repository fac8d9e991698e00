"""The exact preflop matrix: the ``class_wins`` kernel of both implementations against pairs counted
one by one, the board classes against every board, the shipped counts counted again, the matrix
against exact equity and exact fractions."""

from __future__ import annotations

import random
from array import array
from fractions import Fraction
from itertools import chain, combinations, product
from math import comb
from types import ModuleType

import pytest

from handrank import DECK, Range, equity, evaluate, hand_classes, preflop_matrix, to_index
from handrank._preflop import BOARDS, board_classes, count_wins, pair_classes, read_wins

PAIRS = list(combinations(range(52), 2))


def boards_array(boards: list[list[int]]) -> memoryview:
    return memoryview(bytearray(c for board in boards for c in board)).cast("B", (len(boards), 5))


def plain_wins(boards: list[list[int]], weights: list[int], classes: list[int], k: int) -> list[int]:
    """Every two pairs on every board compared one by one."""
    wins = [0] * (k * k)
    for board, weight in zip(boards, weights):
        live = [
            (evaluate([DECK[x], DECK[y], *(DECK[c] for c in board)]), 1 << x | 1 << y, cls)
            for (x, y), cls in zip(PAIRS, classes)
            if x not in board and y not in board
        ]
        for rank_a, cards_a, class_a in live:
            for rank_b, cards_b, class_b in live:
                if rank_a < rank_b and not cards_a & cards_b:
                    wins[class_a * k + class_b] += weight
    return wins


def test_class_wins_equal_every_two_pairs_compared(impl: ModuleType) -> None:
    rng = random.Random(3)
    boards = [sorted(rng.sample(range(52), 5)) for _ in range(2)]
    weights = [1, 24]
    classes = [rng.randrange(5) for _ in PAIRS]
    wins = impl.class_wins(boards_array(boards), array("I", weights), array("H", classes))
    assert [x for row in wins.tolist() for x in row] == plain_wins(boards, weights, classes, 5)


def test_each_pair_its_own_class_counts_boards_where_it_wins(compiled: ModuleType) -> None:
    rng = random.Random(8)
    boards = [rng.sample(range(52), 5) for _ in range(3)]
    wins = compiled.class_wins(boards_array(boards), array("I", [1, 2, 3]), array("H", range(1326))).tolist()
    for _ in range(2000):
        a, b = rng.sample(PAIRS, 2)
        expected = 0
        for weight, board in zip([1, 2, 3], boards):
            if not (set(a) | set(b)) & set(board) and not set(a) & set(b):
                ranks = [evaluate([DECK[p[0]], DECK[p[1]], *(DECK[c] for c in board)]) for p in (a, b)]
                expected += weight * (ranks[0] < ranks[1])
        assert wins[PAIRS.index(a)][PAIRS.index(b)] == expected


def test_both_implementations_count_preflop_classes_alike(compiled: ModuleType, pure: ModuleType) -> None:
    rng = random.Random(11)
    boards = boards_array([rng.sample(range(52), 5) for _ in range(3)])
    weights, classes = array("I", [4, 12, 24]), pair_classes()
    assert compiled.class_wins(boards, weights, classes).tolist() == pure.class_wins(boards, weights, classes).tolist()


def test_class_wins_checks_what_it_takes(impl: ModuleType) -> None:
    one = boards_array([[0, 1, 2, 3, 4]])
    classes = array("H", [0] * 1326)
    with pytest.raises(ValueError, match="row 0: duplicate card"):
        impl.class_wins(boards_array([[0, 1, 2, 3, 3]]), array("I", [1]), classes)
    with pytest.raises(ValueError, match="row 0: 60 is not a card index"):
        impl.class_wins(boards_array([[0, 1, 2, 3, 60]]), array("I", [1]), classes)
    with pytest.raises(ValueError, match="a weight for each of the 1 boards, got 2"):
        impl.class_wins(one, array("I", [1, 1]), classes)
    with pytest.raises(ValueError, match="must not be negative"):
        impl.class_wins(one, array("i", [-1]), classes)
    with pytest.raises(ValueError, match="each of the 1,326 hole-card pairs"):
        impl.class_wins(one, array("I", [1]), array("H", [0] * 1325))
    with pytest.raises(ValueError, match="each of the 1,326 hole-card pairs"):
        impl.class_wins(one, array("I", [1]), array("H", [0] * 1325 + [1326]))
    with pytest.raises(ValueError, match="too many for one call"):  # 1,326 pairs in one class: 32 bits overflow
        impl.class_wins(one, array("I", [3000]), classes)
    with pytest.raises(TypeError):
        impl.class_wins([[0, 1, 2, 3, 4]], array("I", [1]), classes)


def test_board_classes_stand_for_every_board_once(compiled: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    boards, weights = board_classes()
    assert len(weights) == 134_459 and sum(weights) == comb(52, 5)
    every = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8, 5 * comb(52, 5)).reshape(-1, 5)
    counted = np.bincount(compiled.hand_indexer((5,)).index_many(every), minlength=len(weights))
    assert counted.tolist() == list(weights)
    assert (compiled.hand_indexer((5,)).index_many(np.asarray(boards)) == np.arange(len(weights))).all()


@pytest.mark.exhaustive
def test_the_shipped_preflop_wins_are_counted_again(compiled: ModuleType) -> None:
    seen: list[int] = []
    assert count_wins(threads=0, progress=lambda done, total: seen.append(done)) == read_wins()
    assert seen[-1] == 134_459


def test_the_matrix_is_exact_equity_and_adds_up(compiled: ModuleType) -> None:
    names = hand_classes()
    m = preflop_matrix()
    assert list(m) == names and all(list(row) == names for row in m.values())
    rng = random.Random(5)
    for a, b in [("AA", "KK"), ("AKs", "QQ"), ("72o", "AA"), *(rng.sample(names, 2) for _ in range(6))]:
        assert m[a][b] == equity([a, b], exact=True).players[0].equity
    for a in names:
        assert m[a][a] == 0.5
        for b in names:
            assert m[a][b] + m[b][a] == pytest.approx(1, abs=1e-12)
    assert preflop_matrix(["KK", "AA"]) == {
        "KK": {"KK": 0.5, "AA": m["KK"]["AA"]},
        "AA": {"KK": m["AA"]["KK"], "AA": 0.5},
    }


def test_the_matrix_is_every_deal_and_board_as_fractions(compiled: ModuleType) -> None:
    # Plainly: the 48 deals of AKs against 72o, each every board, as exact fractions.
    shares = []
    for hero, villain in product(Range("AKs"), Range("72o")):
        holes = [[to_index(c) for c in hero[0]], [to_index(c) for c in villain[0]]]
        units, _, _, boards = compiled.exact_showdowns(holes)
        assert boards == BOARDS
        shares.append(Fraction(units[0], 2520 * boards))
    assert preflop_matrix(["AKs", "72o"])["AKs"]["72o"] == float(sum(shares) / len(shares))


def test_the_matrix_takes_starting_hand_classes_only() -> None:
    with pytest.raises(ValueError):
        preflop_matrix(["AA", "not a class"])
    with pytest.raises(ValueError, match="'AK' is not one of the 169 starting-hand classes"):
        preflop_matrix(["AA", "AK"])


def test_the_compiled_kernel_checks_what_it_reads_itself(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    import handrank._kernels.matrix as checks

    view, classes = boards_array([[0, 1, 2, 3, 4]]), array("H", [0] * 1326)

    def passing(cards: bytes, weights: array[int], classes: array[int], k: int) -> None:
        monkeypatch.setattr(checks, "class_wins_args", lambda *args: (view, cards, weights, classes, k))

    passing(bytes([0, 1, 2, 3, 60]), array("I", [1]), classes, 1)
    with pytest.raises(ValueError, match="row 0: 60 is not a card index"):
        compiled.class_wins(view, None, None)
    passing(bytes(range(5)), array("I", []), classes, 1)
    with pytest.raises(ValueError, match="disagree in length"):
        compiled.class_wins(view, None, None)
    passing(bytes(range(5)), array("I", [1]), array("H", [0] * 1325 + [3]), 1)
    with pytest.raises(ValueError, match="class 3 of pair 1325 is not below 1"):
        compiled.class_wins(view, None, None)
