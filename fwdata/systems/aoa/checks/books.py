"""Ace of Aces dogfighting book checks: each book alone, its layout, the start pages; pairs in book_pairs.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from fwdata.findings import Finding, error, warning
from fwdata.game_system import Entry
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.checks.book_pairs import check_book_pair
from fwdata.systems.aoa.checks.finding_caps import capped
from fwdata.systems.aoa.checks.tables import entries_of_type
from fwdata.systems.aoa.model import LAST_PAGE, NO_PLANE_PAGES, BookLayout, BookPage, DogfightBook, RollMatrix


def check_books(books: Sequence[Entry], charts: Sequence[Entry], layouts: Sequence[Entry] = (),
                unknown_note: Callable[[str, str], str] = lambda kind, doc_id: "") -> Iterator[Finding]:
    """Check each book's own invariants, then each pair of opposing books together. `unknown_note(kind, id)` ends a
    REF-UNKNOWN message (`Catalog.unknown_note`: a file that has the id but fails its schema).

    Every check runs whatever the others found. AoA Part A, The Dogfighting Book; reference digest 2.6.
    """
    start_table = next((e for e in entries_of_type(charts, RollMatrix) if e.model.table == "starting-page"), None)
    layout_by_id: dict[str, BookLayout] = {e.model.id: e.model for e in layouts}
    for entry in books:
        layout = layout_by_id.get(entry.model.layout)
        if layout is None:
            yield error(entry.document.locate("/layout"), "REF-UNKNOWN",
                        f"layout {entry.model.layout!r}: no aoa book-layout with that id"
                        f"{unknown_note('book-layout', entry.model.layout)} (known: "
                        f"{', '.join(sorted(layout_by_id)) or 'none'}); its maneuver charts are read as unknown")
        yield from check_book(entry, layout)
    if start_table is not None:
        yield from check_start_table(start_table, books)
    by_id = {e.model.id: e for e in books}
    done: set[frozenset[str]] = set()
    for entry in books:
        book: DogfightBook = entry.model
        if book.opponent is None:
            continue
        if book.opponent == book.id:
            yield error(entry.document.locate("/opponent"), "AOA-BOOK-PAIR",
                        f"{book.id} names itself as its opponent; name the other side's book (Part A: a game is "
                        "two books, one german and one allied)")
            continue
        other = by_id.get(book.opponent)
        if other is None:
            yield error(entry.document.locate("/opponent"), "REF-UNKNOWN",
                        f"opponent {book.opponent!r}: no aoa book with that id{unknown_note('book', book.opponent)}")
            continue
        pair = frozenset((book.id, other.model.id))
        if pair in done:
            continue
        done.add(pair)
        if other.model.opponent != book.id:
            yield error(entry.document.locate("/opponent"), "AOA-BOOK-PAIR",
                        f"{book.id} names {other.model.id} as opponent, but {other.model.id} names "
                        f"{other.model.opponent!r}")
            continue
        if other.model.side == book.side:
            yield error(other.document.locate("/side"), "AOA-BOOK-PAIR",
                        f"both books of the pair are {book.side}; one must be german and one allied "
                        "(Part A, The Dogfighting Book)")
        yield from check_book_pair(entry, other)


def check_start_table(table: Entry, books: Sequence[Entry]) -> Iterator[Finding]:
    """Every Starting Page table entry is, in every book, a page with a chart and the enemy in view.

    AoA Powerhouse Optional Rules, Starting Page; AoA XLVI ("roll for the starting page").
    """
    matrix: RollMatrix = table.model
    for entry in books:
        book: DogfightBook = entry.model
        for r, (_rolls, cells) in enumerate(matrix.rows):
            for c, value in enumerate(cells):
                if not isinstance(value, int) or value == LAST_PAGE:
                    continue  # reported by AOA-TABLE-VALUE
                record = book.page(value)
                if record is None or record.next is None or not record.enemy_visible:
                    yield error(table.document.locate(f"/rows/{r}/cells/{c}"), "AOA-BOOK-START",
                                f"starting page {value} is not a page with a maneuver chart and the enemy in view in "
                                f"{book.id} ({entry.document.path}; Powerhouse Optional Rules, Starting Page)")


def check_book(entry: Entry, layout: BookLayout | None = None) -> Iterator[Finding]:
    """Check one book alone: pages, charts as wide as its layout, tags, damage, start, stalls, no-plane pages.

    Pages 1..223 once; a chart on every page but 223. AoA VI; Part A (Losing Sight of the Enemy, Page 223);
    Standard Game set-up; I.
    """
    book: DogfightBook = entry.model
    doc = entry.document
    counts = Counter(p.page for p in book.pages)
    reported: set[int] = set()
    for p in book.pages:
        if counts[p.page] > 1 and p.page not in reported:
            reported.add(p.page)
            yield error(doc.locate(f"/pages/{p.index}/page"), "AOA-BOOK-PAGES",
                        f"page {p.page} appears {counts[p.page]} times (each page once)")
    missing = [n for n in range(1, LAST_PAGE + 1) if n not in counts]
    if missing:
        yield error(doc.locate("/pages"), "AOA-BOOK-PAGES",
                    f"{len(missing)} page{'s are' if len(missing) > 1 else ' is'} missing: {_ranges(missing)} "
                    f"(a book holds pages 1-{LAST_PAGE})")
    yield from capped(_chart_findings(entry), lambda more, total: error(
        doc.locate("/pages"), "AOA-BOOK-CHART", f"{more} more maneuver chart problems not listed ({total} in all)"))
    for p in book.pages:
        if p.page != LAST_PAGE:
            yield from _tag_findings(entry, p)
    yield from _start_findings(entry)
    if layout is not None:
        yield from capped(_stall_findings(entry, layout), lambda more, total: warning(
            doc.locate("/pages"), "AOA-BOOK-STALL",
            f"{more} more pages not unchanged under a stationary code not listed ({total} in all)"))
    yield from capped(_no_plane_findings(entry), lambda more, total: warning(
        doc.locate("/pages"), "AOA-BOOK-NO-PLANE", f"{more} more no-plane page problems not listed ({total} in all)"))


def _chart_findings(entry: Entry) -> Iterator[Finding]:
    """Page 223 is only clouds; every other page has a chart with one cell per code of the book's layout."""
    book: DogfightBook = entry.model
    doc = entry.document
    for p in book.pages:
        base = f"/pages/{p.index}"
        if p.page == LAST_PAGE:
            present = [name for name, value in (("next", p.next), ("range", p.range), ("view", p.view),
                                                ("facing", p.facing), ("tag", p.tag), ("damage", p.damage))
                       if value is not None] + [name for name, flag in (("firing", p.firing), ("shot", p.shot),
                                                                       ("enemy_visible", p.enemy_visible)) if flag]
            if present:
                yield error(doc.locate(f"{base}/{present[0]}", at_key=True), "AOA-BOOK-223",
                            f"page {LAST_PAGE} is the clouds page with no enemy and no maneuver chart; it has "
                            f"{', '.join(present)} (Part A, Page 223; VI)")
        elif p.next is None:
            yield error(doc.locate(base), "AOA-BOOK-CHART",
                        f"page {p.page} has no maneuver chart (every page but {LAST_PAGE} has one; Part A)")
        elif book.codes and p.chart_width and p.chart_width != len(book.codes):
            hint = (" (a 25-wide book may be typed from the original 25-maneuver books: say `layout: original-25`)"
                    if p.chart_width == 25 and len(book.codes) == 26 else "")
            yield error(doc.locate(f"{base}/next"), "AOA-BOOK-CHART",
                        f"page {p.page}: the maneuver chart has {p.chart_width} pages, layout {book.layout} has "
                        f"{len(book.codes)} codes; its pages are read as unknown{hint}")


