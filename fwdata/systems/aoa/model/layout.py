"""Ace of Aces book code layouts: which maneuver codes a book's chart lists, in which order, and what each means."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from fwdata.sources.document import SourceDocument

POWERHOUSE_CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
DEFAULT_LAYOUT = "powerhouse-26"
# The code order of each bundled layout (tables/aoa/book-layout-*.yaml), which the book model reads a chart row
# by before any layout document is at hand; AOA-BOOK-LAYOUT checks that the documents list the same codes.
CODE_ORDERS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "powerhouse-26": POWERHOUSE_CODES,
    "original-25": tuple(code for code in POWERHOUSE_CODES if code != "O"),  # M stands for both Immelmanns
})


@dataclass(frozen=True)
class LayoutCode:
    """One maneuver code of a layout: its speed, chart column, maneuver, stall bar (None: unsettled)."""

    code: str
    speed: str
    column: str
    maneuver: str
    stall: bool | None
    stationary: bool  # page p under this code is p (AoA I, inferred)
    index: int


@dataclass(frozen=True)
class BookLayout:
    """A code layout of the dogfighting books' maneuver charts (kind `book-layout`)."""

    id: str
    name: str
    codes: tuple[LayoutCode, ...]

    @property
    def letters(self) -> tuple[str, ...]:
        """The code letters in chart order."""
        return tuple(code.code for code in self.codes)


def build_layout(document: SourceDocument) -> BookLayout:
    """Build a BookLayout from a schema-valid `book-layout` document."""
    d = document.data
    codes = tuple(LayoutCode(code=c["code"], speed=c["speed"], column=c["column"], maneuver=c["maneuver"],
                             stall=c["stall"], stationary=bool(c.get("stationary", False)), index=i)
                  for i, c in enumerate(d["codes"]))
    return BookLayout(id=d["id"], name=d["name"], codes=codes)
