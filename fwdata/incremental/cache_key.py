"""The key that signs what a build keeps for the next one: made once per user, kept outside every build folder.

A signed file ends with one line, `["signature", "<HMAC-SHA256 of every byte before it, hex>"]`.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import BinaryIO

KEY_FILE = "build-cache.key"
KEY_BYTES = 32
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def key_folder() -> Path:
    """Return the folder the key is kept in: `$XDG_CACHE_HOME/fwdata`, else `~/.cache/fwdata`."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "fwdata"


@cache
def signing_key() -> bytes | None:
    """Return this user's key for signing build caches (32 random bytes), made on first use; None when there is none.

    The key file is made with mode 0600 in `key_folder()` (0700). None when it cannot be
    made or read, or is not a regular file private to this user: nothing is then signed, and
    no signed cache is trusted (every file is parsed). Read once per process.
    """
    try:
        path = key_folder() / KEY_FILE
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not os.path.lexists(path):
            _make_key(path)
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)  # a FIFO must not block
        with os.fdopen(descriptor, "rb") as stream:
            status = os.fstat(stream.fileno())
            private = stat.S_ISREG(status.st_mode) and not status.st_mode & 0o077
            if not private or (hasattr(os, "getuid") and status.st_uid != os.getuid()):
                return None
            key = stream.read(KEY_BYTES + 1)
    except (OSError, RuntimeError):  # RuntimeError: no home folder (no HOME, a user without a passwd entry)
        return None
    return key if len(key) == KEY_BYTES else None


def _make_key(path: Path) -> None:
    """Write a new key at `path` whole, or leave the one another process wrote first (raises OSError)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
        with suppress(FileExistsError):
            os.link(temporary, path)  # never replaces a key: builds racing to make one all use the first
    finally:
        temporary.unlink(missing_ok=True)


def signer(key: bytes) -> hmac.HMAC:
    """Return an HMAC-SHA256 under `key`, to feed a file's bytes as they are written."""
    return hmac.new(key, digestmod="sha256")


def signature_line(signature: hmac.HMAC) -> bytes:
    """Return the last line of a signed file whose bytes before it `signature` was fed."""
    return json.dumps(["signature", signature.hexdigest()]).encode("ascii") + b"\n"


def signed(chunks: Iterable[bytes], key: bytes) -> Iterator[bytes]:
    """Yield `chunks` (whole lines when joined) as they come, then their signature line under `key`."""
    signature = signer(key)
    for chunk in chunks:
        signature.update(chunk)
        yield chunk
    yield signature_line(signature)


def verified_lines(stream: BinaryIO, key: bytes, max_bytes: int) -> Iterator[bytes]:
    """Yield the lines of the signed file `stream` (seekable) but its signature line, once that line is found to sign
    them under `key`; raise ValueError when it does not or the file is over `max_bytes`.

    The file is read through for the signature first, so nothing of a file not signed is yielded;
    then again, line by line, and ValueError comes after the last line if it changed meanwhile: the
    caller then drops what it made of the lines.
    """
    for _ in _signed_lines(stream, key, max_bytes):
        pass
    stream.seek(0)
    yield from _signed_lines(stream, key, max_bytes)


def _signed_lines(stream: BinaryIO, key: bytes, max_bytes: int) -> Iterator[bytes]:
    signature = signer(key)
    size, pending = 0, None
    for line in stream:
        size += len(line)
        if size > max_bytes:
            raise ValueError(f"over {max_bytes} bytes")
        if pending is not None:
            signature.update(pending)
            yield pending
        pending = line
    if pending is None or not hmac.compare_digest(pending, signature_line(signature)):
        raise ValueError("not signed with this user's key")
