"""Validation stage: check every document against the JSON Schema (draft 2020-12) of its kind.

jsonschema-rs (compiled, Rust) decides which documents are valid; only the
others go through Python's jsonschema, whose errors carry what the located,
worded findings need. Both read the same schema files and fetch nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, ValidationError, best_match
from jsonschema.protocols import Validator
from jsonschema.validators import extend
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from fwdata.errors import SchemaSetupError
from fwdata.findings import Finding, error
from fwdata.sources.document import SourceDocument, pointer_join
from fwdata.suggestions import did_you_mean
from fwdata.tolerance import ToleratedError, masked_data, tolerated
from fwdata.whole_floats import whole_floats_moved

KindKey = tuple[str, str]
MANIFEST_SCHEMA = "pack.schema.json"


@lru_cache(maxsize=1024)
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    """Compile a JSON Schema (ECMA-262) pattern for Python's `re`, with `$` meaning the end of the text.

    Without the multiline flag an ECMA `$` matches only at the end of the input;
    Python's also matches before a final newline, so `^[a-z]+$` would accept
    `"p\\n"`. Every unescaped `$` outside a character class becomes `\\Z`.
    Raises re.error for a pattern Python cannot compile.
    """
    translated: list[str] = []
    escaped = in_class = False
    for character in pattern:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif in_class:
            in_class = character != "]"
        elif character == "[":
            in_class = True
        elif character == "$":
            character = "\\Z"
        translated.append(character)
    return re.compile("".join(translated))


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


@dataclass(frozen=True)
class SchemaSet:
    """The compiled validators, one per (system, kind)."""

    root: Path
    validators: Mapping[KindKey, Validator]
    manifest: Validator | None = None
    fast: Mapping[KindKey, Any] = field(default_factory=dict)  # jsonschema-rs validators, where they compile

    def schema_path(self, system: str, kind: str) -> Path:
        """Return the schema file of a kind: `<root>/<system>/<kind>.schema.json`."""
        return self.root / system / f"{kind}.schema.json"


def load_schemas(root: Path, kinds: Iterable[KindKey]) -> SchemaSet:
    """Read and compile the schemas of `kinds` under `root`, with every schema file as a `$ref` target.

    Each schema is registered under its `$id` (the bundled ones use
    `https://fwdata.invalid/schemas/<system>/<kind>.schema.json`; a schema without
    one gets its file URI) and under its file URI, so relative `$ref`s resolve
    between the files by their ids or by file name. Nothing is ever fetched: a `$ref` to a schema not under `root` is an
    unresolvable reference, reported as SchemaSetupError when a document reaches it.
    Raises SchemaSetupError (exit 2) when a schema is missing, is not JSON, is not a
    valid draft 2020-12 schema, or shares its `$id` with another file.
    """
    if not root.is_dir():
        raise SchemaSetupError(f"schema folder not found: {root}")
    registry: Registry = Registry()
    contents: dict[Path, dict[str, Any]] = {}
    owners: dict[str, Path] = {}
    for path in sorted(root.rglob("*.schema.json")):
        schema = read_schema(path)
        contents[path] = schema
        schema_id = schema["$id"]
        if schema_id in owners:
            raise SchemaSetupError(f"{path}: $id {schema_id} is already the $id of {owners[schema_id]}")
        owners[schema_id] = path
        resource = Resource.from_contents(schema, default_specification=DRAFT202012)
        # Also under its file URI, so a schema without `$id` can still `$ref` one with an id by file name.
        file_uri = path.resolve().as_uri()
        registry = registry.with_resources({schema_id: resource, file_uri: resource}.items())
    validators: dict[KindKey, Validator] = {}
    fast: dict[KindKey, Any] = {}
    fast_registry = _fast_registry(contents)
    for system, kind in kinds:
        path = root / system / f"{kind}.schema.json"
        if path not in contents:
            raise SchemaSetupError(f"{path}: schema for {system} {kind} not found")
        validators[(system, kind)] = _compile(path, contents[path], registry)
        if fast_registry is not None and (compiled := _compile_fast(contents[path], fast_registry)) is not None:
            fast[(system, kind)] = compiled
    manifest_path = root / MANIFEST_SCHEMA
    manifest = _compile(manifest_path, contents[manifest_path], registry) if manifest_path in contents else None
    return SchemaSet(root=root, validators=validators, manifest=manifest, fast=fast)


def _fast_meta_valid(schema: dict[str, Any]) -> bool:
    """Return True when jsonschema-rs finds `schema` a valid draft 2020-12 schema; False when not, or unsure."""
    try:
        return bool(jsonschema_rs.meta.is_valid(schema))
    except (ValueError, jsonschema_rs.ReferencingError):
        return False


def _fast_registry(contents: Mapping[Path, dict[str, Any]]) -> Any:
    """Return a jsonschema-rs registry of every schema under its `$id` and file URI; None if it will not build."""
    resources = [(uri, schema) for path, schema in contents.items()
                 for uri in dict.fromkeys((schema["$id"], path.resolve().as_uri()))]
    try:
        return jsonschema_rs.Registry(resources, draft=jsonschema_rs.Draft202012)
    except (ValueError, jsonschema_rs.ReferencingError):
        return None  # Python's jsonschema then validates every document, with the same findings


def _compile_fast(schema: dict[str, Any], registry: Any) -> Any:
    try:
        return jsonschema_rs.Draft202012Validator(schema, registry=registry, validate_formats=False, offline=True)
    except (ValueError, jsonschema_rs.ReferencingError):
        return None


def _compile(path: Path, schema: dict[str, Any], registry: Registry) -> Validator:
    try:
        if not _fast_meta_valid(schema):  # Python's metaschema check words the error; it is the slow one
            Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise SchemaSetupError(f"{path}: not a valid JSON Schema: {exc.message}") from None
    return SchemaValidator(schema, registry=registry)


def read_schema(path: Path) -> dict[str, Any]:
    """Read one schema file as a JSON object, its `$id` defaulting to the file URI.

    Raises SchemaSetupError when the file cannot be read, is not JSON, is not an
    object, or has a `$id` that is not an absolute URI without a fragment.
    """
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SchemaSetupError(f"{path}: cannot read schema: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SchemaSetupError(f"{path}:{exc.lineno}:{exc.colno}: schema is not valid JSON: {exc.msg}") from None
    if not isinstance(schema, dict):
        raise SchemaSetupError(f"{path}: a schema must be a JSON object")
    schema_id = schema.setdefault("$id", path.resolve().as_uri())
    if not isinstance(schema_id, str) or not urlsplit(schema_id).scheme or "#" in schema_id:
        raise SchemaSetupError(f"{path}: $id must be an absolute URI without a fragment, found {schema_id!r}")
    return schema


def validate_documents(
    documents: Sequence[SourceDocument], schemas: SchemaSet
) -> tuple[list[SourceDocument], list[Finding]]:
    """Validate every document; return those without schema errors, and all the findings.

    Each schema error becomes one SCHEMA finding at the line of the offending
    value (an unknown key at the key itself). For `anyOf`/`oneOf` failures the
    single most relevant sub-error is reported. A document whose only errors lie
    in subtrees its schema marks `x-fwdata-tolerant` is returned with those
    values masked as unknown (fwdata/tolerance.py).
    """
    valid: list[SourceDocument] = []
    findings: list[Finding] = []
    systems = sorted({system for system, _ in schemas.validators})
    for document in documents:
        problems = _envelope_findings(document, schemas, systems)
        if not problems:
            key = (document.system or "", document.kind or "")
            if _fast_valid(schemas.fast.get(key), document.data):
                valid.append(document)
                continue
            validator = schemas.validators[key]
            try:
                errors = list(validator.iter_errors(document.data))
            except Unresolvable as exc:
                raise SchemaSetupError(f"{schemas.schema_path(document.system or '', document.kind or '')}: "
                                       f"unresolvable $ref {exc}") from None
            for problem in errors:
                problems.extend(_error_findings(document, problem))
            problems = list(dict.fromkeys(problems))  # each missing key is an error; one finding names them all
            schema = validator.schema if isinstance(validator.schema, dict) else {}
            masked = [found for problem in errors if (found := tolerated(schema, problem)) is not None]
            if problems and len(masked) == len(errors):
                valid.append(_masked(document, masked))
        findings.extend(problems)
        if not problems:
            valid.append(document)
    return valid, findings


def _masked(document: SourceDocument, errors: list[ToleratedError]) -> SourceDocument:
    return SourceDocument(path=document.path, data=masked_data(document.data, errors), positions=document.positions)


def _fast_valid(validator: Any, data: Any) -> bool:
    """Return True when jsonschema-rs finds `data` valid; False when it does not, or cannot tell.

    jsonschema-rs takes a float such as `28.0` for an integer, as JSON Schema says, where
    `SchemaValidator` does not. So a document holding such floats is valid here only when it
    stays valid with each of them moved half a unit (a number where an integer is wanted fails).
    """
    if validator is None:
        return False
    try:
        if not validator.is_valid(data):
            return False
        moved = whole_floats_moved(data)
        return moved is None or bool(validator.is_valid(moved))
    except (ValueError, OverflowError, jsonschema_rs.ReferencingError):  # an integer beyond 64 bits, say
        return False


def validate_manifest(document: SourceDocument, schemas: SchemaSet) -> list[Finding]:
    """Validate a pack manifest (`fwdata-pack.yaml`) against `schemas/pack.schema.json`; return its findings."""
    if schemas.manifest is None:
        raise SchemaSetupError(f"{schemas.root / MANIFEST_SCHEMA}: the pack manifest schema is missing")
    return [finding for problem in schemas.manifest.iter_errors(document.data)
            for finding in _error_findings(document, problem)]


def _envelope_findings(document: SourceDocument, schemas: SchemaSet, systems: list[str]) -> list[Finding]:
    data = document.data
    for key in ("system", "kind"):
        if key not in data:
            return [error(document.locate(""), "SCHEMA", f"missing required key {key!r} (every source says "
                          "which system and kind it is)")]
    if not isinstance(data["system"], str) or data["system"] not in systems:
        hint = did_you_mean(data["system"], systems)
        return [error(document.locate("/system"), "SCHEMA-KIND",
                      f"system {data['system']!r} is not one of {', '.join(systems)}{hint}")]
    kinds = sorted(kind for system, kind in schemas.validators if system == data["system"])
    if not isinstance(data["kind"], str) or data["kind"] not in kinds:
        hint = did_you_mean(data["kind"], kinds)
        return [error(document.locate("/kind"), "SCHEMA-KIND",
                      f"kind {data['kind']!r} is not a {data['system']} kind (expected one of "
                      f"{', '.join(kinds)}){hint}")]
    return []


def _error_findings(document: SourceDocument, problem: ValidationError) -> list[Finding]:
    if problem.validator in ("anyOf", "oneOf") and problem.context:
        # A branch that failed only on type is the least telling when another branch got further.
        deeper = [sub for sub in problem.context if sub.validator != "type"]
        chosen = best_match(deeper or problem.context)
        if chosen is not None and chosen.validator not in ("anyOf", "oneOf"):
            problem = chosen
    pointer = _pointer(problem.absolute_path)
    where = dotted_path(problem.absolute_path)
    prefix = f"{where}: " if where else ""
    if problem.validator == "additionalProperties" and isinstance(problem.instance, dict):
        allowed = sorted(problem.schema.get("properties", {}))
        findings = []
        for key in sorted(set(problem.instance) - set(allowed)):
            if any(_matches(pattern, key) for pattern in problem.schema.get("patternProperties", {})):
                continue
            hint = did_you_mean(key, allowed)
            listed = f" (allowed: {', '.join(allowed)})" if allowed and not hint else ""
            findings.append(error(document.locate(pointer_join(pointer, key), at_key=True), "SCHEMA",
                                  f"{prefix}unknown key {key!r}{hint}{listed}"))
        return findings
    return [error(document.locate(pointer), "SCHEMA", prefix + _message(problem))]


def _matches(pattern: str, key: str) -> bool:
    return ecma_pattern(pattern).search(key) is not None


def _message(problem: ValidationError) -> str:
    value = problem.instance
    expected: Any = problem.validator_value
    description = problem.schema.get("description") if isinstance(problem.schema, dict) else None
    match problem.validator:
        case "required":
            missing = [key for key in expected if isinstance(value, dict) and key not in value]
            return f"missing required key{'s' if len(missing) > 1 else ''} {', '.join(map(repr, missing))}"
        case "type":
            wanted = " or ".join(expected) if isinstance(expected, list) else expected
            return f"expected {_article(wanted)}, found {_describe(value)}"
        case "enum" if value is None:
            return f"expected one of: {', '.join(map(str, expected))}, found an empty value"
        case "enum":
            hint = did_you_mean(value, [str(v) for v in expected])
            return f"{_short(value)} is not one of: {', '.join(map(str, expected))}{hint}"
        case "const":
            return f"expected {_short(expected)}, found {'an empty value' if value is None else _short(value)}"
        case "minimum":
            return f"{_short(value)} is below the minimum {expected}"
        case "maximum":
            return f"{_short(value)} is above the maximum {expected}"
        case "exclusiveMinimum":
            return f"{_short(value)} must be greater than {expected}"
        case "exclusiveMaximum":
            return f"{_short(value)} must be less than {expected}"
        case "multipleOf":
            return f"{_short(value)} is not a multiple of {expected}" + (f" ({description})" if description else "")
        case "pattern":
            return _pattern_message(value, problem.schema, expected)
        case "minItems":
            return f"expected at least {expected} item{'s' if expected != 1 else ''}, found {len(value)}"
        case "maxItems":
            return f"expected at most {expected} item{'s' if expected != 1 else ''}, found {len(value)}"
        case "minLength":
            return f"text {_short(value)} is shorter than {expected} characters"
        case "maxLength":
            return f"text is longer than {expected} characters"
    return problem.message


def _pattern_message(value: Any, schema: Any, pattern: str) -> str:
    # Schemas annotate each pattern with what the value is, its form in words and examples
    # ("x-pattern" and "examples"), so a finding never shows a raw regular expression.
    hint = schema.get("x-pattern") if isinstance(schema, dict) else None
    examples = schema.get("examples") if isinstance(schema, dict) else None
    if not isinstance(hint, dict) or not isinstance(hint.get("name"), str):
        return f"{_short(value)} does not match {pattern}"
    text = f"{_short(value)} is not a valid {hint['name']}"
    if isinstance(hint.get("form"), str):
        text += f": {hint['form']}"
    if isinstance(examples, list) and examples:
        text += ", e.g. " + ", ".join(str(example) for example in examples)
    return text


def _pointer(path: Iterable[str | int]) -> str:
    pointer = ""
    for token in path:
        pointer = pointer_join(pointer, token)
    return pointer


def dotted_path(path: Iterable[str | int]) -> str:
    """Return a value's path as the messages write it: `performance[2].max_fp` ('' for the document)."""
    text = ""
    for token in path:
        text += f"[{token}]" if isinstance(token, int) else (f".{token}" if text else str(token))
    return text


def _article(name: str) -> str:
    names = {"number": "a number", "integer": "an integer", "string": "a string", "object": "a mapping",
             "array": "a list", "boolean": "true or false", "null": "an empty value (null)"}
    return names.get(name, name)


def _describe(value: Any) -> str:
    kinds = {bool: "true/false", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}
    if value is None:
        return "an empty value"
    kind = kinds.get(type(value), type(value).__name__)
    return kind if isinstance(value, list | dict) else f"{kind} {_short(value)}"


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
