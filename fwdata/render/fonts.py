"""The house fonts: registered once with reportlab (the PDF adapter's other half), measured and wrapped."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from fwdata.render.font_files import FONT, FONT_BOLD, FONT_FILES

HOUSE_FONTS = frozenset(FONT_FILES)
_SURROGATES = re.compile(r"[\ud800-\udfff]")


@cache
def register_fonts() -> None:
    """Register the house faces (Bitstream Vera, shipped with reportlab) with reportlab, once per process."""
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(folder / filename)))


@cache
def font_characters() -> frozenset[int]:
    """Return the code points all three house faces can draw (their cmaps); others print as empty boxes."""
    register_fonts()
    return frozenset.intersection(*(frozenset(pdfmetrics.getFont(name).face.charToGlyph) for name in FONT_FILES))


@cache
def font_family() -> str:
    """Return the family name of the house font as the font file states it (`Bitstream Vera Sans`)."""
    register_fonts()
    return str(pdfmetrics.getFont(FONT).face.familyName.decode("ascii", "replace"))


def encodable(text: str) -> str:
    """Return `text` with lone surrogates (which reportlab cannot encode) replaced by U+FFFD.

    The TEXT-ENCODING check stops a build on them; this keeps a build whose
    finding was suppressed from crashing.
    """
    return _SURROGATES.sub("\ufffd", text)


@lru_cache(maxsize=1 << 13)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Return the width in points of `text` set in the house font at `size` pt (memoised: layout asks often)."""
    register_fonts()
    return float(pdfmetrics.stringWidth(encodable(text), FONT_BOLD if bold else FONT, size))


@lru_cache(maxsize=1 << 12)
def wrap_words(text: str, width: float, size: float, bold: bool = False) -> tuple[str, ...] | None:
    """Break `text` into lines no wider than `width`; None if a single word is wider than `width`.

    Memoised: a paragraph is wrapped once to measure it and again to draw it, at every shrink step.
    """
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size, bold) <= width:
                current = candidate
                continue
            if text_width(word, size, bold) > width:
                return None
            lines.append(current)
            current = word
        lines.append(current)
    return tuple(lines)
