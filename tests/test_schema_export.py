"""Schema export: `fwdata schema` prints and writes self-contained schemas; modelines resolve in a pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from fwdata.cli.main import main
from fwdata.cli.schema_export import (
    export_schema,
    find_pack_root,
    parse_kind,
    schema_kinds,
    schema_reference,
)
from fwdata.library import library_root, schema_root
from fwdata.sources import discover_sources, load_sources
from fwdata.validation.validate import load_schemas

ROOT = Path(__file__).resolve().parent.parent


def _refs(node) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def test_every_kind_has_a_schema_and_is_listed() -> None:
    kinds = schema_kinds()
    assert ("fw", "aircraft") in kinds and ("aoa", "book") in kinds and ("fl", "scenario") in kinds
    assert ("common", "common") not in kinds and len(kinds) == 14


@pytest.mark.parametrize("key", schema_kinds(), ids=lambda key: f"{key[0]}-{key[1]}")
def test_an_exported_schema_is_self_contained_and_valid(key) -> None:
    schema = export_schema(key)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"https://fwdata.invalid/schemas/{key[0]}/{key[1]}.schema.json"
    assert all(ref.startswith("#/$defs/") for ref in _refs(schema))
    for ref in _refs(schema):
        assert ref.removeprefix("#/$defs/") in schema["$defs"]


def test_exported_schemas_judge_the_bundled_data_as_the_source_schemas_do() -> None:
    """Every bundled document: the exported schema (alone, no registry) finds exactly the errors the sources find."""
    documents, _ = load_sources(discover_sources([library_root() / name for name in ("cards", "scenarios", "tables")]))
    kinds = schema_kinds()
    sources = load_schemas(schema_root(), kinds)
    exported = {key: Draft202012Validator(export_schema(key)) for key in kinds}
    for document in documents:
        key = (document.system, document.kind)
        assert key in exported, document.path
        by_source = sorted(e.message for e in sources.validators[key].iter_errors(document.data))
        assert sorted(e.message for e in exported[key].iter_errors(document.data)) == by_source, document.path
    assert len(documents) > 300


@pytest.mark.parametrize("words", [["fw/aircraft"], ["fw", "aircraft"], ["fw:aircraft"], ["fw aircraft"]])
def test_a_kind_may_be_written_with_a_slash_or_as_two_words(words) -> None:
    assert parse_kind(words) == ("fw", "aircraft")


def test_schema_prints_one_kind_as_json() -> None:
    result = CliRunner().invoke(main, ["schema", "fl", "scenario"])
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout) == export_schema(("fl", "scenario"))


def test_schema_without_kind_lists_the_kinds() -> None:
    result = CliRunner().invoke(main, ["schema"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "aoa/book" and "fw/table" in result.stdout.splitlines()


def test_an_unknown_kind_is_one_line_with_the_kinds_and_a_suggestion() -> None:
    result = CliRunner().invoke(main, ["schema", "fw/aircarft"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "unknown kind 'fw/aircarft' (did you mean 'fw/aircraft'?)" in result.stderr
    assert "fl/missile-load" in result.stderr and "Traceback" not in result.stderr


def test_schema_write_writes_every_kind(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["schema", "--write", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(tmp_path / "s").as_posix() for p in (tmp_path / "s").rglob("*.json"))
    assert written == sorted(f"{s}/{k}.schema.json" for s, k in schema_kinds())
    assert json.loads((tmp_path / "s/fw/aircraft.schema.json").read_text()) == export_schema(("fw", "aircraft"))


def test_schema_write_and_a_kind_together_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["schema", "fw/aircraft", "--write", str(tmp_path)])
    assert result.exit_code == 2 and "not both" in result.stderr


def test_the_pack_root_is_found_from_any_folder_inside_it(tmp_path: Path) -> None:
    (tmp_path / "pack/cards/aoa/books").mkdir(parents=True)
    assert find_pack_root(tmp_path / "pack/cards/aoa/books") == (tmp_path / "pack").resolve()
    (tmp_path / "pack/fwdata-pack.yaml").write_text("id: x\n")
    (tmp_path / "pack/sub/cards").mkdir(parents=True)
    assert find_pack_root(tmp_path / "pack/sub/cards") == (tmp_path / "pack").resolve()
    assert find_pack_root(tmp_path / "loose") == (tmp_path / "loose").resolve()


def test_a_pack_reference_writes_the_schemas_once_and_refreshes_stale_ones(tmp_path: Path) -> None:
    document = tmp_path / "pack/cards/fw/x.yaml"
    assert schema_reference(document, ("fw", "aircraft")) == "../../.fwdata/schemas/fw/aircraft.schema.json"
    written = tmp_path / "pack/.fwdata/schemas/fw/aircraft.schema.json"
    assert json.loads(written.read_text()) == export_schema(("fw", "aircraft"))
    written.write_text("{}")
    schema_reference(document, ("fw", "aircraft"))
    assert json.loads(written.read_text()) == export_schema(("fw", "aircraft"))


def test_a_file_inside_the_base_library_points_at_its_own_schemas() -> None:
    book = library_root() / "cards/aoa/books/spad-xiii-book.yaml"
    assert schema_reference(book, ("aoa", "book")) == "../../../schemas/aoa/book.schema.json"
    assert not (library_root() / ".fwdata").exists()


def test_generated_books_get_modelines_that_resolve_in_their_pack(tmp_path: Path) -> None:
    design = ROOT / "cards/aoa/book-designs/spad-xiii-vs-fokker-d-vii.yaml"
    out = tmp_path / "pack/cards/aoa/books"
    result = CliRunner().invoke(main, ["aoa", "books", str(design), "--out", str(out)])
    assert result.exit_code == 0, result.output
    books = sorted(out.glob("*.yaml"))
    assert len(books) == 2
    for book in books:
        first = book.read_text().splitlines()[0]
        assert first == "# yaml-language-server: $schema=../../../.fwdata/schemas/aoa/book.schema.json"
        assert (book.parent / first.partition("$schema=")[2]).resolve().is_file()
