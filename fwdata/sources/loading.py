"""The load stage of a run: every file of the pack, and the base library, loaded into located documents by every
core, each file a previous build loaded unchanged taken from its cache (fwdata/incremental/source_cache.py) instead."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from fwdata.findings import Finding
from fwdata.incremental.base_snapshot import base_snapshot, schema_set_key, snapshot_header
from fwdata.processes.workers import PARALLEL_FROM_FILES, iter_shared
from fwdata.progress import Progress
from fwdata.sources import load_source
from fwdata.sources.containment import read_in_pack
from fwdata.sources.document import SharedValues, SourceDocument, share_values
from fwdata.sources.pack import Pack, pack_files
from fwdata.sources.yaml_loader import display_path
from fwdata.validation.validate import SchemaSet, load_schemas, validate_documents, validate_manifest


def load_files(pack: Pack, progress: Progress, *, jobs: int | None = None,
               known: Mapping[str, tuple[str, SourceDocument]] | None = None
               ) -> tuple[list[SourceDocument], list[Finding], list[tuple[SourceDocument, str]]]:
    """Load every source file of the pack (fwdata/sources), telling `progress` of each; return the documents, the
    findings, and each document that loaded without findings with the SHA-256 of its bytes (for the next build).

    Each file is read through `Pack.read` by the process that parses it, one of
    `jobs` forked processes (fwdata/processes/workers.py: None picks by the number of files),
    so no process holds every file's bytes at once; the result does not depend on the number.
    Equal strings and numbers of the documents parsed are one object (`share_values`).
    A file whose display path `known` maps to its SHA-256 and document (a previous
    build's, fwdata/incremental/source_cache.py) is not read: that document is used.
    """
    known = known or {}
    total = len(pack.files)
    shown = [display_path(path) for path in pack.files]
    to_parse = [index for index, name in enumerate(shown) if name not in known]
    progress("loading", total - len(to_parse), total)
    strings: SharedValues = {}
    with contextlib.closing(iter_shared(
            _load_file_at, (pack, to_parse), len(to_parse), jobs=jobs, worth_it=len(to_parse) >= PARALLEL_FROM_FILES,
            done=lambda count: progress("loading", total - len(to_parse) + count, total))) as parsed:
        return _gathered(_known(known[name]) if name in known else _shared(next(parsed), strings) for name in shown)


def _known(cached: tuple[str, SourceDocument]) -> tuple[SourceDocument, list[Finding], str]:
    return cached[1], [], cached[0]


def _shared(loaded: tuple[SourceDocument | None, list[Finding], str | None], strings: SharedValues
            ) -> tuple[SourceDocument | None, list[Finding], str | None]:
    """Return `loaded` with its document's strings and numbers shared with those loaded before (`share_values`)."""
    if loaded[0] is not None:
        share_values(loaded[0].data, strings)
    return loaded


def _gathered(loaded: Iterable[tuple[SourceDocument | None, list[Finding], str | None]]
              ) -> tuple[list[SourceDocument], list[Finding], list[tuple[SourceDocument, str]]]:
    """Return the documents, the findings, and each document loaded without findings with its bytes' SHA-256."""
    documents: list[SourceDocument] = []
    findings: list[Finding] = []
    reusable: list[tuple[SourceDocument, str]] = []
    for document, problems, digest in loaded:
        findings += problems
        if document is not None:
            documents.append(document)
            if not problems and digest is not None:
                reusable.append((document, digest))
    return documents, findings, reusable


def _load_file_at(state: tuple[Pack, list[int]], index: int
                  ) -> tuple[SourceDocument | None, list[Finding], str | None]:
    pack, to_parse = state
    return _load_with_digest(pack.files[to_parse[index]], pack.read)


def _load_with_digest(path: Path, read: Callable[[Path, int], bytes]
                      ) -> tuple[SourceDocument | None, list[Finding], str | None]:
    """Load `path` as `load_source` does, reading it with `read`; also return the SHA-256 of the bytes parsed."""
    digests: list[str] = []

    def hashed(path: Path, max_bytes: int) -> bytes:
        data = read(path, max_bytes)
        digests.append(hashlib.sha256(data).hexdigest())
        return data

    document, findings = load_source(path, read=hashed)
    return document, findings, digests[0] if digests else None


def load_pack_file_with_digest(pack: Pack, path: Path) -> tuple[SourceDocument | None, list[Finding], str | None]:
    """Load one source file of the pack as `load_files` does; also return the SHA-256 of its bytes (None when it
    was not read)."""
    return _load_with_digest(path, pack.read)


def load_pack_file(pack: Pack, path: Path) -> tuple[SourceDocument | None, list[Finding]]:
    """Load one YAML file of the pack, read through `Pack.read` (a refusal is a finding at line 1)."""
    return load_source(path, read=pack.read)


BaseDocuments = tuple[tuple[SourceDocument, ...], list[tuple[SourceDocument, str]]]


@dataclass
class LoadedOnce:
    """What one process loads once and reuses in every run it makes: compiled schema sets and the base library.

    A caller that runs the pipeline several times (a test session, an editor's language server) keeps one
    and passes it to every run; a new one is empty. Compiling a schema set takes about a second.
    """

    schema_sets: dict[tuple[Path, tuple[tuple[str, str], ...], tuple[tuple[str, Path], ...]], SchemaSet] = field(
        default_factory=dict)
    base: dict[tuple[Path, Path, str], tuple[str | None, tuple[SourceDocument, ...],
                                             list[tuple[SourceDocument, str]]]] = field(default_factory=dict)
    base_files: dict[Path, dict[str, list[Path]]] = field(default_factory=dict)
    schema_keys: dict[int, str] = field(default_factory=dict)  # by id of a SchemaSet of schema_sets
    notes: list[str] = field(default_factory=list)
    base_headers: dict[tuple[Path, Path], list[object]] = field(default_factory=dict)
    file_digests: dict[str, tuple[tuple[int, ...], str]] = field(default_factory=dict)

    def base_key(self, root: Path, schemas: SchemaSet) -> str:
        """Return the key of the base library at `root` and the schemas: the tool, and every base and schema file's
        digest (fwdata/incremental/base_snapshot.py `snapshot_header`), worked out once."""
        return hashlib.sha256(repr(self._base_header(root, schemas)).encode()).hexdigest()

    def _base_header(self, root: Path, schemas: SchemaSet) -> list[object]:
        key = (root, schemas.root)
        if key not in self.base_headers:
            self.base_headers[key] = snapshot_header(root, schemas, self.file_digests)
        return self.base_headers[key]

    def schema_set_key(self, schemas: SchemaSet) -> str:
        """Return the key of the files of `schemas` (fwdata/incremental/base_snapshot.py `schema_set_key`), worked
        out once per schema set."""
        if id(schemas) not in self.schema_keys:
            self.schema_keys[id(schemas)] = schema_set_key(schemas)
        return self.schema_keys[id(schemas)]

    def schemas(self, root: Path, kinds: tuple[tuple[str, str], ...],
                folders: Mapping[str, Path] | None = None) -> SchemaSet:
        """Return the compiled schemas of `kinds` (system id, kind) under `root` or in their system's own schema
        folder (`folders`, by system id), compiled on first use.

        Raises SchemaSetupError (exit 2) when a schema is broken or missing (fwdata/validation/validate.py).
        """
        own = tuple(sorted((folders or {}).items()))
        key = (root.resolve(), kinds, own)
        if key not in self.schema_sets:
            self.schema_sets[key] = load_schemas(root, kinds, dict(own))
        return self.schema_sets[key]

    def base_documents(self, root: Path, schemas: SchemaSet,
                       known: Mapping[str, tuple[str, SourceDocument]] | None = None, *,
                       use_cache: bool = True, systems: Collection[str] | None = None) -> BaseDocuments:
        """Return the schema-valid documents of the base library at `root` (loaded once per schema set), and
        each document that loaded without findings with the SHA-256 of its bytes, in the library's file order.

        `systems` (ids) keeps only the files in those game systems' folders (and any outside a system's folder);
        None keeps all. With `use_cache`, each system's come from its snapshot in the user's cache, made there when
        it is missing or stale (fwdata/incremental/base_snapshot.py; why it could not be stored goes to `notes`).
        Otherwise, a file whose display path `known` maps to its SHA-256 and document is not read (see `load_files`).
        The documents' paths are display paths from the current folder, whichever folder they were loaded from.
        """
        if root not in self.base_files:
            self.base_files[root] = _base_parts(root)
        chosen = {part: paths for part, paths in self.base_files[root].items()
                  if systems is None or not part or part in systems}
        valid: list[SourceDocument] = []
        reusable: list[tuple[SourceDocument, str]] = []
        for part, paths in chosen.items():
            part_valid, part_reusable = self._base_part(root, schemas, part, paths, known, use_cache)
            valid += part_valid
            reusable += part_reusable
        if len(chosen) > 1:  # each part is in the library's file order: so is their whole
            order = {display_path(path): index for index, path in enumerate(pack_files(root))}
            valid.sort(key=lambda document: order.get(document.path, len(order)))
            reusable.sort(key=lambda pair: order.get(pair[0].path, len(order)))
        return tuple(valid), reusable

    def _base_part(self, root: Path, schemas: SchemaSet, part: str, paths: list[Path],
                   known: Mapping[str, tuple[str, SourceDocument]] | None, use_cache: bool) -> BaseDocuments:
        key = (root, schemas.root, part)
        if key not in self.base:
            def make() -> tuple[str | None, tuple[SourceDocument, ...], list[tuple[SourceDocument, str]]]:
                cached = known or {}
                documents, _, reusable = _gathered(
                    _known(cached[name]) if (name := display_path(path)) in cached
                    else _load_with_digest(path, lambda path, max_bytes: read_in_pack(path.parent, path, max_bytes))
                    for path in paths)
                valid, _ = validate_documents(documents, schemas)
                return _current_folder(), tuple(valid), reusable

            self.base[key] = (base_snapshot(root, self._base_header(root, schemas), part, make, self.notes)
                              if use_cache else make())
        loaded_from, valid_documents, reusable_documents = self.base[key]
        here = _current_folder()
        if here != loaded_from and here is not None and loaded_from is not None:
            moved = {id(document): replace(document, path=display_path(Path(loaded_from, document.path)))
                     for document in (*valid_documents, *(document for document, _ in reusable_documents))}
            valid_documents = tuple(moved[id(document)] for document in valid_documents)
            reusable_documents = [(moved[id(document)], digest) for document, digest in reusable_documents]
            self.base[key] = (here, valid_documents, reusable_documents)
        return valid_documents, reusable_documents


def _base_parts(root: Path) -> dict[str, list[Path]]:
    """Return the base library's files by part: the folder name under a kind folder (`cards/fw/...`: "fw", a game
    system's), "" for a file elsewhere; in the library's order within each part."""
    parts: dict[str, list[Path]] = {}
    for path in pack_files(root):
        relative = path.relative_to(root).parts
        parts.setdefault(relative[1] if len(relative) > 2 else "", []).append(path)
    return parts


def _current_folder() -> str | None:
    try:
        return os.getcwd()
    except OSError:  # deleted
        return None


def read_manifest(pack: Pack, schemas: SchemaSet) -> tuple[SourceDocument | None, list[Finding]]:
    """Load and validate the pack's `fwdata-pack.yaml`; return it (None when absent or invalid) and its findings."""
    if pack.manifest is None:
        return None, []
    document, findings = load_pack_file(pack, pack.manifest)
    if document is None:
        return None, findings
    findings = validate_manifest(document, schemas)
    return (None if findings else document), findings
