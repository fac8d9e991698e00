"""The pure-Python evaluator: the reference the compiled one mirrors, file for file.

Same functions, same answers, same errors as ``_eval_c``; ``handrank._interface``
states them. Ranks run from 1 (royal flush) to 7462 (7-5-4-3-2 offsuit): lower is better.

>>> evaluate("As Ks Qs Js Ts")
1
>>> evaluate(["7s", "5h", "4d", "3c", "2s"])
7462
"""

from __future__ import annotations

from .._interface import NAMES
from .batch import evaluate_badugi_many as evaluate_badugi_many
from .batch import evaluate_decks_many as evaluate_decks_many
from .batch import evaluate_holdem as evaluate_holdem
from .batch import evaluate_low_many as evaluate_low_many
from .batch import evaluate_many as evaluate_many
from .batch import evaluate_omaha_many as evaluate_omaha_many
from .batch import evaluate_partial_many as evaluate_partial_many
from .batch import evaluate_short_deck_many as evaluate_short_deck_many
from .batch import evaluate_wild_rows as evaluate_wild_rows
from .counts import rank_counts as rank_counts
from .equity import combo_showdowns as combo_showdowns
from .equity import exact_deal_showdowns as exact_deal_showdowns
from .equity import exact_range_showdowns as exact_range_showdowns
from .equity import exact_showdowns as exact_showdowns
from .game_equity import game_range_every_board as game_range_every_board
from .game_equity import game_range_showdowns as game_range_showdowns
from .game_equity import game_showdowns as game_showdowns
from .games import evaluate_badugi as evaluate_badugi
from .games import evaluate_decks as evaluate_decks
from .games import evaluate_low as evaluate_low
from .games import evaluate_omaha as evaluate_omaha
from .games import evaluate_omaha_low as evaluate_omaha_low
from .games import evaluate_partial as evaluate_partial
from .games import evaluate_short_deck as evaluate_short_deck
from .games import evaluate_wild_cards as evaluate_wild_cards
from .hand import best_five as best_five
from .hand import evaluate as evaluate
from .hand import evaluate5 as evaluate5
from .hand import evaluate6 as evaluate6
from .hand import evaluate7 as evaluate7
from .iso import hand_indexer as hand_indexer
from .iso import river_strengths as river_strengths
from .iso import runout_strengths as runout_strengths
from .matrix import class_wins as class_wins
from .no_board_equity import no_board_showdowns as no_board_showdowns
from .potential import potential_tables as potential_tables
from .rank_suit import MaskHashedCard as MaskHashedCard
from .rank_suit import RankSuitCard as RankSuitCard
from .rank_suit import RankSuitValues as RankSuitValues
from .sampling import sampled_showdowns as sampled_showdowns
from .shuffle import shuffle as shuffle
from .table_push_fold import table_deals as table_deals
from .table_push_fold import table_push_fold_solve as table_push_fold_solve
from .tournament import icm_values as icm_values
from .tournament import push_fold_solve as push_fold_solve
from .tournament import sampled_icm as sampled_icm
from .versus import hand_vs_hands as hand_vs_hands

__all__ = list(NAMES)

# The functions and types answer to this package's name, as the compiled module's answer to its own
# (their doctests run with this package's names).
for _name in NAMES:
    globals()[_name].__module__ = __name__
del _name
