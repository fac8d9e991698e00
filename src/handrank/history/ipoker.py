"""iPoker XML hand histories, read with the standard library's XML parser and turned into
PokerStars's lines for its reader.

A file holds sessions, each naming its game (``<gametype>Holdem NL €0.50/€1</gametype>``), and
their games: the players with their stacks, what each bet in all and won (both holding an uncalled
bet), and rounds of numbered actions (``type`` 1 and 2 the blinds, 15 an ante, 0 a fold, 4 a
check, 3 a call, 5 a bet, 23 a raise, 7 an all-in) and cards (``S4 C10 CJ``: suit, then rank).
Files of some years write what a raise makes the bet, others what it adds: the reader takes the
reading whose bets add up to what each player bet. Each game is parsed apart (an entity cannot be
declared inside one, so none is expanded), and a broken one is refused alone.
"""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Callable, NamedTuple, Optional, Union

from ._street import Street, money, summary
from .model import HandHistory, kept
from .pokerstars import Dialect, Unreadable, _delivered, _pieces, parse

_GAMETYPE = re.compile(r"<gametype>\s*(Holdem|Omaha) (NL|PL|FL|L)\b(?: ([^\s/<]+)/([^\s/<]+)<)?")
_GAMES = {"Holdem": "Hold'em", "Omaha": "Omaha"}
_LIMITS = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit", "L": "Limit"}
_POSTS = {1: "small blind", 2: "big blind", 15: "the ante"}
_STREETS = {"Flop": "FLOP", "Turn": "TURN", "River": "RIVER"}
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
HEADER = re.compile(r'<game\b[^>]*\bgamecode="([0-9]+)"')


def _amount(text: Optional[str], line: int) -> Decimal:
    """``€78.73``, ``$5,753.50``, ``1,500`` or ``0,50``: a comma before two last digits is a decimal one."""
    digits = re.sub(r"[^0-9.,]", "", text or "")
    if re.search(r",[0-9]{1,2}$", digits):
        digits = digits.replace(".", "").replace(",", ".")
    try:
        return Decimal(digits.replace(",", "") or "x")
    except InvalidOperation:
        raise Unreadable(line, f"not an amount: {text!r}") from None


def _cards(text: str, line: int) -> str:
    cards = []
    for card in text.split():
        suit, rank = card[:1].upper(), card[1:].upper()
        if suit not in _SUITS or rank not in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            raise Unreadable(line, f"not a card: {card!r}")
        cards.append(rank.replace("10", "T") + _SUITS[suit])
    return " ".join(cards)


def _number(text: Optional[str], line: int, what: str) -> int:
    """A round's or an action's number, which orders them, or an action's type."""
    if not (text or "").isdecimal() or not (text or "").isascii() or len(text or "") > 6:
        raise Unreadable(line, f"not {what}: {text!r}")
    return int(text or 0)


def translate(text: str, game_type: str) -> list[tuple[int, str]]:
    """One ``<game>`` element as PokerStars's lines, each with the number of its line in the text."""

    def line_of(marker: str) -> int:
        return text.count("\n", 0, max(text.find(marker), 0))

    try:
        game = ElementTree.fromstring(text)
    except ElementTree.ParseError as error:
        raise Unreadable(error.position[0] - 1, f"not XML: {error}") from None
    kind = _GAMETYPE.match(game_type)
    if kind is None:
        raise Unreadable(0, f"not a game handrank reads: {game_type[:80]!r}")
    players = game.findall("general/players/player")
    stacks = {p.get("name", ""): _amount(p.get("chips"), line_of(f'name="{p.get("name")}"')) for p in players}
    known = {c.get("player", ""): c.text or "" for c in game.iter("cards") if c.get("type") == "Pocket"}
    dealt = set(known) | {a.get("player", "") for a in game.iter("action") if a.get("type") != "8"}
    button = next((p.get("seat") for p in players if p.get("dealer") == "1"), None)
    if button is None:
        raise Unreadable(0, 'no player has the button (dealer="1")')
    stakes = f" ({kind.group(3)}/{kind.group(4)})" if kind.group(3) else ""
    rows = [(0, f"{_GAMES[kind.group(1)]} {_LIMITS[kind.group(2)]}{stakes}")]
    rows.append((0, f"Table '' Seat #{button} is the button"))
    for p in players:
        name = p.get("name", "")
        out = "" if name in dealt else " is sitting out"
        rows.append((line_of(f'name="{name}"'), f"Seat {p.get('seat')}: {name} ({stacks[name]} in chips){out}"))
    # What a raise makes the bet, or what it adds (files of some years write one, some the other):
    # the reading under which every call and check matches the bet is the file's
    readings = [_betting(game, adds, stacks, line_of) for adds in (False, True)]
    betting = next((reading for reading in readings if not reading.unmatched), None)
    if betting is None:
        at, what = readings[0].unmatched[0]
        raise Unreadable(at, f"{what}, whether a raise says what it makes the bet or what it adds")
    lines, put, folded, returned = betting.rows, betting.put, betting.folded, betting.returned
    for name, amount in put.items():
        if amount > stacks.get(name, Decimal(0)):
            raise Unreadable(0, f"{name} puts {money(amount)} in, more than the stack of {money(stacks[name])}")
    rows += lines
    end = text.count("\n")
    standing = [name for name in stacks if name in dealt and name not in folded]
    if len(standing) > 1:
        rows.append((end, "*** SHOW DOWN ***"))
        for name in standing:
            cards = known.get(name, "")
            shown = "X" not in cards and cards.strip()
            rows.append((end, f"{name}: shows [{_cards(cards, end)}]" if shown else f"{name}: mucks hand"))
    wins = {p.get("name", ""): _amount(p.get("win"), line_of(f'name="{p.get("name")}"')) for p in players}
    return rows + summary(end, put, returned, wins, winnings_hold_uncalled=None)  # some years' hold it


