"""Fighting Wings rendering: ADCs, the imposed card sheet, log sheets and the play-aid tables, read back with pypdf."""

from __future__ import annotations

import io
import math
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from fwdata.game_system import Catalog, Entry, RenderResult
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.render.imposition import crop_marks, impose
from fwdata.render.layout import PAPER_SIZES, Rect
from fwdata.sources import load_source
from fwdata.systems import registered_systems
from fwdata.systems.fw.model import build_aircraft, build_scenario, build_table
from fwdata.systems.fw.render import render_outputs
from fwdata.systems.fw.render_logsheet import altitude_text
from fwdata.units import inches, mm
from fwdata.validation.validate import load_schemas, validate_documents

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).parent / "render_fixtures"
BUILDERS = {"aircraft": build_aircraft, "scenario": build_scenario, "table": build_table}
REAL_DATA = [ROOT / "cards" / "fw", ROOT / "scenarios" / "fw", ROOT / "tables" / "fw"]


def make_catalog(files: Iterable[Path]) -> Catalog:
    """Load, schema-validate and model `files` the way the pipeline does; fail on any finding."""
    documents = []
    for path in sorted(files):
        document, findings = load_source(path)
        assert document is not None and not findings, [f.format_line() for f in findings]
        documents.append(document)
    kinds = sorted({(d.system or "", d.kind or "") for d in documents})
    valid, findings = validate_documents(documents, load_schemas(schema_root(), kinds))
    assert not findings, [f.format_line() for f in findings]
    catalog = Catalog()
    for document in valid:
        catalog.add("fw", document.kind or "", document.doc_id or "",
                    Entry(BUILDERS[document.kind or ""](document), document))
    return catalog


def fixture_files(*names: str) -> list[Path]:
    return [FIXTURES / f"{name}.yaml" for name in names]


