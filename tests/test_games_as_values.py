"""A game and a limit are values: a game defined here, in the test, is played, settled, logged and
replayed by the engine unchanged; no code outside the lookups compares a game's or a limit's name
with a string; the package's modules import one another without a circle; and none is much over
400 lines."""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Container, Sequence
from itertools import combinations
from pathlib import Path

import pytest
import reference

from handrank import evaluate
from handrank.cards import DECK, card_str, cards_str
from handrank.engine import BETTING, FixedLimit, Hand, HandSetup, NoLimit, PotLimit, Stakes, replay
from handrank.games import GAMES, HOLDEM, OMAHA, Game, Street, as_game
from handrank.rules import settle

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "handrank"


def _two_of_three(hole: Sequence[int], board: Sequence[int]) -> int:
    """Hold'em with three hole cards: the best five of any two of them and the board."""
    return min(evaluate([*pair, *board]) for pair in combinations(hole, 2))


PINEAPPLE_HOLD = Game("holdem-3", "Hold'em with three hole cards, two played", (3,), _two_of_three, phh="T3")
"""The toy game: defined here, nowhere in the library."""


def _reference_strength(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...]:
    """The same rule from the independent reference: the best five of two hole cards and the board."""
    parse = reference.parse
    return max(reference.best_key(parse(cards_str([*pair, *board]))) for pair in combinations(hole, 2))


def _play_out(hand: Hand, rng: random.Random) -> None:
    """Random legal actions, raises included, to the end of the hand."""
    while not hand.is_over:
        legal = hand.legal()
        choice = rng.choice(legal.actions)
        if choice in ("bet", "raise"):
            assert legal.min_raise is not None and legal.max_raise is not None
            hand.act(choice, rng.randint(legal.min_raise, legal.max_raise))
        else:
            hand.act(choice)


@pytest.mark.parametrize("seed", range(40))
def test_a_game_defined_in_the_test_is_played_settled_logged_and_replayed(seed: int) -> None:
    rng = random.Random(seed)
    stacks = {seat: rng.randint(20, 200) for seat in range(rng.randint(2, 6))}
    hand = Hand(stacks, button=0, game=PINEAPPLE_HOLD, seed=seed, limit=rng.choice(list(BETTING)))
    assert hand.hole_cards == 3 and all(len(h) == 3 for h in hand.holes.values())
    _play_out(hand, rng)
    assert hand.result is not None
    assert sum(hand.stacks.values()) == sum(stacks.values())
    # Every hand shown is ranked by the toy game's rule, and the pots go to the best of them.
    shown = hand.result.shown
    for seat, hand_shown in shown.items():
        assert hand_shown.rank == _two_of_three(hand.holes[seat], hand.board)
    if len(shown) > 1 and len(hand.result.settlement.pots) == 1:
        keys = {seat: _reference_strength(hand.holes[seat], hand.board) for seat in shown}
        best = max(keys.values())
        assert set(hand.result.settlement.pots[0].winners) == {s for s, k in keys.items() if k == best}
    # The log names the game; a replay given the game rebuilds the same hand, without it refuses.
    start = json.loads(hand.to_json())[0]
    assert (start["game"], start["hole_cards"]) == ("holdem-3", 3)
    again = replay(hand.to_json(), games={**GAMES, PINEAPPLE_HOLD.name: PINEAPPLE_HOLD})
    assert again.game is PINEAPPLE_HOLD and again.state() == hand.state() and again.log == hand.log
    with pytest.raises(ValueError, match="unknown game 'holdem-3'"):
        replay(hand.to_json())


def test_the_toy_game_settles_and_deals_as_the_caller_says() -> None:
    # Two of the three: the third hole card's ace is no use to seat 0 here, a pair of kings is.
    board = "Kc 7d 2h 9s 4c"
    s = settle({0: 10, 1: 10}, button=1, board=board, hands={0: "Kd 3s As", 1: "Qd Qs 5h"}, game=PINEAPPLE_HOLD)
    assert s.pots[0].winners == (0,)
    hand = Hand.with_cards([50, 50], 0, {0: "Kd 3s As", 1: "Qd Qs 5h"}, board, game=PINEAPPLE_HOLD)
    while not hand.is_over:
        hand.act("check" if hand.legal().check else "call")
    assert cards_str(hand.board) == board and hand.result is not None and hand.result.net == {0: 2, 1: -2}


