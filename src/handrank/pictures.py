"""Pictures of the 13x13 starting-hand grid: a range (each class's share of weight), a preflop
table (each class's equity), a push-or-fold chart (each class's frequency) or a range's hits on a
board (each class's made hand); and, beside the grid, a range's equity graph against another and a
player's winnings over a session, written as PNG or SVG through matplotlib (``pip install
"handrank[pictures]"``). Pairs run down the diagonal, suited hands right of it, offsuit below.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional, Union

from .cards import card_str, cards_str
from .distribution import Distribution
from .hits import Hits, Made
from .outs import Outs
from .pushfold import PushFold, TablePushFold
from .ranges import Range, grid_classes

if TYPE_CHECKING:  # the pictures need not load the hand histories
    from .history.stats import Winnings

FORMATS = (".png", ".svg")
"""The kinds of file a picture is saved as, by the file name's suffix."""
__all__ = [
    "FORMATS",
    "grid_classes",
    "save_distribution",
    "save_hits",
    "save_outs",
    "save_preflop_table",
    "save_push_fold",
    "save_table_push_fold",
    "save_range",
    "save_winnings",
]


def _figure_type() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("pictures need matplotlib: pip install 'handrank[pictures]'") from None
    return Figure


def _figure(values: Mapping[str, float], title: str, label: str) -> Any:
    Figure = _figure_type()
    names = grid_classes()
    shares = [[values.get(name, 0.0) for name in row] for row in names]
    figure = Figure(figsize=(8.4, 8))
    axes = figure.add_subplot()
    image = axes.imshow(shares, cmap="viridis", vmin=0, vmax=1)
    for r, row in enumerate(names):
        for c, name in enumerate(row):
            dark = shares[r][c] < 0.6
            axes.text(c, r, name, ha="center", va="center", fontsize=8, color="white" if dark else "black")
    axes.set_xticks([])
    axes.set_yticks([])
    axes.set_title(title)
    figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04, label=label)
    return figure


def _save(figure: Any, path: Union[str, Path]) -> None:
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"{path}: a picture is written as {' or '.join(FORMATS)}")
    figure.savefig(path)


def save_range(hands: Union[str, Range], path: Union[str, Path]) -> None:
    """Draw a range on the grid, each class coloured by the share of its combos' weight that is in."""
    r = Range(hands)
    values = {name: r.share_of(name) for row in grid_classes() for name in row}
    _save(_figure(values, f"Range: {r.text[:60]}" if r.text else "Range", "share of the class"), path)


def save_preflop_table(table: Mapping[str, float], path: Union[str, Path], title: str = "Equity") -> None:
    """Draw a ``preflop_table`` (or any class to 0-1 value mapping) as a heat map on the grid."""
    _save(_figure(table, title, "equity"), path)


def save_push_fold(result: PushFold, path: Union[str, Path], side: str = "push") -> None:
    """Draw one side ("push" or "call") of a ``push_fold`` equilibrium: each class by how often it plays."""
    ante = f", ante {result.ante:g}" if result.ante else ""
    who = "Small blind pushes" if side == "push" else "Big blind calls"
    _save(_figure(result.frequencies(side), f"{who} at {result.depth:g} bb{ante}", "how often"), path)


def save_table_push_fold(
    result: TablePushFold, path: Union[str, Path], spot: tuple[int, Optional[int], tuple[int, ...]]
) -> None:
    """Draw one decision of a ``push_fold_table`` equilibrium (``result.spot(...)``): each class by how often it plays."""
    _save(_figure(result.spots[spot], result.title(spot), "how often"), path)


