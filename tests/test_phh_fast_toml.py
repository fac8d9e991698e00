"""PHH read with the fast-toml extra's parser (``rtoml``) and with the standard one: every shared
PHH file gives the same data and the same hands both ways; what ``rtoml`` refuses is read again by
the standard parser, whose words the error keeps; the reader uses ``rtoml`` when it is there."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from handrank.history import phh

SHARED = Path(os.environ.get("HANDRANK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
PHH = SHARED / "phh"

rtoml = pytest.importorskip("rtoml", reason="the fast-toml extra (rtoml) is not installed")
needs_phh = pytest.mark.skipif(not PHH.is_dir(), reason=f"the PHH data set is not at {PHH} (set HANDRANK_SHARED)")


@needs_phh
def test_every_shared_phh_file_reads_the_same_with_either_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib

    paths = sorted([*PHH.rglob("*.phh"), *PHH.rglob("*.phhs")])
    assert len(paths) > 10_000
    fast = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert rtoml.loads(text) == tomllib.loads(text), path
        fast.append(phh.read(path, []))
    monkeypatch.setattr(phh, "fast_toml", None)
    assert [phh.read(path, []) for path in paths] == fast


def test_the_reader_asks_rtoml_first(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    class Spy:
        TomlParsingError = rtoml.TomlParsingError

        @staticmethod
        def loads(text: str) -> Any:
            asked.append(text)
            return rtoml.loads(text)

    monkeypatch.setattr(phh, "fast_toml", Spy)
    text = 'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    text += 'starting_stacks = [200, 200]\nactions = ["d dh p1 AsAd", "d dh p2 7c2d", "p2 f"]\n'
    assert phh.loads(text).variant == "NT" and asked == [text]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('variant = "NT"\nx = [1, 2', "not TOML: "),  # an array never closed
        ('variant = "NT"\nvariant = "FT"\n', "not TOML: "),  # a key twice
        ('variant = "NT"\nx = ' + "[" * 500 + "]" * 500 + "\n", "nested too deeply|not TOML"),
    ],
)
def test_what_rtoml_refuses_is_refused_in_the_standard_parser_s_words(text: str, words: str) -> None:
    import tomllib

    with pytest.raises(rtoml.TomlParsingError):
        rtoml.loads(text)
    with pytest.raises(ValueError, match=words) as fast:
        phh.loads(text)
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        assert str(error) in str(fast.value)  # the standard parser's own message
    except RecursionError:
        assert "nested too deeply" in str(fast.value)
