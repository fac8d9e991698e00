"""Rules of the table: who wins, and who gets which chips.

``compare`` and ``winners`` decide between hands; ``settle`` splits the chips
of a finished hand into side pots, pays each to its best eligible hand, splits
ties evenly and gives odd chips one at a time to the tied winners in seat order
starting left of the button, or in stud by the highest card (docs/rules.md#splitting-pots).

>>> winners(["Kd 7h", "Qd Th", "Ah 2c"], "Jc Jd Jh Js 9c")
[2]
>>> s = settle({1: 50, 2: 100, 3: 200, 4: 200}, button=4, board="2c 7d 9h Js 3h",
...            hands={1: "Ac Ad", 2: "Kd Kh", 3: "Qc Qd", 4: "3s 4s"})
>>> [(p.amount, p.winners) for p in s.pots]
[(200, (1,)), (150, (2,)), (200, (3,))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Optional, Union

from ._holdings_order import holdings_then_board
from ._switch import evaluator
from .cards import Cards, cards, check_distinct, rank_of, suit_of
from .games import HOLDEM, Game, OddChips, as_game
from .seats import Seat, clockwise_after

Contributions = Union[Mapping[Seat, int], Sequence[int]]


def compare(a: Cards, b: Cards) -> int:
    """1 if hand ``a`` beats hand ``b``, -1 if it loses, 0 for a tie (5 to 7 cards each).

    >>> compare("As Ad Kc Qd 2h", "Ks Kd Ac Qh 2c")
    1
    """
    ra, rb = evaluator.evaluate(a), evaluator.evaluate(b)
    return (ra < rb) - (ra > rb)  # a lower rank is the better hand


def _no_duplicates(groups: Iterable[list[int]]) -> None:
    check_distinct([c for group in groups for c in group])


def winners(holdings: Sequence[Cards], board: Cards = (), game: Union[Game, str] = HOLDEM) -> list[int]:
    """Indexes of the best high hands (ties included) of ``game``: Hold'em's two hole cards each
    and 3 to 5 board cards unless another game is named (none in stud and the draw games).

    >>> from handrank.games import SHORT_DECK
    >>> hands, board = ["As Ad", "Qh 7h"], "Ah Kh 9h 9c 6d"  # aces full of nines, and a flush
    >>> winners(hands, board), winners(hands, board, game=SHORT_DECK)  # in short deck the flush wins
    ([0], [1])
    """
    holdings, board = holdings_then_board(holdings, board, "winners")
    the_game = as_game(game)
    board_cards = cards(board)
    if isinstance(holdings, str):
        raise ValueError(
            f"holdings are a list of hands, one a player, e.g. ['As Ad', 'Kh Kd']; got one string {holdings!r}"
        )
    holes = [cards(h) for h in holdings]
    if not holes:
        raise ValueError("expected at least one holding")
    for i, h in enumerate(holes):
        problem = the_game.showdown_error(len(h), len(board_cards))
        if problem:
            raise ValueError(f"holding {i}: {problem}")
    _no_duplicates([board_cards, *holes])
    ranks = [the_game.high(h, board_cards) for h in holes]
    best = min(ranks)
    return [i for i, r in enumerate(ranks) if r == best]


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, the seats that may win it, its winners and what each of them gets."""

    amount: int
    eligible: tuple[Seat, ...]
    winners: tuple[Seat, ...]  # the best high hands (the lone seat left, when uncontested)
    shares: tuple[tuple[Seat, int], ...]
    run: int = 0  # which board, for a hand run more than once
    low_winners: tuple[Seat, ...] = ()  # hi-lo: the best qualifying lows, who share half

    def to_dict(self) -> dict[str, Any]:
        """Plain lists and ints, ready for ``json.dumps``."""
        d = asdict(self)
        d["eligible"], d["winners"], d["low_winners"] = list(self.eligible), list(self.winners), list(self.low_winners)
        d["shares"] = {str(s): n for s, n in self.shares}
        return d


