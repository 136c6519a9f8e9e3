"""Layout geometry in points (origin bottom-left): rectangles, sizes, paper and card formats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fwdata.units import inches, mm


@dataclass(frozen=True)
class Size:
    """A width and height in points."""

    width: float
    height: float

    @property
    def landscape(self) -> Size:
        """This size with the longer side horizontal."""
        return Size(max(self.width, self.height), min(self.width, self.height))

    @property
    def portrait(self) -> Size:
        """This size with the longer side vertical."""
        return Size(min(self.width, self.height), max(self.width, self.height))


@dataclass(frozen=True)
class Rect:
    """A rectangle in points: (x, y) is the bottom-left corner."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """Return the rectangle shrunk by `dx` on the left and right and `dy` (default dx) top and bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, self.width - 2 * dx, self.height - 2 * dy)

    def take_top(self, height: float) -> tuple[Rect, Rect]:
        """Split off a band of `height` at the top; return (band, rest)."""
        return (Rect(self.x, self.top - height, self.width, height),
                Rect(self.x, self.y, self.width, self.height - height))

    def take_left(self, width: float) -> tuple[Rect, Rect]:
        """Split off a band of `width` at the left; return (band, rest)."""
        return (Rect(self.x, self.y, width, self.height),
                Rect(self.x + width, self.y, self.width - width, self.height))

    def columns(self, weights: Sequence[float], gap: float = 0.0) -> list[Rect]:
        """Split horizontally into columns proportional to `weights`, separated by `gap`."""
        usable = self.width - gap * (len(weights) - 1)
        total = sum(weights)
        result, x = [], self.x
        for weight in weights:
            width = usable * weight / total
            result.append(Rect(x, self.y, width, self.height))
            x += width + gap
        return result

    def rows(self, weights: Sequence[float], gap: float = 0.0) -> list[Rect]:
        """Split vertically into rows proportional to `weights`, top first, separated by `gap`."""
        usable = self.height - gap * (len(weights) - 1)
        total = sum(weights)
        result, top = [], self.top
        for weight in weights:
            height = usable * weight / total
            result.append(Rect(self.x, top - height, self.width, height))
            top -= height + gap
        return result

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        """Tell whether `other` lies wholly inside this rectangle."""
        return (other.x >= self.x - tolerance and other.y >= self.y - tolerance
                and other.right <= self.right + tolerance and other.top <= self.top + tolerance)

    def overlaps(self, other: Rect) -> bool:
        """Tell whether the two rectangles share any area."""
        return self.x < other.right and other.x < self.right and self.y < other.top and other.y < self.top


PAPER_SIZES: dict[str, Size] = {
    "letter": Size(inches(8.5), inches(11)),
    "a4": Size(mm(210), mm(297)),
}
