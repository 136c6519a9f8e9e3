"""Saddle-stitch booklets: which page goes on which half of which sheet side, and the sheet's marks (pure geometry)."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.render.imposition import MARK_LENGTH_PT, MARK_OFFSET_PT, MIN_MARGIN_PT, Segment
from fwdata.render.layout import Rect, Size
from fwdata.units import inches, mm

# 8 sheets = 32 pages fold together well with office paper; a 224-page book is then 7 signatures.
DEFAULT_SIGNATURE_SHEETS = 8
# With bleed the spread and its marks no longer fit the paper it was cut from: it moves up one size.
PRESS_SHEETS: dict[str, Size] = {"letter": Size(inches(11), inches(17)), "a4": Size(mm(297), mm(420))}
# How the booklet's own print line names each sheet: a player must know when the paper is not --paper.
SHEET_NAMES = {"letter": "Letter", "a4": "A4"}
PRESS_SHEET_NAMES = {"letter": "11 x 17 in (Tabloid)", "a4": "A3"}
# Without bleed the spread is the whole sheet: the fold ticks lie in the pages' blank top and bottom margin.
FOLD_TICK_FROM_EDGE_PT = 6.0


@dataclass(frozen=True)
class SheetSide:
    """One side of a booklet sheet: the page number on its left and right half (None: a blank)."""

    left: int | None
    right: int | None


@dataclass(frozen=True)
class BookletSheet:
    """One sheet: the outside (front) and the inside (back) after a flip on the short edge."""

    front: SheetSide
    back: SheetSide


def impose_booklet(page_count: int, signature_sheets: int = DEFAULT_SIGNATURE_SHEETS) -> list[list[BookletSheet]]:
    """Return the signatures of a saddle-stitched booklet of pages 1..page_count, each a list of nested sheets.

    The pages are padded with blanks to a multiple of 4, at the end only. A signature holds
    `signature_sheets` sheets (4 pages each; the last may hold fewer); sheet s of a signature
    whose pages run first..last carries (last - 2s, first + 2s) on its front and
    (first + 2s + 1, last - 2s - 1) on its back: folded together, the signature reads in order,
    and the signatures stacked in order read the whole book. Raises ValueError for
    `signature_sheets` below 1.
    """
    if signature_sheets < 1:
        raise ValueError(f"a signature needs at least 1 sheet, not {signature_sheets}")
    padded = -(-max(page_count, 1) // 4) * 4
    signatures: list[list[BookletSheet]] = []
    for first in range(1, padded + 1, 4 * signature_sheets):
        last = min(first + 4 * signature_sheets, padded + 1) - 1

        def page(number: int) -> int | None:
            return number if number <= page_count else None

        signatures.append([BookletSheet(SheetSide(page(last - 2 * s), page(first + 2 * s)),
                                        SheetSide(page(first + 2 * s + 1), page(last - 2 * s - 1)))
                           for s in range((last - first + 1) // 4)])
    return signatures


@dataclass(frozen=True)
class BookletLayout:
    """Where the two pages of a spread lie on the sheet, and the marks around them, in points."""

    sheet: Size
    left: Rect
    right: Rect
    crop_marks: tuple[Segment, ...]
    fold_marks: tuple[Segment, ...]
    sheet_name: str  # the paper to load, as the booklet's print line names it


def layout_booklet(page: Size, paper: Size, paper_name: str, bleed_pt: float = 0.0) -> BookletLayout:
    """Lay two `page`s side by side on a landscape sheet, never scaled.

    Without bleed the spread must fit `paper` in landscape (a book page is half of it) and
    needs no crop marks. With bleed the spread, its bleed, crop marks (MARK_OFFSET_PT outside
    the bleed) and the home-printer margin need more than that paper: the sheet is the next
    size up (PRESS_SHEETS: 11 x 17 in for Letter, A3 for A4), spread centred. Fold marks stand
    at the spine above and below the spread. Raises ValueError when the spread does not fit.
    """
    spread = Size(2 * page.width, page.height)
    if not bleed_pt:
        sheet = paper.landscape
        _require_fit(spread, sheet, paper_name)
        spine = (sheet.width - spread.width) / 2 + page.width
        ticks = ((FOLD_TICK_FROM_EDGE_PT, FOLD_TICK_FROM_EDGE_PT + MARK_LENGTH_PT),
                 (sheet.height - FOLD_TICK_FROM_EDGE_PT - MARK_LENGTH_PT, sheet.height - FOLD_TICK_FROM_EDGE_PT))
        x0, y0 = (sheet.width - spread.width) / 2, (sheet.height - spread.height) / 2
        return BookletLayout(sheet, Rect(x0, y0, page.width, page.height), Rect(spine, y0, page.width, page.height),
                             (), tuple(Segment(spine, a, spine, b) for a, b in ticks),
                             SHEET_NAMES.get(paper_name, paper_name))
    margin = MIN_MARGIN_PT + MARK_LENGTH_PT + MARK_OFFSET_PT + bleed_pt
    sheet = PRESS_SHEETS[paper_name].landscape
    _require_fit(Size(spread.width + 2 * margin, spread.height + 2 * margin), sheet, f"{paper_name} press sheet")
    x0, y0 = (sheet.width - spread.width) / 2, (sheet.height - spread.height) / 2
    trim = Rect(x0, y0, spread.width, spread.height)
    return BookletLayout(sheet, Rect(x0, y0, page.width, page.height),
                         Rect(x0 + page.width, y0, page.width, page.height),
                         _corner_marks(trim, bleed_pt), _spine_marks(trim, bleed_pt),
                         PRESS_SHEET_NAMES.get(paper_name, f"{paper_name} press sheet"))


def _require_fit(needed: Size, sheet: Size, name: str) -> None:
    if needed.width > sheet.width + 1e-6 or needed.height > sheet.height + 1e-6:
        raise ValueError(f"a booklet spread needs {needed.width:.0f} x {needed.height:.0f} pt; "
                         f"the {name} sheet is {sheet.width:.0f} x {sheet.height:.0f} pt")


def _corner_marks(trim: Rect, bleed_pt: float) -> tuple[Segment, ...]:
    """Two crop marks at each corner of the spread's trim, starting MARK_OFFSET_PT outside the bleed."""
    near, far = bleed_pt + MARK_OFFSET_PT, bleed_pt + MARK_OFFSET_PT + MARK_LENGTH_PT
    marks = []
    for x, sx in ((trim.x, -1), (trim.right, 1)):
        for y, sy in ((trim.y, -1), (trim.top, 1)):
            marks.append(Segment(x + sx * near, y, x + sx * far, y))
            marks.append(Segment(x, y + sy * near, x, y + sy * far))
    return tuple(marks)


def _spine_marks(trim: Rect, bleed_pt: float) -> tuple[Segment, ...]:
    """A fold mark above and below the spine, as far out as the crop marks."""
    spine = trim.x + trim.width / 2
    near, far = bleed_pt + MARK_OFFSET_PT, bleed_pt + MARK_OFFSET_PT + MARK_LENGTH_PT
    return (Segment(spine, trim.y - far, spine, trim.y - near), Segment(spine, trim.top + near, spine, trim.top + far))
