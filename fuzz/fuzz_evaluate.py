"""Fuzz target: single-hand evaluation, compiled against pure, on any cards a caller might pass."""

from __future__ import annotations

import sys
from typing import Callable

import atheris

with atheris.instrument_imports():
    from _outcome import outcome, same

    from handrank import DECK, _eval_c, _eval_py

GAMES = ("2-7", "a-5", "a-6", "razz", "", None)
VALUES = [_eval_c.RankSuitValues(range(7463), ValueError), _eval_py.RankSuitValues(range(7463), ValueError)]
DECKS = [_eval_c.RankSuitCard.deck(), _eval_py.RankSuitCard.deck()]


def card_named(kind: type) -> Callable[[object], tuple[int, int]]:
    """A card type's constructor, giving the fields of the card it makes."""

    def make(text: object) -> tuple[int, int]:
        card = kind(text)
        return card.rank, card.suit

    return make


NAMED = [card_named(_eval_c.RankSuitCard), card_named(_eval_py.RankSuitCard)]


def cards_from(fdp: atheris.FuzzedDataProvider) -> object:
    n = fdp.ConsumeIntInRange(0, 9)
    form = fdp.ConsumeIntInRange(0, 4)
    if form == 0:  # card ints, maybe repeated
        return [DECK[fdp.ConsumeIntInRange(0, 51)] for _ in range(n)]
    if form == 1:  # any ints
        return [fdp.ConsumeIntInRange(-(2**40), 2**40) for _ in range(n)]
    if form == 2:  # text
        return fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40))
    if form == 3:  # a tuple of card ints with one float or bool among them
        cs: list[object] = [DECK[fdp.ConsumeIntInRange(0, 51)] for _ in range(n)]
        if cs:
            cs[fdp.ConsumeIntInRange(0, len(cs) - 1)] = fdp.PickValueInList([1.0 * DECK[0], True, None, "As"])
        return tuple(cs)
    return [fdp.ConsumeUnicodeNoSurrogates(3) for _ in range(n)]


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    cards = cards_from(fdp)
    for name in ("evaluate", "best_five"):
        same(name, getattr(_eval_c, name), getattr(_eval_py, name), cards)
    if isinstance(cards, (list, tuple)) and len(cards) in (5, 6, 7):
        fn = f"evaluate{len(cards)}"
        same(fn, getattr(_eval_c, fn), getattr(_eval_py, fn), *cards)
    same("evaluate_low", _eval_c.evaluate_low, _eval_py.evaluate_low, cards, fdp.PickValueInList(list(GAMES)))
    board = cards_from(fdp)
    same("evaluate_omaha", _eval_c.evaluate_omaha, _eval_py.evaluate_omaha, cards, board)
    same("evaluate_omaha_low", _eval_c.evaluate_omaha_low, _eval_py.evaluate_omaha_low, cards, board)
    rule = fdp.PickValueInList([True, False, 0, "yes"])
    same("evaluate_short_deck", _eval_c.evaluate_short_deck, _eval_py.evaluate_short_deck, cards, rule)
    same("evaluate_badugi", _eval_c.evaluate_badugi, _eval_py.evaluate_badugi, cards)
    same("evaluate_partial", _eval_c.evaluate_partial, _eval_py.evaluate_partial, cards, rule)
    hands = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 12))
    same("hand_vs_hands", _eval_c.hand_vs_hands, _eval_py.hand_vs_hands, cards, hands, board)
    places = [b % 60 for b in hands[:8]]  # card objects (a place past 51: an int in a card's place)
    objects = [[deck[p] if p < 52 else p for p in places] for deck in DECKS]
    got = [outcome(values.evaluate, given) for values, given in zip(VALUES, objects)]
    if got[0] != got[1]:
        raise AssertionError(f"RankSuitValues.evaluate: compiled {got[0]!r} but pure {got[1]!r} for {places!r}")
    same("RankSuitValues.evaluate ranks", VALUES[0].evaluate, VALUES[1].evaluate, cards, board)
    name = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 3))  # a card's name, or text that is none
    same("RankSuitCard", *NAMED, name)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
