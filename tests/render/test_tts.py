"""Tabletop Simulator deck sheets (fwdata/render/tts.py): at most 10 x 7, a free last slot, within 4096 pixels."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fwdata.render.tts import CARDS_PER_SHEET, DeckSheet, plan_deck_sheets


def test_eleven_fw_adcs_at_150_dpi_fit_full_size_on_a_3_by_4_sheet() -> None:
    # 1275 x 825 px cards: 3 x 4 = 12 slots holds 11 and the hidden slot at 3825 x 3300 px, under 4096.
    [sheet] = plan_deck_sheets(11, (1275, 825))
    assert sheet == DeckSheet(cards=11, columns=3, rows=4, cell_px=(1275, 825))
    assert sheet.size_px == (3825, 3300)


def test_sixty_eight_fl_cards_at_150_dpi_take_a_10_by_7_sheet_scaled_to_4096_wide() -> None:
    # 750 x 450 px cards; 10 columns would be 7500 px, so each is scaled by 4096/7500 to 409 x 245.
    [sheet] = plan_deck_sheets(68, (750, 450))
    assert (sheet.columns, sheet.rows, sheet.cell_px, sheet.size_px) == (10, 7, (409, 245), (4090, 1715))


def test_seventy_cards_take_two_sheets_of_69_and_1() -> None:
    sheets = plan_deck_sheets(70, (100, 140))
    assert [sheet.cards for sheet in sheets] == [69, 1]
    assert (sheets[0].columns, sheets[0].rows) == (10, 7)
    assert (sheets[1].columns, sheets[1].rows, sheets[1].cell_px) == (2, 2, (100, 140))


def test_no_cards_no_sheet() -> None:
    assert plan_deck_sheets(0, (100, 100)) == []


@given(st.integers(1, 300), st.integers(1, 3000), st.integers(1, 3000))
def test_every_sheet_keeps_the_tts_limits(count: int, width: int, height: int) -> None:
    sheets = plan_deck_sheets(count, (width, height))
    assert sum(sheet.cards for sheet in sheets) == count
    for sheet in sheets:
        assert 2 <= sheet.columns <= 10 and 2 <= sheet.rows <= 7
        assert sheet.cards <= CARDS_PER_SHEET and sheet.cards < sheet.columns * sheet.rows
        assert sheet.size_px[0] <= 4096 or sheet.cell_px[0] == 1
        assert sheet.size_px[1] <= 4096 or sheet.cell_px[1] == 1
        assert sheet.cell_px[0] <= width and sheet.cell_px[1] <= height
