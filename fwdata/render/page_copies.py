"""Copied pages: what a drawn PDF page leaves so a later build can copy it instead of drawing it again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fwdata.findings import Finding


@dataclass(frozen=True)
class FontUse:
    """The characters a page sets in one house font, in the order first set, with the codes and the font's internal
    name they had in the document (reportlab numbers both in order of first use, document-wide)."""

    font: str
    internal_name: str
    characters: str
    codes: tuple[int, ...]


@dataclass(frozen=True)
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
