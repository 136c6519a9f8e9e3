"""Imposition geometry: true-size cards, centred, crop marks never touching a card."""

from __future__ import annotations

import pytest

from fwdata.render.imposition import MIN_MARGIN_PT, crop_marks, impose
from fwdata.render.layout import CARD_SIZES, PAPER_SIZES, Rect, Size
from fwdata.units import inches, mm, parse_length


def test_poker_cards_fit_nine_up_on_letter_and_a4() -> None:
    for paper in ("letter", "a4"):
        imposition = impose(CARD_SIZES["poker"], PAPER_SIZES[paper])
        assert (imposition.columns, imposition.rows) == (3, 3)
        assert imposition.sheet == PAPER_SIZES[paper].portrait


def test_letter_poker_grid_leaves_half_inch_sides_and_quarter_inch_ends() -> None:
    """print-conventions: 3x3 poker on Letter leaves 0.5 in left/right, 0.25 in top/bottom."""
    grid = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"]).grid
    assert grid.x == pytest.approx(inches(0.5)) and grid.y == pytest.approx(inches(0.25))


def test_half_letter_adc_prints_one_up_on_letter_at_true_size() -> None:
    """Two 8.5 x 5.5 in cards fill a Letter sheet edge to edge: no printer can do that, so 1-up landscape."""
    imposition = impose(CARD_SIZES["half-letter"], PAPER_SIZES["letter"])
    assert imposition.per_sheet == 1
    assert imposition.sheet == PAPER_SIZES["letter"].landscape
    assert imposition.cells[0].width == inches(8.5) and imposition.cells[0].height == inches(5.5)


def test_index_cards_fit_four_up_on_letter() -> None:
    imposition = impose(CARD_SIZES["index-5x3"], PAPER_SIZES["letter"])
    assert imposition.per_sheet == 4 and (imposition.columns, imposition.rows) == (2, 2)


def test_max_up_caps_the_count() -> None:
    assert impose(CARD_SIZES["poker"], PAPER_SIZES["a4"], max_up=8).per_sheet <= 8


def test_card_larger_than_the_sheet_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        impose(Size(inches(20), inches(20)), PAPER_SIZES["letter"])


@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_grid_is_centred_and_marks_stay_outside_every_card(card: str, paper: str) -> None:
    imposition = impose(CARD_SIZES[card], PAPER_SIZES[paper])
    sheet = Rect(0, 0, imposition.sheet.width, imposition.sheet.height)
    grid = imposition.grid
    assert grid.x == pytest.approx(sheet.right - grid.right)
    assert grid.y == pytest.approx(sheet.top - grid.top)
    assert grid.x >= MIN_MARGIN_PT - 1e-6 and grid.y >= MIN_MARGIN_PT - 1e-6
    for cell in imposition.cells:
        assert sheet.contains(cell)
    marks = crop_marks(imposition)
    assert marks
    for mark in marks:
        box = Rect(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))
        assert sheet.contains(box)
        grown = Rect(box.x - 1, box.y - 1, box.width + 2, box.height + 2)
        assert not any(grown.overlaps(cell) for cell in imposition.cells)


def test_every_cut_line_has_marks() -> None:
    imposition = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"])
    marks = crop_marks(imposition)
    vertical_xs = {round(m.x1, 3) for m in marks if m.x1 == m.x2}
    horizontal_ys = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
    assert len(vertical_xs) == 4 and len(horizontal_ys) == 4


def test_units_convert_once() -> None:
    assert parse_length("2.5in") == 180.0
    assert parse_length("63.5mm") == pytest.approx(180.0)
    assert mm(25.4) == pytest.approx(72.0)
    with pytest.raises(ValueError):
        parse_length("12 furlongs")
