"""Ruled grids of fitted cells for Fighting Wings cards and sheets (drawn through the PDF adapter)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fwdata.findings import Location
from fwdata.render.fonts import text_width, wrap_words
from fwdata.render.layout import Rect
from fwdata.render.pdf import MIN_FONT_PT, Page

CELL_PAD_PT = 1.5
HEADER_GRAY = 0.85
RESTORED_GRAY = 0.92
RULE_WIDTH_PT = 0.3


@dataclass(frozen=True)
class Cell:
    """One grid cell: its text and how to draw it; `where` locates the source value for overflow findings."""

    text: str
    bold: bool = False
    italic: bool = False
    underline: bool = False
    fill_gray: float | None = None
    align: str = "centre"
    wrap: bool = False
    where: Location | None = None


def fitted_size(text: str, width: float, height: float, size: float, bold: bool = False) -> float:
    """Return the font size `Page.fit_text` settles on for `text` in a box `width` x `height` pt."""
    inner = width - 2 * CELL_PAD_PT
    fitted = size
    while fitted > MIN_FONT_PT and (text_width(text, fitted, bold) > inner or fitted > height - 1):
        fitted = max(MIN_FONT_PT, fitted - 0.5)
    return fitted


def wrapped_height(text: str, width: float, size: float, *, bold: bool = False, leading: float = 1.2,
                   pad: float = 2.0) -> float:
    """Return the height in points `Page.paragraph` needs to set `text` at `size` pt in `width` pt."""
    lines = wrap_words(text, width - 2 * pad, size, bold)
    count = len(lines) if lines is not None else 99
    return count * size * leading + 2 * pad


def draw_cell(page: Page, box: Rect, cell: Cell, size: float) -> bool:
    """Draw one cell's fill and text in `box`; return False when the text overflowed (a finding is recorded)."""
    if cell.fill_gray is not None:
        page.rect(box, stroke=False, fill_gray=cell.fill_gray)
    if not cell.text:
        return True
    if cell.wrap:
        return page.paragraph(box, cell.text, size, bold=cell.bold, pad=CELL_PAD_PT, where=cell.where)
    fits = page.fit_text(box, cell.text, size, bold=cell.bold, italic=cell.italic, align=cell.align,
                         pad=CELL_PAD_PT, where=cell.where)
    if cell.underline and fits:
        # An underlined weapon listing is a rechargeable fixed gun (OTR 10.1).
        used = fitted_size(cell.text, box.width, box.height, size, cell.bold)
        width = text_width(cell.text, used, cell.bold)
        baseline = box.y + (box.height - used * 0.72) / 2
        x = box.x + CELL_PAD_PT if cell.align == "left" else box.x + (box.width - width) / 2
        if cell.align == "right":
            x = box.right - CELL_PAD_PT - width
        page.line(x, baseline - 1.0, x + width, baseline - 1.0, 0.5)
    return fits


def draw_grid(page: Page, box: Rect, rows: Sequence[Sequence[Cell]], widths: Sequence[float], *,
              heights: Sequence[float] | None = None, size: float = 7.5, header_rows: int = 1) -> bool:
    """Draw a ruled grid filling `box`: columns proportional to `widths`, rows to `heights` (default equal).

    Header rows are bold on gray. Returns False if any cell overflowed.
    """
    if not rows:
        return True
    columns = box.columns(widths)
    row_boxes = box.rows(heights or [1.0] * len(rows))
    fits = True
    for r, (row, row_box) in enumerate(zip(rows, row_boxes, strict=True)):
        header = r < header_rows
        if header:
            page.rect(row_box, stroke=False, fill_gray=HEADER_GRAY)
        for column, cell in zip(columns, row, strict=False):
            if not cell.text and cell.fill_gray is None:
                continue  # nothing to draw (most cells of a log sheet's turn lines)
            if header and not cell.bold:
                cell = Cell(cell.text, bold=True, align=cell.align, wrap=cell.wrap, where=cell.where,
                            fill_gray=cell.fill_gray)
            fits &= draw_cell(page, Rect(column.x, row_box.y, column.width, row_box.height), cell, size)
    for row_box in row_boxes:
        page.line(box.x, row_box.y, box.right, row_box.y, RULE_WIDTH_PT)
    page.line(box.x, box.top, box.right, box.top, RULE_WIDTH_PT)
    for column in columns:
        page.line(column.x, box.y, column.x, box.top, RULE_WIDTH_PT)
    page.line(box.right, box.y, box.right, box.top, RULE_WIDTH_PT)
    return fits


def column_widths(rows: Sequence[Sequence[Cell]], available: float, size: float, *,
                  minimum: float = 14.0) -> list[float]:
    """Share `available` points among columns: each gets its longest word, the rest goes by content width.

    This is the usual automatic table layout: columns whose text fits on one line get
    their natural width when there is room; otherwise long-text columns wrap.
    """
    count = max(len(row) for row in rows)
    least = [minimum] * count
    natural = [minimum] * count
    for r, row in enumerate(rows):
        bold = r == 0
        for c, cell in enumerate(row):
            words = cell.text.split() or [""]
            least[c] = max(least[c], max(text_width(w, size, bold) for w in words) + 2 * CELL_PAD_PT + 1)
            natural[c] = max(natural[c], text_width(cell.text, size, bold) + 2 * CELL_PAD_PT + 2)
    if sum(natural) <= available:
        extra = (available - sum(natural)) / count
        return [width + extra for width in natural]
    if sum(least) >= available:
        return [available * width / sum(least) for width in least]
    spare = available - sum(least)
    stretch = [n - m for n, m in zip(natural, least, strict=True)]
    total = sum(stretch) or 1.0
    return [m + spare * s / total for m, s in zip(least, stretch, strict=True)]


def title_bar(page: Page, box: Rect, title: str, size: float = 8.0, where: Location | None = None) -> None:
    """Draw a section title: bold text on a dark bar, reversed (white) as print shops allow at >= 6 pt bold."""
    page.rect(box, stroke=False, fill_gray=0.2)
    page.fit_text(box, title, size, bold=True, gray=1.0, pad=3.0, where=where)


def wrap_if_long(cell: Cell, width: float, size: float) -> Cell:
    """Return `cell` set to wrap when its text is wider than a `width` pt column at `size` pt."""
    if cell.wrap or text_width(cell.text, size, cell.bold) <= width - 2 * CELL_PAD_PT:
        return cell
    return Cell(cell.text, bold=cell.bold, italic=cell.italic, fill_gray=cell.fill_gray, align="left", wrap=True,
                where=cell.where)
