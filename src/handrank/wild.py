"""Wild cards and jokers: a high hand ranked as if each wild card were the card that makes it best.

A wild card is a joker (``Jk``, ``Xx`` or ``🃏`` in text, or ``jokers=`` beside card ints: one or
two, a deck of 53 or 54 cards) or a card the game declares wild: a rank (``wild="2"``, deuces
wild) or single cards (``wild="Jh Js"``, the one-eyed jacks). A wild card stands for any card,
even one the hand holds, so that four aces and a joker are five aces; but a flush and a
straight holds five different cards, so there a wild card is a card none of the other four is.
Five of a kind ranks above a straight flush. With ``bug=True`` a joker is the bug of draw
poker: an ace, or any card that completes a straight, a flush or a straight flush. The scale
runs from 1 (five aces) to 7,475: 1 to 13 are five of a kind, aces to deuces, and 14 to 7,475
are Cactus Kev's ranks 1 to 7,462 moved down by 13 (14 a royal flush). Lower is better, as
everywhere in handrank. ``evaluate_wild_low`` ranks a low with jokers.

>>> evaluate_wild("As Ad Ac Ah Jk")
1
>>> describe_wild(evaluate_wild("Kh Qh Jh 2c 9s", wild="2"))
'King-high straight'
>>> evaluate_wild("As Ks Qs Js Xx") == FIVE_OF_A_KIND + 1  # a royal flush
True
>>> describe_wild(evaluate_wild("7c 7d 2h 2s 9c 4d 3h", wild="2"))
'Four sevens'
>>> describe_wild(evaluate_wild("Kh Kd 7c 4s Jk", bug=True))  # the bug is an ace
'Pair of kings'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Optional, Union

from ._kernels.core import Ranks
from ._kernels.wild import (
    FIVE_OF_A_KIND,
    Plan,
    checked_jokers,
    completed,
    plan,
)
from ._switch import evaluator
from .cards import DECK, RANK_CHARS, Cards, cards, cards_str, check_distinct, from_index, rank_of, suit_of, to_index
from .words import RANK_PLURALS, describe, named_order

__all__ = [
    "FIVE_OF_A_KIND",
    "WORST_WILD_RANK",
    "best_wild_five",
    "describe_wild",
    "evaluate_wild",
    "evaluate_wild_low",
    "evaluate_wild_many",
    "joker_count",
    "wild_cards",
    "wild_str",
]

WORST_WILD_RANK = FIVE_OF_A_KIND + 7462
"""The worst rank on the wild-card scale, 7,475 (seven-five-four-three-two)."""
_JOKER = re.compile(r"jk|xx|🃏", re.IGNORECASE)


def wild_cards(wild: Union[str, Iterable[Union[int, str]]]) -> frozenset[int]:
    """The cards ``wild`` declares wild: ranks (``"2"``, ``"2 J"``) stand for their four cards,
    cards (``"Jh Js"``) for themselves.

    >>> len(wild_cards("2")), len(wild_cards("Jh Js"))
    (4, 2)
    """
    tokens = wild.replace(",", " ").split() if isinstance(wild, str) else list(wild)
    out: set[int] = set()
    for token in tokens:
        if isinstance(token, str) and token.upper() in (*RANK_CHARS, "10"):
            rank = RANK_CHARS.index("T" if token == "10" else token.upper())
            out.update(from_index(4 * rank + suit) for suit in range(4))
        else:
            out.update(cards([token]) if not isinstance(token, str) else cards(token))
    return frozenset(out)


def joker_count(text: str) -> int:
    """How many jokers a hand's text names (``Jk``, ``Xx`` or the joker glyph, any case).

    >>> joker_count("As Ks Jk xx"), joker_count("As Ks")
    (2, 0)
    """
    return len(_JOKER.findall(text))


def wild_str(hand: Union[Cards, int], jokers: int = 0) -> str:
    """A hand's text with its jokers in one form, ``Jk``, after its cards.

    >>> wild_str("🃏 As xx Kd")
    'As Kd Jk Jk'
    """
    held, count = _read_cards(hand, jokers)
    return " ".join([cards_str(held)] * bool(held) + ["Jk"] * count)


def _read_cards(hand: Union[Cards, int], jokers: int) -> tuple[list[int], int]:
    """A hand's cards and its jokers (those in its text and ``jokers``), not yet checked."""
    if isinstance(jokers, bool) or not isinstance(jokers, int) or jokers < 0:
        raise ValueError(f"jokers is a count of jokers, 0 or more, got {jokers!r}")
    if isinstance(hand, str):
        held, in_text = _read_text(hand)
        return list(held), jokers + in_text
    items = list(hand) if not isinstance(hand, int) else [hand]
    named = [isinstance(x, str) and bool(_JOKER.fullmatch(x.strip())) for x in items]
    return cards([x for x, joker in zip(items, named) if not joker]), jokers + sum(named)


