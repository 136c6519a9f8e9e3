"""Dogfighting-book generation: a `book-design` document -> two self-consistent `book` documents (docs/aoa-books.md).

Each book's page p is the situation of page p (allied frame) seen from its
own cockpit; the page under maneuver m is the situation after its own plane
flies m with the enemy held still (the mid-turn page; AoA I).
Because the two planes' moves commute, A's book at B's call and B's book at
A's call name the same end page for every page and pair of maneuvers (AoA III).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from fwdata.findings import Finding, error
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.geometry import (
    FiringRule,
    Hex,
    Move,
    PageNumbering,
    Situation,
    TailingRule,
    aspect_deg,
    facing_of,
    hex_from,
    number_pages,
    start_faults,
    view_of,
)
from fwdata.systems.aoa.model import MANEUVER_CODES, SIDES


@dataclass(frozen=True)
class ShipDesign:
    """One book of a pair: its plane, guns and the geometry of the 26 maneuvers."""

    book_id: str
    name: str
    side: str
    depicts: str
    plane: str | None
    firing: FiringRule
    firing_rule: str
    moves: Mapping[str, Move]  # codes whose geometry is no hex centre are left out (a finding says so)
    index: int
    notes: str | None = None


@dataclass(frozen=True)
class Anchor:
    """A page fixed to an allied-frame situation by the rulebook."""

    page: int
    situation: Situation | None  # None when the offset is no hex centre
    rule: str
    index: int


@dataclass(frozen=True)
class BookDesign:
    """A book-pair design (kind `book-design`): the model the two books are generated from."""

    id: str
    name: str
    radius: int
    start_page: int
    ranges: tuple[str, ...]
    tailing: TailingRule
    tailing_rule: str
    ships: tuple[ShipDesign, ...]
    anchors: tuple[Anchor, ...]
    problems: tuple[tuple[str, str], ...] = field(default=())  # (JSON pointer, message) found while building

    def ship(self, side: str) -> ShipDesign | None:
        """Return the book of `side` (allied or german), or None."""
        return next((s for s in self.ships if s.side == side), None)


def _move(data: Mapping[str, Any]) -> Move:
    return Move(hex_from(int(data["right"]), float(data["ahead"])), int(data["turn"]))


def build_book_design(document: SourceDocument) -> BookDesign:
    """Build a BookDesign from a schema-valid `book-design` document.

    Offsets that are no hex centre (an odd column with a whole 'ahead') are left
    out of the model and listed in `problems`; check_book_design reports them.
    """
    return design_from_data(document.data)


def design_from_data(d: Mapping[str, Any]) -> BookDesign:
    """Build a BookDesign from plain (schema-valid) data."""
    problems: list[tuple[str, str]] = []
    ships = []
    for i, b in enumerate(d["books"]):
        moves: dict[str, Move] = {}
        for code, m in b["maneuvers"].items():
            try:
                moves[code] = _move(m)
            except ValueError as exc:
                problems.append((f"/books/{i}/maneuvers/{code}/ahead", f"{b['book_id']} maneuver {code}: {exc}"))
        f = b["firing"]
        ships.append(ShipDesign(
            book_id=b["book_id"], name=b["name"], side=b["side"], depicts=b["depicts"], plane=b.get("plane"),
            firing=FiringRule(float(f["arc_deg"]), int(f["max_distance_hexes"]), MappingProxyType(dict(f["damage"]))),
            firing_rule=f["rule"], moves=MappingProxyType(moves), index=i, notes=b.get("notes")))
    anchors = []
    for i, a in enumerate(d.get("anchors", ())):
        try:
            situation: Situation | None = Situation(hex_from(int(a["right"]), float(a["ahead"])), int(a["heading"]))
        except ValueError as exc:
            problems.append((f"/anchors/{i}/ahead", f"anchor page {a['page']}: {exc}"))
            situation = None
        anchors.append(Anchor(int(a["page"]), situation, a["rule"], i))
    t = d["tailing"]
    return BookDesign(
        id=d["id"], name=d["name"], radius=int(d["radius_hexes"]), start_page=int(d["start_page"]),
        ranges=tuple(d["ranges"]), tailing=TailingRule(float(t["bearing_max_deg"]), float(t["aspect_max_deg"])),
        tailing_rule=t["rule"], ships=tuple(ships), anchors=tuple(anchors), problems=tuple(problems))


# ------------------------------------------------------------------ design checks


def design_problems(design: BookDesign) -> list[tuple[str, str, str]]:
    """Return (code, JSON pointer, message) for every reason the design cannot generate books."""
    found = [("AOA-DESIGN-HEX", pointer, f"{message} (docs/aoa-books.md, Maneuvers)")
             for pointer, message in design.problems]
    sides = sorted(s.side for s in design.ships)
    if sides != sorted(SIDES):
        found.append(("AOA-DESIGN-SIDES", "/books",
                      f"the books are {' and '.join(sides)}; a pair needs one allied and one german book "
                      "(Part A, The Dogfighting Book)"))
    if len({s.book_id for s in design.ships}) != len(design.ships):
        found.append(("AOA-DESIGN-SIDES", "/books/1/book_id", "both books have the same book_id"))
    seen_pages: dict[int, int] = {}
    seen_situations: dict[Situation, int] = {}
    for anchor in design.anchors:
        if anchor.situation is None:
            continue
        if anchor.situation.offset.distance > design.radius:
            found.append(("AOA-DESIGN-ANCHOR", f"/anchors/{anchor.index}",
                          f"anchor page {anchor.page} lies {anchor.situation.offset.distance} hexes out, beyond "
                          f"the radius {design.radius}"))
        elif anchor.page in seen_pages:
            found.append(("AOA-DESIGN-ANCHOR", f"/anchors/{anchor.index}/page",
                          f"page {anchor.page} is anchored twice"))
        elif anchor.situation in seen_situations:
            found.append(("AOA-DESIGN-ANCHOR", f"/anchors/{anchor.index}",
                          f"anchor page {anchor.page} repeats the situation of page "
                          f"{seen_situations[anchor.situation]}"))
        seen_pages.setdefault(anchor.page, anchor.index)
        seen_situations.setdefault(anchor.situation, anchor.page)
    start = next((a for a in design.anchors if a.page == design.start_page), None)
    allied, german = design.ship("allied"), design.ship("german")
    if start is not None and start.situation is not None and allied is not None and german is not None:
        found += [("AOA-DESIGN-ANCHOR", f"/anchors/{start.index}", f"start page {design.start_page} {fault}")
                  for fault in start_faults(start.situation, allied.firing, german.firing)]
    return found


def check_book_design(document: SourceDocument, design: BookDesign) -> Iterator[Finding]:
    """Yield an error finding for every reason `design` cannot generate books (codes AOA-DESIGN-*)."""
    for code, pointer, message in design_problems(design):
        yield error(document.locate(pointer), code, message)


# ------------------------------------------------------------------ generation


@dataclass(frozen=True)
class GeneratedPair:
    """The numbering and the two generated book documents (plain data, ready to dump as YAML)."""

    design: BookDesign
    numbering: PageNumbering
    books: Mapping[str, dict[str, Any]]  # side -> book document


def numbering_for(design: BookDesign) -> PageNumbering:
    """Number the pages of `design` (anchors first, then canonical order). Raises ValueError on bad anchors."""
    return number_pages(design.radius, [(a.page, a.situation) for a in design.anchors if a.situation is not None])


def own_situation(situation: Situation, side: str) -> Situation:
    """Express an allied-frame situation in the cockpit of `side`."""
    return situation if side == "allied" else situation.inverse()


def allied_situation(situation: Situation, side: str) -> Situation:
    """Express a situation seen from `side`'s cockpit in the allied frame."""
    return situation if side == "allied" else situation.inverse()


