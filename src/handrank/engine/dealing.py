"""Where the cards come from: a deck in a fixed order, and the deal order of a game (hole cards
one at a time around the table, then a burn before each street's community cards)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Optional, Union

from ..cards import MIN_CUT, Deck, card, card_str, cards, check_distinct
from ..games import Game
from ..seats import clockwise_after
from .events import Cut
from .setup import HandSetup


class ScriptedDeck:
    """Cards in a fixed order: a caller's own deal, or a replayed log's (with the stubs its draws
    were reshuffled into, in order)."""

    def __init__(self, order: list[int], stubs: Sequence[list[int]] = ()) -> None:
        self._cards = list(order)
        self._stubs = [list(stub) for stub in stubs]

    def refill(self, pile: Sequence[int]) -> list[int]:
        """The new stub: the next one recorded, which must hold the ``pile`` (discards and burns);
        with none recorded, what is left and then the pile, in order."""
        if not self._stubs:
            self._cards += list(pile)
            return list(self._cards)
        stub = self._stubs.pop(0)
        if not set(pile) <= set(stub):
            raise ValueError("a recorded reshuffle leaves out cards that were thrown away")
        self._cards = stub
        return list(stub)

    @classmethod
    def of_game(cls, game: Game, order: list[int]) -> ScriptedDeck:
        """A caller's deal for ``game``: every card must be in the game's deck (royal hold'em's ten
        to ace, short deck's six to ace)."""
        outside = [c for c in order if c not in game.deck]
        if outside:
            raise ValueError(f"{card_str(outside[0])} is not in the deck of {game.title}")
        return cls(order)

    def deal(self, n: int = 1) -> list[int]:
        if n > len(self._cards):
            raise ValueError("the supplied cards ran out")
        out, self._cards = self._cards[:n], self._cards[n:]
        return out

    def burn(self) -> int:
        return self.deal(1)[0]

    def __len__(self) -> int:
        return len(self._cards)


def cut(deck: Union[Deck, ScriptedDeck], setup: HandSetup, at: int, cut_by: Optional[int]) -> Cut:
    """Cut the deck ``at`` cards down by ``cut_by`` (the seat right of the button when None): a
    caller's own deal order is only checked, as it is the order after the cut."""
    table = setup.stacks
    if cut_by is None:  # the pack is offered to the seat on the dealer's right
        cut_by = clockwise_after(setup.button, [s for s in table if s != setup.button])[-1]
    elif type(cut_by) is not int or cut_by not in table:
        raise ValueError(f"the seat to cut, {cut_by!r}, is not at the table")
    if isinstance(deck, ScriptedDeck):
        most = len(setup.game.deck) - MIN_CUT
        if type(at) is not int or not MIN_CUT <= at <= most:
            raise ValueError(f"a cut is {MIN_CUT} to {most} cards, got {at!r}")
    else:
        deck.cut(at)
    return Cut(cut_by, at)


def card_list(source: object) -> list[int]:
    """Cards in any form ``cards`` takes, none twice."""
    out = cards(source)  # type: ignore[arg-type]
    check_distinct(out)
    return out


def deal_order(game: Game, order: Sequence[int], holes: Mapping[int, list[int]], board: list[int]) -> list[int]:
    """The deck a hand deals ``holes`` (to the seats of ``order``, the first left of the button
    first) and ``board`` from: any board cards not given, the burns and the rest of the deck are
    the lowest unused cards."""
    used = [c for h in holes.values() for c in h] + board
    check_distinct(used, "among the hole cards and the board")
    spare: Iterator[int] = iter(c for c in game.deck if c not in used)
    board = board + [next(spare) for _ in range(game.board_size - len(board))]
    size = len(holes[order[0]])
    deal = [holes[s][i] for i in range(size) for s in order]
    for street in game.streets:
        if street.board:
            deal += [next(spare), *board[: street.board]]
            board = board[street.board :]
    return deal + list(spare)


def given_deal(
    game: Game, size: int, table: Mapping[int, int], button: int, holes: Mapping[int, object], board: object
) -> list[int]:
    """The deck of a hand dealt as the caller says: ``holes`` (``size`` cards) for every seat with
    chips, up to a full board; the rest as ``deal_order`` fills it."""
    seats = sorted(s for s, c in table.items() if c > 0)
    if sorted(holes) != seats:
        raise ValueError(f"hole cards are needed for seats {seats}, got {sorted(holes)}")
    hole_cards = {s: card_list(holes[s]) for s in seats}
    board_cards = card_list(board)
    if any(len(h) != size for h in hole_cards.values()) or len(board_cards) > game.board_size:
        raise ValueError(f"each seat needs {size} hole cards in {game.name}, and the board at most {game.board_size}")
    return deal_order(game, clockwise_after(button, seats), hole_cards, board_cards)


def dealt_cards(events: Iterable[Mapping[str, object]]) -> list[int]:
    """The deal order a log records: hole cards one at a time around the table, then burns and
    boards, and a stud game's later streets (a burn, then each seat's cards around the table)."""
    events = list(events)
    for i, e in enumerate(events):
        if e.get("event") in ("reshuffle", "redeal"):  # later cards come from the stubs (``reshuffles``)
            events = events[:i]
            break
    holes = [cards(e["cards"]) for e in events if e.get("event") == "hole"]  # type: ignore[arg-type]
    order = around(holes)
    for e in events:
        if e.get("event") == "discard":
            order += cards(e["drawn"])  # type: ignore[arg-type]
        if e.get("event") in ("board", "deal") and "burn" in e:
            order.append(card(e["burn"]))  # type: ignore[arg-type]
        if e.get("event") == "board":
            order += cards(e["cards"])  # type: ignore[arg-type]
        elif e.get("event") == "deal":
            order += around([cards(c) for c in e["cards"].values()])  # type: ignore[attr-defined]
    return order


def reshuffles(events: Iterable[Mapping[str, object]]) -> list[list[int]]:
    """The stubs a log's reshuffles (and redeals, each a whole deck) made, in order."""
    return [cards(e["cards"]) for e in events if e.get("event") in ("reshuffle", "redeal")]  # type: ignore[arg-type]


def around(hands: Sequence[Sequence[int]]) -> list[int]:
    """Hands dealt one card at a time around the table: each hand's first card, then each one's second..."""
    return [h[i] for i in range(len(hands[0]) if hands else 0) for h in hands]
