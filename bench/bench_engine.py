"""The engine against pokerkit: the same random action sequences, played to the end, hands per second.

    python bench/bench_engine.py [--hands 2000] [--seats 6] [--game holdem|short-deck|stud|...|badugi]

Sequences come from handrank's engine with a seeded random policy; each is then
replayed in both engines (pokerkit deals its own cards, which does not change
which actions are legal). Sequences pokerkit refuses are left out and counted.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from handrank.engine import Hand, Stakes

STACK, SMALL, BIG = 200, 1, 2
ANTE, BRING_IN = 1, 1
STUD = {"stud": "FixedLimitSevenCardStud", "stud-hilo": "FixedLimitSevenCardStudHighLowSplitEightOrBetter"}
STUD["razz"] = "FixedLimitRazz"
DRAW = {"2-7-triple-draw": "FixedLimitDeuceToSevenLowballTripleDraw", "badugi": "FixedLimitBadugi"}
DRAW["2-7-single-draw"] = "NoLimitDeuceToSevenLowballSingleDraw"
SHORT_DECK = "short-deck-straight-over-trips"  # pokerkit's order: a straight above three of a kind
PK_HOLDEM = {"holdem": "NoLimitTexasHoldem", SHORT_DECK: "NoLimitShortDeckHoldem"}


def new_hand(game: str, seats: int, seed: int) -> Hand:
    """A hand of ``game``: no-limit Hold'em at 1/2, a draw game at 1/2 (fixed-limit but for single
    draw's no-limit), no-limit short deck with antes of 1 and the button's blind of 2, or
    fixed-limit stud with ante 1, bring-in 1, bets 2/4."""
    if game == "holdem":
        return Hand([STACK] * seats, button=seats - 1, small_blind=SMALL, big_blind=BIG, seed=seed)
    if game == SHORT_DECK:
        stakes = Stakes(0, BIG, ante=ANTE, button_blind=True)
        return Hand([STACK] * seats, button=seats - 1, stakes=stakes, game=game, seed=seed)
    if game in DRAW:
        limit = "no-limit" if "single" in game else "fixed-limit"
        return Hand([STACK] * seats, button=seats - 1, stakes=Stakes(SMALL, BIG, limit=limit), game=game, seed=seed)
    return Hand([STACK] * seats, button=seats - 1, stakes=Stakes.stud(ANTE, BRING_IN, BIG), game=game, seed=seed)


def random_hands(n: int, seats: int, seed: int, game: str) -> list[tuple[int, list[tuple[str, Any]]]]:
    """(deck seed, actions) for n random hands played to the end."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        hand = new_hand(game, seats, i)
        actions = []
        while not hand.is_over:
            legal = hand.legal()
            if legal.draw is not None:  # a draw game's draw: throw away 0 to all the cards
                thrown = rng.sample(hand.holes[legal.seat], rng.randint(0, legal.draw))
                actions.append(("draw", thrown, legal.seat))
                hand.draw(thrown)
                continue
            options = [a for a in legal.actions if a != "fold"]
            action = "fold" if legal.fold and rng.random() < 0.25 else rng.choice(options)
            amount = None
            if action in ("bet", "raise") and legal.min_raise is None:
                amount = legal.bring_in
            elif action in ("bet", "raise"):
                amount = rng.choice([legal.min_raise, legal.max_raise, rng.randint(legal.min_raise, legal.max_raise)])
            actions.append((action, amount, legal.seat))
            hand.act(action, amount)
        out.append((i, actions))
    return out


def play_handrank(deals: list[tuple[int, list[tuple[str, Any]]]], seats: int, game: str) -> None:
    for seed, actions in deals:
        hand = new_hand(game, seats, seed)
        for action, amount, _ in actions:
            if action == "draw":
                hand.draw(amount)
            else:
                hand.act(action, amount)


