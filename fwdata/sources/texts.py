"""Source texts: the text of a pack file for its suppression comments, or of a baseline file the user named."""

from __future__ import annotations

from pathlib import Path

from fwdata.sources.containment import Refused, read_regular

MAX_TEXT_BYTES = 16 * 1024 * 1024


def read_text(path: Path, max_bytes: int = MAX_TEXT_BYTES) -> str | None:
    """Return the text of the regular file `path` (see `decode_text`), or None when it cannot be read.

    Only a regular file of at most `max_bytes`, outside /proc, /sys and /dev, is
    read (fwdata/sources/containment.py): a pipe would block, /dev/zero never ends.
    """
    try:
        return decode_text(read_regular(path, max_bytes))
    except Refused:
        return None


def decode_text(data: bytes) -> str:
    """Return UTF-8 `data` as text, undecodable bytes replaced."""
    return data.decode("utf-8-sig", errors="replace")
