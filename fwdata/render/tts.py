"""Tabletop Simulator deck sheets: how many cards go on a sheet and in what grid (pure arithmetic, pixels).

A Tabletop Simulator custom deck reads one image holding a grid of card faces, up to
10 columns by 7 rows, and is told the grid's width, height and card count on import.
The last slot of the grid (bottom right) is left free: with "Back is hidden" unchecked the
game shows that slot as the face of cards held in a hidden hand. Its knowledge base advises
images no larger than 4096 x 4096 pixels, so cards are scaled down to fit. See
docs/tabletop-simulator.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_COLUMNS, MIN_ROWS = 2, 2  # the import dialog is not known to accept a grid of one row or column
MAX_SHEET_PX = 4096
CARDS_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last slot is the hidden-hand face


@dataclass(frozen=True)
class DeckSheet:
    """One deck image: `cards` card faces in a `columns` x `rows` grid of cells of `cell_px` (width, height)."""

    cards: int
    columns: int
    rows: int
    cell_px: tuple[int, int]

    @property
    def size_px(self) -> tuple[int, int]:
        """The sheet's width and height in pixels."""
        return self.columns * self.cell_px[0], self.rows * self.cell_px[1]


def plan_deck_sheets(count: int, card_px: tuple[int, int]) -> list[DeckSheet]:
    """Split `count` cards of `card_px` (width, height) pixels into deck sheets, each as large as TTS advises.

    Sheets hold up to 69 cards (10 x 7 less the hidden slot), the last one the rest. Each
    sheet's grid is the one, of at most 10 x 7 and at least 2 x 2 with a slot to spare,
    whose cards can be largest within 4096 x 4096 pixels (never larger than `card_px`);
    among equals the one with fewer slots, then fewer rows.
    """
    sheets = []
    for start in range(0, count, CARDS_PER_SHEET):
        sheets.append(_sheet(min(CARDS_PER_SHEET, count - start), card_px))
    return sheets


def _sheet(cards: int, card_px: tuple[int, int]) -> DeckSheet:
    width, height = card_px
    best: tuple[float, int, int, int] | None = None
    for columns in range(MIN_COLUMNS, MAX_COLUMNS + 1):
        for rows in range(MIN_ROWS, MAX_ROWS + 1):
            if columns * rows < cards + 1:
                continue
            scale = min(1.0, MAX_SHEET_PX / (columns * width), MAX_SHEET_PX / (rows * height))
            candidate = (-scale, columns * rows, rows, columns)
            if best is None or candidate < best:
                best = candidate
    assert best is not None  # 10 x 7 always holds CARDS_PER_SHEET + 1
    scale, _, rows, columns = -best[0], best[1], best[2], best[3]
    cell = (max(1, math.floor(width * scale)), max(1, math.floor(height * scale)))
    return DeckSheet(cards, columns, rows, cell)
