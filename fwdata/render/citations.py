"""Rulebook citations as players know them: a game system's seed files' names become its books' short titles for
print (each system's `GameSystem.citations`)."""

from __future__ import annotations

import re
from collections.abc import Mapping


def printable_citation(text: str, books: Mapping[str, str]) -> str:
    """Return `text` with the rulebook file names and bracket references of `books` replaced by what `books` maps
    them to (the books' short titles).

    With the Fighting Wings books, "000_50c801cd992f207d.txt, Official Errata" -> "Over the Reich, Official
    Errata" and "[000] 17.2" -> "OTR 17.2". Source data keeps the file names (DESIGN.md provenance); only printed
    cards and sheets use this.
    """
    if not books:
        return text
    pattern = re.compile("|".join(re.escape(key) for key in books))
    return pattern.sub(lambda match: books[match.group(0)], text)
