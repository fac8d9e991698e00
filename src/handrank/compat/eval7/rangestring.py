"""eval7's range strings, read by a small parser of handrank's (eval7 uses pyparsing).

A range string is a comma-separated list of hand types (``ATo``, ``86s``, ``JT``, ``99``),
single hands (``As3c``) and tags (``#UTG#``, which carry no hands). Alike hand types
group: ``88-JJ``, ``A7o-ATo``, ``T6s+``, ``88+``. A group list can carry a weight:
``0.6(AA, AK)``, ``40%(ATs+)``. The functions here take and return what eval7's do.

>>> string_to_tokens("AA, 0.8(AKs)")
[('AA', 1.0), ('AKs', 0.8)]
>>> tokens_to_string([('AA', 1.0), ('AQs', 1.0), ('AJs', 1.0)])
'AA, AQs-AJs'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Callable, Optional

ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
suits = ("c", "d", "h", "s")

_RANK_CHARS = "23456789TJQKAtjqka"
_SUIT_CHARS = "cdhsCDHS"
_DECIMAL = re.compile(r"[1-9][0-9]*\.[0-9]+|[1-9][0-9]*\.|0?\.[0-9]+|[1-9][0-9]*")
_TAG_WORD = re.compile(r"[A-Za-z0-9_]+")


class RangeStringError(Exception):
    """A range string, a token or a group that cannot be read."""


Parsed = Optional[tuple[int, Any]]
"""Where a piece of the grammar ended and what it read, or None when it does not match here."""


class _Parser:
    """Recursive descent over the grammar; whitespace may stand between any two pieces."""

    def __init__(self, text: str) -> None:
        self.text = text

    def skip(self, at: int) -> int:
        while at < len(self.text) and self.text[at].isspace():
            at += 1
        return at

    def char(self, at: int, allowed: str) -> Optional[int]:
        """The place after one character of ``allowed`` at ``at`` (whitespace first), else None."""
        at = self.skip(at)
        return at + 1 if at < len(self.text) and self.text[at] in allowed else None

    def handtype(self, at: int) -> Parsed:
        at = self.skip(at)
        if not all(at + k < len(self.text) and self.text[at + k] in _RANK_CHARS for k in (0, 1)):
            return None
        token, end = self.text[at : at + 2], at + 2
        suited = self.char(end, "os")
        if suited is not None:
            token, end = token + self.text[suited - 1], suited
        if self.char(end, "%(") is not None:  # a number before a weight, not a hand type
            return None
        return end, token

    def card(self, at: int) -> Parsed:
        at = self.skip(at)
        text = self.text
        if at + 1 < len(text) and text[at] in _RANK_CHARS and text[at + 1] in _SUIT_CHARS:
            return at + 2, text[at : at + 2]
        return None

    def hand(self, at: int) -> Parsed:
        first = self.card(at)
        second = first and self.card(first[0])
        return (second[0], first[1] + second[1]) if first and second else None

    def tag(self, at: int) -> Parsed:
        start = self.char(at, "#")
        if start is None:
            return None
        word = _TAG_WORD.match(self.text, self.skip(start))
        end = word and self.char(word.end(), "#")
        return (end, ["#", word.group(), "#"]) if word and end else None

    def group(self, at: int) -> Parsed:
        """One hand-type group; of the forms that match, the longest (as pyparsing's ``^``)."""
        found: list[tuple[int, Any]] = []
        first = self.handtype(at)
        if first:
            found.append((first[0], [first[1]]))
            dash = self.char(first[0], "-")
            second = dash and self.handtype(dash)
            if second:
                found.append((second[0], [first[1], "-", second[1]]))
            plus = self.char(first[0], "+")
            if plus:
                found.append((plus, [first[1], "+"]))
        for alternative in (self.hand, self.tag):
            other = alternative(at)
            if other:
                found.append((other[0], other[1] if isinstance(other[1], list) else [other[1]]))
        return max(found, key=lambda f: f[0]) if found else None

    def listed(self, item: Callable[[int], Parsed], at: int) -> Parsed:
        """``item, item, ...``: one or more, comma-separated."""
        first = item(at)
        if first is None:
            return None
        end, items = first[0], [first[1]]
        while True:
            comma = self.char(end, ",")
            nxt = comma and item(comma)
            if not nxt:
                return end, items
            end = nxt[0]
            items.append(nxt[1])

    def weight(self, at: int) -> Parsed:
        at = self.skip(at)
        number = _DECIMAL.match(self.text, at)
        if number is None:
            return None
        percent = self.char(number.end(), "%")
        return (percent, [number.group(), "%"]) if percent else (number.end(), [number.group()])

    def weighted(self, at: int) -> Parsed:
        found = []
        plain = self.listed(self.group, at)
        if plain:
            found.append((plain[0], [plain[1]]))
        weight = self.weight(at)
        opening = weight and self.char(weight[0], "(")
        inner = opening and self.listed(self.group, opening)
        closing = inner and self.char(inner[0], ")")
        if weight and inner and closing:
            found.append((closing, [weight[1], inner[1]]))
        return max(found, key=lambda f: f[0]) if found else None

    def whole(self) -> list[Any]:
        parsed = self.listed(self.weighted, 0)
        end, items = parsed if parsed else (0, [])
        if self.skip(end) != len(self.text):
            raise RangeStringError("Failed to parse string")
        return items


def string_to_tokens(s: str) -> list[tuple[str, float]]:
    """``(token, weight)`` for every hand type, hand and tag of ``s``, groups expanded."""
    tokens = []
    for item in _Parser(s).whole():
        weight, groups = (weight_to_float(item[0]), item[1]) if len(item) == 2 else (1.0, item[0])
        tokens += [(token, weight) for group in groups for token in expand_handtype_group(group)]
    return tokens


def string_to_hands(s: str) -> list[tuple[tuple[Any, Any], float]]:
    """``((Card, Card), weight)`` for every hand of ``s``; tags carry none (eval7 fails on them)."""
    from .cards import Card

    return [
        ((Card(a), Card(b)), weight)
        for token, weight in string_to_tokens(s)
        if not token.startswith("#")
        for a, b in token_to_hands(token)
    ]


def validate_string(s: str) -> bool:
    """True if ``s`` is a range string that reads."""
    try:
        string_to_tokens(s)
    except RangeStringError:
        return False
    return True


def weight_to_float(w: Sequence[str]) -> float:
    """``["86", "%"]`` -> 0.86, ``["0.7"]`` -> 0.7."""
    value = float(w[0])
    return value / 100.0 if w[-1] == "%" else value


def _index(rank: str) -> int:
    return ranks.index(rank.upper())


def token_suitedness(ht: str) -> str:
    """``'s'`` suited, ``'o'`` offsuit, ``'p'`` a pair, ``'n'`` not said."""
    if len(ht) == 3:
        if ht[0] == ht[1]:
            raise RangeStringError("Pairs cannot have suitedness")
        return ht[-1]
    return "p" if ht[0] == ht[1] else "n"


def normalize_token(token: str) -> str:
    """The token in eval7's canonical form: ``'ats'`` -> ``'ATs'``, ``'7j'`` -> ``'J7n'``, ``'22'`` -> ``'22p'``,
    ``'QsAc'`` -> ``'AcQs'`` (the higher card first); tags unchanged."""
    if token.startswith("#"):
        return token
    if len(token) == 4:
        high, low = (_index(token[0]), suits.index(token[1])), (_index(token[2]), suits.index(token[3]))
        if high == low:
            raise RangeStringError(f"Invalid Token: {token}")
        return token[2:] + token[:2] if low > high else token
    first, second = sorted((_index(token[0]), _index(token[1])), reverse=True)
    return ranks[first] + ranks[second] + token_suitedness(token)


def expand_handtype_group(htg: Sequence[str]) -> list[str]:
    """A parsed group (``('ATs', '-', 'AQs')``, ``('88', '+')``, ``('KQ',)``) as its tokens."""
    if htg[0] == "#":
        return ["".join(htg)]
    if len(htg) == 1:
        tokens = [normalize_token(htg[0])]
    else:
        suitedness = token_suitedness(htg[0])

        def top_two(token: str) -> list[int]:
            return sorted(map(_index, normalize_token(token)[:2]), reverse=True)

        low = top_two(htg[0])
        if htg[-1] == "+":
            high = [12, 12] if suitedness == "p" else [low[0], low[0] - 1]
        else:
            if suitedness != token_suitedness(htg[2]):
                raise RangeStringError(f"Suitedness mismatch: '{htg[0]}' '{htg[2]}'")
            high = top_two(htg[2])
            if high[1] < low[1]:
                low, high = high, low
        if suitedness != "p" and high[0] != low[0]:
            raise RangeStringError(f"Top card mismatch: '{htg[0]}' '{htg[-1]}'")
        tokens = [
            (ranks[i] * 2 if suitedness == "p" else ranks[high[0]] + ranks[i]) + suitedness
            for i in range(low[1], high[1] + 1)
        ]
    expanded = []
    for token in tokens:
        if len(token) >= 4:
            expanded.append(token)
        elif token[-1] == "n":
            expanded += [token[:2] + "o", token[:2] + "s"]
        else:
            expanded.append(token[:2] if token[-1] == "p" else token)
    return expanded


def token_to_hands(ht: str) -> list[tuple[str, str]]:
    """Every hand of one token as card strings: ``'ATs'`` -> ``[('Ac', 'Tc'), ('Ad', 'Td'), ...]``."""
    if len(ht) == 4:
        return [(ht[:2], ht[2:])]
    kind = token_suitedness(ht)
    if kind == "n":
        raise RangeStringError(f"a token with no suitedness has no hands until expanded: {ht}")
    hands = []
    for i, first in enumerate(suits):
        seconds = {"s": (first,), "o": tuple(s for s in suits if s != first), "p": suits[i + 1 :]}[kind]
        for second in seconds:
            hands.append((ht[1] + second, ht[0] + first) if kind == "p" else (ht[0] + first, ht[1] + second))
    return hands


def _runs(tokens: list[str]) -> list[str]:
    """Tokens that differ only in their second rank, in ascending order, written as runs:
    ``'ATs+'`` when a run reaches the top, ``'A8s-A5s'`` otherwise, a lone token as itself."""
    if len(tokens) <= 1:
        return tokens
    runs = [[tokens[0]]]
    for previous, token in zip(tokens, tokens[1:]):
        if _index(token[1]) - _index(previous[1]) > 1:
            runs.append([token])
        else:
            runs[-1].append(token)
    out = []
    for run in runs:
        low, high = run[0], run[-1]
        if len(run) == 1:
            out.append(low)
        elif high == "AA" or _index(high[0]) - 1 == _index(high[1]):
            out.append(f"{low}+")
        else:
            out.append(f"{high}-{low}")
    return out


def _tokens_to_text(tokens: list[str]) -> str:
    normal = [normalize_token(t) for t in tokens]
    tags = [t for t in normal if t.startswith("#")]
    pairs = sorted((t[:-1] for t in normal if t[-1] == "p" and not t.startswith("#")), key=lambda t: _index(t[0]))
    hands = [t for t in normal if len(t) == 4 and not t.startswith("#")]
    hands.sort(key=lambda h: (_index(h[0]), _index(h[2]), suits.index(h[1]), suits.index(h[3])), reverse=True)
    others = [t for t in normal if len(t) == 3 and t[-1] != "p"]
    other_text: list[str] = []
    for rank in ranks:
        for kind in ("o", "s", "n"):
            alike = [t for t in others if t[0] == rank and t[-1] == kind and _index(t[0]) > _index(t[1])]
            other_text += _runs(sorted(alike, key=lambda t: _index(t[1])))
    return ", ".join(_runs(pairs)[::-1] + other_text[::-1] + hands + tags)


def tokens_to_string(tokens: list[tuple[str, float]]) -> str:
    """A range string for ``(token, weight)`` pairs: the full-weight tokens, then each weight's, heaviest first."""
    weights = sorted({w for _, w in tokens}, key=lambda w: (w != 1.0, -w))
    parts = []
    for weight in weights:
        text = _tokens_to_text([t for t, w in tokens if w == weight])
        parts.append(text if weight == 1.0 else f"{int(100 * weight)}%({text})")
    return ", ".join(parts)
