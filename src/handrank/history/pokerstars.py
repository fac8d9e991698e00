"""PokerStars text hand histories (cash games and tournaments) imported into the PHH model, and
the sites that write the same layout under their own header (a ``Dialect``: GGPoker's).

What PHH has no field for goes into fields named with a leading underscore, as PHH allows:
``_dead_blinds`` and ``_posts`` (a returning player's dead and live blinds), ``_rake`` (what the
site took from the pot: rake, and the jackpot and other fees where the summary lists them),
``_runs`` (a board run more than once), ``_hand_number``, ``_ev_cashout`` (what a player received
from, or paid to, the site's insurance of an all-in: it changes no pot); ``finishing_stacks`` are
what the summary reports (start, less what each player put in, plus what came back and was
collected, and the insurance). A hand whose summary does not add up is refused; a hand a player
cashed out (PokerStars's all-in cash out, which ends the player's part in the pot) is read, with
``_cashed_out``, but the rules cannot replay what the site paid.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Union

from ._record import record
from ._tournament import BUY_IN, HEAD_LINES, LEVEL, TOURNAMENT, head_fields
from .model import HandHistory, kept

HEADER = re.compile(r"^PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #([0-9]+)", re.M)
# ASCII digits only (\d matches the digits of every script), and few enough to stay a finite float
_MONEY = r"[$€£¥]?((?:[0-9],?){1,15}(?:\.[0-9]{1,8})?)"
_GAME = re.compile(r"(Hold'em|Omaha Hi/Lo|Omaha) (No Limit|Pot Limit|Limit)")
_TABLE = re.compile(r"^Table '.*' (?:[0-9]+-max )?(?:\([^)]*\) )?Seat #([0-9]+) is the button", re.M)
_SEAT = re.compile(r"^Seat ([0-9]+): (.+?) \(" + _MONEY + r" in chips(?:, [^)]*)?\)(.*)$")
_POST = re.compile(r"^(.+?): posts (small blind|big blind|small & big blinds|the ante|missed blind) " + _MONEY)
_STRADDLE = re.compile(r"^(.+?): straddle " + _MONEY)
_STAKES = re.compile(r"\(" + _MONEY + "/" + _MONEY + r"(?: [A-Z]{3})?\)")
"""The header's stakes, ``(10/20)`` or ``($0.05/$0.10 USD)``: the table's blinds in a big-bet game."""
_BET_AND_MUCK = re.compile(r"^(.+?): Bet & Muck (?:folds|" + _MONEY + ")")  # a bet whose maker mucks if called
_ACTION = re.compile(r"^(.+?): (folds|checks|calls|bets|raises)(?: " + _MONEY + r")?(?: to " + _MONEY + r")?")
# A street's cards after those dealt before it, with a space between or not (Winamax's newer files)
_STREET = re.compile(r"^\*\*\* (FIRST |SECOND |THIRD )?(FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] ?)?\[([^\]]*)\]")
_RUN_NUMBER = {"FIRST ": 1, "SECOND ": 2, "THIRD ": 3}
_SHOWS = re.compile(r"^(.+?): (shows|mucks) \[([^\]]*)\]")
_MUCKS = re.compile(r"^(.+?): (mucks hand|doesn't show hand)")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\]")
_RETURNED = re.compile(r"^Uncalled bet \(" + _MONEY + r"\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+?) collected " + _MONEY + r" from")
_RAKE = re.compile(r"^Total pot " + _MONEY + r".*\| Rake " + _MONEY)
_FEE = re.compile(r"\| (?:Jackpot|Bingo|Fortune|Tax) " + _MONEY)  # taken from the pot beside the rake
_EV_CASHOUT = re.compile(r"^(.+?): (Pays Cashout Risk|Receives Cashout) \(" + _MONEY + r"\)")
_SHOWDOWN = re.compile(r"SHOW ?DOWN \*\*\*")
_CASH_OUT = re.compile(r"^(.+?) cashed out the hand for " + _MONEY)

_VARIANTS = {("Hold'em", "No Limit"): "NT", ("Hold'em", "Pot Limit"): "PT", ("Hold'em", "Limit"): "FT"}
_VARIANTS.update({("Omaha", "Pot Limit"): "PO", ("Omaha", "No Limit"): "NO"})
_VARIANTS.update({("Omaha Hi/Lo", "Limit"): "FO/8", ("Omaha Hi/Lo", "Pot Limit"): "PO/8"})
_VARIANTS[("Omaha Hi/Lo", "No Limit")] = "NO/8"


_VERBS = frozenset(("folds", "checks", "calls", "bets", "raises"))
_ACTS = _VERBS | {"posts", "straddle"}
"""The verbs of a player dealt in: posting, straddling or betting."""


def _speaker(row: str, names: dict[str, int]) -> Optional[tuple[str, str]]:
    """The seated player a line starts with, before ``": "`` (a name may hold one), and the rest."""
    at = row.find(": ")
    while at >= 0:
        if row[:at] in names:
            return row[:at], row[at + 2 :]
        at = row.find(": ", at + 2)
    return None


def _whole(value: float) -> Union[int, float]:
    return int(value) if value.is_integer() else value


def _amount(text: str) -> Union[int, float]:
    return _whole(float(text.replace(",", "")))


def _cards(text: str) -> str:
    """Cards as PHH writes them, rank upper case and suit lower ("ks" is written "Ks" too)."""
    joined = text.replace(" ", "").replace("10", "T")
    return "".join(joined[i].upper() + joined[i + 1 : i + 2].lower() for i in range(0, len(joined), 2))


class Unreadable(ValueError):
    """What a ``Dialect``'s translation cannot read, and the line of the hand it is on (from 0)."""

    def __init__(self, offset: int, what: str) -> None:
        super().__init__(what)
        self.offset, self.what = offset, what


