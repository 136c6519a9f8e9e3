"""Ace of Aces dogfighting book checks: each book alone, the start pages, and each opposing pair."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fwdata.findings import Finding, Severity, error, warning
from fwdata.game_system import Entry
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.checks.tables import entries_of_type
from fwdata.systems.aoa.model import LAST_PAGE, MANEUVER_CODES, DogfightBook, RollMatrix

MAX_END_PAGE_FINDINGS = 25  # per book pair; the rest are summed up in one finding


def check_books(books: Sequence[Entry], charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check each book's own invariants, then each pair of opposing books together.

    AoA Part A, The Dogfighting Book; reference digest 2.6.
    """
    start_table = next((e for e in entries_of_type(charts, RollMatrix) if e.model.table == "starting-page"), None)
    broken: set[str] = set()
    for entry in books:
        for finding in check_book(entry):
            if finding.severity is Severity.ERROR:
                broken.add(entry.model.id)
            yield finding
    if start_table is not None:
        yield from check_start_table(start_table, books)
    by_id = {e.model.id: e for e in books}
    done: set[frozenset[str]] = set()
    for entry in books:
        book: DogfightBook = entry.model
        if book.opponent is None:
            continue
        other = by_id.get(book.opponent)
        if other is None:
            yield error(entry.document.locate("/opponent"), "REF-UNKNOWN",
                        f"opponent {book.opponent!r}: no aoa book with that id")
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
        yield from check_book_pair(entry, other, end_pages=book.id not in broken and other.model.id not in broken)


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


def _page_pointer(book: DogfightBook, page: int, suffix: str = "") -> str:
    record = book.page(page)
    return f"/pages/{record.index}{suffix}" if record is not None else "/pages"


def check_book(entry: Entry) -> Iterator[Finding]:
    """One book alone: pages 1..223 once, references in 1..223, a full chart on every page but 223, tags.

    AoA VI; Part A; Standard Game set-up.
    """
    book: DogfightBook = entry.model
    doc = entry.document
    counts = Counter(p.page for p in book.pages)
    reported: set[int] = set()
    for p in book.pages:
        if not 1 <= p.page <= LAST_PAGE:
            yield error(doc.locate(f"/pages/{p.index}/page"), "AOA-BOOK-PAGES",
                        f"page {p.page} is outside 1-{LAST_PAGE} (the books have {LAST_PAGE} pages)")
        elif counts[p.page] > 1 and p.page not in reported:
            reported.add(p.page)
            yield error(doc.locate(f"/pages/{p.index}/page"), "AOA-BOOK-PAGES",
                        f"page {p.page} appears {counts[p.page]} times (each page once)")
    missing = [n for n in range(1, LAST_PAGE + 1) if n not in counts]
    if missing:
        yield error(doc.locate("/pages"), "AOA-BOOK-PAGES",
                    f"{len(missing)} page{'s are' if len(missing) > 1 else ' is'} missing: {_ranges(missing)} "
                    f"(a book holds pages 1-{LAST_PAGE})")
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
            continue
        if p.next is None:
            yield error(doc.locate(base), "AOA-BOOK-CHART",
                        f"page {p.page} has no maneuver chart (every page but {LAST_PAGE} has one; Part A)")
        else:
            lacking = [c for c in MANEUVER_CODES if c not in p.next]
            if lacking:
                yield error(doc.locate(f"{base}/next"), "AOA-BOOK-CHART",
                            f"page {p.page}: the maneuver chart lacks {', '.join(lacking)} (26 codes A-Z on every "
                            "page; Maneuver Chart)")
            for code, target in sorted(p.next.items()):
                if not 1 <= target <= LAST_PAGE:
                    yield error(doc.locate(f"{base}/next/{MANEUVER_CODES.index(code)}"), "AOA-BOOK-PAGE-REF",
                                f"page {p.page}, maneuver {code}: page {target} is outside 1-{LAST_PAGE}")
        if p.enemy_visible and p.range is None:
            yield error(doc.locate(base), "AOA-BOOK-TAGS",
                        f"page {p.page} shows the enemy but gives no range (Part A, Range)")
        if not p.enemy_visible and (p.firing or p.shot):
            yield warning(doc.locate(f"{base}/{'firing' if p.firing else 'shot'}"), "AOA-BOOK-TAGS",
                          f"page {p.page} shows no enemy but is marked {'Firing' if p.firing else 'Shot!'} "
                          "(shots need the enemy in view; Beginner's Guide, Special Circumstances)")
        if p.firing:
            wanted = rules.STANDARD_DAMAGE.get(p.range or "")
            if p.damage is None:
                yield error(doc.locate(f"{base}/firing"), "AOA-BOOK-DAMAGE",
                            f"Firing page {p.page} prints no damage (Powerhouse pages print 4, 2 or 1; Ed Note)")
            elif wanted is not None and p.damage != wanted:
                yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                            f"page {p.page} at {p.range} range deals {p.damage}, expected {wanted} "
                            "(Standard Game, Firing: 4 short, 2 medium, 1 long)")
        elif p.damage is not None:
            yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                        f"page {p.page} prints damage {p.damage} but is not a Firing page")
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


