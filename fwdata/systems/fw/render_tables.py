"""Fighting Wings play aids: every rule table on Letter or A4 pages, restored cells marked."""

from __future__ import annotations

from collections.abc import Sequence

from fwdata.findings import Location
from fwdata.render.flow import PageFlow
from fwdata.render.fonts import text_width
from fwdata.render.layout import Size
from fwdata.render.pdf import PdfDocument
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.render_grid import (
    CELL_PAD_PT,
    RESTORED_GRAY,
    Cell,
    column_widths,
    draw_grid,
    title_bar,
    wrapped_height,
)
from fwdata.systems.fw.table_labels import HIDDEN_COLUMNS, cell_label
from fwdata.systems.fw.tables import RuleTable

TEXT_PT = 7.5
ROW_PT = 11.0
TITLE_BAR_PT = 14.0
TABLE_GAP_PT = 16.0
NOTES_GAP_PT = 3.0
RESTORED_MARK = "†"  # not "*": some printed tables use an asterisk themselves
RESTORED_FOOTNOTE = (f"{RESTORED_MARK} Gray cells marked {RESTORED_MARK} hold values restored or inferred from "
                     "damaged rulebook text.")
EDITIONS = {"otr-1st-errata": "OTR 1st edition as corrected by the 1994 errata",
            "otr-2nd-errata": "OTR 2nd edition as corrected by the 1996 errata",
            "otr-3rd": "OTR 3rd edition", "quick-start": "Quick-Start rules"}


def cell_text(value: object) -> str:
    """Format a table cell: blank for null, numbers as written in the source."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _table_rows(table: RuleTable, document: SourceDocument) -> list[list[Cell]]:
    hidden = HIDDEN_COLUMNS.get(table.id, frozenset())
    shown = [c for c, key in enumerate(table.column_keys) if key not in hidden]
    rows = [[Cell(table.column_titles[c], wrap=True, where=document.locate(f"/columns/{c}/title")) for c in shown]]
    for r, row in enumerate(table.rows):
        cells = []
        for c in shown:
            restored = table.is_restored(r, c)
            text = cell_text(cell_label(table.column_keys[c], row[c])) + (RESTORED_MARK if restored else "")
            cells.append(Cell(text, fill_gray=RESTORED_GRAY if restored else None,
                              where=document.locate(f"/rows/{r}/{c}")))
        rows.append(cells)
    return rows


def _prepare(rows: list[list[Cell]], widths: Sequence[float]) -> tuple[list[list[Cell]], list[float]]:
    """Decide per cell whether it wraps, and each row's height (text fits at TEXT_PT by construction)."""
    prepared: list[list[Cell]] = []
    heights: list[float] = []
    text_columns = {c for row in rows[1:] for c, cell in enumerate(row)
                    if len(cell.text) > 12 and not cell.text.replace(".", "").replace("-", "").isdigit()}
    for r, row in enumerate(rows):
        height = ROW_PT
        cells = []
        for c, cell in enumerate(row):
            width = widths[c] if c < len(widths) else widths[-1]
            bold = r == 0
            wraps = text_width(cell.text, TEXT_PT, bold) > width - 2 * CELL_PAD_PT - 0.5
            align = "left" if c in text_columns and r > 0 else "centre"
            if wraps:
                height = max(height, wrapped_height(cell.text, width, TEXT_PT, bold=bold, pad=CELL_PAD_PT) + 1)
            cells.append(Cell(cell.text, bold=bold, fill_gray=cell.fill_gray, align=align, wrap=wraps,
                              where=cell.where))
        prepared.append(cells)
        heights.append(height)
    return prepared, heights


def _draw_table(pager: PageFlow, table: RuleTable, document: SourceDocument) -> None:
    frame = pager.frame
    rows = _table_rows(table, document)
    widths = column_widths(rows, frame.width, TEXT_PT)
    rows, heights = _prepare(rows, widths)
    edition = f" · Edition: {EDITIONS.get(table.edition, table.edition)}" if table.edition else ""
    meta = f"Rule: {table.rule}{edition}"
    meta_height = wrapped_height(meta, frame.width, 7, pad=1.5)
    blocks: list[tuple[str, Location]] = []
    if table.restored_cells:
        blocks.append((RESTORED_FOOTNOTE, document.locate("/rows")))
    for i, note in enumerate(table.notes):
        blocks.append((f"Note {i + 1}: {note}", document.locate(f"/notes/{i}")))
    block_heights = [wrapped_height(text, frame.width, 7, pad=1.5) for text, _ in blocks]
    notes_height = NOTES_GAP_PT + sum(block_heights)
    # A table that fits one page with its notes starts on a page it fits; a longer one keeps its first rows.
    whole = meta_height + sum(heights) + notes_height
    first_block = meta_height + heights[0] + sum(heights[1:3])
    page, box = pager.take(TITLE_BAR_PT, keep_with=whole if TITLE_BAR_PT + whole <= frame.height else first_block)
    title_bar(page, box, table.name, 10, where=document.locate("/name"))
    page, box = pager.take(meta_height)
    page.paragraph(box, meta, 7, pad=1.5, where=document.locate("/rule"))
    r = 1
    held_back = False
    while r < len(rows):
        # One slice per page: the header row repeats on every continuation.
        start = r
        used = heights[0]
        if held_back or pager.room() < heights[0] + heights[r]:
            pager.new_page()
            page, box = pager.take(TITLE_BAR_PT)
            title_bar(page, box, f"{table.name} (continued)", 10, where=document.locate("/name"))
        while r < len(rows) and used + heights[r] <= pager.room():
            used += heights[r]
            r += 1
        # The notes stay on the page of the last rows: leave rows over for the next page until they fit.
        while r == len(rows) and used + notes_height > pager.room() and r - 1 > start:
            r -= 1
            used -= heights[r]
            held_back = True
        if r == start:  # a single row taller than a page: draw it anyway, the adapter records overflow
            used += heights[r]
            r += 1
        slice_rows = [rows[0], *rows[start:r]]
        slice_heights = [heights[0], *heights[start:r]]
        page, box = pager.take(used, where=document.locate(f"/rows/{start - 1}"))
        draw_grid(page, box, slice_rows, widths, heights=slice_heights, size=TEXT_PT)
    pager.skip(NOTES_GAP_PT)
    for (text, where), height in zip(blocks, block_heights, strict=True):
        page, box = pager.take(height, where=where)
        page.paragraph(box, text, 7, pad=1.5, where=where)
    pager.skip(TABLE_GAP_PT)


def render_table_sheet(tables: Sequence[tuple[RuleTable, SourceDocument]], paper: Size) -> PdfDocument:
    """Render every table, in the order given, flowing down portrait pages of `paper`."""
    title = "Fighting Wings play aids"
    doc = PdfDocument(title, subject="Fighting Wings rule tables (fwdata)")
    pager = PageFlow(doc, paper.portrait, title)
    for table, document in tables:
        _draw_table(pager, table, document)
    if pager.page is None:
        pager.new_page()
    return doc
