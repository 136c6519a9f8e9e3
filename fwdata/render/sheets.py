"""Card sheets: draw cards n-up at true size on paper, with crop marks and a calibration ruler outside every bleed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from fwdata.render.calibration import LABEL_PT, calibration
from fwdata.render.imposition import calibration_box, crop_marks, impose
from fwdata.render.layout import Size
from fwdata.render.pdf import Page, PdfDocument

Item = TypeVar("Item")


def draw_card_sheets(doc: PdfDocument, items: Sequence[Item], card: Size, paper: Size,
                     draw: Callable[[Page, Item], None], *, bleed_pt: float = 0.0, gutter_pt: float = 0.0) -> None:
    """Add sheets of `paper` to `doc` holding every item drawn by `draw` on a `card`-sized surface.

    Cards are never scaled: `impose` fits as many as leave room for the marks
    and the calibration block. Each card gets `bleed_pt` around its trim and
    cards stand `gutter_pt` apart (at least twice the bleed). Every sheet is its
    own TrimBox (docs/printing.md); only the occupied slots get crop marks.
    """
    imposition = impose(card, paper, bleed_pt=bleed_pt, gutter_pt=gutter_pt)
    ruler = calibration(calibration_box(imposition))
    for start in range(0, len(items), imposition.per_sheet):
        batch = items[start:start + imposition.per_sheet]
        page = doc.new_page(imposition.sheet)
        page.segments(crop_marks(imposition, len(batch)))
        page.segments([*ruler.rulers, *ruler.ticks], width=0.3)
        for label in ruler.labels:
            page.text(label.x, label.y, label.text, LABEL_PT, align=label.align)
        for cell, item in zip(imposition.cells, batch, strict=False):
            with page.translated(cell.x, cell.y, card, bleed_pt) as card_page:
                draw(card_page, item)
