"""Calibration block: a 1 in and a 25 mm ruler and a "print at 100 %" line that prove a sheet printed unscaled."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.render.imposition import Segment
from fwdata.render.layout import Rect
from fwdata.units import inches, mm

INCH_RULER_PT = inches(1)  # 72.0 pt
MM_RULER_PT = mm(25)  # 70.87 pt
LABEL_PT = 6.0
PRINT_AT_FULL_SIZE = "Print at 100 % / Actual size"
RULER_NAMES = "1 in · 25 mm"


@dataclass(frozen=True)
class Label:
    """One line of text: baseline at (x, y), aligned left or right of x."""

    x: float
    y: float
    text: str
    align: str


@dataclass(frozen=True)
class Calibration:
    """The lines and labels of a calibration block; `rulers` are the two measured baselines."""

    rulers: tuple[Segment, Segment]
    ticks: tuple[Segment, ...]
    labels: tuple[Label, ...]


def _ticks(x: float, y: float, count: int, step: float, height: float, mid: int) -> list[Segment]:
    """Return `count + 1` ticks `step` apart from x; every `mid`-th one and both ends longer."""
    ticks = []
    for k in range(count + 1):
        tall = 5.0 if k in (0, count) else 3.5 if k % mid == 0 else height
        ticks.append(Segment(x + k * step, y, x + k * step, y + tall))
    return ticks


def calibration(box: Rect) -> Calibration:
    """Lay out the block in `box`: the inch ruler at its left, the 25 mm ruler ending at its right, labels above.

    The inch ruler has ticks every 1/8 in, the millimetre ruler every 1 mm
    (longer every 5 mm); a reader checks the printed bars with a real ruler.
    """
    y = box.y + 0.5
    inch = Segment(box.x, y, box.x + INCH_RULER_PT, y)
    metric = Segment(box.right - MM_RULER_PT, y, box.right, y)
    ticks = _ticks(inch.x1, y, 8, INCH_RULER_PT / 8, 2.5, 4) + _ticks(metric.x1, y, 25, mm(1), 1.5, 5)
    baseline = box.top - 0.75 * LABEL_PT  # the cap height of the house font
    labels = (Label(box.x, baseline, PRINT_AT_FULL_SIZE, "left"), Label(box.right, baseline, RULER_NAMES, "right"))
    return Calibration(rulers=(inch, metric), ticks=tuple(ticks), labels=labels)
