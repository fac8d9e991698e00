"""Any ``HandHistory`` (PHH, a site's text, an engine hand) written as PokerStars text, the format
the trackers import: header, table, seats, forced bets, hole cards, streets with the
"raises X to Y" arithmetic, a bet nobody called returned, the showdown, what each player collected,
and the summary with the pot, the rake and the board. Read back by ``pokerstars.parse``, the text
gives the same record.

What PokerStars text cannot say is refused with ``ValueError`` naming it: games other than
hold'em and Omaha (high and hi-lo), straddles, a site's cash-out or insurance, a blind posted only
by the first player. The hand's number is ``_hand_number`` when it is one (the digits in it when it
has letters, else 0); the date, the table's name and currency are not kept in PHH and are
written as fixed placeholders. A tournament's hand (``_tournament``, its number, which the readers
keep) is written as one: ``Tournament #N`` in the header, its amounts in chips with no currency
sign, its buy-in and level where the reader kept them (``_buy_in``, ``_level``; ``Level I`` where
no level was kept).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Optional, Union

from ._tournament import header
from .model import HandHistory
from .replay import replay

_GAMES = {
    "NT": "Hold'em No Limit",
    "PT": "Hold'em Pot Limit",
    "FT": "Hold'em Limit",
    "NO": "Omaha No Limit",
    "PO": "Omaha Pot Limit",
    "FO/8": "Omaha Hi/Lo Limit",
    "PO/8": "Omaha Hi/Lo Pot Limit",
    "NO/8": "Omaha Hi/Lo No Limit",
}
"""The PHH variant codes PokerStars text names, as its header names them."""

DATE = "1970/01/01 0:00:00 ET"
"""The date written in the header: PHH keeps none handrank reads."""

_STREETS = ("FLOP", "TURN", "RIVER")
_RUN_WORDS = ("FIRST", "SECOND", "THIRD")


def _street(board: list[str], dealt: str, k: int, action: str) -> str:
    """The street a deal makes of a board: three cards a flop, a fourth the turn, a fifth the river."""
    after = len(board) + len(_cards(dealt).split())
    if (len(board), after) not in ((0, 3), (3, 4), (4, 5)):
        raise ValueError(f"action {k}, {action!r}: a board of {len(board)} cards dealt to {after}, not a street")
    return _STREETS[after - 3]


class Scale(int):
    """How many units make 1 of a hand's amounts (an int, which the arithmetic uses), and the sign
    written before each: ``$`` for money, none for a tournament's chips."""

    sign: str

    def __new__(cls, units: int, sign: str) -> Scale:
        made = super().__new__(cls, units)
        made.sign = sign
        return made


def _money(chips: int, scale: Scale) -> str:
    """``chips`` (amounts times ``scale``) as PokerStars writes them: $2, $0.50, $1250; 1500 in a tournament."""
    if chips % scale == 0:
        return f"{scale.sign}{chips // scale}"
    return f"{scale.sign}{chips / scale:.{max(2, len(str(int(scale))) - 1)}f}"


def _cards(text: str) -> str:
    return " ".join(text[i : i + 2] for i in range(0, len(text), 2))


def _street_line(name: str, before: list[str], dealt: str) -> str:
    """``*** FLOP *** [a b c]``, ``*** TURN *** [a b c] [d]``: the board so far, then the cards dealt."""
    so_far = f"[{' '.join(before)}] " if before else ""
    return f"*** {name} *** {so_far}[{_cards(dealt)}]"


def _hand_number(history: HandHistory) -> int:
    number = history.fields.get("_hand_number")
    if isinstance(number, int):
        return number
    digits = "".join(ch for ch in str(number or "") if ch in "0123456789")
    return int(digits) if digits else 0


class _Table:
    """The chips of a hand as it is written: what each player has left, has put in, and has put
    in live (blinds, posts and bets, which calls match) in all and on this street."""

    def __init__(self, stacks: list[int]) -> None:
        n = len(stacks)
        self.left, self.put, self.live, self.street = list(stacks), [0] * n, [0] * n, [0] * n
        self.bet = 0  # the least bet to match on this street: the table's big blind, even posted short

    def new_street(self) -> None:
        self.street, self.bet = [0] * len(self.street), 0

    def current(self) -> int:
        """The bet to match on this street."""
        return max(*self.street, self.bet)

    def pay(self, i: int, chips: int, live: bool = True) -> None:
        self.left[i] -= chips
        self.put[i] += chips
        if live:
            self.live[i] += chips
            self.street[i] += chips

    def returned(self) -> tuple[int, int]:
        """The player whose bet nobody matched and the chips that come back, (-1, 0) for none."""
        order = sorted(range(len(self.live)), key=lambda i: -self.live[i])
        excess = self.live[order[0]] - self.live[order[1]]
        return (order[0], excess) if excess > 0 else (-1, 0)


