"""Workspaces: each open document's pack, checked by `check`'s own code with the editor's unsaved texts.

A document belongs to the pack `fwdata check` would find for it (`fwdata.sources.pack.pack_root`);
a file in no pack is its own folder's, over the base library, as for `check`. Each pack is checked
whole (every file reported), its open documents read from the editor (`Pack.overlay`), so an
edit that breaks another file is seen there. Between checks a pack keeps what did not change:
the parsed documents (`known`), their models, and the findings of the checks whose files did not
change (`CheckMemo`), keyed by the SHA-256 of the bytes, as an incremental build does; and the
bytes of its files, read again only when a file's status (time, size, inode) changes.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, RunResult
from fwdata.incremental.build_cache import render_key, schemas_key
from fwdata.incremental.check_memo import CheckMemo
from fwdata.library import library_root, schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_pack
from fwdata.sources.containment import Refused
from fwdata.sources.discover import YAML_SUFFIXES
from fwdata.sources.document import SourceDocument
from fwdata.sources.loading import LoadedOnce
from fwdata.sources.pack import MANIFEST, Pack, pack_files, pack_root, resolve_pack
from fwdata.sources.texts import decode_text
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, display_path

# One process: forking workers from a server that reads its input on a thread is not safe.
OPTIONS = BuildOptions(jobs=1)


@dataclass
class Workspace:
    """One pack as the editor sees it: its root, the unsaved texts of its open files, and the last check.

    `loaded` holds the compiled schemas and the base library, shared by every workspace of a server;
    `findings` holds the last check's findings by absolute path (every file of the pack, also
    those without any); `on_disk` the findings each file had in the first check, before any edit.
    """

    root: Path
    loaded: LoadedOnce = field(default_factory=LoadedOnce)
    overlay: dict[Path, bytes] = field(default_factory=dict)
    result: RunResult | None = None
    findings: dict[Path, list[Finding]] = field(default_factory=dict)
    on_disk: dict[Path, list[Finding]] | None = None
    _known: dict[str, tuple[str, SourceDocument]] = field(default_factory=dict)
    _previous: Mapping[str, tuple[Finding, ...]] = field(default_factory=dict)
    _models: dict[int, tuple[SourceDocument, Any]] = field(default_factory=dict)
    _disk: dict[Path, tuple[tuple[int, int, int], bytes, str]] = field(default_factory=dict)
    _pack: Pack | None = None

    def reload(self, path: Path | None = None) -> None:
        """Parse `path` (every file when None) again at the next check, though its bytes did not change: its
        modeline's schema may have come or gone (MODELINE-SCHEMA-MISSING is a finding of loading)."""
        if path is None:
            self._known.clear()
        else:
            self._known.pop(display_path(path), None)

    def rediscover(self) -> None:
        """Find the pack's files again at the next check (a file was opened, saved, closed, created or deleted):
        between those, an edit re-reads only the files, not the folders."""
        self._pack = None

    def check(self, focus: frozenset[Path] | None = None) -> dict[Path, list[Finding]]:
        """Run `check` on the whole pack with the open files' texts; return the findings by absolute path.

        With `focus` (absolute paths), only those files are reported, as `fwdata check FILE...` reports them: their
        entries are checked, reading any other they need, so an edit's own diagnostics come first; the other
        files' findings are kept from the last whole check. Raises FwdataError for what stops `check` (a pack
        folder that vanished, broken schemas).
        """
        if self._pack is None:
            # The pack as `fwdata check OPEN-FILES` finds it (the root when none is on disk): every file of it.
            self._pack = resolve_pack(sorted(path for path in self.overlay if path.exists()) or [self.root])
        pack = self._pack
        extra = tuple(path for path in self.overlay if path not in pack.files and path.suffix in YAML_SUFFIXES
                      and path.name != MANIFEST)  # a new file not saved yet, or one deleted while open
        files = tuple(sorted((*pack.files, *extra), key=str))
        held = {path: self.overlay[path] if path in self.overlay else self._held(pack, path)
                for path in (*files, *([pack.manifest] if pack.manifest is not None else []))}
        self._disk = {path: kept for path, kept in self._disk.items() if path in held}
        digests = {display_path(path): self._digest(path, data) for path, data in held.items()}
        reported = files if focus is None else tuple(path for path in files if path in focus)
        pack = replace(pack, files=files, reported=reported,
                       overlay={path: data for path, data in held.items() if data is not None})
        digests.update(_library_digests())
        known = {name: cached for name, cached in self._known.items() if digests.get(name) == cached[0]}
        memo = CheckMemo(_base_key(), digests, self._previous, schemas=_schemas_key(), models=self._models)
        result, reusable = check_pack(pack, OPTIONS, loaded=self.loaded, known=known, memo=memo)
        self._known = {document.path: (digest, document) for document, digest in reusable}
        # A focused check runs only its files' checks: the others' findings are kept for the next whole check.
        self._previous = memo.recorded if focus is None else {**self._previous, **memo.recorded}
        used = {id(entry.document) for _, entry in result.catalog}
        self._models = {key: kept for key, kept in (memo.models or {}).items() if key in used}
        self.result = result
        findings: dict[Path, list[Finding]] = {Path(os.path.abspath(path)): [] for path in reported}
        if pack.manifest is not None and focus is None:
            findings[Path(os.path.abspath(pack.manifest))] = []
        for finding in result.report.sorted():
            findings.setdefault(Path(os.path.abspath(finding.location.path)), []).append(finding)
        if focus is not None:
            self.findings.update(findings)
            return findings
        self.findings = findings
        if self.on_disk is None:
            self.on_disk = findings
        return findings

    def _held(self, pack: Pack, path: Path) -> bytes | None:
        """Return the bytes of a pack file on disk as `check` reads them, kept while its status stays the same
        (None when it cannot be read: `check` reads it again and reports why)."""
        try:
            status = os.stat(path)
        except OSError:
            return None
        stamp = (status.st_mtime_ns, status.st_size, status.st_ino)
        kept = self._disk.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        try:
            data = pack.read(path, DEFAULT_LIMITS.max_bytes)
        except Refused:
            self._disk.pop(path, None)
            return None
        self._disk[path] = (stamp, data, hashlib.sha256(data).hexdigest())
        return data

    def _digest(self, path: Path, data: bytes | None) -> str:
        kept = self._disk.get(path)
        if path not in self.overlay and kept is not None and kept[1] is data:
            return kept[2]
        return "unreadable" if data is None else hashlib.sha256(data).hexdigest()

    def text_of(self, path: Path) -> str | None:
        """Return the text of a pack file as the last check read it (the editor's or the file's), None if unread."""
        data = self.overlay.get(path)
        if data is None and path in self._disk:
            data = self._disk[path][1]
        return None if data is None else decode_text(data)

    @property
    def catalog(self) -> Catalog | None:
        """The catalog of the last check: the pack's and the base library's valid documents."""
        return None if self.result is None else self.result.catalog


