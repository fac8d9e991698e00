"""The chip model against references written here: every finishing order weighed one by one
(Malmuth-Harville), every order of elimination with the chips shared out (Malmuth-Weitzman), both
implementations equal to the last bit, the Monte Carlo within its error, the invariants a prize
pool keeps, bubble factors and all-in decisions from the same references, and pokerkit's numbers."""

from __future__ import annotations

import json
import random
from itertools import combinations, permutations
from math import isnan
from types import ModuleType

import pytest

from handrank import icm as icm_module
from handrank._kernels.tournament import icm_parts
from handrank.cli import main
from handrank.icm import Model, all_in, bubble_factors, icm, push_or_fold, sampled_icm


def every_finishing_order(stacks: list[float], payouts: list[float]) -> list[float]:
    """Malmuth-Harville by its definition: each order of the paid places weighed in turn."""
    total, n = sum(stacks), len(stacks)
    value = [0.0] * n
    for order in permutations(range(n), min(len(payouts), n)):
        chance, left = 1.0, total
        for seat in order:
            chance *= stacks[seat] / left
            left -= stacks[seat]
        for place, seat in enumerate(order):
            value[seat] += chance * payouts[place]
    return value


def every_elimination(stacks: dict[int, float], payouts: list[float]) -> dict[int, float]:
    """Malmuth-Weitzman by its definition: the next out in inverse proportion to chips, their chips
    shared evenly by those left, recursively down to the winner."""
    if len(stacks) == 1:
        (seat,) = stacks
        return {seat: payouts[0] if payouts else 0.0}
    inverse = {seat: 1 / chips for seat, chips in stacks.items()}
    norm = sum(inverse.values())
    place = len(stacks) - 1
    value = dict.fromkeys(stacks, 0.0)
    for out, weight in inverse.items():
        chance = weight / norm
        value[out] += chance * (payouts[place] if place < len(payouts) else 0.0)
        rest = {seat: chips + stacks[out] / (len(stacks) - 1) for seat, chips in stacks.items() if seat != out}
        for seat, v in every_elimination(rest, payouts).items():
            value[seat] += chance * v
    return value


def cases(count: int, most: int, seed: int) -> list[tuple[list[float], list[float]]]:
    r = random.Random(seed)
    out = []
    for _ in range(count):
        n = r.randint(1, most)
        stacks = [float(r.randint(1, 10_000)) for _ in range(n)]
        payouts = sorted((r.uniform(0, 100) for _ in range(r.randint(1, n))), reverse=True)
        out.append((stacks, payouts))
    return out


def close(a: list[float], b: list[float], scale: float) -> bool:
    return all(abs(x - y) <= 1e-12 * max(scale, 1.0) for x, y in zip(a, b)) and len(a) == len(b)


def test_malmuth_harville_equals_every_finishing_order(impl: ModuleType) -> None:
    for stacks, payouts in cases(60, 8, 1):
        got = impl.icm_values(stacks, payouts)
        assert close(got, every_finishing_order(stacks, payouts), sum(payouts)), (stacks, payouts)


def test_malmuth_weitzman_equals_every_order_of_elimination(impl: ModuleType) -> None:
    for stacks, payouts in cases(40, 7, 2):
        expected = every_elimination(dict(enumerate(stacks)), payouts)
        got = impl.icm_values(stacks, payouts, True)
        assert close(got, [expected[i] for i in range(len(stacks))], sum(payouts)), (stacks, payouts)