def dumps(history: HandHistory) -> str:
    """One hand as PokerStars text (see the module's words for what it cannot write)."""
    game = _GAMES.get(history.variant)
    if game is None:
        raise ValueError(f"PokerStars text names no {history.variant!r} game: it writes {', '.join(_GAMES)}")
    for name in ("_cashed_out", "_ev_cashout"):
        if any(history.fields.get(name) or []):
            raise ValueError(f"{name}: PokerStars text has no line for what the site paid beside the pot")
    tournament = history.fields.get("_tournament")
    n, names = len(history.starting_stacks), history.players
    scale = Scale(history.scale, "" if tournament else "$")
    dealt = next((a.split()[3] for a in history.actions if a.startswith("d dh")), "")
    if len(dealt) == 10:
        game = "5 Card " + game  # PokerStars names five-card Omaha apart
    seats = list(history.fields.get("seats") or range(1, n + 1))
    blinds = [round(a * scale) for a in history.blinds_or_straddles or [0] * n]
    if n > 2 and any(blinds[2:]):
        raise ValueError("a straddle: PokerStars text has no straddles")
    if n > 2 and blinds[0] and not blinds[1]:
        raise ValueError("a single blind posted by the first player: PokerStars text names no such blind")
    antes = [round(a * scale) for a in history.antes or [0] * n]
    dead = [round(a * scale) for a in history.fields.get("_dead_blinds") or [0] * n]
    posts = [round(a * scale) for a in history.fields.get("_posts") or [0] * n]
    small, big = (1, 0) if n == 2 else (0, 1)  # who posts each blind: heads-up the button (p2) posts the small one
    stakes = (blinds[0], blinds[1])
    if history.variant.startswith("F"):
        stakes = (round((history.small_bet or 0) * scale), round((history.big_bet or 0) * scale))
    chips = _Table([round(a * scale) for a in history.starting_stacks])
    held = header(history.fields, game)
    lines = [
        f"PokerStars Hand #{_hand_number(history)}: {held} ({_money(stakes[0], scale)}/{_money(stakes[1], scale)})"
        f" - {DATE}",
        f"Table 'handrank' {max(*seats, n)}-max Seat #{seats[-1]} is the button",
    ]
    by_seat = sorted(range(n), key=lambda i: seats[i])  # as PokerStars lists them
    lines += [f"Seat {seats[i]}: {names[i]} ({_money(chips.left[i], scale)} in chips)" for i in by_seat]
    for i in range(n):
        if antes[i]:
            paid = min(antes[i], chips.left[i])  # a short stack posts what it has, all in
            chips.pay(i, paid, live=False)
            lines.append(f"{names[i]}: posts the ante {_money(paid, scale)}" + _all_in(chips, i))
    for i, amount, kind in ((small, blinds[0], "small blind"), (big, blinds[1], "big blind")):
        if amount:
            paid = min(amount, chips.left[i])
            chips.pay(i, paid)
            lines.append(f"{names[i]}: posts {kind} {_money(paid, scale)}" + _all_in(chips, i))
    chips.bet = blinds[1]  # a big blind posted short still sets the bet to call
    for i in range(n):
        if posts[i]:
            chips.pay(i, posts[i])
        if dead[i]:
            chips.pay(i, dead[i], live=False)
        if posts[i] and dead[i]:
            lines.append(f"{names[i]}: posts small & big blinds {_money(posts[i] + dead[i], scale)}")
        elif posts[i] or dead[i]:  # after the big blind: a big blind is a live post, a small one dead
            kind = "big blind" if posts[i] else "small blind"
            lines.append(f"{names[i]}: posts {kind} {_money(posts[i] or dead[i], scale)}")
    lines.append("*** HOLE CARDS ***")
    lines += _play(history, names, chips, scale)
    return "\n".join(lines) + "\n"


def _all_in(chips: _Table, i: int) -> str:
    return "" if chips.left[i] else " and is all-in"


