"""Imposition: place n-up cards on a sheet, centred, with crop marks outside every bleed (pure geometry)."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.render.layout import Rect, Size
from fwdata.units import inches

# A home printer cannot print near the paper edge: nothing is drawn within 1/4 in of it
# (print-conventions: >= 1/4 in home-printer margin). Marks start MARK_OFFSET_PT outside
# the bleed so they never touch the art (print-conventions, Marks).
MIN_MARGIN_PT = inches(0.25)
MARK_OFFSET_PT = 3.0
MARK_LENGTH_PT = 12.0
MARK_WIDTH_PT = 0.5
# The calibration block (fwdata/render/calibration.py) sits in the bottom margin beside the
# marks, under the first card and CLEARANCE_PT away from its marks; as tall as a mark, so it
# needs no margin of its own. Every card of the bundled systems (`GameSystem.card_sizes`) is wide
# enough for it.
CALIBRATION_SIZE = Size(152.0, MARK_LENGTH_PT)
CLEARANCE_PT = 3.0


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2) in points."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Imposition:
    """Where each card's trim box lies on the sheet.

    `gap_pt` separates neighbouring trims (the gutter, widened to twice the bleed
    so no card's bleed reaches its neighbour); with no gap cards abut and share cut lines.
    """

    sheet: Size
    card: Size
    columns: int
    rows: int
    cells: tuple[Rect, ...]
    bleed_pt: float = 0.0
    gap_pt: float = 0.0

    @property
    def per_sheet(self) -> int:
        return len(self.cells)

    @property
    def grid(self) -> Rect:
        """The bounding box of all trims."""
        return _bounds(self.cells)


def _bounds(cells: tuple[Rect, ...]) -> Rect:
    x, y = min(cell.x for cell in cells), min(cell.y for cell in cells)
    return Rect(x, y, max(cell.right for cell in cells) - x, max(cell.top for cell in cells) - y)


def _fit(length: float, card: float, gap: float) -> int:
    """Return how many cards of `card` pt separated by `gap` pt fit in `length` pt."""
    return int((length + gap + 1e-6) // (card + gap))


def impose(card: Size, paper: Size, *, bleed_pt: float = 0.0, gutter_pt: float = 0.0,
           max_up: int | None = None) -> Imposition:
    """Fit as many `card`s as possible on `paper` (portrait or landscape), centred, with room for marks.

    Cards are never scaled or rotated: a card always prints at its true size.
    Each side keeps MIN_MARGIN_PT of bare paper, then the crop marks (and at the
    bottom the calibration block), then the bleed. When that leaves no room,
    fewer cards fit rather than marks a printer cannot print. The sheet
    orientation giving more cards wins (portrait on a tie). Cells are ordered left
    to right, top to bottom. `max_up` caps the count. Raises ValueError when not
    even one card fits.
    """
    gap = max(gutter_pt, 2 * bleed_pt)
    margin = MIN_MARGIN_PT + MARK_LENGTH_PT + MARK_OFFSET_PT + bleed_pt
    best: Imposition | None = None
    for sheet in (paper.portrait, paper.landscape):
        columns = _fit(sheet.width - 2 * margin, card.width, gap)
        rows = _fit(sheet.height - 2 * margin, card.height, gap)
        if max_up is not None:
            while columns * rows > max_up and rows > 1:
                rows -= 1
            columns = min(columns, max_up)
        if columns < 1 or rows < 1:
            continue
        x0 = (sheet.width - columns * card.width - (columns - 1) * gap) / 2
        y_top = (sheet.height + rows * card.height + (rows - 1) * gap) / 2
        cells = tuple(
            Rect(x0 + c * (card.width + gap), y_top - (r + 1) * card.height - r * gap, card.width, card.height)
            for r in range(rows)
            for c in range(columns)
        )
        candidate = Imposition(sheet=sheet, card=card, columns=columns, rows=rows, cells=cells,
                               bleed_pt=bleed_pt, gap_pt=gap)
        if best is None or candidate.per_sheet > best.per_sheet:
            best = candidate
    if best is None:
        raise ValueError(f"a {card.width:.1f} x {card.height:.1f} pt card does not fit on "
                         f"{paper.width:.1f} x {paper.height:.1f} pt paper with room for crop marks")
    return best


def calibration_box(imposition: Imposition) -> Rect:
    """Return where the calibration block goes: in the bottom mark band, centred under the first card.

    Raises ValueError for a card too narrow to keep it CLEARANCE_PT clear of that card's marks.
    """
    first, grid = imposition.cells[0], imposition.grid
    if first.width < CALIBRATION_SIZE.width + 2 * CLEARANCE_PT:
        raise ValueError(f"a {first.width:.1f} pt wide card leaves no room for the calibration ruler")
    top = grid.y - imposition.bleed_pt - MARK_OFFSET_PT
    x = first.x + (first.width - CALIBRATION_SIZE.width) / 2
    return Rect(x, top - CALIBRATION_SIZE.height, CALIBRATION_SIZE.width, CALIBRATION_SIZE.height)


def crop_marks(imposition: Imposition, occupied: int | None = None) -> list[Segment]:
    """Return crop marks for the cut lines of the first `occupied` cells (default: all), outside their bleed.

    Each vertical cut line gets a mark above and below the occupied cards, each
    horizontal cut line one left and right, starting MARK_OFFSET_PT outside the
    bleed; `impose` left room for them at least MIN_MARGIN_PT from the sheet edge.
    Slots left empty on a last sheet get no marks of their own.
    """
    cells = imposition.cells[:imposition.per_sheet if occupied is None else occupied]
    if not cells:
        return []
    area, start = _bounds(cells), imposition.bleed_pt + MARK_OFFSET_PT
    xs = sorted({round(x, 4) for cell in cells for x in (cell.x, cell.right)})
    ys = sorted({round(y, 4) for cell in cells for y in (cell.y, cell.top)})
    marks: list[Segment] = []
    for x in xs:
        marks.append(Segment(x, area.top + start, x, area.top + start + MARK_LENGTH_PT))
        marks.append(Segment(x, area.y - start, x, area.y - start - MARK_LENGTH_PT))
    for y in ys:
        marks.append(Segment(area.right + start, y, area.right + start + MARK_LENGTH_PT, y))
        marks.append(Segment(area.x - start, y, area.x - start - MARK_LENGTH_PT, y))
    return marks
