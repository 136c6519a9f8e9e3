"""Schema validation: each error at the line of the offending value, with a clear message."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from fwdata.errors import SchemaSetupError
from fwdata.library import schema_root
from fwdata.sources import load_source
from fwdata.sources.yaml_loader import load_bytes
from fwdata.validation import validate
from fwdata.validation.schema_text import ecma_pattern
from fwdata.validation.validate import load_schemas, validate_documents

ROOT = Path(__file__).resolve().parent.parent

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["system", "kind", "id", "speed"],
    "properties": {
        "system": {"description": "system", "const": "fw"},
        "kind": {"description": "kind", "const": "thing"},
        "id": {"$ref": "../common.schema.json#/$defs/id"},
        "speed": {"$ref": "../common.schema.json#/$defs/fp"},
        "band": {"description": "band", "enum": ["VL", "LO", "ML"]},
        "cells": {"type": "array", "items": {"$ref": "../common.schema.json#/$defs/cell"}},
    },
}


@pytest.fixture()
def schemas(tmp_path: Path):
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    (root / "fw" / "thing.schema.json").write_text(json.dumps(SCHEMA))
    return load_schemas(root, [("fw", "thing")])


def findings_for(tmp_path: Path, schemas, text: str) -> list[str]:
    path = tmp_path / "doc.yaml"
    path.write_text(text)
    document, problems = load_source(path)
    assert not problems
    _, findings = validate_documents([document], schemas)
    return [f"{f.location.line}:{f.location.column} {f.code} {f.message}" for f in findings]


def test_valid_document_has_no_findings(tmp_path: Path, schemas) -> None:
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: p-51d\nspeed: 7.5\n") == []


def test_all_errors_are_reported_each_at_its_line(tmp_path: Path, schemas) -> None:
    text = "system: fw\nkind: thing\nid: P_51\nspeed: fast\nband: VLL\nextra: 1\n"
    found = findings_for(tmp_path, schemas, text)
    assert sorted(found) == sorted([
        "3:5 SCHEMA id: 'P_51' is not a valid id: lowercase kebab-case, e.g. p-51d",
        "4:8 SCHEMA speed: expected a number, found string 'fast'",
        "5:7 SCHEMA band: 'VLL' is not one of: VL, LO, ML (did you mean 'VL'?)",
        "6:1 SCHEMA unknown key 'extra' (allowed: band, cells, id, kind, speed, system)",
    ])


def test_fp_must_come_in_half_steps(tmp_path: Path, schemas) -> None:
    found = findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: 7.3\n")
    assert found == ["4:8 SCHEMA speed: 7.3 is not a multiple of 0.5 (A Fighting Wings speed in FP (1 FP = 50 mph), "
                     "in 0.5 steps.)"]


def test_missing_key_is_reported_on_the_mapping(tmp_path: Path, schemas) -> None:
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\n") == [
        "1:1 SCHEMA missing required key 'speed'"]


def test_missing_keys_are_named_together_in_the_plural(tmp_path: Path, schemas) -> None:
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\n") == [
        "1:1 SCHEMA missing required keys 'id', 'speed'"]


def test_unknown_key_suggests_the_close_one(tmp_path: Path, schemas) -> None:
    found = findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: 1\nspede: 2\n")
    assert found == ["5:1 SCHEMA unknown key 'spede' (did you mean 'speed'?)"]


def test_anyof_reports_one_clear_message(tmp_path: Path, schemas) -> None:
    found = findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: 1\ncells:\n  - {value: 1}\n")
    assert len(found) == 1 and found[0].startswith("6:5 SCHEMA cells[0]: missing required key")


@pytest.mark.parametrize(("value", "found"), [
    ("nine", "string 'nine'"), ("40", "integer 40"), ("0", "integer 0"), ("9.5", "number 9.5"),
    ("'10'", "string '10'"), ("[10]", "list"),
])
def test_a_value_that_fits_no_plain_alternative_is_told_every_alternative(value: str, found: str) -> None:
    """An FL speed is an integer from 1 to 30 or the marker 'unknown' (anyOf): a bad value is told both, not only
    the marker's `const` (the branch that got furthest by jsonschema's measure), whatever is wrong with it."""
    text = (ROOT / "cards" / "fl" / "aircraft" / "a-4a.yaml").read_text(encoding="utf-8")
    document, problems = load_bytes("x.yaml", re.sub(r"(?m)^ms: .*$", f"ms: {value}", text).encode())
    assert document is not None and not problems
    _, findings = validate_documents([document], load_schemas(schema_root(), [("fl", "aircraft")]))
    assert [finding.message for finding in findings] == [
        f"ms: expected an integer from 1 to 30 or 'unknown', found {found}"]


def test_a_misspelt_required_key_is_one_finding_and_another_missing_key_is_still_told(tmp_path: Path,
                                                                                       schemas) -> None:
    """A required key typed wrong is its unknown key's "did you mean", not also a missing key; a required key
    missing besides is told as before."""
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nsped: 1\n") == [
        "4:1 SCHEMA unknown key 'sped' (did you mean 'speed'?)"]
    assert sorted(findings_for(tmp_path, schemas, "system: fw\nkind: thing\nsped: 1\n")) == [
        "1:1 SCHEMA missing required key 'id'", "3:1 SCHEMA unknown key 'sped' (did you mean 'speed'?)"]


def test_a_number_in_quotes_is_told_to_lose_them(tmp_path: Path, schemas) -> None:
    """`speed: '7.5'` is text where a number goes: the finding says so; text that is no number gets no such hint."""
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: '7.5'\n") == [
        "4:8 SCHEMA speed: expected a number, found string '7.5' (a number in quotes is text: remove the quotes)"]
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: fast\n") == [
        "4:8 SCHEMA speed: expected a number, found string 'fast'"]


def test_unknown_system_and_kind(tmp_path: Path, schemas) -> None:
    assert findings_for(tmp_path, schemas, "system: fv\nkind: thing\n") == [
        "1:9 SCHEMA-KIND system 'fv' is not one of fw (did you mean 'fw'?)"]
    assert findings_for(tmp_path, schemas, "system: fw\nkind: thin\n") == [
        "2:7 SCHEMA-KIND kind 'thin' is not a fw kind (expected one of thing) (did you mean 'thing'?)"]
    assert findings_for(tmp_path, schemas, "kind: thing\n") == [
        "1:1 SCHEMA missing required key 'system' (every source says which system and kind it is)"]


def test_missing_schema_is_a_setup_error(tmp_path: Path) -> None:
    with pytest.raises(SchemaSetupError, match="schema for fw nothing not found"):
        load_schemas(schema_root(), [("fw", "nothing")])
    with pytest.raises(SchemaSetupError, match="schema folder not found"):
        load_schemas(tmp_path / "absent", [("fw", "thing")])


def test_broken_schema_is_a_setup_error(tmp_path: Path) -> None:
    (tmp_path / "fw").mkdir()
    (tmp_path / "fw" / "thing.schema.json").write_text("{ not json")
    with pytest.raises(SchemaSetupError, match="not valid JSON"):
        load_schemas(tmp_path, [("fw", "thing")])
    (tmp_path / "fw" / "thing.schema.json").write_text('{"type": 12}')
    with pytest.raises(SchemaSetupError, match="not a valid JSON Schema"):
        load_schemas(tmp_path, [("fw", "thing")])


def test_every_bundled_schema_is_valid_and_describes_every_property() -> None:
    """Editors show descriptions: every property of every bundled schema has one."""
    from jsonschema import Draft202012Validator

    missing = []
    for path in sorted(schema_root().rglob("*.schema.json")):
        schema = json.loads(path.read_text())
        Draft202012Validator.check_schema(schema)

        def walk(node, where, path=path):
            if isinstance(node, dict):
                for name, sub in node.get("properties", {}).items():
                    if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub:
                        missing.append(f"{path.name}:{where}/{name}")
                for value in node.values():
                    walk(value, where)
            elif isinstance(node, list):
                for value in node:
                    walk(value, where)

        walk(schema, "")
    assert missing == []


def _schema_files() -> list[Path]:
    return sorted(schema_root().rglob("*.schema.json"))


def _walk(node, pointer: str = ""):
    """Yield (pointer, subschema-or-value) for every node of a schema document."""
    yield pointer, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{pointer}/{index}")


def test_every_schema_has_a_unique_id_that_cannot_be_fetched() -> None:
    ids = {}
    for path in _schema_files():
        schema = json.loads(path.read_text(encoding="utf-8"))
        relative = path.relative_to(schema_root()).as_posix()
        assert schema.get("$id") == f"https://fwdata.invalid/schemas/{relative}", path
        ids[schema["$id"]] = path
    assert len(ids) == len(_schema_files())


def test_every_pattern_is_explained_with_an_example_that_matches_it() -> None:
    import re

    count = 0
    for path in _schema_files():
        for pointer, node in _walk(json.loads(path.read_text(encoding="utf-8"))):
            if isinstance(node, dict) and isinstance(node.get("pattern"), str):
                count += 1
                hint = node.get("x-pattern")
                assert isinstance(hint, dict) and hint.get("name") and hint.get("form"), f"{path}#{pointer}"
                assert node.get("examples"), f"{path}#{pointer}"
                for example in node["examples"]:
                    assert re.search(node["pattern"], example), f"{path}#{pointer}: {example!r}"
    assert count > 30


def _resolve(path: Path, reference: str) -> dict:
    target, _, fragment = reference.partition("#")
    document_path = (path.parent / target).resolve() if target else path
    node = json.loads(document_path.read_text(encoding="utf-8"))
    for token in [t for t in fragment.split("/") if t]:
        node = node[token]
    return node


def test_every_definition_and_property_has_a_description() -> None:
    missing = []
    for path in _schema_files():
        for pointer, node in _walk(json.loads(path.read_text(encoding="utf-8"))):
            if not isinstance(node, dict) or pointer.rsplit("/", 1)[-1] not in ("properties", "$defs"):
                continue
            for name, subschema in node.items():
                described = isinstance(subschema, dict) and "description" in subschema
                if not described and isinstance(subschema, dict) and "$ref" in subschema:
                    described = "description" in _resolve(path, subschema["$ref"])
                if not described:
                    missing.append(f"{path.relative_to(schema_root())}#{pointer}/{name}")
    assert missing == []


def test_a_pattern_without_annotation_still_names_the_pattern(tmp_path: Path) -> None:
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    schema = {**SCHEMA, "properties": {**SCHEMA["properties"], "id": {"type": "string", "pattern": "^[a-z]+$"}}}
    (root / "fw" / "thing.schema.json").write_text(json.dumps(schema))
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    found = findings_for(tmp_path, load_schemas(root, [("fw", "thing")]), "system: fw\nkind: thing\nid: A1\nspeed: 1\n")
    assert found == ["3:5 SCHEMA id: 'A1' does not match ^[a-z]+$"]


def test_a_remote_ref_is_never_fetched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def no_network(*_args, **_kwargs):
        raise AssertionError("fwdata tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    schema = {**SCHEMA, "$id": "https://fwdata.invalid/schemas/fw/thing.schema.json",
              "properties": {**SCHEMA["properties"], "band": {"$ref": "https://example.com/band.schema.json"}}}
    (root / "fw" / "thing.schema.json").write_text(json.dumps(schema))
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    schemas = load_schemas(root, [("fw", "thing")])
    path = tmp_path / "doc.yaml"
    path.write_text("system: fw\nkind: thing\nid: a\nspeed: 1\nband: VL\n")
    document, _ = load_source(path)
    with pytest.raises(SchemaSetupError, match="unresolvable"):
        validate_documents([document], schemas)


def test_two_schemas_with_one_id_stop_the_run(tmp_path: Path) -> None:
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    shutil.copy(schema_root() / "common.schema.json", root / "fw" / "thing.schema.json")
    with pytest.raises(SchemaSetupError, match=r"\$id .* is already the \$id of"):
        load_schemas(root, [("fw", "thing")])


@pytest.mark.parametrize(("pattern", "text", "matches"), [
    ("^[a-z0-9]+(-[a-z0-9]+)*$", "p-51d", True),
    ("^[a-z0-9]+(-[a-z0-9]+)*$", "p-51d\n", False),  # Python's `$` alone would accept it
    ("^a$|^b$", "b\n", False),
    ("^[$]+$", "$$", True),  # `$` in a class is a dollar sign
    ("^cost \\$$", "cost $", True),  # so is an escaped one
    ("^cost \\$$", "cost $\n", False),
    ("^(?!.*(^|/)\\.\\.(/|$))[a-z./]+$", "a/..", False),
])
def test_schema_patterns_use_ecma_end_of_text(pattern: str, text: str, matches: bool) -> None:
    assert (ecma_pattern(pattern).search(text) is not None) is matches


def test_an_id_with_a_final_newline_is_refused_by_its_pattern(tmp_path: Path) -> None:
    path = tmp_path / "card.yaml"
    path.write_text('system: fw\nkind: aircraft\nid: "p-51d\\n"\n', encoding="utf-8")
    document, _ = load_source(path)
    assert document is not None
    _, findings = validate_documents([document], load_schemas(schema_root(), [("fw", "aircraft")]))
    ids = [f for f in findings if f.location.pointer == "/id"]
    assert [(f.code, f.location.line, f.message) for f in ids] == [
        ("SCHEMA", 3, "id: 'p-51d\\n' is not a valid id: lowercase kebab-case, e.g. p-51d")]


@pytest.mark.parametrize("count", ["-1", "0", "9", "9" * 39])
def test_a_missile_alternative_carries_one_to_eight_missiles_like_a_load(tmp_path: Path, count: str) -> None:
    bundled = (schema_root().parent / "scenarios" / "fl" / "25-6.yaml").read_text(encoding="utf-8")
    assert "- {count: 4, type: HW}" in bundled
    path = tmp_path / "scenario.yaml"
    path.write_text(bundled.replace("- {count: 4, type: HW}", f"- {{count: {count}, type: HW}}", 1), encoding="utf-8")
    document, problems = load_source(path)
    assert not problems and document is not None
    _, findings = validate_documents([document], load_schemas(schema_root(), [("fl", "scenario")]))
    assert [(f.code, f.location.pointer.endswith("/count")) for f in findings] == [("SCHEMA", True)]


@pytest.mark.parametrize(("schema", "value", "valid"), [
    ({"type": "integer"}, 28, True), ({"type": "integer"}, 28.0, False), ({"type": "integer"}, 1e300, False),
    ({"type": ["integer", "null"]}, 28.0, False), ({"type": "number", "multipleOf": 0.5}, 7.0, True),
    ({"type": "number", "maximum": 7}, 7.0, True), ({"type": "number"}, 1e300, True),
])
def test_a_float_is_no_integer_to_either_validator(tmp_path: Path, schema: dict, value: object, valid: bool) -> None:
    """JSON Schema takes 28.0 for an integer; the rules count with ints, so fwdata does not (both validators)."""
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    (root / "fw" / "thing.schema.json").write_text(json.dumps({**SCHEMA, "properties": {
        **SCHEMA["properties"], "count": {"description": "count", **schema}}}))
    schemas = load_schemas(root, [("fw", "thing")])
    path = tmp_path / "doc.yaml"
    path.write_text(f"system: fw\nkind: thing\nid: a\nspeed: 1\ncount: {json.dumps(value)}\n")
    document, problems = load_source(path)
    assert document is not None and not problems
    if not valid:  # when it cannot tell (7.5 is over the maximum), the Python validator decides
        assert validate._fast_valid(schemas.fast[("fw", "thing")], document.data) is False
    valid_documents, findings = validate_documents([document], schemas)
    assert [f"{f.location.line} {f.message}" for f in findings] == (
        [] if valid else [f"5 count: expected {'integer or null' if 'null' in str(schema) else 'an integer'}, "
                          f"found number {json.dumps(value)}"])
    assert len(valid_documents) == int(valid)


def test_a_scenario_with_a_count_written_28_0_is_a_finding_not_a_crash(tmp_path: Path) -> None:
    from fwdata.options import BuildOptions
    from fwdata.pipeline import check_sources

    source = (Path(__file__).resolve().parent.parent / "scenarios" / "fl" / "24-1.yaml").read_text(encoding="utf-8")
    assert "scenario_points: 28\n" in source
    (tmp_path / "s.yaml").write_text(source.replace("id: 24-1\n", "id: my-1\n").replace(
        "scenario_points: 28\n", "scenario_points: 28.0\n"), encoding="utf-8")
    report = check_sources([tmp_path], BuildOptions()).report
    assert [(f.code, f.message) for f in report.findings] == [
        ("SCHEMA", "sides[0].scenario_points: expected integer or null, found number 28.0")]
