"""Schema export: self-contained copies of the kind schemas for editors, and modelines that point at them."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from fwdata import __version__
from fwdata.errors import SchemaSetupError, UsageError
from fwdata.library import library_root, schema_root
from fwdata.output.write import write_file
from fwdata.suggestions import did_you_mean
from fwdata.validation.validate import KindKey, read_schema

# Where a pack keeps the schemas its modelines point at; discovery skips hidden folders.
PACK_SCHEMA_FOLDER = PurePosixPath(".fwdata/schemas")
PACK_MANIFEST = "fwdata-pack.yaml"
SOURCE_FOLDERS = ("cards", "scenarios", "tables")
MODELINE_PREFIX = "# yaml-language-server: $schema="


# A game system's own schema folder, by system id (`GameSystem.schema_folder`), for systems whose schemas are not
# under the schema root's `<system>/` (a system from another distribution ships them in its package).
SchemaFolders = Mapping[str, Path]


def schema_kinds(root: Path | None = None, folders: SchemaFolders | None = None) -> list[KindKey]:
    """Return every (system, kind) with a schema file `<root>/<system>/<kind>.schema.json` or
    `<folders[system]>/<kind>.schema.json`, sorted."""
    base = root or schema_root()
    kinds = {(path.parent.name, path.name.removesuffix(".schema.json")) for path in base.glob("*/*.schema.json")}
    for system, folder in (folders or {}).items():
        kinds.update((system, path.name.removesuffix(".schema.json")) for path in folder.glob("*.schema.json"))
    return sorted(kinds)


def kind_schema_path(key: KindKey, root: Path | None = None, folders: SchemaFolders | None = None) -> Path:
    """Return the schema file of a kind: in its system's own folder when `folders` names one, else under `root`."""
    folder = (folders or {}).get(key[0])
    return (folder if folder is not None else (root or schema_root()) / key[0]) / f"{key[1]}.schema.json"


def kind_label(key: KindKey) -> str:
    """Return the command-line spelling of a kind: `fw/aircraft`."""
    return f"{key[0]}/{key[1]}"


def parse_kind(words: Sequence[str], root: Path | None = None, folders: SchemaFolders | None = None) -> KindKey:
    """Read a kind given as `fw/aircraft`, `fw:aircraft` or the two words `fw aircraft`.

    Raises UsageError (exit 2) naming every kind, with a did-you-mean, when the kind is unknown.
    """
    kinds = schema_kinds(root, folders)
    text = "/".join(word.strip() for word in words).replace(":", "/").replace(" ", "/")
    system, _, kind = text.partition("/")
    if (system, kind) in kinds:
        return system, kind
    labels = [kind_label(key) for key in kinds]
    hint = did_you_mean(text, labels)
    raise UsageError(f"unknown kind {text!r}{hint}; the kinds are: {', '.join(labels)}")


def export_schema(key: KindKey, root: Path | None = None, folders: SchemaFolders | None = None) -> dict[str, Any]:
    """Return the schema of one kind with every definition it takes from other files copied into its `$defs`.

    The result has no `$ref` outside itself, so an editor needs no other file and
    never looks anything up by `$id`. Raises SchemaSetupError when a `$ref` points
    outside the schema folder or at anything but a `$defs` entry, or when two
    definitions of one name differ.
    """
    base = root or schema_root()
    path = kind_schema_path(key, base, folders)
    if not path.is_file():
        raise SchemaSetupError(f"{path}: schema for {key[0]} {key[1]} not found")
    schema = read_schema(path)
    bundle = _Bundle(base, path, schema)
    exported = bundle.rewrite(schema, path)
    bundle.import_pending()
    if bundle.imported:
        defs = dict(exported.get("$defs", {}))
        defs.update(bundle.imported)
        exported["$defs"] = defs
    exported["$comment"] = (f"Written by fwdata {__version__} (`fwdata schema --write`); self-contained: the "
                            "shared definitions are copied into $defs. Regenerate rather than edit.")
    return exported


