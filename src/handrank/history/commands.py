"""``handrank history``: validate, convert, replay, summarize and graph hand-history files."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Optional

from ..cards import cards_str
from . import phh, to_pokerstars
from .files import iterate_any
from .model import HandHistory
from .replay import replay

RAKE_SHARED = "the site shared the rake between winners its own way"


def check(history: HandHistory) -> str:
    """How a hand replays against its record: "equal", "not replayable: ...", or what differs."""
    try:
        hand = replay(history)
    except ValueError as error:
        return f"not replayable: {error}"
    recorded = history.fields.get("finishing_stacks")
    if recorded is None:
        return "equal (no finishing stacks to compare)"
    insured = history.fields.get("_ev_cashout") or [0] * len(history.starting_stacks)  # paid beside the pot
    played = [hand.stacks[s] / history.scale + insured[s] for s in range(len(history.starting_stacks))]
    differences = [a - b for a, b in zip(recorded, played)]
    if all(abs(d) < 1e-6 for d in differences):
        return "equal"
    if all(abs(d) < 1 for d in differences) and history.scale == 1:
        return "equal (odd chips split in halves by the record)"
    rake = history.fields.get("_rake") or 0
    if abs(sum(differences)) < 1e-6 and max(abs(d) for d in differences) <= rake + 1e-6:
        return f"equal ({RAKE_SHARED})"
    return f"differs: recorded {recorded}, replayed {played}"


def _hands(n: int) -> str:
    return f"{n:,} hand" + ("" if n == 1 else "s")


def _hands_of(paths: Sequence[str], errors: list[ValueError]) -> Iterator[HandHistory]:
    """The files' hands one at a time (``iterate_any``); a file no reader takes is reported in
    ``errors``, and the rest of the batch goes on."""
    for path in paths:
        try:
            yield from iterate_any(path, errors)
        except (OSError, ValueError) as error:
            errors.append(ValueError(str(error)))


def validate(paths: Sequence[str]) -> int:
    """Read and replay every hand; 0 when all agree with their records, 1 when some differ, 2 when
    some could not be read. The hands that cannot be replayed are counted by their reason. Each
    file is read a hand at a time: what is kept is counts, and the hands that differ."""
    worst = 0
    for path in paths:
        errors: list[ValueError] = []
        count, kinds, reasons, differing = 0, Counter[str](), Counter[str](), []
        for hand in _hands_of([path], errors):
            count += 1
            verdict = check(hand)
            kinds[verdict.split(":")[0]] += 1
            if verdict.startswith("not replayable"):
                reasons[verdict.removeprefix("not replayable: ").removeprefix(f"{hand.source}: ")] += 1
            elif verdict.startswith("differs"):
                differing.append(f"  {hand.source}: {verdict}")
        found = ", ".join(f"{n} {v}" for v, n in sorted(kinds.items()))
        print(f"{path}: {_hands(count)}" + (f": {found}" if found else ""), end="")
        print(f"; {len(errors)} not read" if errors else "")
        for error in errors[:5]:
            print(f"  {error}")
        for reason, n in reasons.most_common(5):
            print(f"  not replayable ({_hands(n)}): {reason}")
        for line in differing:
            print(line)
        worst = max(worst, 2 if errors else 1 if kinds.get("differs") else 0)
    return worst


def convert(paths: Sequence[str], output: Optional[str] = None) -> int:
    """Write the hands of ``paths`` to one ``.phhs`` (or ``.phh``, for a single hand) file, or to
    PokerStars text (``.txt``), leaving out, each with its reason, the hands it cannot say. With no
    ``output``, the ``.phhs`` text goes to standard output and what was left out to standard error.
    The hands are read and written one at a time: memory does not grow with their number."""
    errors: list[ValueError] = []
    hands = _hands_of(paths, errors)
    if output is None:
        phh.write_many(sys.stdout, hands)
        for error in errors[:5]:
            print(f"  {error}", file=sys.stderr)
        return 2 if errors else 0
    suffix = Path(output).suffix
    if suffix not in (".phh", ".phhs", ".txt"):
        raise ValueError(f"{output}: convert writes .phhs, .phh (one hand) or PokerStars text (.txt)")
    if suffix == ".txt":
        written = to_pokerstars.write(output, hands, errors)
    else:
        written = phh.write(output, hands)  # a .phh file: one hand, else a ValueError saying so
    print(f"{output}: {_hands(written)} written" + (f"; {len(errors)} not read or not written" if errors else ""))
    for error in errors[:5]:
        print(f"  {error}")
    return 2 if errors else 0


def show(paths: Sequence[str]) -> int:
    """Replay each hand and print how it ended: the board, the hands shown, who won what."""
    for path in paths:
        errors: list[ValueError] = []
        for history in _hands_of([path], errors):
            names = history.players
            try:
                hand = replay(history)
            except ValueError as error:
                print(error)  # it names the file and the hand
                continue
            assert hand.result is not None
            print(f"{history.source}: board {cards_str(hand.board) or '-'}")
            for seat, shown in hand.result.shown.items():
                print(f"  {names[seat]} shows {shown.cards}: {shown.description}")
            for seat in range(len(names)):
                net = hand.result.net[seat] / history.scale
                if net:
                    print(f"  {names[seat]} {net:+g}")
        for unread in errors:
            print(unread)
    return 0


SUMMARY_COLUMNS = (
    ("VPIP", "vpip_rate"),
    ("PFR", "pfr_rate"),
    ("3-bet", "three_bet_rate"),
    ("F3B", "fold_to_three_bet_rate"),
    ("AF", "aggression"),
    ("C-bet", "cbet_rate"),
    ("FCB", "fold_to_cbet_rate"),
    ("Steal", "steal_rate"),
    ("FSt", "fold_to_steal_rate"),
    ("WTSD", "wtsd"),
    ("W$SD", "wsd"),
    ("WWSF", "wwsf"),
)
"""The summary's rate columns: the header, and the rate (``handrank.history.stats.rates``)."""


