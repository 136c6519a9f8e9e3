"""A rebuild runs again only the rule checks whose sources changed, and validates again only the documents that changed
(fwdata/incremental/check_memo.py); the findings stay a cold build's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fwdata.errors import OutputError
from fwdata.findings import Report
from fwdata.game_system import Catalog, Entry, PlannedCheck
from fwdata.incremental import check_memo, last_build
from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources, check_sources
from fwdata.sources.document import SourceDocument
from fwdata.sources.loading import LoadedOnce
from fwdata.sources.yaml_loader import display_path
from fwdata.systems.fw import checks as fw_checks
from fwdata.validation.validate import SchemaSet

REPOSITORY = Path(__file__).resolve().parent.parent
MINE = "p/cards/fw/p-51d-mine.yaml"


def copy_card(name: str, new_id: str, *, base: str | None = None) -> None:
    text = (REPOSITORY / "cards" / "fw" / f"{name}.yaml").read_text(encoding="utf-8")
    text = text.replace(f"\nid: {name}\n", f"\nid: {new_id}\n", 1)
    if base is not None:
        text = text.replace("\nvariant_of: spitfire-xive\n", f"\nvariant_of: {base}\n", 1)
    Path("p/cards/fw", f"{new_id}.yaml").write_text(text, encoding="utf-8")


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A pack of three cards on the base library: a P-51D, a Spitfire and a variant of that Spitfire."""
    monkeypatch.chdir(tmp_path)
    Path("p/cards/fw").mkdir(parents=True)
    Path("p/fwdata-pack.yaml").write_text('id: mine\nname: Mine\nversion: "1"\n', encoding="utf-8")
    copy_card("p-51d", "p-51d-mine")
    copy_card("spitfire-xive", "spit-mine")
    copy_card("spitfire-xive-fr", "spit-mine-fr", base="spit-mine")
    return tmp_path / "p"


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the cards whose rule checks each run runs, in order."""
    ids: list[str] = []
    check_card = fw_checks._check_card

    def counted(entry: Entry, catalog: Catalog, tables: object) -> list:  # type: ignore[type-arg]
        ids.append(entry.model.id)
        return check_card(entry, catalog, tables)  # type: ignore[arg-type]

    monkeypatch.setattr(fw_checks, "_check_card", counted)
    return ids


def build(out: str = "out", **options: object) -> Report:
    return build_sources([Path("p")], BuildOptions(out_dir=Path(out), jobs=1, **options)).report  # type: ignore[arg-type]


def edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert old in text
    Path(path).write_text(text.replace(old, new, 1), encoding="utf-8")


def findings_of(report: Report) -> list[tuple[object, ...]]:
    return [(f.location, f.severity, f.code, f.message) for f in report.sorted()]


EDITS = {
    "a card": (lambda: edit(MINE, "internal_min: 140", "internal_min: 150"), ["p-51d-mine"]),
    "the base of a variant": (lambda: edit("p/cards/fw/spit-mine.yaml", "\nname: ", "\nname: My "),
                              ["spit-mine", "spit-mine-fr"]),
    # The rule simulations read the climb rate: the card's finding goes away in the rebuild.
    "a card's finding": (lambda: edit(MINE, "{band: UH+, climb_rate_fpm: 700}", "{band: UH+, climb_rate_fpm: 1500}"),
                         ["p-51d-mine"]),
}


@pytest.mark.parametrize("change", EDITS)
def test_a_rebuild_checks_again_only_the_cards_whose_sources_changed(pack: Path, checked: list[str],
                                                                      change: str) -> None:
    first = build()
    assert {"p-51d-mine", "spit-mine", "spit-mine-fr", "p-51d"} <= set(checked)  # the base library's cards too
    assert any(f.code == "FW-CLIMB-RATE" and f.location.path == MINE for f in first.findings)
    apply, expected = EDITS[change]
    checked.clear()
    apply()
    again = build()
    assert sorted(checked) == expected
    cold = build("cold", use_cache=False)
    assert findings_of(again) == findings_of(cold)
    kept = [f for f in again.findings if f.location.path == MINE]
    assert bool(kept) == (change != "a card's finding"), "the cached findings of an unchanged card are reported"


def test_a_rebuild_with_other_options_checks_every_card_again(pack: Path, checked: list[str]) -> None:
    build()
    before = len(checked)
    checked.clear()
    build(paper="a4")
    assert len(checked) == before


def test_check_runs_every_card_check_every_time(pack: Path, checked: list[str]) -> None:
    """Only a build keeps what its checks found (in its folder); `fwdata check` runs them all."""
    build()
    checked.clear()
    report = check_sources([Path("p")], BuildOptions(jobs=1)).report
    assert {"p-51d-mine", "spit-mine", "spit-mine-fr"} <= set(checked)
    assert findings_of(report) == findings_of(build("cold", use_cache=False))


def test_a_card_check_reads_its_variant_chain_and_every_rule_table(pack: Path) -> None:
    result = check_sources([Path("p")], BuildOptions(jobs=1))
    plans: dict[str, PlannedCheck] = {plan.name: plan for plan in
                                      fw_checks.plan_checks(result.catalog, BuildOptions())}
    tables = tuple(("fw", "table", doc_id) for doc_id in result.catalog.ids("fw", "table"))
    assert tables and plans["fw/table"].sources == tables
    assert plans["fw/aircraft/spit-mine-fr"].sources == (
        ("fw", "aircraft", "spit-mine-fr"), ("fw", "aircraft", "spit-mine"), *tables)
    assert plans["fw/aircraft/p-51d-mine"].sources == (("fw", "aircraft", "p-51d-mine"), *tables)


def test_a_check_whose_source_has_no_digest_runs_every_time(pack: Path, checked: list[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    build()
    document_digests = last_build.document_digests
    monkeypatch.setattr(last_build, "document_digests",
                        lambda digests: {path: digest for path, digest in document_digests(digests).items()
                                         if path != MINE})
    for number in range(2):
        edit("p/cards/fw/spit-mine.yaml", "\nname: ", f"\nname: {number} ")  # a change: the build is not skipped
        checked.clear()
        build()
        assert sorted(checked) == ["p-51d-mine", "spit-mine", "spit-mine-fr"]


def test_a_failed_build_leaves_the_last_builds_check_findings(pack: Path, checked: list[str]) -> None:
    build()
    shutil.copy(MINE, "p/cards/fw/broken.yaml")  # the same id twice: REF-DUPLICATE-ID, nothing is written
    assert build().failed()
    Path("p/cards/fw/broken.yaml").unlink()
    EDITS["a card"][0]()
    checked.clear()
    build()
    assert checked == ["p-51d-mine"]


def test_the_base_library_a_process_loaded_from_another_folder_keys_the_checks_as_well(
        pack: Path, checked: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The base library is loaded once per `LoadedOnce`: its documents' paths follow the folder the process is in."""
    loaded = LoadedOnce()
    monkeypatch.chdir(REPOSITORY / "cards")
    check_sources([pack], BuildOptions(jobs=1), loaded=loaded)
    monkeypatch.chdir(pack.parent)
    result = check_sources([Path("p")], BuildOptions(jobs=1), loaded=loaded)
    table = REPOSITORY / "tables" / "fw" / "fractional-values.yaml"
    assert result.catalog.get("fw", "table", "fractional-values").document.path == display_path(table)  # type: ignore[union-attr]
    build()
    EDITS["a card"][0]()
    checked.clear()
    build()
    assert checked == ["p-51d-mine"]


