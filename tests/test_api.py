"""The public names: every one in __all__ is there and is the thing it names, not a submodule."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import handrank
import handrank.lowball  # noqa: F401  (importing submodules must not shadow the public names)
import handrank.rules  # noqa: F401


def test_every_public_name_is_a_value_not_a_module() -> None:
    for name in handrank.__all__:
        value = getattr(handrank, name)
        assert not isinstance(value, ModuleType), name
    assert callable(handrank.describe) and callable(handrank.equity)


def test_star_import_and_a_fast_import() -> None:
    code = (
        "import sys; import handrank\n"
        "assert 'handrank.odds' not in sys.modules and 'concurrent.futures' not in sys.modules\n"
        "from handrank import *\n"
        "print(describe(1), round(equity(['AhKh', 'QsQd'], board='2c 7d 9h Js').players[0].equity, 4))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["Royal", "flush", "0.1364"]
