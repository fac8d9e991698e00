"""The deal order a recorded hand was dealt from, for the engine to deal it again: cards the
record leaves unknown filled from the unused ones, and the seats whose cards nobody saw (they
never win a showdown). One function per way of dealing: flop games, stud, draw games."""

from __future__ import annotations

from typing import Optional

from ..cards import card_str, cards
from ..games import Game
from .model import VARIANTS, HandHistory


def flop_deal(history: HandHistory, game: Game) -> tuple[list[int], set[int], int]:
    """The deal order for the engine (hole cards around the table, then a burn before each board),
    with unknown cards filled from the unused ones; and the seats that muck or never show
    unknown cards at the showdown."""
    players = len(history.starting_stacks)
    holes: dict[int, list[Optional[int]]] = {}
    boards: list[list[int]] = []
    shown: dict[int, list[int]] = {}
    mucks: set[int] = set()
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            text = words[3]
            holes[int(words[2][1:]) - 1] = [
                None if text[i] == "?" else cards(text[i : i + 2])[0] for i in range(0, len(text), 2)
            ]
        elif words[:2] == ["d", "db"]:
            boards.append(cards(words[2]))
        elif len(words) >= 2 and words[1] == "sm":
            seat = int(words[0][1:]) - 1
            if len(words) == 2:
                mucks.add(seat)
            else:
                shown[seat] = cards(words[2])
    if sorted(holes) != list(range(players)):
        raise ValueError(f"hole cards are dealt to players {[s + 1 for s in sorted(holes)]}, not all {players}")
    size = len(holes[0])
    if size not in game.hole_sizes:
        raise ValueError(f"{size} hole cards each in {VARIANTS[history.variant]}")
    for seat, known in shown.items():
        holes[seat] = list(known)
    known_cards = [c for h in holes.values() for c in h if c is not None] + [c for b in boards for c in b]
    if len(set(known_cards)) != len(known_cards):
        raise ValueError("a card is dealt twice")
    spare = iter(c for c in game.deck if c not in set(known_cards))
    for seat, hole in holes.items():
        if None in hole:
            if seat not in mucks:
                mucks.add(seat)  # cards nobody saw: they never win a showdown
            holes[seat] = [c if c is not None else next(spare) for c in hole]
    order = [holes[s][i] for i in range(size) for s in range(players)]
    for board in boards:
        order += [next(spare), *board]
    order += list(spare)
    return order, mucks, size  # type: ignore[return-value]


def stud_deal(history: HandHistory, game: Game) -> tuple[list[int], set[int]]:
    """A stud game's deal order for the engine: each player's first three cards around the table,
    then each later street (the record's run of deals between two betting actions) after a burn;
    cards nobody saw filled from the unused ones. A face-up card left unrecorded is refused: who
    brings it in, and who opens, turn on it."""
    players = len(history.starting_stacks)
    streets: list[dict[int, str]] = [{}]
    shown: dict[int, str] = {}
    mucks: set[int] = set()
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            seat = int(words[2][1:]) - 1
            if seat in streets[-1]:
                streets.append({})
            streets[-1][seat] = words[3]
        elif words[:2] == ["d", "db"]:
            raise ValueError("a community card: the deck ran out, which the engine decides by itself")
        elif words[1:2] == ["sm"]:
            seat = int(words[0][1:]) - 1
            if len(words) == 2:
                mucks.add(seat)
            else:
                shown[seat] = words[2]
        elif streets[-1] and words[0] != "d":
            streets.append({})
    streets = [street for street in streets if street]
    if sorted(streets[0]) != list(range(players)):
        raise ValueError(f"the first street deals to players {[s + 1 for s in sorted(streets[0])]}, not all {players}")
    texts: dict[int, list[str]] = {s: [] for s in range(players)}  # each seat's cards, in the order dealt
    for street in streets:
        for seat, text in street.items():
            texts[seat] += [text[i : i + 2] for i in range(0, len(text), 2)]
    faces = [face for street in game.streets for face in (street.hole or ())]
    first = len(game.streets[0].hole)
    for seat, text in shown.items():
        texts[seat] = [text[i : i + 2] for i in range(0, len(text), 2)]
    for seat, dealt in texts.items():
        if any(c == "??" and faces[i] for i, c in enumerate(dealt)) and len(dealt) > first:
            raise ValueError(f"p{seat + 1}'s face-up card is not recorded: who opens a later street turns on it")
        if "??" in dealt:
            mucks.add(seat)  # cards nobody saw: they never win a showdown
    known = [cards(c)[0] for dealt in texts.values() for c in dealt if c != "??"]
    if len(set(known)) != len(known):
        raise ValueError("a card is dealt twice")
    unused = [c for c in game.deck if c not in set(known)]
    _fill_doors(texts, unused, game, _first_actor(history))
    spare = iter(unused)
    hands = {s: [next(spare) if c == "??" else cards(c)[0] for c in dealt] for s, dealt in texts.items()}
    order = [hands[s][i] for i in range(first) for s in range(players)]
    taken = dict.fromkeys(range(players), first)
    for street in streets[1:]:
        order.append(next(spare))  # the burn
        for seat in sorted(street):
            order.append(hands[seat][taken[seat]])
            taken[seat] += 1
    return order + list(spare), mucks


def _first_actor(history: HandHistory) -> Optional[int]:
    """The seat of the record's first action: in a stud game, the one that brought it in."""
    return next((int(a.split()[0][1:]) - 1 for a in history.actions if not a.startswith("d ")), None)


