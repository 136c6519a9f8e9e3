"""Card sheets: draw cards n-up at true size on paper, with crop marks and a calibration ruler outside every bleed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import TypeVar

from fwdata.render.calibration import LABEL_PT, calibration
from fwdata.render.duplex import back_cells, back_crop_marks
from fwdata.render.imposition import calibration_box, crop_marks, impose
from fwdata.render.layout import Size
from fwdata.render.page_copies import SheetPages
from fwdata.render.pdf import Page, PdfDocument

Item = TypeVar("Item")


def draw_card_sheets(doc: PdfDocument, items: Sequence[Item], card: Size, paper: Size,
                     draw: Callable[[Page, Item], None], *, bleed_pt: float = 0.0, gutter_pt: float = 0.0,
                     back: Callable[[Page], None] | None = None, pages: SheetPages | None = None) -> None:
    """Add sheets of `paper` to `doc` holding every item drawn by `draw` on a `card`-sized surface.

    `items` is read a sheet at a time, by slices, and not at all for a sheet that is copied:
    in a fresh process, each slice is sent for when it is read (fwdata/processes/fresh_process.py).

    Cards are never scaled: `impose` fits as many as leave room for the marks
    and the calibration block. Each card gets `bleed_pt` around its trim and
    cards stand `gutter_pt` apart (at least twice the bleed). Every sheet is its
    own TrimBox (docs/printing.md); only the occupied slots get crop marks.
    With `back`, each sheet of fronts is followed by a sheet of backs drawn by
    `back`, placed for a long-edge duplex (fwdata/render/duplex.py), with the
    crop marks mirrored and no ruler: both faces print in one job at one scale,
    so the front's ruler measures the back too.
    With `pages`, whose keys name what each item is drawn from (None: unknown), a sheet whose
    items all have keys is keyed by them, and copied from the previous pages `pages` looks up
    when it can be (`PdfDocument.copy_page`); the keys must cover the options the sheets are drawn with.
    """
    imposition = impose(card, paper, bleed_pt=bleed_pt, gutter_pt=gutter_pt)
    ruler = calibration(calibration_box(imposition))
    for start in range(0, len(items), imposition.per_sheet):
        count = min(imposition.per_sheet, len(items) - start)
        fronts_key, backs_key = _sheet_keys(None if pages is None else pages.keys[start:start + count])
        if not _copied(doc, imposition.sheet, pages, fronts_key):
            batch = items[start:start + count]  # read only for a sheet that is drawn
            page = doc.new_page(imposition.sheet, key=fronts_key)
            page.segments(crop_marks(imposition, count))
            page.segments([*ruler.rulers, *ruler.ticks], width=0.3)
            for label in ruler.labels:
                page.text(label.x, label.y, label.text, LABEL_PT, align=label.align)
            for cell, item in zip(imposition.cells, batch, strict=False):
                with page.translated(cell.x, cell.y, card, bleed_pt) as card_page:
                    draw(card_page, item)
        if back is not None and not _copied(doc, imposition.sheet, pages, backs_key):
            backs = doc.new_page(imposition.sheet, key=backs_key)
            backs.segments(back_crop_marks(imposition, count))
            for cell in back_cells(imposition, count):
                with backs.translated(cell.x, cell.y, card, bleed_pt) as card_page:
                    back(card_page)


def _copied(doc: PdfDocument, sheet: Size, pages: SheetPages | None, key: str | None) -> bool:
    """Copy the previous build's sheet of `key` into `doc`; False when there is none to copy (it is to be drawn)."""
    return pages is not None and key is not None and doc.copy_page(sheet, 0.0, pages.previous(key))


def _sheet_keys(keys: Sequence[str | None] | None) -> tuple[str | None, str | None]:
    """Return the keys of a sheet of fronts and of its sheet of backs, from its items' keys (None: one is unknown)."""
    if keys is None or None in keys:
        return None, None
    fronts, backs = (hashlib.sha256(json.dumps([face, list(keys)]).encode("ascii")).hexdigest()
                     for face in ("fronts", "backs"))
    return fronts, backs