def save_outs(result: Outs, path: Union[str, Path]) -> None:
    """Draw the hand's equity after each card that can come: ranks down (aces first), suits across."""
    Figure = _figure_type()
    grid = result.grid()
    figure = Figure(figsize=(5, 8), constrained_layout=True)
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="viridis", vmin=0, vmax=1)
    ranks, suits = "AKQJT98765432", "cdhs"
    for r, row in enumerate(grid):
        for s, value in enumerate(row):
            text = f"{ranks[r]}{suits[s]}" + ("" if value != value else f"\n{value:.0%}")
            dark = value != value or value < 0.6
            axes.text(s, r, text, ha="center", va="center", fontsize=7, color="white" if dark else "black")
    axes.set_xticks([])
    axes.set_yticks([])
    hand, board = " ".join(map(card_str, result.hand)), " ".join(map(card_str, result.board))
    axes.set_title(f"{hand} on {board}: {result.count:.1f} outs, equity {result.equity:.0%} now", fontsize=9)
    figure.colorbar(image, ax=axes, fraction=0.08, pad=0.04, label="equity after the card")
    _save(figure, path)


def save_hits(result: Hits, path: Union[str, Path]) -> None:
    """Draw a range's hits on the grid: each class in the colour of the made hand holding most of its
    live weight (``Hits.grid``), white where none of it is live, with a key of the made hands shown."""
    Figure = _figure_type()
    from matplotlib import colormaps
    from matplotlib.patches import Patch

    palette = colormaps["tab20"]
    colour = {m: palette(i) for i, m in enumerate(Made)}
    grid = result.grid()
    names = grid_classes()
    image = [[colour[m] if m is not None else (1.0, 1.0, 1.0, 1.0) for m in row] for row in grid]
    figure = Figure(figsize=(12, 8), constrained_layout=True)
    axes = figure.add_subplot()
    axes.imshow(image)
    for r, row in enumerate(names):
        for c, name in enumerate(row):
            live = grid[r][c] is not None
            axes.text(c, r, name, ha="center", va="center", fontsize=8, color="black" if live else "0.7")
    axes.set_xticks([])
    axes.set_yticks([])
    axes.set_title(f"{result.combos:g} combos on {cards_str(result.board)}")
    shown = [m for m in Made if m in result.made]
    keys = [Patch(color=colour[m], label=f"{m} ({result.made[m] / result.combos:.0%})") for m in shown]
    axes.legend(handles=keys, loc="upper left", bbox_to_anchor=(1.02, 1), fontsize=8, frameon=False)
    _save(figure, path)


def save_distribution(results: dict[str, Distribution], path: Union[str, Path]) -> None:
    """Draw the equity graph of one or more ranges on a board, each labelled by its key: the combos
    best first along the share of the range's weight, each at its equity."""
    Figure = _figure_type()
    if not results:
        raise ValueError("save_distribution needs at least one distribution")
    figure = Figure(figsize=(8, 5), constrained_layout=True)
    axes = figure.add_subplot()
    for label, result in results.items():
        curve = result.curve()
        shares, equities = [0.0] + [s for s, _ in curve], [curve[0][1]] + [e for _, e in curve]
        axes.step(shares, equities, where="pre", label=f"{label}: {result.equity:.1%}")
    axes.set_xlim(0, 1)
    axes.set_ylim(0, 1)
    axes.set_xlabel("share of the range, best hands first")
    axes.set_ylabel("equity")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper right")
    axes.set_title(f"Equity on {cards_str(next(iter(results.values())).board)}")
    _save(figure, path)


def save_winnings(result: Winnings, path: Union[str, Path]) -> None:
    """Draw a player's winnings over their hands, as the trackers do: the net, its part won at
    showdowns and without one, and the all-in adjusted net."""
    Figure = _figure_type()
    figure = Figure(figsize=(9, 5), constrained_layout=True)
    axes = figure.add_subplot()
    hands = range(1, len(result.net) + 1)
    for label, series, colour in (
        ("net", result.net, "tab:green"),
        ("at showdowns", result.showdown, "tab:blue"),
        ("without a showdown", result.non_showdown, "tab:red"),
        ("all-in adjusted", result.all_in_adjusted, "tab:orange"),
    ):
        axes.plot(hands, series, label=f"{label}: {series[-1]:+,.2f}", color=colour, linewidth=1.4)
    axes.axhline(0, color="0.5", linewidth=0.8)
    axes.set_xlabel("hands")
    axes.set_ylabel("won")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left")
    axes.set_title(f"{result.player}: {len(result.net):,} hands")
    _save(figure, path)