def table_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "restored-sample.yaml"
    path.write_text(
        "system: fw\nkind: table\nid: restored-sample\nname: Restored Sample Table\n"
        "rule: \"QS Flight Tables (test)\"\nedition: quick-start\n"
        "provenance: {status: inferred, source: \"test fixture\"}\n"
        "columns: [{key: number, title: \"No.\"}, {key: half, title: \"1/2\"}]\n"
        "rows:\n  - [1, 0.5]\n  - [2, {value: 1.0, printed: \".0\", reason: lost digit 1}]\n"
        "notes: [\"Sample note for the render test.\"]\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture(scope="module")
def fixture_result() -> RenderResult:
    catalog = make_catalog(fixture_files("fixture-fighter", "fixture-fighter-mk2", "fixture-bomber",
                                         "fixture-scenario"))
    return render_outputs(catalog, BuildOptions())


def outputs(result: RenderResult) -> dict[str, bytes]:
    return {output.path: output.data for output in result.outputs}


def read(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_text(reader: PdfReader, index: int = 0) -> str:
    return reader.pages[index].extract_text()


def assert_box(box: object, width: float, height: float) -> None:
    values = [float(v) for v in box]  # type: ignore[attr-defined]
    assert values == pytest.approx([0, 0, width, height], abs=0.01)


def assert_fonts_embedded(reader: PdfReader) -> None:
    """Every font is an embedded TrueType (FontFile2); no base-14 font is referenced (DESIGN.md Outputs)."""
    seen = 0
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            seen += 1
            assert font["/Subtype"] == "/TrueType", font["/BaseFont"]
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), font["/BaseFont"]
    assert seen > 0


def test_outputs_are_named_predictably(fixture_result: RenderResult) -> None:
    assert sorted(outputs(fixture_result)) == [
        "fw/aircraft.pdf",
        "fw/aircraft/fixture-bomber.pdf",
        "fw/aircraft/fixture-fighter-mk2.pdf",
        "fw/aircraft/fixture-fighter.pdf",
        "fw/logsheet/blank.pdf",
        "fw/logsheet/fixture-scenario.pdf",
    ]
    assert fixture_result.findings == []


def test_card_page_is_the_half_letter_trim(fixture_result: RenderResult) -> None:
    reader = read(outputs(fixture_result)["fw/aircraft/fixture-fighter.pdf"])
    assert len(reader.pages) == 1
    assert_box(reader.pages[0].mediabox, 612, 396)
    assert_box(reader.pages[0].trimbox, 612, 396)
    assert_fonts_embedded(reader)


def test_card_shows_every_section(fixture_result: RenderResult) -> None:
    text = page_text(read(outputs(fixture_result)["fw/aircraft/fixture-fighter.pdf"]))
    for expected in ("Fixture Fighter Mk I", "Class F", "6-Line Low", "Test V-12, No F.I.",
                     "AIRCRAFT PERFORMANCE CHART", "TT (1)", "ET (4)", "Max dive",
                     "POWER VS SPEED CHART", "0.0-4.5", "10.0+", "Banking FPs", "Side Slip FPs", "2/2.5",
                     "RATE OF CLIMB", "3,400", "Ceilings (ft)", "41,900", "Damage factors", "9 / 14",
                     "Climb att. decel", "Dive accel bonus", "MW-50, 40 min", "FIREPOWER CHART", "Test .50 MG",
                     "(2 x 5)", "internal 120", "wing pylon", "combat flaps up to min speed +6.0",
                     "Provenance: authored", "AUTHORED card"):
        assert expected in text, expected
    for band in ("VL", "LO", "ML", "MH", "HI", "VH", "EH"):
        assert f"\n{band}\n" in text, band


def test_oxygen_restricted_climb_is_marked(fixture_result: RenderResult) -> None:
    """Err1: a bold climb rate is limited by the oxygen system; the card marks it (bold plus '*')."""
    text = page_text(read(outputs(fixture_result)["fw/aircraft/fixture-fighter.pdf"]))
    assert "1,500*" in text and "700*" in text
    assert "3,400*" not in text


def test_variant_card_takes_missing_sections_from_its_base(fixture_result: RenderResult) -> None:
    text = page_text(read(outputs(fixture_result)["fw/aircraft/fixture-fighter-mk2.pdf"]))
    assert "Fixture Fighter Mk II" in text
    assert "Test 30 mm" in text and "Test 20 mm" not in text  # own firepower
    assert "41,900" in text and "Side Slip FPs" in text  # inherited general block and power chart
    assert "Variant of fixture-fighter" in text


def test_defensive_guns_show_arcs(fixture_result: RenderResult) -> None:
    text = page_text(read(outputs(fixture_result)["fw/aircraft/fixture-bomber.pdf"]))
    for expected in ("Test .50 MG (chin)", "10-2", "(5)-(7) FCR", "U/A/C", "V. FoF", "Trans.", "per engine",
                     "special bomb sight", "10: pilot, co-pilot"):
        assert expected in text, expected
    assert text.count("FCR") == 1  # the tail guns' fire-control radar only ([000] 32.4)


def test_a5_card_option() -> None:
    catalog = make_catalog(fixture_files("fixture-fighter"))
    result = render_outputs(catalog, BuildOptions(paper="a4", system_options=(("fw", "card-size", "a5"),)))
    assert result.findings == []
    reader = read(outputs(result)["fw/aircraft/fixture-fighter.pdf"])
    assert_box(reader.pages[0].mediabox, mm(210), mm(148))
    assert_box(reader.pages[0].trimbox, mm(210), mm(148))


def test_imposed_sheet_is_the_paper_with_marks_outside_every_card(fixture_result: RenderResult) -> None:
    """Cards print at true size: a half-letter card goes 1-up on landscape Letter with 1/4 in margins."""
    reader = read(outputs(fixture_result)["fw/aircraft.pdf"])
    imposition = impose(CARD_SIZES["half-letter"], PAPER_SIZES["letter"])
    assert imposition.per_sheet == 1
    assert len(reader.pages) == math.ceil(3 / imposition.per_sheet)
    for page in reader.pages:
        assert_box(page.mediabox, inches(11), inches(8.5))
    for mark in crop_marks(imposition):
        span = Rect(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))
        for cell in imposition.cells:
            assert not (span.x < cell.right and cell.x < span.right and span.y < cell.top and cell.y < span.top)
            assert not cell.contains(span)
    # Same drawing function as the single card: the first sheet holds the first card (sorted by id).
    assert "Fixture Heavy Bomber" in page_text(reader, 0)
    assert_fonts_embedded(reader)


def test_imposed_a5_cards_on_a4() -> None:
    catalog = make_catalog(fixture_files("fixture-fighter"))
    result = render_outputs(catalog, BuildOptions(paper="a4", system_options=(("fw", "card-size", "a5"),)))
    reader = read(outputs(result)["fw/aircraft.pdf"])
    assert_box(reader.pages[0].mediabox, mm(297), mm(210))


