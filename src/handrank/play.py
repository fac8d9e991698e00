"""``handrank play``: hands of any game in the terminal against simple built-in opponents.

The opponents check and call. In hold'em they bet or raise with strong hands: a pair of tens
or better, or ace-king, before the flop; two pair or better after it. In the draw games they
throw away what spoils their hand: cards that pair another, cards above an eight in the low
games, the cards outside the best badugi, in five-card draw all but a pair or better (else the
two highest cards).
"""

from __future__ import annotations

import random
from typing import Callable, Optional, TextIO

from ._numbers import whole_number
from ._switch import evaluator
from .badugi import badugi_best
from .cards import MIN_CUT, cards, cards_str, rank_of
from .engine import Action, Hand, IllegalAction, Stakes
from .engine.draw import draw_for_button
from .games import ACE_TO_FIVE_TRIPLE_DRAW, BADUGI, FIVE_CARD_DRAW, HOLDEM, Game
from .ranking import HandClass, hand_class
from .seats import clockwise_after


def opponent_action(hand: Hand) -> tuple[Action, Optional[int]]:
    """A check/call player who bets half the pot, or raises, with a strong hand in hold'em; who
    brings it in when it must."""
    legal = hand.legal()
    hole = hand.holes[legal.seat]
    if legal.bring_in is not None:
        return "bet", legal.bring_in
    if hand.game is not HOLDEM:
        return ("check", None) if legal.check else ("call", None)
    if hand.board:
        strong = hand_class(evaluator.evaluate(hole + hand.board)) <= HandClass.TWO_PAIR
    else:
        ranks = sorted((rank_of(c) for c in hole), reverse=True)
        strong = ranks[0] == ranks[1] >= 8 or ranks == [12, 11]
    if strong and legal.min_raise is not None:
        return ("raise" if legal.current_bet else "bet"), hand.pot_fraction(0.5)
    if legal.check:
        return "check", None
    return "call", None


def opponent_discards(game: Game, hole: list[int]) -> list[int]:
    """The cards a built-in opponent throws away in a draw game (see the module's words)."""
    if game is BADUGI:
        keep = badugi_best(hole)
        return [c for c in hole if c not in keep]
    ranks = [rank_of(c) for c in hole]
    if game is FIVE_CARD_DRAW:
        paired = [c for c, r in zip(hole, ranks) if ranks.count(r) > 1]
        keep = paired or sorted(hole, key=rank_of)[-2:]
        return [c for c in hole if c not in keep]
    ace_low = game is ACE_TO_FIVE_TRIPLE_DRAW
    thrown, seen = [], set()
    for c, r in sorted(zip(hole, ranks), key=lambda card_rank: (card_rank[1] + ace_low) % 13):
        if (r + ace_low) % 13 > 6 + ace_low or r in seen:  # above an eight, or a pair
            thrown.append(c)
        seen.add(r)
    return thrown


_HELP = (
    "f/fold, x/k/check, c/call, b N or r N (bet or raise to N; N may be 'min', 'half' or 'pot'), "
    "min, half, pot, a/all-in (asks first), q/quit"
)
_WORDS: dict[str, Action] = {"f": "fold", "fold": "fold", "x": "check", "k": "check", "check": "check"}
_WORDS.update({"c": "call", "call": "call", "b": "bet", "bet": "bet", "r": "raise", "raise": "raise"})
_WORDS.update({word: "all_in" for word in ("a", "all-in", "allin", "all_in", "shove", "jam")})
_SIZES = {"min": None, "half": 0.5, "pot": 1.0}  # min: the least legal amount; else a share of the pot


def _parse(line: str, hand: Hand) -> tuple[Action, Optional[int]]:
    """An action and its amount from what you type: whole words or the usual shorthands."""
    words = line.lower().split()
    if not words:
        raise IllegalAction(_HELP)
    if words[0] in _SIZES and len(words) == 1:  # "pot" alone: bet or raise the pot
        words = ["b", words[0]]
    action = _WORDS.get(words[0])
    if action is None:
        raise IllegalAction(f"{words[0]!r} is no action here: {_HELP}")
    if action not in ("bet", "raise"):
        if len(words) > 1:
            raise IllegalAction(f"{words[0]} takes no amount")
        return action, None
    typed = whole_number(words[1]) if len(words) == 2 else None
    if len(words) != 2 or not (typed is not None and typed >= 0 or words[1] in _SIZES):
        raise IllegalAction(f"{words[0]} needs an amount to go to, e.g. '{words[0]} 20' or '{words[0]} pot'")
    legal = hand.legal()
    if words[1] in _SIZES:
        share = _SIZES[words[1]]
        if legal.min_raise is None:
            raise IllegalAction(f"you cannot bet or raise now: you may {', '.join(legal.actions)}")
        amount = legal.min_raise if share is None else hand.pot_fraction(share)
    else:
        assert typed is not None  # the check above
        amount = typed
    return ("raise" if legal.current_bet else "bet"), amount  # whichever word, the one the moment calls for


