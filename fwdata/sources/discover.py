"""Discovery: turn command-line paths into the sorted list of YAML source files."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.sources.containment import Refused, admit

YAML_SUFFIXES = (".yaml", ".yml")  # in any case: `X.YAML` is a source too
DEFAULT_FOLDERS = ("cards", "scenarios", "tables")
MAX_FILES = 20_000


@dataclass
class Discovery:
    """What discovery found: `files` to read (sorted) and, among them, the entries it already refused.

    A refused entry (a folder that cannot be listed, a folder link leaving the
    pack) stays in `files` so that its finding is reported like any file's.
    """

    files: list[Path] = field(default_factory=list)
    refused: dict[Path, Refused] = field(default_factory=dict)


def discover_sources(paths: Sequence[Path], *, root: Path | None = None) -> list[Path]:
    """Return the YAML files named by `paths` (files, or folders searched recursively); see `find_sources`."""
    return find_sources(paths, root=root).files


def find_sources(paths: Sequence[Path], *, root: Path | None = None, pack_root: Path | None = None) -> Discovery:
    """Return the YAML files named by `paths` (files, or folders searched recursively).

    With no paths, the repository's own `cards/`, `scenarios/` and `tables/` under
    `root` (default: the current folder) are used. Hidden entries are skipped.
    Links to folders are followed only inside `pack_root` (default: each folder
    searched), each real folder once, so a hostile pack cannot make discovery
    loop or leave the pack. Raises UsageError for a path that does not exist,
    when nothing is found, or for more than MAX_FILES files.
    """
    base = root or Path.cwd()
    if not paths:
        paths = [base / name for name in DEFAULT_FOLDERS if (base / name).is_dir()]
        if not paths:
            raise UsageError(
                f"no sources: {base} has none of {', '.join(DEFAULT_FOLDERS)}/ "
                "(run inside the fwdata repository or name the files or folders to read)"
            )
    found = Discovery()
    for path in paths:
        if path.is_dir():
            _walk(path, pack_root or path, found, set())
        elif path.exists() or path.is_symlink():
            found.files.append(path)
        else:
            raise UsageError(f"{path}: no such file or folder")
        if len(found.files) > MAX_FILES:
            raise UsageError(f"more than {MAX_FILES} source files; name a smaller folder")
    found.files = sorted(set(found.files), key=str)
    if not found.files:
        raise UsageError("no YAML sources (*.yaml, *.yml) found in " + ", ".join(map(str, paths)))
    return found


def _walk(folder: Path, pack_root: Path, found: Discovery, seen: set[str]) -> None:
    """Add the YAML files under `folder` to `found`; a folder that cannot be listed is refused, never skipped.

    Depth first, each folder's entries by name, from a list of the folders still to list (not a call for each: a
    pack may nest a thousand); a folder whose real path was listed is not listed again.
    """
    waiting = [folder]
    while waiting:
        folder = waiting.pop()
        if (real := os.path.realpath(folder)) in seen:
            continue
        seen.add(real)
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as exc:
            found.files.append(folder)
            found.refused[folder] = Refused("SOURCE-UNREADABLE", f"cannot list folder: {exc.strerror or exc}")
            continue
        below = []
        for entry in entries:
            path = Path(entry.path)
            if entry.name.startswith(".") or len(found.files) > MAX_FILES:
                continue
            if entry.name.lower().endswith(YAML_SUFFIXES) and not _is_real_folder(entry):
                found.files.append(path)  # a link, a pipe or a device among them is refused when read
            elif entry.is_symlink() and os.path.isdir(path):
                try:
                    admit(pack_root, path)
                except Refused as refused:
                    found.files.append(path)
                    found.refused[path] = refused
                    continue
                below.append(path)
            elif _is_real_folder(entry):
                below.append(path)
        waiting += reversed(below)  # the first by name listed next


def _is_real_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False
