"""Duplex backs: every back lies behind its front after a long-edge flip, read back from the PDFs."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from pypdf.generic import ContentStream

from fwdata.cli.main import main
from fwdata.game_system import Catalog
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.duplex import back_cells, back_crop_marks, mirror_rect, mirror_segment, mirrors_x
from fwdata.render.imposition import MIN_MARGIN_PT, Segment, crop_marks, impose
from fwdata.render.layout import PAPER_SIZES, Rect, Size
from fwdata.systems import registered_systems
from fwdata.units import inches, mm
from tests.render.sheet_content import read_drawn, render_planned

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

SHEETS = {"fw/aircraft.pdf": CARD_SIZES["half-letter"], "fl/aircraft.pdf": CARD_SIZES["index-5x3"],
          "aoa/plane.pdf": CARD_SIZES["poker"]}
BACK_TEXT = {"fw/aircraft.pdf": ("Fighting Wings", "Aircraft Data Card"),
             "fl/aircraft.pdf": ("Flight Leader", "Aircraft Card"),
             "aoa/plane.pdf": ("Ace of Aces", "Plane Card")}
CARDS = {"fw/aircraft/p-51d.pdf": "fw/aircraft.pdf", "fl/aircraft/f-4e.pdf": "fl/aircraft.pdf",
         "aoa/plane/spad-xiii.pdf": "aoa/plane.pdf"}
LETTER, A4 = PAPER_SIZES["letter"], PAPER_SIZES["a4"]
PRINT_OPTIONS = [(paper, bleed, gutter) for paper in ("letter", "a4") for bleed in (0.0, mm(3))
                 for gutter in (0.0, mm(5))]
RULER_WIDTH = 0.3


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return check_sources([library_root() / folder for folder in SOURCE_FOLDERS], BuildOptions()).catalog


def _origins_and_lines(reader: PdfReader, number: int) -> tuple[list[tuple[float, float]], list[tuple[float, ...]]]:
    """Return a sheet's card origins and its top-level lines with widths."""
    sheet = read_drawn(reader, number)
    return sheet.origins, list(sheet.segments)


def _read(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def test_a_portrait_sheet_flips_about_its_vertical_long_edge() -> None:
    """Letter portrait (612 pt wide): a card at x 36, 180 pt wide, has its back at 612 - 36 - 180 = 396."""
    assert mirrors_x(LETTER.portrait)
    assert mirror_rect(Rect(36, 100, 180, 252), LETTER.portrait) == Rect(396, 100, 180, 252)


def test_a_landscape_sheet_flips_about_its_horizontal_long_edge() -> None:
    """Letter landscape (612 pt high): a card at y 100, 252 pt high, has its back at 612 - 100 - 252 = 260."""
    assert not mirrors_x(LETTER.landscape)
    assert mirror_rect(Rect(36, 100, 180, 252), LETTER.landscape) == Rect(36, 260, 180, 252)
    assert mirror_segment(Segment(10, 20, 10, 32), LETTER.landscape) == Segment(10, 592, 10, 580)


@given(st.floats(0, 500), st.floats(0, 500), st.floats(1, 200), st.floats(1, 200), st.sampled_from([LETTER, A4]),
       st.booleans())
def test_flipping_twice_gives_the_front_back(x: float, y: float, width: float, height: float, paper: Size,
                                             portrait: bool) -> None:
    sheet = paper.portrait if portrait else paper.landscape
    rect = Rect(x, y, width, height)
    twice = mirror_rect(mirror_rect(rect, sheet), sheet)
    assert (twice.x, twice.y, twice.width, twice.height) == pytest.approx((x, y, width, height))


@pytest.mark.parametrize(("paper", "bleed", "gutter"), PRINT_OPTIONS)
@pytest.mark.parametrize("card", ["half-letter", "a5", "index-5x3", "poker"])
def test_back_marks_are_the_mirrored_cut_lines_of_the_backs_and_printable(card: str, paper: str, bleed: float,
                                                                           gutter: float) -> None:
    imposition = impose(CARD_SIZES[card], PAPER_SIZES[paper], bleed_pt=bleed, gutter_pt=gutter)
    sheet = Rect(0, 0, imposition.sheet.width, imposition.sheet.height)
    for occupied in range(1, imposition.per_sheet + 1):
        backs = back_cells(imposition, occupied)
        assert len(backs) == occupied
        cut_xs = [x for back in backs for x in (back.x, back.right)]
        cut_ys = [y for back in backs for y in (back.y, back.top)]
        marks = back_crop_marks(imposition, occupied)
        assert len(marks) == len(crop_marks(imposition, occupied))
        for mark in marks:
            along, cuts = (mark.x1, cut_xs) if mark.x1 == mark.x2 else (mark.y1, cut_ys)
            assert min(abs(along - cut) for cut in cuts) < 1e-3
            line = Rect(min(mark.x1, mark.x2), min(mark.y1, mark.y2),
                        abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))
            assert sheet.inset(MIN_MARGIN_PT).contains(line)
            assert not any(line.overlaps(back.inset(-bleed)) for back in backs)
    def slots(cells: tuple[Rect, ...]) -> list[tuple[float, float]]:
        return sorted((round(cell.x, 6), round(cell.y, 6)) for cell in cells)

    assert slots(back_cells(imposition, imposition.per_sheet)) == slots(imposition.cells)  # a centred grid


