"""The differences real apps hit when they switched to a shim by its import line, each closed
or opted into: the package's modules as attributes, ``eval7.equity`` a module, ``TypeError``
for a card of no card type, old treys code on the deuces shim, deuces's answers for a card
given twice, and eval7's cards hashing as eval7's."""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

import handrank as hr
from handrank.cards import card as card_int
from handrank.compat import deuces as our_deuces
from handrank.compat import eval7 as our_eval7
from handrank.compat import phevaluator as our_phe
from handrank.compat import treys as our_treys
from handrank.compat.treys import CardError

TEXTS = [r + s for r in "23456789TJQKA" for s in "cdhs"]
SHIMS = ("treys", "deuces", "eval7", "phevaluator")


def peer(name: str) -> Any:
    return pytest.importorskip(name, reason=f"{name} is not installed (pip install {name})")


# 1 and 2: every module of a package is its attribute, as after the peer's own import ------------

KINDS = """
import importlib, json, pkgutil, sys, types
package = importlib.import_module(sys.argv[1])
kinds = {}
for found in pkgutil.iter_modules(package.__path__):
    try:
        value = getattr(package, found.name)
    except AttributeError:
        kinds[found.name] = "missing"
    except RecursionError:
        kinds[found.name] = "error"
    else:
        kinds[found.name] = "module" if isinstance(value, types.ModuleType) else type(value).__name__
print(json.dumps(kinds))
"""


def attribute_kinds(package: str) -> dict[str, str]:
    """What a fresh ``import package`` makes of each module file in it: ``"module"``, the type of
    the object that name holds instead, ``"missing"``, or ``"error"`` when reading it raises."""
    done = subprocess.run([sys.executable, "-c", KINDS, package], capture_output=True, text=True, check=True)
    kinds: dict[str, str] = json.loads(done.stdout)
    return kinds


@pytest.mark.parametrize("name", SHIMS)
def test_each_module_of_a_shim_is_an_attribute_after_importing_the_package(name: str) -> None:
    kinds = attribute_kinds(f"handrank.compat.{name}")
    assert len(kinds) >= 4
    # eval7's package binds ``evaluate`` to the function of its ``evaluate`` module, and so does the shim.
    expected = {m: "function" if (name, m) == ("eval7", "evaluate") else "module" for m in kinds}
    assert kinds == expected


@pytest.mark.peers
@pytest.mark.parametrize("name", SHIMS)
def test_a_shims_module_map_is_its_peers(name: str) -> None:
    peer(name)
    theirs, ours = attribute_kinds(name), attribute_kinds(f"handrank.compat.{name}")
    for module, kind in theirs.items():
        if kind == "missing" and module.startswith("test"):
            assert module not in ours  # deuces ships its tests in the package; the shim has none
        elif (name, module) == ("phevaluator", "_pheval"):
            assert ours[module] == "module"  # the shim's package imports it; phevaluator's does not
        elif kind == "error":
            # phevaluator 0.6's lazy ``__getattr__`` recurses on a module's name; the shim's is there
            assert ours[module] == "module", module
        else:
            assert ours.get(module) == kind.replace("cython_function_or_method", "function"), module
    assert set(ours) <= set(theirs)


def test_eval7_equity_is_a_module_with_eval7s_functions() -> None:
    from handrank.compat.eval7.equity import py_hand_vs_range_exact

    assert py_hand_vs_range_exact is our_eval7.py_hand_vs_range_exact is our_eval7.equity.py_hand_vs_range_exact
    hero = [our_eval7.Card(c) for c in ("As", "Ah")]
    board = [our_eval7.Card(c) for c in ("Kd", "7c", "2s", "9h", "3d")]
    result = our_eval7.equity.py_hand_vs_range_exact(hero, our_eval7.HandRange("KK, QQ"), board)
    assert result == pytest.approx(6 / 9)  # AA beats QQ's six hands and loses to KK's three (a set)


