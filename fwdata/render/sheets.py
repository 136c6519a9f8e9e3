"""Card sheets: draw cards n-up at true size on paper, with crop marks outside every trim."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from fwdata.render.imposition import crop_marks, impose
from fwdata.render.layout import Size
from fwdata.render.pdf import Page, PdfDocument

Item = TypeVar("Item")


def draw_card_sheets(doc: PdfDocument, items: Sequence[Item], card: Size, paper: Size,
                     draw: Callable[[Page, Item], None]) -> None:
    """Add sheets of `paper` to `doc` holding every item drawn by `draw` on a `card`-sized surface.

    Cards are never scaled: `impose` fits as many as the paper allows inside a
    1/4 in margin, and the crop marks stay outside the grid of trims.
    """
    imposition = impose(card, paper)
    marks = crop_marks(imposition)
    for start in range(0, len(items), imposition.per_sheet):
        page = doc.new_page(imposition.sheet)
        page.segments(marks)
        for cell, item in zip(imposition.cells, items[start:start + imposition.per_sheet], strict=False):
            with page.translated(cell.x, cell.y, card) as card_page:
                draw(card_page, item)
