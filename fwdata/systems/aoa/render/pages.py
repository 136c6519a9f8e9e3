"""Page pieces shared by the Ace of Aces outputs: type sizes, finished results, titled table blocks, block runs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fwdata.findings import Location
from fwdata.game_system import Entry, Output, RenderResult
from fwdata.render.citations import printable_citation
from fwdata.render.flow import PageFlow
from fwdata.render.fonts import wrap_words
from fwdata.render.layout import Rect
from fwdata.render.pdf import Page, PdfDocument
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.citations import CITATIONS

TEXT_PT = 7.5
ROW_PT = 12.0
TITLE_PT = 16.0
GAP_PT = 12.0


def finished(path: str, doc: PdfDocument) -> RenderResult:
    """Close `doc` into the output at `path`, with the findings drawing it raised."""
    data = doc.finish()
    return RenderResult(outputs=[Output(path, data)], findings=list(doc.findings), pages={path: doc.page_records})


def draw_each(pager: PageFlow, entries: Sequence[Entry], kind: type, block: Callable[[PageFlow, Entry], None]) -> None:
    """Draw with `block` every entry whose model is a `kind`, in the entries' order."""
    for entry in entries:
        if isinstance(entry.model, kind):
            block(pager, entry)


def wrapped_lines(text: str, width: float, size: float, bold: bool = False) -> int:
    """Count the lines `text` wraps to in `width` points (99 when a word does not fit)."""
    lines = wrap_words(text, width, size, bold)
    return len(lines) if lines is not None else 99


def draw_title(page: Page, box: Rect, title: str, note: str, where: Location | None) -> Rect:
    """Draw a block's title bar and note at the top of `box`; return the space left below."""
    bar, rest = box.take_top(TITLE_PT)
    page.rect(bar, stroke=False, fill_gray=0.2)
    page.fit_text(bar, title, 10, bold=True, gray=1.0, where=where)
    if note:
        note_box, rest = rest.take_top(note_height(note, box.width))
        page.paragraph(note_box, note, 6.5, pad=1.5, where=where)
    return rest


def note_height(note: str, width: float) -> float:
    """Return the height in points of a block note wrapped to `width`."""
    return 0.0 if not note else wrapped_lines(note, width - 3, 6.5) * 6.5 * 1.2 + 4


def table_block(pager: PageFlow, title: str, note: str, rows: list[list[str]], *,
                weights: Sequence[float] | None = None, where: Location | None = None,
                width_fraction: float = 1.0, size: float = TEXT_PT, row_pt: float = ROW_PT) -> None:
    """Draw a titled ruled table as one block (kept together on one page)."""
    width = pager.frame.width
    height = TITLE_PT + note_height(note, width) + row_pt * len(rows)
    page, box = pager.take(height, where=where)
    rest = draw_title(page, box, title, note, where)
    table_box = Rect(rest.x, rest.y, rest.width * width_fraction, rest.height)
    page.table(table_box, rows, weights=weights, size=size, align="centre-all", where=where)


def source_line(document: SourceDocument) -> str:
    """Return the printable 'Source: ...' citation of a chart's provenance."""
    data = document.data
    prov = data.get("provenance", {}) if isinstance(data, dict) else {}
    return f"Source: {printable_citation(str(prov.get('source', '')), CITATIONS)}"

