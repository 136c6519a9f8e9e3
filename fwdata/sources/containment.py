"""Containment: decide whether a path may be read as part of a pack, and read it without leaving the pack."""

from __future__ import annotations

import errno
import functools
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

# Files here are not data: /proc reports size 0 for endless or secret files, /dev has devices.
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")
# but for these folders under them, which hold ordinary files (a tmpfs a CI job may build in).
FILE_FOLDERS = ("/dev/shm",)
READ_CHUNK_BYTES = 1 << 20

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class Refused(Exception):
    """A pack file that may not or cannot be read; `code` is the finding code, `message` its one-line text."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def admit(root: Path, path: Path) -> str:
    """Return the real path of `path` when it may be read as part of the pack at `root`.

    Symbolic links (of the file or of any folder on the way) are followed only
    while they stay inside the pack. Raises Refused: SOURCE-OUTSIDE-PACK for a
    path whose real location is outside `root` or under /proc, /sys or /dev;
    SOURCE-UNREADABLE for a link loop, a link to nothing or a folder on the way
    that cannot be searched.
    """
    try:
        real = os.path.realpath(path, strict=True)
    except OSError as exc:
        raise Refused("SOURCE-UNREADABLE", _os_problem(exc)) from None
    _refuse_system_file(real)
    real_root = os.path.realpath(root)
    if os.path.commonpath([real_root, real]) != real_root:
        raise Refused("SOURCE-OUTSIDE-PACK", f"the path leads outside the pack (to {real}); "
                      "a pack may only read its own files")
    return real


def read_in_pack(root: Path, path: Path, max_bytes: int) -> bytes:
    """Return the bytes of the pack file `path` (at most `max_bytes`), read only if `admit` lets it.

    The file is opened as `open_in_pack` opens it and must be a regular file.
    Raises Refused (see `admit`; YAML-TOO-LARGE over `max_bytes`,
    SOURCE-UNREADABLE for a pipe, device, socket or a read error).
    """
    return read_in_pack_with_status(root, path, max_bytes)[0]


def read_in_pack_with_status(root: Path, path: Path, max_bytes: int,
                             opener: PackOpener | None = None) -> tuple[bytes, os.stat_result]:
    """Return what `read_in_pack` returns and the status of the file it was read from (`os.fstat` once read);
    `opener` as for `open_in_pack`. Raises Refused as `read_in_pack` does."""
    return _read_descriptor(open_in_pack(root, path, opener), max_bytes)


def open_in_pack(root: Path, path: Path, opener: PackOpener | None = None) -> int:
    """Open the pack file `path` for reading if `admit` lets it; return the descriptor (the caller closes it).

    The file is opened folder by folder from the pack root without following
    links, so nothing swapped in after the check is opened; the caller checks
    what it is (`read_in_pack` reads only regular files). `opener` is the
    pack's (its root's real path found once for all its files), else one is
    made for this file. A path spelled under `root` with no link, `.` or `..`
    on the way is opened so at once (it is then inside the pack:
    `PackOpener.open_file`); any other goes through `admit`. Raises
    Refused (see `admit`; SOURCE-UNREADABLE for a name holding a NUL, as a
    manifest's `baseline: "a\\0.json"` does).
    """
    if "\0" in str(path):
        raise Refused("SOURCE-UNREADABLE", "cannot read file: its name holds a NUL character")
    opener = opener or PackOpener(root)
    if (descriptor := opener.open_file(path)) is not None:
        return descriptor
    real = admit(root, path)
    real_root = os.path.realpath(root)  # as `admit` found it: the way from it to `real` has no `..`
    parts = Path(os.path.relpath(real, real_root)).parts
    try:
        if os.open not in os.supports_dir_fd or not parts or parts == (".",):
            return os.open(real, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
        return _open_beneath(real_root, parts)
    except OSError as exc:
        raise Refused("SOURCE-UNREADABLE", _os_problem(exc)) from None


class PackOpener:
    """Opens the files of the pack at `root`: from the root's real path (found once, when the pack is), then each
    folder on the way and the file beneath the one before, none through a link. Nothing is kept open between files,
    so a folder moved or replaced meanwhile is never read (a link put in its place is refused: `admit`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.real_root = os.path.realpath(root)
        self._root_parts = root.parts

    def open_file(self, path: Path) -> int | None:
        """Return a descriptor of `path` opened part by part from the root's real path without following a link: its
        real path is then the root's real path joined with its parts, inside the pack. None when it is not spelled so
        (under `root`, without `.` or `..`, absolute only when `root` is: `/etc` is not under `.`) or a part cannot be
        opened so (a link, a missing file): `admit` judges. Raises Refused for a system file (see `admit`)."""
        spelled, under = path.parts, len(self._root_parts)
        parts = spelled[under:]
        if (spelled[:under] != self._root_parts or path.is_absolute() != self.root.is_absolute() or not parts
                or "." in parts or ".." in parts or os.open not in os.supports_dir_fd):
            return None
        _refuse_system_file(os.path.join(self.real_root, *parts))  # before opening: opening a device may act
        try:
            return _open_beneath(self.real_root, parts)
        except OSError:
            return None


def _open_beneath(real_root: str, parts: tuple[str, ...]) -> int:
    """Return a descriptor of the file at `parts` under the folder `real_root`, each folder opened beneath the one
    before and none of them, nor the file, through a link (a loop: a pack may nest a thousand folders). Raises
    OSError when a part cannot be opened so."""
    folder = os.open(real_root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for part in parts[:-1]:
            inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=folder)
            os.close(folder)
            folder = inner
        return os.open(parts[-1], os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC, dir_fd=folder)
    finally:
        os.close(folder)


def read_regular(path: Path, max_bytes: int, *, follow: bool = True) -> bytes:
    """Return the bytes of the regular file `path` (at most `max_bytes`), for a file the user named.

    Files under /proc, /sys and /dev are refused; `follow=False` refuses a
    link as the last component. Raises Refused as `read_in_pack` does.
    """
    try:
        _refuse_system_file(os.path.realpath(path))
        descriptor = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | (0 if follow else _NOFOLLOW))
    except OSError as exc:
        raise Refused("SOURCE-UNREADABLE", _os_problem(exc)) from None
    return _read_descriptor(descriptor, max_bytes)[0]


def stream_in_pack(root: Path, path: Path, max_bytes: int) -> BinaryIO:
    """Return the pack file `path` opened for reading as `read_in_pack` opens and checks it (the caller closes it and,
    as it reads, stops past `max_bytes`: a reported size may grow, or lie). Raises Refused as `read_in_pack` does."""
    return _checked_stream(open_in_pack(root, path), max_bytes)


def _read_descriptor(descriptor: int, max_bytes: int) -> tuple[bytes, os.stat_result]:
    """Read an opened file after checking, on the descriptor itself, that it is a regular file of a fitting size;
    return its bytes and its status once read. The descriptor is closed."""
    try:
        size = _checked_size(descriptor, max_bytes)
        # never trust the reported size: it may grow, or lie
        data = _read_at_most(functools.partial(os.read, descriptor), max_bytes + 1, size + 1)
        status = os.fstat(descriptor)
    except OSError as exc:
        raise Refused("SOURCE-UNREADABLE", _os_problem(exc)) from None
    finally:
        os.close(descriptor)
    if len(data) > max_bytes:
        raise Refused("YAML-TOO-LARGE", f"file is over {max_bytes} bytes; the limit is {max_bytes} bytes")
    return data, status


def _checked_stream(descriptor: int, max_bytes: int) -> BinaryIO:
    """Return an opened file as a stream once it is known to be a regular file of at most `max_bytes` reported;
    else close it and raise Refused."""
    try:
        _checked_size(descriptor, max_bytes)
    except OSError as exc:
        os.close(descriptor)
        raise Refused("SOURCE-UNREADABLE", _os_problem(exc)) from None
    except Refused:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


def _checked_size(descriptor: int, max_bytes: int) -> int:
    """Return the reported size of an opened file; raise Refused unless it is a regular file of at most `max_bytes`
    reported (OSError when its status cannot be read)."""
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):  # checked before fdopen, which refuses a folder with its own error
        raise Refused("SOURCE-UNREADABLE", f"not a regular file ({_file_type(status.st_mode)} cannot be a source)")
    if status.st_size > max_bytes:
        raise Refused("YAML-TOO-LARGE", f"file is {status.st_size} bytes; the limit is {max_bytes} bytes")
    return status.st_size


