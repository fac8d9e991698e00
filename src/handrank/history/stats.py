"""Player statistics from hand histories: one row per player per hand, then totals and rates.

Each hand is replayed through the engine, so the statistics read what happened, not the
record's text: ``vpip`` (chips put in preflop by choice: a call, bet or raise, not a blind; in
the stud games, on third street, the bring-in not counted), ``pfr`` (a raise preflop, or a
completion or raise on third street), ``three_bet`` out of ``three_bet_chances`` (raising the
first raise preflop), ``aggressive`` (bets and raises, every street) and ``calls`` (each also counted
on the flop, the turn and the river alone: ``aggressive_flop``, ``calls_flop``, ...), ``saw_flop``,
``showdown`` (went to showdown), ``won_showdown`` (won some of a pot there), ``won_saw_flop``
(saw the flop and won some of a pot), ``net`` (in the record's units) and ``net_all_in`` (all-in
adjusted: a pot whose board was dealt out after the last action counts each player's equity
share at that moment instead of who won it). Each of these comes with its chances:

- ``fold_to_three_bet``: the first raiser before the flop, facing a re-raise, folds at once;
- ``cbet``: the last raiser before the flop bets the flop before anyone else bets it;
  ``fold_to_cbet``: a player facing that bet, before any raise of it, folds; ``cbet_turn`` and
  ``cbet_river`` (and their folds): the player who c-bet the street before bets this one before
  anyone else bets it;
- ``steal``: the first to come in before the flop, from the cutoff, the button or the small
  blind, with every player before folded, raises; ``fold_to_steal``: a blind facing that raise
  alone (nobody has called or raised it) folds.

>>> from handrank.engine import Hand
>>> from handrank.history import from_hand
>>> hand = Hand([100, 100], button=1, small_blind=1, big_blind=2, seed=3)
>>> for action, amount in [("raise", 6), ("call", None), ("check", None), ("bet", 10), ("fold", None)]:
...     hand.act(action, amount)
>>> rows = hand_rows(from_hand(hand, players=["Ann", "Bob"]))
>>> [(r["player"], r["vpip"], r["pfr"], r["aggressive"], r["net"]) for r in rows]
[('Ann', 1, 0, 0, -6.0), ('Bob', 1, 1, 2, 6.0)]
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from ..games import HOLDEM
from ..odds import equity
from .files import iterate_any
from .model import HandHistory
from .replay import replay

COUNTS = (
    "hands",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_chances",
    "aggressive",
    "calls",
    "aggressive_flop",
    "calls_flop",
    "aggressive_turn",
    "calls_turn",
    "aggressive_river",
    "calls_river",
    "saw_flop",
    "showdown",
    "won_showdown",
    "won_saw_flop",
    "fold_to_three_bet",
    "fold_to_three_bet_chances",
    "cbet",
    "cbet_chances",
    "fold_to_cbet",
    "fold_to_cbet_chances",
    "cbet_turn",
    "cbet_turn_chances",
    "fold_to_cbet_turn",
    "fold_to_cbet_turn_chances",
    "cbet_river",
    "cbet_river_chances",
    "fold_to_cbet_river",
    "fold_to_cbet_river_chances",
    "steal",
    "steal_chances",
    "fold_to_steal",
    "fold_to_steal_chances",
)
"""The counted columns of a row, each 0 or 1 (``aggressive`` and ``calls``: how many actions)."""
AMOUNTS = ("net", "net_all_in")
ALL_IN_SEED = 0
"""The seed of the all-in equities where they are too costly to enumerate (the same on every machine)."""


def hand_rows(history: HandHistory) -> list[dict[str, Any]]:
    """One row per player of a replayable hand (``ValueError`` for one the engine cannot replay)."""
    hand = replay(history)
    result = hand.result
    assert result is not None
    seats = range(len(history.starting_stacks))
    number = history.fields.get("_hand_number")
    rows: list[dict[str, Any]] = [
        {"player": name, "hand": number, **dict.fromkeys(COUNTS, 0), "hands": 1} for name in history.players
    ]
    first = hand.game.streets[0].name  # "preflop", or a stud game's third street
    street, level, raises, folded = first, 0, 0, set()
    bring_in = hand.game.opening is not None and hand.stakes.bring_in  # a stud game's first action is forced
    board: list[str] = []
    last_action, board_at_last_action = -1, 0
    moves = _Moves(len(rows))
    for at, event in enumerate(hand.log):
        kind = event["event"]
        if kind == "big_blind":
            level = max(level, event["amount"])
        elif kind in ("board", "deal"):
            street, level = event["street"], 0
            board += event["cards"].split() if kind == "board" else []
            if street == "flop":
                for seat in seats:
                    rows[seat]["saw_flop"] = int(seat not in folded)
        elif kind == "action" and bring_in and (event.get("amount") or 0) <= hand.stakes.bring_in:
            level, bring_in = event["amount"], False  # brought in: forced, as a blind is
            last_action, board_at_last_action = at, len(board)
        elif kind == "action":
            bring_in = False
            row, action, amount = rows[event["seat"]], event["action"], event.get("amount") or 0
            raising = action in ("bet", "raise") or (action == "all_in" and amount > level)
            moves.act(
                rows, event["seat"], street, raising, action == "fold", action in ("call", "all_in") and not raising
            )
            if street == first and raises == 1:
                row["three_bet_chances"] = 1
            if raising:
                row["aggressive"] += 1
                if street in _CBETS:
                    row[f"aggressive_{street}"] += 1
                if street == first:
                    row["pfr"] = 1
                    row["three_bet"] = max(row["three_bet"], int(raises == 1))
                    raises += 1
                level = amount
            elif action == "call" or action == "all_in":
                row["calls"] += 1
                if street in _CBETS:
                    row[f"calls_{street}"] += 1
            if street == first and (raising or action in ("call", "all_in")):
                row["vpip"] = 1
            if action == "fold":
                folded.add(event["seat"])
            last_action, board_at_last_action = at, len(board)
    winners = {w for pot in result.settlement.pots for w in (*pot.winners, *pot.low_winners)}
    for seat in seats:
        rows[seat]["showdown"] = int(seat in result.shown)
        rows[seat]["won_showdown"] = int(seat in result.shown and seat in winners)
        rows[seat]["won_saw_flop"] = int(bool(rows[seat]["saw_flop"]) and seat in winners)
        rows[seat]["net"] = rows[seat]["net_all_in"] = result.net[seat] / history.scale
    ran_out = any(e["event"] == "board" for e in hand.log[last_action + 1 :])
    if ran_out and hand.game is HOLDEM and len(result.shown) >= 2:  # equity() is Hold'em's
        _adjust_for_all_in(rows, hand, board[:board_at_last_action], history.scale)
    return rows


_CBETS = {"flop": "cbet", "turn": "cbet_turn", "river": "cbet_river"}
"""Each street's c-bet column."""