@dataclass(frozen=True)
class Settlement:
    """The result of ``settle``: pots smallest first, each seat's payout, and any uncalled bet returned."""

    pots: tuple[Pot, ...]
    payouts: Mapping[Seat, int]
    contributions: Mapping[Seat, int]
    returned: Optional[tuple[Seat, int]] = None
    ranks: Mapping[Seat, int] = field(default_factory=dict)
    """The rank of each hand that had to be shown (lower is better)."""
    rake: int = 0
    """Chips the house took from the pots."""

    @property
    def net(self) -> dict[Seat, int]:
        """Each seat's payout minus what it put in (they sum to minus the rake)."""
        return {s: self.payouts[s] - self.contributions[s] for s in self.contributions}

    def to_dict(self) -> dict[str, Any]:
        """Plain lists, dicts and ints, ready for ``json.dumps`` (seats become string keys)."""
        return {
            "pots": [p.to_dict() for p in self.pots],
            "payouts": {str(s): n for s, n in self.payouts.items()},
            "contributions": {str(s): n for s, n in self.contributions.items()},
            "returned": list(self.returned) if self.returned else None,
            "ranks": {str(s): r for s, r in self.ranks.items()},
            "rake": self.rake,
        }


def _amounts(contributions: Contributions) -> dict[Seat, int]:
    items = contributions.items() if isinstance(contributions, Mapping) else enumerate(contributions)
    out: dict[Seat, int] = {}
    for seat, amount in items:
        if type(seat) is not int:
            raise ValueError(f"seats are ints, got {seat!r}")
        if type(amount) is not int or amount < 0:
            raise ValueError(f"seat {seat}: a contribution must be a whole number of chips >= 0, got {amount!r}")
        out[seat] = amount
    if len(out) < 2:
        raise ValueError(f"a table needs at least 2 seats, got {len(out)}")
    return out


def _left_of(button: Seat, seats: Iterable[Seat]) -> list[Seat]:
    """``seats`` in the order chips are handed out: first seat left (clockwise) of the button first."""
    return clockwise_after(button, seats)


def settle(
    contributions: Contributions,
    *,
    button: Seat,
    folded: Iterable[Seat] = (),
    hands: Optional[Mapping[Seat, Cards]] = None,
    board: Cards = (),
    dead: Optional[Mapping[Seat, int]] = None,
    rake: Union[int, Callable[[int], int]] = 0,
    boards: Optional[Sequence[Cards]] = None,
    game: Union[Game, str] = HOLDEM,
    odd_chips: Optional[OddChips] = None,
) -> Settlement:
    """Split a finished hand's chips: side pots, winners, even splits, odd chips, uncalled bets.

    ``contributions`` maps each seat to the chips it put in this hand (a list
    means seats 0, 1, ...). ``folded`` seats win nothing, but their chips stay
    in. ``hands`` holds the hole cards of the seats that show; every seat
    contesting a pot at showdown must show. Seats are numbered clockwise.
    ``dead`` maps seats to chips they put in that count toward no call and are
    never returned (a big-blind ante, a dead small blind): they go to the first
    pot, which every seat still in may win. The settlement's contributions are
    the two together. ``rake`` chips (or a function of the pots' total, after any
    uncalled bet went back, giving them) go to the house before the pots are
    paid, from each pot in proportion (odd chips from the first pots). ``boards``, for
    a hand run more than once, splits every pot evenly between the boards (odd
    chips to the earlier runs), each part won on its own board; ``ranks`` are
    then the first board's. ``game`` is a ``Game`` or the name of one of ``games.GAMES``: Hold'em (two
    hole cards), Omaha (four to six, exactly two used) or Omaha hi-lo eight-or-better (each pot
    split between the best high and the best qualifying low). ``odd_chips`` (an ``OddChips``; the
    game's own rule when None) says which tied winner gets each chip a pot cannot divide: the first
    left of the button, or the one holding the highest card.

    >>> s = settle({0: 0, 1: 100, 2: 100}, button=0, folded=[0], dead={1: 100},
    ...            board="2c 7d 9h Js 3h", hands={1: "Ac Ad", 2: "Kd Kh"})
    >>> [(p.amount, p.winners) for p in s.pots], s.net
    ([(300, (1,))], {0: 0, 1: 100, 2: -100})
    """
    amounts = _amounts(contributions)
    rules = as_game(game)
    rule = rules.odd_chips if odd_chips is None else odd_chips
    if not isinstance(rule, OddChips):
        raise ValueError(f"odd_chips is an OddChips, e.g. OddChips.HIGHEST_CARD, got {odd_chips!r}")
    dead_chips = {s: 0 for s in amounts}
    for seat, chips in (dead or {}).items():
        if seat not in amounts:
            raise ValueError(f"dead chips for seat {seat!r}, which is not at the table")
        if type(chips) is not int or chips < 0:
            raise ValueError(f"seat {seat}: dead chips must be a whole number >= 0, got {chips!r}")
        dead_chips[seat] = chips
    if hands is not None and not isinstance(hands, Mapping):
        raise TypeError(f"hands must map seats to hole cards, e.g. {{1: 'Ah Kh'}}, got {type(hands).__name__}")
    if button not in amounts:
        raise ValueError(f"the button seat {button!r} is not at the table")
    out_of_hand = set(folded)
    unknown = sorted(out_of_hand - amounts.keys()) + sorted((hands or {}).keys() - amounts.keys())
    if unknown:
        raise ValueError(f"unknown seat: {unknown[0]!r}")
    live = [s for s in amounts if s not in out_of_hand]
    if not live:
        raise ValueError("every seat folded: someone must remain in the hand")
    if boards is not None and (cards(board) or not boards):
        raise ValueError("give one board, or the boards of a hand run more than once (one or more), not both")
    runs = [board] if boards is None else list(boards)

    # A bet nobody matched goes back to its owner.
    put_in = dict(amounts)
    top, second = sorted(put_in.values(), reverse=True)[:2]
    returned = None
    if top > second:
        owner = next(s for s, a in put_in.items() if a == top)
        put_in[owner] = second
        returned = (owner, top - second)

    slices = _slices(put_in, live, dead_chips)
    raked = rake(sum(amount for amount, _ in slices)) if callable(rake) else rake
    slices = _raked(slices, raked)
    contested = [e for _, e in slices if len(e) > 1]
    run_ranks = [_showdown_ranks(contested, hands or {}, run, rules) for run in runs]
    payouts = {s: 0 for s in amounts}
    if returned:
        payouts[returned[0]] += returned[1]
    pots = []
    for run, (highs, lows) in enumerate(run_ranks):
        for amount, eligible in slices:
            part = amount // len(runs) + (run < amount % len(runs))
            high, low = _pot_winners(eligible, highs, lows)
            order = _chip_order(rule, button, hands or {})
            shares = _split(part, high, low, order) if low else _even(part, high, order)
            for seat, chips in shares.items():
                payouts[seat] += chips
            pots.append(Pot(part, eligible, high, tuple(sorted(shares.items())), run, low))
    put_in_all = {s: amounts[s] + dead_chips[s] for s in amounts}
    return Settlement(tuple(pots), payouts, put_in_all, returned, run_ranks[0][0], raked)


