"""The table generator: deterministic, self-consistent, and what the package ships."""

import math
import os
from collections import Counter

import pytest

from handrank import _short_deck_tables, _table_files, _tables
from handrank.ranking import CLASS_SIZES


@pytest.fixture(scope="module")
def generated() -> _tables.Tables:
    return _tables.generate()


def test_shipped_tables_equal_a_fresh_generation(generated: _tables.Tables) -> None:
    assert os.path.exists(_table_files.DATA_FILE), "the build did not ship _tables.bin"
    shipped = _table_files.read_data_file()
    assert shipped.main == generated
    assert shipped.short_deck == _short_deck_tables.generate()


def test_generation_is_deterministic(generated: _tables.Tables) -> None:
    assert _tables.generate() == generated


def test_every_value_appears_once_across_the_five_card_tables() -> None:
    flush, unique, paired = _tables.five_card_values()
    values = sorted([*flush.values(), *unique.values(), *paired.values()])
    assert values == list(range(1, 7463))
    assert (len(flush), len(unique), len(paired)) == (1287, 1287, 4888)


def test_product_table_covers_every_rank_multiset(generated: _tables.Tables) -> None:
    sizes = Counter(len(_factor(p)) for p in generated.products)
    assert sizes == {5: 6175, 6: 18395, 7: 49205}


def _factor(p: int) -> list[int]:
    out = []
    for r, prime in enumerate(_tables.PRIMES):
        while p % prime == 0:
            out.append(r)
            p //= prime
    assert p == 1
    return out


def test_perfect_hash_puts_every_key_in_its_own_slot(generated: _tables.Tables) -> None:
    slots = {k: _tables.hash_index(k, generated.hash_displace) for k in generated.products}
    assert len(set(slots.values())) == len(slots)
    for key, slot in slots.items():
        assert generated.hash_values[slot] == generated.products[key]


def test_flush_table_is_zero_below_five_suited_ranks(generated: _tables.Tables) -> None:
    for mask, value in enumerate(generated.flush):
        assert (value == 0) == (bin(mask).count("1") < 5)


def test_class_sizes_add_up() -> None:
    assert sum(CLASS_SIZES) == 7462


def test_header_names_the_arrays(tmp_path, generated) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.h"
    _table_files.write_c_header(_table_files.Generated(generated, _short_deck_tables.generate()), path)
    text = path.read_text()
    for name in ("HR_DECK[52]", "HR_FLUSH[8192]", "HR_UNIQUE5[8192]", "HR_HASH_VALUES[131072]"):
        assert name in text


def test_header_carries_the_constants_both_languages_share(tmp_path, generated) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.h"
    _table_files.write_c_header(_table_files.Generated(generated, _short_deck_tables.generate()), path)
    lines = [line.split() for line in path.read_text().splitlines() if line.startswith("#define HR_")]
    defines = {words[1]: words[2] for words in lines if len(words) == 3}
    assert int(defines["HR_MAX_PLAYERS"]) == _tables.MAX_PLAYERS
    assert int(defines["HR_SAMPLING_BLOCK"]) == _tables.SAMPLING_BLOCK
    for name in ("BLOCK_SEED_STEP", "WYRAND_INCREMENT", "WYRAND_MIX"):
        assert int(defines[f"HR_{name}"].removesuffix("ULL"), 16) == getattr(_tables, name), name
    assert f'#define HR_LOW_GAME_NAMES "{" ".join(_tables.LOW_GAMES)}"' in path.read_text()
    assert _tables.TIE_UNITS % math.lcm(*range(1, _tables.MAX_PLAYERS + 1)) == 0  # a tie of k splits evenly


@pytest.mark.parametrize(
    "game, best", [("2-7", "7s 5h 4d 3c 2s"), ("a-5", "5s 4h 3d 2c As"), ("a-6", "6s 4h 3d 2c As")]
)
def test_each_side_reads_each_low_game_by_its_generated_name(impl, game, best) -> None:  # type: ignore[no-untyped-def]
    assert game in _tables.LOW_GAMES
    assert impl.evaluate_low(best, game) == 1


def test_each_side_takes_at_most_max_players(impl) -> None:  # type: ignore[no-untyped-def]
    holes = [[2 * i, 2 * i + 1] for i in range(_tables.MAX_PLAYERS + 1)]
    with pytest.raises(ValueError, match=f"expected 1 to {_tables.MAX_PLAYERS} players"):
        impl.exact_showdowns(holes)