@dataclass(frozen=True)
class Dialect:
    """A site that writes hands in PokerStars's layout, or in one ``translate`` turns into it: its
    name, its header (the start of a hand; group 1 the hand's number, digits or letters and digits),
    and the names it gives games that PokerStars spells otherwise (the text between the header and
    the stakes)."""

    site: str
    header: re.Pattern[str]
    games: dict[str, tuple[str, str]] = field(default_factory=dict)
    translate: Optional[Callable[[str], list[tuple[int, str]]]] = None
    """For a site whose own layout differs: its hand turned into PokerStars's lines, each with the
    number of the line it came from (counted from 0); the first line names the game only."""
    tournament: Optional[re.Pattern[str]] = TOURNAMENT
    """Where a tournament's hand says so in its first lines, group 1 the tournament's number: its
    amounts are then chips (the record's ``_tournament``), not money."""
    buy_in: Optional[re.Pattern[str]] = BUY_IN
    """A tournament's buy-in in its first lines, group 1 (the record's ``_buy_in``)."""
    level: Optional[re.Pattern[str]] = LEVEL
    """A tournament's level of blinds in its first lines, group 1 (the record's ``_level``)."""
    head_lines: int = HEAD_LINES
    """How many lines of a hand's top the three patterns above look at."""


POKERSTARS = Dialect("PokerStars", HEADER)


def split_hands(text: str, dialect: Dialect = POKERSTARS) -> list[tuple[int, str]]:
    """The hands of a file, each with the line its header is on (the line ends counted once, from
    each header to the next, so a long file costs no more a hand than a short one)."""
    starts = [m.start() for m in dialect.header.finditer(text)]
    hands, line, counted = [], 1, 0
    for a, b in zip(starts, [*starts[1:], len(text)]):
        line += text.count("\n", counted, a)
        counted = a
        hands.append((line, text[a:b].strip()))
    return hands