def test_blank_logsheet(fixture_result: RenderResult) -> None:
    """QS 1.9 / digest 3.1: one line per game turn with every logged item as a column."""
    reader = read(outputs(fixture_result)["fw/logsheet/blank.pdf"])
    assert len(reader.pages) == 1
    assert_box(reader.pages[0].mediabox, inches(11), inches(8.5))
    assert_fonts_embedded(reader)
    text = page_text(reader)
    for expected in ("Aircraft", "Pilot", "Quality / traits", "Side", "Flight", "Scenario", "Turn", "Facing",
                     "Speed", "Bank", "Attitude", "0.5 FP", "Turn carry", "MC", "Transition", "AFA", "HFP /",
                     "OC", "Decel /", "New", "Notes"):
        assert expected in text, expected
    numbers = set(text.split())
    assert {str(turn) for turn in range(1, 21)} <= numbers


def test_blank_logsheet_on_a4(tmp_path: Path) -> None:
    catalog = make_catalog([table_fixture(tmp_path)])
    result = render_outputs(catalog, BuildOptions(paper="a4"))
    reader = read(outputs(result)["fw/logsheet/blank.pdf"])
    assert_box(reader.pages[0].mediabox, mm(297), mm(210))


def test_scenario_logsheets_are_prefilled_from_the_setup(fixture_result: RenderResult) -> None:
    reader = read(outputs(fixture_result)["fw/logsheet/fixture-scenario.pdf"])
    assert len(reader.pages) == 3  # one per aircraft, in listing order
    first = page_text(reader, 0)
    for expected in ("Fixture Fighter Mk I", "Blue Leader", "Veteran · Ace, Keen Eyes", "Allied (mission)",
                     "Blue Squadron (Flexible)", "Blue 1", "Fixture Scenario", "2925", "NE", "12.5", "6.5", "LVL"):
        assert expected in first, expected
    second = page_text(reader, 1)
    assert "Fixture Fighter Mk II" in second and "2925/2926" in second and "SHC" in second and "12.1" in second
    third = page_text(reader, 2)
    assert "Fixture Heavy Bomber" in third and "Axis (interceptor)" in third and "20.0" in third


@pytest.mark.parametrize(("feet", "logged"), [(2100, "2.1"), (100, "0.1"), (12500, "12.5"), (25000, "25.0")])
def test_altitude_is_logged_as_levels_and_increments(feet: int, logged: str) -> None:
    """QS 1.6 / digest 0: altitude is logged thousands.hundreds, so 2,100 ft is '2.1' and take-off is '0.1'."""
    assert altitude_text(feet, "altitude_ft") == logged


def test_table_sheet_marks_restored_cells(tmp_path: Path) -> None:
    catalog = make_catalog([table_fixture(tmp_path)])
    result = render_outputs(catalog, BuildOptions())
    assert result.findings == []
    reader = read(outputs(result)["fw/table.pdf"])
    assert_box(reader.pages[0].mediabox, inches(8.5), inches(11))
    assert_fonts_embedded(reader)
    text = page_text(reader)
    for expected in ("Restored Sample Table", "QS Flight Tables (test)", "Edition: Quick-Start rules", "No.", "1/2",
                     "0.5", "1.0†", "restored or inferred from damaged", "Sample note for the render test."):
        assert expected in text, expected
    assert "0.5†" not in text
    assert "quick-start" not in text and "Source file" not in text and ".yaml" not in text  # player's words only


def test_overflow_is_a_finding_at_the_source_line() -> None:
    catalog = make_catalog(fixture_files("fixture-fighter"))
    entry = catalog.get("fw", "aircraft", "fixture-fighter")
    assert entry is not None
    crowded = Catalog()
    crowded.add("fw", "aircraft", "fixture-fighter",
                Entry(replace(entry.model, notes=("word " * 380,) * 4), entry.document))
    result = render_outputs(crowded, BuildOptions())
    overflow = [f for f in result.findings if f.code == "RENDER-OVERFLOW"]
    assert overflow, "four 1,900-character notes cannot fit a half-letter card"
    where = entry.document.locate("/notes/1")  # the first line left out is in the second note
    assert {(f.location.path, f.location.line) for f in overflow} == {(where.path, where.line)}


