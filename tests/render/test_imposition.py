"""Imposition geometry: true-size cards, centred, crop marks outside every bleed and 1/4 in from the sheet edge."""

from __future__ import annotations

import pytest

from fwdata.render.imposition import (
    MARK_LENGTH_PT,
    MARK_OFFSET_PT,
    MIN_MARGIN_PT,
    Imposition,
    Segment,
    calibration_box,
    crop_marks,
    impose,
)
from fwdata.render.layout import PAPER_SIZES, Rect, Size
from fwdata.systems import registered_systems
from fwdata.units import inches, mm, parse_length, parse_print_length

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

BLEEDS = (0.0, mm(3), inches(0.125))


def _box(mark: Segment) -> Rect:
    return Rect(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))


def test_poker_cards_print_eight_up_landscape_with_marks_a_printer_can_print() -> None:
    """3x3 poker on Letter leaves 0.25 in top and bottom (print-conventions): no room for marks, so 4x2 landscape."""
    for paper in ("letter", "a4"):
        imposition = impose(CARD_SIZES["poker"], PAPER_SIZES[paper])
        assert (imposition.columns, imposition.rows) == (4, 2)
        assert imposition.sheet == PAPER_SIZES[paper].landscape


def test_letter_poker_grid_leaves_half_inch_sides_and_three_quarter_inch_ends() -> None:
    grid = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"]).grid
    assert grid.x == pytest.approx(inches(0.5)) and grid.y == pytest.approx(inches(0.75))


def test_nine_up_poker_sheet_of_old_had_marks_three_points_from_the_edge() -> None:
    """The old 9-up Letter grid: bottom marks ran from 15 pt down to 3 pt above the edge; now they end >= 18 pt."""
    old = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"], max_up=9)
    assert old.per_sheet == 8  # 9-up no longer fits once the marks need room
    lowest = min(min(mark.y1, mark.y2) for mark in crop_marks(impose(CARD_SIZES["poker"], PAPER_SIZES["letter"])))
    assert lowest == pytest.approx(inches(0.75) - MARK_OFFSET_PT - MARK_LENGTH_PT)
    assert lowest >= MIN_MARGIN_PT


def test_half_letter_adc_prints_one_up_on_letter_at_true_size() -> None:
    """Two 8.5 x 5.5 in cards fill a Letter sheet edge to edge: no printer can do that, so 1-up landscape."""
    imposition = impose(CARD_SIZES["half-letter"], PAPER_SIZES["letter"])
    assert imposition.per_sheet == 1
    assert imposition.sheet == PAPER_SIZES["letter"].landscape
    assert imposition.cells[0].width == inches(8.5) and imposition.cells[0].height == inches(5.5)


def test_index_cards_fit_four_up_on_letter() -> None:
    imposition = impose(CARD_SIZES["index-5x3"], PAPER_SIZES["letter"])
    assert imposition.per_sheet == 4 and (imposition.columns, imposition.rows) == (2, 2)


def test_bleed_spaces_cards_apart_and_costs_cards() -> None:
    """3 mm bleed: poker cards stand 6 mm apart, 6-up on Letter (print-conventions: 3x2 on Letter)."""
    imposition = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"], bleed_pt=mm(3))
    assert imposition.gap_pt == pytest.approx(mm(6))
    assert imposition.per_sheet == 6
    first, second = imposition.cells[:2]
    assert second.x - first.right == pytest.approx(mm(6))


def test_gutter_separates_trims() -> None:
    imposition = impose(CARD_SIZES["index-5x3"], PAPER_SIZES["a4"], gutter_pt=mm(5))
    first, second, third = imposition.cells[:3]
    assert second.x - first.right == pytest.approx(mm(5))
    assert first.y - third.top == pytest.approx(mm(5))


def test_a_card_narrower_than_the_ruler_is_refused() -> None:
    with pytest.raises(ValueError, match="calibration ruler"):
        calibration_box(impose(Size(inches(2), inches(3)), PAPER_SIZES["letter"]))


