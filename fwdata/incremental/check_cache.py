"""The check cache of a pack: what `fwdata check` found in each file last time, kept in the user's cache folder
(fwdata/incremental/user_cache.py, signed with this user's key), so checking one file of a large pack parses and
checks only what that file's findings depend on.

Per pack root and working folder (findings carry display paths), the cache holds:

- per file (by display path): the SHA-256 of its bytes, its document (pickled on its own, unpickled only when a
  run reads it), its `system`, `kind` and `id`, its loading findings, and its schema and text findings;
- the findings of each planned rule check (`fwdata.game_system.PlannedCheck`) under the key of the files it reads
  (fwdata/incremental/check_memo.py): a card's checks, under its variant chain and the rule tables;
- the findings of each file reported last time under the key of everything the run read (`state`): the pack's
  files, the manifest, the base library and schemas, the tool and the options; when the key is the same, the
  findings are taken as they are.

The rest of what a run reads is made fresh: the catalog of every entry, whose models are built only when a check
reads them (`fwdata.game_system.PendingEntry`), and the checks of the files reported (`Catalog.focus`).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.findings import Finding
from fwdata.incremental.build_cache import tool_fingerprint
from fwdata.incremental.user_cache import cache_folder, file_name, file_status, read_signed, write_signed
from fwdata.sources.containment import Refused
from fwdata.sources.document import SourceDocument
from fwdata.sources.modelines import pack_schema_links
from fwdata.sources.pack import Pack
from fwdata.sources.yaml_loader import DEFAULT_LIMITS

CHECK_CACHE_VERSION = 3
# A cache keeps at most this many rule checks' findings per file of the pack (plus a margin), the newest first:
# edits make new keys, and the old ones would otherwise pile up.
_CHECKS_PER_FILE = 4
_CHECKS_MARGIN = 1024


@dataclass(frozen=True)
class FileRecord:
    """One file as the last check found it: the SHA-256 of its bytes, its document pickled (None when it did not
    load), the document's (system, kind, id), its loading findings, its schema and text findings, whether it is
    schema-valid, and the document the models are built from when that is not the one loaded (pickled: its values
    outside the schema masked, fwdata/validation/tolerance.py)."""

    digest: str
    document: bytes | None
    header: tuple[str | None, str | None, str | None]
    load_findings: tuple[Finding, ...]
    document_findings: tuple[Finding, ...]
    valid: bool
    masked: bytes | None = None
    status: tuple[int, ...] | None = None
    schema_links: tuple[tuple[str, bool], ...] = ()

    def links_hold(self) -> bool:
        """Return True when every schema file the file's modelines name (`pack_schema_links`) exists now as it did
        (else MODELINE-SCHEMA-MISSING may have come or gone: the file is loaded again)."""
        return all(os.path.exists(target) == existed for target, existed in self.schema_links)

    @classmethod
    def of(cls, digest: str, document: SourceDocument | None, load_findings: list[Finding],
           document_findings: list[Finding], valid: list[SourceDocument], status: tuple[int, ...] | None,
           schema_links: tuple[tuple[str, bool], ...]) -> FileRecord:
        """Return the record of a file just loaded and checked, `valid` what schema validation passed of it, `status`
        the file's (`file_status`) before it was read, `schema_links` its modelines' (`pack_schema_links`)."""
        header = (None, None, None) if document is None else (document.system, document.kind, document.doc_id)
        stored = None if document is None else _packed(document)
        masked = _packed(valid[0]) if valid and valid[0] is not document else None
        return cls(digest, stored, header, tuple(load_findings), tuple(document_findings), bool(valid), masked,
                   status, schema_links)


def _packed(document: SourceDocument) -> bytes:
    """Return `document` pickled and compressed (a card's pointers repeat: a seventh of the bytes, read faster)."""
    return zlib.compress(pickle.dumps(document, protocol=pickle.HIGHEST_PROTOCOL), 1)


class StoredDocument:
    """A document of the check cache as the pipeline reads it: its path, system, kind and id at once, the rest
    (`load`) unpickled when first asked for."""

    __slots__ = ("_document", "_pickled", "doc_id", "kind", "path", "system")

    def __init__(self, path: str, record: FileRecord, *, masked: bool = False) -> None:
        self.path = path
        self.system, self.kind, self.doc_id = record.header
        self._pickled = record.masked if masked and record.masked is not None else record.document
        self._document: SourceDocument | None = None

    def load(self) -> SourceDocument:
        """Return the document (raises ValueError when the record holds none)."""
        if self._document is None:
            if self._pickled is None:
                raise ValueError(f"{self.path}: no document recorded")
            self._document = pickle.loads(zlib.decompress(self._pickled))  # noqa: S301 - signed by this user
        return self._document


def loaded_document(document: SourceDocument | StoredDocument) -> SourceDocument:
    """Return `document`, or the one a `StoredDocument` holds."""
    return document.load() if isinstance(document, StoredDocument) else document


@dataclass
class CheckCache:
    """What the check cache holds: `files` by display path, the planned checks' findings by key (`checks`), the
    findings of the files reported (`reported`, by display path) under the key of the run's inputs (`state`), and
    the status and digest of each base-library and schema file (`statuses`, by path: `LoadedOnce.file_digests`)."""

    files: dict[str, FileRecord] = field(default_factory=dict)
    checks: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    state: str = ""
    reported: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    statuses: dict[str, tuple[tuple[int, ...], str]] = field(default_factory=dict)

    def kept_checks(self, recorded: dict[str, tuple[Finding, ...]], files: int) -> dict[str, tuple[Finding, ...]]:
        """Return the checks to keep: those `recorded` now, then the others, newest first, up to the cap."""
        kept = dict(recorded)
        for key, found in reversed(self.checks.items()):
            if len(kept) >= files * _CHECKS_PER_FILE + _CHECKS_MARGIN:
                break
            kept.setdefault(key, found)
        return dict(reversed(kept.items()))


def _header(root: Path, folder: str) -> list[object]:
    return ["fwdata-check-cache", CHECK_CACHE_VERSION, tool_fingerprint(), str(root), folder]


def check_cache_path(root: Path, folder: str) -> Path | None:
    """Return the file of the check cache of the pack at `root` run from `folder`, None without a home folder."""
    try:
        return cache_folder() / "check" / file_name("check", str(root.resolve()), folder)
    except RuntimeError:
        return None


def read_check_cache(path: Path | None, root: Path, folder: str, key: bytes | None) -> CheckCache:
    """Return the check cache at `path`, empty when there is none or it is not this user's, tool's and pack's."""
    stored = None if path is None else read_signed(path, key, _header(root.resolve(), folder))
    return stored if isinstance(stored, CheckCache) else CheckCache()


def write_check_cache(path: Path | None, root: Path, folder: str, key: bytes | None, cache: CheckCache,
                      notes: list[str]) -> None:
    """Write `cache` to `path`, replacing it whole; add to `notes` why it could not be written."""
    problem = "no home folder" if path is None else write_signed(path, key, _header(root.resolve(), folder), cache)
    if problem is not None:
        notes.append(f"the check cache was not written ({problem}); the next check starts afresh")


def file_digest(pack: Pack, path: Path, record: FileRecord | None = None) -> str | None:
    """Return the SHA-256 of a pack file's bytes as the loader reads them, None when it is refused or unreadable.

    When `record` was made of the file and its status (`file_status`) is the same, the file is not read: its
    digest is the record's.
    """
    if record is not None and record.status is not None and file_status(path) == record.status:
        return record.digest
    try:
        return hashlib.sha256(pack.read(path, DEFAULT_LIMITS.max_bytes)).hexdigest()
    except (Refused, OSError):
        return None


def schema_links(pack: Pack, path: Path) -> tuple[tuple[str, bool], ...]:
    """Return what `pack_schema_links` finds in a pack file (nothing when it cannot be read: no modeline was read)."""
    try:
        text = pack.read(path, DEFAULT_LIMITS.max_bytes).decode("utf-8-sig", errors="replace")
    except (Refused, OSError):
        return ()
    return pack_schema_links(path, text)


def state_key(parts: object) -> str:
    """Return the key of a run's inputs, `parts` a pickle-able value of strings, numbers, lists and tuples."""
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()