@pytest.mark.peers
def test_eval7_equity_module_gives_eval7s_numbers() -> None:
    eval7 = peer("eval7")
    board_texts = ("Kd", "7c", "2s", "9h", "3d")
    theirs = eval7.equity.py_hand_vs_range_exact(
        [eval7.Card(c) for c in ("As", "Qh")], eval7.HandRange("KK, QQ, AJs+"), [eval7.Card(c) for c in board_texts]
    )
    ours = our_eval7.equity.py_hand_vs_range_exact(
        [our_eval7.Card(c) for c in ("As", "Qh")],
        our_eval7.HandRange("KK, QQ, AJs+"),
        [our_eval7.Card(c) for c in board_texts],
    )
    assert ours == theirs


# 3: a card of no card type is a TypeError, as in the peers ---------------------------------------

NOT_CARDS = [[1], None, 1.5, b"As"]


@pytest.mark.parametrize("bad", NOT_CARDS, ids=repr)
def test_a_card_of_no_card_type_raises_type_error(bad: object) -> None:
    board = [our_treys.Card.new(c) for c in ("2c", "3d", "9h")]
    ace = our_treys.Card.new("As")
    calls = [
        lambda: our_treys.Evaluator().evaluate([bad, ace], board),  # type: ignore[list-item]
        lambda: our_treys.Evaluator().evaluate((bad, ace), board),  # type: ignore[arg-type]
        lambda: our_treys.PLOEvaluator().evaluate([bad, ace, 5, 6], board),  # type: ignore[list-item]
        lambda: our_deuces.Evaluator().evaluate([bad, ace], board),  # type: ignore[list-item]
        lambda: our_treys.Card.int_to_str(bad),  # type: ignore[arg-type]
        lambda: our_treys.Card.new(bad),  # type: ignore[arg-type]
        lambda: our_eval7.evaluate([bad, *(our_eval7.Card(c) for c in ("As", "Kd", "7c", "2s"))]),
        lambda: our_phe.evaluate_cards(bad, 1, 2, 3, 4),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()
    with pytest.raises(CardError):  # still the shim's error, for handlers written against the shim
        our_treys.Evaluator().evaluate([bad, ace], board)  # type: ignore[list-item]


@pytest.mark.peers
@pytest.mark.parametrize("name", ["treys", "deuces"])
def test_the_peers_raise_type_error_on_those_cards_too(name: str) -> None:
    module = peer(name)
    board = [module.Card.new(c) for c in ("2c", "3d", "9h")]
    for bad in NOT_CARDS:
        with pytest.raises(TypeError):
            module.Evaluator().evaluate([bad, module.Card.new("As")], board)


# 4: code written for treys 0.1.3 runs on the deuces shim -----------------------------------------

OLD_TREYS_SCRIPT = """
import importlib, random, sys
m, decks = importlib.import_module(sys.argv[1]), importlib.import_module(sys.argv[2])
evaluator = m.Evaluator()
for seed in range(300):
    random.seed(seed)
    deck = decks.Deck()
    board = deck.draw(5)
    one = deck.draw()  # a card, not a list, before treys 0.1.5
    hands = [[one, deck.draw()], deck.draw(2)]
    for shown in (3, 4, 5):
        for hand in hands:
            rank = evaluator.evaluate(hand, board[:shown])
            klass = evaluator.get_rank_class(rank)
            print(seed, shown, m.Card.int_to_str(hand[0]), rank, klass, evaluator.class_to_string(klass))
    print(len(deck.cards), [m.Card.int_to_str(c) for c in deck.cards[:3]])
"""


def old_treys(version: str, tmp_path: Path) -> Path:
    """An old treys's package, unpacked from its sdist in ``HANDRANK_PEER_SDISTS``."""
    folder = Path(os.environ.get("HANDRANK_PEER_SDISTS", ""))
    found = sorted(folder.glob(f"treys-{version}.tar.gz")) if str(folder) not in ("", ".") else []
    if not found:
        pytest.skip(f"no treys {version} sdist: set HANDRANK_PEER_SDISTS to a folder of peer sdists (.ci/run gets it)")
    with tarfile.open(found[0]) as archive:
        archive.extractall(tmp_path, filter="data")
    return tmp_path / f"treys-{version}"


def run(script: str, *modules: str, path: Iterable[Path] = ()) -> str:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(p) for p in path)}
    done = subprocess.run([sys.executable, "-c", script, *modules], capture_output=True, text=True, env=env, check=True)
    return done.stdout


