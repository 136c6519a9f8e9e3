"""Copied pages: what a drawn PDF page leaves so a later build can copy it instead of drawing it again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from fwdata.findings import Finding


@dataclass(frozen=True, slots=True)
class FontUse:
    """The characters a page sets in one house font, in the order first set, with the codes and the font's internal
    name they had in the document (reportlab numbers both in order of first use, document-wide).

    `codes` holds the code of each character as one character, `chr(code)` (`font_codes` reads them):
    a rebuild of 5,000 cards holds two sheets' records, and a string takes a fifth of a tuple's memory.
    """

    font: str
    internal_name: str
    characters: str
    codes: str


def font_codes(use: FontUse) -> list[int]:
    """Return the code of each of `use`'s characters, in order."""
    return list(map(ord, use.codes))


@dataclass(frozen=True, slots=True)
class PageRecord:
    """A keyed page of a finished PDF: what a later document needs to copy it instead of drawing it.

    `key` names what the page was drawn from, options included; `offset` and `length` (bytes)
    are where its encoded content stream sits in the file and `sha256` its digest; `fonts`
    the text it sets (a copy is valid only where these characters get the same codes);
    `findings` those its drawing recorded.
    """

    key: str
    sha256: str
    offset: int
    length: int
    fonts: tuple[FontUse, ...]
    findings: tuple[Finding, ...]


# The previous build's page of a key: its record and encoded content (checked against the record), or None.
PageLookup = Callable[[str], "tuple[PageRecord, bytes] | None"]


@dataclass(frozen=True)
class SheetPages:
    """What an imposed card sheet may copy: the key of each of its items, in order (None: unknown), and the lookup of
    the previous build's pages of that sheet."""

    keys: tuple[str | None, ...]
    previous: PageLookup


_STREAM_START = b"\nstream\n"  # how reportlab opens a stream's content (`PDFStream.format`), and ends it:
_STREAM_END = b"endstream\n"


def located_records(data: bytes, records: Sequence[PageRecord]) -> Iterator[PageRecord]:
    """Yield each of a document's `records` (page order) with the offset of its content stream in the PDF `data`,
    found by its length and SHA-256; one not found is left out. reportlab writes the content streams in page order."""
    start = 0
    for record in records:
        found = start
        while (found := data.find(_STREAM_START, found)) >= 0:
            offset = found = found + len(_STREAM_START)
            end = offset + record.length
            if data.startswith(_STREAM_END, end) and hashlib.sha256(memoryview(data)[offset:end]).hexdigest() \
                    == record.sha256:
                yield replace(record, offset=offset)
                start = end
                break