def check_book_pair(first: Entry, second: Entry, *, end_pages: bool = True) -> Iterator[Finding]:
    """Two opposing books: one situation per page from both cockpits, different start pictures, equal end pages.

    Tags (AoA III; reference digest 2.6): equal range and visibility, tailing here is
    tailed there, firing here is shot there. End pages (AoA I, II, Standard Game):
    from every page with a maneuver chart and for every pair of maneuvers
    (222 x 26 x 26 turns), A's book at B's call-out and B's book at A's call-out
    name the same page, unless a call-out is 223 (then the other's end page is
    used; rules.resolve_turn). With
    `end_pages` False (a book already has structural errors) only the tags are
    compared, so one broken page does not cascade into hundreds of findings.
    """
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    for pa in a.pages:
        pb = b.page(pa.page)
        if pb is None or not 1 <= pa.page < LAST_PAGE:
            continue  # page 223 is checked on its own (AOA-BOOK-223)
        pointer = f"/pages/{pa.index}"
        if pa.range != pb.range:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: range {pa.range} here but {pb.range} in {b.id} (one page is one situation "
                        "seen from both cockpits; III)")
        if pa.enemy_visible != pb.enemy_visible:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: enemy {'shown' if pa.enemy_visible else 'not shown'} here but "
                        f"{'shown' if pb.enemy_visible else 'not shown'} in {b.id} (Losing Sight of the Enemy)")
        mirrored = {"tailing": "tailed", "tailed": "tailing", None: None}[pa.tag]
        if pb.tag != mirrored:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: {pa.tag or 'no tag'} here, so {b.id} must say {mirrored or 'no tag'}, "
                        f"not {pb.tag or 'no tag'} (V: both planes never tail each other)")
        if pa.firing != pb.shot or pa.shot != pb.firing:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: firing={pa.firing}, shot={pa.shot} here but firing={pb.firing}, "
                        f"shot={pb.shot} in {b.id} (Firing in one book is Shot! in the other)")
    yield from _check_start_pictures(first, second)
    if end_pages:
        yield from _check_end_pages(first, second)


def _check_start_pictures(first: Entry, second: Entry) -> Iterator[Finding]:
    """The start page looks different from the two cockpits (AoA I: "the two pictures are not the same")."""
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    for k, start in enumerate(a.start_pages):
        pa, pb = a.page(start), b.page(start)
        if pa is None or pb is None or not (pa.enemy_visible and pb.enemy_visible):
            continue  # reported by check_book
        if (pa.view, pa.facing) == (pb.view, pb.facing):
            yield warning(first.document.locate(f"/start_pages/{k}"), "AOA-BOOK-START",
                          f"start page {start} shows the same picture in {a.id} and {b.id} (view {pa.view}, facing "
                          f"{pa.facing}); the two start pictures are not the same: in one book you see him, in the "
                          "other he sees you (I)")


def _check_end_pages(first: Entry, second: Entry) -> Iterator[Finding]:
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    mismatches = 0
    pages = sorted({p.page for p in a.pages if p.next is not None and 1 <= p.page < LAST_PAGE}
                   & {p.page for p in b.pages if p.next is not None})
    for page in pages:
        for ma in MANEUVER_CODES:
            for mb in MANEUVER_CODES:
                turn = rules.resolve_turn(a.next_page, b.next_page, page, ma, mb)
                if turn.call_a is None or turn.call_b is None:
                    continue
                if turn.end_a is not None and turn.end_b is not None and not turn.agree:
                    mismatches += 1
                    if mismatches <= MAX_END_PAGE_FINDINGS:
                        pointer = _page_pointer(a, turn.call_b, f"/next/{MANEUVER_CODES.index(ma)}")
                        yield error(first.document.locate(pointer), "AOA-BOOK-END-PAGE",
                                    f"from page {page}, {a.id} {ma} calls {turn.call_a} and {b.id} {mb} calls "
                                    f"{turn.call_b}: {a.id} page {turn.call_b} under {ma} ends on {turn.end_a} but "
                                    f"{b.id} page {turn.call_a} under {mb} ends on {turn.end_b} (end pages are "
                                    "always the same in both books; III)")
    if mismatches > MAX_END_PAGE_FINDINGS:
        yield error(first.document.locate("/pages"), "AOA-BOOK-END-PAGE",
                    f"{mismatches - MAX_END_PAGE_FINDINGS} more end-page disagreements with {b.id} not listed "
                    f"({mismatches} in all)")