def _play(history: HandHistory, names: list[str], chips: _Table, scale: Scale) -> list[str]:
    """The hole cards, the streets and the showdown, then the summary."""
    n = len(names)
    for k, action in enumerate(history.actions):  # a deal names its cards, a player's action its verb
        words = action.split()
        if len(words) < {"dh": 4, "db": 3}.get(words[1] if len(words) > 1 else "", 2):
            raise ValueError(f"action {k}, {action!r}: words are missing")
    betting = [k for k, a in enumerate(history.actions) if a.split()[0] != "d" and a.split()[1] != "sm"]
    last_bet = betting[-1] if betting else -1
    runs = int(history.fields.get("_runs") or 1)
    lines: list[str] = []
    board: list[str] = []  # the cards dealt before the betting ends: every run shares them
    run_boards: list[list[str]] = []
    late = [a.split()[2] for k, a in enumerate(history.actions) if k > last_bet and a.startswith("d db")]
    per_run = len(late) // runs if runs > 1 else 0
    if runs > len(_RUN_WORDS):
        raise ValueError(f"a board run {runs} times: the text names the first to the third run")
    if runs > 1 and (not late or len(late) % runs):
        raise ValueError(f"{runs} runs but {len(late)} boards dealt after the betting")
    shown: dict[int, str] = {}
    mucked: set[int] = set()
    returned = (-1, 0)
    dealt_late = 0  # boards dealt after the betting, when the board is run more than once
    for k, action in enumerate(history.actions):
        words = action.split()
        if words[:2] == ["d", "dh"]:
            if "?" not in words[3]:
                lines.append(f"Dealt to {names[int(words[2][1:]) - 1]} [{_cards(words[3])}]")
        elif words[:2] == ["d", "db"]:
            if per_run and k > last_bet:
                run, step = divmod(dealt_late, per_run)
                dealt_late += 1
                if step == 0:
                    run_boards.append(list(board))
                so_far = run_boards[run]
                street = _street(so_far, words[2], k, action)
                lines.append(_street_line(f"{_RUN_WORDS[run]} {street}", so_far, words[2]))
                so_far += _cards(words[2]).split()
            else:
                lines.append(_street_line(_street(board, words[2], k, action), board, words[2]))
                board += _cards(words[2]).split()
                chips.new_street()
        elif words[1] == "sm":
            i = int(words[0][1:]) - 1
            if len(words) > 2:
                shown[i] = _cards(words[2])
            else:
                mucked.add(i)
        else:
            lines.append(_act(words, names, chips, scale, k, action))
            if k == last_bet:
                returned = chips.returned()
                if returned[1]:
                    chips.left[returned[0]] += returned[1]
                    lines.append(f"Uncalled bet ({_money(returned[1], scale)}) returned to {names[returned[0]]}")
    final = history.fields.get("finishing_stacks")
    if final is None:
        played = replay(history)
        ends = [played.stacks[s] for s in range(n)]
    else:
        ends = [round(a * scale) for a in final]
    collected = [ends[i] - chips.left[i] for i in range(n)]
    if shown or mucked:
        lines.append("*** SHOW DOWN ***")
        lines += [f"{names[i]}: shows [{shown[i]}]" for i in sorted(shown)]
        lines += [f"{names[i]}: mucks hand" for i in sorted(mucked)]
    lines += [f"{names[i]} collected {_money(c, scale)} from pot" for i, c in enumerate(collected) if c > 0]
    rake = round((history.fields.get("_rake") or 0) * scale)
    total = sum(chips.put) - returned[1]
    lines += ["*** SUMMARY ***", f"Total pot {_money(total, scale)} | Rake {_money(rake, scale)}"]
    first = run_boards[0] if run_boards else board
    if first:
        lines.append(f"Board [{' '.join(first)}]")
    seats = list(history.fields.get("seats") or range(1, n + 1))
    for i in sorted(range(n), key=lambda i: seats[i]):
        if collected[i] > 0:
            what = f"collected ({_money(collected[i], scale)})"
        elif i in shown:
            what = f"showed [{shown[i]}] and lost"
        elif i in mucked:
            what = "mucked"
        else:
            what = "folded"
        lines.append(f"Seat {seats[i]}: {names[i]} {what}")
    return lines


def _act(words: list[str], names: list[str], chips: _Table, scale: Scale, k: int, action: str) -> str:
    """One betting action as PokerStars writes it, its chips paid."""
    i = int(words[0][1:]) - 1
    current = chips.current()
    if words[1] == "f":
        return f"{names[i]}: folds"
    if words[1] == "cc":
        owed = min(current - chips.street[i], chips.left[i])
        if owed <= 0:
            return f"{names[i]}: checks"
        chips.pay(i, owed)
        return f"{names[i]}: calls {_money(owed, scale)}" + _all_in(chips, i)
    if words[1] == "cbr":
        to = round(float(words[2]) * scale)
        chips.pay(i, to - chips.street[i])
        all_in = _all_in(chips, i)
        if current == 0:
            return f"{names[i]}: bets {_money(to, scale)}{all_in}"
        return f"{names[i]}: raises {_money(to - current, scale)} to {_money(to, scale)}{all_in}"
    raise ValueError(f"action {k + 1}, {action!r}: PokerStars text has no such action")


def write(path: Union[str, Path], histories: Iterable[HandHistory], errors: Optional[list[ValueError]] = None) -> int:
    """Hands written to one PokerStars text file, a blank line between them, one at a time (memory
    does not grow with their number); the hands written. With ``errors`` (a list), a hand
    PokerStars text cannot say is left out and its error added there, naming the hand; without,
    the first such hand raises."""
    written = 0
    with Path(path).open("w", encoding="utf-8") as file:
        for history in histories:
            try:
                text = dumps(history)
            except ValueError as error:
                if errors is None:
                    raise
                errors.append(ValueError(f"{history.source or 'a hand'}: not written: {error}"))
                continue
            file.write(("\n\n" if written else "") + text)
            written += 1
    return written
