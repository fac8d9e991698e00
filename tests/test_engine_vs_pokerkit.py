"""The engine against pokerkit (a test-only peer) on random hands: the same cards and actions give
the same legal choices and the same stacks, wherever the two follow the same rule. Hold'em, royal
hold'em, Omaha, short deck (antes and the button's blind, a straight above three of a kind, as pokerkit deals it),
the stud games and the draw games pokerkit plays.

Where pokerkit departs from the rule books, the test names the departure and checks that every
disagreement is one of them (docs/rules.md#betting-limits):
- it reopens the betting for a player who faces one all-in short of a full raise (TDA 47 A);
- it lets the others call a short big blind's chips, not the full blind (Robert's Rules, blinds
  rule 1);
- fixed-limit: it caps a heads-up pot, and allows a fourth raise before the flop, where the big
  blind is the street's bet (Robert's Rules, betting rules 3 and 4);
- fixed-limit: it neither treats an all-in of half a bet or more as a full bet, nor completes an
  all-in of less than half a bet to a full one (Robert's Rules, betting rule 6);
- it gives the odd chips of a split pot to one player (handrank: one at a time from the left of
  the button, or in stud by the highest card, docs/rules.md#splitting-pots);
- stud hi-lo: when one pot has a qualifying low and a side pot has none among its players, it
  still splits that side pot's low half between them (the rule books: with no qualifying low the
  best high hand takes the whole pot).
One rule pokerkit does not offer is left out of the comparison, not counted: stud high's big bet
on fourth street with a pair showing (the hands here bet the small bet there).
Half the hands play ``short_blind="posted"``, the rooms' rule pokerkit follows, so that those
compare throughout. ``HANDRANK_PEER_HANDS`` sets the hands per configuration (1000).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any, Optional

import pytest

from handrank.cards import cards, cards_str
from handrank.engine import Hand, Stakes, limits

pk = pytest.importorskip("pokerkit", reason="pokerkit is not installed (pip install pokerkit)")

HANDS = int(os.environ.get("HANDRANK_PEER_HANDS", "1000"))
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)
KNOWN = {
    "calls only a short big blind",
    "reopens after one short all-in",
    "caps heads-up",
    "a fourth raise before the flop",
    "half a bet is no full bet",
    "completes from the all-in",
    "splits the low half of a pot no low qualifies for",
}


def _pokerkit_state(game: str, stakes: Stakes, stacks: list[int]) -> Any:
    """pokerkit numbers players from the small blind, as handrank's seats run with the button last."""
    blinds = (stakes.small_blind, stakes.big_blind) + (0,) * (len(stacks) - 2)
    common = (AUTOMATIONS, True, stakes.ante, blinds)
    if game == "omaha":
        return pk.PotLimitOmahaHoldem.create_state(*common, stakes.big_blind, tuple(stacks), len(stacks))
    if stakes.button_blind:  # short deck's one blind, the button's: pokerkit's last player
        blinds = (0,) * (len(stacks) - 1) + (stakes.big_blind,)
        state = pk.NoLimitShortDeckHoldem.create_state
        return state(AUTOMATIONS, True, stakes.ante, blinds, stakes.big_blind, tuple(stacks), len(stacks))
    if game == "royal-holdem":
        return pk.NoLimitRoyalHoldem.create_state(*common, stakes.big_blind, tuple(stacks), len(stacks))
    if stakes.limit == "fixed-limit":
        big = stakes.big_blind
        return pk.FixedLimitTexasHoldem.create_state(*common, big, 2 * big, tuple(stacks), len(stacks))
    return pk.NoLimitTexasHoldem.create_state(*common, stakes.big_blind, tuple(stacks), len(stacks))


def _deal(state: Any, hand: Hand, streets_dealt: list[int]) -> None:
    """Deal pokerkit the cards handrank dealt: holes, then each street's burn and board."""
    while True:
        if state.can_deal_hole():
            state.deal_hole(cards_str(hand.holes[state.hole_dealee_index]).replace(" ", ""))
        elif state.can_burn_card():
            state.burn_card(cards_str([hand.burned[streets_dealt[0]]]))
        elif state.can_deal_board():
            street = streets_dealt[0]
            start, count = (0, 3) if street == 0 else (2 + street, 1)
            state.deal_board(cards_str(hand.board[start : start + count]).replace(" ", ""))
            streets_dealt[0] += 1
        else:
            return


