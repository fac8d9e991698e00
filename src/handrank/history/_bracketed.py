"""The layout PartyPoker and 888poker share, turned into PokerStars's lines for its reader.

Amounts stand in brackets (``calls [$0.30 USD]``), a raise or an all-in says what it adds, not what
it makes the bet, and neither the uncalled bet nor the pot nor the rake is written: the bets of the
hand give them. What a player wins, PartyPoker writes with the uncalled bet in it; 888poker leaves
it out, but where the winnings written are more than the pot without it (a blind nobody called, a
bet an all-in player called in part): there they hold it. A seated player who neither posts nor acts
was not dealt in, and a PartyPoker tournament hand leaves its blinds out (its header names them).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Optional

from ._street import Street, money, summary
from .pokerstars import Unreadable

_MONEY = r"\[?\s*[$€£]?\s*((?:[0-9],?)+(?:\.[0-9]+)?)\s*(?:USD|EUR|GBP|[$€£])?\s*\]?"
_GAME = re.compile(r"\b(NL|PL|FL|No Limit|Pot Limit|Fix Limit) (Texas Hold'em|Holdem|Omaha Hi-Lo|OmahaHL|Omaha)\b")
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "Fix Limit": "Limit"}
_GAMES = {"Texas Hold'em": "Hold'em", "Holdem": "Hold'em", "Omaha Hi-Lo": "Omaha Hi/Lo", "OmahaHL": "Omaha Hi/Lo"}
_SEAT = re.compile(r"^Seat ([0-9]+): (.+?) \( ?" + _MONEY + r" ?\)")
_BUTTON = re.compile(r"^Seat ([0-9]+) is the button")
_STREET = re.compile(r"^\*\* Dealing (flop|turn|river) \*\* \[([^\]]*)\]", re.I)
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
_POST = re.compile(r"^posts (small blind|big blind|ante) " + _MONEY)
_DEAD = re.compile(r"^posts (?:big blind \+ dead|dead blind) \[([^\]]*)\]")  # "[$3]", or "[$1 + $2]"
_AMOUNT = re.compile(_MONEY)
_ANTE = re.compile(r"^(.+?) posts ante " + _MONEY)
_WAGER = re.compile(r"^(calls|bets|raises|is all-In) +" + _MONEY)
_SHOWS = re.compile(r"^(shows|doesn't show|mucks) \[([^\]]*)\]")
_NOT_SHOWN = re.compile(r"^(?:did not show his hand|does not show cards)")
_WINS = re.compile(r"^(?:wins|collected) " + _MONEY)
_TOURNAMENT_BLINDS = re.compile(r"Blinds(?:-Antes)?\(\s*([0-9][0-9, ]*)/([0-9][0-9, ]*)")
_CASH_BLINDS = re.compile(r"^\s*([$€£]?[0-9][0-9,.]*)/([$€£]?[0-9][0-9,.]*) ")  # "$0.05/$0.10 USD NL ..."
_ACTS = re.compile(r"^(?:posts|folds|checks|calls|bets|raises|is all-In|shows|doesn't show|mucks|did not|does not)")


def _cards(text: str) -> str:
    return " ".join(text.replace(",", " ").split())


def translate(text: str, winnings_hold_uncalled: Optional[bool]) -> list[tuple[int, str]]:
    """One hand of the layout as PokerStars's lines, each with the number of its source line."""
    lines = text.split("\n")
    header = next((n for n, row in enumerate(lines) if "Hand History for Game" in row), None)
    if header is None or header + 1 >= len(lines):
        raise Unreadable(0, "no 'Hand History for Game' line")
    game = _GAME.search(lines[header + 1])
    if game is None:
        raise Unreadable(header + 1, f"not a game handrank reads: {lines[header + 1][:80]!r}")
    deal = next((n for n, row in enumerate(lines) if row.startswith("** Dealing down cards")), len(lines))
    # A tournament's blinds: the header's, or those of a new level the lines after it name
    levels = next((m for row in reversed(lines[:deal]) if (m := _TOURNAMENT_BLINDS.search(row))), None)
    stakes = levels or _CASH_BLINDS.match(lines[header + 1])
    blinds_text = f" ({stakes.group(1).replace(' ', '')}/{stakes.group(2).replace(' ', '')})" if stakes else ""
    named = f"{_GAMES.get(game.group(2), game.group(2))} {_LIMITS.get(game.group(1), game.group(1))}"
    rows = [(header, named + blinds_text)]
    seats = {m.group(2): (n, m) for n, row in enumerate(lines) if (m := _SEAT.match(row))}
    names = sorted(seats, key=len, reverse=True)  # the longest name first: "Ann B" before "Ann"

    def actor(row: str) -> tuple[str, str]:
        name = next((name for name in names if row.startswith(name + " ")), "")
        return name, row[len(name) + 1 :] if name else row

    winners = {name for row in lines if (name := actor(row)[0]) and _WINS.match(actor(row)[1])}
    acting = {name for row in lines if (name := actor(row)[0]) and _ACTS.match(actor(row)[1])}
    put: dict[str, Decimal] = {name: Decimal(0) for name in seats}
    street = Street()
    returned: dict[str, Decimal] = {}
    won: dict[str, Decimal] = {}
    folded: set[str] = set()
    showdown = False
    big_blind = Decimal(0)
    small_posted = False

    blinds = _unwritten_blinds(lines, deal, seats, acting, levels)
    for n, row in enumerate(lines):
        row = row.strip().lstrip("\x00")
        if n <= header or not row:
            continue
        if blinds and row.startswith("** Dealing down cards"):
            for name, kind, amount in blinds:
                street.post(name, amount)
                put[name] += amount
                rows.append((n, f"{name}: posts {kind} {money(amount)}"))
        if seat := _SEAT.match(row):
            out = "" if seat.group(2) in acting else " is sitting out"
            rows.append((n, f"Seat {seat.group(1)}: {seat.group(2)} ({seat.group(3)} in chips){out}"))
            continue
        if button := _BUTTON.match(row):
            rows.append((n, f"Table '' Seat #{button.group(1)} is the button"))
            continue
        if row.startswith("** Dealing down cards"):
            rows.append((n, "*** HOLE CARDS ***"))
            continue
        if board := _STREET.match(row):
            rows += [(n, line) for line in [street.settle(returned)] if line]
            rows.append((n, f"*** {board.group(1).upper()} *** [{_cards(board.group(2))}]"))
            continue
        if dealt := _DEALT.match(row):
            rows.append((n, f"Dealt to {dealt.group(1)} [{_cards(dealt.group(2))}]"))
            continue
        name, rest = actor(row)
        if not name:
            continue
        if post := _POST.match(rest):
            amount = _amount(post.group(2), n)
            if post.group(1) != "ante":
                street.post(name, amount)
                big_blind = max(big_blind, amount) if post.group(1) == "big blind" else big_blind
            kind = {"ante": "the ante", "small blind": "big blind" if small_posted else "small blind"}.get(
                post.group(1), post.group(1)
            )  # a small blind posted out of turn plays live, as a returning player's big blind does
            small_posted = small_posted or post.group(1) == "small blind"
            put[name] += amount
            rows.append((n, f"{name}: posts {kind} {money(amount)}"))
        elif dead := _DEAD.match(rest):  # a returning player's blinds: the big one live, the rest dead
            amount = sum((_amount(m.group(1), n) for m in _AMOUNT.finditer(dead.group(1))), Decimal(0))
            street.post(name, min(big_blind or amount, amount))
            put[name] += amount
            rows.append((n, f"{name}: posts small & big blinds {money(amount)}"))
        elif rest.startswith(("folds", "checks")):
            folded.update([name] if rest.startswith("folds") else [])
            rows.append((n, f"{name}: {rest.split()[0]}"))
        elif wager := _WAGER.match(rest):
            added = _amount(wager.group(2), n)
            put[name] += added
            rows.append((n, street.wager(name, street.of(name) + added, call=wager.group(1) == "calls")))
        elif (shown := _SHOWS.match(rest)) or _NOT_SHOWN.match(rest):
            if not showdown and len(seats) - len(folded) > 1:
                showdown = True
                rows.append((n, "*** SHOW DOWN ***"))
            # Cards mucked give the pot up, but 888poker writes a winner's cards "mucked" too
            verb = "shows" if shown and (shown.group(1) == "shows" or name in winners) else "mucks"
            rows.append((n, f"{name}: {verb} [{_cards(shown.group(2))}]" if shown else f"{name}: mucks hand"))
        elif wins := _WINS.match(rest):
            won[name] = won.get(name, Decimal(0)) + _amount(wins.group(1), n)
    end = len(lines) - 1
    rows += [(end, line) for line in [street.settle(returned)] if line]
    return rows + summary(end, put, returned, won, winnings_hold_uncalled)


