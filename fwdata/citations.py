"""Rulebook citations as players know them: the seed files' names become the books' short titles for print."""

from __future__ import annotations

import re

# The rulebook text files of ../shared/seeds/ (DESIGN.md) and the short titles printed instead.
RULEBOOKS = {
    "000_50c801cd992f207d.txt": "Over the Reich",
    "003_ff4b55cb8a585ee6.txt": "Fighting Wings Quick-Start",
    "002_06ce78c147afc7c6.txt": "Flight Leader",
    "004_df49c58b6e4b4043.txt": "Ace of Aces",
}
# Digest-style bracket references ("[000] 17.2") as printed abbreviations.
BRACKETS = {"[000]": "OTR", "[003]": "QS", "[002]": "FL", "[004]": "AoA"}

_PATTERN = re.compile("|".join(re.escape(key) for key in (*RULEBOOKS, *BRACKETS)))
# A line number of a seed file ("21.2 (line 818)"): it points into fwdata's transcription, not a book a player has.
_TRANSCRIPTION_LINE = re.compile(r"\s*\(lines? \d+(?:\s*[-\u2013]\s*\d+)?\)")


def printable_citation(text: str) -> str:
    """Return `text` with rulebook file names and bracket references replaced by the books' short titles.

    "000_50c801cd992f207d.txt, Official Errata" -> "Over the Reich, Official Errata";
    "[000] 17.2" -> "OTR 17.2". Line numbers of the transcription are left out:
    "002_06ce78c147afc7c6.txt, 21.2 (line 818)" -> "Flight Leader, 21.2". Source data keeps
    the file names and lines (DESIGN.md provenance); only printed cards and sheets use this.
    """
    named = _PATTERN.sub(lambda match: RULEBOOKS.get(match.group(0)) or BRACKETS[match.group(0)], text)
    return _TRANSCRIPTION_LINE.sub("", named)