def workspace_root(path: Path) -> Path | None:
    """Return the root of the pack `fwdata check PATH` would check `path` in (absolute), None when its folder is
    gone (a file not saved yet is in its folder's pack)."""
    folder = path.parent
    if not folder.is_dir():
        return None
    return pack_root(path if path.exists() else folder).resolve()


_LIBRARY: dict[str, object] = {}


def _library_digests() -> dict[str, str]:
    """Return the SHA-256 of every base-library source by display path (read once: the files as installed)."""
    if "digests" not in _LIBRARY:
        digests = {}
        for path in pack_files(library_root()):
            try:
                digests[display_path(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as exc:
                digests[display_path(path)] = f"unreadable: {exc}"
        _LIBRARY["digests"] = digests
    return dict(_LIBRARY["digests"])  # type: ignore[call-overload]


def _schemas_key() -> str:
    if "schemas" not in _LIBRARY:
        root = schema_root()
        _LIBRARY["schemas"] = schemas_key({path: hashlib.sha256(path.read_bytes()).hexdigest()
                                           for path in sorted(root.rglob("*.json"))}, root)
    return str(_LIBRARY["schemas"])


def _base_key() -> str:
    if "base" not in _LIBRARY:
        _LIBRARY["base"] = render_key(OPTIONS)
    return str(_LIBRARY["base"])