def _positions(hand: Hand) -> dict[int, str]:
    names = {hand.button: "BTN"}
    if hand.small_blind_seat is not None:
        names[hand.small_blind_seat] = "SB" if hand.small_blind_seat != hand.button else "BTN/SB"
    if hand.big_blind_seat is not None:
        names[hand.big_blind_seat] = "BB"
    return names


def _table_view(hand: Hand) -> str:
    """Every seat's position, stack, bet this street and (in stud) the cards it shows, you marked."""
    names = _positions(hand)
    shown = []
    for seat in hand.seats:
        tags = [t for t in ("you" if seat == 0 else "", names.get(seat, "")) if t]
        state = " folded" if seat in hand.folded else f", bet {hand.bets[seat]}" if hand.bets[seat] else ""
        up = f" showing {cards_str(hand.up[seat], pretty=True)}" if hand.up[seat] and seat not in hand.folded else ""
        shown.append(f"seat {seat}{' (' + ', '.join(tags) + ')' if tags else ''} {hand.stacks[seat]}{state}{up}")
    return " | ".join(shown)


def _opponent_turn(hand: Hand, seat: int, say: Callable[[str], None]) -> None:
    """A built-in opponent draws, or acts, and the table is told."""
    if hand.legal().draw is not None:
        thrown = opponent_discards(hand.game, hand.holes[seat])
        hand.draw(thrown)
        say(f"seat {seat} draws {len(thrown)}" if thrown else f"seat {seat} stands pat")
        return
    action, amount = opponent_action(hand)
    hand.act(action, amount)
    say(f"seat {seat} {action}{'' if amount is None else f' to {amount}'}")


def _your_draw(hand: Hand, read: Callable[[str], str], say: Callable[[str], None]) -> None:
    """Your draw: the cards you throw away, typed (Enter: stand pat); asked again until legal."""
    while True:
        line = read(f"draw> your cards {cards_str(hand.holes[0])}: which to throw away (Enter: stand pat) ")
        if line.strip().lower() in ("q", "quit"):
            raise EOFError
        try:
            hand.draw(cards(line))
            return
        except ValueError as error:  # IllegalAction too
            say(f"not allowed: {error}")


def _cut(
    dealer: int,
    at_table: list[int],
    read: Callable[[str], str],
    say: Callable[[str], None],
    rng: random.Random,
    size: int,
) -> tuple[Optional[int], Optional[int]]:
    """Where a pack of ``size`` cards is cut and by whom: offered to the dealer's right, then on to
    the right while seats decline. The opponents cut anywhere; you are asked. (None, None) when
    nobody cuts."""
    for seat in reversed(clockwise_after(dealer, [s for s in at_table if s != dealer])):
        if seat != 0:
            at = rng.randint(MIN_CUT, size - MIN_CUT)
            say(f"seat {seat} cuts {at} cards")
            return at, seat
        while True:
            answer = read(f"cut> ({MIN_CUT}-{size - MIN_CUT} cards, Enter for anywhere, n to decline) ").strip()
            if answer.lower() in ("n", "no"):
                break
            cut = whole_number(answer)
            if not answer or cut is not None and MIN_CUT <= cut <= size - MIN_CUT:
                at = cut if cut is not None else rng.randint(MIN_CUT, size - MIN_CUT)
                say(f"you cut {at} cards")
                return at, 0
            say(f"a cut leaves at least {MIN_CUT} cards in each part: {MIN_CUT} to {size - MIN_CUT}")
    return None, None