def next_pages(numbering: PageNumbering, ship: ShipDesign, page: int) -> list[int]:
    """The maneuver chart of one page of `ship`'s book: the page under each code, A..Z."""
    allied = numbering.situation(page)
    assert allied is not None
    own = own_situation(allied, ship.side)
    return [numbering.page_of(allied_situation(own.after_own_move(ship.moves[code]), ship.side))
            for code in MANEUVER_CODES]


def page_record(design: BookDesign, numbering: PageNumbering, ship: ShipDesign, enemy: ShipDesign,
                page: int) -> dict[str, Any]:
    """One generated page of `ship`'s book: range, view, facing, tags, damage and chart."""
    if page == numbering.lost_page:
        return {"page": page, "enemy_visible": False}
    allied = numbering.situation(page)
    assert allied is not None
    own = own_situation(allied, ship.side)
    theirs = own.inverse()
    record: dict[str, Any] = {"page": page}
    distance = own.offset.distance
    if distance == 0:
        # Above or below: the picture points where he comes from (Losing Sight of the Enemy).
        record["view"] = view_of(Hex(0, 1).rotated(own.heading + 3).bearing_deg())
        record["enemy_visible"] = False
    else:
        record["range"] = design.ranges[distance - 1]
        record["view"] = view_of(own.offset.bearing_deg())
        record["facing"] = facing_of(aspect_deg(own))
        record["enemy_visible"] = True
        if design.tailing.tailing(own):
            record["tag"] = "tailing"
        elif design.tailing.tailing(theirs):
            record["tag"] = "tailed"
        if ship.firing.fires(own):
            record["firing"] = True
            record["damage"] = ship.firing.damage[record["range"]]
        if enemy.firing.fires(theirs):
            record["shot"] = True
    record["next"] = next_pages(numbering, ship, page)
    return record