def summary(paths: Sequence[str], as_json: bool = False) -> int:
    """Statistics per player over every replayable hand (``handrank.history.stats``), best net
    first: a table, or with ``as_json`` one JSON object of every count and rate by player."""
    from .stats import iterate_rows, totals

    problems: list[tuple[str, str]] = []
    by_net = sorted(totals(iterate_rows(paths, problems)).items(), key=lambda item: -item[1]["net"])
    if as_json:
        clean = {name: {k: (None if v != v else v) for k, v in t.items()} for name, t in by_net}  # NaN as null
        print(json.dumps({"players": clean, "left_out": [list(p) for p in problems]}))
        return 0
    print(
        f"{'player':<24}{'hands':>7}"
        + "".join(f"{h:>7}" for h, _ in SUMMARY_COLUMNS)
        + f"{'net':>14}{'all-in adj.':>14}"
    )
    for name, t in by_net:
        cells = ""
        for _, key in SUMMARY_COLUMNS:
            value = t[key]
            if value != value:  # NaN: nothing to count
                cells += f"{'-':>7}"
            else:
                cells += f"{value:>7.1f}" if key == "aggression" else f"{value:>7.0%}"
        print(f"{name:<24}{t['hands']:>7}{cells}{t['net']:>+14,.2f}{t['net_all_in']:>+14,.2f}")
    _left_out(problems)
    return 0


def graph(paths: Sequence[str], player: str, output: str) -> int:
    """A player's winnings over every replayable hand of the files, in order, drawn to ``output``
    (``pictures.save_winnings``), and the totals printed."""
    from ..pictures import save_winnings
    from .stats import iterate_rows, winnings

    problems: list[tuple[str, str]] = []
    result = winnings(iterate_rows(paths, problems), player)
    save_winnings(result, output)
    print(
        f"{player}: {_hands(len(result.net))}, net {result.net[-1]:+,.2f} (at showdowns "
        f"{result.showdown[-1]:+,.2f}, without {result.non_showdown[-1]:+,.2f}; all-in adjusted "
        f"{result.all_in_adjusted[-1]:+,.2f}): {output}"
    )
    _left_out(problems)
    return 0


def _left_out(problems: list[tuple[str, str]]) -> None:
    """The files no reader takes and the hands that do not replay, each named once; ten at most."""
    for where, why in problems[:10]:
        print(f"  left out: {why if why.startswith(where) else f'{where}: {why}'}")
    if len(problems) > 10:
        print(f"  left out: {len(problems) - 10:,} more")