class _Moves:
    """Who opened, re-raised, stole and bet the flop, as a hand's actions come: the chances and the
    folds of the module's words. Seats are in PHH's order, the button last (heads-up, the button
    is the small blind and the other seat the big blind)."""

    def __init__(self, players: int) -> None:
        self.blinds = {0, 1}  # heads-up too: p1 the big blind, p2 the button and the small blind
        button = players - 1
        self.stealers = {button, players - 2, 0} if players > 3 else {button, 0}
        if players == 2:
            self.stealers = {button}
        self.raises = 0  # before the flop
        self.entered = False  # a call or a raise before the flop
        self.opener = self.stealer = self.aggressor = -1
        self.steal_open = False  # the steal stands alone: nobody called or raised it
        self.opener_faced = False  # the opener has acted once since the re-raise
        self.street = "preflop"
        self.cbettor = self.made_cbet = -1  # who may c-bet the street, and who c-bet it
        self.street_bet = False  # a bet on the street so far
        self.cbet_open = False  # the c-bet stands: nobody raised it

    def act(self, rows: list[dict[str, Any]], seat: int, street: str, raising: bool, fold: bool, call: bool) -> None:
        row = rows[seat]
        if street == "preflop":
            if self.raises >= 2 and seat == self.opener and not self.opener_faced:
                row["fold_to_three_bet_chances"] = 1
                row["fold_to_three_bet"] = int(fold)
                self.opener_faced = True
            if self.steal_open and seat in self.blinds and seat != self.stealer:
                row["fold_to_steal_chances"] = 1
                row["fold_to_steal"] = int(fold)
            if not self.entered and seat in self.stealers:
                row["steal_chances"] = 1
                row["steal"] = int(raising)
                if raising:
                    self.stealer, self.steal_open = seat, True
            elif raising or call:
                self.steal_open = False
            if raising:
                self.raises += 1
                self.aggressor = seat
                if self.raises == 1:
                    self.opener = seat
            self.entered = self.entered or raising or call
        elif street in _CBETS:
            if street != self.street:  # the street's c-bettor: the flop's is the last raiser before it
                self.cbettor = self.aggressor if street == "flop" else self.made_cbet
                self.street, self.made_cbet, self.street_bet, self.cbet_open = street, -1, False, False
            cbet = _CBETS[street]
            if self.cbet_open and seat != self.cbettor:
                row[f"fold_to_{cbet}_chances"] = 1
                row[f"fold_to_{cbet}"] = int(fold)
            if seat == self.cbettor and not self.street_bet:
                row[f"{cbet}_chances"] = 1
                row[cbet] = int(raising)
                self.cbet_open = raising
                self.made_cbet = seat if raising else -1
            elif raising:
                self.cbet_open = False
            self.street_bet = self.street_bet or raising


