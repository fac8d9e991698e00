"""Fuzz target: the PokerStars text reader, its dialects (GGPoker's, and the sites whose layout it
translates: PartyPoker's, 888poker's, Full Tilt's, Winamax's, Ignition's), the iPoker XML reader and the PHH
reader, each on a hand
with fuzzed text put in anywhere, then each hand read through the engine and written as
PokerStars text. Bad input may only raise ValueError or TypeError, a hand read either replays or
says why not, and what is written reads back."""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports():
    from _outcome import ALLOWED

    from handrank.history.commands import check
    from handrank.history.fulltilt import FULL_TILT
    from handrank.history.ggpoker import GGPOKER
    from handrank.history.ignition import IGNITION
    from handrank.history.ipoker import loads as ipoker_loads
    from handrank.history.partypoker import PARTYPOKER
    from handrank.history.phh import loads_many
    from handrank.history.poker888 import POKER888
    from handrank.history.pokerstars import POKERSTARS, parse
    from handrank.history.to_pokerstars import dumps
    from handrank.history.winamax import WINAMAX

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

# A hand of each site whose layout is translated, with the quirks the translations read
SEED_SITES = (
    (
        IGNITION,
        """Ignition Hand #8: HOLDEM Tournament #7 TBL#1, Normal- Level 7 (100/200) - 2017-07-23 21:42:38
Seat 4: Dealer (2,000 in chips)
Seat 3: Small Blind [ME] (1,000 in chips)
Seat 2: Big Blind (900 in chips)
Big Blind : Ante chip 10
Small Blind [ME] : Small blind 100
Big Blind : Big blind 200
*** HOLE CARDS ***
Small Blind  [ME] : Card dealt to a spot [Qh 8c]
Big Blind : Card dealt to a spot [Kc Ah]
Dealer : All-in(raise) 1800 to 2000
Small Blind  [ME] : Folds
Big Blind : All-in 690
Dealer : Return uncalled portion of bet 1110
*** FLOP *** [Qd Tc Jc]
*** TURN *** [Qd Tc Jc] [6d]
*** RIVER *** [Qd Tc Jc 6d] [6c]
Big Blind : Showdown [Ah Kc Qd Jc Tc] (Straight)
Dealer : Mucks
Big Blind : Hand Result-Side Pot 1890
*** SUMMARY ***
Total Pot(1890)
""",
    ),
    (
        PARTYPOKER,
        """#Game No : 5
***** Hand History for Game 5 *****
NL Texas Hold'em  Trny:7 Level:3  Blinds-Antes(25/50 -5) - Monday, July 16, 22:45:40 EDT 2012
Seat 2 is the button
Seat 2: x y ( 1,000 )
Seat 5: x ( 40 )
Seat 7: z ( 2,000 )
x y posts ante [5]
x posts ante [5]
z posts ante [5]
There is no Small Blind in this hand as the Big Blind of the previous hand left the table.
** Dealing down cards **
z calls [50]
x y raises [300]
z calls [250]
** Dealing Flop ** [ 2c, 7d, 9h ]
z checks
x y checks
** Dealing Turn ** [ Js ]
z checks
x y checks
** Dealing River ** [ 3s ]
z checks
x y checks
x y shows [ Ah, Ad ]a pair of Aces.
z doesn't show [ Kc, Kd ]a pair of Kings.
x shows [ Qc, Qd ]a pair of Queens.
x y wins 650 chips from the main pot with a pair of Aces.
""",
    ),
    (
        POKER888,
        """#Game No : 6
***** 888poker Hand History for Game 6 *****
$0.50/$1 Blinds Pot Limit OmahaHL - *** 06 01 2014 10:56:05
Seat 1 is the button
Seat 1: ann ( $100 )
Seat 2: bob ( $1,000 )
Seat 3: cy ( $50 )
bob posts small blind [$0.50]
cy posts big blind [$1]
ann posts dead blind [$0.50 + $1]
** Dealing down cards **
ann raises [$3]
bob calls [$3.50]
cy folds
** Dealing flop ** [ 4h, Kc, 3s ]
bob bets [$2]
ann folds
** Summary **
bob mucks [ 2c, 3c, 4c, 5c ]
bob collected [ $9.35 ]
""",
    ),
    (
        FULL_TILT,
        """Full Tilt Poker Game #7: Table T (6 max) - PL Omaha H/L - $0.50/$1 - 22:09:38 ET - 2014/01/05
Seat 1: Rene L ($105.30)
Seat 2: dim ($29.20), is sitting out
dim posts the small blind of $0.50
Rene L posts the big blind of $1
The button is in seat #2
*** HOLE CARDS ***
dim raises to $3
Rene L calls $2
*** FLOP 1 *** [7c 9h 8d] (Total Pot: $6, 2 Players)
Rene L bets $4
dim folds
Uncalled bet of $4 returned to Rene L
Rene L wins the high pot ($5.70)
*** SUMMARY ***
Total pot $6 | Rake $0.30
""",
    ),
    (
        WINAMAX,
        """Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (0.25€/0.50€) - 2013/11/07 10:38:07 UTC
Table: 'T 1' 5-max (real money) Seat #1 is the button
Seat 1: ann (50€)
Seat 2: bob b (40€)
Seat 3: cy (30€)
*** ANTE/BLINDS ***
bob b posts small blind 0.25€
cy posts big blind 0.50€
ann posts big blind 0.50€ out of position
*** PRE-FLOP ***
ann raises 1€ to 1.50€
bob b calls 1.25€
cy folds
*** FLOP *** [2c 7d 9h]
bob b checks
ann checks
*** TURN *** [2c 7d 9h] [Js]
bob b checks
ann checks
*** RIVER *** [2c 7d 9h Js] [3s]
bob b checks
ann checks
*** SHOW DOWN ***
ann shows [Ah Ad Kc Kd] (One pair : Aces)
bob b shows [Tc Td 4c 5c] (One pair : Tens)
ann collected 3.30€ from pot
*** SUMMARY ***
Total pot 3.30€ | Rake 0.20€
""",
    ),
)

