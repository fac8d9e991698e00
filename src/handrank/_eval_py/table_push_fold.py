"""Push or fold at a table over a sample of deals: the seeded deals, and regret matching (CFR+)
over the game tree, every deal a pass. Step for step as ``_c/table_push_fold.pxi``, the same sums
in the same order, so that both give the same numbers."""

from __future__ import annotations

from array import array
from typing import Optional

from .._kernels.table_push_fold import CLASSES, TableGame, deal_parts, deals_args, game_args
from .._kernels.threads import threads_for
from ..cards import DECK
from .hand import rank_n
from .tables import wyrand
from .tournament import CHECK_EVERY, _harville, _weitzman

Values = list[float]
Cache = dict[tuple[float, ...], Values]


def table_deals(players: int, count: int, boards: int = 1, seed: int = 0) -> tuple[bytes, array[int]]:
    """``count`` deals of ``players`` hands and ``boards`` boards each: the card indices of a deal
    (each player's two, then each board's five) and each player's rank on each board (a deal's
    boards in turn). One deck, shuffled in part, one random number a card: a deal's hands, then
    each of its boards from the cards the hands left."""
    n, count, boards, state = deals_args(players, count, boards, seed)
    need = 2 * n + 5 * boards
    deck = list(range(52))
    cards = bytearray(count * need)
    ranks = array("H", bytes(2 * count * n * boards))
    for d in range(count):
        for b in range(-1, boards):
            first, last = (0, 2 * n) if b < 0 else (2 * n, 2 * n + 5)
            for t in range(first, last):
                state, x = wyrand(state)
                j = t + (((x & 0xFFFFFFFF) * (52 - t)) >> 32)
                deck[t], deck[j] = deck[j], deck[t]
            at = d * need + (0 if b < 0 else 2 * n + 5 * b)
            cards[at : at + last - first] = bytes(deck[first:last])
            if b >= 0:
                board = [DECK[c] for c in deck[2 * n : 2 * n + 5]]
                for i in range(n):
                    hand = [DECK[deck[2 * i]], DECK[deck[2 * i + 1]], *board]
                    ranks[(d * boards + b) * n + i] = rank_n(hand)
    return bytes(cards), ranks


def utility(g: TableGame, t: int, rank: list[int], boards: int, cache: Cache) -> Values:
    """Each seat's value at terminal t, the mean over the deal's boards (``rank``: each seat's rank,
    a board after another); with one seat in, no board matters. In chips the pots won are summed
    over the boards first; prizes are found board by board."""
    n, used = g.players, boards if g.live[t] & (g.live[t] - 1) else 1
    if not g.payouts:
        won = [0.0] * n
        for b in range(used):
            share_pieces(g, t, rank[b * n : b * n + n], won)
        return [(won[j] / used - g.paid[t * n + j]) * g.scale for j in range(n)]
    total = [0.0] * n
    for b in range(used):
        won = [0.0] * n
        share_pieces(g, t, rank[b * n : b * n + n], won)
        final = [g.stacks[j] - g.paid[t * n + j] + won[j] for j in range(n)]
        key = tuple(final)
        money = cache.get(key)
        if money is None:
            money = cache[key] = prizes(final, g.payouts, g.weitzman)
        for j in range(n):
            total[j] += money[j]
    return [x / used for x in total]


def share_pieces(g: TableGame, t: int, rank: list[int], won: Values) -> None:
    """Add to ``won`` each piece of terminal t's pot (``pot_pieces``) on one board: to the best hand
    among the seats that contest it, shared on a tie."""
    order, pieces = g.order, g.pieces
    first = last = t * g.players
    while last < first + g.players and order[last] >= 0:
        last += 1
    for i in range(first, last):
        if pieces[i] > 0.0:
            best, count = 1 << 16, 0
            for k in range(i, last):
                r = rank[order[k]]
                if r < best:
                    best, count = r, 1
                elif r == best:
                    count += 1
            share = pieces[i] / count
            for k in range(i, last):
                if rank[order[k]] == best:
                    won[order[k]] += share


def prizes(final: Values, payouts: array[float], weitzman: bool) -> Values:
    """The chip model of the stacks after a hand: seats with no chips share the bottom places."""
    playing = [j for j in range(len(final)) if final[j] > 0.0]
    chips, top = [final[j] for j in playing], list(payouts[: len(playing)])
    values = _weitzman(chips, top) if weitzman else _harville(chips, top)
    out = [0.0] * len(final)
    for j, value in zip(playing, values):
        out[j] = value
    if len(playing) < len(final):
        rest = 0.0
        for prize in payouts[len(playing) :]:
            rest += prize
        for j in range(len(final)):
            if final[j] <= 0.0:
                out[j] = rest / (len(final) - len(playing))
    return out