def _fill_doors(texts: dict[int, list[str]], unused: list[int], game: Game, bringer: Optional[int]) -> None:
    """Door cards left unrecorded (their players fold on the first street): each becomes the first
    unused card that leaves the bring-in where the record puts it (taken out of ``unused``)."""
    opening = game.opening
    assert opening is not None
    door = game.streets[0].hole.index(True)
    doors = {s: cards(t[door])[0] for s, t in texts.items() if t[door] != "??"}
    for seat, dealt in texts.items():
        if dealt[door] == "??":
            fits = [c for c in unused if bringer is None or opening.bring_in({**doors, seat: c}) == bringer]
            if not fits:
                raise ValueError(f"p{seat + 1}'s door card is not recorded, and no card leaves the bring-in as it was")
            doors[seat] = fits[0]
            unused.remove(fits[0])
            dealt[door] = card_str(fits[0])


def draw_deal(history: HandHistory, game: Game) -> tuple[list[int], set[int], list[list[int]]]:
    """A draw game's deal order for the engine: each player's hand around the table, then for each
    draw (the record's run of ``sd`` actions) a burn and, player by player, the cards each one
    drew for its discards; and the cards each ``sd`` throws away, in the record's order. Unknown cards are filled from the unused ones, or from what a player
    shows at the end (an unknown card thrown away is one of the player's unknown cards); a
    reshuffled stub (a card dealt twice), which PHH does not record, is refused."""
    players = len(history.starting_stacks)
    labels = (f"?{n}" for n in range(10**6))  # a name for each unknown card, "?0", "?1", ...

    def split(text: str) -> list[str]:
        return [next(labels) if text[i : i + 2] == "??" else text[i : i + 2] for i in range(0, len(text), 2)]

    first: dict[int, list[str]] = {}
    later: dict[int, list[list[str]]] = {s: [] for s in range(players)}  # the cards dealt for each draw
    draws: list[list[tuple[int, list[str]]]] = []  # each draw: (seat, cards thrown away), in turn
    shown: dict[int, list[str]] = {}
    mucks: set[int] = set()
    drawing = False
    for action in history.actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            seat = int(words[2][1:]) - 1
            if seat in first:
                later[seat].append(split(words[3]))
            else:
                first[seat] = split(words[3])
            continue
        if words[1:2] == ["sd"]:
            seat = int(words[0][1:]) - 1
            if not drawing or any(s == seat for s, _ in draws[-1]):  # a new draw: after a bet, or all-in players'
                draws.append([])
            draws[-1].append((seat, split(words[2]) if len(words) > 2 else []))
        elif words[1:2] == ["sm"]:
            seat = int(words[0][1:]) - 1
            if len(words) == 2:
                mucks.add(seat)
            else:
                shown[seat] = split(words[2])
        drawing = words[1:2] == ["sd"]
    if sorted(first) != list(range(players)):
        raise ValueError(f"cards are dealt to players {[s + 1 for s in sorted(first)]}, not all {players}")
    hands = {s: list(h) for s, h in first.items()}
    taken = dict.fromkeys(range(players), 0)
    for draw in draws:
        for at, (seat, thrown) in enumerate(draw):
            hidden = [c for c in hands[seat] if c.startswith("?")]  # any of them is the one thrown: all are fillers
            if sum(c.startswith("?") for c in thrown) > len(hidden):
                raise ValueError(f"p{seat + 1} throws away more cards nobody saw than it holds")
            unseen = iter(hidden)
            thrown = [next(unseen) if c.startswith("?") else c for c in thrown]
            draw[at] = (seat, thrown)
            if not thrown:
                continue
            drawn = later[seat][taken[seat]] if taken[seat] < len(later[seat]) else []
            if len(drawn) != len(thrown) or not set(thrown) <= set(hands[seat]):
                raise ValueError(f"p{seat + 1} throws away {''.join(thrown)}: it is not in the hand, or not replaced")
            taken[seat] += 1
            new = iter(drawn)  # dealt into the thrown cards' places, in the hand's order
            hands[seat] = [next(new) if c in thrown else c for c in hands[seat]]
    named: dict[str, int] = {}  # unknown cards a showdown names
    every = [c for h in first.values() for c in h] + [c for ds in later.values() for d in ds for c in d]
    for seat, cards_shown in shown.items():
        revealed = [c for c in cards_shown if c not in every]
        for label, text in zip([c for c in hands[seat] if c.startswith("?")], revealed):
            named[label] = cards(text)[0]
    known = [cards(c)[0] for c in every if not c.startswith("?")] + list(named.values())
    if len(set(known)) != len(known):
        raise ValueError("a card is dealt twice: a reshuffled stub, which PHH does not record")
    spare = iter(c for c in game.deck if c not in set(known))
    for label in (c for c in every if c.startswith("?") and c not in named):
        named[label] = next(spare)

    def card_of(text: str) -> int:
        return named[text] if text.startswith("?") else cards(text)[0]

    order = [card_of(first[s][i]) for i in range(len(first[0])) for s in range(players)]
    taken = dict.fromkeys(range(players), 0)
    for draw in draws:
        order.append(next(spare))  # the burn
        for seat, thrown in draw:
            if thrown:
                order += [card_of(c) for c in later[seat][taken[seat]]]
                taken[seat] += 1
    mucks |= {s for s, hand in hands.items() if any(c.startswith("?") and s not in shown for c in hand)}
    thrown_away = [[card_of(c) for c in thrown] for draw in draws for _, thrown in draw]
    return order + list(spare), mucks, thrown_away
