"""The code points the house font can draw, kept in the user's cache folder: checking a text outside ASCII then
needs neither reportlab nor a parse of the font's character map on every run (fwdata/render/fonts.py)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.user_cache import kept_or_made
from fwdata.render.font_files import FONT_FILES

_FORMAT = ["fwdata-font-characters", 1]


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
    return kept_or_made(signing_key(), "fonts", ("font-characters",), [*_FORMAT, stamps], _read_fonts,
                        _is_code_points)[0]


def _read_fonts() -> frozenset[int]:
    from fwdata.render.fonts import font_characters  # reportlab: loaded only when the set is read from the fonts

    return font_characters()


def _is_code_points(value: object) -> bool:
    return isinstance(value, frozenset) and all(type(point) is int for point in value)


def _font_stamps() -> list[tuple[str, int, int, int, int]] | None:
    """Return each house font file's name, size, modification and change times (ns) and inode; None when reportlab
    or a font file cannot be found (then nothing is kept)."""
    spec = importlib.util.find_spec("reportlab")
    if spec is None or spec.origin is None:
        return None
    folder = Path(spec.origin).parent / "fonts"
    try:
        return [(name, status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)
                for name in sorted(FONT_FILES.values()) for status in [os.stat(folder / name)]]
    except OSError:
        return None
