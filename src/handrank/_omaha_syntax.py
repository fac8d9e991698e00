"""Omaha range text read into the hands it names, each hand a 52-bit mask of card indices.

The grammar (``omaha_ranges`` states it for users): parts joined by ``,`` (either), ``:`` (both)
and ``!`` (the first but not the second), left to right, ``:`` and ``!`` before ``,``, with
brackets ``( )``; a top-level part may end in a weight (``:0.5``). A part is ``random``, explicit
cards, handrank's own pattern (ranks, then ``x`` for each further card, an optional suit shape),
or a generic pattern: cards, each a rank (or ``*``, a rank variable, a rank list in ``[ ]``) with an
optional suit (or suit variable), or a suit alone.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Optional, Union

from . import _omaha_order
from ._numbers import decimal_number
from .cards import cards, check_distinct, to_index

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARIABLES = "wxyz"
BITS = [1 << i for i in range(52)]
EVERY_RANK = frozenset(range(13))

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


_OWN_PATTERN = re.compile(r"([AKQJT2-9*]*)(x*)(ds|ss|r)?")
_SHAPES = {"ds": (2, 2), "ss": (1, 1, 2), "r": (1, 1, 1, 1)}
_PERCENT = re.compile(r"([0-9]+(?:\.[0-9]+)?)%(?:-([0-9]+(?:\.[0-9]+)?)%)?(6h)?")
_OPERATORS = "(),:!"


@dataclass(frozen=True)
class Card:
    """One card of a generic pattern: the ranks it may be (explicit) or its rank variable, and its
    suit or suit variable; a field left empty places no condition."""

    ranks: frozenset[int] = EVERY_RANK
    rank_variable: str = ""
    suit: Optional[int] = None
    suit_variable: str = ""


@dataclass(frozen=True)
class Generic:
    text: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Own:
    """handrank's own pattern: named ranks (``*`` any), then ``open`` cards of any kind, a shape."""

    text: str
    ranks: str
    open: int
    shape: str


@dataclass(frozen=True)
class Exact:
    text: str
    mask: int
    size: int


@dataclass(frozen=True)
class Percent:
    text: str
    low: float
    high: float


@dataclass(frozen=True)
class Random:
    text: str


@dataclass(frozen=True)
class Join:
    """``left`` and ``right`` combined: ``:`` both, ``!`` the first without the second, ``,`` either."""

    operator: str
    left: Node
    right: Node


Node = Union[Generic, Own, Exact, Percent, Random, Join]


def _tokens(text: str) -> list[str]:
    """Operators and the parts between them, stripped; a rank list's commas stay in its part."""
    out, part, depth = [], "", 0
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        if ch in _OPERATORS and depth <= 0:
            out.extend([part.strip(), ch])
            part = ""
        else:
            part += ch
    out.append(part.strip())
    return [t for t in out if t]


def is_weight(token: str) -> bool:
    """A number after ``:`` is a weight, unless it is a single rank (``AA:9`` is aces with a nine)."""
    return decimal_number(token) is not None and token not in RANKS


MOST_JOINS = 100
"""The most joins (``:``, ``!``, a comma in brackets, a bracket) in one top-level part."""


class Parser:
    """Reads a range's text into (node, weight) members, one a top-level part."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.at = self.joins = 0

    def peek(self, ahead: int = 0) -> str:
        return self.tokens[self.at + ahead] if self.at + ahead < len(self.tokens) else ""

    def members(self) -> list[tuple[Node, float]]:
        out = []
        while True:
            self.joins = 0
            node = self.joined()
            weight = 1.0
            if self.peek() == ":" and is_weight(self.peek(1)):
                read = decimal_number(self.peek(1))
                if read is None or not 0 <= read <= 1:
                    raise ValueError(f"{self.peek(1)!r}: a weight is a number from 0 to 1")
                weight, self.at = read, self.at + 2
            out.append((node, weight))
            if self.peek() == "":
                return out
            if self.peek() != ",":
                raise ValueError(f"{self.text!r}: expected a comma before {self.peek()!r}")
            self.at += 1

    def count_join(self) -> None:
        """One more join in this part; at most ``MOST_JOINS`` (their reading recurses)."""
        self.joins += 1
        if self.joins > MOST_JOINS:
            raise ValueError(f"{self.text!r}: a part joins at most {MOST_JOINS} ranges with ':', '!' or brackets")

    def join(self, operator: str, left: Node, right: Node) -> Join:
        self.count_join()
        return Join(operator, left, right)

    def joined(self) -> Node:
        node = self.operand()
        while self.peek() in (":", "!") and not (self.peek() == ":" and is_weight(self.peek(1))):
            operator = self.peek()
            self.at += 1
            node = self.join(operator, node, self.operand())
        return node

    def operand(self) -> Node:
        token = self.peek()
        self.at += 1
        if token == "(":
            self.count_join()  # a bracket nests the reading too
            node = self.joined()
            while self.peek() == ",":
                self.at += 1
                node = self.join(",", node, self.joined())
            if self.peek() == ":":
                raise ValueError(f"{self.text!r}: a weight (:0.5) comes last in a part, outside brackets")
            if self.peek() != ")":
                raise ValueError(f"{self.text!r}: a bracket '(' is not closed")
            self.at += 1
            return node
        if token in ("", ",", ":", "!", ")"):
            raise ValueError(f"an empty part in the Omaha range {self.text!r}")
        return part(token)


def part(token: str) -> Node:
    """One part's node, or a ValueError naming the part and what is wrong with it."""
    if token == "random":
        return Random(token)
    percent = _PERCENT.fullmatch(token)
    if percent:
        low, high, six_handed = percent.groups()
        if six_handed:
            raise ValueError(f"{token!r}: handrank orders hands one way; write the percentage without 6h")
        bounds = (0.0, float(low)) if high is None else (float(low), float(high))
        if not 0 <= bounds[0] <= bounds[1] <= 100:
            raise ValueError(f"{token!r}: a percentage runs from 0% to 100%, the lower first")
        return Percent(token, *bounds)
    if decimal_number(token) is not None and token not in RANKS:
        raise ValueError(f"{token!r}: a weight (:0.5) comes last in a part, outside brackets")
    own = _OWN_PATTERN.fullmatch(token)
    if own and (own[2] or own[3]) and 4 <= len(own[1]) + len(own[2]) <= 6:
        ranks, wild, shape = own.groups()
        if any(ranks.count(r) > 4 for r in RANKS):
            raise ValueError(f"{token!r}: a rank is held at most four times")
        if shape and len(ranks) + len(wild) != 4:
            raise ValueError(f"{token!r}: suit shapes (ds, ss, r) are for four-card hands")
        return Own(token, ranks, len(wild), shape or "")
    try:
        held = cards(token)
    except ValueError:
        held = []
    if len(held) >= 4:
        if len(held) > 6:
            raise ValueError(f"{token!r}: an Omaha hand is 4, 5 or 6 cards, got {len(held)}")
        check_distinct(held, f"dealt twice in {token!r}")
        return Exact(token, sum(BITS[to_index(c)] for c in held), len(held))
    pattern = tuple(generic_cards(token))
    for rank in range(13):
        if sum(c.ranks == {rank} and not c.rank_variable for c in pattern) > 4:
            raise ValueError(f"{token!r}: a rank is held at most four times")
    return Generic(token, pattern)


