"""``handrank eval``: a hand's rank, class, words and best five; Omaha, the lowball games, short
deck and badugi; wild cards and jokers; several decks."""

from __future__ import annotations

import argparse
import json
from typing import Any

import handrank

from .. import crosscheck as xc
from ..badugi import WORST_BADUGI, badugi_best, describe_badugi
from ..decks import WORST_DECKS_RANK, best_decks_five, describe_decks, evaluate_decks
from ..short_deck import WORST_SHORT_DECK_RANK, describe_short_deck, short_deck_best_five
from ..wild import WORST_WILD_RANK, best_wild_five, describe_wild, evaluate_wild, joker_count, wild_str
from ._common import integer, positive


def add_parser(sub: Any) -> None:
    e = sub.add_parser("eval", help="rank, class, description and best five of 5 to 7 cards")
    e.add_argument("cards", nargs="+", help="cards such as As Kd 10h 2♣ (spaces or commas)")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.add_argument(
        "--game",
        choices=list(xc.REFERENCES),
        default=xc.HIGH.name,
        help="holdem (best five of 5-7), omaha, a lowball game (2-7, a-5, a-6, razz), short deck (either rule) or badugi",
    )
    e.add_argument(
        "--hole", type=integer, default=4, choices=(4, 5, 6), help="omaha: how many of the cards are hole cards"
    )
    e.add_argument(
        "--wild",
        default="",
        help="ranks or cards that are wild, such as 2 (deuces wild) or 'Jh Js'; jokers (Jk, Xx) are wild anyway",
    )
    e.add_argument("--bug", action="store_true", help="a joker is the bug: an ace, or a card that completes a run")
    e.add_argument(
        "--decks",
        type=positive,
        help="a high hand dealt from this many decks shuffled together: a card may be given that many times",
    )
    e.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Hold'em's best five of 5 to 7 cards, or another game's value (``--game``)."""
    text = " ".join(args.cards)
    if args.decks is not None:
        if xc.reference(args.game) is not xc.HIGH or args.wild or args.bug or joker_count(text):
            raise ValueError("--decks is for high hands of plain cards (no --game, --wild, --bug or jokers)")
        return _eval_decks(text, args.decks, args.json)
    if xc.reference(args.game) is xc.HIGH and (args.wild or args.bug or joker_count(text)):
        return _eval_wild(text, args)
    if args.wild or args.bug:
        raise ValueError("--wild and --bug are for high hands (no --game)")
    if xc.reference(args.game) is not xc.HIGH:
        return _eval_game(args)
    hand = handrank.cards(text)
    rank = handrank.evaluate(hand)
    result = {
        "cards": handrank.cards_str(hand),
        "rank": rank,
        "strength": handrank.strength(rank),
        "class": handrank.class_name(rank),
        "description": handrank.describe(rank),
        "long_description": handrank.describe(rank, long=True),
        "best_five": handrank.cards_str(handrank.best_five(hand)),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['cards']}: {result['description']}")
    print(f"rank {rank} of 7462 (1 is best): {result['long_description']}")
    print(f"best five: {result['best_five']}")
    return 0


def _eval_wild(text: str, args: argparse.Namespace) -> int:
    """A high hand with jokers or declared wild cards, on the wild-card scale."""
    rank = evaluate_wild(text, wild=args.wild, bug=args.bug)
    result: dict[str, Any] = {
        "cards": wild_str(text),
        "wild": args.wild,
        "bug": args.bug,
        "rank": rank,
        "of": WORST_WILD_RANK,
        "description": describe_wild(rank),
    }
    # the cards played, each wild card as the card it stands for, in brackets
    five = best_wild_five(text, wild=args.wild, bug=args.bug)
    result["best_five"] = " ".join(f"[{handrank.card_str(c)}]" if w else handrank.card_str(c) for c, w in five)
    if args.json:
        print(json.dumps(result))
        return 0
    declared = f", {args.wild} wild" if args.wild else ""
    print(f"{result['cards']}{declared}: {result['description']}")
    print(f"rank {rank} of {WORST_WILD_RANK} (1 is best: five of a kind, then every plain rank plus 13)")
    print(f"best five: {result['best_five']}")
    return 0


