"""Flight Leader rendering: read the PDFs back (page and trim sizes, text), and builds are byte-identical."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from pypdf import PdfReader

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fl.render import render_outputs
from fwdata.systems.fl.render.aircraft_card import WRITE_IN_NOTE

ROOT = Path(__file__).resolve().parents[3]


@cache
def _outputs(paper: str = "letter") -> dict[str, bytes]:
    result = check_sources([ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl"], BuildOptions())
    rendered = render_outputs(result.catalog, BuildOptions(paper=paper))
    assert rendered.findings == []
    return {output.path: output.data for output in rendered.outputs}


def _reader(path: str, paper: str = "letter") -> PdfReader:
    return PdfReader(io.BytesIO(_outputs(paper)[path]))


def test_every_aircraft_has_a_card() -> None:
    outputs = _outputs()
    cards = [p for p in outputs if p.startswith("fl/aircraft/")]
    assert len(cards) == len(list((ROOT / "cards" / "fl" / "aircraft").glob("*.yaml")))


def test_card_is_a_5_by_3_inch_index_card() -> None:
    page = _reader("fl/aircraft/mg17c.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (360.0, 216.0)
    assert (float(page.trimbox.width), float(page.trimbox.height)) == (360.0, 216.0)
    text = page.extract_text()
    assert "MiG-17/J-4 Fresco C" in text and "MG17C" in text and "2-1" in text


def test_variant_card_applies_changes() -> None:
    """The A-4A* (A-4E) card shows its own MA 14 and the R:1/0 change, with the base's unit numbers."""
    text = _reader("fl/aircraft/a-4e.pdf").pages[0].extract_text()
    assert "101-104" in text and "14" in text and "R:1/0" in text and "A-4A*" in text


def test_sheet_imposes_cards_at_true_size_on_letter_and_a4() -> None:
    for paper, size in (("letter", {(612.0, 792.0), (792.0, 612.0)}), ("a4", None)):
        reader = _reader("fl/aircraft.pdf", paper)
        page = reader.pages[0]
        dims = (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        if size:
            assert dims in {(612, 792), (792, 612)}
        else:
            assert dims in {(595, 842), (842, 595)}
        assert "Fresco" in " ".join(p.extract_text() for p in reader.pages)


def test_status_card_plot_sheet_and_scenario_sheet_text() -> None:
    status = _reader("fl/status-card.pdf").pages[0].extract_text()
    for label in ("ALTITUDE", "FUEL", "BINGO", "SPEED", "THROTTLE", "MANEUVER", "AIRCREW", "25+"):
        assert label in status
    plot = _reader("fl/plot-sheet.pdf").pages[0].extract_text()
    for label in ("TYPE/ID:", "CAN/RAD/CM:", "ADJMVR", "ALTCH"):
        assert label in plot
    sheet = _reader("fl/scenario/24-1.pdf").pages[0].extract_text()
    assert "First Jet-to-Jet Air Combat" in sheet and "F80C" in sheet and "0/1/3" in sheet


def test_crosscheck_report_is_written() -> None:
    text = _outputs()["fl/crosscheck.md"].decode("utf-8")
    assert text.startswith("# Flight Leader")
    assert "24.8 The Dragon's Jaw" in text


def test_fonts_are_embedded() -> None:
    page = _reader("fl/aircraft/mg15.pdf").pages[0]
    fonts = page["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


def test_builds_are_byte_identical() -> None:
    result = check_sources([ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl"], BuildOptions())
    again = render_outputs(result.catalog, BuildOptions())
    assert {o.path: o.data for o in again.outputs} == _outputs()


def _card_text(text: str) -> str:
    return " ".join(text.split())


def test_cards_with_lost_values_show_write_in_boxes_and_say_so_once() -> None:
    """FL 1.2.1: counter data the rulebook text lacks prints as blank boxes, never '?', with one note per card."""
    note = _card_text(WRITE_IN_NOTE)
    cards = [path for path in _outputs() if path.startswith("fl/aircraft/")]
    for path in cards:
        text = _card_text(_reader(path).pages[0].extract_text())
        assert "?" not in text, path
        assert text.count(note) == 1, path
    f4b = _card_text(_reader("fl/aircraft/f-4b.pdf").pages[0].extract_text())
    assert "Turn type Size Acceleration Afterburner Supersonic yes Radar" in f4b  # lost values: empty cells
    assert "List row lost" not in f4b


def test_complete_card_has_no_write_in_note(tmp_path: Path) -> None:
    """A card whose list row and counter are all known (G.91R, FL 21.4) prints every value and no note."""
    source = (ROOT / "cards" / "fl" / "aircraft" / "g91r.yaml").read_text(encoding="utf-8")
    counter = ("counter: {turn_type: D, size: small, acceleration: N, afterburner: false, supersonic: false, radar: 0, "
               "countermeasures: 1, crew: 1, bubble_canopy: false, missile_rails: 2, internal_gun: machinegun, "
               "external_gun: false}")
    assert source.count("counter: {supersonic: false}") == 1
    source = source.replace("counter: {supersonic: false}", counter).replace("id: g91r\n", "id: g91r-complete\n")
    (tmp_path / "g91r-complete.yaml").write_text(source, encoding="utf-8")
    result = check_sources([tmp_path], BuildOptions())
    assert not result.report.failed(False)
    outputs = {o.path: o.data for o in render_outputs(result.catalog, BuildOptions()).outputs}
    text = _card_text(PdfReader(io.BytesIO(outputs["fl/aircraft/g91r-complete.pdf"])).pages[0].extract_text())
    assert "?" not in text and _card_text(WRITE_IN_NOTE) not in text
    assert "Turn type D Size small Acceleration N Afterburner no" in text and "Missile rails 2" in text