def test_both_implementations_give_the_same_numbers(compiled: ModuleType, pure: ModuleType) -> None:
    for stacks, payouts in cases(30, 12, 3):
        for weitzman in (False, True):
            assert compiled.icm_values(stacks, payouts, weitzman) == pure.icm_values(stacks, payouts, weitzman)
    r = random.Random(4)
    field = [float(r.randint(1, 500)) for _ in range(300)]
    prizes = [float(100 - i) for i in range(40)]
    assert compiled.sampled_icm(field, prizes, 30, 9) == pure.sampled_icm(field, prizes, 30, 9)
    assert compiled.sampled_icm([1.0, 2.0, 3.0], [1.0], 2000, 5) == pure.sampled_icm([1.0, 2.0, 3.0], [1.0], 2000, 5)
    # Malmuth-Weitzman's trials: a draw again and again until one is kept, the same draws in both.
    assert compiled.sampled_icm(field, prizes, 20, 9, None, True) == pure.sampled_icm(field, prizes, 20, 9, None, True)
    wide = [10.0 ** r.uniform(-3, 6) for _ in range(40)]
    assert compiled.sampled_icm(wide, [3.0, 2.0, 1.0], 300, 2, None, True) == pure.sampled_icm(
        wide, [3.0, 2.0, 1.0], 300, 2, None, True
    )
    # Several parts, each from its own stream, added in order: the same numbers on any thread count.
    assert len(icm_parts(40_000, 3)) - 1 == 10  # and 120,000 draws: work enough for several threads
    for weitzman in (False, True):
        alone = pure.sampled_icm([1.0, 2.0, 3.0], [2.0, 1.0], 40_000, 5, None, weitzman)
        for threads in (None, 1, 2, 3, 0):
            assert compiled.sampled_icm([1.0, 2.0, 3.0], [2.0, 1.0], 40_000, 5, threads, weitzman) == alone
    with pytest.raises(ValueError, match="threads must be None or an int >= 0"):
        compiled.sampled_icm([1.0, 2.0], [1.0], 10, 1, -1)
    with pytest.raises(ValueError, match="threads must be None or an int >= 0"):
        pure.sampled_icm([1.0, 2.0], [1.0], 10, 1, -1)


@pytest.mark.parametrize("model", list(Model))
def test_the_prize_pool_is_shared_out_equal_stacks_alike_more_chips_more_money(model: Model) -> None:
    for stacks, payouts in cases(30, 9, 5):
        values = icm(stacks, payouts, model)
        assert abs(sum(values) - sum(payouts)) < 1e-9 * max(1.0, sum(payouts))
        ranked = sorted(range(len(stacks)), key=stacks.__getitem__)
        for a, b in zip(ranked, ranked[1:]):
            assert values[a] <= values[b] + 1e-9, (stacks, payouts)
        same = icm([stacks[0]] * len(stacks), payouts, model)
        assert max(same) - min(same) < 1e-9


def test_a_player_out_takes_the_bottom_place_and_shares_it() -> None:
    values = icm([5000, 0, 3000, 0], [50, 30, 15, 5])
    assert values[1] == values[3] == 10.0
    assert close([values[0], values[2]], [v + 0.0 for v in every_finishing_order([5000, 3000], [50, 30])], 100)
    assert icm([0, 7], [10, 1]) == (1.0, 10.0)


def test_the_monte_carlo_lies_within_its_error_and_repeats_by_seed() -> None:
    stacks, payouts = [4000.0, 2500.0, 1500.0, 1200.0, 800.0], [50.0, 30.0, 20.0]
    exact = icm(stacks, payouts)
    first = sampled_icm(stacks, payouts, trials=20_000, seed=7)
    for e, v, err in zip(exact, first.values, first.errors):
        assert err > 0 and abs(v - e) < 4 * err
    assert sampled_icm(stacks, payouts, trials=20_000, seed=7) == first
    assert sampled_icm(stacks, payouts, trials=20_000, seed=8).values != first.values
    assert abs(sum(first.values) - sum(payouts)) < 1e-9


