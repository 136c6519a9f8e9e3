"""Schema validation: each error at the line of the offending value, with a clear message."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from fwdata.errors import SchemaSetupError
from fwdata.library import schema_root
from fwdata.sources import load_source
from fwdata.validate import load_schemas, validate_documents

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
        "3:5 SCHEMA id: 'P_51' does not match ^[a-z0-9]+(-[a-z0-9]+)*$ (Document id, unique within (system, "
        "kind): lowercase kebab-case, for example p-51d.)",
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


def test_unknown_key_suggests_the_close_one(tmp_path: Path, schemas) -> None:
    found = findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: 1\nspede: 2\n")
    assert found == ["5:1 SCHEMA unknown key 'spede' (did you mean 'speed'?)"]


def test_anyof_reports_one_clear_message(tmp_path: Path, schemas) -> None:
    found = findings_for(tmp_path, schemas, "system: fw\nkind: thing\nid: a\nspeed: 1\ncells:\n  - {value: 1}\n")
    assert len(found) == 1 and found[0].startswith("6:5 SCHEMA cells[0]: missing required key")


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