def parse(text: str, source: str = "<text>", line: int = 1, dialect: Dialect = POKERSTARS) -> HandHistory:
    """One PokerStars hand (or one of a ``dialect``'s) as a ``HandHistory``; anything it cannot read
    raises ``ValueError`` naming the source, the hand and the line."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    number = dialect.header.match(text)
    where = f"{source}: hand #{number.group(1) if number else '?'}"
    if dialect.translate:
        try:
            rows = dialect.translate(text)
        except Unreadable as error:
            raise ValueError(f"{where}: line {line + error.offset}: {error.what}") from None
        first = rows[0][1]
    else:
        rows = [(n, row) for n, row in enumerate(text.split("\n")) if row.strip()]  # some exports double-space
        first = rows[0][1][number.end() if number else 0 :]
    lines = [row for _, row in rows]
    joined = "\n".join(lines)

    def fail(offset: int, what: str) -> ValueError:
        return ValueError(f"{where}: line {line + rows[min(offset, len(rows) - 1)][0]}: {what}")

    named = first.split("(")[0].strip(" :")
    game = _GAME.search(first)
    played = dialect.games.get(named) or ((game.group(1), game.group(2)) if game else None)
    if played not in _VARIANTS:
        raise fail(0, f"not a game handrank reads: {lines[0][:80]!r}")
    if "Cap" in first:
        raise fail(0, "a capped game: the engine has no cap on the amount a player may lose")
    variant = _VARIANTS[played]
    # The table's blinds where the header gives them (a big-bet game; a translation writes them as
    # PokerStars does): a blind posted all in for less is still the table's blind, as PHH records
    # it; its chips are the post's. All in: the line says so, or the post is what the stack had left.
    stakes = _STAKES.search(first) if not variant.startswith("F") else None
    table_blinds = (_amount(stakes.group(1)), _amount(stakes.group(2))) if stakes else None

    def blind(amount: Union[int, float], which: int, row: str, seat: int) -> Union[int, float]:
        all_in = row.rstrip().endswith("and is all-in") or state["put"][seat] >= stacks[seat]
        return table_blinds[which] if table_blinds and amount < table_blinds[which] and all_in else amount

    for marker in ("*** HOLE CARDS ***", "*** SUMMARY ***"):
        if marker not in joined:
            raise fail(0, f"no {marker!r} line: not a hand as the {dialect.site} client writes it")
    table = _TABLE.search(joined)
    if not table:
        raise fail(1, "no table line with the button's seat")
    button = int(table.group(1))
    stacks: dict[int, Union[int, float]] = {}
    names: dict[str, int] = {}
    out: set[int] = set()
    i = 2
    while i < len(lines) and not lines[i].startswith("*** ") and not _POST.match(lines[i]):
        if seat_line := _SEAT.match(lines[i]):  # other lines here (re-buys, joins) are not seats
            number_, name = int(seat_line.group(1)), seat_line.group(2)
            if name in names:
                raise fail(i, f"two seats with the name {name!r}: whose actions are whose cannot be told")
            stacks[number_], names[name] = _amount(seat_line.group(3)), number_
            if "sitting out" in seat_line.group(4) or "out of hand" in seat_line.group(4):
                out.add(number_)
        i += 1
    if len(stacks) < 2:
        raise fail(i, "fewer than two seats")

    body = [row.strip() for row in lines[i:]]
    # Who speaks and the verb pick the one pattern a line can match (trying each costs 3x)
    summary = next((k for k, row in enumerate(body) if row.startswith("*** SUMMARY")), len(body))
    spoken = [_speaker(row, names) or ("", "") for row in body[:summary]] + [("", "")] * (len(body) - summary)
    verbs = [rest.split(" ", 1)[0] for _, rest in spoken]
    acting = {name for (name, _), verb in zip(spoken, verbs) if verb in _ACTS}
    dealt_in = [s for s in sorted(stacks) if s not in out or any(names.get(n) == s for n in acting)]
    state: dict[str, Any] = {
        "antes": {}, "blinds": {}, "dead": {}, "posts": {}, "street": {}, "put": {s: 0.0 for s in stacks},
        "actions": [], "holes": {}, "boards": [], "shown": {}, "mucked": set(), "returned": {}, "collected": {},
        "rake": 0, "runs": 1, "cuts": [], "total": None, "cashed_out": {}, "showdown": False,
        "straddles": {}, "ev_cashout": {},
        "hole_cards": 5 if "5 Card" in first else 4 if played[0].startswith("Omaha") else 2,
        "tournament": head_fields(text, dialect.tournament, dialect.buy_in, dialect.level, dialect.head_lines),
    }  # fmt: skip
    posted_small = posted_big = False
    for offset, (row, verb) in enumerate(zip(body, verbs), i):
        if not row or row.startswith("*** SUMMARY"):
            if row.startswith("*** SUMMARY"):
                rake = next((_RAKE.match(r.strip()) for r in body[offset - i :] if _RAKE.match(r.strip())), None)
                if rake is None:
                    raise fail(offset, "no 'Total pot ... | Rake ...' line in the summary")
                taken = _amount(rake.group(2)) + sum(_amount(fee) for fee in _FEE.findall(rake.string))
                state["total"], state["rake"] = _amount(rake.group(1)), _whole(round(float(taken), 8))
                put = sum(state["put"].values()) - sum(state["returned"].values())
                if abs(put - state["total"]) > 1e-6:
                    raise fail(
                        offset, f"the summary's total pot, {state['total']}, is not the {put:g} the bets add up to"
                    )
                break
            continue
        if verb == "posts" and (post := _POST.match(row)) and post.group(1) in names:
            seat, amount = names[post.group(1)], _amount(post.group(3))
            kind = post.group(2)
            state["put"][seat] += amount
            if kind == "the ante":
                state["antes"][seat] = amount
            elif kind == "small blind" and not posted_small and not posted_big:
                state["blinds"][seat], posted_small = blind(amount, 0, row, seat), True
                state["street"][seat] = amount
            elif kind == "big blind" and not posted_big:
                state["blinds"][seat], posted_big = blind(amount, 1, row, seat), True
                state["street"][seat] = amount
            elif kind == "big blind":
                state["posts"][seat] = amount
                state["street"][seat] = amount
            elif kind in ("small blind", "missed blind"):
                state["dead"][seat] = amount
            else:  # small & big: the big blind live, the rest dead
                big = max(state["blinds"].values(), default=amount)
                state["posts"][seat], state["dead"][seat] = big, round(amount - big, 8)
                state["street"][seat] = big
            continue
        if verb == "straddle" and (straddle := _STRADDLE.match(row)) and straddle.group(1) in names:
            seat, amount = names[straddle.group(1)], _amount(straddle.group(2))
            state["put"][seat] += amount
            state["straddles"][seat] = state["street"][seat] = amount
            continue
        if verb == "Bet" and (blind_bet := _BET_AND_MUCK.match(row)) and blind_bet.group(1) in names:
            seat = names[blind_bet.group(1)]
            if blind_bet.group(2) is None:  # called: the cards go in unseen at the showdown
                state["mucked"].add(seat)
                continue
            row, verb = f"{blind_bet.group(1)}: bets {blind_bet.group(2)}", "bets"
        if row.startswith("*** ") and (street := _STREET.match(row)):
            if street.group(1):
                state["runs"] = max(state["runs"], _RUN_NUMBER[street.group(1)])
            if not street.group(3).strip():
                raise fail(offset, "a street that deals no cards")
            state["boards"].append(_cards(street.group(3)))
            state["cuts"].append(len(state["actions"]))  # the board comes after the actions so far
            state["street"] = {}
            continue
        if row.startswith("Dealt to ") and (dealt := _DEALT.match(row)) and dealt.group(1) in names:
            state["holes"][names[dealt.group(1)]] = _cards(dealt.group(2))
            continue
        if verb in _VERBS and (act := _ACTION.match(row)) and act.group(1) in names:
            seat, verb = names[act.group(1)], act.group(2)
            if seat not in dealt_in:
                raise fail(offset, f"{act.group(1)} acts but is not dealt in")
            before = state["street"].get(seat, 0)
            said = act.group(4) if verb == "raises" else act.group(3)
            if verb in ("calls", "bets", "raises") and said is None:
                raise fail(offset, f"{act.group(1)} {verb} without saying how much")
            if verb == "folds":
                state["actions"].append((seat, "f"))
            elif verb in ("checks", "calls"):
                total = before + (_amount(said) if verb == "calls" else 0)
                state["actions"].append((seat, "cc"))
                state["put"][seat] += total - before
                state["street"][seat] = total
            else:
                total = _amount(said)
                state["actions"].append((seat, f"cbr {total}"))
                state["put"][seat] += total - before
                state["street"][seat] = total
            continue
        if verb in ("shows", "mucks") and (shows := _SHOWS.match(row)) and shows.group(1) in names:
            seat = names[shows.group(1)]
            if len(_cards(shows.group(3))) != 2 * state["hole_cards"]:
                state["mucked"].add(seat)  # one card shown: the hand is not tabled
            elif shows.group(2) == "shows":
                state["shown"][seat] = _cards(shows.group(3))
            else:  # mucked face up: the cards are known, the hand still gives up
                state["holes"][seat] = _cards(shows.group(3))
                state["mucked"].add(seat)
            continue
        if "SHOW" in row and _SHOWDOWN.search(row):
            state["showdown"] = True
            continue
        if verb in ("mucks", "doesn't") and (mucks := _MUCKS.match(row)) and mucks.group(1) in names:
            if state["showdown"]:  # a winner nobody called "doesn't show" before any showdown
                state["mucked"].add(names[mucks.group(1)])
            continue
        if row.startswith("Uncalled bet") and (returned := _RETURNED.match(row)):
            owner = names.get(returned.group(2).strip())
            if owner is None:
                raise fail(offset, f"a bet returned to {returned.group(2)!r}, who is not seated")
            state["returned"][owner] = state["returned"].get(owner, 0) + _amount(returned.group(1))
            continue
        if verb in ("Pays", "Receives") and (insured := _EV_CASHOUT.match(row)) and insured.group(1) in names:
            seat, amount = names[insured.group(1)], _amount(insured.group(3))
            paid = amount if insured.group(2).startswith("Receives") else -amount
            state["ev_cashout"][seat] = state["ev_cashout"].get(seat, 0) + paid
            continue
        if " cashed out " in row and (cashed := _CASH_OUT.match(row)) and cashed.group(1) in names:
            state["cashed_out"][names[cashed.group(1)]] = _amount(cashed.group(2))
            continue
        if " collected " in row and (collected := _COLLECTED.match(row)) and collected.group(1) in names:
            seat = names[collected.group(1)]
            state["collected"][seat] = state["collected"].get(seat, 0) + _amount(collected.group(2))
    return record(variant, where, button, stacks, dealt_in, names, state, number)


def read(
    path: Union[str, Path], errors: Optional[list[ValueError]] = None, dialect: Dialect = POKERSTARS
) -> list[HandHistory]:
    """Every hand of a PokerStars file, or of a ``dialect``'s, as ``iterate`` reads them."""
    return list(iterate(path, errors, dialect))


