"""Every bundled play aid reads in the games' words: no YAML identifiers or source paths on a printed page."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources

# A snake_case word (letters or digits on both sides of an underscore: `over_loaded`, `2_out_ds`), a YAML file
# name, or a library folder path. Runs of underscores alone are write-in lines and pass.
IDENTIFIER = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]*[A-Za-z0-9]\b|\.ya?ml\b|\b(?:cards|tables|scenarios)/")
# Real words a printed aid may carry that look like identifiers (none needed so far).
ALLOWED: frozenset[str] = frozenset()


@cache
def _page_texts(out_dir: Path) -> dict[str, list[str]]:
    result = build_sources([library_root() / folder for folder in SOURCE_FOLDERS],
                           BuildOptions(out_dir=out_dir, use_cache=False))
    assert not result.report.failed(False)
    return {path.relative_to(out_dir).as_posix(): [page.extract_text() or "" for page in PdfReader(
        io.BytesIO(path.read_bytes())).pages] for path in sorted(out_dir.rglob("*.pdf"))}


@pytest.fixture(scope="module")
def page_texts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    return _page_texts(tmp_path_factory.mktemp("bundled"))


def test_every_system_prints(page_texts: dict[str, list[str]]) -> None:
    assert {path.split("/")[0] for path in page_texts} == {"aoa", "fl", "fw"}
    assert "fw/table.pdf" in page_texts and "aoa/chart.pdf" in page_texts and "fl/aircraft/f-4b.pdf" in page_texts


def test_no_identifier_or_file_path_on_any_printed_page(page_texts: dict[str, list[str]]) -> None:
    hits = [(path, number, match.group(0))
            for path, pages in page_texts.items() for number, text in enumerate(pages, start=1)
            for match in IDENTIFIER.finditer(text) if match.group(0) not in ALLOWED]
    assert hits == []


def test_rule_tables_print_the_rulebook_words_for_their_codes(page_texts: dict[str, list[str]]) -> None:
    """OTR 17.2: the bomber table rows read 'Over-loaded' and '2 eng. out DS', as the rulebook prints them."""
    text = " ".join(" ".join(page_texts["fw/table.pdf"]).split())
    assert "Over-loaded" in text and "2 eng. out DS" in text and "2 eng. out SS" in text and "All eng. good" in text
    assert "Over loaded" in text and "Idle power (-0.5 speed)" in text  # OTR 4.3.1, A/C Condition
    assert "Full Moon" in text and "Fuel Tanks" in text
    assert "Edition: OTR 3rd edition" in text and "otr-3rd" not in text


def test_chart_book_has_no_developer_flags_column(page_texts: dict[str, list[str]]) -> None:
    text = " ".join(page_texts["aoa/chart.pdf"])
    assert "Maneuver Chart" in text and "Difficult PH/orig." in text
    assert "Flags" not in text and "weave-direction" not in text and "unnamed-codes" not in text
