"""Build: generate the tables, then compile the evaluator with them compiled in.

HANDRANK_PURE_PYTHON=1 builds the pure-Python package only (the py3-none-any wheel).
HANDRANK_NATIVE=1 tunes the extension for this machine (-march=native): local use only,
never for wheels that other machines install.

When the extension cannot be built (no C compiler, say), the pure package is installed with a
warning, as msgpack and yarl do; a note in the package (``_build_note.txt``) then tells
``handrank info`` why the pure evaluator runs: chosen, or the build's error.
"""

import importlib
import os
import sys
import types
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py
from setuptools.errors import CCompilerError, CompileError, ExecError, LinkError, PlatformError

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


NOTE = "_build_note.txt"
FALLBACK_ERRORS = (CCompilerError, CompileError, LinkError, ExecError, PlatformError, OSError)
"""What a failed build raises: a compile or link error, no compiler to run, no compiler for the platform."""


def _write_note(build_lib: str, text: str) -> None:
    folder = Path(build_lib) / "handrank"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / NOTE).write_text(text + "\n")


class BuildPyWithNote(build_py):
    """The package, and for a pure build by choice the note that says so."""

    def run(self) -> None:
        super().run()
        if _flag("HANDRANK_PURE_PYTHON"):
            _write_note(self.build_lib, "choice: built pure (HANDRANK_PURE_PYTHON was set when it was installed)")


class BuildExtOrPure(build_ext):
    """The extension, or, when it cannot be built, a warning and the pure package with a note of why."""

    def run(self) -> None:
        try:
            super().run()
        except FALLBACK_ERRORS as error:
            self._fall_back(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except FALLBACK_ERRORS as error:
            self._fall_back(error)

    def _fall_back(self, error: BaseException) -> None:
        reason = f"{type(error).__name__}: {error}".strip()
        message = (
            f"the compiled extension did not build ({reason}); the pure-Python evaluator is installed instead, "
            "the same answers, more slowly. For the compiled one: install a C compiler "
            "(build-essential, Xcode's command line tools, or Visual Studio Build Tools) and reinstall past "
            "pip's cache, which keeps this build as the platform's wheel "
            "(pip install --no-cache-dir --force-reinstall handrank), "
            "or install a wheel (pip install --only-binary handrank handrank)."
        )
        print(f"WARNING: handrank: {message}", file=sys.stderr)
        # An extension an earlier build left where this one would have written it is out of date:
        # installed beside the note, it would run in place of the pure evaluator the note names.
        for ext in self.extensions:
            Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        _write_note(self.build_lib, f"failed: {message}")


def extensions_or_none() -> list:
    try:
        return extensions()
    except ImportError as error:  # no Cython in a build without isolation: the pure package, noted
        print(f"WARNING: handrank: Cython is missing ({error}); building the pure package", file=sys.stderr)
        return []


generate_tables()
setup(ext_modules=extensions_or_none(), cmdclass={"build_ext": BuildExtOrPure, "build_py": BuildPyWithNote})
