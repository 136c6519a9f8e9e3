"""Ace of Aces dogfighting book model: pages 1-223 with their maneuver charts and tags, start pages."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.model.layout import CODE_ORDERS, DEFAULT_LAYOUT, POWERHOUSE_CODES

MANEUVER_CODES = POWERHOUSE_CODES  # the codes of generated books (layout powerhouse-26)
SIDES = ("allied", "german")  # the two books of a pair, by the side their pilot flies for
LAST_PAGE = 223  # AoA Part A "The Dogfighting Book": pages 1..223; 223 is the lost page (AoA VI).
START_PAGE = 170  # AoA Standard Game set-up; AoA I.
NO_PLANE_PAGES = (187, 188, 198, 205, 209, 213)  # Part A, Losing Sight of the Enemy: planes above or below each other
TAG_KEYS = ("range", "view", "facing", "enemy_visible", "tag", "firing", "shot", "damage")


@dataclass(frozen=True)
class BookPage:
    """One page of a dogfighting book (AoA Part A 'The Dogfighting Book'; Beginner's Guide).

    `unknown` names the keys whose values the source gives but fwdata could not
    read (a SCHEMA finding says why); such a value reads as absent here, so checks
    comparing it skip it. `next` holds only the chart's readable cells;
    `chart_width` is how many cells the source row has.
    """

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
    next: Mapping[str, int] | None  # code -> page, for the known cells of the chart; None: no chart
    chart_width: int = 0
    unknown: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DogfightBook:
    """A dogfighting book: page records and the page x maneuver -> page table.

    `page(n)` returns the first record for page n. `layout` names the book's code
    layout; `codes` is its code order (empty for a layout the model does not
    know: every cell is then unknown). Invariants (every page once, page 223
    rules, agreement with the opponent's book) are checked by checks/books.py
    and checks/book_pairs.py, not assumed here.
    """

    id: str
    name: str
    side: str
    depicts: str
    opponent: str | None
    start_pages: tuple[int, ...]
    pages: tuple[BookPage, ...]
    layout: str = DEFAULT_LAYOUT
    codes: tuple[str, ...] = MANEUVER_CODES
    _by_number: Mapping[int, BookPage] = field(repr=False, compare=False, default_factory=dict)

    def page(self, number: int) -> BookPage | None:
        """Return the record of page `number`, or None."""
        return self._by_number.get(number)

    def next_page(self, page: int, code: str) -> int | None:
        """Return the page under maneuver `code` on `page`; None for no such page, no chart, or an unknown cell."""
        record = self._by_number.get(page)
        if record is None or record.next is None:
            return None
        return record.next.get(code)


def build_book(document: SourceDocument) -> DogfightBook:
    """Build a DogfightBook from a `book` document that passed validation (masked values are None).

    A chart row whose length is not the layout's reads as all unknown: its
    cells cannot be matched to codes (AOA-BOOK-CHART reports the lengths).
    """
    d = document.data
    layout = d.get("layout", DEFAULT_LAYOUT)
    codes = CODE_ORDERS.get(layout, ())
    pages = [_build_page(p, i, codes) for i, p in enumerate(d["pages"]) if p is not None]
    by_number: dict[int, BookPage] = {}
    for record in pages:
        by_number.setdefault(record.page, record)
    return DogfightBook(id=d["id"], name=d["name"], side=d["side"], depicts=d["depicts"], opponent=d.get("opponent"),
                        start_pages=tuple(d.get("start_pages", (START_PAGE,))), pages=tuple(pages), layout=layout,
                        codes=codes, _by_number=MappingProxyType(by_number))


def _build_page(p: dict[str, Any], index: int, codes: tuple[str, ...]) -> BookPage:
    row = p.get("next")
    nxt: Mapping[str, int] | None = None
    if isinstance(row, list):
        cells = zip(codes, row, strict=True) if len(row) == len(codes) else ()
        nxt = MappingProxyType({code: target for code, target in cells if target is not None})
    elif "next" in p:
        nxt = MappingProxyType({})  # a chart the source gives but fwdata could not read
    unknown = frozenset(key for key in (*TAG_KEYS, "next") if key in p and p[key] is None)
    enemy_visible = p.get("enemy_visible")
    return BookPage(
        page=p["page"], index=index, range=p.get("range"), view=p.get("view"), facing=p.get("facing"),
        enemy_visible=p["page"] != LAST_PAGE if enemy_visible is None else enemy_visible, tag=p.get("tag"),
        firing=bool(p.get("firing")), shot=bool(p.get("shot")), damage=p.get("damage"), next=nxt,
        chart_width=len(row) if isinstance(row, list) else 0, unknown=unknown)