def _slices(
    put_in: Mapping[Seat, int], live: list[Seat], dead: Mapping[Seat, int]
) -> list[tuple[int, tuple[Seat, ...]]]:
    """The pots: the chips sliced at every level a live seat stopped at (the all-ins), smallest first,
    folded chips above every live level in the last, dead money in the first."""
    slices: list[tuple[int, tuple[Seat, ...]]] = []
    below = 0
    for level in sorted({put_in[s] for s in live if put_in[s] > 0}):
        amount = sum(min(a, level) - min(a, below) for a in put_in.values())
        slices.append((amount, tuple(s for s in sorted(live) if put_in[s] >= level)))
        below = level
    above = sum(put_in.values()) - sum(a for a, _ in slices)
    if above and slices:
        amount, eligible = slices[-1]
        slices[-1] = (amount + above, eligible)
    elif above:  # only folded seats put chips in: the seats still in the hand contest them
        slices = [(above, tuple(sorted(live)))]
    if sum(dead.values()):  # open to every seat still in, whatever it put in (an uncalled blind went back)
        open_to = tuple(sorted(live))
        if slices and slices[0][1] == open_to:
            slices[0] = (slices[0][0] + sum(dead.values()), open_to)
        else:
            slices.insert(0, (sum(dead.values()), open_to))
    return slices