def test_an_overflowing_note_is_reported_at_its_own_line(tmp_path: Path) -> None:
    """The notes box overflows in one of several long notes: the finding is at that note's line, not at the list's."""
    text = (FIXTURES / "fixture-fighter.yaml").read_text(encoding="utf-8")
    text = text.replace("$schema=../../../../schemas/", f"$schema={ROOT / 'schemas'}/")  # resolves from tmp_path
    def note(k: int) -> str:  # 240 distinct words over 12 lines, about 1,700 characters
        return "  - >-\n" + "".join("    " + " ".join(f"n{k}w{j:03d}" for j in range(20 * row, 20 * row + 20)) + "\n"
                                    for row in range(12))

    long_notes = "".join(note(k) for k in range(4))
    card = tmp_path / "crowded.yaml"
    card.write_text(text.replace('  - "Placeholder note: this card exists to exercise the renderer."\n', long_notes),
                    encoding="utf-8")
    result = render_outputs(make_catalog([card]), BuildOptions())
    overflow = {(f.location.line, f.location.column) for f in result.findings if f.code == "RENDER-OVERFLOW"}
    printed = set(page_text(read(outputs(result)["fw/aircraft/fixture-fighter.pdf"])).split())
    cut = next(k for k in range(4) if f"n{k}w239" not in printed)  # the first note not printed whole
    lines = card.read_text(encoding="utf-8").splitlines()
    note_lines = [number for number, line in enumerate(lines, start=1) if line == "  - >-"]
    assert overflow == {(note_lines[cut], 5)}
    assert cut > 0 and note_lines[cut] > lines.index("notes:") + 2


def test_two_renders_are_byte_identical(tmp_path: Path) -> None:
    files = fixture_files("fixture-fighter", "fixture-fighter-mk2", "fixture-bomber", "fixture-scenario")
    files.append(table_fixture(tmp_path))
    first = outputs(render_outputs(make_catalog(files), BuildOptions()))
    second = outputs(render_outputs(make_catalog(files), BuildOptions()))
    assert first.keys() == second.keys()
    for path in first:
        assert first[path] == second[path], path


def real_files() -> list[Path]:
    return [path for folder in REAL_DATA if folder.is_dir() for path in folder.glob("*.yaml")]


@pytest.mark.skipif(not any(p.parent.name == "fw" and p.parent.parent.name == "cards" for p in real_files()),
                    reason="no Fighting Wings cards in cards/fw yet")
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_real_data_renders_without_overflow(paper: str) -> None:
    catalog = make_catalog(real_files())
    result = render_outputs(catalog, BuildOptions(paper=paper))
    assert [f.format_line() for f in result.findings] == []
    files = outputs(result)
    for card_id in catalog.ids("fw", "aircraft"):
        reader = read(files[f"fw/aircraft/{card_id}.pdf"])
        assert_box(reader.pages[0].trimbox, 612, 396)
        entry = catalog.get("fw", "aircraft", card_id)
        assert entry is not None
        assert entry.model.name in page_text(reader)
    for scenario in catalog.models("fw", "scenario"):
        reader = read(files[f"fw/logsheet/{scenario.id}.pdf"])
        assert len(reader.pages) == len(scenario.aircraft())
    if catalog.ids("fw", "table"):
        text = "".join(page.extract_text() for page in read(files["fw/table.pdf"]).pages)
        for table in catalog.models("fw", "table"):
            assert table.name.split(" (")[0][:30] in text.replace("\n", " "), table.name


def test_only_the_adapter_imports_reportlab() -> None:
    for path in (ROOT / "fwdata" / "systems" / "fw").glob("render*.py"):
        assert "reportlab" not in path.read_text(encoding="utf-8"), path


def test_a_variant_without_its_base_and_an_unarmed_card_still_render() -> None:
    """The checks report a missing base (REF-UNKNOWN); rendering must not crash on what is left."""
    catalog = make_catalog(fixture_files("fixture-fighter-mk2", "fixture-bomber"))
    bomber = catalog.get("fw", "aircraft", "fixture-bomber")
    assert bomber is not None
    unarmed = Catalog()
    unarmed.add("fw", "aircraft", "fixture-bomber", Entry(replace(bomber.model, firepower=()), bomber.document))
    orphan = catalog.get("fw", "aircraft", "fixture-fighter-mk2")
    assert orphan is not None
    unarmed.add("fw", "aircraft", "fixture-fighter-mk2", orphan)
    files = outputs(render_outputs(unarmed, BuildOptions()))
    assert "unarmed" in page_text(read(files["fw/aircraft/fixture-bomber.pdf"]))
    assert "Test 30 mm" in page_text(read(files["fw/aircraft/fixture-fighter-mk2.pdf"]))