def walk(
    g: TableGame,
    node: int,
    me: int,
    others: float,
    hand: list[int],
    rank: list[int],
    boards: int,
    strategy: Values,
    pushed: Values,
    folded: Values,
    cache: Cache,
    seen: dict[int, Values],
) -> float:
    """Seat ``me``'s value from ``node`` on in one deal, ``others`` the chance the other seats play to
    it; at me's node, both actions are walked and their counterfactual values (value times
    ``others``) added to ``pushed`` and ``folded``. Another seat's actions are walked as it plays them."""
    if node < 0:
        if ~node not in seen:  # the deal's values at a terminal, found once for every seat
            seen[~node] = utility(g, ~node, rank, boards, cache)
        return seen[~node][me]
    i = g.actor[node]
    at = node * CLASSES + hand[i]
    s = strategy[at]
    if i == me:
        push = walk(g, g.push_child[node], me, others, hand, rank, boards, strategy, pushed, folded, cache, seen)
        fold = walk(g, g.fold_child[node], me, others, hand, rank, boards, strategy, pushed, folded, cache, seen)
        pushed[at] += others * push
        folded[at] += others * fold
        return s * push + (1.0 - s) * fold
    value = 0.0
    if s > 0.0:
        value += s * walk(
            g, g.push_child[node], me, others * s, hand, rank, boards, strategy, pushed, folded, cache, seen
        )
    if s < 1.0:
        value += (1.0 - s) * walk(
            g, g.fold_child[node], me, others * (1.0 - s), hand, rank, boards, strategy, pushed, folded, cache, seen
        )
    return value


def action_values(
    g: TableGame,
    hands: list[list[int]],
    ranks: list[list[int]],
    boards: int,
    strategy: Values,
    cache: Cache,
    starts: list[int],
) -> tuple[Values, Values]:
    """Each node and class's counterfactual value of pushing (or calling) and of folding, summed
    over the deals, each deal walked once for each seat: part by part (``starts``), each part's
    sums added in order."""
    pushed, folded = [0.0] * len(strategy), [0.0] * len(strategy)
    for part in range(len(starts) - 1):
        part_pushed, part_folded = [0.0] * len(strategy), [0.0] * len(strategy)
        for d in range(starts[part], starts[part + 1]):
            seen: dict[int, Values] = {}
            for me in range(g.players):
                walk(g, 0, me, 1.0, hands[d], ranks[d], boards, strategy, part_pushed, part_folded, cache, seen)
        for at in range(len(strategy)):
            pushed[at] += part_pushed[at]
            folded[at] += part_folded[at]
    return pushed, folded


def table_push_fold_solve(
    game: TableGame,
    cards: bytes,
    ranks: array[int],
    iterations: int = 200,
    tolerance: float = 0.0,
    threads: Optional[int] = None,
) -> tuple[list[float], list[float], int]:
    """An equilibrium of a push-or-fold game at a table over the given deals, by regret matching
    (CFR+, every seat at once, averages weighted by the iteration's square). The deals run in parts
    (``deal_parts``), each with sums of its own, added in order; ``threads`` is checked and then
    has nothing to share out here. Returns the average strategy (how often each node's seat pushes
    or calls, ``CLASSES`` a node), what each seat would gain a deal by its best response to it, and
    the iterations run (a multiple of ``CHECK_EVERY``, or ``iterations``)."""
    count, boards, iterations, tolerance, order, pieces = game_args(game, cards, ranks, iterations, tolerance)
    game = game._replace(order=order, pieces=pieces)
    threads_for(threads, 0)
    n, need, size = game.players, 2 * game.players + 5 * boards, len(game.actor) * CLASSES
    hands = [
        [game.class_of[cards[d * need + 2 * i] * 52 + cards[d * need + 2 * i + 1]] for i in range(n)]
        for d in range(count)
    ]
    rank_rows = [list(ranks[d * n * boards : (d + 1) * n * boards]) for d in range(count)]
    starts = deal_parts(count, size)
    cache: Cache = {}
    strategy, average = [0.5] * size, [0.5] * size
    push_regret, fold_regret, strategy_sum = [0.0] * size, [0.0] * size, [0.0] * size
    weight_sum, gains, done = 0.0, [0.0] * n, 0
    for t in range(1, iterations + 1):
        pushed, folded = action_values(game, hands, rank_rows, boards, strategy, cache, starts)
        weight = float(t * t)
        for at in range(size):
            s = strategy[at]
            now = s * pushed[at] + (1.0 - s) * folded[at]
            strategy_sum[at] += weight * s
            r = push_regret[at] + (pushed[at] - now)
            push_regret[at] = r if r > 0.0 else 0.0
            r = fold_regret[at] + (folded[at] - now)
            fold_regret[at] = r if r > 0.0 else 0.0
            both = push_regret[at] + fold_regret[at]
            strategy[at] = push_regret[at] / both if both > 0.0 else 0.5
        weight_sum += weight
        if t % CHECK_EVERY == 0 or t == iterations:
            done = t
            average = [x / weight_sum for x in strategy_sum]
            pushed, folded = action_values(game, hands, rank_rows, boards, average, cache, starts)
            gains, total = best_response_gains(game, average, pushed, folded, count)
            if total <= tolerance:
                break
    return average, gains, done


def best_response_gains(
    g: TableGame, strategy: Values, pushed: Values, folded: Values, count: int
) -> tuple[Values, float]:
    """What each seat would gain a deal by its best response (the better action at each of its
    nodes and classes: a seat acts once at most in a hand), and their sum."""
    gains = [0.0] * g.players
    for at in range(len(strategy)):
        i = g.actor[at // CLASSES]
        s = strategy[at]
        now = s * pushed[at] + (1.0 - s) * folded[at]
        gains[i] += (pushed[at] if pushed[at] > folded[at] else folded[at]) - now
    total = 0.0
    for i in range(g.players):
        gains[i] = gains[i] / count
        total += gains[i]
    return gains, total
