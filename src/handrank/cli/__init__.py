"""The ``handrank`` command line (also ``python -m handrank``). Each command's ``--help`` gives
its examples from this list:

    handrank eval As Ks Qs Js Ts --json
    handrank eval --game omaha As Ks 2d 3d Qs Js Ts
    handrank eval --game 2-7 7s 5h 4d 3c 2s
    handrank eval As Ad Ac Ah Jk
    handrank eval --wild 2 Kh Qh Jh 2c 9s
    handrank crosscheck treys --cards 7 --sample 100000 --seed 1
    handrank crosscheck mymodule:rank --better higher --card-form str --exhaustive
    handrank table --cards 5 --format csv -o hands.csv
    handrank stats --cards 7
    handrank showdown --board "As Kd 7c 2h 3s" --hands "Ah Kh" "Qs Qd"
    handrank equity AhKh "QQ+, AKs" --board "2c 7d 9h"
    handrank equity "As Ks Qs Js" "Ah Ad Kc Kd" --game omaha
    handrank outs "Ah Kh" --vs "QQ+, AK" --board "Qh 7h 2c"
    handrank hits "QQ+, AK, 98s" --board "Kh 7h 2c"
    handrank hits "22+, A2s+, KTo+" --board "Jd Td 4s 2h" -o hits.png
    handrank distribution "QQ+, AK" --vs "77+, AQ+, KQs" --board "Kh 7d 2c"
    handrank distribution "22+, A2s+" --vs "TT+, AK" --board "Qh 9d 4c 2s" -o graph.svg
    handrank distribution "QQ+, AK" --vs "22+, A2s+, KQ" --seed 1
    handrank grid "QQ+, AKs, 15%" -o range.svg
    handrank grid --preflop AhKh -o heat.png
    handrank icm 5000 3000 2000 --payouts 70 30 --bubble
    handrank icm 5000 3000 2000 --payouts 70 30 --model weitzman
    handrank pushfold --bb 10 --ante 0.1 --side push
    handrank pushfold --depths 1 2 5 10 20
    handrank pushfold --icm 3000 3000 3000 --payouts 50 30 20 --blinds 100 200
    handrank history validate hands.phhs stars.txt
    handrank history summary stars.txt --json
    handrank history replay hands.phhs
    handrank history convert stars.txt -o hands.phhs
    handrank history convert hands.phhs gg.txt -o for-the-tracker.txt
    handrank history graph party.txt stars.txt --player Hero -o won.png
    handrank play --seats 3 --hands 5 --draw first-jack --no-cut
    handrank play --game razz --blinds 1/4 --hands 3
    handrank strength-tables tables/ --streets river turn --bins 50 --workers 2
    handrank info

Exit status: 0 done (no disagreement), 1 a crosscheck found disagreements, 2 bad
input (with a one-line message), 3 the peer under a crosscheck failed; a closed
pipe (``| head``) ends quietly.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from functools import partial
from typing import Optional

import handrank

from .. import crosscheck as xc
from . import (
    crosscheck,
    distribution,
    equity,
    evaluate,
    grid,
    history,
    hits,
    icm,
    info,
    outs,
    play,
    pushfold,
    showdown,
    stats,
    strength_tables,
    table,
)
from ._common import Help

COMMANDS = (
    evaluate,
    crosscheck,
    table,
    stats,
    showdown,
    equity,
    outs,
    hits,
    distribution,
    grid,
    icm,
    pushfold,
    history,
    play,
    strength_tables,
    info,
)
"""One module a command, in the order help lists them: each adds its parser and runs it."""


def examples(command: str = "") -> dict[str, list[str]]:
    """The examples of this module's docstring, by command; with ``command``, that command's by
    its first word (``history``'s by action)."""
    out: dict[str, list[str]] = {}
    for line in (__doc__ or "").splitlines():
        words = line.split()[1:] if line.split()[:1] == ["handrank"] else []
        if command and words[:1] == [command]:
            words = words[1:]
        elif command:
            continue
        if words:
            out.setdefault(words[0], []).append(line.strip())
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="handrank",
        description="Poker hand evaluation: ranks 1 (royal flush) to 7462.",
        epilog="exit status: " + "; ".join(f"{code} {meaning}" for code, meaning in EXIT_CODES.items()),
    )
    p.add_argument("--version", action="version", version=f"handrank {handrank.__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser = partial(sub.add_parser, formatter_class=Help)  # type: ignore[method-assign]
    for command in COMMANDS:
        command.add_parser(sub)
    shown = examples()
    for choice in sub._choices_actions:  # each command's one-line help: its description too
        command_parser = sub.choices[choice.dest]
        said = choice.help or ""
        command_parser.description = command_parser.description or f"{said[:1].upper()}{said[1:]}."
        if choice.dest in shown:
            listed = "examples:\n  " + "\n  ".join(shown[choice.dest])
            command_parser.epilog = "\n\n".join(filter(None, [listed, command_parser.epilog]))
    return p


EXIT_CODES = {0: "done, no disagreement", 1: "disagreements found", 2: "bad input", 3: "the peer failed"}
"""The command's exit statuses (130 after Ctrl-C)."""


def main(argv: Optional[Sequence[str]] = None) -> int:
    commands = parser()
    args = commands.parse_args(argv)
    problem = args.complete(args) if hasattr(args, "complete") else None
    if problem:
        commands.error(problem)
    try:
        return int(args.run(args))
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except xc.PeerFailed as error:
        print(f"handrank: the peer failed: {error}", file=sys.stderr)
        return 3
    except (ValueError, TypeError, OSError, ImportError) as error:  # ImportError: an optional extra is missing
        print(f"handrank: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("handrank: interrupted", file=sys.stderr)
        return 130