def _amount(text: str, line: int) -> Decimal:
    try:
        return Decimal(text.replace(",", ""))
    except ArithmeticError:
        raise Unreadable(line, f"not an amount: {text!r}") from None


def _unwritten_blinds(
    lines: list[str],
    deal: int,
    seats: dict[str, tuple[int, re.Match[str]]],
    acting: set[str],
    stakes: Optional[re.Match[str]],
) -> list[tuple[str, str, Decimal]]:
    """The blinds of a PartyPoker tournament hand, which its file leaves out: the ``stakes`` of its
    level, posted by the two players dealt in after the button (heads-up, the button posts the
    small one), each at most what the ante left of the player's stack. ``deal`` is the line of the
    deal, where an unreadable blind is reported."""
    if stakes is None or any(re.search(r" posts (?:small|big|dead) blind", row) for row in lines):
        return []
    button = next((int(m.group(1)) for row in lines if (m := _BUTTON.match(row))), None)
    dealt = sorted((int(m.group(1)), name) for name, (_, m) in seats.items() if name in acting)
    if button is None or len(dealt) < 2:
        return []
    after = [name for seat, name in dealt if seat > button] + [name for seat, name in dealt if seat <= button]
    posters = [after[-1], after[0]] if len(after) == 2 else after[:2]
    kinds = [("small blind", stakes.group(1)), ("big blind", stakes.group(2))]
    if any(row.startswith("There is no Small Blind") for row in lines):  # the big blind only, left of the button
        posters, kinds = after[:1], kinds[1:]
    antes = {m.group(1): _amount(m.group(2), n) for n, row in enumerate(lines) if (m := _ANTE.match(row))}
    out = []
    for name, (kind, blind) in zip(posters, kinds):
        line, seat = seats[name]
        left = _amount(seat.group(3), line) - antes.get(name, Decimal(0))
        out.append((name, kind, min(_amount(blind.replace(" ", ""), deal), left)))
    return out
