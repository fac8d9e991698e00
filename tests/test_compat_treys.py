"""handrank.compat.treys behaves like treys: the same script prints the same output under both."""

from __future__ import annotations

import subprocess
import sys

import pytest

SCRIPT = """
from {module} import Card, Deck, Evaluator

evaluator = Evaluator()
deck = Deck(seed=12)
print(deck.draw(5))
for seed in range(300):
    deck = Deck(seed=seed)
    board = deck.draw(5)
    hands = [deck.draw(2) for _ in range(3)]
    for n in (3, 4, 5):
        for hand in hands:
            rank = evaluator.evaluate(hand, board[:n])
            rank_class = evaluator.get_rank_class(rank)
            print(rank, rank_class, evaluator.class_to_string(rank_class),
                  evaluator.get_five_card_rank_percentage(rank))
print(evaluator.evaluate([Card.new("As"), Card.new("Ks")], [Card.new(c) for c in ("Qs", "Js", "Ts")]))
print(evaluator.get_rank_class(1), evaluator.get_rank_class(10), evaluator.get_rank_class(7462))
hand = [Card.new("Ah"), Card.new("Td")]
print(hand, [Card.int_to_str(c) for c in hand], Card.hand_to_binary(["2c", "Kd"]))
print(Card.get_rank_int(hand[0]), Card.get_suit_int(hand[0]), Card.get_bitrank_int(hand[0]), Card.get_prime(hand[0]))
print(Card.prime_product_from_hand(hand), Card.prime_product_from_rankbits(0b1010101010101))
print(Card.int_to_binary(hand[0]))
Card.print_pretty_card(hand[0])
Card.print_pretty_cards(hand + [Card.new("2s"), Card.new("9c")])
print(Card.int_to_pretty_str(Card.new("Qd")))
print(str(Deck(seed=3)))
board = [Card.new(c) for c in ("2h", "3h", "Kc", "Kd", "9s")]
evaluator.hand_summary(board, [[Card.new("Ah"), Card.new("4h")], [Card.new("Ks"), Card.new("Qs")]])
evaluator.hand_summary(board, [[Card.new("Ah"), Card.new("4c")], [Card.new("As"), Card.new("4d")]])
"""


def run(module: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(module=module)], capture_output=True, text=True, check=True
    )
    return out.stdout


@pytest.mark.peers
def test_same_script_same_output() -> None:
    pytest.importorskip("treys", reason="treys is not installed (pip install treys)")
    ours, theirs = run("handrank.compat.treys"), run("treys")
    assert ours.count("\n") > 2700
    assert ours == theirs


def test_the_shim_works_without_treys() -> None:
    out = run("handrank.compat.treys")
    assert "HAND OVER" in out and "Royal Flush" not in out.splitlines()[1]


def test_the_shim_checks_input() -> None:
    from handrank.compat.treys import Card, Evaluator

    with pytest.raises(ValueError, match="duplicate card"):
        Evaluator().evaluate([Card.new("As"), Card.new("As")], [Card.new(c) for c in ("Qs", "Js", "Ts")])
    with pytest.raises(ValueError, match="not a card: 'Xx'"):
        Card.new("Xx")
