"""Build: generate the tables, then compile the evaluator with them compiled in.

HANDRANK_PURE_PYTHON=1 builds the pure-Python package only (the py3-none-any wheel).
HANDRANK_NATIVE=1 tunes the extension for this machine (-march=native): local use only,
never for wheels that other machines install.
"""

import importlib
import os
import sys
import types
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
PACKAGE = HERE / "src" / "handrank"


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def generate_tables() -> None:
    """Write the pure evaluator's table file and the extension's C header from ``_tables.py``.

    The two table modules are loaded under a stand-in for the package, whose ``__init__``
    (which wants the built extension or the table file) is not run.
    """
    stand_in = types.ModuleType("_handrank_build")
    stand_in.__path__ = [str(PACKAGE)]
    sys.modules[stand_in.__name__] = stand_in
    files = importlib.import_module("_handrank_build._table_files")
    generated = files.generate()
    files.write_data_file(generated, PACKAGE / "_tables.bin")
    files.write_c_header(generated, PACKAGE / "_tables_data.h")


def extensions() -> list:
    if _flag("HANDRANK_PURE_PYTHON"):
        return []
    from Cython.Build import cythonize

    if sys.platform == "win32":
        args = ["/O2"]
    else:
        # No fused multiply-add: exact range equity adds weights in the same roundings as the pure fallback.
        # No debug info (Python's own flags ask for -g): it was most of the wheel's size.
        args = ["-O3", "-fno-strict-aliasing", "-ffp-contract=off", "-g0"]
        if _flag("HANDRANK_NATIVE"):
            args.append("-march=native")
    ext = Extension(
        "handrank._eval_c",
        sources=["src/handrank/_eval_c.pyx"],
        include_dirs=["src/handrank"],
        extra_compile_args=args,
    )
    return cythonize([ext], compiler_directives={"language_level": "3"})


generate_tables()
setup(ext_modules=extensions())