@lru_cache(maxsize=4096)
def _read_text(text: str) -> tuple[tuple[int, ...], int]:
    """A hand's text as its cards and the jokers it names, read once: a game's hands come again."""
    return tuple(cards(_JOKER.sub(" ", text))), joker_count(text)


def _natural(held: list[int], jokers: int, wild: Union[str, Iterable[Union[int, str]]]) -> tuple[list[int], int]:
    """The cards that play as themselves, and how many wild cards play beside them (five at most)."""
    mask = _mask(wild)
    natural = [c for c in held if not mask >> to_index(c) & 1]
    return natural, min(len(held) - len(natural) + jokers, 5)


def _read(hand: Union[Cards, int], jokers: int) -> tuple[list[int], int]:
    """A hand's cards and its jokers (those in its text and ``jokers``), checked: distinct cards,
    one or two jokers at most, 5 to 7 in all."""
    held, jokers = _read_cards(hand, jokers)
    check_distinct(held)
    return held, checked_jokers(len(held), jokers)


def _mask(wild: Union[str, Iterable[Union[int, str]]]) -> int:
    """The cards ``wild`` declares wild as bits of their indices, as the kernels take them."""
    if isinstance(wild, str):
        return _declared_mask(wild) if wild else 0
    return _bits(wild_cards(wild))


def _bits(declared: frozenset[int]) -> int:
    return sum(1 << to_index(c) for c in declared)


@lru_cache(maxsize=64)
def _declared_mask(wild: str) -> int:
    """``_mask`` of a text, worked out once: a game names the same wild cards every hand."""
    return _bits(wild_cards(wild))


def evaluate_wild(
    hand: Union[Cards, int], wild: Union[str, Iterable[Union[int, str]]] = "", jokers: int = 0, bug: bool = False
) -> int:
    """The rank (1 to 7,475, lower is better) of a hand of 5 to 7 cards, jokers and the cards
    ``wild`` declares wild each standing for the card that makes the hand best. With ``bug`` a
    joker is a bug: an ace, or any card that completes a straight, a flush or a straight flush.

    >>> describe_wild(evaluate_wild("Ah 5h Jk 2c 3d"))  # the joker is the four
    'Five-high straight (wheel)'
    >>> evaluate_wild(cards("As Ad Kc Qh"), jokers=1) == evaluate_wild("As Ad Kc Qh Jk")
    True
    """
    if bug and wild:
        raise ValueError("the bug rule is for jokers: with it, declare no other wild cards")
    mask = _mask(wild)
    if not isinstance(hand, (str, int)):
        try:  # card ints, or card text without a joker: the kernel reads and checks them itself
            return evaluator.evaluate_wild_cards(hand, jokers, mask, bug)
        except ValueError:
            pass  # a joker named in the list ("Jk"), or an error the reading below names
    held, joker_count = _read(hand, jokers)
    return evaluator.evaluate_wild_cards(held, joker_count, mask, bug)


def evaluate_wild_many(
    hands: object, wild: Union[str, Iterable[Union[int, str]]] = "", threads: Optional[int] = None, bug: bool = False
) -> Ranks:
    """``evaluate_wild`` of each row of an (n, k) array, k = 5, 6 or 7, of 0-51 card indices and
    the jokers, 52 and 53; ``wild`` declares cards wild as it does there, ``bug`` makes the jokers
    bugs. The work runs without the GIL on ``threads`` threads (0 = every core); a numpy array in, a
    numpy array out.

    >>> import numpy as np
    >>> rows = np.array([[51, 47, 43, 39, 52], [0, 48, 49, 50, 53]])  # As Ks Qs Js Jk; 2c Ac Ad Ah Jk
    >>> evaluate_wild_many(rows).tolist(), evaluate_wild_many(rows, wild="2").tolist()
    ([14, 35], [14, 1])
    """
    return evaluator.evaluate_wild_rows(hands, _mask(wild), threads, bug)


def _rank(ranks: Sequence[int], flush: bool) -> int:
    """The rank of five cards of these ranks, all of one suit or not (no more than four of one rank)."""
    suits = [0] * 5 if flush else [0, 1, 2, 3, 1]
    if not flush and len(set(ranks)) == 5:
        suits = [0, 1, 2, 3, 0]  # five ranks: not all one suit
    return FIVE_OF_A_KIND + evaluator.evaluate([from_index(4 * r + s) for r, s in zip(ranks, suits)])


def _value(made: Plan) -> int:
    """The rank of a planned hand on the wild-card scale."""
    ranks, suit = made
    if len(set(ranks)) == 1:
        return FIVE_OF_A_KIND - ranks[0]
    return _rank(ranks, flush=suit is not None)


