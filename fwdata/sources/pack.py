"""Packs: find the pack a run's paths belong to, which files it loads and which files it reports on."""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.sources.archive import ZipPack, is_zip_pack
from fwdata.sources.containment import PackOpener, Refused, read_in_pack_with_status
from fwdata.sources.discover import YAML_SUFFIXES, Discovery, find_sources

MANIFEST = "fwdata-pack.yaml"


@dataclass(frozen=True)
class Pack:
    """The sources of one run.

    `root` is the pack folder; `files` every source file of the pack (loaded so
    that references resolve); `reported` the files whose findings are reported
    (the paths the user named, or all of `files`); `manifest` the pack's
    `fwdata-pack.yaml`, if any, and `reports_manifest` whether its findings are
    reported (the pack or the manifest was named). `is_base` is true when the pack is the base
    library itself, which is then not loaded a second time underneath. `refused`
    holds the entries of `files` discovery already refused (a folder that cannot
    be listed, a folder link leaving the pack, an unsafe zip member); `archive`
    the zip of a zip pack, whose paths are `pack.zip/<member>`. `overlay` maps a file of
    `files` to the bytes to read in place of the file's (an editor's unsaved text: fwdata/lsp; a source read
    from standard input: `fwdata check -`, `stdin_pack`).
    """

    root: Path
    files: tuple[Path, ...]
    reported: tuple[Path, ...]
    manifest: Path | None
    reports_manifest: bool
    is_base: bool
    refused: Mapping[Path, Refused] = field(default_factory=dict)
    archive: ZipPack | None = None
    overlay: Mapping[Path, bytes] = field(default_factory=dict)

    def read(self, path: Path, max_bytes: int) -> bytes:
        """Return the bytes of the pack file `path` (at most `max_bytes`).

        Every reader of pack files (sources, manifest, the manifest's baseline,
        suppression comments) comes through here, so nothing outside the pack
        is ever opened (fwdata/sources/containment.py); a file of `overlay` is read from there,
        held to the same cap. Raises Refused; SOURCE-HARD-LINK for a file with more than one name
        (a hard link), which may be a file outside the pack under a name inside it: nothing can
        tell where its other names are.
        """
        if path in self.overlay:
            data = self.overlay[path]
            if len(data) > max_bytes:
                raise Refused("YAML-TOO-LARGE", f"file is {len(data)} bytes; the limit is {max_bytes} bytes")
            return data
        if path in self.refused:
            raise self.refused[path]
        if self.archive is not None:
            return self.archive.read(path, max_bytes)
        data, status = read_in_pack_with_status(self.root, path, max_bytes, self.opener)
        if status.st_nlink > 1:
            raise Refused("SOURCE-HARD-LINK", f"the file has {status.st_nlink} names (hard links); one may be outside "
                          "the pack, so it is not read: copy the file into the pack instead of linking it")
        return data

    @functools.cached_property
    def opener(self) -> PackOpener:
        """What opens the pack's files, its root's real path found once (fwdata/sources/containment.py)."""
        return PackOpener(self.root)

    def has(self, path: Path) -> bool:
        """Tell whether the pack has an entry at `path` (it may still be refused when read)."""
        if self.archive is not None:
            return self.archive.has(path)
        # A folder or pipe in its place is there, and refused when read.
        return path in self.overlay or os.path.lexists(path)


