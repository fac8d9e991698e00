"""Hand-history files of any kind: which reader a file needs, and its hands."""

from __future__ import annotations

from pathlib import Path

from . import ggpoker, phh, pokerstars
from .model import HandHistory


def read_any(path: str, errors: list[ValueError]) -> list[HandHistory]:
    """The hands of a PHH file (``.phh``, ``.phhs``) or a PokerStars or GGPoker text file; bad hands
    go to ``errors``."""
    if Path(path).suffix in (".phh", ".phhs"):
        return phh.read(path, errors)
    head = Path(path).read_bytes()[:200].decode("utf-8", "replace").lstrip("\ufeff")
    if head.startswith("PokerStars"):
        return pokerstars.read(path, errors)
    if ggpoker.GGPOKER.header.match(head):
        return ggpoker.read(path, errors)
    raise ValueError(f"{path}: neither PHH (.phh, .phhs) nor a PokerStars or GGPoker hand history")
