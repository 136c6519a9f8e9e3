"""Print-ready PDFs read back as pdfinfo would: page boxes with bleed, crop marks, calibration, PrintScaling."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from pypdf import PdfReader

from fwdata.game_system import Catalog
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.layout import Rect
from fwdata.systems import registered_systems
from fwdata.units import inches, mm
from tests.render.sheet_content import Drawn, read_drawn

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

SHEETS = {"fw/aircraft.pdf": CARD_SIZES["half-letter"], "fl/aircraft.pdf": CARD_SIZES["index-5x3"],
          "aoa/plane.pdf": CARD_SIZES["poker"]}
CARDS = {"fw/aircraft/p-51d.pdf": CARD_SIZES["half-letter"], "fl/aircraft/f-4e.pdf": CARD_SIZES["index-5x3"],
         "aoa/plane/spad-xiii.pdf": CARD_SIZES["poker"]}
MARK_WIDTH, RULER_WIDTH = 0.5, 0.3


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return check_sources([library_root() / folder for folder in SOURCE_FOLDERS], BuildOptions()).catalog


def _render(catalog: Catalog, options: BuildOptions, paths: set[str] | None = None) -> dict[str, PdfReader]:
    """Render the planned outputs at `paths` (default: every PDF) of every system."""
    readers = {}
    for system in registered_systems().values():
        assert system.plan_outputs is not None
        for plan in system.plan_outputs(catalog, options):
            if plan.path.endswith(".pdf") and (paths is None or plan.path in paths):
                for output in plan.render().outputs:
                    readers[output.path] = PdfReader(io.BytesIO(output.data))
    return readers


def _sheets(readers: dict[str, PdfReader]) -> Iterator[tuple[str, PdfReader, int, Drawn]]:
    for path in SHEETS:
        for number in range(len(readers[path].pages)):
            yield path, readers[path], number, read_drawn(readers[path], number)


@pytest.mark.parametrize("path", sorted(CARDS))
def test_a_card_with_3mm_bleed_has_trimbox_the_card_and_bleedbox_the_card_plus_bleed(catalog: Catalog,
                                                                                     path: str) -> None:
    page = _render(catalog, BuildOptions(bleed_pt=mm(3)), {path})[path].pages[0]
    card, bleed = CARDS[path], mm(3)  # 8.504 pt
    assert [float(v) for v in page.trimbox] == pytest.approx([bleed, bleed, bleed + card.width, bleed + card.height],
                                                            abs=0.1)
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, card.width + 2 * bleed,
                                                             card.height + 2 * bleed], abs=0.1)
    assert [float(v) for v in page.mediabox] == [float(v) for v in page.bleedbox]


@pytest.mark.parametrize("path", sorted(CARDS))
def test_a_card_without_bleed_is_its_trim(catalog: Catalog, path: str) -> None:
    page = _render(catalog, BuildOptions(), {path})[path].pages[0]
    card = CARDS[path]
    assert [float(v) for v in page.mediabox] == [0, 0, card.width, card.height]
    assert [float(v) for v in page.trimbox] == [0, 0, card.width, card.height]
    assert "/BleedBox" not in page


@pytest.mark.parametrize("bleed", [0.0, mm(3)])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_marks_lie_outside_every_bleed_and_a_quarter_inch_from_the_sheet_edge(catalog: Catalog, paper: str,
                                                                             bleed: float) -> None:
    readers = _render(catalog, BuildOptions(paper=paper, bleed_pt=bleed), set(SHEETS))
    for path, reader, number, drawn in _sheets(readers):
        box = reader.pages[number].mediabox
        sheet = Rect(0, 0, float(box.width), float(box.height))
        assert [float(v) for v in reader.pages[number].trimbox] == [0, 0, sheet.width, sheet.height]
        card = SHEETS[path]
        bleeds = [Rect(x, y, card.width, card.height).inset(-bleed) for x, y in drawn.origins]
        assert drawn.origins and all(sheet.contains(area) for area in bleeds)
        marks = [s for s in drawn.segments if s[4] == MARK_WIDTH]
        assert marks, (path, number)
        for x1, y1, x2, y2, width in drawn.segments:
            line = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
            assert sheet.inset(inches(0.25)).contains(line), (path, number, line)
            assert not any(line.inset(-width / 2).overlaps(area) for area in bleeds), (path, number, line)


def test_the_last_sheet_marks_only_its_cards(catalog: Catalog) -> None:
    """Ten poker cards 8-up: the second Letter sheet holds 2 cards side by side, so 3 + 2 cut lines, 2 marks each."""
    reader = _render(catalog, BuildOptions(), {"aoa/plane.pdf"})["aoa/plane.pdf"]
    full, last = read_drawn(reader, 0), read_drawn(reader, 1)
    assert len(full.origins) == 8 and len(last.origins) == 2
    assert len([s for s in full.segments if s[4] == MARK_WIDTH]) == 2 * 5 + 2 * 3
    marks = [s for s in last.segments if s[4] == MARK_WIDTH]
    assert len(marks) == 2 * 3 + 2 * 2
    (x0, _), (x1, _) = last.origins
    assert {s[0] for s in marks if s[0] == s[2]} == {x0, x1, x1 + CARD_SIZES["poker"].width}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_sheet_carries_a_1_in_and_a_25_mm_ruler(catalog: Catalog, paper: str) -> None:
    readers = _render(catalog, BuildOptions(paper=paper), set(SHEETS))
    for path, reader, number, drawn in _sheets(readers):
        bars = sorted(round(abs(x2 - x1), 2) for x1, y1, x2, y2, width in drawn.segments
                      if width == RULER_WIDTH and y1 == y2)
        assert bars == [70.87, 72.0], (path, number)
        text = reader.pages[number].extract_text()
        assert "Print at 100 % / Actual size" in text and "1 in · 25 mm" in text


def test_every_pdf_asks_viewers_not_to_scale(catalog: Catalog) -> None:
    readers = _render(catalog, BuildOptions())
    assert len(readers) > 100
    for path, reader in readers.items():
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None", path


def test_a_sheet_is_its_own_trim_and_the_paper_size(catalog: Catalog) -> None:
    """Imposed sheets: MediaBox = TrimBox = the paper (docs/printing.md); the cut lines are the crop marks."""
    page = _render(catalog, BuildOptions(paper="a4"), {"fl/aircraft.pdf"})["fl/aircraft.pdf"].pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((mm(297), mm(210)), abs=0.01)
    assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]
