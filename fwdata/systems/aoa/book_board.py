"""The hex schematic of a dogfighting-book page: where board, enemy plane and range key lie, and drawing them.

The geometry is pure (points, origin bottom-left) so a test can check, page by page,
that the range key never lies under the enemy plane.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.systems.aoa.geometry import Hex, Situation, hexes_within

SQRT3 = math.sqrt(3)
BOARD_RADIUS = 3
# A plane seen from above, nose up, in units of its half-span.
PLANE_OUTLINE = ((0.0, 1.0), (0.12, 0.82), (0.12, 0.42), (1.0, 0.36), (1.0, 0.08), (0.12, 0.02), (0.09, -0.62),
                 (0.42, -0.68), (0.42, -0.86), (-0.42, -0.86), (-0.42, -0.68), (-0.09, -0.62), (-0.12, 0.02),
                 (-1.0, 0.08), (-1.0, 0.36), (-0.12, 0.42), (-0.12, 0.82))
ENEMY_HALF_SPAN = 0.7  # of a hex's circumradius
ARROW_REACH = 1.05  # the heading arrow's tip, from the hex centre, in circumradii
# The range key sits in the board box's top-left corner, which the hex-shaped board leaves empty.
RANGE_KEY = (("S", "short: 1 hex"), ("M", "medium: 2 hexes"), ("L", "long: 3 hexes"))
RANGE_KEY_WIDTH_PT = 60.0
RANGE_KEY_LINE_PT = 9.0


@dataclass(frozen=True)
class Board:
    """A board drawn in a box: its centre and hex circumradius in points."""

    cx: float
    cy: float
    size: float
    box: Rect

    def centre(self, cell: Hex) -> tuple[float, float]:
        """Return the centre of `cell` in points."""
        x, y = cell.xy()
        return self.cx + x * self.size, self.cy + y * self.size

    def hex_box(self, cell: Hex) -> Rect:
        """Return the bounding box of the hex `cell`."""
        x, y = self.centre(cell)
        return Rect(x - self.size, y - self.size * SQRT3 / 2, 2 * self.size, self.size * SQRT3)

    @property
    def range_key_box(self) -> Rect:
        """The fixed box of the range key: the top-left corner of the board box."""
        height = RANGE_KEY_LINE_PT * len(RANGE_KEY)
        return Rect(self.box.x, self.box.top - height, RANGE_KEY_WIDTH_PT, height)

    def enemy_box(self, own: Situation) -> Rect:
        """Return the bounding box of the enemy plane and its heading arrow on page `own`."""
        x, y = self.centre(own.offset)
        points = plane_points(x, y, self.size * ENEMY_HALF_SPAN, own.heading)
        theta = math.radians(60 * own.heading)
        points.append((x + math.sin(theta) * self.size * ARROW_REACH, y + math.cos(theta) * self.size * ARROW_REACH))
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def board_in(box: Rect, radius: int = BOARD_RADIUS) -> Board:
    """Return the largest board of `radius` rings centred in `box`."""
    size = min(box.width / (3 * radius + 2), box.height / (SQRT3 * (2 * radius + 1)))
    return Board(box.x + box.width / 2, box.y + box.height / 2, size, box)


def hex_points(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Return the corners of a flat-topped hex of circumradius `size` centred on (cx, cy)."""
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
            for k in range(6)]


def plane_points(cx: float, cy: float, half_span: float, heading: int) -> list[tuple[float, float]]:
    """Return the outline of a plane centred on (cx, cy) flying `heading` (60-degree steps clockwise from up)."""
    theta = math.radians(60 * heading)
    cos, sin = math.cos(theta), math.sin(theta)
    return [(cx + half_span * (x * cos + y * sin), cy + half_span * (-x * sin + y * cos)) for x, y in PLANE_OUTLINE]


def draw_board(page: Page, box: Rect, own: Situation, arc_deg: float, radius: int = BOARD_RADIUS) -> None:
    """The hex board seen from above: you in the centre nose up, the enemy on his hex with his heading.

    Hexes where your guns bear are shaded; the range key (S, M, L rings) stands in the
    board box's top-left corner, clear of every hex.
    """
    board = board_in(box, radius)
    size, cx, cy = board.size, board.cx, board.cy
    for cell in hexes_within(radius):
        x, y = board.centre(cell)
        fires = cell.distance > 0 and abs(cell.bearing_deg()) <= arc_deg + 1e-9
        page.polygon(hex_points(x, y, size * 0.98), fill_gray=0.86 if fires else 0.97, width=0.4)
    key = board.range_key_box
    for k, (letter, words) in enumerate(RANGE_KEY):
        baseline = key.top - (k + 1) * RANGE_KEY_LINE_PT + 2
        page.text(key.x, baseline, letter, 7, bold=True, gray=0.45)
        page.text(key.x + 9, baseline, words, 6.5, gray=0.45)
    page.polygon(plane_points(cx, cy, size * 0.62, 0), fill_gray=0.55, width=0.6)
    if own.offset.distance == 0:
        # Above or below: his outline over your hex, arrow where he flies (Losing Sight of the Enemy).
        draw_heading_arrow(page, cx, cy, size * 1.1, own.heading)
        page.polygon(plane_points(cx, cy, size * 0.9, own.heading), fill_gray=1.0, width=1.4)
        page.polygon(plane_points(cx, cy, size * 0.5, 0), fill_gray=0.55, width=0.6)
        page.text(cx, cy - size * 1.25, "above or below you", 7, bold=True, align="centre")
        return
    ex, ey = board.centre(own.offset)
    page.line(cx, cy, ex, ey, 0.5, gray=0.5)
    draw_heading_arrow(page, ex, ey, size, own.heading)
    page.polygon(plane_points(ex, ey, size * ENEMY_HALF_SPAN, own.heading), fill_gray=0.05, width=0.8)


def draw_heading_arrow(page: Page, x: float, y: float, size: float, heading: int) -> None:
    """An arrow from the enemy's hex centre to its edge in the direction he flies."""
    theta = math.radians(60 * heading)
    dx, dy = math.sin(theta), math.cos(theta)
    tip = (x + dx * size * ARROW_REACH, y + dy * size * ARROW_REACH)
    base = (x + dx * size * 0.72, y + dy * size * 0.72)
    wing = size * 0.2
    page.line(x, y, base[0], base[1], 1.2)
    page.polygon([tip, (base[0] - dy * wing, base[1] + dx * wing), (base[0] + dy * wing, base[1] - dx * wing)],
                 fill_gray=0.0, width=0.5)