def test_max_up_caps_the_count() -> None:
    assert impose(CARD_SIZES["poker"], PAPER_SIZES["a4"], max_up=6).per_sheet <= 6


def test_card_larger_than_the_sheet_is_refused() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        impose(Size(inches(20), inches(20)), PAPER_SIZES["letter"])


def _check_sheet(imposition: Imposition, occupied: int) -> None:
    sheet = Rect(0, 0, imposition.sheet.width, imposition.sheet.height)
    printable = sheet.inset(MIN_MARGIN_PT)
    bleeds = [cell.inset(-imposition.bleed_pt) for cell in imposition.cells[:occupied]]
    marks = crop_marks(imposition, occupied)
    assert marks
    for mark in marks:
        box = _box(mark)
        assert printable.contains(box), (mark, printable)
        grown = box.inset(-1)
        assert not any(grown.overlaps(bleed) for bleed in bleeds)
    ruler = calibration_box(imposition)
    assert printable.contains(ruler)
    assert not any(ruler.overlaps(bleed) for bleed in bleeds)
    assert not any(ruler.inset(-1).overlaps(_box(mark)) for mark in marks)


@pytest.mark.parametrize("bleed", BLEEDS)
@pytest.mark.parametrize("card", sorted(CARD_SIZES))
@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_grid_is_centred_and_marks_stay_outside_every_bleed_and_off_the_edge(card: str, paper: str,
                                                                            bleed: float) -> None:
    imposition = impose(CARD_SIZES[card], PAPER_SIZES[paper], bleed_pt=bleed)
    sheet = Rect(0, 0, imposition.sheet.width, imposition.sheet.height)
    grid = imposition.grid
    assert grid.x == pytest.approx(sheet.right - grid.right)
    assert grid.y == pytest.approx(sheet.top - grid.top)
    for cell in imposition.cells:
        assert sheet.contains(cell.inset(-bleed))
    for occupied in range(1, imposition.per_sheet + 1):
        _check_sheet(imposition, occupied)


def test_every_cut_line_of_a_full_sheet_has_marks() -> None:
    imposition = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"])
    marks = crop_marks(imposition)
    vertical_xs = {round(m.x1, 3) for m in marks if m.x1 == m.x2}
    horizontal_ys = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
    assert len(vertical_xs) == 5 and len(horizontal_ys) == 3


def test_empty_slots_get_no_marks() -> None:
    """A last sheet with 2 of 8 poker cards: marks for their 3 vertical and 2 horizontal cut lines only."""
    imposition = impose(CARD_SIZES["poker"], PAPER_SIZES["letter"])
    marks = crop_marks(imposition, 2)
    first, second = imposition.cells[:2]
    cut_xs = {round(x, 3) for x in (first.x, first.right, second.right)}
    assert {round(m.x1, 3) for m in marks if m.x1 == m.x2} == cut_xs
    assert {round(m.y1, 3) for m in marks if m.y1 == m.y2} == {round(first.y, 3), round(first.top, 3)}
    assert len(marks) == 2 * 3 + 2 * 2
    assert all(max(m.y1, m.y2) <= first.top + MARK_OFFSET_PT + MARK_LENGTH_PT for m in marks)


def test_units_convert_once() -> None:
    assert parse_length("2.5in") == 180.0
    assert parse_length("63.5mm") == pytest.approx(180.0)
    assert mm(25.4) == pytest.approx(72.0)
    with pytest.raises(ValueError):
        parse_length("12 furlongs")


@pytest.mark.parametrize(("text", "points"), [("0", 0.0), ("3mm", 8.504), ("0.125in", 9.0), ("0.5in", 36.0)])
def test_print_lengths_parse(text: str, points: float) -> None:
    assert parse_print_length(text) == pytest.approx(points, abs=1e-3)


@pytest.mark.parametrize("text", ["-3mm", "nan", "NaNmm", "0.6in", "2cm", "3", "inf in", "\u0663mm", "\uff13mm"])
def test_print_lengths_out_of_range_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_print_length(text)