def _rank_list(token: str, inside: str) -> frozenset[int]:
    """The ranks of ``[...]``: ranks, and spans high to low (``A-T``), commas between allowed."""
    out: set[int] = set()
    for item in re.findall(r"[AKQJT2-9]-[AKQJT2-9]|[^,]", inside.replace(" ", "")) or [""]:
        span = re.fullmatch(r"([AKQJT2-9])(?:-([AKQJT2-9]))?", item)
        if not span:
            raise ValueError(f"{token!r}: a rank list holds ranks and spans such as [A-T] or [A,2,3], not {item!r}")
        first = RANKS.index(span[1])
        last = first if span[2] is None else RANKS.index(span[2])
        out.update(range(min(first, last), max(first, last) + 1))
    return frozenset(out)


def generic_cards(token: str) -> Iterator[Card]:
    """Each card a generic pattern names, or a ValueError naming what the part cannot hold."""
    i = 0
    while i < len(token):
        ch, ranks, variable = token[i], EVERY_RANK, ""
        if ch in RANKS:
            ranks, i = frozenset([RANKS.index(ch)]), i + 1
        elif ch == "*":
            i += 1
        elif ch == "[":
            end = token.find("]", i)
            if end < 0:
                raise ValueError(f"{token!r}: a rank list '[' is not closed")
            ranks, i = _rank_list(token, token[i + 1 : end]), end + 1
        elif ch.isascii() and ch.isupper():
            variable, i = ch, i + 1
        elif ch in "+-":
            raise ValueError(f"{token!r}: rank spans (KK-TT, TT+) are not read: list the hands (KK, QQ, JJ, TT)")
        elif ch == "$":
            raise ValueError(f"{token!r}: macros ($ds, $np...) are not read: write the cards (xxyy, RONP)")
        elif ch not in SUITS + SUIT_VARIABLES:
            raise ValueError(
                f"{token!r} is not an Omaha range part: random, cards (AsKsQsJs), a pattern (AAxx, "
                "KQJTds, AxAyxy, RROO, [A-T]*), a percentage (15%), each with an optional :weight"
            )
        suit, suit_variable = None, ""
        if i < len(token) and token[i] in SUITS:
            suit, i = SUITS.index(token[i]), i + 1
        elif i < len(token) and token[i] in SUIT_VARIABLES:
            suit_variable, i = token[i], i + 1
        yield Card(ranks, variable, suit, suit_variable)


def sizes(node: Node) -> tuple[set[int], int]:
    """The hand sizes the node fixes (explicit cards, handrank's patterns), and the most cards a
    generic pattern in it names."""
    if isinstance(node, Join):
        (fixed, longest), (more, other) = sizes(node.left), sizes(node.right)
        return fixed | more, max(longest, other)
    if isinstance(node, Exact):
        return {node.size}, 0
    if isinstance(node, Own):
        return {len(node.ranks) + node.open}, 0
    if isinstance(node, Generic):
        return set(), len(node.cards)
    return set(), 0


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
            found = {h for h in found if _suit_counts(h) == _SHAPES[node.shape]}
        return found
    if isinstance(node, Generic):
        return matches(node.text, node.cards, size, budget)
    if size != 4:
        raise ValueError(f"{node.text!r}: random hands and percentages are four-card hands")
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
