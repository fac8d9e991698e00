"""The documentation site builds (MkDocs, warnings as errors), has a page for every entry of its
navigation, and no internal link or anchor of it leads nowhere. Skipped without mkdocs."""

from __future__ import annotations

import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Optional
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]


class Links(HTMLParser):
    """Every href and src of a page, and every id it defines (the anchors links may point to)."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)
            if name == "id" and value:
                self.ids.add(value)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs", reason="mkdocs is not installed (pip install 'handrank[docs]')")
    pytest.importorskip("mkdocstrings", reason="mkdocstrings is not installed (pip install 'handrank[docs]')")
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def nav_pages() -> list[str]:
    import re

    return re.findall(r":\s*([\w/-]+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)


def test_every_page_is_built_and_listed(site: Path) -> None:
    listed = nav_pages()
    written = sorted(str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md"))
    assert sorted(listed) == written, "a page missing from the navigation, or listed but not written"
    for page in listed:
        built = site / ("index.html" if page == "index.md" else page[: -len(".md")] + "/index.html")
        assert built.is_file(), page
    api = (site / "api" / "index.html").read_text()
    for name in ("handrank.evaluate", "handrank.odds.equity", "handrank.history.stats.hand_rows"):
        assert f'id="{name}"' in api, f"the API reference lacks {name}"


def test_every_public_name_of_every_module_in_the_reference_is_there(site: Path) -> None:
    """Each name in the ``__all__`` of a module the API page renders has its own entry; a function
    the evaluator gives (``short_deck.evaluate_short_deck``) may be the package's entry, and a
    function with a submodule of its name (``engine.replay``) that submodule's."""
    import importlib
    import re

    import handrank

    api = (site / "api" / "index.html").read_text()
    entries = set(re.findall(r'id="([^"]+)"', api))
    missing = []
    for module_name in re.findall(r"^::: (\S+)", (ROOT / "docs" / "api.md").read_text(), re.M):
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            places = [f"{module_name}.{name}", f"{module_name}.{name}.{name}"]
            if getattr(handrank, name, None) is value:
                places.append(f"handrank.{name}")
            if not entries.intersection(places):
                missing.append(f"{module_name}.{name}")
    assert not missing, f"the API reference lacks {missing}"
    assert "cards: Union[Cards, int]" in re.sub(r"<[^>]+>", "", api)  # signatures show their types


def test_no_internal_link_or_anchor_leads_nowhere(site: Path) -> None:
    pages = {p: Links() for p in site.rglob("*.html")}
    for path, parsed in pages.items():
        parsed.feed(path.read_text(errors="replace"))
    broken = []
    checked = 0
    for path, parsed in pages.items():
        for link in parsed.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:")):
                continue
            if not parts.path:
                target = path
            elif parts.path.startswith("/"):  # from the site's root, as the 404 page links
                target = (site / unquote(parts.path).lstrip("/")).resolve()
            else:
                target = (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {link}")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html" and target in pages and fragment not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {link} (no such anchor)")
            checked += 1
    assert not broken, broken[:20]
    assert checked > 500


COLUMN = 80
"""The characters of code a page's column shows at 1280 px wide before a scroll bar hides the rest."""


def test_no_code_line_is_wider_than_the_column() -> None:
    # The results in the examples' comments are what a reader came for: none behind a scroll bar.
    wide = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        inside = False
        for number, line in enumerate(page.read_text().splitlines(), 1):
            if line.startswith("```"):
                inside = not inside
            elif inside and len(line) > COLUMN:
                wide.append(f"{page.relative_to(ROOT)}:{number} ({len(line)})")
    assert not wide, wide


def test_pages_link_to_pages_instead_of_naming_them_in_code() -> None:
    """A page sends the reader on with a link, not a path in a code span (`docs/rules.md#...`),
    which the site shows as text to copy. The rules page itself says its anchors are named so
    in the code and the tests."""
    import re

    named = [
        f"{page.relative_to(ROOT)}:{n}"
        for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
        if page.name != "rules.md"
        for n, line in enumerate(page.read_text().splitlines(), 1)
        if re.search(r"`docs/[\w/.-]+\.md[^`]*`", line)
    ]
    assert not named, named
