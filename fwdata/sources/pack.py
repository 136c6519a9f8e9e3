"""Packs: find the pack a run's paths belong to, which files it loads and which files it reports on."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.sources.discover import discover_sources

MANIFEST = "fwdata-pack.yaml"


@dataclass(frozen=True)
class Pack:
    """The sources of one run.

    `root` is the pack folder; `files` every source file of the pack (loaded so
    that references resolve); `reported` the files whose findings are reported
    (the paths the user named, or all of `files`); `manifest` the pack's
    `fwdata-pack.yaml`, if any, and `reports_manifest` whether its findings are
    reported (the pack or the manifest was named). `is_base` is true when the pack is the base
    library itself, which is then not loaded a second time underneath.
    """

    root: Path
    files: tuple[Path, ...]
    reported: tuple[Path, ...]
    manifest: Path | None
    reports_manifest: bool
    is_base: bool


def resolve_pack(paths: Sequence[Path], *, cwd: Path | None = None) -> Pack:
    """Return the pack that `paths` (files or folders) belong to.

    The root is the nearest folder holding `fwdata-pack.yaml` (the base library's
    own manifest counts only for paths in its source folders); else, for a path
    inside a `cards/`, `scenarios/` or `tables/` folder, that folder's parent; else
    the folder named (or the folder of the file named). With no paths, the current
    folder is the pack when it has a manifest or any of the source folders, and
    otherwise the base library is checked. Raises UsageError for a path that does
    not exist, for paths of more than one pack, and when a pack has no sources.
    """
    base = (cwd or Path.cwd())
    if not paths:
        looks_like_pack = (base / MANIFEST).is_file() or any((base / name).is_dir() for name in SOURCE_FOLDERS)
        root = base if looks_like_pack else library_root()
        everything = pack_files(root)
        if not everything:
            raise UsageError(f"no YAML sources (*.yaml, *.yml) in the pack at {root}")
        return _pack(root, everything, everything, True)
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
    everything = pack_files(root)
    named = [Path(os.path.normpath(path)) for path in paths]
    whole = any(path.resolve() == root.resolve() for path in named)
    manifest_named = whole or any(path.name == MANIFEST and path.parent.resolve() == root.resolve() for path in named)
    inside = [path for path in named if path.resolve() != root.resolve() and path.name != MANIFEST]
    reported = {*(discover_sources(inside) if inside else ()), *(everything if whole else ())}
    reported = {path for path in reported if path.name != MANIFEST}
    if not reported and not manifest_named:
        raise UsageError(f"no YAML sources (*.yaml, *.yml) in the pack at {root}")
    # One file may be spelled two ways (from the root, and as named from the working folder): keep one spelling,
    # the named one, so no file is loaded twice.
    spelled = {path.resolve(): path for path in everything} | {path.resolve(): path for path in reported}
    return _pack(root, sorted(spelled.values(), key=str), sorted(reported, key=str), manifest_named)


def _pack(root: Path, files: Sequence[Path], reported: Sequence[Path], reports_manifest: bool) -> Pack:
    manifest = root / MANIFEST
    return Pack(root=root, files=tuple(files), reported=tuple(reported),
                manifest=manifest if manifest.is_file() else None, reports_manifest=reports_manifest,
                is_base=root.resolve() == library_root().resolve())


def pack_root(path: Path) -> Path:
    """Return the root folder of the pack holding `path` (see `resolve_pack`)."""
    start = path if path.is_dir() else path.parent
    absolute = start.resolve()
    base = library_root().resolve()
    for folder in (absolute, *absolute.parents):
        if (folder / MANIFEST).is_file() and (folder != base or _in_base_sources(absolute, base)):
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
    folders = [root / name for name in SOURCE_FOLDERS if (root / name).is_dir()]
    try:
        found = discover_sources(folders or [root])
    except UsageError:
        return ()
    return tuple(path for path in found if path.name != MANIFEST)
