"""Dogfighting-book rendering: each generated book as a printable booklet, two book pages per Letter/A4 sheet.

Output aoa/book/<book id>.pdf: landscape sheets cut down the middle; the
first half-sheet is a how-to-play page, then book pages 1..223 in order.
aoa/book/<book id>-booklet.pdf: the same pages imposed for saddle stitching
(fwdata/render/booklet.py), to print duplex, fold and staple. Each
page shows, from your cockpit, a top-down hex schematic (your plane in the
centre, nose up; the enemy on his hex with his heading), the range, view,
facing, tags and damage, and the maneuver chart with the 26 codes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from fwdata.findings import Finding
from fwdata.game_system import Catalog, EntryKey, Output, RenderResult
from fwdata.options import BuildOptions
from fwdata.render.booklet import DEFAULT_SIGNATURE_SHEETS, BookletLayout, impose_booklet, layout_booklet
from fwdata.render.layout import PAPER_SIZES, Rect, Size
from fwdata.render.pdf import Page, PdfDocument
from fwdata.systems.aoa.book_board import draw_board
from fwdata.systems.aoa.book_generator import BookDesign, numbering_for, own_situation
from fwdata.systems.aoa.geometry import Situation
from fwdata.systems.aoa.model import MANEUVER_CODES, BookPage, DogfightBook

SYSTEM = "aoa"
HALF_MARGIN_PT = 22.0
PRINT_NOTE_PT = 7.5  # the booklet's printing instructions at the foot of its how-to page
# Short chart names (the Maneuver Chart's labels cut to fit a 30 pt cell).
SHORT_NAMES = {
    "A": "weave", "B": "t.bank", "C": "slip", "D": "stall", "E": "slip", "F": "t.bank", "G": "weave", "H": "slip",
    "I": "turn", "J": "turn", "K": "w.over", "L": "roll", "M": "imm.up", "N": "fwd", "O": "imm.dn", "P": "roll",
    "Q": "w.over", "R": "turn", "S": "right", "T": "bank", "U": "turn", "V": "left", "W": "fwd", "X": "right",
    "Y": "turn", "Z": "bank",
}
SPEED_ROWS = (("Slow", "ABCDEFGHI"), ("Cruising", "JKLMNOPQRS"), ("Fast", "TUVWXYZ"))
DIRECTION = {c: d for d, codes in (("L", "ABCJKLTUV"), ("S", "DEMNOW"), ("R", "FGHIPQRSXYZ")) for c in codes}
FACING_WORDS = {
    "away": "flying away", "away-left": "away to the left", "away-right": "away to the right",
    "left": "to the left", "right": "to the right", "toward-left": "toward, to the left",
    "toward-right": "toward, to the right", "toward": "toward you",
}
VIEW_WORDS = {
    "windscreen": "windscreen", "left-forward-wing": "left forward wing", "right-forward-wing": "right forward wing",
    "left-wingtip": "left wingtip", "right-wingtip": "right wingtip", "left-tail": "left tail",
    "right-tail": "right tail", "tail": "tail",
}


def plan_book_outputs(catalog: Catalog, designs: Sequence[BookDesign], options: BuildOptions
                      ) -> list[tuple[str, tuple[EntryKey, ...], Callable[[], RenderResult]]]:
    """Return the path of every book PDF (page order, then booklet) with the entries it shows (the book and its
    design) and the call that renders it, in order.

    A book that two designs name (a pack's copy of a bundled design) is rendered once, by the first design.
    """
    paper = PAPER_SIZES[options.paper]
    planned: dict[str, tuple[tuple[EntryKey, ...], Callable[[], RenderResult]]] = {}
    for design in designs:
        for ship in design.ships:
            entry = catalog.get(SYSTEM, "book", ship.book_id)
            path = f"aoa/book/{ship.book_id}.pdf"
            if entry is None or path in planned:
                continue
            shows = ((SYSTEM, "book", ship.book_id), (SYSTEM, "book-design", design.id))
            planned[path] = shows, partial(_rendered, path, render_book, entry.model, design, paper)
            booklet = partial(render_booklet, paper_name=options.paper, bleed_pt=options.bleed_pt,
                              signature_sheets=options.signature_sheets)
            planned[f"aoa/book/{ship.book_id}-booklet.pdf"] = shows, partial(
                _rendered, f"aoa/book/{ship.book_id}-booklet.pdf", booklet, entry.model, design, paper)
    return [(path, shows, render) for path, (shows, render) in planned.items()]


def _rendered(path: str, render: Callable[..., tuple[bytes, list[Finding]]], book: DogfightBook,
              design: BookDesign, paper: Size) -> RenderResult:
    data, findings = render(book, design, paper)
    return RenderResult(outputs=[Output(path, data)], findings=findings)


def render_book(book: DogfightBook, design: BookDesign, paper: Size,
                only: Sequence[int] | None = None) -> tuple[bytes, list[Finding]]:
    """Render one book in page order, two pages per landscape sheet; return its bytes and any overflow findings.

    `only` limits the book to those page numbers (after the how-to page), for proofs.
    """
    doc, draw, halves = _book_document(book, design, only)
    sheet = paper.landscape
    half = Size(sheet.width / 2, sheet.height)
    for k in range(0, len(halves), 2):
        page = doc.new_page(sheet)
        page.line(half.width, 8, half.width, sheet.height - 8, 0.3, gray=0.6)
        for slot, record in enumerate(halves[k:k + 2]):
            with page.translated(slot * half.width, 0, half) as surface:
                draw(surface, record)
    return doc.finish(), list(doc.findings)


def render_booklet(book: DogfightBook, design: BookDesign, paper: Size, *, paper_name: str, bleed_pt: float = 0.0,
                   signature_sheets: int = DEFAULT_SIGNATURE_SHEETS, only: Sequence[int] | None = None
                   ) -> tuple[bytes, list[Finding]]:
    """Render one book imposed for saddle stitching (fwdata/render/booklet.py); return its bytes and findings.

    The booklet's pages are the how-to page then the book pages, each half of `paper` as in
    `render_book`, never scaled. PDF pages alternate front and back of each sheet, signature
    by signature: print double-sided, flip on the short edge. With `bleed_pt` the sheet is the
    next paper size up, with crop marks (booklet.layout_booklet). Raises ValueError when the
    spread does not fit.
    """
    records = _records(book, only)
    half = Size(paper.landscape.width / 2, paper.landscape.height)
    layout = layout_booklet(half, paper, paper_name, bleed_pt)
    signatures = impose_booklet(len(records) + 1, signature_sheets)
    doc, draw, halves = _book_document(book, design, only, print_note=_print_note(layout, len(signatures),
                                                                                  signature_sheets))
    for signature in signatures:
        for sheet in signature:
            for side in (sheet.front, sheet.back):
                page = doc.new_page(layout.sheet)
                page.segments(layout.crop_marks)
                page.segments(layout.fold_marks, width=0.3)
                for slot, position in ((layout.left, side.left), (layout.right, side.right)):
                    if position is not None:
                        with page.translated(slot.x, slot.y, half) as surface:
                            draw(surface, halves[position - 1])
    return doc.finish(), list(doc.findings)


def _records(book: DogfightBook, only: Sequence[int] | None) -> list[BookPage]:
    return sorted((p for p in book.pages if only is None or p.page in only), key=lambda p: p.page)


def _book_document(book: DogfightBook, design: BookDesign, only: Sequence[int] | None, *, print_note: str | None = None
                   ) -> tuple[PdfDocument, Callable[[Page, BookPage | None], None], list[BookPage | None]]:
    """Return a new document for `book`, the call that draws one half-sheet page, and the pages in reading order.

    `print_note` (a booklet's: how to print, fold and bind it) ends the how-to page."""
    numbering = numbering_for(design)
    ship = design.ship(book.side)
    enemy = design.ship("german" if book.side == "allied" else "allied")
    doc = PdfDocument(f"{book.name} · Ace of Aces dogfighting book", subject="Ace of Aces dogfighting book (fwdata)")
    records = _records(book, only)

    def draw(surface: Page, record: BookPage | None) -> None:
        frame = surface.box.inset(HALF_MARGIN_PT)
        if record is None:
            draw_instructions(surface, frame, book, design, print_note=print_note)
            return
        situation = numbering.situation(record.page)
        own = own_situation(situation, book.side) if situation is not None else None
        draw_book_page(surface, frame, book, record, own, ship.firing.arc_deg if ship else 0.0,
                       enemy.depicts if enemy else "enemy", design.start_page)

    return doc, draw, [None, *records]  # None: the how-to-play page


def _print_note(layout: BookletLayout, signatures: int, signature_sheets: int) -> str:
    """Return how to print, fold and bind a booklet: the last lines of its how-to page, inside the page's margin
    (so neither a home printer's unprintable edge nor a crop mark touches them)."""
    return (f"Printing this booklet: {layout.sheet_name} paper, double-sided, flip on the short edge, actual size "
            f"(no scaling). Fold {signatures} signature{'s' if signatures != 1 else ''} of up to {signature_sheets} "
            "sheets, stack them in order, staple at the fold.")


# ------------------------------------------------------------------ one page


def draw_book_page(page: Page, frame: Rect, book: DogfightBook, record: BookPage, own: Situation | None,
                   arc_deg: float, enemy_name: str, start_page: int) -> None:
    """Draw one book page: header, schematic, situation line, tags, maneuver chart (the lost page instead: where
    both books start again is `start_page`, the design's)."""
    header, rest = frame.take_top(40)
    draw_header(page, header, book, record)
    if record.next is None:
        draw_lost_page(page, rest, start_page)
        return
    facts, board, chart = page_regions(rest)
    draw_facts(page, facts, record, enemy_name)
    if own is not None:
        draw_board(page, board, own, arc_deg)
    draw_chart(page, chart, record)


def page_regions(rest: Rect) -> tuple[Rect, Rect, Rect]:
    """Split a page below its header into the facts lines, the board box and the maneuver chart."""
    chart = Rect(rest.x, rest.y, rest.width, 150)
    middle = Rect(rest.x, chart.top + 6, rest.width, rest.height - chart.height - 6)
    facts, board = middle.take_top(30)
    return facts, board.inset(0, 4), chart


def draw_header(page: Page, box: Rect, book: DogfightBook, record: BookPage) -> None:
    """Page number in the outer corner, the book's insignia and name, then the tags."""
    number_box, rest = box.take_left(80)
    page.fit_text(number_box, str(record.page), 30, bold=True, align="left")
    icon = 15.0
    draw_insignia(page, rest.x + icon, rest.y + rest.height / 2, icon, book.side)
    title = Rect(rest.x + 2 * icon + 6, rest.y + rest.height / 2, rest.width - 2 * icon - 6, rest.height / 2)
    page.fit_text(title, f"{book.depicts} · {'Allied' if book.side == 'allied' else 'German'} book", 9, bold=True)
    tags_box = Rect(title.x, rest.y, title.width, rest.height / 2)
    tags = []
    if record.tag:
        tags.append(record.tag.upper())
    if record.firing:
        tags.append(f"FIRING {record.damage}")
    if record.shot:
        tags.append("SHOT!")
    x = tags_box.x + 1
    for tag in tags:
        width = 8 + 6.2 * len(tag)
        cell = Rect(x, tags_box.y + 2, width, tags_box.height - 4)
        page.rect(cell, fill_gray=0.0)
        page.fit_text(cell, tag, 9, bold=True, align="centre", gray=1.0)
        x += width + 4
    page.line(box.x, box.y, box.right, box.y, 0.8)


def draw_insignia(page: Page, x: float, y: float, radius: float, side: str) -> None:
    """Allied: an RAF roundel; German: an Iron Cross (AoA Part A, The Dogfighting Book: the book icon)."""
    if side == "allied":
        page.circle(x, y, radius, fill_gray=0.15)
        page.circle(x, y, radius * 0.66, fill_gray=1.0)
        page.circle(x, y, radius * 0.33, fill_gray=0.5)
        return
    r, w = radius, radius * 0.42
    points = [(-w, r), (w, r), (w * 0.55, w), (w, w * 0.55), (r, w), (r, -w), (w, -w * 0.55), (w * 0.55, -w),
              (w, -r), (-w, -r), (-w * 0.55, -w), (-w, -w * 0.55), (-r, -w), (-r, w), (-w, w * 0.55), (-w * 0.55, w)]
    page.polygon([(x + px, y + py) for px, py in points], fill_gray=0.0)


def draw_facts(page: Page, box: Rect, record: BookPage, enemy_name: str) -> None:
    """Two lines: range and view; the enemy's facing (or where he is on a no-plane page)."""
    top, bottom = box.rows([1.0, 1.0])
    view = VIEW_WORDS.get(record.view or "", record.view or "")
    if record.enemy_visible:
        page.fit_text(top, f"Range: {(record.range or '').upper()}     View: {view}", 10, bold=True)
        page.fit_text(bottom, f"{enemy_name}: {FACING_WORDS.get(record.facing or '', record.facing or '')}", 9)
    else:
        page.fit_text(top, f"No plane in sight     View: {view}", 10, bold=True)
        page.fit_text(bottom, f"{enemy_name} is above or below you, coming from your {view}", 9)


def draw_chart(page: Page, box: Rect, record: BookPage) -> None:
    """The maneuver chart: per speed, a row of codes with direction and short name, then the page under each."""
    assert record.next is not None
    rows = box.rows([1.0, 1.0, 1.0], gap=4)
    for (speed, codes), row in zip(SPEED_ROWS, rows, strict=True):
        label, cells = row.take_left(44)
        page.rect(label, fill_gray=0.85, width=0.4)
        page.fit_text(label, speed, 8, bold=True, align="centre")
        width = cells.width / 10
        for k, code in enumerate(codes):
            cell = Rect(cells.x + k * width, cells.y, width, cells.height)
            top, mid, bottom = cell.rows([1.0, 0.8, 1.3])
            page.rect(cell, width=0.4)
            page.rect(top, fill_gray=0.85, width=0.3)
            page.fit_text(top, f"{code} {DIRECTION[code]}", 8, bold=True, align="centre")
            page.fit_text(mid, SHORT_NAMES[code], 6.5, align="centre")
            target = record.next.get(code)
            page.fit_text(bottom, "—" if target is None else str(target), 12, bold=True, align="centre")


def draw_lost_page(page: Page, box: Rect, start_page: int) -> None:
    """Page 223: clouds, no chart; lost, both books start again on `start_page` (AoA Part A, Page 223 and Lost!;
    AoA VI: page 170, the printed books' start)."""
    cloud_y = box.y + box.height * 0.62
    for dx, dy, r in ((-60, 0, 40), (-10, 18, 50), (45, 5, 42), (90, -8, 30), (-100, -10, 28)):
        page.circle(box.x + box.width / 2 + dx, cloud_y + dy, r, fill_gray=0.9, width=0.3)
    page.fit_text(Rect(box.x, cloud_y - 16, box.width, 32), "LOST IN THE CLOUDS", 18, bold=True, align="centre")
    text = ("No maneuver chart. As a mid-turn page: your opponent called 223, so turn to the end page your "
            "opponent reads and play on. If you both called 223, or the end page is 223, you have lost sight "
            f"of each other: both may search and start again on page {start_page}, keeping your damage.")
    page.paragraph(Rect(box.x + 10, box.y + 40, box.width - 20, box.height * 0.35), text, 10)


def draw_instructions(page: Page, frame: Rect, book: DogfightBook, design: BookDesign, *,
                      print_note: str | None = None) -> None:
    """The book's first half-page: how to fly a turn with this book (AoA Standard Game, in fwdata's words), and
    at its foot `print_note` (a booklet's printing instructions), wrapped."""
    if print_note is not None:
        note_height = PRINT_NOTE_PT * 1.2 * 3 + 4
        page.paragraph(Rect(frame.x, frame.y, frame.width, note_height), print_note, PRINT_NOTE_PT)
        frame = Rect(frame.x, frame.y + note_height + 4, frame.width, frame.height - note_height - 4)
    head, rest = frame.take_top(50)
    page.fit_text(Rect(head.x, head.y + 22, head.width, 28), f"{book.depicts}", 20, bold=True)
    page.fit_text(Rect(head.x, head.y, head.width, 20),
                  f"Ace of Aces dogfighting book · {'Allied' if book.side == 'allied' else 'German'} side", 11)
    steps = [
        f"Set-up: both players open their books at page {design.start_page}; each has 12 damage points.",
        "1. Each player secretly picks one maneuver from the chart at the bottom of the page.",
        "2. Both call out the number under their own maneuver.",
        "3. Each turns to the number the OTHER player called and, ignoring the picture, reads the number "
        "under his own maneuver there. That is the end page; both books always give the same one.",
        "4. On the end page: FIRING n means you hit him for n damage; SHOT! means he hits you. TAILED means "
        "he is on your tail: next turn you pick first and tell him whether your maneuver is Left (L), Straight (S) "
        "or Right (R).",
        "5. A called page of 223: take your opponent's end page. Both called 223: you are lost (start again "
        f"at page {design.start_page}, damage kept). A plane with 12 damage is shot down.",
        "The picture: you fly the grey plane in the centre, nose up; the black plane is the enemy on his hex, "
        "nose where he flies. Shaded hexes are where your guns bear. Rings: Short, Medium, Long range.",
        "Generated by fwdata from a geometric model of the dogfight; not the printed book's artwork.",
    ]
    y = rest.top
    for step in steps:
        height = 58 if len(step) > 120 else 34 if len(step) > 60 else 20
        page.paragraph(Rect(rest.x, y - height, rest.width, height), step, 10)
        y -= height + 6
    codes = ", ".join(f"{c} {SHORT_NAMES[c]}" for c in MANEUVER_CODES)
    page.paragraph(Rect(rest.x, rest.y, rest.width, max(40.0, y - rest.y - 6)), f"Codes: {codes}.", 8)
