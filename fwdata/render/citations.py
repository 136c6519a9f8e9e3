"""Rulebook citations as players know them: a game system's seed files' names become its books' short titles for
print (each system's `GameSystem.citations`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

# A line number of a seed file ("21.2 (line 818)"): it points into fwdata's transcription, not a book a player has.
_TRANSCRIPTION_LINE = re.compile(r"\s*\(lines? \d+(?:\s*[-\u2013]\s*\d+)?\)")


def printable_citation(text: str, books: Mapping[str, str]) -> str:
    """Return `text` with the rulebook file names and bracket references of `books` replaced by what `books` maps
    them to (the books' short titles).

    With the Fighting Wings books, "000_50c801cd992f207d.txt, Official Errata" -> "Over the Reich, Official
    Errata" and "[000] 17.2" -> "OTR 17.2". Line numbers of the transcription are left out:
    "002_06ce78c147afc7c6.txt, 21.2 (line 818)" -> "Flight Leader, 21.2". Source data keeps the file names and
    lines (DESIGN.md provenance); only printed cards and sheets use this.
    """
    if books:
        pattern = re.compile("|".join(re.escape(key) for key in books))
        text = pattern.sub(lambda match: books[match.group(0)], text)
    return _TRANSCRIPTION_LINE.sub("", text)