def test_a_game_with_its_own_streets_needs_no_engine_code() -> None:
    # A made-up game: the whole board at once after the deal, then one more betting round.
    one_flop = Game("one-flop", "One flop", (2,), HOLDEM.high, phh="X", streets=(Street("deal"), Street("board", 5)))
    hand = Hand([100, 100, 100], button=0, game=one_flop, seed=5)
    seen = []
    while not hand.is_over:
        seen.append(hand.street)
        hand.act("check" if hand.legal().check else "call")
    assert seen == ["deal", "deal", "deal", "board", "board", "board"] and len(hand.board) == 5
    boards = [e for e in hand.log if e["event"] == "board"]
    assert [(e["street"], len(e["cards"].split())) for e in boards] == [("board", 5)]


def test_a_game_deals_from_its_own_deck() -> None:
    # Six to ace in each suit: a short deck's 36 cards, a value of the game, not of the engine.
    short = tuple(c for c in DECK if card_str(c)[0] not in "2345")
    six_plus = Game("six-plus-toy", "Hold'em from 36 cards", (2,), HOLDEM.high, phh="X", deck=short)
    for seed in range(20):
        hand = Hand([100] * 6, button=0, game=six_plus, seed=seed, cut=None if seed % 2 else 10)
        while not hand.is_over:
            hand.act("check" if hand.legal().check else "call")
        dealt = [c for h in hand.holes.values() for c in h] + hand.board + hand.burned
        assert set(dealt) <= set(short) and len(set(dealt)) == len(dealt) == 12 + 5 + 3
    with pytest.raises(ValueError, match="runs is 1 to 3 here"):  # 24 cards after the holes: 3 boards and burns
        Hand([100] * 6, button=0, game=six_plus, seed=1, runs=4)
    with pytest.raises(ValueError, match="a cut is 5 to 31 cards, got 40"):
        Hand.with_cards([100, 100], 0, {0: "As Ks", 1: "Qs Js"}, game=six_plus, cut=40)


def test_names_are_looked_up_once_at_the_boundary() -> None:
    assert as_game("omaha") is OMAHA and as_game(OMAHA) is OMAHA
    with pytest.raises(ValueError, match="unknown game 'pinochle': expected one of holdem, omaha, omaha-hilo"):
        as_game("pinochle")
    assert Hand([50, 50], 0, game="omaha", seed=1).game is OMAHA
    assert [type(Stakes(limit=name).betting) for name in BETTING] == [NoLimit, PotLimit, FixedLimit]
    setup = HandSetup({0: 100, 1: 0, 2: 100}, button=0, game="omaha", hole_cards=5)
    assert setup.seats == [0, 2] and setup.game is OMAHA and HandSetup.from_event(setup.to_event()) == setup
    with pytest.raises(ValueError, match="omaha deals 4 or 5 or 6 hole cards, got 2"):
        HandSetup({0: 100, 1: 100}, button=0, game=OMAHA, hole_cards=2)


NAMES = [*GAMES, *BETTING, "fixed", "pot", "no"]
_NAME = "|".join(re.escape(name) for name in NAMES)
COMPARED = re.compile(rf"""(==|!=|\bin)\s*\(?\s*["']({_NAME})["']|["']({_NAME})["']\s*(==|!=)""")
LOOKUPS = {"games.py", "engine/limits.py"}


def test_no_game_or_limit_name_is_compared_with_a_string_outside_the_lookups() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name in LOOKUPS:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if COMPARED.search(line.split("#")[0]):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def _module_imports(path: Path, module: str, is_package: bool, modules: Container[str]) -> set[str]:
    """The handrank modules a module imports as it loads (imports under TYPE_CHECKING, or inside a
    function, run later or never). ``from package import module`` imports the module: the package
    is its parent, which Python loads first whoever imports it."""
    tree = ast.parse(path.read_text())
    base = module.split(".") if is_package else module.split(".")[:-1]
    out = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in [node] if not isinstance(node, (ast.If, ast.Try)) else ast.walk(node):
            if isinstance(sub, ast.ImportFrom):
                parts = (base[: len(base) - sub.level + 1] if sub.level else []) + (sub.module or "").split(".")
                target = ".".join(p for p in parts if p)
                named = {f"{target}.{alias.name}" for alias in sub.names}
                out.update(named & set(modules) if named <= set(modules) else {target, *named})
            elif isinstance(sub, ast.Import):
                out.update(alias.name for alias in sub.names)
    return out


def test_no_import_circle() -> None:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ("handrank", *path.relative_to(PACKAGE).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph = {
        name: {t for t in _module_imports(path, name, is_package, modules) if t in modules and t != name}
        for name, (path, is_package) in modules.items()
    }
    # Tarjan's strongly connected components: any with more than one module is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert not circles, circles


def test_no_module_of_the_package_is_over_about_400_lines() -> None:
    # A concern a file: one that grows past this holds two, and splits (a little slack for "about").
    long = {
        path.relative_to(PACKAGE).as_posix(): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 420
    }
    assert not long, long
