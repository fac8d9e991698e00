"""Fuzz target: the PokerStars text reader and its GGPoker dialect, and the PHH reader, each on a
hand with fuzzed text put in anywhere, then each hand read through the engine and written as
PokerStars text. Bad input may only raise ValueError or TypeError, a hand read either replays or
says why not, and what is written reads back."""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import ALLOWED

    from handrank.history.commands import check
    from handrank.history.ggpoker import GGPOKER
    from handrank.history.phh import loads_many
    from handrank.history.pokerstars import POKERSTARS, parse
    from handrank.history.to_pokerstars import dumps

SEED_HAND = """Poker Hand #HD7: Hold'em No Limit  ($0.5/$1) - 2024/01/02 10:00:00
Table 'T' 6-max Seat #3 is the button
Seat 1: a ($50 in chips)
Seat 2: b ($40.5 in chips)
Seat 3: c ($30 in chips)
a: posts small blind $0.5
b: posts big blind $1
*** HOLE CARDS ***
Dealt to a [ks 2d]
c: raises $2 to $3
a: calls $2.5
b: straddle $2
b: Bet & Muck $1
b: folds
*** FLOP *** [Th Jh 7d]
a: checks
c: bets $4
a: calls $4
*** FIRST TURN *** [Th Jh 7d] [Ac]
*** SECOND TURN *** [Th Jh 7d] [2c]
*** THIRD RIVER *** [Th Jh 7d 2c] [3c]
c: Pays Cashout Risk ($1)
a: shows [Ks 2d] (Pair)
*** SHOWDOWN ***
c collected $15 from pot
*** SUMMARY ***
Total pot $15.5 | Rake $0.4 | Jackpot $0.1 | Bingo $0
Board [Th Jh 7d Ac 3c]
"""


SEED_PHH = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100.5]
actions = ["d dh p1 AsAd", "d dh p2 7c2d", "d dh p3 ????", "p3 cbr 6", "p1 cc", "p2 f",
           "d db 2s3h9c", "p1 cc", "p3 cc", "d db Td", "p1 cc", "p3 cc", "d db 4c",
           "p1 cc", "p3 cc", "p1 sm AsAd", "p3 sm KhKd"]
players = ["a", "b", "c"]
_rake = 0.5
"""


def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    cut = fdp.ConsumeIntInRange(0, len(SEED_HAND))
    text = SEED_HAND[:cut] + fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 80)) + SEED_HAND[cut:]
    for dialect in (POKERSTARS, GGPOKER):
        try:
            history = parse(text.replace("Poker Hand", "PokerStars Hand", dialect is POKERSTARS), "fuzz", 1, dialect)
        except ALLOWED:
            continue
        verdict = check(history)
        assert verdict.startswith(("equal", "not replayable", "differs")), verdict
        written(history)
    cut = fdp.ConsumeIntInRange(0, len(SEED_PHH))
    toml = SEED_PHH[:cut] + fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40)) + SEED_PHH[cut:]
    errors: list[ValueError] = []
    try:
        hands = loads_many(toml, "fuzz", errors)
    except ALLOWED:
        return
    for history in hands:
        assert check(history).startswith(("equal", "not replayable", "differs"))
        written(history)


def written(history: object) -> None:
    """A record written as PokerStars text, or refused with ValueError; what is written reads back."""
    try:
        text = dumps(history)  # type: ignore[arg-type]
    except ALLOWED:
        return
    parse(text, "written", 1, POKERSTARS)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