def _tag_findings(entry: Entry, p: BookPage) -> Iterator[Finding]:
    doc = entry.document
    base = f"/pages/{p.index}"
    if p.enemy_visible and p.range is None and "range" not in p.unknown:
        yield error(doc.locate(base), "AOA-BOOK-TAGS",
                    f"page {p.page} shows the enemy but gives no range (Part A, Range)")
    if not p.enemy_visible and (p.firing or p.shot):
        yield warning(doc.locate(f"{base}/{'firing' if p.firing else 'shot'}"), "AOA-BOOK-TAGS",
                      f"page {p.page} shows no enemy but is marked {'Firing' if p.firing else 'Shot!'} "
                      "(shots need the enemy in view; Beginner's Guide, Special Circumstances)")
    if p.firing:
        wanted = rules.STANDARD_DAMAGE.get(p.range or "")
        if p.damage is None and "damage" not in p.unknown:
            yield error(doc.locate(f"{base}/firing"), "AOA-BOOK-DAMAGE",
                        f"Firing page {p.page} prints no damage (Powerhouse pages print 4, 2 or 1; Ed Note)")
        elif wanted is not None and p.damage is not None and p.damage != wanted:
            yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                        f"page {p.page} at {p.range} range deals {p.damage}, expected {wanted} "
                        "(Standard Game, Firing: 4 short, 2 medium, 1 long)")
    elif p.damage is not None and "firing" not in p.unknown:
        yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                    f"page {p.page} prints damage {p.damage} but is not a Firing page")


