"""Imposition: place n-up cards on a sheet, centred, with crop marks outside every trim (pure geometry)."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.render.layout import Rect, Size
from fwdata.units import inches

# A home printer cannot print to the paper edge; the grid keeps this much paper around it,
# which is also where the crop marks go (print-conventions: >= 1/4 in home-printer margin).
MIN_MARGIN_PT = inches(0.25)
MARK_OFFSET_PT = 3.0
MARK_LENGTH_PT = 12.0
MARK_WIDTH_PT = 0.5


@dataclass(frozen=True)
class Segment:
    """A straight line from (x1, y1) to (x2, y2) in points."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Imposition:
    """Where each card's trim box lies on the sheet; cards abut and share cut lines."""

    sheet: Size
    card: Size
    columns: int
    rows: int
    cells: tuple[Rect, ...]

    @property
    def per_sheet(self) -> int:
        return len(self.cells)

    @property
    def grid(self) -> Rect:
        """The bounding box of all trims."""
        x = min(cell.x for cell in self.cells)
        y = min(cell.y for cell in self.cells)
        return Rect(x, y, self.columns * self.card.width, self.rows * self.card.height)


def impose(card: Size, paper: Size, *, margin_pt: float = MIN_MARGIN_PT, max_up: int | None = None) -> Imposition:
    """Fit as many `card`s as possible on `paper` (portrait or landscape), centred, keeping `margin_pt` free.

    Cards are never scaled or rotated: a card always prints at its true size.
    The sheet orientation giving more cards wins (portrait on a tie). Cells are
    ordered left to right, top to bottom. `max_up` caps the count. Raises
    ValueError when not even one card fits.
    """
    best: Imposition | None = None
    for sheet in (paper.portrait, paper.landscape):
        columns = int((sheet.width - 2 * margin_pt + 1e-6) // card.width)
        rows = int((sheet.height - 2 * margin_pt + 1e-6) // card.height)
        if max_up is not None:
            while columns * rows > max_up and rows > 1:
                rows -= 1
            columns = min(columns, max_up)
        if columns < 1 or rows < 1:
            continue
        x0 = (sheet.width - columns * card.width) / 2
        y_top = (sheet.height + rows * card.height) / 2
        cells = tuple(
            Rect(x0 + c * card.width, y_top - (r + 1) * card.height, card.width, card.height)
            for r in range(rows)
            for c in range(columns)
        )
        candidate = Imposition(sheet=sheet, card=card, columns=columns, rows=rows, cells=cells)
        if best is None or candidate.per_sheet > best.per_sheet:
            best = candidate
    if best is None:
        raise ValueError(f"a {card.width:.1f} x {card.height:.1f} pt card does not fit on "
                         f"{paper.width:.1f} x {paper.height:.1f} pt paper with {margin_pt:.1f} pt margins")
    return best


def crop_marks(imposition: Imposition, *, offset_pt: float = MARK_OFFSET_PT,
               length_pt: float = MARK_LENGTH_PT) -> list[Segment]:
    """Return crop marks for every cut line, drawn only in the margin outside the grid of trims.

    Each vertical cut line gets a mark above and below the grid, each horizontal
    cut line one left and right, starting `offset_pt` away from the trim so a
    mark never touches a card; marks are shortened to stay on the sheet.
    """
    grid, sheet = imposition.grid, imposition.sheet
    xs = sorted({round(x, 4) for cell in imposition.cells for x in (cell.x, cell.right)})
    ys = sorted({round(y, 4) for cell in imposition.cells for y in (cell.y, cell.top)})
    marks: list[Segment] = []
    top_end = min(grid.top + offset_pt + length_pt, sheet.height)
    bottom_end = max(grid.y - offset_pt - length_pt, 0.0)
    right_end = min(grid.right + offset_pt + length_pt, sheet.width)
    left_end = max(grid.x - offset_pt - length_pt, 0.0)
    for x in xs:
        marks.append(Segment(x, grid.top + offset_pt, x, top_end))
        marks.append(Segment(x, grid.y - offset_pt, x, bottom_end))
    for y in ys:
        marks.append(Segment(grid.right + offset_pt, y, right_end, y))
        marks.append(Segment(grid.x - offset_pt, y, left_end, y))
    return marks
