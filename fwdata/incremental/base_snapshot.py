"""The base library compiled once: its schema-valid documents (with positions) and each file's digest, kept in the
user's cache folder (fwdata/incremental/user_cache.py, signed with this user's key), so a run loads them in
milliseconds instead of parsing and validating every base file. One snapshot per game system's files, so a check of
one system's file makes and reads that system's alone.

The snapshot is keyed by the tool (`tool_fingerprint`: fwdata's version and files, Python, the installed
distributions), the base library's and the schemas' folders, and the SHA-256 of every base file and every schema
file: any change makes it again. One that is missing, truncated, edited or another user's is made again too.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeGuard

from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.incremental.user_cache import cache_file, file_status, kept_or_made, read_signed, write_signed
from fwdata.sources.document import SourceDocument
from fwdata.sources.pack import pack_files
from fwdata.validation.validate import SchemaSet

SNAPSHOT_VERSION = 2
# What a snapshot holds: the folder the documents' display paths are relative to, the valid documents, and each
# document loaded without findings with the SHA-256 of its bytes.
Snapshot = tuple[str | None, tuple[SourceDocument, ...], list[tuple[SourceDocument, str]]]


def snapshot_header(root: Path, schemas: SchemaSet, known: dict[str, tuple[tuple[int, ...], str]]) -> list[object]:
    """Return what a snapshot of the base library at `root` validated by `schemas` is keyed by (raises nothing: an
    unreadable file has the reason as its digest).

    A file whose status (`file_status`) `known` holds with its digest is not read; `known` gets every file's. An
    empty `known` (no check cache of the pack, a build) is filled first from the statuses the user's last run
    kept (`_STATUSES`), which are kept again when they changed: a new pack's first check reads no base file.
    """
    remembered = _remembered_statuses() if not known else None
    known.update(remembered or {})
    files = [str(path) for path in (*pack_files(root), *schema_files(schemas))]
    header = ["fwdata-base-snapshot", SNAPSHOT_VERSION, tool_fingerprint(), str(root.resolve()),
              str(schemas.root.resolve()), sorted((system, str(folder)) for system, folder in schemas.folders.items()),
              [(name, _known_digest(Path(name), known)) for name in files]]
    if remembered is not None and (current := {name: known[name] for name in files if name in known}) != remembered:
        _remember_statuses(current)
    return header


# The statuses and digests of the base library's and the schemas' files the last run found, in the user's cache:
# one file, by path (a status names the bytes it was taken of: `file_status`, whatever the tool).
_STATUSES = ("base", ("statuses",), ["fwdata-base-statuses", 1])


def _remembered_statuses() -> dict[str, tuple[tuple[int, ...], str]]:
    """Return the statuses `_remember_statuses` kept, empty when there are none to believe."""
    folder, name, header = _STATUSES
    try:
        stored = read_signed(cache_file(folder, *name), signing_key(), header)
    except RuntimeError:  # no home folder
        return {}
    if not isinstance(stored, dict):
        return {}
    return {path: value for path, value in stored.items() if isinstance(path, str) and _is_status(value)}


def _remember_statuses(known: dict[str, tuple[tuple[int, ...], str]]) -> None:
    """Keep `known` (the current files' alone) in the user's cache, replacing what was there; nothing when it cannot
    be written (the next run reads the files again)."""
    folder, name, header = _STATUSES
    try:
        write_signed(cache_file(folder, *name), signing_key(), header, dict(known))
    except RuntimeError:  # no home folder
        return


def _is_status(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple)
            and all(isinstance(number, int) for number in value[0]) and isinstance(value[1], str))


def schema_files(schemas: SchemaSet) -> list[Path]:
    """Return every JSON file of the schema set's folders (its root and each system's own), sorted."""
    return sorted({*schemas.root.rglob("*.json"), *(path for folder in schemas.folders.values()
                                                    for path in folder.rglob("*.json"))})


def schema_set_key(schemas: SchemaSet) -> str:
    """Return the SHA-256 of the schema set's folders and of each of its files' path and SHA-256: what a file's
    validation depends on besides its bytes and the tool (a checkout's or a plug-in's schemas are outside the files
    `tool_fingerprint` reads)."""
    listed = [str(schemas.root.resolve()), sorted((system, str(folder)) for system, folder in schemas.folders.items()),
              [(str(path), _digest(path)) for path in schema_files(schemas)]]
    return hashlib.sha256(repr(listed).encode()).hexdigest()


def _known_digest(path: Path, known: dict[str, tuple[tuple[int, ...], str]]) -> str:
    status, name = file_status(path), str(path)
    if status is not None and name in known and known[name][0] == status:
        return known[name][1]
    digest = _digest(path)
    if status is not None:
        known[name] = (status, digest)
    return digest


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as exc:
        return f"unreadable: {exc}"


def base_snapshot(root: Path, header: list[object], part: str, make: Callable[[], Snapshot],
                  notes: list[str]) -> Snapshot:
    """Return the snapshot of the part `part` of the base library at `root` (a game system's folder name, or "" for
    its other files) keyed by `header` (`snapshot_header`) from the user's cache, or `make()` it and store it there.

    A snapshot that cannot be stored (no key, a cache folder that cannot be written) adds why to `notes` once;
    the run goes on with what `make` returned.
    """
    snapshot, problem = kept_or_made(signing_key(), "base", ("base", str(root.resolve()), str(header[4]), part),
                                     [*header, part], make, _is_snapshot)
    if problem is not None and not any(note.startswith(_NOT_CACHED) for note in notes):
        notes.append(f"{_NOT_CACHED} ({problem})")
    return snapshot


_NOT_CACHED = "the base library's snapshot was not cached"


def _is_snapshot(value: object) -> TypeGuard[Snapshot]:
    """Return True when `value` has a snapshot's shape: a signed file of another shape is made again, not believed."""
    if not (isinstance(value, tuple) and len(value) == 3):
        return False
    folder, documents, reusable = value
    return ((folder is None or isinstance(folder, str)) and isinstance(documents, tuple)
            and all(isinstance(document, SourceDocument) for document in documents) and isinstance(reusable, list)
            and all(isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], SourceDocument)
                    and isinstance(item[1], str) for item in reusable))