def resolve_pack(paths: Sequence[Path], *, cwd: Path | None = None) -> Pack:
    """Return the pack that `paths` (files or folders) belong to.

    The root is the nearest folder holding `fwdata-pack.yaml` (the base library's
    own manifest counts only for paths in its source folders); else, for a path
    inside a `cards/`, `scenarios/` or `tables/` folder, that folder's parent; else
    the folder named (or the folder of the file named). A `.zip` file named alone
    is a zip pack, read in memory (fwdata/sources/archive.py). With no paths, the pack
    is the one holding the current folder (its root found as for a path, so a
    subfolder of a pack checks the whole pack) when that root has a manifest or any
    of the source folders, and otherwise the base library is checked. Raises UsageError for a path that does
    not exist, for paths of more than one pack, when a pack has no sources, and
    for a zip that is not a usable zip pack.
    """
    base = (cwd or Path.cwd())
    if not paths:
        root = pack_root(base)
        looks_like_pack = os.path.lexists(root / MANIFEST) or any((root / name).is_dir() for name in SOURCE_FOLDERS)
        root = root if looks_like_pack else library_root()
        found = _discover(root)
        if not found.files:
            raise UsageError(f"no YAML sources (*.yaml, *.yml) in the pack at {root}")
        return _pack(root, found.files, found.files, True, found.refused)
    if any(is_zip_pack(path) for path in paths):
        if len(paths) > 1:
            raise UsageError("a zip pack is checked whole and on its own: name only the .zip file")
        return _zip_pack(paths[0])
    roots = {}
    for path in paths:
        if not path.exists():
            raise UsageError(f"{path}: no such file or folder")
        roots[path] = pack_root(path)
    distinct = sorted({root.resolve() for root in roots.values()})
    if len(distinct) > 1:
        raise UsageError("the paths belong to more than one pack (" + ", ".join(map(str, distinct)) +
                         "); check each pack on its own")
    root = next(iter(roots.values()))
    found = _discover(root)
    everything = found.files
    named = [Path(os.path.normpath(path)) for path in paths]
    whole = any(path.resolve() == root.resolve() for path in named)
    manifest_named = whole or any(path.name == MANIFEST and path.parent.resolve() == root.resolve() for path in named)
    inside = [path for path in named if path.resolve() != root.resolve() and path.name != MANIFEST]
    chosen = find_sources(inside, pack_root=root) if inside else Discovery()
    reported = {*chosen.files, *(everything if whole else ())}
    reported = {path for path in reported if path.name != MANIFEST}
    if not reported and not manifest_named:
        raise UsageError(f"no YAML sources (*.yaml, *.yml) in the pack at {root}")
    # One file may be spelled two ways (from the root, and as named from the working folder; a link inside the
    # pack and its target): keep one spelling, the named one and not the link, so no file is loaded twice.
    identities = _Identities.in_pack(root)
    spelled: dict[str, Path] = {}
    for group in (everything, reported):
        looked = sorted(((*identities.of(path), path) for path in group), key=lambda seen: (not seen[1], str(seen[2])))
        spelled.update((identity, path) for identity, _, path in looked)
    return _pack(root, sorted(spelled.values(), key=str), sorted(reported, key=str), manifest_named,
                 found.refused | chosen.refused)


def stdin_pack(name: Path | None, data: bytes, *, cwd: Path | None = None) -> Pack:
    """Return the pack of a source read from standard input as if it were the file `name` (ruff's
    `--stdin-filename`): the pack holding `name` (which need not exist), or without a name the pack of the current
    folder, the source then shown as `-`. Only that source's findings are reported; the rest of the pack is loaded
    so that its references resolve, a file at `name` replaced by `data`. Raises UsageError as `resolve_pack` does.
    """
    base = cwd or Path.cwd()
    path = Path(os.path.normpath(name)) if name is not None else base / "-"
    if name is not None and not path.parent.is_dir():
        raise UsageError(f"--stdin-filename {name}: no folder {path.parent}")
    root = pack_root(path)
    if name is None:
        looks_like_pack = os.path.lexists(root / MANIFEST) or any((root / n).is_dir() for n in SOURCE_FOLDERS)
        root = root if looks_like_pack else library_root()
    found = _discover(root)
    identities = _Identities.in_pack(root)
    real = identities.of(path)[0]
    files = [file for file in found.files if identities.of(file)[0] != real]
    return Pack(root=root, files=tuple(sorted([*files, path], key=str)), reported=(path,),
                manifest=root / MANIFEST if os.path.lexists(root / MANIFEST) else None, reports_manifest=False,
                is_base=root.resolve() == library_root().resolve(), refused=found.refused,
                overlay={path: data})