def test_the_malmuth_weitzman_monte_carlo_lies_within_its_error() -> None:
    # Against every order of elimination counted in the tests, stacks from even to a thousandfold apart.
    r = random.Random(8)
    for n in (2, 3, 5, 7):
        stacks = [10.0 ** r.uniform(0, 3) for _ in range(n)]
        payouts = sorted((r.uniform(1, 100) for _ in range(r.randint(1, n))), reverse=True)
        expected = every_elimination(dict(enumerate(stacks)), payouts)
        sampled = sampled_icm(stacks, payouts, trials=20_000, seed=n, model=Model.MALMUTH_WEITZMAN)
        for i, (v, err) in enumerate(zip(sampled.values, sampled.errors)):
            assert abs(v - expected[i]) < 4 * err + 1e-12, (stacks, payouts, i)
        assert abs(sum(sampled.values) - sum(payouts)) < 1e-9 * sum(payouts)
    # The models differ where chips are unequal (a big stack gets less from the bottom up): this one
    # samples the model it is asked for, not the other.
    stacks, payouts = [9000.0, 500.0, 500.0], [60.0, 40.0]
    weitzman = sampled_icm(stacks, payouts, trials=20_000, seed=1, model=Model.MALMUTH_WEITZMAN)
    (big, *_), (error, *_) = weitzman.values, weitzman.errors
    assert abs(big - every_elimination(dict(enumerate(stacks)), payouts)[0]) < 4 * error
    assert abs(big - every_finishing_order(stacks, payouts)[0]) > 8 * error
    with pytest.raises(TypeError, match="model must be a handrank.icm.Model"):
        sampled_icm([1, 2], [1], model="weitzman")  # type: ignore[arg-type]


def test_a_field_past_the_exact_limit_is_sampled() -> None:
    stacks = [1000.0 + i for i in range(2000)]
    r = sampled_icm(stacks, [100.0] * 300, trials=40, seed=1)
    assert len(r.values) == 2000 and abs(sum(r.values) - 30_000) < 1e-6
    with pytest.raises(ValueError, match="up to 24 players with chips.*sampled_icm"):
        icm(stacks[:25], [1.0])