def _choices(hand: Hand) -> tuple[int, Optional[int], Optional[int]]:
    """What to call, and the least and most a bet or raise may go to (None: none allowed)."""
    legal = hand.legal()
    if legal.min_raise is not None:
        return legal.call or 0, legal.min_raise, legal.max_raise
    if legal.all_in is not None and legal.all_in > legal.current_bet:  # a raise short of a full one
        return legal.call or 0, legal.all_in, legal.all_in
    return legal.call or 0, None, None


def _pokerkit_choices(state: Any) -> tuple[int, Optional[int], Optional[int]]:
    if not state.can_complete_bet_or_raise_to():
        return state.checking_or_calling_amount, None, None
    low, high = state.min_completion_betting_or_raising_to_amount, state.max_completion_betting_or_raising_to_amount
    return state.checking_or_calling_amount, low, high


def _departure(hand: Hand, ours: tuple, theirs: tuple) -> str:  # type: ignore[type-arg]
    """Which known departure of pokerkit's a disagreement is, or a description if none."""
    fixed, capped = hand.limit == "fixed-limit", hand.round.raises >= limits.FIXED_LIMIT_CAP
    ours_open, theirs_open = ours[1] is not None, theirs[1] is not None
    if ours[0] != theirs[0]:
        big = hand.big_blind_seat
        if (
            hand.street == hand.game.streets[0].name
            and big is not None
            and hand.committed[big] - hand.ante < hand.big_blind
        ):
            return "calls only a short big blind"
        return f"unexplained: the call differs, {ours} against {theirs}"
    if theirs_open and not ours_open:
        if fixed and capped:
            return (
                "a fourth raise before the flop"
                if hand.street == hand.game.streets[0].name
                else f"unexplained: {ours} {theirs}"
            )
        if hand.actor in hand.round.acted_at:
            return "reopens after one short all-in"
    if ours_open and not theirs_open and fixed:
        return "caps heads-up" if capped else "half a bet is no full bet"
    if ours_open and theirs_open and fixed and hand.round.level != hand.round.full_level:
        return "completes from the all-in"
    return f"unexplained: {hand.street}, {ours} against {theirs}"


def _random_hand(
    rng: random.Random, game: str, limit: str, seats: int, seed: int, short_blind: str
) -> tuple[Hand, list]:  # type: ignore[type-arg]
    """A hand played to the end by a random policy, and its actions."""
    stakes = Stakes(1, 2, ante=rng.choice([0, 0, 1]), limit=limit)
    if game.startswith("short-deck"):  # antes and the button's blind, as the rooms deal it
        stakes = Stakes(0, 2, ante=rng.choice([1, 2]), limit=limit, button_blind=True)
    stacks = [rng.choice([1, 3, 10, 40, 200, 1000]) for _ in range(seats)]
    hand = Hand(stacks, button=seats - 1, stakes=stakes, seed=seed, short_blind=short_blind, game=game)
    actions = []
    while not hand.is_over:
        legal = hand.legal()
        choices = [a for a in legal.actions if a != "fold"]
        action = "fold" if legal.fold and rng.random() < 0.2 else rng.choice(choices)
        amount = None
        if action in ("bet", "raise"):
            assert legal.min_raise is not None and legal.max_raise is not None
            amount = rng.choice([legal.min_raise, legal.max_raise, rng.randint(legal.min_raise, legal.max_raise)])
        actions.append((action, amount))
        hand.act(action, amount)
    return hand, actions


def _report(label: str, departures: Counter[str], compared: int, odd_chips: int) -> None:
    """Every disagreement a named departure, most hands played in both; what was compared."""
    unexplained = {d: n for d, n in departures.items() if d not in KNOWN}
    assert not unexplained, unexplained
    assert compared >= HANDS // 2, f"only {compared} of {HANDS} hands could be played in both"
    print(f"\n{label}: {compared} hands compared, {odd_chips} with odd chips; {dict(departures)}")