class _Betting(NamedTuple):
    rows: list[tuple[int, str]]
    put: dict[str, Decimal]
    folded: set[str]
    returned: dict[str, Decimal]
    unmatched: list[tuple[int, str]]  # calls and checks that do not match the bet: the line, and what


def _betting(
    game: ElementTree.Element, adds: bool, stacks: dict[str, Decimal], line_of: Callable[[str], int]
) -> _Betting:
    """The posts, deals and actions as PokerStars's lines (a raise read as what it ``adds``, or as
    what it makes the bet), what each player put in, who folded, the uncalled bets returned, and
    the calls and checks that do not match the bet under that reading."""
    rows: list[tuple[int, str]] = []
    put: dict[str, Decimal] = {}
    street = Street()
    folded: set[str] = set()
    returned: dict[str, Decimal] = {}
    unmatched: list[tuple[int, str]] = []
    for round_ in sorted(
        game.iter("round"), key=lambda r: _number(r.get("no"), line_of(f'round no="{r.get("no")}"'), "a round's number")
    ):
        number = _number(round_.get("no"), line_of(f'round no="{round_.get("no")}"'), "a round's number")
        if number == 1:
            rows.append((line_of('round no="1"'), "*** HOLE CARDS ***"))
        for cards in round_.iter("cards"):
            at = line_of(cards.text or "")
            if cards.get("type") == "Pocket" and "X" not in (cards.text or "X"):
                rows.append((at, f"Dealt to {cards.get('player')} [{_cards(cards.text or '', at)}]"))
            elif cards.get("type") in _STREETS:
                rows += [(at, line) for line in [street.settle(returned)] if line]
                rows.append((at, f"*** {_STREETS[cards.get('type', '')]} *** [{_cards(cards.text or '', at)}]"))
        for action in sorted(
            round_.iter("action"),
            key=lambda a: _number(a.get("no"), line_of(f'no="{a.get("no")}"'), "an action's number"),
        ):
            at = line_of(f'no="{action.get("no")}" player=')
            name, kind = action.get("player", ""), _number(action.get("type"), at, "an action's type")
            amount = _amount(action.get("sum"), at) if kind not in (0, 4, 8, 9) else Decimal(0)
            if kind in _POSTS:
                rows.append((at, f"{name}: posts {_POSTS[kind]} {money(amount)}"))
                if kind != 15:
                    street.post(name, amount)
            elif kind in (0, 4):
                folded.update([name] if kind == 0 else [])
                if kind == 4 and street.of(name) != street.highest:
                    unmatched.append((at, f"{name} checks facing a bet"))
                rows.append((at, f"{name}: {'folds' if kind == 0 else 'checks'}"))
            elif kind in (3, 5, 7, 23):
                before, bet = street.of(name), street.highest
                total = amount if kind == 23 and not adds else before + amount
                amount = total - before
                all_in = put.get(name, Decimal(0)) + amount == stacks.get(name)
                if kind == 3 and total != bet and not all_in:
                    unmatched.append((at, f"{name} calls to {money(total)}, not the bet of {money(bet)}"))
                if kind == 7 and not all_in:
                    unmatched.append((at, f"{name} goes all in to {money(total)} and keeps chips"))
                rows.append((at, street.wager(name, total, call=kind == 3)))
            elif kind not in (8, 9):  # 8 and 9: sitting out and back, no chips
                raise Unreadable(at, f"an action of type {kind}, which handrank does not know")
            put[name] = put.get(name, Decimal(0)) + amount
    rows += [(line_of("</game>"), line) for line in [street.settle(returned)] if line]
    return _Betting(rows, put, folded, returned, unmatched)