@pytest.mark.peers
@pytest.mark.parametrize(
    ("version", "evaluator", "deck"),
    [
        ("0.1.3", "handrank.compat.deuces", "handrank.compat.deuces"),  # deuces's code, released as treys
        ("0.1.4", "handrank.compat.treys", "handrank.compat.deuces"),  # the royal flush, and deuces's deck
    ],
)
def test_code_for_an_old_treys_prints_the_same_on_the_shims_the_guide_names(
    version: str, evaluator: str, deck: str, tmp_path: Path
) -> None:
    theirs = run(OLD_TREYS_SCRIPT, "treys", "treys", path=[old_treys(version, tmp_path)])
    assert theirs.count("\n") == 300 * 7
    assert run(OLD_TREYS_SCRIPT, evaluator, deck) == theirs


def test_the_deuces_shim_deals_as_treys_013s_deck_did() -> None:
    # treys 0.1.3's Deck: the 52 cards in its order, random.shuffle, draw() pops the front card.
    full = [our_treys.Card.new(r + s) for r in "23456789TJQKA" for s in "shdc"]
    for seed in range(20):
        random.seed(seed)
        expected = full.copy()
        random.shuffle(expected)
        random.seed(seed)
        deck = our_deuces.Deck()
        assert deck.draw() == expected[0]
        assert deck.draw(3) == expected[1:4]


# 5: deuces's answers for a hand that holds one card twice, by opting in --------------------------


def test_a_card_given_twice_is_refused_unless_opted_in() -> None:
    c = our_deuces.Card.new
    hand, board = [c("As"), c("As")], [c("Kd"), c("Qc"), c("Jh")]
    with pytest.raises(CardError):
        our_deuces.Evaluator().evaluate(hand, board)
    lenient = our_deuces.Evaluator(allow_duplicates=True)
    # deuces looks the five up by their prime product: two aces and K Q J, a pair of aces.
    assert lenient.evaluate(hand, board) == our_deuces.Evaluator().evaluate([c("As"), c("Ah")], board)
    # A flush of four distinct ranks, or five cards of one rank, has no entry in deuces's tables.
    with pytest.raises(KeyError):
        lenient.evaluate([c("As"), c("As")], [c("Ks"), c("Qs"), c("Js")])
    with pytest.raises(KeyError):
        lenient.evaluate([c("As"), c("As")], [c("Ah"), c("Ad"), c("Ac")])
    # A hand without a card twice is valued as always.
    assert lenient.evaluate([c("As"), c("Ks")], [c("Qs"), c("Js"), c("Ts")]) == 1
    assert our_treys.Evaluator(allow_duplicates=True).evaluate(hand, board) == lenient.evaluate(hand, board)


def five_by_the_peers_rule(five: tuple[int, ...]) -> object:
    """deuces's lookup of five cards, as its source reads: five of one suit by their ranks in its
    flush table (a card twice leaves four ranks, which it lacks), any other five by its ranks."""
    ranks = sorted(hr.rank_of(c) for c in five)
    if len({c & 0xF000 for c in five}) == 1:
        return KeyError if len(set(ranks)) < 5 else hr.evaluate(list(five))
    if ranks[0] == ranks[4]:
        return KeyError
    # The same ranks as five distinct cards that make no flush: clubs, diamonds, hearts, spades in turn.
    return hr.evaluate([card_int("23456789TJQKA"[r] + "cdhs"[i % 4]) for i, r in enumerate(ranks)])


