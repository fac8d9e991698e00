"""The hands an Omaha range's parts name (``_omaha_syntax`` reads the text), each hand a 52-bit mask
of card indices: a pattern laid on the deck, its variables bound to distinct values, and the cards
it leaves open added; a percentage cut from the shipped ordering; within a budget of steps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from math import comb

from . import _omaha_order
from ._omaha_syntax import BITS, EVERY_RANK, RANKS, SHAPES, Card, Exact, Generic, Join, Node, Own, Random

MOST_HANDS = 4 * comb(52, 4)
"""The most hands a part may list before its dead cards are taken out (every four-card hand with one
suit's card in it, ``x``, lists this many)."""

MOST_WORK = 2 * MOST_HANDS
"""The most steps reading a whole range may take (a hand listed, a way tried to bind its variables),
so that no text, however long, takes more than seconds."""


class Budget:
    """The steps a range's reading has left; a part that would pass them is refused."""

    def __init__(self) -> None:
        self.left = MOST_WORK

    def spend(self, steps: int, text: str) -> None:
        self.left -= steps
        if self.left < 0:
            raise ValueError(f"{text!r}: the range lists too many hands in all (over {MOST_WORK:,} steps): name fewer")


RANK_MASKS = [sum(BITS[4 * r + s] for s in range(4)) for r in range(13)]
SUIT_MASKS = [sum(BITS[4 * r + s] for r in range(13)) for s in range(4)]
OPEN = Card()
"""A card with no condition: ``*``, or handrank's ``x``."""


def hands(node: Node, size: int, budget: Budget) -> set[int]:
    """Every hand of ``size`` cards the node names, as masks."""
    if isinstance(node, Join):
        left, right = hands(node.left, size, budget), hands(node.right, size, budget)
        return left & right if node.operator == ":" else left - right if node.operator == "!" else left | right
    if isinstance(node, Exact):
        return {node.mask}
    if isinstance(node, Own):
        pattern = tuple(OPEN if r == "*" else Card(frozenset([RANKS.index(r)])) for r in node.ranks)
        found = matches(node.text, pattern + (OPEN,) * node.open, size, budget)
        if node.shape:
            found = {h for h in found if _suit_counts(h) == SHAPES[node.shape]}
        return found
    if isinstance(node, Generic):
        return matches(node.text, node.cards, size, budget)
    if size != 4 and isinstance(node, Random):
        raise ValueError(
            f"{node.text!r}: a range lists random four-card hands only (equity deals a player given as "
            "'random' any five- or six-card hand from the deck)"
        )
    if size != 4:
        raise ValueError(f"{node.text!r}: percentages are of four-card hands")
    if isinstance(node, Random):
        return matches(node.text, (OPEN,) * 4, 4, budget)
    return percent_hands(node.low, node.high)


def percent_hands(low: float, high: float) -> set[int]:
    """The four-card hands from ``low`` to ``high`` percent of all, best first by the shipped
    ordering, in whole classes: a class is in when the middle of its hands falls in the band."""
    out: set[int] = set()
    before, every = 0, comb(52, 4)
    for members in _omaha_order.ordering():
        middle = 100 * (before + len(members) / 2) / every
        if low <= middle < high:
            out.update(members)
        before += len(members)
    return out


def _suit_counts(hand: int) -> tuple[int, ...]:
    return tuple(sorted(n for n in (bin(hand & m).count("1") for m in SUIT_MASKS) if n))


def _swap(card: Card, field: str, one: str, other: str) -> Card:
    """The card with the variables ``one`` and ``other`` of ``field`` traded."""
    name = getattr(card, field)
    if name not in (one, other):
        return card
    values = {"rank_variable": card.rank_variable, "suit_variable": card.suit_variable}
    values[field] = other if name == one else one
    return Card(card.ranks, values["rank_variable"], card.suit, values["suit_variable"])


def _alike(pattern: tuple[Card, ...], field: str) -> list[list[str]]:
    """The pattern's variables of ``field``, grouped where trading any two leaves the pattern as it
    is: a group's values can be bound in one order only, which lists each hand once."""
    whole = Counter(pattern)
    groups: list[list[str]] = []
    for name in dict.fromkeys(getattr(c, field) for c in pattern if getattr(c, field)):
        for group in groups:
            if Counter(_swap(c, field, name, group[0]) for c in pattern) == whole:
                group.append(name)
                break
        else:
            groups.append([name])
    return groups


def _bindings(groups: list[list[str]], free: list[int]) -> Iterator[dict[str, int]]:
    """Each way to give the variables distinct values from ``free``, a group's in rising order."""
    if not groups:
        yield {}
        return
    for pick in combinations(free, len(groups[0])):
        for more in _bindings(groups[1:], [v for v in free if v not in pick]):
            yield {**dict(zip(groups[0], pick)), **more}


def _choice(card: Card, ranks: dict[str, int], suits: dict[str, int]) -> int:
    """The cards one pattern card may be, as a mask, its variables bound."""
    rank_mask = RANK_MASKS[ranks[card.rank_variable]] if card.rank_variable else 0
    if not card.rank_variable:
        for r in card.ranks:
            rank_mask |= RANK_MASKS[r]
    suit = suits[card.suit_variable] if card.suit_variable else card.suit
    return rank_mask & (SUIT_MASKS[suit] if suit is not None else (1 << 52) - 1)


def _pick(choices: list[int], at: int, held: int, last: int, out: set[int]) -> None:
    """Add to ``out`` each set of distinct cards, one from each choice; of equal choices side by
    side, in rising order only (the same cards in another order are the same hand)."""
    if at == len(choices):
        out.add(held)
        return
    left = choices[at] & ~held
    if at and choices[at] == choices[at - 1]:
        left &= ~((last << 1) - 1)
    while left:
        card = left & -left
        _pick(choices, at + 1, held | card, card, out)
        left ^= card


def matches(text: str, pattern: tuple[Card, ...], size: int, budget: Budget) -> set[int]:
    """Every hand of ``size`` cards holding the pattern's cards (variables bound to distinct ranks
    or suits, none the pattern names), the rest any cards."""
    if len(pattern) > size:
        raise ValueError(f"{text!r} names {len(pattern)} cards, more than the {size} of a hand")
    placed = tuple(c for c in pattern if c != OPEN)
    named_ranks = {r for c in placed if c.ranks != EVERY_RANK for r in c.ranks}
    named_suits = {c.suit for c in placed if c.suit is not None}
    free_ranks = [r for r in range(13) if r not in named_ranks]
    free_suits = [s for s in range(4) if s not in named_suits]
    open_cards = size - len(placed)
    extensions = comb(52 - len(placed), open_cards)
    cores: set[int] = set()
    for ranks in _bindings(_alike(placed, "rank_variable"), free_ranks):
        for suits in _bindings(_alike(placed, "suit_variable"), free_suits):
            choices = sorted(_choice(c, ranks, suits) for c in placed)
            ways = 1
            for choice, repeat in Counter(choices).items():
                ways *= comb(bin(choice).count("1"), repeat)
            budget.spend(1 + ways, text)
            if (len(cores) + ways) * extensions > MOST_HANDS:
                raise ValueError(
                    f"{text!r} lists too many hands (over {MOST_HANDS:,}; each card left open multiplies them): "
                    "name more cards"
                )
            _pick(choices, 0, 0, 0, cores)
    if not open_cards:
        return cores
    budget.spend(len(cores) * extensions, text)
    out: set[int] = set()
    for core in cores:  # the open cards miss the core's, so adding is or-ing
        out.update(map(core.__add__, map(sum, combinations([b for b in BITS if not core & b], open_cards))))
    return out