def games(text: str) -> Iterator[tuple[int, str, str]]:
    """Each game of a file: its line, its XML (to its ``</game>``, or to the next game where a game
    is cut off, which then fails to parse), and its session's head (the game it names, and a
    tournament's name and table)."""
    starts = [m.start() for m in HEADER.finditer(text)]
    line, counted = 1, 0
    for start, stop in zip(starts, [*starts[1:], len(text)]):
        line += text.count("\n", counted, start)
        counted = start
        end = text.find("</game>", start, stop)
        block = text[start : end + len("</game>")] if end >= 0 else text[start:stop]
        session = text.rfind("<session", 0, start)
        first = HEADER.search(text, session, start) if session >= 0 else None
        yield line, block, text[session : first.start() if first else start] if session >= 0 else ""


_TOURNAMENT = re.compile(r"<tablename>[^<]*, ([0-9]+)\s*</tablename>")
"""A tournament's table, named after it: its number after the last comma."""


def _game(block: str, session: str, source: str, line: int) -> HandHistory:
    """One game's XML read, in the game its session names; a tournament's session (one that names
    its tournament) makes it a tournament's hand, its amounts chips."""
    named = session.find("<gametype>")
    game_type = session[named : session.find("</gametype>", named) + 1] if named >= 0 else ""
    dialect = Dialect("iPoker", HEADER, translate=functools.partial(translate, game_type=game_type), tournament=None)
    history = parse(block, source, line, dialect)
    number = _TOURNAMENT.search(session) if "<tournamentname>" in session else None
    if number:
        history.fields["_tournament"] = number.group(1)
    return history


def read(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every game of an iPoker XML file, as ``iterate`` reads them."""
    return list(iterate(path, errors))


_HEADER_BYTES = re.compile(HEADER.pattern.encode("ascii"))


def iterate(path: Union[str, Path], errors: Optional[list[ValueError]] = None) -> Iterator[HandHistory]:
    """Each game of an iPoker XML file as it is read: the file a megabyte at a time, so that a file
    of any size costs the memory of a megabyte and its longest game (and of what comes before its
    first game). Each game is UTF-8 (a byte-order mark or not) or cp1252; line ends of any kind.
    With ``errors`` (a list), a game that cannot be read is left out and its error added there."""
    session = b""  # the head of the latest session: the game it names, a tournament's name and table
    for line, piece, headed in _pieces(path, _HEADER_BYTES):
        if headed:
            end = piece.find(b"</game>")
            game = _decoded(piece[: end + len(b"</game>")] if end >= 0 else piece, session, str(path), line)
            hand = _delivered(game, errors)
            if hand is not None:
                yield hand
        begun = piece.rfind(b"<session")  # a session begun before the next game, which ends the piece
        if begun >= 0:
            session = piece[begun:]


def _decoded(block: bytes, session: bytes, source: str, line: int) -> Union[HandHistory, ValueError]:
    """One game's bytes read, or why not."""
    try:
        text, head = block.decode("utf-8"), session.decode("utf-8")
    except UnicodeDecodeError:
        try:
            text, head = block.decode("cp1252"), session.decode("cp1252")
        except UnicodeDecodeError:
            return ValueError(f"{source}: line {line}: a game neither UTF-8 nor cp1252 text")
    try:
        return _game(text, head, source, line)
    except ValueError as error:
        return kept(error)


def loads(text: str, source: str = "<text>", errors: Optional[list[ValueError]] = None) -> list[HandHistory]:
    """Every game of iPoker XML text; with ``errors`` (a list), a game that cannot be read is left
    out and its error, naming ``source``, the game and the line, added there."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    hands = []
    for line, block, session in games(text):
        try:
            hands.append(_game(block, session, source, line))
        except ValueError as error:
            if errors is None:
                raise
            errors.append(error)
    return hands
