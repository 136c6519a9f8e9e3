"""Signed pickles in the user's cache folder: what `check` keeps between runs outside any build folder (the base
library's snapshot, each pack's check cache).

A file is `MAGIC`, the 32-byte HMAC-SHA256 under this user's key (fwdata/incremental/cache_key.py) of every byte
after it, then the pickle of `(header, value)`. It is unpickled only once the signature is found to hold and the
header is the one asked for: a truncated, edited or foreign file, or one of another tool or key, is never believed
(`read_signed` returns None and the caller makes it again). Files are written whole (a temporary file, then
`os.replace`), so two runs writing one file at once leave one of the two, never a mix.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import secrets
import stat
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

from fwdata.incremental.cache_key import key_folder

MAGIC = b"fwdata-signed-pickle 1\n"
CACHE_DIR_VARIABLE = "FWDATA_CACHE_DIR"
MAX_SIGNED_BYTES = 512 * 1024 * 1024
_SIGNATURE_BYTES = 32
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
RACY_NS = 2_000_000_000
_Value = TypeVar("_Value")


def cache_folder() -> Path:
    """Return the user's cache folder of fwdata: `$FWDATA_CACHE_DIR` when set (and absolute), else the folder of the
    signing key (`$XDG_CACHE_HOME/fwdata`, else `~/.cache/fwdata`). Raises RuntimeError without a home folder."""
    named = os.environ.get(CACHE_DIR_VARIABLE, "")
    return Path(named) if os.path.isabs(named) else key_folder()


def cache_file(folder: str, *name: str) -> Path:
    """Return the file of the user's cache folder's `folder` for the entry named by `name` (`file_name`). Raises
    RuntimeError without a home folder."""
    return cache_folder() / folder / file_name(*name)


def file_name(*parts: str) -> str:
    """Return a file name for the cache entry named by `parts` (a kind and, say, a pack's root): a digest of them."""
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".pickle"


def read_signed(path: Path, key: bytes | None, header: Any) -> Any | None:
    """Return the value `write_signed` stored at `path` under `header`, or None when there is no key, no such file, or
    one that is not signed with `key`, is over MAX_SIGNED_BYTES or holds another header (or is no regular file: a
    FIFO in its place is never waited on)."""
    if key is None:
        return None
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
        with os.fdopen(descriptor, "rb") as stream:
            status = os.fstat(stream.fileno())
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_SIGNED_BYTES:
                return None
            # its size and a byte more (a file that grew meanwhile fails its signature): read(n) allocates n bytes first
            data = stream.read(status.st_size + 1)
    except OSError:
        return None
    start = len(MAGIC) + _SIGNATURE_BYTES
    if len(data) > MAX_SIGNED_BYTES or not data.startswith(MAGIC) or len(data) < start:
        return None
    signature = hmac.new(key, memoryview(data)[start:], "sha256").digest()
    if not hmac.compare_digest(signature, data[len(MAGIC):start]):
        return None
    try:
        stored_header, value = pickle.loads(memoryview(data)[start:])  # signed by this user: fwdata wrote it
    except Exception:  # noqa: BLE001 - a file this user's fwdata wrote, but of a version whose classes changed
        return None
    return value if stored_header == header else None


def kept_or_made(key: bytes | None, folder: str, name: tuple[str, ...], header: Any, make: Callable[[], _Value],
                 accept: Callable[[object], bool]) -> tuple[_Value, str | None]:
    """Return the value stored in the user's cache folder under `folder` and `name` (`file_name`) when it is signed
    with `key`, of `header` and `accept`ed (its shape checked: a signed file is never believed blindly), else
    `make()` it and store it there; also why it could not be stored (None when it was, or when there is no key or
    home folder to store it under)."""
    try:
        path = cache_file(folder, *name)
    except RuntimeError:  # no home folder
        return make(), None
    stored = read_signed(path, key, header)
    if accept(stored):
        return stored, None  # type: ignore[return-value]  # accepted: of make's shape
    value = make()
    return value, None if key is None else write_signed(path, key, header, value)


def write_signed(path: Path, key: bytes | None, header: Any, value: Any) -> str | None:
    """Write `(header, value)` pickled and signed with `key` to `path`, replacing it whole; return None, or why it
    could not be written (one line: no key, a folder that cannot be made or written, a full disk, a folder where the
    file goes: never removed, it is named)."""
    if key is None:
        return "no signing key"
    try:
        payload = pickle.dumps((header, value), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError) as exc:
        return f"cannot be stored: {exc}"
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(MAGIC)
            stream.write(hmac.new(key, payload, "sha256").digest())
            stream.write(payload)
        os.replace(temporary, path)
    except OSError as exc:
        with suppress(OSError):
            temporary.unlink()
        if path.is_dir() and not path.is_symlink():
            return f"{path}: a folder is where this cache file goes; remove it"
        return f"{path.parent}: {exc.strerror or exc}"
    return None


def file_status(path: Path) -> tuple[int, ...] | None:
    """Return what tells a file's bytes unchanged without reading them: its device, inode, size, modification and
    change times (ns), when it is a regular file of one name modified over RACY_NS ago; else None (read it).

    A file changed within the clock's resolution of being recorded could keep its times: such a file is never
    taken on its status, as git treats its "racily clean" entries.
    """
    try:
        status = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1 or time.time_ns() - status.st_mtime_ns < RACY_NS:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)