_CHUNK = 1 << 20
"""How much of a file is read at a time."""


def iterate(
    path: Union[str, Path], errors: Optional[list[ValueError]] = None, dialect: Dialect = POKERSTARS
) -> Iterator[HandHistory]:
    """Each hand of a PokerStars file, or of a ``dialect``'s, as it is read: the file a megabyte at
    a time, so that a file of any size costs the memory of a megabyte and its longest hand. Each
    hand is UTF-8 (a byte-order mark or not) or cp1252; line ends of any kind; several exports
    joined, each with its byte-order mark. With ``errors`` (a list), a hand that cannot be read is
    left out and its error added there."""
    header = re.compile(dialect.header.pattern.encode("ascii"), dialect.header.flags & ~re.UNICODE)
    for line, piece, headed in _pieces(path, header):
        if not headed:
            continue  # what comes before the first hand
        hand = _delivered(_hand(piece.strip(), str(path), line, dialect), errors)
        if hand is not None:
            yield hand


def _delivered(read: Union[HandHistory, ValueError], errors: Optional[list[ValueError]]) -> Optional[HandHistory]:
    """A hand read, or ``None`` for one that was not: its error raised, or added to ``errors``."""
    if isinstance(read, HandHistory):
        return read
    if errors is None:
        raise read
    errors.append(read)
    return None