def generate_books(design: BookDesign, source: str = "") -> GeneratedPair:
    """Generate both books of `design` as `book` documents.

    Raises ValueError when the design has problems (see design_problems).
    `source` names the design file in the books' provenance.
    """
    problems = design_problems(design)
    if problems:
        raise ValueError("; ".join(message for _code, _pointer, message in problems))
    numbering = numbering_for(design)
    books: dict[str, dict[str, Any]] = {}
    for ship in design.ships:
        enemy = next(s for s in design.ships if s is not ship)
        pages = [page_record(design, numbering, ship, enemy, n) for n in range(1, numbering.lost_page + 1)]
        books[ship.side] = {
            "system": "aoa", "kind": "book", "id": ship.book_id, "name": ship.name,
            "provenance": {
                "status": "authored",
                "source": f"generated by fwdata aoa books from {source or design.id} (book-design {design.id})",
                "notes": ("Generated from the geometric model of docs/aoa-books.md, not copied from the printed "
                          "books (their tables are not in the rulebook). Do not edit by hand: change the design "
                          "and run fwdata aoa books again."),
            },
            "side": ship.side, "depicts": ship.depicts, "opponent": enemy.book_id,
            "start_pages": [design.start_page], "pages": pages,
        }
    return GeneratedPair(design, numbering, MappingProxyType(books))


# ------------------------------------------------------------------ writing


def _flow(record: Mapping[str, Any]) -> str:
    parts = []
    for key, value in record.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, list):
            text = "[" + ", ".join(str(v) for v in value) + "]"
        else:
            text = str(value)
        parts.append(f"{key}: {text}")
    return "{" + ", ".join(parts) + "}"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# The modeline of the bundled books (cards/aoa/books/ in the base library).
LIBRARY_BOOK_SCHEMA = "../../../schemas/aoa/book.schema.json"


