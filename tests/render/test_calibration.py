"""Calibration block: the rulers measure exactly 1 in and 25 mm, with their ticks, inside the block."""

from __future__ import annotations

import pytest

from fwdata.render.calibration import calibration
from fwdata.render.fonts import text_width
from fwdata.render.imposition import CALIBRATION_SIZE
from fwdata.render.layout import Rect


def test_rulers_are_one_inch_and_25_mm() -> None:
    block = calibration(Rect(100, 50, CALIBRATION_SIZE.width, CALIBRATION_SIZE.height))
    inch, metric = block.rulers
    assert inch.x2 - inch.x1 == 72.0
    assert metric.x2 - metric.x1 == pytest.approx(70.87, abs=0.005)
    assert inch.x2 < metric.x1  # side by side, not overlapping


def test_ticks_every_eighth_inch_and_every_millimetre() -> None:
    block = calibration(Rect(0, 0, CALIBRATION_SIZE.width, CALIBRATION_SIZE.height))
    inch, metric = block.rulers
    inch_ticks = sorted(t.x1 for t in block.ticks if inch.x1 <= t.x1 <= inch.x2)
    metric_ticks = sorted(t.x1 for t in block.ticks if metric.x1 <= t.x1 <= metric.x2)
    assert inch_ticks == pytest.approx([9.0 * k for k in range(9)])
    assert len(metric_ticks) == 26 and metric_ticks[1] - metric_ticks[0] == pytest.approx(72 / 25.4)


def test_everything_stays_inside_the_block() -> None:
    box = Rect(10, 20, CALIBRATION_SIZE.width, CALIBRATION_SIZE.height)
    block = calibration(box)
    for line in (*block.rulers, *block.ticks):
        assert box.contains(Rect(min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1),
                                 abs(line.y2 - line.y1)))
    left, right = block.labels
    assert text_width(left.text, 6) + text_width(right.text, 6) < box.width  # the two labels never meet
    assert max(t.y2 for t in block.ticks) < left.y - 1.5  # descenders clear the ticks
    assert left.y + 0.75 * 6 <= box.top + 0.01
