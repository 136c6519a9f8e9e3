"""Ace of Aces dogfighting book model: pages 1-223 with their maneuver charts and tags, start pages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from fwdata.sources.document import SourceDocument

MANEUVER_CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
SIDES = ("allied", "german")  # the two books of a pair, by the side their pilot flies for
LAST_PAGE = 223  # AoA Part A "The Dogfighting Book": pages 1..223; 223 is the lost page (AoA VI).
START_PAGE = 170  # AoA Standard Game set-up; AoA I.


@dataclass(frozen=True)
class BookPage:
    """One page of a dogfighting book (AoA Part A 'The Dogfighting Book'; Beginner's Guide)."""

    page: int
    index: int
    range: str | None
    view: str | None
    facing: str | None
    enemy_visible: bool
    tag: str | None
    firing: bool
    shot: bool
    damage: int | None
    next: Mapping[str, int] | None  # code -> page; the source lists the 26 pages in code order A..Z


@dataclass(frozen=True)
class DogfightBook:
    """A dogfighting book: page records and the page x maneuver -> page table.

    `page(n)` returns the first record for page n. Invariants (every page once,
    references in 1..223, page 223 rules, agreement with the opponent's book) are
    checked by checks/books.py, not assumed here.
    """

    id: str
    name: str
    side: str
    depicts: str
    opponent: str | None
    start_pages: tuple[int, ...]
    pages: tuple[BookPage, ...]
    _by_number: Mapping[int, BookPage] = field(repr=False, compare=False, default_factory=dict)

    def page(self, number: int) -> BookPage | None:
        """Return the record of page `number`, or None."""
        return self._by_number.get(number)

    def next_page(self, page: int, code: str) -> int | None:
        """Return the page under maneuver `code` on `page`, or None where the book has none."""
        record = self._by_number.get(page)
        if record is None or record.next is None:
            return None
        return record.next.get(code)


def build_book(document: SourceDocument) -> DogfightBook:
    """Build a DogfightBook from a schema-valid `book` document."""
    d = document.data
    pages = []
    for i, p in enumerate(d["pages"]):
        nxt = p.get("next")
        if nxt is not None:
            nxt = dict(zip(MANEUVER_CODES, nxt, strict=False))
        pages.append(BookPage(
            page=p["page"], index=i, range=p.get("range"), view=p.get("view"), facing=p.get("facing"),
            enemy_visible=bool(p.get("enemy_visible", p["page"] != LAST_PAGE)), tag=p.get("tag"),
            firing=bool(p.get("firing", False)), shot=bool(p.get("shot", False)), damage=p.get("damage"),
            next=MappingProxyType(dict(nxt)) if nxt is not None else None))
    by_number: dict[int, BookPage] = {}
    for record in pages:
        by_number.setdefault(record.page, record)
    return DogfightBook(id=d["id"], name=d["name"], side=d["side"], depicts=d["depicts"], opponent=d.get("opponent"),
                        start_pages=tuple(d.get("start_pages", (START_PAGE,))), pages=tuple(pages),
                        _by_number=MappingProxyType(by_number))