SEED_IPOKER = """<session sessioncode="2">
  <general><gametype>Omaha PL €0.50/€1</gametype></general>
  <game gamecode="901">
    <general>
      <players>
        <player seat="1" name="ann b" chips="€100" dealer="1" win="€0" bet="€0" />
        <player seat="3" name="bob" chips="€7" dealer="0" win="€0" bet="€7" />
        <player seat="5" name="cy" chips="€80" dealer="0" win="€14" bet="€7" />
      </players>
    </general>
    <round no="0">
      <action no="1" player="bob" type="1" sum="€0.50" />
      <action no="2" player="cy" type="2" sum="€1" />
    </round>
    <round no="1">
      <cards type="Pocket" player="cy">h10 SA D2 C3</cards>
      <cards type="Pocket" player="bob">HK SK DQ CQ</cards>
      <action no="3" player="ann b" type="0" sum="€0" />
      <action no="4" player="bob" type="23" sum="€2.50" />
      <action no="5" player="cy" type="23" sum="€6" />
      <action no="6" player="bob" type="7" sum="€4" />
    </round>
    <round no="2"><cards type="Flop" player="">D8 D4 H2</cards></round>
    <round no="3"><cards type="Turn" player="">C10</cards></round>
    <round no="4"><cards type="River" player="">SJ</cards></round>
  </game>
</session>
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
    for dialect, seed in SEED_SITES:
        cut = fdp.ConsumeIntInRange(0, len(seed))
        try:
            history = parse(seed[:cut] + fdp.ConsumeUnicodeNoSurrogates(8) + seed[cut:], "fuzz", 1, dialect)
        except ALLOWED:
            continue
        assert check(history).startswith(("equal", "not replayable", "differs"))
        written(history)
    cut = fdp.ConsumeIntInRange(0, len(SEED_IPOKER))
    try:
        games = ipoker_loads(SEED_IPOKER[:cut] + fdp.ConsumeUnicodeNoSurrogates(8) + SEED_IPOKER[cut:], "fuzz", [])
    except ALLOWED:
        games = []
    for history in games:
        assert check(history).startswith(("equal", "not replayable", "differs"))
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
