"""The tool's fingerprint: what every cache of fwdata is keyed by besides its inputs (the build caches, the check
cache, the base library's snapshot), so a cache made by another fwdata, Python or set of installed distributions is
never believed."""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import time
from contextlib import suppress
from functools import cache
from importlib.metadata import entry_points
from importlib.util import find_spec
from pathlib import Path

import fwdata
from fwdata.game_system import SYSTEMS_GROUP
from fwdata.incremental.user_cache import RACY_NS
from fwdata.sources.containment import Refused, read_regular

# A package file larger than this counts by its size's problem, not its bytes (none is near it).
MAX_PACKAGE_FILE_BYTES = 1 << 30


@cache
def tool_fingerprint() -> str:
    """Return the digest of what builds with the data: fwdata's version and files, Python, installed distributions,
    and the files of every installed game system's package.

    Every file of the `fwdata` package counts by its name, size and modification time (a checkout's edits change
    outputs without a new version number; Python takes a module for unchanged on the same two, so a file these do
    not tell changed runs as it was), as does every distribution on `sys.path` (its metadata folder's name
    holds its version). A folder on `sys.path` with no distribution does not: `fwdata` and
    `python -m fwdata` put different ones first (the script's folder, the working folder).
    A game system from another distribution (an entry point of `fwdata.systems`) counts by
    every file of its top-level package too: its author's edits to its rules or schemas,
    installed editable, keep the distribution's name and version.
    """
    digest = hashlib.sha256(f"{fwdata.__version__}\0{sys.version}\0".encode())
    for folder in sys.path:
        with suppress(OSError):
            names = sorted(name for name in os.listdir(folder or ".") if name.endswith((".dist-info", ".egg-info")))
            if names:
                digest.update(f"{folder}\0{names}\0".encode())
    _digest_package(digest, Path(fwdata.__file__).parent)
    for package in _system_packages():
        digest.update(f"game system package {package}\0".encode())
        _digest_package(digest, package)
    return digest.hexdigest()


def _digest_package(digest: hashlib._Hash, package: Path) -> None:
    """Add to `digest` the name of every file of the folder `package` but its `__pycache__` folders (the module file
    alone when `package` is one) with its size and modification time (ns), or its SHA-256 when it was modified
    within RACY_NS (a second write in the same clock tick keeps the time: git's "racily clean" files), or the
    problem of reading it (`_file_digest`)."""
    walked = os.walk(package) if package.is_dir() else [(str(package.parent), [], [package.name])]
    files: list[tuple[str, str]] = []
    for folder, folders, names in walked:
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in names:
            path = os.path.join(folder, name)
            try:
                status = os.stat(path)
            except OSError as exc:
                files.append((os.path.relpath(path, package), f"unreadable: {exc.strerror}"))
                continue
            if stat.S_ISREG(status.st_mode):
                files.append((os.path.relpath(path, package),
                              f"{status.st_size} {status.st_mtime_ns}" if time.time_ns() - status.st_mtime_ns >= RACY_NS
                              else _file_digest(Path(path))))
    for name, what in sorted(files):
        digest.update(f"{name}\0{what}\0".encode("utf-8", "surrogateescape"))


def _system_packages() -> list[Path]:
    """Return the folder (or module file) of the top-level package of every installed game system's entry point
    outside `fwdata`, found without importing it; one that cannot be found is left out (loading it fails anyway)."""
    packages: set[Path] = set()
    for entry in entry_points(group=SYSTEMS_GROUP):
        if entry.pattern.match(entry.value) is None:
            continue  # names no module: `registered_systems` says so
        top = entry.module.split(".")[0]
        if top == fwdata.__name__:
            continue
        with suppress(ImportError, ValueError):
            spec = find_spec(top)
            if spec is not None and spec.submodule_search_locations:
                packages.update(Path(location) for location in spec.submodule_search_locations)
            elif spec is not None and spec.origin is not None and os.path.isfile(spec.origin):
                packages.add(Path(spec.origin))
    return sorted(packages)


def _file_digest(path: Path) -> str:
    """Return the SHA-256 of the file `path`, or the problem of reading it: no permission, a file gone since it was
    listed, a link to a /proc file that fails or waits (`read_regular` opens no /proc, /sys or /dev file, and none
    that would block)."""
    try:
        return hashlib.sha256(read_regular(path, MAX_PACKAGE_FILE_BYTES)).hexdigest()
    except Refused as exc:
        return f"unreadable {exc.code}: {exc.message}"