@pytest.mark.parametrize(
    "game, limit, seats",
    [
        ("holdem", "no-limit", 2),
        ("holdem", "no-limit", 3),
        ("holdem", "no-limit", 6),
        ("holdem", "fixed-limit", 2),
        ("holdem", "fixed-limit", 3),
        ("holdem", "fixed-limit", 6),
        ("omaha", "pot-limit", 2),
        ("omaha", "pot-limit", 4),
        ("omaha", "pot-limit", 6),
        ("royal-holdem", "no-limit", 3),
        ("short-deck-straight-over-trips", "no-limit", 3),
        ("short-deck-straight-over-trips", "no-limit", 6),
    ],
)
def test_the_engine_agrees_with_pokerkit_where_both_follow_the_rules(game: str, limit: str, seats: int) -> None:
    rng = random.Random(f"{game} {limit} {seats}")
    departures: Counter[str] = Counter()
    compared = odd_chips = 0
    for seed in range(HANDS):
        short_blind = "full" if seed % 2 else "posted"  # pokerkit's way, so that more hands compare
        played, actions = _random_hand(rng, game, limit, seats, seed, short_blind)
        stakes, stacks = played.stakes, [played.starting[s] for s in range(seats)]
        hand = Hand(stacks, button=seats - 1, stakes=stakes, seed=seed, game=game, short_blind=short_blind)
        state = _pokerkit_state(game, stakes, stacks)
        dealt = [0]
        _deal(state, played, dealt)
        followed = True
        for action, amount in actions:
            ours, theirs = _choices(hand), _pokerkit_choices(state)
            if ours != theirs:
                departure = _departure(hand, ours, theirs)
                departures[departure] += 1
                if departure == "calls only a short big blind":  # the amounts part ways: no stacks to compare
                    followed = False
                    break
            seat = hand.actor
            level = hand.round.level
            hand.act(action, amount)
            if action == "all_in" and hand.bets[seat] > level and theirs[1] is None:
                followed = False  # a raise pokerkit does not allow here (counted above): the hands part ways
                break
            try:
                if action == "fold":
                    state.fold()
                elif action in ("check", "call", "all_in") and theirs[1] is None or action in ("check", "call"):
                    state.check_or_call()
                else:  # a bet, a raise, or an all-in that raises: to the same street total
                    state.complete_bet_or_raise_to(hand.bets[seat] if action == "all_in" else amount)
            except ValueError:  # pokerkit refuses what the rules allow: counted above
                followed = False
                break
            _deal(state, played, dealt)
        if not followed:
            continue
        while state.status and state.can_check_or_call() and state.checking_or_calling_amount == 0:
            state.check_or_call()  # a player handrank does not ask: the only one left who could bet
            _deal(state, played, dealt)
        assert not state.status, f"pokerkit did not finish hand {seed}: {actions}"
        result = hand.result
        assert result is not None
        theirs_stacks = list(state.stacks)
        ours_stacks = [hand.stacks[s] for s in range(seats)]
        uneven = any(len({n for _, n in pot.shares}) > 1 for pot in result.settlement.pots)
        if uneven:  # odd chips: the same pots, handed out by another rule
            odd_chips += 1
            assert sum(abs(a - b) for a, b in zip(ours_stacks, theirs_stacks)) <= 2 * len(result.settlement.pots)
        else:
            assert ours_stacks == theirs_stacks, f"hand {seed}: {actions}"
        compared += 1
    _report(f"{game} {limit} {seats} seats", departures, compared, odd_chips)


STUD_GAMES = {
    "stud": pk.FixedLimitSevenCardStud,
    "stud-hilo": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "razz": pk.FixedLimitRazz,
}


def _deal_stud(state: Any, hand: Hand, streets_dealt: list[int]) -> None:
    """Deal pokerkit the cards handrank dealt: each seat's first three, then each street's burn and
    the card of every seat still in."""
    while True:
        if state.can_burn_card():
            state.burn_card(cards_str([hand.burned[streets_dealt[0]]]))
            streets_dealt[0] += 1
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            dealt = hand.holes[seat][:3] if not streets_dealt[0] else [hand.holes[seat][2 + streets_dealt[0]]]
            state.deal_hole(cards_str(dealt).replace(" ", ""))
        else:
            return


def _stud_choices(hand: Hand) -> tuple[Optional[int], int, Optional[int], Optional[int]]:
    """The bring-in (None once it is in), what to call, the least and most a bet may go to."""
    return (hand.legal().bring_in, *_choices(hand))


