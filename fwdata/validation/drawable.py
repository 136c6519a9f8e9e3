"""The code points the house font can draw, kept in the user's cache folder: checking a text outside ASCII then
needs neither reportlab nor a parse of the font's character map on every run (fwdata/render/fonts.py)."""

from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path

from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.user_cache import cache_file, kept_or_made
from fwdata.render.font_files import FONT_FILES

_FORMAT = ["fwdata-font-characters", 2]
_NAME = ("font-characters",)


def drawable_characters(*, cached: bool) -> frozenset[int]:
    """Return the code points all three house faces draw (`fwdata.render.fonts.font_characters`); with `cached`,
    from the user's cache when the font files are the ones it was read from (their size, times and inode), else
    read and stored there (without, read from the fonts: `check --no-cache`).

    A cache that cannot be read or written is passed over: the set is then read from the fonts. Raises what
    reading the fonts raises (reportlab missing or a font file unreadable).
    """
    stamps = _font_stamps() if cached else None
    if stamps is None:
        return _read_fonts()
    try:
        kept = cache_file("fonts", *_NAME)
    except RuntimeError:  # no home folder: nothing is kept
        return _read_fonts()
    try:
        status = os.stat(kept)
        stored: tuple[int, ...] | None = (status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)
    except OSError:
        stored = None
    return _kept(signing_key(), str(kept), stored, stamps)


@functools.lru_cache(maxsize=2)
def _kept(key: bytes | None, path: str, stored: tuple[int, ...] | None,
          stamps: tuple[tuple[str, int, int, int, int], ...]) -> frozenset[int]:
    """The set kept under `key` at `path` (whose status is `stored`) for the font files of `stamps`: read from there
    once per process while that file stays as it was (a check of a thousand files outside ASCII asks a thousand
    times)."""
    del path, stored  # the memo's key: kept_or_made finds and reads the file itself
    return kept_or_made(key, "fonts", _NAME, [*_FORMAT, stamps], _read_fonts, _is_code_points)[0]


def _read_fonts() -> frozenset[int]:
    from fwdata.render.fonts import font_characters  # reportlab: loaded only when the set is read from the fonts

    return font_characters()


def _is_code_points(value: object) -> bool:
    return isinstance(value, frozenset) and all(type(point) is int for point in value)


def _font_stamps() -> tuple[tuple[str, int, int, int, int], ...] | None:
    """Return each house font file's name, size, modification and change times (ns) and inode; None when reportlab
    or a font file cannot be found (then nothing is kept)."""
    spec = importlib.util.find_spec("reportlab")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "fonts"
    try:
        return tuple((name, status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)
                     for name in sorted(FONT_FILES.values()) for status in [os.stat(folder / name)])
    except OSError:
        return None