@pytest.mark.parametrize(
    ("stacks", "payouts", "error", "words"),
    [
        ([100, -1], [1], ValueError, r"stacks\[1\] is below zero"),
        ([0, 0], [1], ValueError, "no stack holds chips"),
        ([100, 200], [3, 2, 1], ValueError, "3 payouts for 2 players"),
        ([100, float("nan")], [1], ValueError, r"stacks\[1\] must be finite"),
        ([100, "200"], [1], TypeError, r"stacks\[1\] must be a number"),
        ([100, True], [1], TypeError, r"stacks\[1\] must be a number"),
        ("100 200", [1], TypeError, "stacks must be a sequence of numbers"),
        ([100, 200], [1, -1], ValueError, r"payouts\[1\] is -1"),
    ],
)
def test_bad_stacks_and_payouts_are_named(stacks: object, payouts: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        icm(stacks, payouts)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (([100, 0], [1]), r"stacks\[1\] is 0: a stack in play holds chips"),
        (([100] * 25, [1]), "1 to 24 stacks"),
        (([], [1]), "1 to 24 stacks"),
        (([1, 2], [1, 2, 3]), "3 payouts for 2 players"),
    ],
)
def test_the_kernels_refuse_what_they_cannot_count(impl: ModuleType, args: tuple[object, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        impl.icm_values(*args)


@pytest.mark.parametrize(("trials", "seed"), [(1, 0), (True, 0), (10, -1), (10, 1 << 64), (10, 1.5)])
def test_the_monte_carlo_refuses_a_bad_count_or_seed(impl: ModuleType, trials: object, seed: object) -> None:
    with pytest.raises(ValueError, match="trials|seed"):
        impl.sampled_icm([1.0, 2.0], [1.0], trials, seed)


def test_the_model_is_a_value_not_a_string() -> None:
    with pytest.raises(TypeError, match="handrank.icm.Model"):
        icm([1, 2], [1], "malmuth-harville")  # type: ignore[arg-type]


def test_bubble_factors_from_the_reference() -> None:
    stacks, payouts = [5000.0, 3000.0, 2000.0, 1000.0], [50.0, 30.0, 20.0]
    factors = bubble_factors(stacks, payouts)
    now = every_finishing_order(stacks, payouts)
    for i, j in permutations(range(4), 2):
        risk = min(stacks[i], stacks[j])
        lose, win = list(stacks), list(stacks)
        lose[i] -= risk
        lose[j] += risk
        win[i] += risk
        win[j] -= risk

        def worth(s: list[float], seat: int) -> float:
            left = [k for k in range(4) if s[k] > 0]
            if seat not in left:
                return payouts[len(left)] if len(left) < len(payouts) else 0.0
            values = every_finishing_order([s[k] for k in left], payouts[: len(left)])
            return values[left.index(seat)]

        expected = (now[i] - worth(lose, i)) / (worth(win, i) - now[i])
        assert abs(factors[i][j] - expected) < 1e-9, (i, j)
        assert factors[i][j] > 1  # three paid places of four: every all-in costs more than it pays
    assert all(isnan(factors[i][i]) for i in range(4))
    heads_up = bubble_factors([300, 700], [1])
    assert abs(heads_up[0][1] - 1) < 1e-12 and abs(heads_up[1][0] - 1) < 1e-12


def test_winner_take_all_money_is_chips() -> None:
    # Heads-up for one prize, the chip model is the share of chips: money and chips agree.
    stacks, prize = [1200.0, 1800.0], 90.0
    call = all_in(stacks, [prize], 0, 1, "Ah Kh", "Qs Qd", posted=[50, 100])
    assert abs(call.call_gain - call.call_gain_chips * prize / 3000) < 1e-9
    assert abs(sum(call.call_chips) - 3000) < 1e-9 and abs(sum(call.fold_chips) - 3000) < 1e-9
    assert call.fold_chips == (1300.0, 1700.0)  # the caller's big blind goes to the pusher
    assert abs(call.win + call.tie + call.lose - 1) < 1e-12 and 0.4 < call.win < 0.5


def test_dead_money_and_the_uncalled_part_of_a_push() -> None:
    # Seat 0 (big) pushes into seat 1 (short); seat 2's ante is dead money the winner takes.
    call = all_in([5000, 1000, 3000], [60, 40], 0, 1, "As Ad", "7c 2d", posted=[10, 110, 10])
    assert abs(sum(call.call_chips) - 9000) < 1e-9
    win_for_seat_0 = 5000 + 1000 + 10  # the short stack's 1000 and the dead ante: the rest of the push comes back
    expected_chips_0 = call.win * win_for_seat_0 + call.tie * (5000 + 5) + call.lose * (5000 - 1000)
    assert abs(call.call_chips[0] - expected_chips_0) < 1e-9
    assert call.fold_chips == (5120.0, 890.0, 2990.0)


def test_push_or_fold_counts_the_calls_left_after_the_cards_seen() -> None:
    hand, calls = ["Ah", "Kh"], ["AA", "KK", "QQ"]
    seen = set(hand)
    ranks = "23456789TJQKA"
    deck = [r + s for r in ranks for s in "cdhs" if r + s not in seen]
    pairs = [(a, b) for a, b in combinations(deck, 2) if a[0] == b[0] and a[0] + b[0] in calls]
    decision = push_or_fold([1500, 1500], [1], 0, 1, "Ah Kh", "QQ+", posted=[50, 100])
    assert decision.call_chance == len(pairs) / (len(deck) * (len(deck) - 1) / 2)
    assert decision.fold_chips == (1450.0, 1550.0)
    expected = (1 - decision.call_chance) * 1600
    called = all_in([1500, 1500], [1], 0, 1, "Ah Kh", "QQ+", posted=[50, 100])
    expected += decision.call_chance * called.call_chips[0]
    assert abs(decision.push_chips[0] - expected) < 1e-6
    assert decision.push_gain > 0 and abs(decision.push_gain - decision.push_gain_chips / 3000) < 1e-12


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: all_in([100, 100], [1], 0, 0, "AA", "KK"), "two seats"),
        (lambda: all_in([100, 100], [1], 0, 2, "AA", "KK"), "caller must be a seat from 0 to 1"),
        (lambda: all_in([100, 0], [1], 0, 1, "AA", "KK"), "every player here holds chips"),
        (lambda: all_in([100, 100], [1], 0, 1, "AA", "KK", posted=[200, 0]), "posts from 0 up to its stack"),
        (lambda: push_or_fold([100, 100], [1], 0, 1, "Ah Kh", "QQ+", board="Ah 2c 3d"), "share a card"),
    ],
)
def test_bad_decisions_are_named(call: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        call()  # type: ignore[operator]


@pytest.mark.peers
def test_pokerkit_gives_the_same_values() -> None:
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is a test-only peer")
    for stacks, payouts in cases(30, 7, 6):
        theirs = pokerkit.calculate_icm(payouts, stacks)
        assert close(list(icm(stacks, payouts)), list(theirs), sum(payouts) * 1e3)


def test_the_command_prints_values_and_bubble_factors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["icm", "5000", "3000", "2000", "--payouts", "70", "30", "--bubble", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert close(out["values"], every_finishing_order([5000, 3000, 2000], [70, 30]), 100)
    assert out["bubble_factors"][0][0] is None and out["bubble_factors"][0][1] > 1
    assert main(["icm", "5000", "3000", "2000", "--payouts", "70", "30"]) == 0
    text = capsys.readouterr().out
    assert "45.18" in text and "32.25" in text and "22.57" in text
    assert main(["icm", "50", "30", "--payouts", "1", "--trials", "1000", "--seed", "3", "--json"]) == 0
    sampled = json.loads(capsys.readouterr().out)
    assert sampled["trials"] == 1000 and sampled["values"] == list(sampled_icm([50, 30], [1], 1000, 3).values)
    assert main(["icm", "50", "30", "--payouts", "1", "--trials", "40000", "--threads", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["values"] == list(sampled_icm([50, 30], [1], 40_000).values)
    assert main(["icm", "50", "30", "--payouts", "1", "--model", "weitzman", "--trials", "1000", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model"] == "malmuth-weitzman"
    assert out["values"] == list(sampled_icm([50, 30], [1], 1000, model=Model.MALMUTH_WEITZMAN).values)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["icm", "100", "\u0663", "--payouts", "1"], "expected a number of 0 or more"),
        (["icm", "100", "-5", "--payouts", "1"], "expected a number of 0 or more"),
        (["icm", "100", "nan", "--payouts", "1"], "expected a number of 0 or more"),
    ],
)
def test_the_command_refuses_bad_numbers(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    try:
        code = main(args)
    except SystemExit as exit_:
        code = exit_.code  # type: ignore[assignment]
    assert code == 2
    assert words in capsys.readouterr().err


def test_the_module_states_its_surface() -> None:
    assert set(icm_module.__all__) <= set(dir(icm_module))


def test_a_seeded_decision_is_the_same_in_both_implementations(
    compiled: ModuleType, pure: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Without trials each implementation counts every board within its own budget (the pure one's
    # is smaller) and samples past it; trials and a seed give both the same draws.
    from handrank import _switch

    answers = []
    for evaluator in (compiled, pure):
        monkeypatch.setattr(_switch, "evaluator", evaluator)
        a = all_in([5000, 3000, 2000], [70, 30], 0, 1, "22+, A2+", "ATo", posted=[100, 200, 0], trials=3_000, seed=4)
        p = push_or_fold([1500, 1500], [1], 0, 1, "Ah Kh", "QQ+", posted=[50, 100], trials=3_000, seed=4)
        answers.append((a.call_money, p.push_money))
    assert answers[0] == answers[1]
