"""The shims' one error type for bad cards and hands, and the wrapper that raises it."""

from __future__ import annotations

from collections.abc import Callable, Iterable


class CardError(KeyError, IndexError, ValueError):
    """Bad cards or a bad hand: catchable as treys's ``KeyError``/``IndexError`` or as ``ValueError``."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


class CardTypeError(CardError, TypeError):
    """A card that is not an int or text at all: a ``TypeError``, as the peers raise, and a :class:`CardError`."""


def checked(call: Callable[..., int], *args: object) -> int:
    """``call(*args)``, its ``ValueError`` raised as :class:`CardError`, or as :class:`CardTypeError`
    when a card given is of no card type at all."""
    try:
        return call(*args)
    except ValueError as error:
        raise card_error(str(error), args) from None


def card_error(message: str, args: Iterable[object]) -> CardError:
    """:class:`CardTypeError` when some card among ``args`` (cards, or lists of them) is neither an int
    nor text, else :class:`CardError`."""
    for arg in args:
        for card in arg if isinstance(arg, (list, tuple)) else (arg,):
            if not isinstance(card, (int, str)):
                return CardTypeError(message)
    return CardError(message)