class _Bundle:
    """Collects the definitions a schema borrows from other files, rewriting each `$ref` to a local one."""

    def __init__(self, root: Path, path: Path, schema: dict[str, Any]) -> None:
        self.root = root.resolve()
        self.path = path.resolve()
        self.own_defs = schema.get("$defs", {})
        self.imported: dict[str, Any] = {}
        self.pending: list[tuple[Path, str]] = []
        self.documents: dict[Path, dict[str, Any]] = {self.path: schema}

    def rewrite(self, node: Any, source: Path) -> Any:
        if isinstance(node, list):
            return [self.rewrite(item, source) for item in node]
        if not isinstance(node, dict):
            return node
        result = {key: self.rewrite(value, source) for key, value in node.items()}
        reference = node.get("$ref")
        if isinstance(reference, str):
            result["$ref"] = self._local(reference, source)
        return result

    def _local(self, reference: str, source: Path) -> str:
        target, _, fragment = reference.partition("#")
        document = (source.parent / target).resolve() if target else source.resolve()
        if document == self.path:
            return reference if not target else f"#{fragment}"
        parts = fragment.split("/")
        if len(parts) != 3 or parts[:2] != ["", "$defs"]:
            raise SchemaSetupError(f"{source}: cannot bundle $ref {reference!r} (only $defs entries of other files)")
        if not document.is_relative_to(self.root):
            raise SchemaSetupError(f"{source}: $ref {reference!r} points outside {self.root}")
        self.pending.append((document, parts[2]))
        return f"#/$defs/{parts[2]}"

    def import_pending(self) -> None:
        done: set[tuple[Path, str]] = set()
        while self.pending:
            document, name = self.pending.pop()
            if (document, name) in done:
                continue
            done.add((document, name))
            if document not in self.documents:
                self.documents[document] = read_schema(document)
            definitions = self.documents[document].get("$defs", {})
            if name not in definitions:
                raise SchemaSetupError(f"{document}: no $defs entry {name!r}")
            definition = self.rewrite(copy.deepcopy(definitions[name]), document)
            if name in self.own_defs or self.imported.get(name, definition) != definition:
                raise SchemaSetupError(f"{self.path}: $defs entry {name!r} clashes with the one of {document}")
            self.imported[name] = definition


def schema_text(schema: dict[str, Any]) -> str:
    """Return a schema as the JSON text fwdata prints and writes (two-space indent, final newline)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(folder: Path, root: Path | None = None, *, only_changed: bool = False,
                  folders: SchemaFolders | None = None) -> list[Path]:
    """Write every kind's self-contained schema as `<folder>/<system>/<kind>.schema.json`; return the written paths.

    With `only_changed`, files whose text is already what would be written are left
    alone. Raises OutputError when a file cannot be written.
    """
    written = []
    for key in schema_kinds(root, folders):
        target = folder / key[0] / f"{key[1]}.schema.json"
        data = schema_text(export_schema(key, root, folders)).encode("utf-8")
        if only_changed and target.is_file() and target.read_bytes() == data:
            continue
        write_file(target, data)
        written.append(target)
    return written


def find_pack_root(folder: Path) -> Path:
    """Return the pack a folder belongs to.

    That is the nearest folder (the folder itself or an ancestor) holding a
    `fwdata-pack.yaml` manifest or a `.fwdata/` folder; else the folder above the
    nearest `cards/`, `scenarios/` or `tables/`; else the folder itself.
    """
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        if (candidate / PACK_MANIFEST).is_file() or (candidate / ".fwdata").is_dir():
            return candidate
    for candidate in (folder, *folder.parents):
        if candidate.name in SOURCE_FOLDERS:
            return candidate.parent
    return folder


def schema_reference(document: Path, key: KindKey, folders: SchemaFolders | None = None) -> str:
    """Return the relative path from a source file to the schema of its kind, writing the pack's schemas if needed.

    A file inside the base library (the repository's own data) points at the
    library's `schemas/`. Any other file points at `<pack>/.fwdata/schemas/`
    (see find_pack_root), where every schema that is missing or differs from this
    fwdata's is written first. Raises OutputError when they cannot be written.
    """
    document = document.resolve()
    library = library_root().resolve()
    if document.is_relative_to(library) and (library / "schemas").is_dir() and key[0] not in (folders or {}):
        schemas = library / "schemas"
    else:
        schemas = find_pack_root(document.parent).joinpath(*PACK_SCHEMA_FOLDER.parts)
        write_schemas(schemas, only_changed=True, folders=folders)
    target = schemas / key[0] / f"{key[1]}.schema.json"
    return PurePosixPath(*Path(os.path.relpath(target, document.parent)).parts).as_posix()


def modeline(reference: str) -> str:
    """Return the first line that tells the YAML language server which schema a file uses."""
    return MODELINE_PREFIX + reference
