"""Discovery: turn command-line paths into the sorted list of YAML source files."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from fwdata.errors import UsageError

YAML_SUFFIXES = (".yaml", ".yml")
DEFAULT_FOLDERS = ("cards", "scenarios", "tables")
MAX_FILES = 20_000


def discover_sources(paths: Sequence[Path], *, root: Path | None = None) -> list[Path]:
    """Return the YAML files named by `paths` (files, or folders searched recursively).

    With no paths, the repository's own `cards/`, `scenarios/` and `tables/` under
    `root` (default: the current folder) are used. Hidden folders and symbolic
    links to folders are skipped, so a hostile pack cannot make discovery loop.
    Raises UsageError for a path that does not exist, when nothing is found, or
    for more than MAX_FILES files.
    """
    base = root or Path.cwd()
    if not paths:
        paths = [base / name for name in DEFAULT_FOLDERS if (base / name).is_dir()]
        if not paths:
            raise UsageError(
                f"no sources: {base} has none of {', '.join(DEFAULT_FOLDERS)}/ "
                "(run inside the fwdata repository or name the files or folders to read)"
            )
    found: list[Path] = []
    for path in paths:
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found.extend(_walk(path))
        else:
            raise UsageError(f"{path}: no such file or folder")
        if len(found) > MAX_FILES:
            raise UsageError(f"more than {MAX_FILES} source files; name a smaller folder")
    unique = sorted(set(found), key=lambda p: str(p))
    if not unique:
        raise UsageError("no YAML sources (*.yaml, *.yml) found in " + ", ".join(map(str, paths)))
    return unique


def _walk(folder: Path) -> list[Path]:
    files: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(YAML_SUFFIXES) and not name.startswith("."):
                files.append(Path(dirpath) / name)
    return files
