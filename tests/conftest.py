"""Shared fixtures: every evaluator test runs against both implementations.

The ``impl`` fixture yields the compiled module (id ``c``) and the pure one
(id ``py``). A pure-only run (``--pure-only`` or ``HANDRANK_PURE_PYTHON=1``)
skips the compiled half and the guard that the compiled module loaded.
"""

from __future__ import annotations

import importlib
import os
import platform
from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

_SUMMARY: list[str] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--pure-only",
        action="store_true",
        help="test the pure-Python evaluator only; do not require the compiled one",
    )
    parser.addoption(
        "--compiled-only",
        action="store_true",
        help="leave out the pure evaluator's runs of the tests that run on both (the sanitizer run)",
    )


def scripted_input(*lines: str) -> Callable[[str], str]:
    """A stand-in for ``input``: gives ``lines`` one by one, then EOFError, as a closed stdin does."""
    given = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(given)
        except StopIteration:
            raise EOFError from None

    return read


def pure_only(config: pytest.Config) -> bool:
    return bool(config.getoption("--pure-only")) or os.environ.get("HANDRANK_PURE_PYTHON", "") not in ("", "0")


@pytest.fixture(scope="session")
def compiled(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled evaluator; skipped in a pure-only run."""
    if pure_only(request.config):
        pytest.skip("pure-only run: the compiled evaluator is not tested")
    return importlib.import_module("handrank._eval_c")


@pytest.fixture(scope="session")
def pure() -> ModuleType:
    return importlib.import_module("handrank._eval_py")


@pytest.fixture(params=["c", "py"], scope="session")
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """Each evaluator in turn: the compiled one, then the pure one."""
    if request.param == "c":
        return request.getfixturevalue("compiled")  # type: ignore[no-any-return]
    return request.getfixturevalue("pure")  # type: ignore[no-any-return]


@pytest.fixture(params=["portable", "avx2", "avx512", "neon"])
def batch_kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """The compiled ``evaluate_many`` kernels in turn: the portable one, then the SIMD ones for
    rows of bytes (where the CPU has them). Tests of the pure evaluator run once (see below)."""
    if pure_only(request.config):
        yield request.param
        return
    compiled = importlib.import_module("handrank._eval_c")
    before = compiled._batch_kernel()
    try:
        compiled._batch_kernel(request.param)
    except ValueError:
        pytest.skip(f"no {request.param} kernel here (a GCC or clang build for a CPU that has it)")
    yield request.param
    compiled._batch_kernel(before)


@pytest.fixture(scope="session")
def summary() -> list[str]:
    """Lines to print at the end of the run (the exhaustive counts), whatever the capture mode."""
    return _SUMMARY


def pytest_sessionfinish(session: pytest.Session) -> None:
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # a pytest-xdist worker: its counts go to the controller, which prints them
        output["exhaustive_counts"] = list(_SUMMARY)


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook, run in the controller as each worker ends
def pytest_testnodedown(node: object, error: object) -> None:
    _SUMMARY.extend(getattr(node, "workeroutput", {}).get("exhaustive_counts", []))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _SUMMARY:
        terminalreporter.section("exhaustive counts")
        for line in _SUMMARY:
            terminalreporter.write_line(line)


def cpu_family() -> str:
    """ "x86_64" or "arm64" (whatever the OS calls them), else the machine's own name."""
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def cpu_flags() -> set[str]:
    """What Linux says this CPU has (and saves the registers of); empty elsewhere."""
    try:
        with open("/proc/cpuinfo") as f:
            return next((set(line.split(":", 1)[1].split()) for line in f if line.startswith("flags")), set())
    except OSError:
        return set()


# The SIMD kernels by the CPUs they are written for.
KERNEL_FAMILY = {"avx2": "x86_64", "avx512": "x86_64", "neon": "arm64"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run a pure-evaluator test once, not once per compiled batch kernel, and leave out the
    kernels written for another kind of CPU (a kernel this CPU lacks is a skip that says so);
    with ``--compiled-only``, leave out the pure evaluator's runs."""
    family = cpu_family()

    def left_out(item: pytest.Item) -> bool:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if config.getoption("--compiled-only") and params.get("impl") == "py":
            return True
        kernel = params.get("batch_kernel", "portable")
        if kernel == "portable":
            return False
        return params.get("impl") == "py" or pure_only(config) or KERNEL_FAMILY[kernel] != family

    dropped = [item for item in items if left_out(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if not left_out(item)]