def pokerkit_runner(seats: int, game: str) -> Any:
    import pokerkit as pk

    automations = (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.CARD_BURNING,
        pk.Automation.HOLE_DEALING,
        pk.Automation.BOARD_DEALING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )

    def create() -> Any:
        # pokerkit numbers players from the small blind: with the button on the last seat, the same order.
        if game == "holdem":
            return pk.NoLimitTexasHoldem.create_state(automations, True, 0, (SMALL, BIG), BIG, (STACK,) * seats, seats)
        if game == SHORT_DECK:
            blinds = (0,) * (seats - 1) + (BIG,)
            return pk.NoLimitShortDeckHoldem.create_state(automations, True, ANTE, blinds, BIG, (STACK,) * seats, seats)
        if game in DRAW:
            bets = (BIG,) if "single" in game else (BIG, 2 * BIG)
            draw = getattr(pk, DRAW[game])
            return draw.create_state(automations, True, 0, (SMALL, BIG), *bets, (STACK,) * seats, seats)
        stud = getattr(pk, STUD[game])
        return stud.create_state(automations, True, ANTE, BRING_IN, BIG, 2 * BIG, (STACK,) * seats, seats)

    def play(actions: list[tuple[str, Any, int]]) -> None:
        state = create()
        for action, amount, seat in actions:
            if action == "draw":  # pokerkit dealt its own cards: throw away as many of them
                state.stand_pat_or_discard(state.hole_cards[seat][: len(amount)])
            elif game in STUD and state.can_post_bring_in() and amount in (None, BRING_IN):
                state.post_bring_in()  # brought in (or all-in for it)
            elif action == "fold":
                state.fold()
            elif action in ("check", "call"):
                state.check_or_call()
            elif action in ("bet", "raise"):
                state.complete_bet_or_raise_to(amount)
            else:  # all-in: a raise to the whole stack if one is possible, else a call
                if state.can_complete_bet_or_raise_to():
                    state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
                else:
                    state.check_or_call()
        if state.status:
            raise ValueError("pokerkit did not finish the hand")

    return play


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seats", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", choices=["holdem", SHORT_DECK, *STUD, *DRAW], default="holdem")
    args = p.parse_args()
    if args.seats < 3:
        raise SystemExit("use 3 or more seats: pokerkit orders heads-up play differently")
    game = args.game
    deals = random_hands(args.hands, args.seats, args.seed, game)
    n_actions = sum(len(a) for _, a in deals)
    t = min(_timed(lambda: play_handrank(deals, args.seats, game)) for _ in range(3))
    kind = new_hand(game, args.seats, 0).limit + " " + game
    print(f"{args.hands:,} random {args.seats}-seat {kind} hands, {n_actions:,} actions\n")
    print("| engine | hands per second | ratio |")
    print("|---|---:|---:|")
    print(f"| handrank Hand | {args.hands / t:,.0f} | 1.00x |")
    try:
        play = pokerkit_runner(args.seats, game)
    except ImportError:
        print("\npokerkit is not installed: pip install pokerkit")
        return
    expressible = []
    for deal in deals:
        try:
            play(deal[1])
            expressible.append(deal)
        except Exception:  # noqa: BLE001 - a sequence pokerkit will not take is left out
            pass
    t_ours = min(_timed(lambda: play_handrank(expressible, args.seats, game)) for _ in range(3))
    t_pk = min(_timed(lambda: [play(a) for _, a in expressible]) for _ in range(3))
    n = len(expressible)
    print(f"| handrank Hand (hands pokerkit also takes: {n:,}) | {n / t_ours:,.0f} | 1.00x |")
    print(
        f"| pokerkit {STUD.get(game) or DRAW.get(game) or PK_HOLDEM.get(game)} | {n / t_pk:,.0f} | {t_ours / t_pk:.2f}x |"
    )
    print(
        f"\nhandrank is {t_pk / t_ours:.1f}x faster on the same {n:,} action sequences "
        f"({args.hands - n} left out as pokerkit refused them)"
    )


def _timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
