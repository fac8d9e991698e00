"""What the commands share: help as a reader wants it, a progress line on a terminal, the
refusal of work that would take too long, and an argument type for counts."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Optional

from .._numbers import decimal_number, whole_number
from ..odds import LONG_WORK as LONGEST
from ..odds import duration

__all__ = ["LONGEST", "Help", "Progress", "amount", "integer", "positive", "too_long"]


class Help(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Help as a reader wants it: a default shown where it says something (not None, an empty text,
    an on-off flag's, or one the help gives in words), and the examples as they are written."""

    def _get_help_string(self, action: argparse.Action) -> Optional[str]:
        default = action.default
        if default is None or isinstance(default, bool) or default == "" or "default" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


class Progress:
    """A one-line progress report on stderr, with the rate and the time left, only on a terminal."""

    def __init__(self, total: Optional[int], what: str = "checked") -> None:
        self.total, self.what = total, what
        self.active = sys.stderr.isatty()
        self.shown = False  # whether a line was printed, to end it on close
        self.start = time.monotonic()

    def __call__(self, done: int, total: Optional[int] = None) -> None:
        self.total = total or self.total
        if self.active:
            elapsed = max(time.monotonic() - self.start, 1e-9)
            rate = done / elapsed
            share = f" of {self.total:,} ({100 * done / self.total:.0f} %)" if self.total else ""
            left = f", about {duration((self.total - done) / rate)} left" if self.total and rate else ""
            speed = f"{rate:,.0f}" if rate >= 100 else f"{rate:.2g}"  # parts of a long job: 0.14/s, not 0/s
            print(f"\r{self.what} {done:,}{share} at {speed}/s{left}   ", end="", file=sys.stderr, flush=True)
            self.shown = True

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr)


def too_long(seconds: float, what: str, instead: str, force: bool) -> None:
    """Refuse work estimated over ``LONGEST`` seconds, saying how long and what else to do, unless forced."""
    if seconds > LONGEST and not force:
        raise ValueError(f"{what} would take about {duration(seconds)} on one core: {instead}, or add --force to wait")


def integer(text: str) -> int:
    """An argparse type: a whole number, in ASCII digits."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    return value


def positive(text: str) -> int:
    """An argparse type: a whole number of 1 or more."""
    value = integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def amount(text: str) -> float:
    """An argparse type: a number of 0 or more (chips, a prize, big blinds), in ASCII digits."""
    value = decimal_number(text)
    if value is None or value < 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of 0 or more, got {text!r}")
    return value