def _adjust_for_all_in(rows: list[dict[str, Any]], hand: Any, board: list[str], scale: int) -> None:
    """Each pot's winnings replaced by the equity share its players had when the betting ended."""
    result = hand.result
    pots = result.settlement.pots
    if any(pot.run for pot in pots) or any(s not in result.shown for pot in pots for s in pot.eligible):
        return
    adjusted = {seat: float(rows[seat]["net"]) for seat in range(len(rows))}
    for pot in pots:
        for seat, share in pot.shares:
            adjusted[seat] -= share / scale
        if len(pot.eligible) == 1:
            adjusted[pot.eligible[0]] += pot.amount / scale
            continue
        hands = [result.shown[s].cards.replace(" ", "") for s in pot.eligible]
        shares = equity(hands, board=" ".join(board), seed=ALL_IN_SEED)
        for seat, player in zip(pot.eligible, shares.players):
            adjusted[seat] += player.equity * pot.amount / scale
    for seat, value in adjusted.items():
        rows[seat]["net_all_in"] = value


def totals(rows: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The rows summed per player, with the rates (``rates``) added."""
    summed: dict[str, dict[str, Any]] = defaultdict(lambda: dict.fromkeys((*COUNTS, *AMOUNTS), 0))
    for row in rows:
        total = summed[row["player"]]
        for name in (*COUNTS, *AMOUNTS):
            total[name] += row[name]
    return {player: {**total, **rates(total)} for player, total in sorted(summed.items())}


def rates(total: dict[str, Any]) -> dict[str, float]:
    """VPIP, PFR and 3-bet as shares, aggression as bets and raises per call (in all, and on the
    flop, the turn and the river), WTSD and WWSF of the
    flops seen, W$SD of the showdowns, and each fold, c-bet and steal of its chances (NaN where
    the count below is 0)."""

    def share(part: str, whole: str) -> float:
        return total[part] / total[whole] if total[whole] else float("nan")

    return {
        "vpip_rate": share("vpip", "hands"),
        "pfr_rate": share("pfr", "hands"),
        "three_bet_rate": share("three_bet", "three_bet_chances"),
        "aggression": share("aggressive", "calls"),
        "aggression_flop": share("aggressive_flop", "calls_flop"),
        "aggression_turn": share("aggressive_turn", "calls_turn"),
        "aggression_river": share("aggressive_river", "calls_river"),
        "wtsd": share("showdown", "saw_flop"),
        "wsd": share("won_showdown", "showdown"),
        "wwsf": share("won_saw_flop", "saw_flop"),
        "fold_to_three_bet_rate": share("fold_to_three_bet", "fold_to_three_bet_chances"),
        "cbet_rate": share("cbet", "cbet_chances"),
        "fold_to_cbet_rate": share("fold_to_cbet", "fold_to_cbet_chances"),
        "cbet_turn_rate": share("cbet_turn", "cbet_turn_chances"),
        "fold_to_cbet_turn_rate": share("fold_to_cbet_turn", "fold_to_cbet_turn_chances"),
        "cbet_river_rate": share("cbet_river", "cbet_river_chances"),
        "fold_to_cbet_river_rate": share("fold_to_cbet_river", "fold_to_cbet_river_chances"),
        "steal_rate": share("steal", "steal_chances"),
        "fold_to_steal_rate": share("fold_to_steal", "fold_to_steal_chances"),
    }


@dataclass(frozen=True)
class Winnings:
    """A player's winnings over their hands, in order, each series summed after every hand (the
    tracker's graph): ``net``, its part from hands that went to a showdown (``showdown``) and from
    the rest (``non_showdown``), and the all-in adjusted net (``all_in_adjusted``)."""

    player: str
    net: tuple[float, ...]
    showdown: tuple[float, ...]
    non_showdown: tuple[float, ...]
    all_in_adjusted: tuple[float, ...]


def winnings(rows: Iterable[dict[str, Any]], player: str) -> Winnings:
    """``player``'s ``Winnings`` over the rows (``hand_rows`` of each hand): in the order of the
    hands' numbers where every hand has a whole one (a site numbers its hands as they are dealt,
    so the tables of a session interleave as they were played), else in the rows' order."""
    own, hands = [], Counter[str]()
    for row in rows:  # one pass: the rows may come as the files are read
        hands[row["player"]] += 1
        if row["player"] == player:
            own.append(row)
    if all(isinstance(row.get("hand"), int) for row in own):
        own.sort(key=lambda row: int(row["hand"]))
    if not own:
        most = hands.most_common(5)
        named = ", ".join(f"{name} ({hands:,})" for name, hands in most) or "none"
        raise ValueError(f"no hand of {player!r} was replayed; the players with the most hands: {named}")

    def running(values: Iterable[float]) -> tuple[float, ...]:
        return tuple(accumulate(values))

    return Winnings(
        player,
        running(row["net"] for row in own),
        running(row["net"] if row["showdown"] else 0.0 for row in own),
        running(0.0 if row["showdown"] else row["net"] for row in own),
        running(row["net_all_in"] for row in own),
    )


def file_rows(path: str) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """The rows of every hand of one file, and ``(where, why)`` for each hand or file that could not be used."""
    problems: list[tuple[str, str]] = []
    return list(iterate_rows([path], problems)), problems


def iterate_rows(paths: Iterable[str], problems: list[tuple[str, str]]) -> Iterator[dict[str, Any]]:
    """The rows of every hand of the files, hand by hand as the files are read (``totals`` of them
    costs the memory of one hand, whatever the files' size); ``(where, why)`` of each hand or file
    that could not be used goes to ``problems``."""
    for path in paths:
        errors: list[ValueError] = []
        try:
            for history in iterate_any(path, errors):
                problems += [(path, str(e)) for e in errors]
                errors.clear()
                try:
                    rows = hand_rows(history)
                except ValueError as error:
                    where = history.source or path
                    problems.append((where, f"not replayable: {str(error).removeprefix(f'{where}: ')}"))
                    continue
                yield from rows
        except (OSError, ValueError) as error:  # no reader takes the file, or it cannot be read
            errors.append(ValueError(str(error)))
        problems += [(path, str(e)) for e in errors]
