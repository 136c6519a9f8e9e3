"""Source texts: read a source file's text for its suppression comments, or a baseline file."""

from __future__ import annotations

import stat
from pathlib import Path

MAX_TEXT_BYTES = 16 * 1024 * 1024


def read_text(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> str | None:
    """Return the file's UTF-8 text (undecodable bytes replaced), or None when it cannot be read.

    Only a regular file of at most `max_bytes` is read: a pipe, a device or a huge
    file is never opened for reading (a FIFO would block, /dev/zero never ends).
    """
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode) or status.st_size > max_bytes:
            return None
        with path.open("rb") as stream:
            data = stream.read(max_bytes + 1)
    except OSError:
        return None
    return None if len(data) > max_bytes else data.decode("utf-8-sig", errors="replace")