def _start_findings(entry: Entry) -> Iterator[Finding]:
    book: DogfightBook = entry.model
    doc = entry.document
    for k, start in enumerate(book.start_pages):
        record = book.page(start)
        if start == LAST_PAGE or record is None or record.next is None or not record.enemy_visible:
            yield error(doc.locate(f"/start_pages/{k}"), "AOA-BOOK-START",
                        f"start page {start} must be a page with a maneuver chart and the enemy in view "
                        "(Standard Game set-up: page 170)")
        elif record.firing or record.shot:
            yield warning(doc.locate(f"/start_pages/{k}"), "AOA-BOOK-START",
                          f"start page {start} is marked {'Firing' if record.firing else 'Shot!'}; the start should "
                          "come before anyone has a shot (IV: shots are taken from the page a turn begins on)")


def _stall_findings(entry: Entry, layout: BookLayout) -> Iterator[Finding]:
    """Page p under a stationary code (the straight stall D) is p: inferred from AoA I, so a warning.

    AoA I: "If the other plane were remaining stationary (stalling) you would end the turn on that page."
    """
    book: DogfightBook = entry.model
    stationary = [code.code for code in layout.codes if code.stationary and code.code in book.codes]
    for p in book.pages:
        for code in stationary:
            target = p.next.get(code) if p.next and p.page != LAST_PAGE else None  # 223: AOA-BOOK-223
            if target is not None and target != p.page:
                yield warning(entry.document.locate(f"/pages/{p.index}/next/{book.codes.index(code)}"),
                              "AOA-BOOK-STALL",
                              f"page {p.page} under {code} is {target}, expected {p.page}: {code} leaves the plane "
                              "stationary, so the page stays the same (inferred from I: a stalling plane ends the "
                              "turn on the page the other calls)")


def _no_plane_findings(entry: Entry) -> Iterator[Finding]:
    """The pages with a chart and no enemy in view are exactly 187, 188, 198, 205, 209 and 213.

    Part A, Losing Sight of the Enemy. A warning: it holds for the printed books, not for every designed one.
    """
    doc = entry.document
    listed = ", ".join(map(str, NO_PLANE_PAGES))
    for p in entry.model.pages:
        if p.page == LAST_PAGE or p.next is None or "enemy_visible" in p.unknown:
            continue
        if p.page in NO_PLANE_PAGES and p.enemy_visible:
            yield warning(doc.locate(f"/pages/{p.index}"), "AOA-BOOK-NO-PLANE",
                          f"page {p.page} shows the enemy, but it is one of the six pages without a plane ({listed}; "
                          "Part A, Losing Sight of the Enemy)")
        elif p.page not in NO_PLANE_PAGES and not p.enemy_visible:
            yield warning(doc.locate(f"/pages/{p.index}"), "AOA-BOOK-NO-PLANE",
                          f"page {p.page} shows no enemy, but only pages {listed} and 223 have none (Part A, Losing "
                          "Sight of the Enemy)")


def _ranges(numbers: Sequence[int]) -> str:
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)
