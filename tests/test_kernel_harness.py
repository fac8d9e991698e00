"""The SIMD batch kernels on their own, through tests/kernel_harness.c, which checks one against
the index rules in C (random rows, flushes, bad rows, rows that end at an unreadable page).

The arm64 (NEON) kernel runs natively on arm64, or cross-compiled and under qemu on x86_64,
where no Python for arm64 is; the AVX2 kernel runs natively, which keeps the harness honest.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import cpu_family, cpu_flags

HEADERS = Path(__file__).resolve().parents[1] / "src" / "handrank" / "_c"
HARNESS = Path(__file__).with_name("kernel_harness.c")
ROUNDS = 2000  # each: 1-4 blocks of 64 rows for each of k = 5, 6, 7


def run_harness(compiler: list[str], runner: list[str], tmp_path: Path) -> None:
    if not (HEADERS / "simd.h").exists():
        pytest.skip("the kernels' C sources are not beside the tests")
    exe = tmp_path / "kernel_harness"
    flags = ["-O2", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", f"-I{HEADERS}"]
    built = subprocess.run([*compiler, *flags, "-o", str(exe), str(HARNESS)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    done = subprocess.run([*runner, str(exe), str(ROUNDS)], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    word, checked = done.stdout.split()
    assert word == "ok" and int(checked) >= ROUNDS * 3 * 63  # every row but a bad one per block


def tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"no {name} here (Debian: clang gcc-aarch64-linux-gnu qemu-user; .ci/run installs them)")
    return found


@pytest.mark.parametrize("compiler", ["gcc", "clang"])
def test_neon_kernel(compiler: str, tmp_path: Path) -> None:
    if cpu_family() == "arm64":
        run_harness([tool(compiler)], [], tmp_path)
        return
    cross = tool("aarch64-linux-gnu-gcc")  # clang links with its arm64 C library too
    build = [cross] if compiler == "gcc" else [tool("clang"), "--target=aarch64-linux-gnu"]
    run_harness([*build, "-static"], [tool("qemu-aarch64")], tmp_path)


@pytest.mark.parametrize("compiler", ["gcc", "clang"])
def test_avx2_kernel(compiler: str, tmp_path: Path) -> None:
    if cpu_family() != "x86_64" or sys.platform != "linux":
        pytest.skip("the harness runs the AVX2 kernel on Linux x86_64")
    if "avx2" not in cpu_flags():
        pytest.skip("this CPU has no AVX2")
    run_harness([tool(compiler)], [], tmp_path)
