"""Cross-checking another evaluator against handrank: same hands, and the ordering must agree.

A peer agrees when its values are a strictly monotone function of handrank's
ranks: hands handrank ties get equal values, and a better hand always gets a
better value. ``check`` reports the first disagreements as readable hands.

>>> result = check(Peer("lower-is-better copy", lambda hand: evaluate(hand), "treys"), hands(5, sample=200, seed=1))
>>> result.checked, result.disagreements
(200, [])
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import import_module
from itertools import combinations
from typing import Any, Callable, Optional

from ._switch import evaluator
from .badugi import describe_badugi
from .cards import DECK, card_str, cards_str
from .lowball import LOW_GAMES, describe_low
from .short_deck import describe_short_deck
from .words import describe

evaluate = evaluator.evaluate
CARD_FORMS = ("str", "treys", "index")
PEERS = ("treys", "phevaluator", "eval7", "pkrbot", "pokerkit")


@dataclass
class Peer:
    """An evaluator to check: ``fn`` gets one hand in ``card_form`` and returns a comparable value."""

    name: str
    fn: Callable[[Any], Any]
    card_form: str = "treys"  # what fn takes: "str" (list of "As"), "treys" (card ints), "index" (0-51)
    higher_is_better: bool = False
    convert: Optional[Callable[[tuple[int, ...]], Any]] = None  # indices -> fn's argument, if not card_form


@dataclass(frozen=True)
class Reference:
    """What handrank computes for a hand of 0-51 indices in one ordering (a game's high hands, or a
    lowball scale), and how to name a value: what a peer is checked against."""

    name: str
    cards: tuple[int, ...]  # hand sizes it takes
    value: Callable[[tuple[int, ...]], int]
    describe: Callable[[int], str]
    deck: tuple[int, ...] = tuple(range(52))  # the 0-51 indices its hands are dealt from


def _high(hand: tuple[int, ...]) -> int:
    return int(evaluate([DECK[i] for i in hand]))


def _omaha(hand: tuple[int, ...]) -> int:
    """Four hole cards, then the board."""
    return int(evaluator.evaluate_omaha([DECK[i] for i in hand[:4]], [DECK[i] for i in hand[4:]]))


def _low(scale: str) -> tuple[Callable[[tuple[int, ...]], int], Callable[[int], str]]:
    return (lambda h: int(evaluator.evaluate_low([DECK[i] for i in h], scale))), (lambda v: describe_low(v, scale))


def _short_deck(trips_beat_straight: bool) -> tuple[Callable[[tuple[int, ...]], int], Callable[[int], str]]:
    return (
        lambda h: int(evaluator.evaluate_short_deck([DECK[i] for i in h], trips_beat_straight)),
        lambda v: describe_short_deck(v, trips_beat_straight),
    )


def _badugi(hand: tuple[int, ...]) -> int:
    return int(evaluator.evaluate_badugi([DECK[i] for i in hand]))


HIGH = Reference("holdem", (5, 6, 7), _high, describe)
"""Hold'em's high hands: what every peer evaluates."""
OMAHA = Reference("omaha", (9,), _omaha, describe)
"""Omaha's high hands: four hole cards and a full board (phevaluator's PLO4)."""
RAZZ_SCALE = "a-5"
RAZZ = Reference("razz", (7,), *_low(RAZZ_SCALE))
"""Razz: the best ace-to-five low of seven cards."""
SHORT_DECK_CARDS = tuple(range(16, 52))
SHORT_DECK = Reference("short-deck", (5, 6, 7), *_short_deck(True), deck=SHORT_DECK_CARDS)
"""Short deck's high hands, three of a kind above a straight (most rooms' rule)."""
SHORT_DECK_STRAIGHT_OVER_TRIPS = Reference(
    "short-deck-straight-over-trips", (5, 6, 7), *_short_deck(False), deck=SHORT_DECK_CARDS
)
"""Short deck's high hands, a straight above three of a kind (pokerkit's order)."""
BADUGI = Reference("badugi", (4,), _badugi, describe_badugi)
"""Badugi: four cards."""
REFERENCES: dict[str, Reference] = {
    ref.name: ref
    for ref in (
        HIGH,
        OMAHA,
        *(Reference(scale, (5, 6, 7), *_low(scale)) for scale in LOW_GAMES),
        RAZZ,
        SHORT_DECK,
        SHORT_DECK_STRAIGHT_OVER_TRIPS,
        BADUGI,
    )
}
"""The orderings ``check`` compares a peer with, by name."""


def reference(name: str) -> Reference:
    """The ordering a name gives, or ``ValueError`` listing them."""
    if name not in REFERENCES:
        raise ValueError(f"unknown game {name!r}: expected one of {', '.join(REFERENCES)}")
    return REFERENCES[name]


@dataclass
class Disagreement:
    kind: str  # "tie": handrank ties the hands, the peer does not; "order": the peer orders them the other way
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    ranks: tuple[int, int]
    values: tuple[Any, Any]
    describe: Callable[[int], str] = describe

    def __str__(self) -> str:
        (a, b), (ra, rb), (va, vb) = self.hands, self.ranks, self.values
        text_a, text_b = cards_str(DECK[i] for i in a), cards_str(DECK[i] for i in b)
        if self.kind == "tie":
            return (
                f"tie: handrank ranks {text_a} and {text_b} equal ({ra}, {self.describe(ra)}), "
                f"the peer gives {va!r} and {vb!r}"
            )
        return (
            f"order: handrank ranks {text_a} ({ra}, {self.describe(ra)}) above {text_b} "
            f"({rb}, {self.describe(rb)}), the peer gives {va!r} and {vb!r}"
        )


class PeerFailed(Exception):
    """The peer evaluator raised, or gave values that do not compare: a fault of the peer, not a
    disagreement (the command line exits with status 3)."""


@dataclass
class Result:
    checked: int = 0
    seconds: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)  # the first ``limit`` of them
    found: int = 0  # every disagreement, shown or not


def hands(
    n_cards: int, sample: Optional[int] = None, seed: Optional[int] = None, deck: tuple[int, ...] = tuple(range(52))
) -> Iterator[tuple[int, ...]]:
    """Hands as tuples of 0-51 indices from ``deck``: every one (``sample=None``) or ``sample`` random ones."""
    if not 4 <= n_cards <= 9:
        raise ValueError(f"expected 4 to 9 cards, got {n_cards}")
    if sample is None:
        yield from combinations(deck, n_cards)
        return
    rng = random.Random(seed)
    for _ in range(sample):
        yield tuple(rng.sample(deck, n_cards))


def _argument_maker(peer: Peer) -> Callable[[tuple[int, ...]], Any]:
    if peer.convert is not None:
        return peer.convert
    if peer.card_form == "index":
        return list
    if peer.card_form == "str":
        texts = [card_str(c) for c in DECK]
        return lambda hand: [texts[i] for i in hand]
    if peer.card_form == "treys":
        return lambda hand: [DECK[i] for i in hand]
    raise ValueError(f"card form must be one of {', '.join(CARD_FORMS)}, got {peer.card_form!r}")


def check(
    peer: Peer,
    hand_source: Iterator[tuple[int, ...]],
    limit: int = 10,
    progress: Optional[Callable[[int], object]] = None,
    game: str = HIGH.name,
) -> Result:
    """Compare ``peer`` with handrank on every hand; keep the first ``limit`` disagreements."""
    rules = reference(game)
    ours = rules.value
    make = _argument_maker(peer)
    fn = peer.fn
    first: dict[int, tuple[Any, tuple[int, ...]]] = {}  # rank -> the first hand seen with it, and its value
    result = Result()
    start = time.perf_counter()
    for count, hand in enumerate(hand_source, 1):
        rank = ours(hand)
        try:
            value = fn(make(hand))
        except (Exception, SystemExit) as error:  # a peer's own fault, whatever it is (an exit too)
            shown = " ".join(card_str(DECK[i]) for i in hand)
            raise PeerFailed(f"{peer.name} raised {type(error).__name__}: {error} on the hand {shown}") from error
        seen = first.get(rank)
        if seen is None:
            first[rank] = (value, hand)
        elif seen[0] != value:
            result.found += 1
            if len(result.disagreements) < limit:
                result.disagreements.append(
                    Disagreement("tie", (seen[1], hand), (rank, rank), (seen[0], value), rules.describe)
                )
        result.checked = count
        if progress is not None and count % 65536 == 0:
            progress(count)
    ranks = sorted(first)
    for better, worse in zip(ranks, ranks[1:]):
        (vb, hb), (vw, hw) = first[better], first[worse]
        try:
            agrees = vb > vw if peer.higher_is_better else vb < vw
        except Exception as error:  # the peer's values' own comparison failed
            raise PeerFailed(f"{peer.name} gave values that do not compare: {vb!r} and {vw!r}") from error
        if not agrees:
            result.found += 1
            if len(result.disagreements) < limit:
                result.disagreements.append(Disagreement("order", (hb, hw), (better, worse), (vb, vw), rules.describe))
    result.seconds = time.perf_counter() - start
    return result


def named_peer(name: str, n_cards: int, game: str = HIGH.name) -> Peer:
    """One of the known peers, set up for ``game`` and hands of ``n_cards`` (ImportError if not installed)."""

    def need(module: str) -> Any:
        try:
            return import_module(module)
        except ImportError:
            raise ImportError(f"{name} is not installed: pip install {name}") from None

    if ":" in name:
        module_name, _, function = name.partition(":")
        if os.getcwd() not in sys.path:  # module:function names a module of the current folder too
            sys.path.insert(0, os.getcwd())
        try:
            module = import_module(module_name)
        except ImportError as error:
            raise ImportError(f"cannot import {module_name!r} (of {name!r}): {error}") from None
        except (Exception, SystemExit) as error:  # the module itself fails, or exits, as it loads
            raise ImportError(f"importing {module_name!r} raised {type(error).__name__}: {error}") from None
        if not callable(getattr(module, function, None)):
            raise ImportError(f"{module_name} has no function {function!r}")
        return Peer(name, getattr(module, function))
    if reference(game) is not HIGH:
        return _game_peer(name, game, need)
    if name == "treys":
        ev = need("treys").Evaluator()
        return Peer(name, lambda h: ev.evaluate(h[:2], h[2:]), "treys")
    if name == "phevaluator":
        fn = getattr(need("phevaluator._pheval"), f"evaluate_{n_cards}cards")
        return Peer(name, lambda h: fn(*h), "index")
    if name in ("eval7", "pkrbot"):
        module = need(name)
        objects = [module.Card(card_str(c)) for c in DECK]
        return Peer(name, module.evaluate, higher_is_better=True, convert=lambda h: [objects[i] for i in h])
    if name == "pokerkit":
        high = need("pokerkit").StandardHighHand
        texts = [card_str(c) for c in DECK]
        return Peer(
            name, lambda h: high.from_game("".join(texts[i] for i in h), ""), higher_is_better=True, convert=list
        )
    raise ValueError(f"unknown peer {name!r}: expected one of {', '.join(PEERS)} or module:function")


def _game_peer(name: str, game: str, need: Callable[[str], Any]) -> Peer:
    """The peers that have other games: phevaluator's Omaha (PLO4), pokerkit's low hands."""
    ordering = reference(game)
    if name == "phevaluator" and ordering is OMAHA:
        fn = need("phevaluator").evaluate_omaha_cards
        return Peer(name, lambda h: fn(*h[4:], *h[:4]), "index")
    if name == "pokerkit" and ordering in (REFERENCES["2-7"], REFERENCES[RAZZ_SCALE], RAZZ):
        pokerkit = need("pokerkit")
        low = pokerkit.StandardLowHand if ordering is REFERENCES["2-7"] else pokerkit.RegularLowHand
        texts = [card_str(c) for c in DECK]
        if ordering is RAZZ:
            return Peer(
                name, lambda h: low.from_game("".join(texts[i] for i in h), ""), higher_is_better=True, convert=list
            )
        return Peer(name, lambda h: low("".join(texts[i] for i in h)), higher_is_better=True, convert=list)
    if name == "pokerkit" and ordering in (SHORT_DECK_STRAIGHT_OVER_TRIPS, BADUGI):
        pokerkit = need("pokerkit")
        kind = pokerkit.BadugiHand if ordering is BADUGI else pokerkit.ShortDeckHoldemHand
        texts = [card_str(c) for c in DECK]
        return Peer(
            name, lambda h: kind.from_game("".join(texts[i] for i in h), ""), higher_is_better=True, convert=list
        )
    if name == "pokerkit" and ordering is SHORT_DECK:
        raise ValueError(
            "pokerkit ranks a straight above three of a kind in short deck: check it against "
            "short-deck-straight-over-trips"
        )
    raise ValueError(
        f"{name} has no {game} evaluator to check "
        "(phevaluator: omaha; pokerkit: 2-7, a-5, razz, short-deck-straight-over-trips, badugi)"
    )