def _raked(slices: list[tuple[int, tuple[Seat, ...]]], rake: int) -> list[tuple[int, tuple[Seat, ...]]]:
    """The pots less the rake, taken from each in proportion to its size, odd chips from the first."""
    total = sum(amount for amount, _ in slices)
    if type(rake) is not int or not 0 <= rake <= total:
        raise ValueError(f"the rake must be whole chips from 0 to the pots' {total}, got {rake!r}")
    if not rake:
        return slices
    cuts = [rake * amount // total for amount, _ in slices]
    for i in range(rake - sum(cuts)):  # fewer odd chips than pots: one each from the first
        cuts[i] += 1
    return [(amount - cut, eligible) for (amount, eligible), cut in zip(slices, cuts)]


Order = Callable[[Sequence[Seat]], list[Seat]]
"""Tied winners in the order they get odd chips."""


def _chip_order(rule: OddChips, button: Seat, hands: Mapping[Seat, Cards]) -> Order:
    """The order ``rule`` hands odd chips out in: left of the button, or by the highest card held."""
    if rule is OddChips.LEFT_OF_BUTTON:
        return lambda winners: _left_of(button, winners)

    def by_highest_card(winners: Sequence[Seat]) -> list[Seat]:
        if len(winners) < 2:  # a lone winner, who may have shown nothing
            return list(winners)
        return sorted(winners, key=lambda s: max((rank_of(c), suit_of(c)) for c in cards(hands[s])), reverse=True)

    return by_highest_card


def _even(chips: int, winners: Sequence[Seat], order: Order) -> dict[Seat, int]:
    """``chips`` split evenly, odd chips one at a time to the winners in ``order``."""
    share, odd = divmod(chips, len(winners))
    return {s: share + (i < odd) for i, s in enumerate(order(winners))}


def _pot_winners(
    eligible: tuple[Seat, ...], highs: Mapping[Seat, int], lows: Mapping[Seat, Optional[int]]
) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """A pot's high winners, and its low winners (empty unless a low qualifies); a lone seat takes it."""
    if len(eligible) == 1:
        return eligible, ()
    best = min(highs[s] for s in eligible)
    qualified = [lows[s] for s in eligible if lows.get(s) is not None]
    best_low = min(qualified) if qualified else None  # type: ignore[type-var]
    return (
        tuple(s for s in eligible if highs[s] == best),
        () if best_low is None else tuple(s for s in eligible if lows.get(s) == best_low),
    )


def _showdown_ranks(
    contested: list[tuple[Seat, ...]], hands: Mapping[Seat, Cards], board: Cards, game: Game
) -> tuple[dict[Seat, int], dict[Seat, Optional[int]]]:
    """The high rank (and, in a split game, the qualifying low or None) of every seat that contests a pot."""
    needed = sorted({s for eligible in contested for s in eligible})
    shown = {s: cards(h) for s, h in hands.items()}
    board_cards = cards(board)
    _no_duplicates([board_cards, *shown.values()])
    if not needed:
        return {}, {}
    highs: dict[Seat, int] = {}
    lows: dict[Seat, Optional[int]] = {}
    for s in needed:
        if s not in shown:
            raise ValueError(f"seat {s} is in the showdown but shows no cards")
        problem = game.showdown_error(len(shown[s]), len(board_cards))
        if problem:
            raise ValueError(f"seat {s}: {problem}")
        highs[s], lows[s] = game.strength(shown[s], board_cards)
    return highs, lows


def split_hi_lo(amount: int, high: Sequence[Seat], low: Sequence[Seat], button: Seat) -> dict[Seat, int]:
    """Split a hi-lo pot: half to the high winners, half to the qualifying low winners.

    With no qualifying low (``low`` empty) the high hands take it all. An odd
    chip between the halves goes to the high; within a half, odd chips go one
    at a time to its winners in seat order starting left of the button.

    >>> split_hi_lo(101, high=[2], low=[0, 3], button=0)
    {2: 51, 3: 25, 0: 25}
    """
    if type(amount) is not int or amount < 0:
        raise ValueError(f"a pot must be a whole number of chips >= 0, got {amount!r}")
    if not high:
        raise ValueError("a hi-lo pot needs at least one high winner")
    return _split(amount, high, low, lambda winners: _left_of(button, winners))


def _split(amount: int, high: Sequence[Seat], low: Sequence[Seat], order: Order) -> dict[Seat, int]:
    """A hi-lo pot's halves, the odd chip between them to the high, each half's odd chips in ``order``."""
    halves = [(high, amount - amount // 2), (low, amount // 2)] if low else [(high, amount)]
    shares: dict[Seat, int] = {}
    for winners, chips in halves:
        for seat, won in _even(chips, winners, order).items():
            shares[seat] = shares.get(seat, 0) + won
    return shares
