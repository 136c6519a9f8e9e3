"""The check cache of a pack: what `fwdata check` found in each file last time, kept in the user's cache folder
(fwdata/incremental/user_cache.py, signed with this user's key), so checking one file of a large pack parses and
checks only what that file's findings depend on.

Per pack root and working folder (findings carry display paths), the cache is an index and a folder of documents
beside it (`CheckCacheFiles`). The index holds:

- per file (by display path): the SHA-256 of its bytes, its `system`, `kind` and `id`, its loading findings, and
  its schema and text findings;
- the findings of each planned rule check (`fwdata.game_system.PlannedCheck`) under the key of the files it reads
  (fwdata/incremental/check_memo.py): a card's checks, under its variant chain and the rule tables;
- the shape differences of each declared override under the key of its file and the base file (`ShapeMemo`);
- the findings of each file reported last time under the key of everything the run read (`state`): the pack's
  files, the manifest, the base library and schemas, the tool and the options; when the key is the same, the
  findings are taken as they are.

Each file's document (and the document its models are built from, when validation masked values: fwdata/validation/
tolerance.py) is a signed file of its own, named by the file's display path and SHA-256, read only when a check
reads that document (`StoredDocument`): a check of one edited card of a 1,000-card pack reads the index (a
twentieth of the whole) and the documents its checks read (its variant chain, the rule tables), and writes the index
and the edited card's document. A document found missing or not to be believed when read (`StaleDocument`) makes the
check start again without the cache.

The rest of what a run reads is made fresh: the catalog of every entry, whose models are built only when a check
reads them (`fwdata.catalog.PendingEntry`), and the checks of the files reported (`Catalog.focus`).

A check of some files of a pack (not its manifest) does not load the other files the cache does not hold: it reads
their headers (fwdata/sources/header_scan.py) and keeps a `scanned` record of each, and a file is loaded only when a
check reads its entry (`ScannedDocument`). So the first check of one card of a 1,000-card pack loads the card, its
variant chain and the rule tables, not the pack. A scanned record serves only such checks; any other loads the file.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.findings import Finding
from fwdata.incremental.check_memo import check_documents
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.incremental.user_cache import cache_file, file_name, file_status, read_signed, write_signed
from fwdata.sources.containment import Refused
from fwdata.sources.document import SharedValues, SourceDocument, share_values
from fwdata.sources.header_scan import scanned_header
from fwdata.sources.loading import load_pack_file_with_digest
from fwdata.sources.modelines import pack_schema_links
from fwdata.sources.pack import Pack
from fwdata.sources.yaml_loader import DEFAULT_LIMITS
from fwdata.validation.overrides import shape_differences
from fwdata.validation.validate import SchemaSet

CHECK_CACHE_VERSION = 5
# A cache keeps at most this many rule checks' findings per file of the pack (plus a margin), the newest first:
# edits make new keys, and the old ones would otherwise pile up.
_CHECKS_PER_FILE = 4
_CHECKS_MARGIN = 1024


@dataclass(frozen=True)
class FileRecord:
    """One file as the last check found it: the SHA-256 of its bytes, the document's (system, kind, id), its loading
    findings, its schema and text findings, whether it is schema-valid, whether it loaded (its document is then kept
    in the cache's documents: `CheckCacheFiles.document`), its status (`file_status`) and its modelines' schema
    links (`pack_schema_links`). A `scanned` record holds only the digest, the header a scan read
    (fwdata/sources/header_scan.py) and the status: the file was not loaded (`ScannedDocument`)."""

    digest: str
    header: tuple[str | None, str | None, str | None]
    load_findings: tuple[Finding, ...]
    document_findings: tuple[Finding, ...]
    valid: bool
    loaded: bool
    status: tuple[int, ...] | None = None
    schema_links: tuple[tuple[str, bool], ...] = ()
    scanned: bool = False

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
        return cls(digest, header, tuple(load_findings), tuple(document_findings), bool(valid), document is not None,
                   status, schema_links)

    @classmethod
    def scanned_from(cls, pack: Pack, path: Path) -> FileRecord | None:
        """Return the `scanned` record of a pack file, its status taken before it is read; None when it cannot be
        read or its header cannot be scanned (it is then loaded)."""
        status = file_status(path) if not pack.overlay else None
        try:
            raw = pack.read(path, DEFAULT_LIMITS.max_bytes)
        except (Refused, OSError):
            return None
        header = scanned_header(raw)
        return None if header is None else cls(hashlib.sha256(raw).hexdigest(), header, (), (), valid=False,
                                               loaded=False, status=status, scanned=True)


class StaleDocument(Exception):  # noqa: N818 - a state the run recovers from, not an error
    """A document the index names is missing from the cache, or its file is not to be believed (truncated, edited,
    another's): the check starts again without the cache (`fwdata.pipeline._check_cached`)."""


@dataclass
class CheckCacheFiles:
    """Where the check cache of a pack (at `root`, run from `folder`, validated by the schemas of key `schemas`) is
    kept: its index at `path` (None without a home folder) and its documents in the folder beside it, all signed
    with `key`; the documents read this run."""

    path: Path | None
    root: str
    folder: str
    key: bytes | None
    schemas: str
    read: dict[str, tuple[SourceDocument, SourceDocument | None]] = field(default_factory=dict)

    @classmethod
    def of(cls, root: Path, folder: str, key: bytes | None, schemas: str) -> CheckCacheFiles:
        """Return the files of the check cache of the pack at `root` run from `folder`, validated by the schemas
        whose key is `schemas` (base_snapshot.schema_set_key): another set of schemas finds none of it."""
        real_root = str(root.resolve())
        try:
            path: Path | None = cache_file("check", "check", real_root, folder)
        except RuntimeError:  # no home folder
            path = None
        return cls(path, real_root, folder, key, schemas)

    def index(self) -> CheckCache:
        """Return the index, empty when there is none or it is not this user's, tool's and pack's."""
        stored = None if self.path is None else read_signed(self.path, self.key, self._header("index"))
        return stored if isinstance(stored, CheckCache) else CheckCache()

    def document(self, name: str, digest: str) -> tuple[SourceDocument, SourceDocument | None]:
        """Return the document of the file shown as `name` whose bytes hash to `digest`, and the one its models are
        built from when validation masked it (else None). Raises StaleDocument when it cannot be believed."""
        if name not in self.read:
            stored = None if self.path is None else read_signed(_document_path(self.path, name, digest), self.key,
                                                                  self._header("document", name, digest))
            if not isinstance(stored, bytes):
                raise StaleDocument(name)
            documents = pickle.loads(zlib.decompress(stored))  # noqa: S301 - signed by this user
            if not (isinstance(documents, tuple) and len(documents) == 2 and isinstance(documents[0], SourceDocument)
                    and isinstance(documents[1], SourceDocument | None)):
                raise StaleDocument(name)
            self.read[name] = documents
        return self.read[name]

    def write(self, cache: CheckCache, previous: CheckCache,
              documents: Mapping[str, tuple[SourceDocument, SourceDocument | None]], notes: list[str]) -> None:
        """Write the documents of the files just loaded (`documents`, by display path: each document and its masked
        one or None), then `cache` as the index, each file replaced whole; then delete the documents of `previous`
        that `cache` no longer names (every other one in the folder when `previous` is empty: a cache made afresh).
        Add to `notes` why the cache could not be written (the index is then left as it was)."""
        index = self.path
        if index is None:
            notes.append("the check cache was not written (no home folder); the next check starts afresh")
            return
        if (folder := _document_path(index, "", "").parent).is_symlink():  # fwdata's own: never another's files
            notes.append(f"the check cache was not written ({folder}: a symbolic link); the next check starts afresh")
            return
        for name, (document, masked) in documents.items():
            digest = cache.files[name].digest
            value = zlib.compress(pickle.dumps((document, masked), protocol=pickle.HIGHEST_PROTOCOL), 1)
            if problem := write_signed(_document_path(index, name, digest), self.key,
                                       self._header("document", name, digest), value):
                notes.append(f"the check cache was not written ({problem}); the next check starts afresh")
                return
        if problem := write_signed(index, self.key, self._header("index"), cache):
            notes.append(f"the check cache was not written ({problem}); the next check starts afresh")
            return
        if previous.files:
            gone = [_document_path(index, name, record.digest) for name, record in previous.files.items()
                    if record.loaded and not _same_document(record, cache.files.get(name))]
        else:
            kept = {_document_path(index, name, record.digest).name for name, record in cache.files.items()
                    if record.loaded}
            gone = [path for path in _document_path(index, "", "").parent.glob("*.pickle") if path.name not in kept]
        for path in gone:
            with suppress(OSError):
                path.unlink()

    def _header(self, *what: str) -> list[object]:
        return ["fwdata-check-cache", CHECK_CACHE_VERSION, tool_fingerprint(), self.root, self.folder, self.schemas,
                *what]


def _document_path(index: Path, name: str, digest: str) -> Path:
    """Return the file of the document of the file shown as `name` of SHA-256 `digest`, in the folder beside the
    cache's `index`."""
    return index.with_suffix(".documents") / file_name("document", name, digest)


def _same_document(record: FileRecord, other: FileRecord | None) -> bool:
    return other is not None and other.loaded and other.digest == record.digest


class StoredDocument:
    """A document of the check cache as the pipeline reads it: its path, system, kind and id at once, the rest
    (`load`) read from the cache's documents (`CheckCacheFiles.document`) when first asked for."""

    __slots__ = ("_digest", "_files", "_masked", "doc_id", "kind", "path", "system")

    def __init__(self, path: str, record: FileRecord, files: CheckCacheFiles, *, masked: bool = False) -> None:
        if not record.loaded:
            raise ValueError(f"{path}: no document recorded")
        self.path = path
        self.system, self.kind, self.doc_id = record.header
        self._digest, self._files, self._masked = record.digest, files, masked

    def load(self) -> SourceDocument:
        """Return the document (masked, when made `masked` and validation masked it); raises StaleDocument."""
        document, masked = self._files.document(self.path, self._digest)
        return masked if self._masked and masked is not None else document


CheckedFile = tuple[SourceDocument | None, SourceDocument | None, FileRecord, bool]
"""A file loaded, validated and text-checked: its document, the one validation passed (None when it did not), its
record, and whether it could be read (`checked_file`)."""


class ScannedDocument:
    """A file of a check of other files, known by its scanned header (`FileRecord.scanned_from`): loaded, validated
    and text-checked by `check` the first time the catalog reads it (`passed`; the catalog's entry is not `certain`:
    fwdata.catalog.PendingEntry). `checked` holds what `check` returned."""

    __slots__ = ("_check", "checked", "digest", "doc_id", "kind", "path", "system")

    def __init__(self, path: str, record: FileRecord, check: Callable[[], CheckedFile]) -> None:
        self.path = path
        self.system, self.kind, self.doc_id = record.header
        self.digest, self._check = record.digest, check
        self.checked: CheckedFile | None = None

    def passed(self) -> SourceDocument | None:
        """Return the document as validation passed it, None when the file did not load or is not schema-valid.
        Raises StaleDocument when the file read has other bytes or loads with another header than scanned."""
        if self.checked is None:
            checked = self._check()
            document, _, record, _ = checked
            if record.digest != self.digest or (document is not None
                                                 and record.header != (self.system, self.kind, self.doc_id)):
                raise StaleDocument(self.path)
            self.checked = checked
        return self.checked[1]


def loaded_document(document: SourceDocument | StoredDocument) -> SourceDocument:
    """Return `document`, or the one a `StoredDocument` holds."""
    return document.load() if isinstance(document, StoredDocument) else document


@dataclass
class CheckCache:
    """What the check cache's index holds: `files` by display path, the planned checks' findings by key (`checks`),
    the findings of the files reported (`reported`, by display path) under the key of the run's inputs (`state`),
    the status and digest of each base-library and schema file (`statuses`, by path: `LoadedOnce.file_digests`),
    and the override shapes of the last check (`shapes`: `ShapeMemo`)."""

    files: dict[str, FileRecord] = field(default_factory=dict)
    checks: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    state: str = ""
    reported: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    statuses: dict[str, tuple[tuple[int, ...], str]] = field(default_factory=dict)
    shapes: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def kept_checks(self, recorded: dict[str, tuple[Finding, ...]], files: int) -> dict[str, tuple[Finding, ...]]:
        """Return the checks to keep: those `recorded` now, then the others, newest first, up to the cap."""
        kept = dict(recorded)
        for key, found in reversed(self.checks.items()):
            if len(kept) >= files * _CHECKS_PER_FILE + _CHECKS_MARGIN:
                break
            kept.setdefault(key, found)
        return dict(reversed(kept.items()))


@dataclass
class ShapeMemo:
    """The override shapes (`fwdata.validation.overrides.shape_differences`) of the last check (`previous`) and of
    this one (`recorded`), each under the key of the base entry's and the override's files (their SHA-256 in
    `digests`, by display path): a check whose pack overrides the rule tables compares only the changed ones."""

    digests: Mapping[str, str]
    previous: Mapping[str, tuple[tuple[str, str], ...]]
    recorded: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def differences(self, base: SourceDocument, override: SourceDocument | StoredDocument
                    ) -> tuple[tuple[str, str], ...]:
        """Return `shape_differences` of the data of `base` and `override`."""
        if base.path not in self.digests or override.path not in self.digests:
            return tuple(shape_differences(base.data, loaded_document(override).data))
        key = state_key(["shape", base.path, self.digests[base.path], override.path, self.digests[override.path]])
        found = self.previous.get(key)
        self.recorded[key] = found if found is not None else tuple(shape_differences(
            base.data, loaded_document(override).data))
        return self.recorded[key]


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


def checked_file(state: tuple[Pack, SchemaSet, list[Path]], index: int) -> CheckedFile:
    """Load the `index`th of the files of the pack (`state`: the pack, the schemas, the files), validate it and check
    its text; return its document, the one validation passed (None when it did not), its check-cache record, and
    whether it could be read. Run by the forked workers of a check of many changed files (fwdata/pipeline.py)."""
    pack, schemas, paths = state
    status = file_status(paths[index]) if not pack.overlay else None  # before reading: a later write is seen
    document, load_findings, digest = load_pack_file_with_digest(pack, paths[index])
    passed, document_findings = check_documents([document] if document else [], schemas, None, font_cache=True)
    record = FileRecord.of(digest or "", document, load_findings, document_findings, passed, status,
                           schema_links(pack, paths[index]))
    return document, passed[0] if passed else None, record, digest is not None


def strings_shared(checked: Iterable[CheckedFile]) -> Iterator[CheckedFile]:
    """Yield each of `checked` (`checked_file`'s results) with its documents' equal strings made one object with
    those before (`share_values`), as `load_files` does: a first check of 5,000 cards holds 60 MB less."""
    strings: SharedValues = {}
    for document, passed, record, read in checked:
        for held in (document, passed if passed is not document else None):
            if held is not None:
                share_values(held.data, strings)
        yield document, passed, record, read
