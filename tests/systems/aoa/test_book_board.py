"""The book page's hex schematic: the range key never lies under the enemy plane, on any page, Letter or A4."""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from fwdata.render.layout import PAPER_SIZES, Rect
from fwdata.systems.aoa.book_board import Board, board_in
from fwdata.systems.aoa.book_generator import BookDesign, design_from_data, numbering_for, own_situation
from fwdata.systems.aoa.geometry import Hex, Situation, hexes_within
from fwdata.systems.aoa.render_books import HALF_MARGIN_PT, page_regions

ROOT = Path(__file__).resolve().parents[3]
DESIGN_PATH = ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"


@pytest.fixture(scope="module")
def design() -> BookDesign:
    return design_from_data(YAML(typ="safe").load(DESIGN_PATH.read_text()))


def _board(paper: str) -> Board:
    sheet = PAPER_SIZES[paper].landscape
    frame = Rect(0, 0, sheet.width / 2, sheet.height).inset(HALF_MARGIN_PT)
    return board_in(page_regions(frame.take_top(40)[1])[1])


def _enemy_pages(design: BookDesign) -> list[tuple[int, str, Situation]]:
    numbering = numbering_for(design)
    pages = []
    for page in range(1, 223):
        situation = numbering.situation(page)
        assert situation is not None
        for side in ("allied", "german"):
            own = own_situation(situation, side)
            if own.offset.distance > 0:
                pages.append((page, side, own))
    return pages


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_range_key_is_clear_of_every_hex_and_every_enemy_plane(design: BookDesign, paper: str) -> None:
    board = _board(paper)
    key = board.range_key_box
    assert board.box.contains(key)
    assert not any(key.overlaps(board.hex_box(cell)) for cell in hexes_within(3))
    pages = _enemy_pages(design)
    assert len(pages) == 2 * (222 - 6)  # the six no-plane pages show no enemy hex (Losing Sight of the Enemy)
    for page, side, own in pages:
        assert not key.overlaps(board.enemy_box(own)), (page, side)


def test_the_old_ring_labels_lay_under_the_enemy_on_some_pages(design: BookDesign) -> None:
    """The bug: S, M, L stood on the ahead-left hex of each ring, where the enemy plane is drawn over them."""
    board = _board("letter")
    labels = [board.centre(Hex(-ring, ring)) for ring in (1, 2, 3)]
    covered = {(page, side) for page, side, own in _enemy_pages(design)
               for x, y in labels if board.enemy_box(own).overlaps(Rect(x - 2, y - 2.5, 4, 5))}
    assert len(covered) == 2 * 3 * 6  # each book: three label hexes x six headings


def test_the_enemy_box_holds_the_plane_and_its_heading_arrow() -> None:
    """Heading 0 points up: the arrow tip, 1.05 circumradii ahead, is the box's top."""
    board = board_in(Rect(0, 0, 110, 121.24))
    assert board.size == pytest.approx(10.0, abs=1e-3)
    box = board.enemy_box(Situation(Hex(0, 1), 0))
    x, y = board.centre(Hex(0, 1))
    assert box.top == pytest.approx(y + 10.5, abs=1e-3)
    assert box.x == pytest.approx(x - 7.0, abs=1e-3)  # half-span 0.7 circumradii
    assert box.right == pytest.approx(x + 7.0, abs=1e-3)