def test_a_source_saved_during_a_build_stops_it_before_anything_is_kept(pack: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The caches key what was parsed by the bytes hashed first: a file saved in between would file one content's
    findings and PDFs under the other's key, reused by every later build of that content."""
    build()
    kept = {path: path.read_bytes() for path in Path("out").rglob("*") if path.is_file()}
    edit(MINE, "internal_min: 140", "internal_min: 150")
    input_digests = last_build.input_digests

    def saved_after_hashing(*args: object) -> object:
        digests = input_digests(*args)  # type: ignore[arg-type]
        edit(MINE, "internal_min: 150", "internal_min: 160")  # an editor saves the card mid-build
        return digests

    monkeypatch.setattr(last_build, "input_digests", saved_after_hashing)
    with pytest.raises(OutputError, match="p-51d-mine.yaml changed while it was being built"):
        build()
    assert {path: path.read_bytes() for path in Path("out").rglob("*") if path.is_file()} == kept
    monkeypatch.setattr(last_build, "input_digests", input_digests)
    assert findings_of(build()) == findings_of(build("cold", use_cache=False))
    assert Path("out/fw/aircraft/p-51d-mine.pdf").read_bytes() == Path("cold/fw/aircraft/p-51d-mine.pdf").read_bytes()


@pytest.fixture
def validated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the documents each run validates (and checks the text of), in order."""
    paths: list[str] = []
    validate = check_memo.validate_documents

    def counted(documents: list[SourceDocument], schemas: SchemaSet) -> object:
        paths.extend(document.path for document in documents)
        return validate(documents, schemas)

    monkeypatch.setattr(check_memo, "validate_documents", counted)
    return paths


DOCUMENT_EDITS = {
    "a card": ("internal_min: 140", "internal_min: 150"),
    "a schema error": ("internal_min: 140", "internal_min: 140, wing_colour: red"),
    "a character the font lacks": ("\nname: P-51D", "\nname: \u2603 P-51D"),
}


@pytest.mark.parametrize("change", DOCUMENT_EDITS)
def test_a_rebuild_validates_again_only_the_documents_that_changed_or_had_findings(pack: Path, validated: list[str],
                                                                                    change: str) -> None:
    build()
    assert MINE in validated and "p/cards/fw/spit-mine.yaml" in validated
    edit(MINE, *DOCUMENT_EDITS[change])
    validated.clear()
    again = build()
    assert validated == [MINE]
    assert findings_of(again) == findings_of(build("cold", use_cache=False))
    codes = {f.code for f in again.findings if f.location.path == MINE}
    assert ({"SCHEMA", "TEXT-GLYPH"} & codes) == {"a card": set(), "a schema error": {"SCHEMA"},
                                                  "a character the font lacks": {"TEXT-GLYPH"}}[change]
    edit("p/cards/fw/spit-mine.yaml", "\nname: ", "\nname: My ")
    validated.clear()
    build()
    # a document with findings is checked every time: only clean ones are kept
    assert sorted(validated) == [*([MINE] if change != "a card" else []), "p/cards/fw/spit-mine.yaml"]


def test_a_rebuild_with_other_schemas_validates_every_document_again(pack: Path, validated: list[str]) -> None:
    shutil.copytree(REPOSITORY / "schemas", "schemas")
    build_sources([Path("p")], BuildOptions(out_dir=Path("out"), jobs=1), schema_root=Path("schemas"))
    everything = sorted(validated)
    schema = Path("schemas/fw/aircraft.schema.json")
    schema.write_text(schema.read_text(encoding="utf-8").replace('"description": "', '"description": "An ', 1),
                      encoding="utf-8")
    validated.clear()
    build_sources([Path("p")], BuildOptions(out_dir=Path("out"), jobs=1), schema_root=Path("schemas"))
    assert sorted(validated) == everything
