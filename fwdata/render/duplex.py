"""Duplex backs: where a card's back goes so that it prints behind its front on a long-edge duplex (pure geometry).

A long-edge duplex turns the sheet over about its long edge. fwdata takes the PDF
page as a viewer shows it (portrait or landscape) and flips it about that page's
long edge; a printer that rotates a landscape page onto portrait-fed paper rotates
both faces alike, which gives the same result:

- portrait sheet (long edges left and right): the flip mirrors x, a card at x of
  width w on the front has its back at W - x - w (W the sheet width);
- landscape sheet (long edges top and bottom): the flip mirrors y, a card at y of
  height h has its back at H - y - h (H the sheet height).

The mirror is an involution (mirroring twice gives the front back), and `impose`
centres its grid, so a full sheet's backs fill the same slots as its fronts; only
the card-to-back pairing and a last, partly filled sheet show the flip.
"""

from __future__ import annotations

from fwdata.render.imposition import Imposition, Segment, crop_marks
from fwdata.render.layout import Rect, Size


def mirrors_x(sheet: Size) -> bool:
    """Return True when a long-edge flip of `sheet` mirrors x (portrait, or square), False when it mirrors y."""
    return sheet.height >= sheet.width


def mirror_rect(rect: Rect, sheet: Size) -> Rect:
    """Return where the back of `rect` lies on the back of `sheet` after a long-edge flip."""
    if mirrors_x(sheet):
        return Rect(sheet.width - rect.x - rect.width, rect.y, rect.width, rect.height)
    return Rect(rect.x, sheet.height - rect.y - rect.height, rect.width, rect.height)


def mirror_segment(segment: Segment, sheet: Size) -> Segment:
    """Return `segment` as it lies on the back of `sheet` after a long-edge flip."""
    if mirrors_x(sheet):
        return Segment(sheet.width - segment.x1, segment.y1, sheet.width - segment.x2, segment.y2)
    return Segment(segment.x1, sheet.height - segment.y1, segment.x2, sheet.height - segment.y2)


def back_cells(imposition: Imposition, occupied: int) -> tuple[Rect, ...]:
    """Return the back of each of the first `occupied` cells, in the fronts' order (empty slots get no back)."""
    return tuple(mirror_rect(cell, imposition.sheet) for cell in imposition.cells[:occupied])


def back_crop_marks(imposition: Imposition, occupied: int) -> list[Segment]:
    """Return the fronts' crop marks for `occupied` cells, mirrored: on a well-registered duplex they coincide.

    Held against the light, a back whose marks do not lie on the front's shows how
    far the printer misregisters the two faces.
    """
    return [mirror_segment(mark, imposition.sheet) for mark in crop_marks(imposition, occupied)]