def book_yaml(book: Mapping[str, Any], schema_ref: str = LIBRARY_BOOK_SCHEMA) -> str:
    """Render a generated book as YAML text: the envelope, then one flow mapping per page.

    `schema_ref` is the modeline's path to the book schema, relative to the written file.
    """
    prov = book["provenance"]
    lines = [
        f"# yaml-language-server: $schema={schema_ref}",
        "# Generated by `fwdata aoa books`; do not edit by hand (docs/aoa-books.md).",
        "# next: the page under each maneuver code, in order A..Z.",
        "system: aoa", "kind: book", f"id: {book['id']}", f"name: {_quote(book['name'])}",
        "provenance:", f"  status: {prov['status']}", f"  source: {_quote(prov['source'])}",
        f"  notes: {_quote(prov['notes'])}",
        f"side: {book['side']}", f"depicts: {_quote(book['depicts'])}", f"opponent: {book['opponent']}",
        f"start_pages: [{', '.join(str(p) for p in book['start_pages'])}]", "pages:",
    ]
    lines += [f"  - {_flow(page)}" for page in book["pages"]]
    return "\n".join(lines) + "\n"


def write_books(pair: GeneratedPair, out_dir: Path) -> list[Path]:
    """Write both books as `<book id>.yaml` into `out_dir` (created if needed); return the paths.

    Each modeline points at the book schema of the pack `out_dir` belongs to
    (`<pack>/.fwdata/schemas/`, written there when missing; the base library's own
    `schemas/` inside it). Raises OutputError when a file cannot be written.
    """
    from fwdata.cli.schema_export import schema_reference
    from fwdata.output.write import write_file

    written = []
    for side in SIDES:
        book = pair.books[side]
        path = out_dir / f"{book['id']}.yaml"
        write_file(path, book_yaml(book, schema_reference(path, ("aoa", "book"))).encode("utf-8"))
        written.append(path)
    return written


# ------------------------------------------------------------------ catalog checks


def _record_of(page: Any) -> dict[str, Any]:
    """A catalog BookPage as the generator writes it (false flags and absent values left out)."""
    record: dict[str, Any] = {"page": page.page}
    for key in ("range", "view", "facing"):
        if getattr(page, key) is not None:
            record[key] = getattr(page, key)
    record["enemy_visible"] = page.enemy_visible
    if page.tag is not None:
        record["tag"] = page.tag
    if page.firing:
        record["firing"] = True
    if page.damage is not None:
        record["damage"] = page.damage
    if page.shot:
        record["shot"] = True
    if page.next is not None:
        record["next"] = [page.next.get(code) for code in MANEUVER_CODES]
    return record


def check_book_designs(designs: Sequence[Any], books: Sequence[Any]) -> Iterator[Finding]:
    """Check every book-design entry, and every catalog book it generates against what it generates.

    AOA-DESIGN-* for designs that cannot generate books; AOA-DESIGN-STALE for a
    book file that differs from its design's output (edited by hand, or the
    design changed since `fwdata aoa books` ran). Entries are catalog Entry values.
    """
    by_id = {entry.model.id: entry for entry in books}
    for entry in designs:
        design: BookDesign = entry.model
        problems = list(check_book_design(entry.document, design))
        yield from problems
        if problems:
            continue
        pair = generate_books(design)
        for side, generated in pair.books.items():
            book_entry = by_id.get(generated["id"])
            if book_entry is None:
                continue
            have = {p.page: p for p in book_entry.model.pages}
            stale = [record["page"] for record in generated["pages"]
                     if record["page"] not in have or _record_of(have[record["page"]]) != record]
            if stale or book_entry.model.side != side:
                first = have.get(stale[0]) if stale else None
                pointer = f"/pages/{first.index}" if first is not None else "/side"
                yield error(book_entry.document.locate(pointer), "AOA-DESIGN-STALE",
                            f"{len(stale)} page{'s' if len(stale) != 1 else ''} of book {generated['id']} "
                            f"(first: {stale[0] if stale else 'side'}) differ from what book-design {design.id} "
                            f"generates; run `fwdata aoa books {entry.document.path} --out <folder>` again "
                            "(docs/aoa-books.md)")