@dataclass
class _Identities:
    """What makes two spellings of a file of the pack at `real_root` (resolved) one file, run from `cwd`; `folders`
    holds the real path of each folder met (None: it does not resolve), so a file that is no link costs one
    `os.lstat`: its folder's real path and its name."""

    real_root: str
    cwd: str
    folders: dict[str, str | None] = field(default_factory=dict)

    @classmethod
    def in_pack(cls, root: Path) -> _Identities:
        return cls(str(root.resolve()), os.getcwd())

    def of(self, path: Path) -> tuple[str, bool]:
        """Return the identity of `path`: its real path when inside the pack (a link inside the pack is its target,
        so the file loads once), else the path as written, absolute (each refused on its own); and whether it is a
        symbolic link."""
        absolute = os.path.join(self.cwd, path)
        folder, name = os.path.split(absolute)
        try:
            link = stat.S_ISLNK(os.lstat(absolute).st_mode)
        except OSError:
            return os.path.abspath(absolute), False
        if link or name in ("", ".", ".."):
            real = _resolved(absolute)
        else:
            if folder not in self.folders:
                self.folders[folder] = _resolved(folder)
            real_folder = self.folders[folder]
            real = None if real_folder is None else os.path.join(real_folder, name)
        if real is not None and (real == self.real_root or real.startswith(self.real_root.rstrip(os.sep) + os.sep)):
            return real, link
        return os.path.abspath(absolute), link


def _resolved(path: str) -> str | None:
    try:
        return str(Path(path).resolve(strict=True))
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (Python 3.11)
        return None


def _pack(root: Path, files: Sequence[Path], reported: Sequence[Path], reports_manifest: bool,
          refused: Mapping[Path, Refused]) -> Pack:
    manifest = root / MANIFEST
    return Pack(root=root, files=tuple(files), reported=tuple(reported),
                manifest=manifest if os.path.lexists(manifest) else None,
                reports_manifest=reports_manifest, is_base=root.resolve() == library_root().resolve(),
                refused=refused)


def _zip_pack(path: Path) -> Pack:
    archive = ZipPack(path, source_folders=SOURCE_FOLDERS)
    files = tuple(archive.files(YAML_SUFFIXES, SOURCE_FOLDERS))
    sources = tuple(member for member in files if member != archive.root / MANIFEST)
    if not sources:
        raise UsageError(f"no YAML sources (*.yaml, *.yml) in the zip pack {path}")
    manifest = archive.root / MANIFEST
    return Pack(root=archive.root, files=sources, reported=sources,
                manifest=manifest if archive.has(manifest) else None, reports_manifest=True, is_base=False,
                archive=archive)


def pack_root(path: Path) -> Path:
    """Return the root folder of the pack holding `path` (see `resolve_pack`)."""
    start = path if path.is_dir() else path.parent
    absolute = start.resolve()
    base = library_root().resolve()
    for folder in (absolute, *absolute.parents):
        if os.path.lexists(folder / MANIFEST) and (folder != base or _in_base_sources(absolute, base)):
            return _relative_like(start, absolute, folder)
    for folder in (absolute, *absolute.parents):
        if folder.name in SOURCE_FOLDERS and folder.parent != folder:
            return _relative_like(start, absolute, folder.parent)
    return Path(os.path.normpath(start))


def _in_base_sources(absolute: Path, base: Path) -> bool:
    """Tell whether `absolute` is the base library or inside its source folders.

    The checkout's own manifest makes the base library a pack, but folders beside
    its sources (tests/cases/..., a user's pack kept inside a clone) stay packs of their own.
    """
    return absolute == base or any(absolute.is_relative_to(base / name) for name in SOURCE_FOLDERS)


def _relative_like(start: Path, absolute: Path, folder: Path) -> Path:
    """Express `folder` (an ancestor of `absolute`) the way the user wrote `start`, for readable paths."""
    if start.is_absolute():
        return folder
    up = len(absolute.relative_to(folder).parts)
    return Path(os.path.normpath(start.joinpath(*[".."] * up)))


def pack_files(root: Path) -> tuple[Path, ...]:
    """Return every source file of the pack at `root`.

    A pack laid out with `cards/`, `scenarios/` or `tables/` folders is read from
    those; any other folder is read whole. The manifest is not a source.
    """
    return tuple(_discover(root).files)


def _discover(root: Path) -> Discovery:
    folders = [root / name for name in SOURCE_FOLDERS if (root / name).is_dir()]
    try:
        found = find_sources(folders or [root], pack_root=root)
    except UsageError:
        return Discovery()
    found.files = [path for path in found.files if path.name != MANIFEST]
    return found