def _pokerkit_stud_choices(state: Any) -> tuple[Optional[int], int, Optional[int], Optional[int]]:
    if state.can_post_bring_in():
        low = state.min_completion_betting_or_raising_to_amount if state.can_complete_bet_or_raise_to() else None
        high = state.max_completion_betting_or_raising_to_amount if low is not None else None
        return state.effective_bring_in_amount, 0, low, high
    return (None, *_pokerkit_choices(state))


def _odd_chips(pot: Any) -> bool:
    """Whether a pot does not split evenly between its winners (each half, in a hi-lo pot)."""
    if not pot.low_winners:
        return pot.amount % len(pot.winners) != 0
    low = pot.amount // 2
    return bool(pot.amount % 2 or low % len(pot.low_winners) or low % len(pot.winners))


def _compare_stacks(hand: Hand, state: Any, seed: int, departures: Counter[str]) -> int:
    """The stacks both engines end a hand with: equal, or apart only by odd chips (1 returned) or a
    named departure (counted)."""
    assert not state.status, f"pokerkit did not finish hand {seed}: {hand.log}"
    result = hand.result
    assert result is not None
    seats = len(state.stacks)
    theirs_stacks, ours_stacks = list(state.stacks), [hand.stacks[s] for s in range(seats)]
    pots = result.settlement.pots
    lowless = [p for p in pots if len(p.eligible) > 1 and not p.low_winners]
    if any(pot.low_winners for pot in pots) and lowless:
        departures["splits the low half of a pot no low qualifies for"] += 1  # see the module's docstring
        apart = {s for p in lowless for s in p.eligible} | {s for p in pots for s in p.winners + p.low_winners}
        assert all(ours_stacks[s] == theirs_stacks[s] for s in range(seats) if s not in apart)
    elif any(_odd_chips(pot) for pot in pots):  # the same pots, odd chips handed out by another rule
        assert sum(abs(a - b) for a, b in zip(ours_stacks, theirs_stacks)) <= 2 * len(pots)
        return 1
    else:
        assert ours_stacks == theirs_stacks, f"hand {seed}: {ours_stacks} {theirs_stacks} {hand.log}"
    return 0


@pytest.mark.parametrize("game", sorted(STUD_GAMES))
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_stud_games_agree_with_pokerkit(game: str, seats: int) -> None:
    """The same cards and actions: the same seat to act (the bring-in, and each street's best hand
    showing), the same choices and the same stacks, apart from the departures named above."""
    rng = random.Random(f"{game} {seats}")
    departures: Counter[str] = Counter()
    compared = odd_chips = 0
    for seed in range(HANDS):
        stakes = Stakes.stud(ante=rng.choice([0, 1]), bring_in=rng.choice([1, 2]), small_bet=4)
        stacks = [rng.choice([2, 5, 20, 60, 200]) for _ in range(seats)]
        hand = Hand(stacks, button=seats - 1, stakes=stakes, seed=seed, game=game)
        state = STUD_GAMES[game].create_state(
            AUTOMATIONS, True, stakes.ante, stakes.bring_in, 4, 8, tuple(stacks), seats
        )
        dealt, followed = [0], True
        _deal_stud(state, hand, dealt)
        while not hand.is_over:
            assert hand.actor == state.actor_index, f"hand {seed}: {hand.log}"
            ours, theirs = _stud_choices(hand), _pokerkit_stud_choices(state)
            if ours != theirs:
                departures[_departure(hand, ours[1:], theirs[1:])] += 1
            legal, seat, level = hand.legal(), hand.actor, hand.round.level
            choices = [a for a in legal.actions if a != "fold"]
            action = "fold" if legal.fold and rng.random() < 0.2 else rng.choice(choices)
            amount = None
            if action in ("bet", "raise"):
                amount = rng.choice([x for x in (legal.bring_in, legal.min_raise) if x is not None])
            hand.act(action, amount)
            raised = hand.bets[seat] > level and not (ours[0] is not None and hand.bets[seat] <= ours[0])
            try:
                if action == "fold":
                    state.fold()
                elif ours[0] is not None and not raised:
                    state.post_bring_in()
                elif raised and theirs[2] is not None:
                    state.complete_bet_or_raise_to(hand.bets[seat])
                elif raised:
                    followed = False  # a raise pokerkit does not allow here (counted above)
                    break
                else:
                    state.check_or_call()
            except ValueError:
                followed = False
                break
            _deal_stud(state, hand, dealt)
        if not followed:
            continue
        odd_chips += _compare_stacks(hand, state, seed, departures)
        compared += 1
    _report(f"{game} {seats} seats", departures, compared, odd_chips)