def _pieces(path: Union[str, Path], header: re.Pattern[bytes]) -> Iterator[tuple[int, bytes, bool]]:
    """A file read a megabyte at a time and cut where ``header`` matches: each piece from a match
    to the next, and what comes before the first; with the line each starts on, and whether it
    starts at a match. Line ends of every kind become ``\n`` and byte-order marks (of exports
    joined end to end) are dropped, so that each header starts a line, where it is looked for."""
    buffer, line = b"", 1  # the text not yet cut, and the line it starts on
    with open(path, "rb") as file:
        while True:
            chunk = file.read(_CHUNK)
            if chunk.endswith(b"\r"):
                chunk += file.read(1)  # a "\r\n" stays one line end
            buffer = (buffer + chunk).replace(b"\r\n", b"\n").replace(b"\r", b"\n").replace(b"\xef\xbb\xbf", b"")
            starts = [m.start() for m in header.finditer(buffer)]
            cut = len(buffer) if not chunk else (starts[-1] if starts else 0)  # the last piece may go on
            headers = set(starts)
            points = sorted({0, *headers})
            counted = 0
            for start, end in zip(points, [*points[1:], len(buffer)]):
                if start >= cut:
                    break
                line += buffer.count(b"\n", counted, start)
                counted = start
                yield line, buffer[start:end], start in headers
            line += buffer.count(b"\n", counted, cut)
            buffer = buffer[cut:]
            if not chunk:
                return


def _hand(block: bytes, source: str, line: int, dialect: Dialect) -> Union[HandHistory, ValueError]:
    """One hand's bytes read, or why not."""
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text = block.decode("cp1252")
        except UnicodeDecodeError:
            return ValueError(f"{source}: line {line}: a hand neither UTF-8 nor cp1252 text")
    try:
        return parse(text, source, line, dialect)
    except ValueError as error:
        return kept(error)
