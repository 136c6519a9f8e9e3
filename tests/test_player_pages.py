"""What players get on paper (issue 35): no transcription line numbers, no checker wording, no formulas or
repository paths; footers read to the end; card frames on the safe line; the booklet's paper said (the booklet's
own printing line and how-to page: tests/render/test_booklet.py)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from fwdata.cli.main import build_lines
from fwdata.findings import Report
from fwdata.game_system import Catalog, Output, RunResult
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.citations import printable_citation
from fwdata.render.tts import plan_deck_sheets
from fwdata.systems import registered_systems
from fwdata.systems.aoa.render.cards import render_plane_card
from fwdata.systems.fl.citations import CITATIONS as FL_BOOKS
from fwdata.systems.fl.render import render_outputs as render_fl
from fwdata.systems.fw.citations import CITATIONS as FW_BOOKS
from fwdata.systems.fw.render import render_outputs as render_fw

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

ROOT = Path(__file__).resolve().parent.parent


def text_of(data: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages).split())


@cache
def fl_outputs(verdicts: bool = False) -> dict[str, bytes]:
    result = check_sources([ROOT / "cards/fl", ROOT / "scenarios/fl", ROOT / "tables/fl"], BuildOptions())
    rendered = render_fl(result.catalog, BuildOptions(system_options=(("fl", "verdicts", True),) if verdicts else ()))
    assert rendered.findings == []
    return {output.path: output.data for output in rendered.outputs}


def frame(data: bytes) -> list[float]:
    """Return the first stroked-or-filled rectangle drawn on page 1 (a card's frame), x, y, width, height."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    return next([float(v) for v in operands] for operands, operator
                in ContentStream(page.get_contents(), None).operations if operator == b"re")


def test_a_citation_for_players_leaves_out_the_transcriptions_line_numbers() -> None:
    assert printable_citation("002_06ce78c147afc7c6.txt, 21.2 (line 818)", FL_BOOKS) == "Flight Leader, 21.2"
    assert printable_citation("[000] 17.2 (lines 40-52), errata", FW_BOOKS) == "OTR 17.2, errata"


def test_a_flight_leader_card_prints_its_whole_source_without_line_numbers() -> None:
    cards = {path: text_of(data) for path, data in fl_outputs().items() if path.startswith("fl/aircraft/")}
    assert not [path for path, text in cards.items() if "(line" in text]
    assert "Flight Leader, 21.2" in cards["fl/aircraft/a-4e.pdf"]
    assert ("Flight Leader, scenarios 24.11.1, 24.11.2, 24.11.3, 24.13, 24.16, 24.17.1, 24.18, 25.1, 25.6, 25.8"
            in cards["fl/aircraft/mg21c.pdf"])  # wrapped onto two lines, never cut


def test_scenario_sheets_say_what_players_need_and_verdicts_only_when_asked() -> None:
    sheets = {path: text_of(data) for path, data in fl_outputs().items() if path.startswith("fl/scenario/")}
    checker = ("agrees with", "cannot be checked", "fwdata fl points", "rules give", "26.5", "[")
    assert not [(path, word) for path, text in sheets.items() for word in checker if word in text]
    assert "North Vietnam · cap · controller NW · 36 SP" in sheets["fl/scenario/24-8.pdf"]
    judged = text_of(fl_outputs(verdicts=True)["fl/scenario/24-8.pdf"])
    assert "checked against 26.5" in judged and "[" in judged
    assert "fl/crosscheck.md" in fl_outputs()


def test_the_fighting_wings_play_aids_read_in_words() -> None:
    result = check_sources([ROOT / "tables/fw"], BuildOptions())
    aids = {output.path: output.data for output in render_fw(result.catalog, BuildOptions()).outputs}
    text = text_of(aids["fw/table.pdf"])
    assert "min(" not in text and "laden*" not in text and "max-1.0" not in text
    assert "max level - 1.0 or laden - 0.5, the lower" in text and "half of laden (FVT)" in text


@pytest.mark.parametrize("bleed_pt", [0.0, 9.0])
def test_card_frames_stand_on_the_safe_line_with_or_without_bleed(bleed_pt: float) -> None:
    """9 pt (1/8 in) inside the trim (it stood 3 pt inside without bleed)."""
    result = check_sources([ROOT / "cards/aoa"], BuildOptions())
    entry = result.catalog.get("aoa", "plane", "spad-xiii")
    assert entry is not None
    poker = CARD_SIZES["poker"]
    aoa = render_plane_card(entry, poker, bleed_pt).outputs[0].data
    # Drawn in the trim's coordinates: with bleed the page first moves its origin onto the trim's corner.
    assert float(PdfReader(io.BytesIO(aoa)).pages[0].trimbox.left) == bleed_pt
    assert frame(aoa) == pytest.approx([9, 9, poker.width - 18, poker.height - 18])
    if not bleed_pt:
        index = CARD_SIZES["index-5x3"]
        assert frame(fl_outputs()["fl/aircraft/a-4e.pdf"]) == pytest.approx([9, 9, index.width - 18, index.height - 18])


@pytest.mark.parametrize(("paper", "sheet"), [("a4", "A3 paper, not A4"), ("letter", "11 x 17 in (Tabloid) paper")])
def test_the_build_summary_names_the_bigger_sheet_of_a_booklet_with_bleed(paper: str, sheet: str) -> None:
    result = RunResult(report=Report(), catalog=Catalog())
    result.outputs = [Output("aoa/book/spad-xiii-book-booklet.pdf", b"")]
    lines = build_lines(result, Path("build"), BuildOptions(paper=paper, bleed_pt=9.0))
    assert any(line.startswith("booklets (*-booklet.pdf) are on ") and sheet in line for line in lines)
    plain = build_lines(result, Path("build"), BuildOptions(paper=paper))
    assert not any(line.startswith("booklets") for line in plain)


def test_deck_faces_at_their_own_resolution_stay_within_the_sheet_tabletop_simulator_reads() -> None:
    """200 DPI faces of 68 Flight Leader cards (1000 x 600 px) are scaled onto one 4096-pixel sheet."""
    sheet = plan_deck_sheets(68, (1000, 600))[0]
    assert max(sheet.size_px) <= 4096 and sheet.cards == 68
