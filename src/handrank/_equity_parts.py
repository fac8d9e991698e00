"""The parts an equity plan is cut into, each a value that carries everything its kernel needs,
worked out once when the plan is made, and runs anywhere (``run``) to a ``Tally``; tallies add up.

A part calls its kernel by reference, never by name, and the kernel checks only what C itself
reads: the plan did the rest once for all its parts.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Optional, Union

from . import _switch


class Tally(NamedTuple):
    """What a part counted: per player equity units and wins, the squared units (Monte Carlo only,
    for the standard error), the weight of every deal and board counted, and the boards dealt.
    Tallies of the parts of one plan add up (``+``) to the tally of the whole."""

    units: tuple[float, ...]
    wins: tuple[float, ...]
    squares: Optional[tuple[int, ...]]
    weight: float
    boards: int

    def __add__(self, other: object) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        squares = None
        if self.squares is not None and other.squares is not None:
            squares = tuple(a + b for a, b in zip(self.squares, other.squares))
        return Tally(
            tuple(a + b for a, b in zip(self.units, other.units)),
            tuple(a + b for a, b in zip(self.wins, other.wins)),
            squares,
            self.weight + other.weight,
            self.boards + other.boards,
        )


@dataclass(frozen=True)
class SampledPart:
    """Monte Carlo: ``trials`` deals from block ``seed`` on, each player's combos and alias table."""

    tables: list[tuple[array[int], array[float], array[int]]]
    board: list[int]
    dead: list[int]
    trials: int
    seed: int

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, squares, boards = _switch.evaluator.sampled_showdowns(
            self.tables, self.board, self.dead, self.trials, self.seed, threads=threads
        )
        return Tally(tuple(units), tuple(wins), tuple(squares), boards, boards)


@dataclass(frozen=True)
class KnownHandsPart:
    """Exact, every hand known: every completion of the board."""

    holes: list[list[int]]
    board: list[int]
    dead: list[int]

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, _, boards = _switch.evaluator.exact_showdowns(self.holes, self.board, self.dead, threads=threads)
        return Tally(tuple(units), tuple(wins), None, boards, boards)


@dataclass(frozen=True)
class DealsPart:
    """Exact ranges, deal by deal: a slice of the deal classes, each with its weight and how many
    deals it stands for."""

    deals: array[int]
    weights: array[float]
    times: array[int]
    board: list[int]
    dead: list[int]

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, weight, boards = _switch.evaluator.exact_deal_showdowns(
            self.deals, self.weights, self.times, self.board, self.dead, threads=threads
        )
        return Tally(tuple(units), tuple(wins), None, weight, boards)


@dataclass(frozen=True)
class RangePart:
    """Exact ranges, board by board: the boards whose first dealt card is in ``firsts``, with the
    suit renamings that fold boards together (``group``) and each player's source (the first with
    the very same range), worked out once for the whole plan."""

    players: list[tuple[array[int], array[float]]]
    board: list[int]
    dead: list[int]
    firsts: tuple[int, int]
    group: list[tuple[int, ...]]
    sources: list[int]

    def run(self, threads: Optional[int] = None) -> Tally:
        units, wins, weight, boards = _switch.evaluator.exact_range_showdowns(
            self.players, self.board, self.dead, self.firsts, threads=threads, group=self.group, sources=self.sources
        )
        return Tally(tuple(units), tuple(wins), None, weight, boards)


Part = Union[SampledPart, KnownHandsPart, DealsPart, RangePart]
"""Any part of an equity plan."""


def total(tallies: Sequence[Tally]) -> Tally:
    """The tallies added up in their order (the same floating-point sums whatever ran them)."""
    out = tallies[0]
    for tally in tallies[1:]:
        out = out + tally
    return out


__all__ = ["DealsPart", "KnownHandsPart", "Part", "RangePart", "SampledPart", "Tally", "total"]
