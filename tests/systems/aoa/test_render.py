"""Ace of Aces rendering: page sizes, imposition, text and fonts read back from the PDFs; reproducible bytes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa.render import render_outputs

ROOT = Path(__file__).resolve().parents[3]
POKER = (180.0, 252.0)  # 2.5 x 3.5 in


@pytest.fixture(scope="module")
def catalog():  # type: ignore[no-untyped-def]
    result = check_sources([ROOT / "cards" / "aoa", ROOT / "tables" / "aoa"], BuildOptions(), schema_root=schema_root())
    return result.catalog


def _outputs(catalog, paper: str = "letter") -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    result = render_outputs(catalog, BuildOptions(paper=paper))
    assert [f.format_line() for f in result.findings] == []  # nothing overflows
    return {o.path: o.data for o in result.outputs}


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in _reader(data).pages)


def test_output_paths(catalog) -> None:  # type: ignore[no-untyped-def]
    paths = set(_outputs(catalog))
    assert {"aoa/plane.pdf", "aoa/chart.pdf", "aoa/campaign-setup.pdf", "aoa/pilots-log/blank.pdf",
            "aoa/plane/spad-xiii.pdf", "aoa/pilots-log/fokker-d-vii.pdf"} <= paths
    assert len([p for p in paths if p.startswith("aoa/plane/")]) == 10


def test_plane_card_is_poker_size_with_plane_stats(catalog) -> None:  # type: ignore[no-untyped-def]
    """Plane card: 2.5 x 3.5 in trim; SPAD XIII values from the Plane Stats."""
    reader = _reader(_outputs(catalog)["aoa/plane/spad-xiii.pdf"])
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == POKER
    assert (float(page.trimbox.width), float(page.trimbox.height)) == POKER
    text = page.extract_text()
    for value in ("Spad XIII", "625-1,200 ft", "22,950 ft", "135 turns", "ammo 20"):
        assert value in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cards_impose_eight_up(catalog, paper: str) -> None:  # type: ignore[no-untyped-def]
    """Shared imposition: poker cards 4 x 2 per landscape sheet on Letter and A4 (3 x 3 leaves no room for
    printable crop marks); ten planes need two sheets."""
    reader = _reader(_outputs(catalog, paper)["aoa/plane.pdf"])
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) > float(reader.pages[0].mediabox.height)
    first = reader.pages[0].extract_text()
    assert sum(first.count(name) for name in ("Albatros DIII", "Albatros DVa", "Ansaldo Balilla", "Fokker DVII",
                                               "Junkers D1", "Pfalz DXII", "SE 5a", "Sopwith Dolphin")) == 8


def test_fonts_are_embedded(catalog) -> None:  # type: ignore[no-untyped-def]
    reader = _reader(_outputs(catalog)["aoa/chart.pdf"])
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]


def test_chart_book_holds_every_chart(catalog) -> None:  # type: ignore[no-untyped-def]
    text = _text(_outputs(catalog)["aoa/chart.pdf"])
    for title in ("Maneuver Chart", "Firing Chart, Long Range", "Gun Chart, Double Synchronized Gun",
                  "Critical Hit Chart, Wheels", "Wing Warp", "Damage Allocation Chart, Above or Below 100'",
                  "Archie Chart", "Powerhouse Advanced Game: expected damage per shot"):
        assert title in text
    assert "4.17" in text  # Medium, 4 ammo: 25/6 (Powerhouse Firing Charts)


def test_pilots_log_has_header_fields_and_30_turns(catalog) -> None:  # type: ignore[no-untyped-def]
    """Chart Book, Pilot's Log: header fields and per-turn columns, 30 turn rows."""
    text = _text(_outputs(catalog)["aoa/pilots-log/blank.pdf"])
    for field in ("Jasta/Squad", "Mission (F/B/T/R/A)", "Power dive (/___P)", "Ceiling", "Opp 3 pg", "Inclin.",
                  "Accumulated hits", "Victory points", "30"):
        assert field in text
    filled = _text(_outputs(catalog)["aoa/pilots-log/fokker-d-vii.pdf"])
    assert "625-1200 / 6P" in filled and "4/3" in filled


def test_campaign_sheet_has_tables_and_fuel_turns(catalog) -> None:  # type: ignore[no-untyped-def]
    """XLVI: fuel turns are fuel x fraction rounded up (Spad XIII 135 x 3/4 = 101.25 -> 102)."""
    text = _text(_outputs(catalog)["aoa/campaign-setup.pdf"])
    for title in ("Duty Roster", "Ground Position", "Starting Altitude", "Fuel turns by plane", "Starting Page",
                  "Battlefield Map"):
        assert title in text
    assert "102" in text and "9,200'" in text


def test_builds_are_byte_identical(catalog) -> None:  # type: ignore[no-untyped-def]
    assert _outputs(catalog) == _outputs(catalog)


def test_no_aoa_outputs_without_aoa_data() -> None:
    from fwdata.game_system import Catalog

    assert render_outputs(Catalog(), BuildOptions()).outputs == []
