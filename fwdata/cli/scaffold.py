"""Scaffolding: the commented starting file `fwdata new` writes for a new card, scenario or table in a pack."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2
import jsonschema

from fwdata.cli.schema_export import (
    PACK_SCHEMA_FOLDER,
    SchemaFolders,
    export_schema,
    kind_label,
    modeline,
    parse_kind,
    schema_reference,
)
from fwdata.errors import UsageError
from fwdata.library import library_root
from fwdata.output.write import refuse_links_out, write_file
from fwdata.sources import load_source
from fwdata.suggestions import did_you_mean
from fwdata.validation.validate import KindKey

# Where each kind lives, in a pack as in the base library: `GameSystem.kind_folders`, by (system, kind).
KindFolders = Mapping[KindKey, PurePosixPath]

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
# Values a new document starts with rather than leaving them to fill (pointer -> YAML text).
PRESETS = {"/provenance/status": "authored"}
NOTE_CHARS = 110


@dataclass
class Entry:
    """One key of the starting file: filled, left empty to fill, or commented out."""

    key: str
    note: str
    required: bool
    value: str | None = None
    children: list[Entry] = field(default_factory=list)


def new_document(system: str, kind: str, new_id: str, *, pack: Path, kind_folders: KindFolders,
                 from_id: str | None = None, folders: SchemaFolders | None = None) -> Path:
    """Write the starting file of a new document into its kind's folder of `pack`; return its path.

    The file is `<pack>/<kind folder>/<new_id>.yaml` (`kind_folders`), its first
    line a modeline to `<pack>/.fwdata/schemas/` (written there when missing).
    Without `from_id` it is a commented skeleton whose empty required values are
    SCHEMA findings until filled; with it, the text of the bundled document of that
    kind and id with `id:` replaced. Raises UsageError (exit 2) for an unknown kind,
    a bad id, an unknown `from_id`, or a file that already exists (never
    overwritten); OutputError when it cannot be written or a link in the pack
    would carry the file or the schemas outside it.
    """
    key = parse_kind([system, kind], folders=folders)
    for value, label in ((new_id, "ID"), (from_id, "--from")):
        if value is not None and not ID_PATTERN.fullmatch(value):
            raise UsageError(f"{label} {value!r} is not a valid id: lowercase kebab-case, e.g. p-51d")
    folder = kind_folders.get(key)
    if folder is None:
        raise UsageError(f"fwdata new does not know where {kind_label(key)} files go")
    target = pack.joinpath(*folder.parts, f"{new_id}.yaml")
    if target.exists():
        raise UsageError(f"{target} already exists (fwdata new never overwrites a file)")
    for place in (target, pack.joinpath(*PACK_SCHEMA_FOLDER.parts)):
        refuse_links_out(pack, place)
    source_text = _bundled_text(key, folder, from_id) if from_id is not None else None
    reference = schema_reference(target, key, folders)
    text = render_document(key, new_id, modeline(reference), source_text=source_text, from_id=from_id,
                           folders=folders)
    write_file(target, text.encode("utf-8"))
    return target


def render_document(key: KindKey, new_id: str, first_line: str, *, source_text: str | None = None,
                    from_id: str | None = None, folders: SchemaFolders | None = None) -> str:
    """Return the text of a starting file: `first_line`, a header, then the skeleton or the bundled text."""
    schema = export_schema(key, folders=folders)
    environment = jinja2.Environment(loader=jinja2.PackageLoader("fwdata", "templates"), autoescape=False,
                                     undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    body = None
    if source_text is not None:
        lines = source_text.splitlines()
        if lines and lines[0].startswith("# yaml-language-server:"):
            lines = lines[1:]
        body = re.sub(r"(?m)^id:[ \t]*\S.*$", f"id: {new_id}", "\n".join(lines), count=1)
    return environment.get_template("new.yaml.j2").render(
        modeline=first_line, title=schema.get("title", kind_label(key)), system=key[0], kind=key[1], id=new_id,
        from_id=from_id, body=body, entries=_entries(schema) if body is None else [])


def _entries(schema: dict[str, Any]) -> list[Entry]:
    required = _required_keys(schema)
    entries = []
    for name, subschema in schema.get("properties", {}).items():
        if name in ("system", "kind", "id"):
            continue
        resolved = _resolve(schema, subschema)
        entry = Entry(key=name, note=_note(resolved, subschema), required=name in required)
        if entry.required and resolved.get("type") == "object":
            inner_required = set(resolved.get("required", []))
            for child, child_schema in resolved.get("properties", {}).items():
                child_resolved = _resolve(schema, child_schema)
                preset = PRESETS.get(f"/{name}/{child}")
                entry.children.append(Entry(key=child, note=_note(child_resolved, child_schema, preset),
                                            required=child in inner_required, value=preset))
        entries.append(entry)
    return entries


def _required_keys(schema: dict[str, Any]) -> set[str]:
    """The keys a new document needs: `required`, those a top-level `if`/`then` adds for a
    document holding only its envelope, and the first choice of an `anyOf` of `required`s."""
    required = set(schema.get("required", []))
    envelope = {"system": "", "kind": "", "id": ""}
    condition = schema.get("if")
    if isinstance(condition, dict) and jsonschema.Draft202012Validator(condition).is_valid(envelope):
        required.update(schema.get("then", {}).get("required", []))
    for choice in ("anyOf", "oneOf"):
        branches = schema.get(choice)
        if not isinstance(branches, list) or not branches or any(set(b) != {"required"} for b in branches):
            continue
        if not any(set(branch["required"]) <= required for branch in branches):
            required.update(branches[0]["required"])
    return required


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Follow a local `$ref` (the exported schemas have no other kind); sibling keys win."""
    reference = node.get("$ref")
    if not isinstance(reference, str) or not reference.startswith("#/$defs/"):
        return node
    target = schema.get("$defs", {}).get(reference.removeprefix("#/$defs/"), {})
    return {**_resolve(schema, target), **{k: v for k, v in node.items() if k != "$ref"}}


