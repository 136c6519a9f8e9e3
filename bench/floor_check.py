"""The floor of `fwdata check`: each pack file parsed by libyaml and validated by jsonschema-rs against its kind.

Usage: python bench/floor_check.py PACK

No positions, no rule checks, no findings: what the C libraries underneath can do.
The pack manifest is validated against schemas/pack.schema.json, every other file
against schemas/<system>/<kind>.schema.json, with one compiled validator per kind.
Prints the count of files and of invalid files.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema_rs
import yaml

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
MANIFEST = "fwdata-pack.yaml"


def main() -> None:
    pack = Path(sys.argv[1])
    schemas = {path: json.loads(path.read_text(encoding="utf-8")) for path in sorted(SCHEMAS.rglob("*.schema.json"))}
    registry = jsonschema_rs.Registry([(schema["$id"], schema) for schema in schemas.values()])
    validators: dict[Path, jsonschema_rs.Validator] = {}
    files = invalid = 0
    for path in sorted(pack.rglob("*.yaml")):
        data = yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)
        schema_path = (SCHEMAS / "pack.schema.json" if path.name == MANIFEST
                       else SCHEMAS / data["system"] / f"{data['kind']}.schema.json")
        if schema_path not in validators:
            validators[schema_path] = jsonschema_rs.validator_for(schemas[schema_path], registry=registry)
        files += 1
        invalid += not validators[schema_path].is_valid(data)
    print(f"{files} files, {invalid} invalid")


if __name__ == "__main__":
    main()
