"""Omaha range text read into its parts and how they join, for ``_omaha_hands`` to list their hands.

The grammar (``omaha_ranges`` states it for users): parts joined by ``,`` (either), ``:`` (both)
and ``!`` (the first but not the second), left to right, ``:`` and ``!`` before ``,``, with
brackets ``( )``; a top-level part may end in a weight (``:0.5``). A part is ``random``, explicit
cards, handrank's own pattern (ranks, then ``x`` for each further card, an optional suit shape),
or a generic pattern: cards, each a rank (or ``*``, a rank variable, a rank list in ``[ ]``) with an
optional suit (or suit variable), or a suit alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Optional, Union

from ._numbers import decimal_number
from .cards import cards, check_distinct, to_index

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_VARIABLES = "wxyz"
BITS = [1 << i for i in range(52)]
EVERY_RANK = frozenset(range(13))

_OWN_PATTERN = re.compile(r"([AKQJT2-9*]*)(x*)(ds|ss|r)?")
SHAPES = {"ds": (2, 2), "ss": (1, 1, 2), "r": (1, 1, 1, 1)}
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
    """A number after ``:`` is a weight, unless its digits are all ranks (``AA:9`` is aces with a
    nine, ``AA:33`` aces and threes)."""
    return decimal_number(token) is not None and not all(ch in RANKS for ch in token)


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
    if is_weight(token):
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
    outside = re.sub(r"\[[^\]]*\]", "", token)  # a rank list's spans are its own
    if "-" in outside or outside.endswith("+"):
        return _span(token, outside)
    return _generic(token, tuple(generic_cards(token)))


def _generic(token: str, pattern: tuple[Card, ...]) -> Generic:
    for rank in range(13):
        if sum(c.ranks == {rank} and not c.rank_variable for c in pattern) > 4:
            raise ValueError(f"{token!r}: a rank is held at most four times")
    return Generic(token, pattern)


def _moved(pattern: tuple[Card, ...], places: list[int], by: int) -> tuple[Card, ...]:
    """The pattern with the ranks at ``places`` moved ``by`` ranks."""
    return tuple(
        Card(frozenset([min(c.ranks) + by]), c.rank_variable, c.suit, c.suit_variable) if i in places else c
        for i, c in enumerate(pattern)
    )


def _span(token: str, outside: str) -> Node:
    """A span of patterns, each step a part: ``KK-TT`` (KK, QQ, JJ, TT: the ranks that differ between
    the ends move together), ``TT+`` (every rank written out moves up, until one is an ace) and
    ``TT-`` (down, until one is a deuce)."""
    if outside.count("-") + outside.count("+") != 1:
        raise ValueError(f"{token!r}: a span is one of KK-TT, TT+ or TT-")
    single = [c for c in outside if c in "+-"] == [token[-1]]
    depth, dash = 0, len(token) - 1
    for at, ch in enumerate(token):  # the dash outside the rank lists
        depth += (ch == "[") - (ch == "]")
        if ch == "-" and depth == 0:
            dash = at
            break
    first = tuple(generic_cards(token[:dash]))
    written = [i for i, c in enumerate(first) if len(c.ranks) == 1 and not c.rank_variable]
    if single:
        places, step = written, 1 if token.endswith("+") else -1
        if not places:
            raise ValueError(f"{token!r}: a span moves the ranks written out, and the part names none")
        ranks = [min(first[i].ranks) for i in places]
        steps = 12 - max(ranks) if step > 0 else min(ranks)
    else:
        last = tuple(generic_cards(token[dash + 1 :]))
        if len(last) != len(first) or any(
            (a.rank_variable, a.suit, a.suit_variable) != (b.rank_variable, b.suit, b.suit_variable)
            or (a.ranks != b.ranks and not (len(a.ranks) == len(b.ranks) == 1 and not a.rank_variable))
            for a, b in zip(first, last)
        ):
            raise ValueError(f"{token!r}: a span's ends hold the same cards but for ranks written out")
        places = [i for i, (a, b) in enumerate(zip(first, last)) if a.ranks != b.ranks]
        gaps = {min(last[i].ranks) - min(first[i].ranks) for i in places}
        if len(gaps) != 1:
            raise ValueError(f"{token!r}: the ranks that differ between a span's ends move together")
        gap = gaps.pop()
        step, steps = (1 if gap > 0 else -1), abs(gap)
    node: Node = _generic(token, first)
    for k in range(1, steps + 1):
        node = Join(",", node, _generic(token, _moved(first, places, step * k)))
    return node


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
            raise ValueError(f"{token!r}: a span is one of KK-TT, TT+ or TT-, the whole part")
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