def _note(resolved: dict[str, Any], node: dict[str, Any], preset: str | None = None) -> str:
    if "enum" in resolved and preset is not None:
        return "one of: " + ", ".join(str(value) for value in resolved["enum"])
    text = " ".join(str(node.get("description") or resolved.get("description") or "").split())
    # The first sentence only: a full stop, a space and a capital (so "e.g. '10-2'" is not an end).
    sentence = re.split(r"(?<=[a-z0-9)\]])\.\s+(?=[A-Z(\[])", text)[0].rstrip(".")
    if len(sentence) > NOTE_CHARS:
        sentence = sentence[: NOTE_CHARS - 3].rstrip() + "..."
    if "enum" in resolved and len(resolved["enum"]) <= 8:
        sentence += f" [{' | '.join(str(value) for value in resolved['enum'])}]"
    elif isinstance(resolved.get("examples"), list):
        sentence += f" (e.g. {', '.join(str(value) for value in resolved['examples'])})"
    return sentence


def _bundled_text(key: KindKey, kind_folder: PurePosixPath, from_id: str) -> str:
    """Return the text of the base library's document of this kind and id; UsageError when there is none."""
    folder = library_root().joinpath(*kind_folder.parts)
    known: list[str] = []
    id_line = re.compile(r"(?m)^id:[ \t]*['\"]?([a-z0-9-]+)")
    for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else []:
        text = path.read_text(encoding="utf-8")
        match = id_line.search(text)
        if match is None or not re.search(rf"(?m)^kind:[ \t]*{re.escape(key[1])}[ \t]*$", text):
            continue
        known.append(match.group(1))
        if match.group(1) == from_id:
            document, _ = load_source(path)
            if document is not None and (document.system, document.kind) == key and document.data.get("id") == from_id:
                return text
    hint = did_you_mean(from_id, known)
    raise UsageError(f"--from {from_id!r}: no bundled {kind_label(key)} has that id{hint}")