def _eval_decks(text: str, decks: int, as_json: bool) -> int:
    """A high hand from several decks shuffled together, on the several-decks scale."""
    hand = handrank.cards(text)
    rank = evaluate_decks(hand, decks)
    result: dict[str, Any] = {
        "cards": handrank.cards_str(hand),
        "decks": decks,
        "rank": rank,
        "of": WORST_DECKS_RANK,
        "description": describe_decks(rank),
        "best_five": handrank.cards_str(best_decks_five(hand, decks)),
    }
    if as_json:
        print(json.dumps(result))
        return 0
    print(f"{result['cards']}, {decks} decks: {result['description']}")
    print(f"rank {rank} of {WORST_DECKS_RANK} (1 is best: five aces)")
    print(f"best five: {result['best_five']}")
    return 0


def _eval_game(args: argparse.Namespace) -> int:
    """``eval --game``: Omaha (the first --hole cards are hole cards) or a lowball game."""
    hand = handrank.cards(" ".join(args.cards))
    omaha = xc.reference(args.game) is xc.OMAHA
    if omaha:
        hole, board = hand[: args.hole], hand[args.hole :]
        value = handrank.evaluate_omaha(hole, board)
        result: dict[str, Any] = {
            "hole": handrank.cards_str(hole),
            "board": handrank.cards_str(board),
            "rank": value,
            "of": 7462,
            "description": handrank.describe(value),
        }
        low = handrank.evaluate_omaha_low(hole, board)
        result["low"] = low if handrank.qualifies_eight_or_better(low) else None
    elif xc.reference(args.game) in (xc.SHORT_DECK, xc.SHORT_DECK_STRAIGHT_OVER_TRIPS):
        trips_beat_straight = xc.reference(args.game) is xc.SHORT_DECK
        value = handrank.evaluate_short_deck(hand, trips_beat_straight)
        result = {
            "cards": handrank.cards_str(hand),
            "rank": value,
            "of": WORST_SHORT_DECK_RANK,
            "description": describe_short_deck(value, trips_beat_straight),
            "long_description": describe_short_deck(value, trips_beat_straight, long=True),
            "best_five": handrank.cards_str(short_deck_best_five(hand, trips_beat_straight)),
        }
    elif xc.reference(args.game) is xc.BADUGI:
        value = handrank.evaluate_badugi(hand)
        result = {
            "cards": handrank.cards_str(hand),
            "rank": value,
            "of": WORST_BADUGI,
            "description": describe_badugi(value),
            "plays": handrank.cards_str(badugi_best(hand)),
        }
    else:
        game = xc.RAZZ_SCALE if xc.reference(args.game) is xc.RAZZ else args.game
        if len(hand) not in xc.reference(args.game).cards:
            raise ValueError(
                f"{args.game} takes {' or '.join(map(str, xc.reference(args.game).cards))} cards, got {len(hand)}"
            )
        value = handrank.evaluate_low(hand, game)
        result = {
            "cards": handrank.cards_str(hand),
            "rank": value,
            "of": handrank.LOW_SIZES[game],
            "description": handrank.describe_low(value, game),
            "long_description": handrank.describe_low(value, game, long=True),
        }
    result["game"] = args.game
    if args.json:
        print(json.dumps(result))
        return 0
    shown = result.get("cards") or f"{result['hole']} | {result['board']}"
    print(f"{args.game}: {shown}: {result['description']}")
    print(f"rank {value} of {result['of']} (1 is best)")
    if "best_five" in result:
        print(f"best five: {result['best_five']}")
    if "plays" in result:
        print(f"plays: {result['plays']}")
    if omaha:
        low = result["low"]
        low_text = handrank.describe_low(low, "a-5") if isinstance(low, int) else "none (eight or better)"
        print(f"low for hi-lo: {low_text}")
    return 0