def play(
    seats: int = 3,
    stack: int = 200,
    small_blind: int = 1,
    big_blind: int = 2,
    hands: int = 1,
    seed: Optional[int] = None,
    read: Callable[[str], str] = input,
    out: Optional[TextIO] = None,
    button: Optional[int] = None,
    draw: str = "high-card",
    cut: bool = True,
    game: Game = HOLDEM,
    stakes: Optional[Stakes] = None,
) -> int:
    """Play ``hands`` hands of ``game`` as seat 0; ``read`` gives your actions (EOF or 'q' stops).
    Returns your net.

    The stakes are ``stakes``, or no-limit blinds of ``small_blind`` and ``big_blind``. The first
    button is drawn for (``draw``: "high-card" or "first-jack") unless ``button`` is given; with
    ``cut``, the pack is cut before each deal (see ``_cut``).
    """

    def say(text: str) -> None:
        print(text, file=out)

    rng = random.Random(seed)  # where the opponents cut

    def cut_for(dealer: int, at_table: list[int]) -> tuple[Optional[int], Optional[int]]:
        return _cut(dealer, at_table, read, say, rng, len(game.deck)) if cut else (None, None)

    if button is None:
        drawn = draw_for_button(range(seats), method=draw, seed=seed)
        say(f"drawing for the button: {drawn}")
        button = drawn.button
    stakes = stakes or Stakes(small_blind, big_blind)
    forced = f"blinds {stakes.small_blind}/{stakes.big_blind}"
    if not game.posts_blinds:  # stud's bring-in, or jacks or better's openers, opens the betting
        forced = (
            f"ante {stakes.ante}{f', bring-in {stakes.bring_in}' if stakes.bring_in else ''}, bets {stakes.big_blind}"
        )
    say(f"{game.title}, {stakes.limit}. You are seat 0 of {seats}, {stack} chips each, {forced}. {_HELP}")
    try:
        at, by = cut_for(button, list(range(seats)))
    except EOFError:
        say("bye")
        return 0
    hand = Hand([stack] * seats, button=button, stakes=stakes, game=game, seed=seed, cut=at, cut_by=by)
    start = hand.starting[0]
    for number in range(1, hands + 1):
        say(f"\n--- hand {number}: button seat {hand.button}; your cards {cards_str(hand.holes[0], pretty=True)}")
        say(_table_view(hand))
        redeals, announced = 0, hand.street
        while not hand.is_over:
            if hand.street != announced:  # a new street: said before anyone acts on it
                announced = hand.street
                say(f"*** {announced}: board {cards_str(hand.board, pretty=True) or '-'}, pot {hand.pot}")
            if (dealt_again := sum(e["event"] == "redeal" for e in hand.log)) > redeals:
                redeals = dealt_again
                say(f"no one opened: everyone antes again; your new cards {cards_str(hand.holes[0], pretty=True)}")
            seat = hand.actor
            assert seat is not None
            if seat != 0:
                _opponent_turn(hand, seat, say)
                continue
            legal = hand.legal()
            say(
                f"{hand.street}: board {cards_str(hand.board, pretty=True) or '-'}, pot {hand.pot}; {_table_view(hand)}"
            )
            say(f"you hold {cards_str(hand.holes[0], pretty=True)}")
            say(
                f"you may {', '.join(a.replace('_', '-') for a in legal.actions)}"
                + (f" (call {legal.call})" if legal.call else "")
                + (f" (bring it in for {legal.bring_in})" if legal.bring_in is not None else "")
                + (f" (bet/raise to {legal.min_raise}-{legal.max_raise})" if legal.min_raise is not None else "")
                + (f" (or the big bet, to {legal.big_bet})" if legal.big_bet is not None else "")
            )
            try:
                if legal.draw is not None:
                    _your_draw(hand, read, say)
                    continue
                line = read("action> ")
                if line.strip().lower() in ("q", "quit"):
                    raise EOFError
                action, amount = _parse(line, hand)
                if action == "all_in" and read(f"all-in for {legal.all_in}? (y/n) ").strip().lower() not in (
                    "y",
                    "yes",
                ):
                    say("not all-in, then")
                    continue
                hand.act(action, amount)
            except EOFError:
                say("bye")
                return hand.stacks.get(0, 0) - start
            except IllegalAction as error:
                say(f"not allowed: {error}")
        result = hand.result
        assert result is not None
        if hand.street != announced:  # streets dealt with no one left to act (after your fold, or all-in)
            say(f"*** {hand.street}")
        say(f"board {cards_str(hand.board, pretty=True)}")
        for seat, shown in result.shown.items():
            say(f"seat {seat} shows {cards_str(cards(shown.cards), pretty=True)}: {shown.description}")
        winners = sorted({w for pot in result.settlement.pots for w in pot.winners})
        say(
            f"seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} win{'' if len(winners) > 1 else 's'}; "
            f"your net {result.net.get(0, 0):+d}"
        )
        if number == hands:
            break
        try:
            at, by = cut_for(hand.next_button, sorted(s for s, chips in hand.stacks.items() if chips > 0))
            hand = hand.next_hand(seed=None if seed is None else seed + number, cut=at, cut_by=by)
        except EOFError:
            say("bye")
            return hand.stacks.get(0, 0) - start
        except ValueError as error:
            say(f"the game ends: {error}")
            break
        if 0 not in hand.seats:
            say("you are out of chips")
            break
    return hand.stacks.get(0, 0) - start if 0 in hand.stacks else -start
