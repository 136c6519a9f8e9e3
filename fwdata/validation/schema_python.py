"""Python's jsonschema, for the schemas and documents jsonschema-rs cannot vouch for: compiled on first use.

jsonschema-rs decides which documents are valid (fwdata/validation/validate.py); Python's jsonschema words
what is wrong with the others, and checks a schema jsonschema-rs finds invalid, with the message
it gives. Importing it takes longer than a rebuild of one card spends elsewhere, so only a run that
meets such a document or schema imports it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import extend
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from fwdata.errors import SchemaSetupError
from fwdata.validation.schema_text import ecma_pattern


def _ecma_pattern_keyword(validator: Any, pattern: str, instance: Any, schema: Mapping[str, Any]
                          ) -> Iterator[ValidationError]:
    if validator.is_type(instance, "string") and ecma_pattern(pattern).search(instance) is None:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _is_integer(_checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


# Draft 2020-12 with ECMA-262 `$` in `pattern` (the bundled schemas use no `patternProperties`), and an integer
# written as one: JSON Schema takes `28.0` for the integer 28, but the rules count with integers, and YAML
# reads `28.0` as a float.
SchemaValidator = extend(Draft202012Validator, {"pattern": _ecma_pattern_keyword},
                         type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


def check_schema(path: Path, schema: dict[str, Any]) -> None:
    """Raise SchemaSetupError, worded by Python's metaschema check, when `schema` is not a draft 2020-12 schema."""
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise SchemaSetupError(f"{path}: not a valid JSON Schema: {exc.message}") from None


def schema_registry(contents: Mapping[Path, dict[str, Any]]) -> Registry:
    """Return the registry of every schema under its `$id` and under its file URI (so a schema without `$id` can still
    `$ref` one with an id by file name)."""
    registry: Registry = Registry()
    for path, schema in contents.items():
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        registry = registry.with_resources({schema["$id"]: resource, path.resolve().as_uri(): resource}.items())
    return registry


def compile_validator(schema: dict[str, Any], registry: Registry) -> Validator:
    """Return the validator of `schema`, its `$ref`s resolved in `registry` (nothing is ever fetched)."""
    return SchemaValidator(schema, registry=registry)
