"""Saddle-stitch booklets: fold the imposed sheets and read the book in order; the PDF holds the right halves."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from ruamel.yaml import YAML

from fwdata.cli.main import main
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.booklet import (
    DEFAULT_SIGNATURE_SHEETS,
    FOLD_TICK_FROM_EDGE_PT,
    BookletSheet,
    SheetSide,
    impose_booklet,
    layout_booklet,
)
from fwdata.render.imposition import MARK_OFFSET_PT, MIN_MARGIN_PT
from fwdata.render.layout import PAPER_SIZES, Size
from fwdata.systems.aoa.book_generator import design_from_data
from fwdata.systems.aoa.render_books import render_booklet
from fwdata.units import inches, mm

ROOT = Path(__file__).resolve().parents[2]
HOW_TO = "how-to"


def fold(signature: list[BookletSheet]) -> list[int | None]:
    """Nest the sheets (sheet 0 outermost, fronts outward), fold at the spine and read page after page.

    Printed duplex with a flip on the short edge, the back of a sheet is mirrored left to right:
    the right half-sheet (leaf) carries front.right outside and back.left inside, the left leaf
    front.left outside and back.right inside. Folded, the right leaves come first, outermost
    first, each read outside then inside; then the left leaves, innermost first, inside then outside.
    """
    right_leaves = [(sheet.front.right, sheet.back.left) for sheet in signature]
    left_leaves = [(sheet.front.left, sheet.back.right) for sheet in signature]
    pages: list[int | None] = []
    for outside, inside in right_leaves:
        pages += [outside, inside]
    for outside, inside in reversed(left_leaves):
        pages += [inside, outside]
    return pages


def read_booklet(signatures: list[list[BookletSheet]]) -> list[int | None]:
    """Fold every signature and stack them in order."""
    return [page for signature in signatures for page in fold(signature)]


@pytest.mark.parametrize("page_count", range(1, 70))
@pytest.mark.parametrize("signature_sheets", [1, 2, 3, 8, 100])
def test_folded_sheets_read_one_two_three_with_blanks_at_the_end_only(page_count: int, signature_sheets: int) -> None:
    signatures = impose_booklet(page_count, signature_sheets)
    padded = -(-page_count // 4) * 4
    assert read_booklet(signatures) == [*range(1, page_count + 1), *[None] * (padded - page_count)]
    assert sum(len(signature) for signature in signatures) == padded // 4
    assert all(len(signature) == signature_sheets for signature in signatures[:-1])
    assert 1 <= len(signatures[-1]) <= signature_sheets


def test_the_dogfighting_book_is_seven_signatures_of_eight_sheets() -> None:
    """A how-to page and 223 book pages = 224 = 56 sheets; 8 sheets (32 pages) a signature by default."""
    signatures = impose_booklet(224)
    assert DEFAULT_SIGNATURE_SHEETS == 8
    assert [len(signature) for signature in signatures] == [8] * 7
    assert read_booklet(signatures) == list(range(1, 225))
    assert [len(s) for s in impose_booklet(224, 56)] == [56]  # one signature: all nested


def test_the_standard_order_sheet_by_sheet() -> None:
    """Sheet s of pages first..last: front (last - 2s, first + 2s), back (first + 2s + 1, last - 2s - 1)."""
    first_signature, second_signature = impose_booklet(16, 2)
    assert first_signature == [BookletSheet(SheetSide(8, 1), SheetSide(2, 7)),
                               BookletSheet(SheetSide(6, 3), SheetSide(4, 5))]
    assert second_signature[0] == BookletSheet(SheetSide(16, 9), SheetSide(10, 15))
    assert impose_booklet(5, 1)[1] == [BookletSheet(SheetSide(None, 5), SheetSide(None, None))]


def test_a_signature_needs_a_sheet() -> None:
    with pytest.raises(ValueError, match="at least 1 sheet"):
        impose_booklet(8, 0)


def test_build_refuses_a_signature_of_no_sheets(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path / "out"), "--signature", "0", str(tmp_path)])
    assert result.exit_code == 2
    assert "--signature" in result.stderr and "0 is not in the range 1<=x<=64" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_two_half_sheet_pages_fill_the_landscape_sheet_without_scaling(paper: str) -> None:
    sheet = PAPER_SIZES[paper].landscape
    page = Size(sheet.width / 2, sheet.height)
    layout = layout_booklet(page, PAPER_SIZES[paper], paper)
    assert layout.sheet == sheet and layout.crop_marks == ()
    assert (layout.left.x, layout.left.width, layout.right.x, layout.right.width) == (0, page.width, page.width,
                                                                                       page.width)
    for mark in layout.fold_marks:  # at the spine, in the pages' blank 22 pt top and bottom margin
        assert mark.x1 == mark.x2 == page.width
        low, high = sorted((mark.y1, mark.y2))
        assert (low == FOLD_TICK_FROM_EDGE_PT and high < 22) or (high == sheet.height - FOLD_TICK_FROM_EDGE_PT
                                                                 and low > sheet.height - 22)
    assert len(layout.fold_marks) == 2


@pytest.mark.parametrize(("paper", "sheet"), [("letter", Size(inches(17), inches(11))),
                                              ("a4", Size(mm(420), mm(297)))])
@pytest.mark.parametrize("bleed_pt", [mm(3), inches(0.125)])
def test_with_bleed_the_spread_moves_to_the_next_paper_size_with_crop_marks(paper: str, sheet: Size,
                                                                            bleed_pt: float) -> None:
    page = Size(PAPER_SIZES[paper].landscape.width / 2, PAPER_SIZES[paper].landscape.height)
    layout = layout_booklet(page, PAPER_SIZES[paper], paper, bleed_pt)
    assert layout.sheet.width == pytest.approx(sheet.width) and layout.sheet.height == pytest.approx(sheet.height)
    assert layout.right.x == layout.left.right
    assert layout.left.x == pytest.approx((sheet.width - 2 * page.width) / 2)
    assert len(layout.crop_marks) == 8 and len(layout.fold_marks) == 2
    for mark in (*layout.crop_marks, *layout.fold_marks):
        xs, ys = sorted((mark.x1, mark.x2)), sorted((mark.y1, mark.y2))
        outside_x = xs[1] <= layout.left.x - bleed_pt - MARK_OFFSET_PT + 1e-9 or xs[0] >= layout.right.right + bleed_pt
        outside_y = ys[1] <= layout.left.y - bleed_pt - MARK_OFFSET_PT + 1e-9 or ys[0] >= layout.left.top + bleed_pt
        assert outside_x or outside_y
        assert min(xs[0], ys[0], sheet.width - xs[1], sheet.height - ys[1]) >= MIN_MARGIN_PT


def test_a_page_wider_than_half_the_sheet_is_refused_not_scaled() -> None:
    with pytest.raises(ValueError, match="needs 800 x 600 pt; the letter sheet is 792 x 612 pt"):
        layout_booklet(Size(400, 600), PAPER_SIZES["letter"], "letter")


# ------------------------------------------------------------------ the rendered booklet


@pytest.fixture(scope="module")
def book_and_design() -> tuple[Any, Any]:
    design = design_from_data(YAML(typ="safe").load(
        (ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml").read_text()))
    catalog = check_sources([ROOT / "cards" / "aoa"], BuildOptions()).catalog
    return next(b for b in catalog.models("aoa", "book") if b.side == "allied"), design


def halves(data: bytes) -> list[tuple[str | int | None, str | int | None]]:
    """Return, per PDF page, what stands on its left and right half: a book page number, HOW_TO or None."""
    sides = []
    for pdf_page in PdfReader(io.BytesIO(data)).pages:
        width = float(pdf_page.mediabox.width)
        found: list[str | int | None] = [None, None]

        def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float,
                  found: list[str | int | None] = found, width: float = width) -> None:
            half = 0 if tm[4] * cm[0] + tm[5] * cm[2] + cm[4] < width / 2 else 1
            if text.strip().isdigit() and size >= 20:  # the page number: 30 pt (chart numbers are 12 pt)
                found[half] = int(text.strip())
            elif text.startswith("Ace of Aces dogfighting book"):
                found[half] = HOW_TO

        pdf_page.extract_text(visitor_text=visit)
        sides.append((found[0], found[1]))
    return sides


def test_the_booklet_pdf_holds_the_right_two_pages_on_each_side(book_and_design: tuple[Any, Any]) -> None:
    """13 book pages + the how-to page = 14, padded to 16: two signatures of 2 sheets, 8 PDF pages."""
    book, design = book_and_design
    only = [1, 2, 3, 4, 5, 6, 7, 120, 170, 187, 221, 222, 223]
    data, findings = render_booklet(book, design, PAPER_SIZES["letter"], paper_name="letter", signature_sheets=2,
                                    only=only)
    assert findings == []
    reader = PdfReader(io.BytesIO(data))
    signatures = impose_booklet(14, 2)
    assert len(reader.pages) == 2 * sum(len(signature) for signature in signatures) == 8
    assert [float(v) for v in reader.pages[0].mediabox] == [0, 0, 792, 612]
    reading = [HOW_TO, *only]
    expected = [(reading[side.left - 1] if side.left else None, reading[side.right - 1] if side.right else None)
                for signature in signatures for sheet in signature for side in (sheet.front, sheet.back)]
    assert halves(data) == expected
    assert expected[:2] == [(7, HOW_TO), (1, 6)]  # sheet 1 of booklet pages 1-8: (8, 1) and (2, 7)
    # How to print it ends the how-to page (the right half of sheet 1's front), inside its margin: no printer
    # clips it and no crop mark touches it.
    first = " ".join(reader.pages[0].extract_text().split())
    assert "Printing this booklet: Letter paper, double-sided, flip on the short edge" in first
    assert "docs/" not in first and "generated by fwdata from a geometric model of the dogfight" in first.lower()


def test_a_booklet_with_bleed_prints_on_a3_and_renders_identically_twice(book_and_design: tuple[Any, Any]) -> None:
    book, design = book_and_design
    first, _ = render_booklet(book, design, PAPER_SIZES["a4"], paper_name="a4", bleed_pt=mm(3), only=[1, 2, 223])
    second, _ = render_booklet(book, design, PAPER_SIZES["a4"], paper_name="a4", bleed_pt=mm(3), only=[1, 2, 223])
    assert first == second
    box = PdfReader(io.BytesIO(first)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (1191, 842)
    assert halves(first) == [(223, HOW_TO), (1, 2)]  # booklet pages (4, 1) and (2, 3)
    assert "Printing this booklet: A3 paper" in PdfReader(io.BytesIO(first)).pages[0].extract_text()  # not A4
