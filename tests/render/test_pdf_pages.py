"""Pages are encoded as they end (fwdata/render/pdf.py): the same bytes as reportlab's own save, less memory."""

from __future__ import annotations

import pytest

from fwdata.game_system import Catalog
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.layout import Size
from fwdata.render.pdf import PdfDocument
from tests.render.sheet_content import render_planned

# Outputs of every kind of page: an imposed card sheet, a card with bleed, log sheets, tables, a booklet.
OUTPUTS = {"fw/aircraft.pdf", "fw/aircraft/p-51d.pdf", "fw/logsheet/blank.pdf", "fw/table.pdf", "fl/aircraft.pdf",
           "aoa/plane.pdf"}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return check_sources([library_root() / folder for folder in SOURCE_FOLDERS], BuildOptions()).catalog


def test_pages_encoded_as_they_end_give_reportlabs_bytes(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    options = BuildOptions(bleed_pt=9.0, backs=True)
    encoded = render_planned(catalog, options, OUTPUTS)
    monkeypatch.setattr(PdfDocument, "_encode_page", lambda self, number: None)  # reportlab encodes them at save
    assert render_planned(catalog, options, OUTPUTS) == encoded
    assert set(encoded) == OUTPUTS


def test_an_ended_page_holds_no_text_stream() -> None:
    doc = PdfDocument("pages")
    for number in range(3):
        doc.new_page(Size(200, 100)).text(10, 10, f"page {number}")
    pages = doc._canvas._doc.Pages.pages
    assert len(pages) == 2 and all(page.stream is None and page.Contents is not None for page in pages)
    assert doc.finish().count(b"/Type /Page\n") == 3