def _read_at_most(read: Callable[[int], bytes], limit: int, first: int) -> bytes:
    """Return up to `limit` bytes of what `read(n)` gives (at most n bytes a call, none at the end), asking for `first`
    bytes (the reported size and one: the end is then found at once), then a chunk at a time.

    One `read(limit)` would allocate `limit` bytes before reading any: 4 GiB for
    a build cache's output cap, which a small machine refuses with MemoryError.
    """
    chunks: list[bytes] = []
    remaining = limit
    wanted = min(first, READ_CHUNK_BYTES)
    while remaining > 0:
        chunk = read(min(remaining, wanted))
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
        wanted = READ_CHUNK_BYTES
    return b"".join(chunks)


def _refuse_system_file(real: str) -> None:
    if any(real == folder or real.startswith(folder + "/") for folder in FILE_FOLDERS):
        return
    for folder in SYSTEM_FOLDERS:
        if real == folder or real.startswith(folder + "/"):
            raise Refused("SOURCE-OUTSIDE-PACK", f"{real} is a system file under {folder}, not part of a pack")


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _os_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "cannot read file: a symbolic link loop (or a link where none may be)"
    if exc.errno == errno.ENOENT:
        return "cannot read file: it does not exist (a symbolic link to nothing?)"
    if exc.errno == errno.ENXIO:
        return "not a regular file (a socket cannot be a source)"
    return f"cannot read file: {exc.strerror or exc}"
