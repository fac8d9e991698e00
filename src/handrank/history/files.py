"""Hand-history files of any kind: which reader a file needs, and its hands."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from . import fulltilt, ggpoker, ignition, ipoker, partypoker, phh, poker888, pokerstars, winamax
from .model import HandHistory

SITES = (
    pokerstars.POKERSTARS,
    ggpoker.GGPOKER,
    partypoker.PARTYPOKER,
    poker888.POKER888,
    fulltilt.FULL_TILT,
    winamax.WINAMAX,
    ignition.IGNITION,
)
"""The sites whose text files ``read_any`` reads, each known by its hands' header."""


def read_any(path: str, errors: list[ValueError]) -> list[HandHistory]:
    """The hands of a PHH file (``.phh``, ``.phhs``), of a text file of one of the ``SITES`` (known
    by the header of its first hand) or of an iPoker XML file; bad hands go to ``errors``."""
    return list(iterate_any(path, errors))


def iterate_any(path: str, errors: list[ValueError]) -> Iterator[HandHistory]:
    """``read_any``'s hands one by one: a text site's file and an iPoker XML file are read as they
    go (``pokerstars.iterate``, ``ipoker.iterate``), PHH files whole. Which reader a file needs is
    found at once; a file no reader takes raises ``ValueError`` here, not at the first hand."""
    if Path(path).suffix in (".phh", ".phhs"):
        return iter(phh.read(path, errors))
    with open(path, "rb") as file:
        head = file.read(2000).decode("utf-8", "replace").replace("\ufeff", "").replace("\r", "\n")
    for site in SITES:
        if site.header.search(head):
            return pokerstars.iterate(path, errors, site)
    if "<session" in head or ipoker.HEADER.search(head):
        return ipoker.iterate(path, errors)
    names = ", ".join(site.site for site in SITES)
    raise ValueError(f"{path}: neither PHH (.phh, .phhs) nor a hand history of {names} or iPoker (XML)")
