"""Ace of Aces dogfighting book pair checks: one situation per page seen from both cockpits, equal end pages."""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding, error, warning
from fwdata.game_system import Entry
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.checks.finding_caps import capped
from fwdata.systems.aoa.model import LAST_PAGE, BookPage, DogfightBook


def check_book_pair(first: Entry, second: Entry) -> Iterator[Finding]:
    """Two opposing books: one layout, one situation per page, different start pictures, equal end pages.

    Tags (AoA III; reference digest 2.6): equal range and visibility, tailing here is
    tailed there, firing here is shot there; values a book could not read are not
    compared. End pages (AoA I, II, III, Standard Game): from every page with a
    maneuver chart in both books and for every pair of maneuvers (222 x 26 x 26
    turns with powerhouse-26), A's book at B's call-out and B's book at A's
    call-out name the same page, unless a call-out is 223 (then the other's end
    page is used; rules.resolve_turn). Turns that read an unknown cell are skipped;
    every other turn is flown whatever else is wrong with the books. Each family
    lists its first cases, then one finding with the count.
    """
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    if a.layout != b.layout:
        named = first if "layout" in first.document.data else second  # point at a `layout:` the source gives
        yield error(named.document.locate("/layout"), "AOA-BOOK-PAIR",
                    f"{a.id} uses layout {a.layout} but {b.id} uses {b.layout} (both books of a pair print the same "
                    "maneuver chart; Part A, The Dogfighting Book)")
    yield from capped(_tag_findings(first, second), lambda more, total: error(
        first.document.locate("/pages"), "AOA-BOOK-TAGS",
        f"{more} more page tag disagreements with {b.id} not listed ({total} in all)"))
    yield from _check_start_pictures(first, second)
    yield from capped(_end_page_findings(first, second), lambda more, total: error(
        first.document.locate("/pages"), "AOA-BOOK-END-PAGE",
        f"{more} more end-page disagreements with {b.id} not listed ({total} in all); they show where the books "
        f"disagree, not always the mistyped cell: fwdata aoa suspects {first.document.path} {second.document.path} "
        "ranks the cells most likely mistyped"))


def _tag_findings(first: Entry, second: Entry) -> Iterator[Finding]:
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    for pa in a.pages:
        pb = b.page(pa.page)
        if pb is None or not 1 <= pa.page < LAST_PAGE:
            continue  # page 223 is checked on its own (AOA-BOOK-223)
        pointer = f"/pages/{pa.index}"
        if _known(pa, pb, "range") and pa.range != pb.range:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: range {pa.range} here but {pb.range} in {b.id} (one page is one situation "
                        "seen from both cockpits; III)")
        if _known(pa, pb, "enemy_visible") and pa.enemy_visible != pb.enemy_visible:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: enemy {'shown' if pa.enemy_visible else 'not shown'} here but "
                        f"{'shown' if pb.enemy_visible else 'not shown'} in {b.id} (Losing Sight of the Enemy)")
        mirrored = {"tailing": "tailed", "tailed": "tailing", None: None}[pa.tag]
        if _known(pa, pb, "tag") and pb.tag != mirrored:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: {pa.tag or 'no tag'} here, so {b.id} must say {mirrored or 'no tag'}, "
                        f"not {pb.tag or 'no tag'} (V: both planes never tail each other)")
        if _known(pa, pb, "firing") and _known(pa, pb, "shot") and (pa.firing != pb.shot or pa.shot != pb.firing):
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: firing={pa.firing}, shot={pa.shot} here but firing={pb.firing}, "
                        f"shot={pb.shot} in {b.id} (Firing in one book is Shot! in the other)")


def _known(pa: BookPage, pb: BookPage, key: str) -> bool:
    return key not in pa.unknown and key not in pb.unknown


def _check_start_pictures(first: Entry, second: Entry) -> Iterator[Finding]:
    """The start page looks different from the two cockpits (AoA I: "the two pictures are not the same")."""
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    for k, start in enumerate(a.start_pages):
        pa, pb = a.page(start), b.page(start)
        if pa is None or pb is None or not (pa.enemy_visible and pb.enemy_visible):
            continue  # reported by check_book
        if {"view", "facing"} & (pa.unknown | pb.unknown):
            continue
        if (pa.view, pa.facing) == (None, None):
            continue  # a transcription without pictures: nothing to compare
        if (pa.view, pa.facing) == (pb.view, pb.facing):
            yield warning(first.document.locate(f"/start_pages/{k}"), "AOA-BOOK-START",
                          f"start page {start} shows the same picture in {a.id} and {b.id} (view {pa.view}, facing "
                          f"{pa.facing}); the two start pictures are not the same: in one book you see him, in the "
                          "other he sees you (I)")


def _end_page_findings(first: Entry, second: Entry) -> Iterator[Finding]:
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    pages = sorted({p.page for p in a.pages if p.next and 1 <= p.page < LAST_PAGE}
                   & {p.page for p in b.pages if p.next})
    for page, ma, mb, turn in rules.disagreeing_turns(a.next_page, b.next_page, pages, a.codes, b.codes):
        assert turn.call_b is not None
        pointer = _page_pointer(a, turn.call_b, f"/next/{a.codes.index(ma)}")
        yield error(first.document.locate(pointer), "AOA-BOOK-END-PAGE",
                    f"from page {page}, {a.id} {ma} calls {turn.call_a} and {b.id} {mb} calls "
                    f"{turn.call_b}: {a.id} page {turn.call_b} under {ma} ends on {turn.end_a} but "
                    f"{b.id} page {turn.call_a} under {mb} ends on {turn.end_b} (end pages are "
                    "always the same in both books; III)")

def _page_pointer(book: DogfightBook, page: int, suffix: str = "") -> str:
    record = book.page(page)
    return f"/pages/{record.index}{suffix}" if record is not None else "/pages"