def test_allow_duplicates_follows_the_peers_rule_five_by_five() -> None:
    rng = random.Random(3)
    pool = [card_int(t) for t in ("As", "Ks", "Qs", "Js", "Ts", "9s", "2s", "Ah", "Kh", "2c", "2d")]
    lenient = our_deuces.Evaluator(allow_duplicates=True)
    outcomes: set[str] = set()
    for _ in range(2000):
        cards = [rng.choice(pool) for _ in range(rng.choice((5, 6, 7)))]
        values = [five_by_the_peers_rule(f) for f in itertools.combinations(cards, 5)]
        expected = KeyError if KeyError in values else min(v for v in values if isinstance(v, int))
        try:
            got: object = lenient.evaluate(cards[:2], cards[2:])
        except KeyError:
            got = KeyError
        assert got == expected, [hr.card_str(c) for c in cards]
        outcomes.add(hr.hand_class(expected).name if isinstance(expected, int) else "refused")
    assert {"refused", "FLUSH", "PAIR"} <= outcomes and len(outcomes) >= 5


@pytest.mark.peers
@pytest.mark.parametrize("name", ["deuces", "treys"])
def test_allow_duplicates_gives_the_peers_answers(name: str) -> None:
    module = peer(name)
    ours = {"deuces": our_deuces, "treys": our_treys}[name]
    pool = [module.Card.new(t) for t in ("As", "Ah", "Ks", "Kh", "Qs", "Js", "Ts", "9s", "2s", "2c")]
    rng = random.Random(7)
    theirs_evaluator, our_evaluator = module.Evaluator(), ours.Evaluator(allow_duplicates=True)
    answered = 0
    for _ in range(3000):
        cards = [rng.choice(pool) for _ in range(rng.choice((5, 6, 7)))]
        try:
            expected: object = theirs_evaluator.evaluate(cards[:2], cards[2:])
        except KeyError:
            expected = KeyError
        try:
            got: object = our_evaluator.evaluate(cards[:2], cards[2:])
        except KeyError:
            got = KeyError
        assert got == expected, [module.Card.int_to_str(x) for x in cards]
        answered += expected is not KeyError
    assert answered > 1000
    if name == "treys":
        theirs_plo, ours_plo = module.PLOEvaluator(), our_treys.PLOEvaluator(allow_duplicates=True)
        for _ in range(500):
            cards = [rng.choice(pool) for _ in range(9)]
            try:
                expected = theirs_plo.evaluate(cards[:4], cards[4:])
            except KeyError:
                expected = KeyError
            try:
                got = ours_plo.evaluate(cards[:4], cards[4:])
            except KeyError:
                got = KeyError
            assert got == expected


# 6: eval7's cards hash as their mask, so sets of them iterate in eval7's order -------------------


def test_eval7_cards_hash_as_their_mask_and_equal_no_int() -> None:
    for text in TEXTS:
        card = our_eval7.Card(text)
        assert hash(card) == card.mask == 1 << (13 * card.suit + card.rank)
        assert card != int(card) and not card == int(card)  # noqa: SIM201 - both operators are defined
        assert card == our_eval7.Card(text) and int(card) == card_int(text)
    assert len({*map(our_eval7.Card, TEXTS), *(int(our_eval7.Card(t)) for t in TEXTS)}) == 104


@pytest.mark.peers
def test_sets_of_eval7_cards_iterate_and_sample_as_eval7s() -> None:
    eval7 = peer("eval7")
    rng = random.Random(11)
    for _ in range(300):
        texts = rng.sample(TEXTS, rng.randint(1, 52))
        theirs = {eval7.Card(t) for t in texts}
        ours = {our_eval7.Card(t) for t in texts}
        assert [str(c) for c in ours] == [str(c) for c in theirs]
        seed = rng.randrange(1 << 30)
        assert str(random.Random(seed).choice(list(ours))) == str(random.Random(seed).choice(list(theirs)))


def test_eval7_cards_reach_handranks_equity_as_its_card_ints() -> None:
    # The shim's equity passes the cards on as ints, which handrank's own functions look up.
    hero = [our_eval7.Card(t) for t in ("As", "Ah")]
    board = [our_eval7.Card(t) for t in ("Kd", "7c", "2s")]
    ours = our_eval7.py_hand_vs_range_exact(hero, our_eval7.HandRange("KK, QQ"), board)
    exact = hr.equity(["AsAh", "KK,QQ"], board="Kd7c2s", exact=True).players[0].equity
    assert ours == pytest.approx(exact, abs=1e-6)
