"""Tolerant validation: errors inside `x-fwdata-tolerant` subtrees are findings whose values read as unknown."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from fwdata.library import schema_root
from fwdata.sources import load_source
from fwdata.validation.validate import SchemaSet, load_schemas, validate_documents

SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["system", "kind", "id", "rows"],
    "properties": {
        "system": {"const": "fw"},
        "kind": {"const": "thing"},
        "id": {"$ref": "../common.schema.json#/$defs/id"},
        "rows": {
            "type": "array",
            "minItems": 1,
            "items": {
                "x-fwdata-tolerant": True,
                "type": "object",
                "additionalProperties": False,
                "required": ["n"],
                "properties": {
                    "n": {"type": "integer", "minimum": 1, "maximum": 9},
                    "tag": {"enum": ["left", "right"]},
                    "cells": {"type": "array", "items": {"type": "integer", "maximum": 9}},
                    "inner": {"type": "object", "properties": {"x": {"type": "integer"}}},
                },
            },
        },
    },
}


@pytest.fixture()
def schemas(tmp_path: Path) -> SchemaSet:
    root = tmp_path / "schemas"
    (root / "fw").mkdir(parents=True)
    shutil.copy(schema_root() / "common.schema.json", root / "common.schema.json")
    (root / "fw" / "thing.schema.json").write_text(json.dumps(SCHEMA))
    return load_schemas(root, [("fw", "thing")])


def validated(tmp_path: Path, schemas: SchemaSet, rows: str, head: str = "id: t\n") -> tuple[Any, list[str]]:
    path = tmp_path / "doc.yaml"
    path.write_text(f"system: fw\nkind: thing\n{head}rows:\n{rows}")
    document, problems = load_source(path)
    assert not problems
    valid, findings = validate_documents([document], schemas)
    lines = [f"{f.location.line}:{f.location.column} {f.code} {f.message}" for f in findings]
    return (valid[0].data if valid else None), lines


def test_bad_cells_are_findings_at_the_cell_and_read_as_unknown(tmp_path: Path, schemas: SchemaSet) -> None:
    rows = "  - {n: 1, tag: righ, cells: [1, 1234, tbd, 4]}\n  - {n: 2, cells: [5]}\n"
    data, lines = validated(tmp_path, schemas, rows)
    assert sorted(lines) == [
        "5:17 SCHEMA rows[0].tag: 'righ' is not one of: left, right (did you mean 'right'?)",
        "5:34 SCHEMA rows[0].cells[1]: 1234 is above the maximum 9",
        "5:40 SCHEMA rows[0].cells[2]: expected an integer, found string 'tbd'",
    ]
    assert data["rows"] == [{"n": 1, "tag": None, "cells": [1, None, None, 4]}, {"n": 2, "cells": [5]}]


def test_an_unknown_key_is_dropped(tmp_path: Path, schemas: SchemaSet) -> None:
    data, lines = validated(tmp_path, schemas, "  - {n: 1, tga: left}\n")
    assert lines == ["5:12 SCHEMA rows[0]: unknown key 'tga' (did you mean 'tag'?)"]
    assert data["rows"] == [{"n": 1}]


def test_a_record_with_an_unusable_required_key_is_unknown_as_a_whole(tmp_path: Path, schemas: SchemaSet) -> None:
    data, lines = validated(tmp_path, schemas, "  - {n: 10, tag: left}\n  - {tag: left}\n  - 7\n  - {n: 3}\n")
    assert sorted(lines) == ["5:9 SCHEMA rows[0].n: 10 is above the maximum 9",
                             "6:5 SCHEMA rows[1]: missing required key 'n'",
                             "7:5 SCHEMA rows[2]: expected a mapping, found integer 7"]
    assert data["rows"] == [None, None, None, {"n": 3}]


def test_a_nested_value_is_masked_not_its_record(tmp_path: Path, schemas: SchemaSet) -> None:
    data, _ = validated(tmp_path, schemas, "  - {n: 1, inner: {x: y}}\n")
    assert data["rows"] == [{"n": 1, "inner": {"x": None}}]


def test_errors_outside_the_tolerant_subtree_drop_the_document(tmp_path: Path, schemas: SchemaSet) -> None:
    data, lines = validated(tmp_path, schemas, "  - {n: 1, tag: righ}\n", head="id: Not_An_Id\n")
    assert data is None and len(lines) == 2


def test_an_error_at_the_tolerant_list_itself_drops_the_document(tmp_path: Path, schemas: SchemaSet) -> None:
    path = tmp_path / "doc.yaml"
    path.write_text("system: fw\nkind: thing\nid: t\nrows: []\n")
    document, _ = load_source(path)
    valid, findings = validate_documents([document], schemas)
    assert valid == [] and [f.message for f in findings] == ["rows: expected at least 1 item, found 0"]


def test_the_loaded_document_is_not_changed(tmp_path: Path, schemas: SchemaSet) -> None:
    path = tmp_path / "doc.yaml"
    path.write_text("system: fw\nkind: thing\nid: t\nrows:\n  - {n: 1, tag: righ}\n")
    document, _ = load_source(path)
    valid, _ = validate_documents([document], schemas)
    assert document.data["rows"][0]["tag"] == "righ" and valid[0].data["rows"][0]["tag"] is None
    assert valid[0].locate("/rows/0/tag").line == 5