DRAW_GAMES = {
    "2-7-triple-draw": ("fixed-limit", pk.FixedLimitDeuceToSevenLowballTripleDraw),
    "2-7-single-draw": ("no-limit", pk.NoLimitDeuceToSevenLowballSingleDraw),
    "badugi": ("fixed-limit", pk.FixedLimitBadugi),
}


def _deal_draws(state: Any, hand: Hand, queues: dict[int, list[list[int]]], read: list[int]) -> None:
    """Deal pokerkit what handrank dealt: each seat's hand, then each draw's burn and new cards
    (pokerkit burns once every player has drawn, then deals)."""
    for event in hand.log[read[0] :]:
        if event["event"] in ("hole", "discard") and event.get("drawn", event["cards"]):
            queues.setdefault(event["seat"], []).append(cards(event.get("drawn", event["cards"])))
    read[0] = len(hand.log)
    while True:
        if state.can_burn_card():
            state.burn_card(cards_str([hand.burned[read[1]]]))
            read[1] += 1
        elif state.can_deal_hole():
            state.deal_hole(cards_str(queues[state.hole_dealee_index].pop(0)).replace(" ", ""))
        else:
            return


@pytest.mark.parametrize("game", sorted(DRAW_GAMES))
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_draw_games_agree_with_pokerkit(game: str, seats: int) -> None:
    """The same cards, draws and actions: the same seat to draw or act, the same choices and the
    same stacks, apart from the departures named above; hands whose stub was reshuffled are left
    out (pokerkit deals a short stub its own way)."""
    limit, peer = DRAW_GAMES[game]
    rng = random.Random(f"{game} {seats}")
    departures: Counter[str] = Counter()
    compared = odd_chips = 0
    for seed in range(HANDS):
        stakes = Stakes(1, 2, limit=limit)  # type: ignore[arg-type]
        stacks = [rng.choice([3, 10, 40, 200]) for _ in range(seats)]
        hand = Hand(stacks, button=seats - 1, stakes=stakes, seed=seed, game=game)
        blinds = (1, 2) + (0,) * (seats - 2)
        bets = (2, 4) if limit == "fixed-limit" else (2,)
        state = peer.create_state(AUTOMATIONS, True, 0, blinds, *bets, tuple(stacks), seats)
        queues: dict[int, list[list[int]]] = {}
        read, followed = [0, 0], True
        _deal_draws(state, hand, queues, read)
        while not hand.is_over and followed:
            legal = hand.legal()
            if legal.draw is not None:
                assert hand.actor == state.stand_patter_or_discarder_index, f"hand {seed}: {hand.log}"
                thrown = rng.sample(hand.holes[legal.seat], rng.randint(0, legal.draw))
                hand.draw(thrown)
                state.stand_pat_or_discard(cards_str(thrown).replace(" ", ""))
                followed = not any(e["event"] == "reshuffle" for e in hand.log)
            else:
                assert hand.actor == state.actor_index, f"hand {seed}: {hand.log}"
                ours, theirs = _choices(hand), _pokerkit_choices(state)
                if ours != theirs:
                    departures[_departure(hand, ours, theirs)] += 1
                action = "fold" if legal.fold and rng.random() < 0.2 else rng.choice(legal.actions)
                amount = legal.min_raise if action in ("bet", "raise") else None
                seat, level = legal.seat, hand.round.level
                hand.act(action, amount)
                raised = hand.bets[seat] > level
                try:
                    if action == "fold":
                        state.fold()
                    elif raised and theirs[1] is not None:
                        state.complete_bet_or_raise_to(hand.bets[seat])
                    elif raised:
                        followed = False  # a raise pokerkit does not allow here (counted above)
                    else:
                        state.check_or_call()
                except ValueError:
                    followed = False
            if followed:
                _deal_draws(state, hand, queues, read)
        if not followed:
            continue
        odd_chips += _compare_stacks(hand, state, seed, departures)
        compared += 1
    _report(f"{game} {seats} seats", departures, compared, odd_chips)
