"""Fighting Wings play aids: every rule table's notes print on the page of the table's last rows."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fw.render import render_outputs

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_notes_stay_on_the_page_of_their_table(paper: str) -> None:
    result = check_sources([ROOT / "tables" / "fw"], BuildOptions())
    outputs = {o.path: o.data for o in render_outputs(result.catalog, BuildOptions(paper=paper)).outputs}
    pages = [page.extract_text() or "" for page in PdfReader(io.BytesIO(outputs["fw/table.pdf"])).pages]
    lines = [{line.strip() for line in text.splitlines()} for text in pages]
    flat = [" ".join(text.split()) for text in pages]
    checked = 0
    for source in sorted((ROOT / "tables" / "fw").glob("*.yaml")):
        table = yaml.safe_load(source.read_text(encoding="utf-8"))
        name = table["name"]
        table_pages = [i for i, page in enumerate(lines) if name in page or f"{name} (continued)" in page]
        assert table_pages, name
        for k, note in enumerate(table.get("notes", []), start=1):
            opening = " ".join(f"Note {k}: {note}".split())[:60]
            assert [i for i, text in enumerate(flat) if opening in text] == [table_pages[-1]], (name, k)
            checked += 1
    assert checked > 90
