"""Cross-checking another evaluator against handrank: same hands, and the ordering must agree.

A peer agrees when its values are a strictly monotone function of handrank's
ranks: hands handrank ties get equal values, and a better hand always gets a
better value. ``check`` reports the first disagreements as readable hands.

>>> result = check(Peer("lower-is-better copy", lambda hand: evaluate(hand), "treys"), hands(5, sample=200, seed=1))
>>> result.checked, result.disagreements
(200, [])
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import import_module
from itertools import combinations
from typing import Any, Callable, Optional

from ._switch import evaluator
from .cards import DECK, card_str, cards_str
from .describe import describe

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


@dataclass
class Disagreement:
    kind: str  # "tie": handrank ties the hands, the peer does not; "order": the peer orders them the other way
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    ranks: tuple[int, int]
    values: tuple[Any, Any]

    def __str__(self) -> str:
        (a, b), (ra, rb), (va, vb) = self.hands, self.ranks, self.values
        text_a, text_b = cards_str(DECK[i] for i in a), cards_str(DECK[i] for i in b)
        if self.kind == "tie":
            return (f"tie: handrank ranks {text_a} and {text_b} equal (rank {ra}, {describe(ra)}), "
                    f"the peer gives {va!r} and {vb!r}")
        return (f"order: handrank ranks {text_a} (rank {ra}, {describe(ra)}) above {text_b} "
                f"(rank {rb}, {describe(rb)}), the peer gives {va!r} and {vb!r}")


@dataclass
class Result:
    checked: int = 0
    seconds: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)


def hands(n_cards: int, sample: Optional[int] = None, seed: Optional[int] = None) -> Iterator[tuple[int, ...]]:
    """Hands as tuples of 0-51 indices: every one (``sample=None``) or ``sample`` random ones."""
    if n_cards not in (5, 6, 7):
        raise ValueError(f"expected 5, 6 or 7 cards, got {n_cards}")
    if sample is None:
        yield from combinations(range(52), n_cards)
        return
    rng = random.Random(seed)
    for _ in range(sample):
        yield tuple(rng.sample(range(52), n_cards))


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
) -> Result:
    """Compare ``peer`` with handrank on every hand; keep the first ``limit`` disagreements."""
    make = _argument_maker(peer)
    fn = peer.fn
    first: dict[int, tuple[Any, tuple[int, ...]]] = {}  # rank -> the first hand seen with it, and its value
    result = Result()
    start = time.perf_counter()
    for count, hand in enumerate(hand_source, 1):
        rank = evaluate([DECK[i] for i in hand])
        value = fn(make(hand))
        seen = first.get(rank)
        if seen is None:
            first[rank] = (value, hand)
        elif seen[0] != value and len(result.disagreements) < limit:
            result.disagreements.append(Disagreement("tie", (seen[1], hand), (rank, rank), (seen[0], value)))
        result.checked = count
        if progress is not None and count % 65536 == 0:
            progress(count)
    ranks = sorted(first)
    for better, worse in zip(ranks, ranks[1:]):
        (vb, hb), (vw, hw) = first[better], first[worse]
        agrees = vb > vw if peer.higher_is_better else vb < vw
        if not agrees and len(result.disagreements) < limit:
            result.disagreements.append(Disagreement("order", (hb, hw), (better, worse), (vb, vw)))
    result.seconds = time.perf_counter() - start
    return result


def named_peer(name: str, n_cards: int) -> Peer:
    """One of the known peers, set up for hands of ``n_cards`` (ImportError if not installed)."""
    def need(module: str) -> Any:
        try:
            return import_module(module)
        except ImportError:
            raise ImportError(f"{name} is not installed: pip install {name}") from None

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
        return Peer(name, lambda h: high.from_game("".join(texts[i] for i in h), ""), higher_is_better=True,
                    convert=list)
    if ":" in name:
        module_name, _, function = name.partition(":")
        return Peer(name, getattr(import_module(module_name), function))
    raise ValueError(f"unknown peer {name!r}: expected one of {', '.join(PEERS)} or module:function")