@pytest.mark.parametrize(("paper", "bleed", "gutter"), PRINT_OPTIONS)
def test_every_back_lies_behind_its_front_on_a_long_edge_flip(catalog: Catalog, paper: str, bleed: float,
                                                              gutter: float) -> None:
    """Read back both faces of every sheet: the i-th back is the i-th front mirrored about the long-edge axis."""
    options = BuildOptions(paper=paper, bleed_pt=bleed, gutter_pt=gutter, backs=True)
    duplex = render_planned(catalog, options, set(SHEETS))
    for path, card in SHEETS.items():
        reader = _read(duplex[path])
        per_sheet = impose(card, PAPER_SIZES[paper], bleed_pt=bleed, gutter_pt=gutter).per_sheet
        cards = 0
        for number in range(0, len(reader.pages), 2):
            front, back = reader.pages[number], reader.pages[number + 1]
            assert back.mediabox == front.mediabox and back.trimbox == front.trimbox
            sheet = Size(float(front.mediabox.width), float(front.mediabox.height))
            front_origins, front_lines = _origins_and_lines(reader, number)
            back_origins, back_lines = _origins_and_lines(reader, number + 1)
            cards += len(front_origins)
            assert len(back_origins) == len(front_origins), (path, number)  # no back for an empty slot
            for (fx, fy), (bx, by) in zip(front_origins, back_origins, strict=True):
                mirrored = mirror_rect(Rect(fx, fy, card.width, card.height), sheet)
                assert (bx, by) == pytest.approx((mirrored.x, mirrored.y), abs=0.1), (path, number)
            front_marks = sorted(tuple(round(v, 1) + 0.0 for v in (s.x1, s.y1, s.x2, s.y2))
                                 for s in (mirror_segment(Segment(*line[:4]), sheet) for line in front_lines
                                           if line[4] != RULER_WIDTH))
            back_marks = sorted(tuple(round(v, 1) + 0.0 for v in line[:4]) for line in back_lines)
            assert back_marks == front_marks and all(line[4] != RULER_WIDTH for line in back_lines)
            game, kind = BACK_TEXT[path]
            text = back.extract_text()
            assert text.count(game) == text.count(kind) == len(back_origins)
            assert "Print at 100 %" not in text  # the front's ruler measures both faces
        assert len(reader.pages) == 2 * -(-cards // per_sheet), path  # a sheet of backs after each sheet


@pytest.mark.parametrize(("bleed", "gutter"), [(0.0, 0.0), (mm(3), mm(5))])
def test_backs_leave_the_fronts_as_they_were(catalog: Catalog, bleed: float, gutter: float) -> None:
    """With --backs the odd pages of every sheet are the pages of a build without it, drawn alike."""
    fronts = render_planned(catalog, BuildOptions(bleed_pt=bleed, gutter_pt=gutter), set(SHEETS))
    duplex = render_planned(catalog, BuildOptions(bleed_pt=bleed, gutter_pt=gutter, backs=True), set(SHEETS))
    for path in SHEETS:
        alone, both = _read(fronts[path]), _read(duplex[path])
        assert len(both.pages) == 2 * len(alone.pages)
        for number, page in enumerate(alone.pages):
            assert both.pages[2 * number].get_contents().get_data() == page.get_contents().get_data(), path


def test_a_half_full_landscape_sheet_puts_its_backs_in_the_mirrored_row(catalog: Catalog) -> None:
    """Ten poker cards 8-up on Letter landscape: the second sheet's two cards sit in the top row, their backs below."""
    both = _read(render_planned(catalog, BuildOptions(backs=True), {"aoa/plane.pdf"})["aoa/plane.pdf"])
    assert len(both.pages) == 4
    front, _ = _origins_and_lines(both, 2)
    back, _ = _origins_and_lines(both, 3)
    grid = impose(CARD_SIZES["poker"], LETTER)
    assert [v for origin in front for v in origin] == pytest.approx([v for cell in grid.cells[:2]
                                                                     for v in (cell.x, cell.y)])
    assert [v for origin in back for v in origin] == pytest.approx([v for cell in grid.cells[4:6]  # bottom row
                                                                    for v in (cell.x, cell.y)])


@pytest.mark.parametrize("bleed", [0.0, mm(3)])
@pytest.mark.parametrize("path", sorted(CARDS))
def test_a_single_card_pdf_has_its_back_as_page_2_with_the_same_boxes(catalog: Catalog, path: str,
                                                                       bleed: float) -> None:
    alone = _read(render_planned(catalog, BuildOptions(bleed_pt=bleed), {path})[path])
    both = _read(render_planned(catalog, BuildOptions(bleed_pt=bleed, backs=True), {path})[path])
    assert len(alone.pages) == 1 and len(both.pages) == 2
    front, back = both.pages
    assert front.get_contents().get_data() == alone.pages[0].get_contents().get_data()
    for box in ("/MediaBox", "/TrimBox", "/BleedBox"):
        assert back.get(box) == front.get(box), box
    game, kind = BACK_TEXT[CARDS[path]]
    assert [line.strip() for line in back.extract_text().splitlines() if line.strip()] == [game, kind]


def test_a_back_stays_in_the_safe_area_and_its_tint_fills_the_bleed(catalog: Catalog) -> None:
    """With 1/8 in bleed the back's tint is the whole page (trim plus bleed); its frame is 9 pt inside the trim."""
    path, bleed = "aoa/plane/spad-xiii.pdf", inches(0.125)
    page = _read(render_planned(catalog, BuildOptions(bleed_pt=bleed, backs=True), {path})[path]).pages[1]
    rects = [[float(v) for v in operands] for operands, operator in ContentStream(page.get_contents(), None).operations
             if operator == b"re"]
    card = CARD_SIZES["poker"]
    assert rects[0] == pytest.approx([-bleed, -bleed, card.width + 2 * bleed, card.height + 2 * bleed])
    assert rects[1] == pytest.approx([9, 9, card.width - 18, card.height - 18])


def test_build_backs_on_the_command_line(tmp_path: Path) -> None:
    """A pack with the base library's id is the whole library: here one card, one sheet and its back."""
    pack = tmp_path / "p"
    (pack / "cards" / "fw").mkdir(parents=True)
    shutil.copy(library_root() / "cards" / "fw" / "p-51d.yaml", pack / "cards" / "fw")
    (pack / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: one card\nversion: "1"\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--backs", "--out", str(tmp_path / "out"), str(pack)])
    assert result.exit_code == 0, result.output
    assert len(PdfReader(tmp_path / "out" / "fw" / "aircraft" / "p-51d.pdf").pages) == 2
    assert len(PdfReader(tmp_path / "out" / "fw" / "aircraft.pdf").pages) == 2
