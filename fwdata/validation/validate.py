"""Validation stage: check every document against the JSON Schema (draft 2020-12) of its kind.

jsonschema-rs (compiled, Rust) decides which documents are valid; only the
others go through Python's jsonschema, whose errors carry what the located,
worded findings need. Both read the same schema files and fetch nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import jsonschema_rs

from fwdata.errors import SchemaSetupError
from fwdata.findings import Finding, error
from fwdata.sources.document import SourceDocument
from fwdata.suggestions import did_you_mean
from fwdata.validation.tolerance import ToleratedError, masked_data, tolerated
from fwdata.validation.whole_floats import whole_floats_moved

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

KindKey = tuple[str, str]
MANIFEST_SCHEMA = "pack.schema.json"


class PythonValidators(Mapping[KindKey, "Validator"]):
    """Python's jsonschema validators of the kinds, each compiled when first asked for
    (fwdata/validation/schema_python.py): a run whose documents jsonschema-rs finds valid never imports Python's
    jsonschema."""

    def __init__(self, contents: Mapping[Path, dict[str, Any]], paths: Mapping[KindKey, Path]) -> None:
        self._contents = contents
        self._paths = paths
        self._compiled: dict[Path, Validator] = {}
        self._registry: Any = None

    def __getitem__(self, key: KindKey) -> Validator:
        return self.compiled(self._paths[key])

    def __iter__(self) -> Iterator[KindKey]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def compiled(self, path: Path) -> Validator:
        """Return the validator of the schema file `path` (one of the set's)."""
        if path not in self._compiled:
            from fwdata.validation.schema_python import compile_validator, schema_registry

            if self._registry is None:
                self._registry = schema_registry(self._contents)
            self._compiled[path] = compile_validator(self._contents[path], self._registry)
        return self._compiled[path]


class FastValidators(Mapping[KindKey, Any]):
    """The jsonschema-rs validators of the kinds whose schema compiles (of `schemas`, by kind, with every schema in
    `registry`), each compiled when first asked for: a check of one card compiles its kind's schema alone."""

    def __init__(self, schemas: Mapping[KindKey, dict[str, Any]], registry: Any) -> None:
        self._schemas = schemas
        self._registry = registry
        self._compiled: dict[KindKey, Any] = {}

    def __getitem__(self, key: KindKey) -> Any:
        if key not in self._compiled:
            self._compiled[key] = _compile_fast(self._schemas[key], self._registry)
        if self._compiled[key] is None:  # Python's jsonschema validates this kind
            raise KeyError(key)
        return self._compiled[key]

    def __iter__(self) -> Iterator[KindKey]:
        return (key for key in self._schemas if key in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True)
class SchemaSet:
    """The schemas of every (system, kind) and of the pack manifest (`manifest_path`, None without one):
    jsonschema-rs validators where they compile (`fast`, `fast_manifest`) and Python's (`validators`)."""

    root: Path
    validators: PythonValidators
    manifest_path: Path | None = None
    fast: Mapping[KindKey, Any] = field(default_factory=dict)
    fast_manifest: Any = None
    folders: Mapping[str, Path] = field(default_factory=dict)

    def schema_path(self, system: str, kind: str) -> Path:
        """Return the schema file of a kind: `<folders[system]>/<kind>.schema.json` for a system with its own
        schema folder, else `<root>/<system>/<kind>.schema.json`."""
        folder = self.folders.get(system)
        return (folder if folder is not None else self.root / system) / f"{kind}.schema.json"


def load_schemas(root: Path, kinds: Iterable[KindKey], folders: Mapping[str, Path] | None = None) -> SchemaSet:
    """Read and check the schemas of `kinds` under `root` (and, for a system `folders` names, in its own schema
    folder: `GameSystem.schema_folder`), with every schema file as a `$ref` target.

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
    contents: dict[Path, dict[str, Any]] = {}
    owners: dict[str, Path] = {}
    folders = dict(folders or {})
    for path in [*sorted(root.rglob("*.schema.json")),
                 *(path for folder in folders.values() for path in sorted(folder.glob("*.schema.json")))]:
        schema = read_schema(path)
        contents[path] = schema
        schema_id = schema["$id"]
        if schema_id in owners:
            raise SchemaSetupError(f"{path}: $id {schema_id} is already the $id of {owners[schema_id]}")
        owners[schema_id] = path
    paths: dict[KindKey, Path] = {}
    fast_registry = _fast_registry(contents)
    for system, kind in kinds:
        path = (folders[system] if system in folders else root / system) / f"{kind}.schema.json"
        if path not in contents:
            raise SchemaSetupError(f"{path}: schema for {system} {kind} not found")
        _check_schema(path, contents[path])
        paths[(system, kind)] = path
    fast = {} if fast_registry is None else FastValidators({key: contents[path] for key, path in paths.items()},
                                                            fast_registry)
    manifest_path: Path | None = root / MANIFEST_SCHEMA
    fast_manifest = None
    if manifest_path in contents:
        _check_schema(manifest_path, contents[manifest_path])
        fast_manifest = None if fast_registry is None else _compile_fast(contents[manifest_path], fast_registry)
    else:
        manifest_path = None
    return SchemaSet(root=root, validators=PythonValidators(contents, paths), manifest_path=manifest_path, fast=fast,
                     fast_manifest=fast_manifest, folders=folders)


def _check_schema(path: Path, schema: dict[str, Any]) -> None:
    """Raise SchemaSetupError when `schema` is not a valid draft 2020-12 schema (Python's check words why: it is the
    slow one, asked only when jsonschema-rs finds it invalid or cannot tell)."""
    if not _fast_meta_valid(schema):
        from fwdata.validation.schema_python import check_schema

        check_schema(path, schema)


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
    value (an unknown key at the key itself). For `anyOf`/`oneOf` failures every
    plain alternative is named, else the single most relevant sub-error is
    reported (fwdata/validation/schema_findings.py). A document whose only errors lie
    in subtrees its schema marks `x-fwdata-tolerant` is returned with those
    values masked as unknown (fwdata/validation/tolerance.py).
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
            from referencing.exceptions import Unresolvable

            from fwdata.validation.schema_findings import error_findings, fold_fitting_keys, mistyped_required

            validator = schemas.validators[key]
            try:
                errors = list(validator.iter_errors(document.data))
            except Unresolvable as exc:
                raise SchemaSetupError(f"{schemas.schema_path(document.system or '', document.kind or '')}: "
                                       f"unresolvable $ref {exc}") from None
            covered = mistyped_required(errors)
            for problem in errors:
                problems.extend(error_findings(document, problem, covered))
            problems = list(dict.fromkeys(problems))  # each missing key is an error; one finding names them all
            problems = fold_fitting_keys(problems)
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
    if schemas.manifest_path is None:
        raise SchemaSetupError(f"{schemas.root / MANIFEST_SCHEMA}: the pack manifest schema is missing")
    findings = _manifest_system_findings(document, sorted({system for system, _ in schemas.validators}))
    if _fast_valid(schemas.fast_manifest, document.data):
        return findings
    from fwdata.validation.schema_findings import error_findings

    return [*(finding for problem in schemas.validators.compiled(schemas.manifest_path).iter_errors(document.data)
              for finding in error_findings(document, problem)), *findings]


def _manifest_system_findings(document: SourceDocument, systems: list[str]) -> list[Finding]:
    """Return a SCHEMA-KIND error for every id of the manifest's `systems` that is no installed game system's (the
    schema knows only their form: a plug-in's id is as good as a bundled one)."""
    named = document.data.get("systems") if isinstance(document.data, dict) else None
    if not isinstance(named, list):
        return []
    return [error(document.locate(f"/systems/{index}"), "SCHEMA-KIND",
                  f"system {name!r} is not one of the installed game systems {', '.join(systems)}"
                  f"{did_you_mean(name, systems)}")
            for index, name in enumerate(named) if isinstance(name, str) and name not in systems]


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
