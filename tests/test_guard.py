"""The compiled evaluator must be what runs, unless a pure-only run was asked for."""

import os
import subprocess
import sys

import pytest

import handrank
from conftest import pure_only


def test_compiled_module_loaded(request: pytest.FixtureRequest) -> None:
    if pure_only(request.config):
        pytest.skip("pure-only run (--pure-only or HANDRANK_PURE_PYTHON=1)")
    assert handrank.IMPLEMENTATION == "cython", handrank.FALLBACK_REASON
    assert handrank.FALLBACK_REASON is None
    assert handrank.evaluate.__module__ == "handrank._eval_c"


def _implementation_with(env_value: str) -> str:
    env = dict(os.environ, HANDRANK_PURE_PYTHON=env_value)
    code = "import handrank; print(handrank.IMPLEMENTATION, handrank.evaluate.__module__)"
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()


def test_env_var_forces_the_pure_evaluator() -> None:
    assert _implementation_with("1") == ["python", "handrank._eval_py"]


def test_env_var_zero_does_not_force_it(request: pytest.FixtureRequest) -> None:
    if pure_only(request.config):
        pytest.skip("pure-only run")
    assert _implementation_with("0") == ["cython", "handrank._eval_c"]


def test_failed_import_falls_back_visibly() -> None:
    code = (
        "import sys; sys.modules['handrank._eval_c'] = None\n"
        "import handrank\n"
        "print(handrank.IMPLEMENTATION); print(handrank.FALLBACK_REASON)\n"
        "print(handrank.evaluate('As Ks Qs Js Ts'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "HANDRANK_PURE_PYTHON"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[0] == "python"
    assert out[1].startswith("the compiled module did not load")
    assert out[2] == "1"


def test_both_modules_offer_the_same_functions(pure) -> None:  # type: ignore[no-untyped-def]
    names = set(handrank._EVALUATOR_FUNCTIONS)
    assert names <= set(dir(pure))
    assert names == set(pure.__all__)
    if handrank.IMPLEMENTATION == "cython":
        import handrank._eval_c as c

        assert names <= set(dir(c))


def test_the_installed_package_is_tested_not_the_source_tree() -> None:
    from pathlib import Path

    source = Path(__file__).resolve().parents[1] / "src"
    installed = Path(handrank.__file__).resolve()
    assert source not in installed.parents, f"tests imported {installed}: install the package first"


def _cpu_flags() -> set[str]:
    try:
        with open("/proc/cpuinfo") as f:
            return next((set(line.split(":", 1)[1].split()) for line in f if line.startswith("flags")), set())
    except OSError:
        return set()


def test_best_simd_batch_kernel_runs_where_it_can(request: pytest.FixtureRequest) -> None:
    # Linux x86_64 built by GCC (as the wheels are): the best SIMD kernel the CPU has must be the
    # one in use, or its tests would be skipped without anyone noticing. HANDRANK_NO_SIMD_OK=1 opts out.
    import platform
    import sysconfig

    if pure_only(request.config):
        pytest.skip("pure-only run")
    gcc = "gcc" in (sysconfig.get_config_var("CC") or "")
    flags = _cpu_flags()
    if not (sys.platform == "linux" and platform.machine() == "x86_64" and gcc and "avx2" in flags):
        pytest.skip("the SIMD kernels are built with GCC for Linux x86_64 and run on CPUs with AVX2")
    if os.environ.get("HANDRANK_NO_SIMD_OK", "") not in ("", "0"):
        pytest.skip("HANDRANK_NO_SIMD_OK is set")
    import handrank._eval_c as c

    best = "avx512" if {"avx512f", "avx512bw", "avx512vbmi"} <= flags else "avx2"
    assert c._batch_kernel() == best, f"the {best} batch kernel is off on a CPU that has it"