def best_wild_five(
    hand: Union[Cards, int], wild: Union[str, Iterable[Union[int, str]]] = "", jokers: int = 0, bug: bool = False
) -> list[tuple[int, bool]]:
    """The five cards the hand plays as, best first as the words name them, each with whether a
    wild card plays it: a natural card as itself, a wild card as the card it stands for. With
    ``bug`` each joker is the bug, as ``evaluate_wild`` takes it.

    >>> [(cards_str([c]), w) for c, w in best_wild_five("As Ks Qs Js Jk")]
    [('As', False), ('Ks', False), ('Qs', False), ('Js', False), ('Ts', True)]
    >>> [(cards_str([c]), w) for c, w in best_wild_five("Kh Kd 7c 4s 2d Jk", bug=True)]
    [('Kh', False), ('Kd', False), ('As', True), ('7c', False), ('4s', False)]
    """
    held, joker_count = _read(hand, jokers)
    if bug:
        if wild:
            raise ValueError("the bug rule is for jokers: with it, declare no other wild cards")
        return _bug_five(held, joker_count)
    natural, wilds = _natural(held, joker_count, wild)
    if not wilds:
        return [(c, False) for c in evaluator.best_five(natural)]
    return _five_of_plan(natural, plan(sorted(((rank_of(c), suit_of(c)) for c in natural), reverse=True), wilds))


def _five_of_plan(natural: list[int], made: Plan) -> list[tuple[int, bool]]:
    """The five cards of a planned hand: a natural card where one fits (of the flush's suit in a
    flush), else the card a wild card stands for, flagged."""
    ranks, suit = made
    left = list(natural)
    five: list[tuple[int, bool]] = []
    for r in ranks:
        mine = [c for c in left if rank_of(c) == r and suit in (None, suit_of(c))]
        if mine:
            left.remove(mine[0])
            five.append((mine[0], False))
            continue
        taken = {suit_of(c) for c, _ in five if rank_of(c) == r}  # a suit of this rank not yet in the five
        free = [s for s in (3, 2, 1, 0) if s not in taken] if suit is None else [suit]
        five.append((from_index(4 * r + (free or [3])[0]), True))  # five of a kind: a card twice
    return five


def _bug_five(held: list[int], jokers: int) -> list[tuple[int, bool]]:
    """``best_wild_five`` with each joker a bug: the hand the bug kernel ranks, the bugs flagged."""
    if not jokers:
        return [(c, False) for c in evaluator.best_five(held)]
    _, made, suits = _bug_choice(held, jokers)
    if made is not None:
        return _five_of_plan(held, made)
    return [(c, c not in held) for c in named_order(evaluator.best_five(held + [from_index(48 + s) for s in suits]))]


def _bug_choice(held: list[int], jokers: int) -> tuple[int, Optional[Plan], tuple[int, ...]]:
    """The best rank with each joker a bug, and how the bugs play: the planned five aces, straight,
    flush or straight flush they complete, else None and the suits of the aces they are (the
    highest suits not held, where suits tie)."""
    aces = [suit_of(c) for c in held if rank_of(c) == 12]
    if len(aces) + jokers >= 5:
        return 1, ([12] * 5, None), ()  # five aces
    free = [s for s in (3, 2, 1, 0) if s not in aces]
    best, suits = min(
        (
            (FIVE_OF_A_KIND + evaluator.evaluate(held + [from_index(48 + s) for s in suits]), suits)
            for suits in combinations(free, jokers)
        ),
        key=lambda found: found[0],
    )
    made = completed(sorted(((rank_of(c), suit_of(c)) for c in held), reverse=True), jokers)
    if made is not None and _value(made) < best:
        return _value(made), made, ()
    return best, None, suits


def evaluate_wild_low(hand: Union[Cards, int], game: str = "a-5", jokers: int = 0) -> int:
    """The best low (``game`` "a-5", "a-6" or "2-7", the scales of ``evaluate_low``) of 5 to 7
    cards with one or two jokers, each the card that makes the low best: in ace-to-five the
    lowest rank the hand lacks; where straights and flushes count, the lowest that makes
    neither. A joker never pairs a card, so the scale is the game's own.

    >>> from handrank.lowball import describe_low
    >>> describe_low(evaluate_wild_low("Ah 2d 3c Kd Jk"), "a-5")  # the joker is the four
    'King-four low'
    >>> describe_low(evaluate_wild_low("2h 3d 4c 5d Jk", "2-7"), "2-7")  # the six would be a straight
    'Seven-five low (number one)'
    """
    held, joker_count = _read(hand, jokers)
    left = [c for c in DECK if c not in held]
    return min(evaluator.evaluate_low(held + list(stand_ins), game) for stand_ins in combinations(left, joker_count))


def describe_wild(rank: int) -> str:
    """A rank of the wild-card scale in words.

    >>> describe_wild(1), describe_wild(14)
    ('Five aces', 'Royal flush')
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= WORST_WILD_RANK:
        raise ValueError(f"a wild-card rank is an int from 1 to {WORST_WILD_RANK}, got {rank!r}")
    if rank <= FIVE_OF_A_KIND:
        return f"Five {RANK_PLURALS[FIVE_OF_A_KIND - rank]}"
    return describe(rank - FIVE_OF_A_KIND)
