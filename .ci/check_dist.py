"""Packaging checks for .ci/run: what the sdist and wheels hold, and what cibuildwheel would build."""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path


def check_dists(dist: Path, pure: Path) -> None:
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    (pure_wheel,) = pure.glob("*.whl")
    with tarfile.open(sdist) as archive:
        sdist_names = archive.getnames()
    root = Path(__file__).resolve().parents[1]
    compiled = root / "src" / "handrank" / "_c"
    headers = [f"src/handrank/_c/{h.name}" for h in sorted(compiled.glob("*.h")) + sorted(compiled.glob("*.pxi"))]
    for needed in (
        "src/handrank/_eval_c.pyx",
        "src/handrank/_eval_c.pyi",
        *headers,
        "tests/kernel_harness.c",
        "src/handrank/_tables.py",
        "src/handrank/py.typed",
        "setup.py",
        "pyproject.toml",
        "tests/conftest.py",
        "docs/index.md",
        "docs/_doctest_fences.py",
        "mkdocs.yml",
        "CHANGELOG.md",
        "_preflop_wins.bin",
        "_omaha_order.bin",
    ):
        assert any(n.endswith(needed) for n in sdist_names), f"sdist lacks {needed}"
    assert len(headers) >= 10, headers
    generated = [n for n in sdist_names if n.endswith(("_eval_c.c", "_tables_data.h", "_tables.bin"))]
    assert not generated, f"generated files in the sdist: {generated}"
    names = zipfile.ZipFile(wheel).namelist()
    leaked = [n for n in names if n.endswith((".pyx", ".pxi", ".c", ".h", ".pxd"))]
    assert not leaked, f"source files in the wheel: {leaked}"
    shipped = ("handrank/_tables.bin", "handrank/_preflop_wins.bin", "handrank/_omaha_order.bin")
    for needed in ("handrank/py.typed", "handrank/_eval_c.pyi", *shipped):
        assert needed in names, f"wheel lacks {needed}"
    modules = {n.split("/src/", 1)[1] for n in sdist_names if "/src/handrank/" in n and n.endswith(".py")}
    assert not modules - set(names), f"modules of the sdist not in the wheel: {sorted(modules - set(names))}"
    (binary,) = [n for n in names if n.startswith("handrank/_eval_c.") and n.endswith((".so", ".pyd"))]
    size = zipfile.ZipFile(wheel).getinfo(binary).file_size
    # Debug info is a section of its own (Python's flags ask for -g; setup.py adds -g0 after them).
    assert b".debug_info" not in zipfile.ZipFile(wheel).read(binary), f"{binary} carries debug info ({size:,} bytes)"
    assert size < 3_000_000, f"{binary} is {size:,} bytes: a build with debug info is about three times the size"
    assert pure_wheel.name.endswith("-py3-none-any.whl"), pure_wheel.name
    pure_names = zipfile.ZipFile(pure_wheel).namelist()
    assert not any(n.endswith((".so", ".pyd", ".pyx", ".c")) for n in pure_names), pure_names
    assert all(name in pure_names for name in shipped), f"the pure wheel lacks one of {shipped}"
    assert not modules - set(pure_names), f"modules not in the pure wheel: {sorted(modules - set(pure_names))}"
    print(f"dist ok: {sdist.name}, {wheel.name} ({len(names)} files, {binary} {size:,} bytes), {pure_wheel.name}")


def check_metadata(wheel_dir: Path) -> None:
    """The built wheel's metadata: the version from its one source, classifiers PyPI accepts, a
    classifier for every Python version cibuildwheel builds, and the build note never shipped."""
    from email.parser import Parser

    from trove_classifiers import classifiers

    (wheel,) = wheel_dir.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(name).decode())
        assert not [n for n in archive.namelist() if n.endswith("_build_note.txt")], "a build note in a compiled wheel"
    root = Path(__file__).resolve().parents[1]
    init = (root / "src" / "handrank" / "__init__.py").read_text()
    assert f'__version__ = "{metadata["Version"]}"' in init, metadata["Version"]
    given = metadata.get_all("Classifier") or []
    unknown = [c for c in given if c not in classifiers]
    assert not unknown, f"classifiers PyPI does not know: {unknown}"
    for minor in range(9, 15):
        assert f"Programming Language :: Python :: 3.{minor}" in given, f"no classifier for 3.{minor}"
    print(f"metadata ok: version {metadata['Version']}, {len(given)} classifiers")


def check_identifiers(files: list[Path]) -> None:
    ids = {line.strip() for f in files for line in f.read_text().split()}
    wanted = [
        f"{py}-{plat}"
        for py in ("cp39", "cp310", "cp311", "cp312", "cp313", "cp313t", "cp314", "cp314t")
        for plat in (
            "manylinux_x86_64",
            "manylinux_aarch64",
            "musllinux_x86_64",
            "musllinux_aarch64",
            "macosx_x86_64",
            "macosx_arm64",
            "win_amd64",
        )
    ]
    missing = [w for w in wanted if w not in ids]
    assert not missing, f"cibuildwheel would not build: {missing}"
    print(f"cibuildwheel plans {len(ids)} wheels, every wanted one among them")


if __name__ == "__main__":
    if sys.argv[1] == "--identifiers":
        check_identifiers([Path(a) for a in sys.argv[2:]])
    elif sys.argv[1] == "--metadata":
        check_metadata(Path(sys.argv[2]))
    else:
        check_dists(Path(sys.argv[1]), Path(sys.argv[2]))
