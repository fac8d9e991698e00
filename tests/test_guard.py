"""The compiled evaluator must be what runs, unless a pure-only run was asked for."""

from __future__ import annotations

import os
import subprocess
import sys
from types import ModuleType

import pytest
from conftest import cpu_family, cpu_flags, pure_only

import handrank


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
    names = set(handrank._interface.NAMES)
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


def _best_kernel_here() -> str | None:
    """The SIMD kernel the wheels for this platform should run on this CPU, or None for none."""
    if sys.platform not in ("linux", "darwin"):
        return None  # Windows: MSVC builds have the portable kernel only
    if cpu_family() == "arm64":  # every arm64 CPU has NEON
        return "neon"
    if cpu_family() != "x86_64":
        return None
    if sys.platform == "linux":
        flags = cpu_flags()
        if "avx2" not in flags:
            return None
        return "avx512" if {"avx512f", "avx512bw", "avx512vbmi"} <= flags else "avx2"
    # macOS: AVX2 at most, the build leaves AVX-512 out there
    asked = subprocess.run(["sysctl", "-n", "hw.optional.avx2_0"], capture_output=True, text=True)
    return "avx2" if asked.stdout.strip() == "1" else None


def test_best_simd_batch_kernel_runs_where_it_can(request: pytest.FixtureRequest) -> None:
    # Linux and macOS (wheels built by GCC or clang): the best SIMD kernel the CPU has must be
    # the one in use, or its tests would be skipped without anyone noticing.
    # HANDRANK_NO_SIMD_OK=1 opts out (a build without the kernels, or by another compiler).
    if pure_only(request.config):
        pytest.skip("pure-only run")
    best = _best_kernel_here()
    if best is None:
        pytest.skip("the SIMD kernels are for Linux and macOS on arm64, and on x86_64 CPUs with AVX2")
    if os.environ.get("HANDRANK_NO_SIMD_OK", "") not in ("", "0"):
        pytest.skip("HANDRANK_NO_SIMD_OK is set")
    import handrank._eval_c as c

    assert c._batch_kernel() == best, f"the {best} batch kernel is off on a CPU that has it"


# CPUID bits (Intel SDM vol. 2A, CPUID): leaf 1 ECX 27 OSXSAVE, 28 AVX; leaf 7 EBX 5 AVX2,
# 16 AVX512F, 30 AVX512BW; leaf 7 ECX 1 AVX512VBMI. XCR0: bits 1-2 XMM/YMM, 5-7 AVX-512 state.
LEAF1 = 1 << 27 | 1 << 28
AVX2, AVX512F, AVX512BW, AVX512VBMI = 1 << 5, 1 << 16, 1 << 30, 1 << 1
SAVED_AVX, SAVED_AVX512 = 0x7, 0xE7


@pytest.mark.parametrize(
    "leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0, kernel",
    [
        pytest.param(LEAF1, AVX2 | AVX512F | AVX512BW, AVX512VBMI, SAVED_AVX512, "avx512", id="ice-lake-zen4"),
        pytest.param(LEAF1, AVX2 | AVX512F | AVX512BW, 0, SAVED_AVX512, "avx2", id="skylake-x-no-vbmi"),
        pytest.param(LEAF1, AVX2 | AVX512F, AVX512VBMI, SAVED_AVX512, "avx2", id="no-bw"),
        pytest.param(LEAF1, AVX2 | AVX512F | AVX512BW, AVX512VBMI, SAVED_AVX, "avx2", id="os-saves-no-zmm"),
        pytest.param(LEAF1, AVX2 | AVX512F | AVX512BW, AVX512VBMI, 0x67, "avx2", id="os-saves-part-of-zmm"),
        pytest.param(LEAF1, AVX2, 0, SAVED_AVX, "avx2", id="haswell-zen1-3"),
        pytest.param(LEAF1, 0, 0, SAVED_AVX, "portable", id="sandy-bridge-no-avx2"),
        pytest.param(LEAF1, AVX2 | AVX512F | AVX512BW, AVX512VBMI, 0x3, "portable", id="os-saves-no-ymm"),
        pytest.param(1 << 28, AVX2, 0, SAVED_AVX, "portable", id="no-osxsave-so-no-xcr0"),
        pytest.param(1 << 27, AVX2, 0, SAVED_AVX, "portable", id="avx2-without-avx"),
        pytest.param(0x18000000, 0x20, 0, 0x7, "avx2", id="docstring-example"),
    ],
)
def test_kernel_choice_follows_cpuid_and_xcr0(
    compiled: ModuleType, leaf1_ecx: int, leaf7_ebx: int, leaf7_ecx: int, xcr0: int, kernel: str
) -> None:
    words = (leaf1_ecx, leaf7_ebx, leaf7_ecx, xcr0)
    assert compiled._kernel_for_cpu(*words) == kernel
    # Every other bit of each word set too: only the ones named above may matter.
    named = (LEAF1, AVX2 | AVX512F | AVX512BW, AVX512VBMI, 0xE6)
    noisy = [word | (0xFFFFFFFF & ~bits) for word, bits in zip(words, named)]
    assert compiled._kernel_for_cpu(*noisy) == kernel
