"""Flight Leader aircraft card: one 5 x 3 in card of a list row (FL 21.1) and its counter data (FL 1.2.1)."""

from __future__ import annotations

from fwdata.findings import Location
from fwdata.render.citations import printable_citation
from fwdata.render.fonts import wrap_words
from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl import rules
from fwdata.systems.fl.citations import CITATIONS
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, ListNote
from fwdata.units import inches

# A Flight Leader aircraft card is a 5 x 3 in index card.
SAFE_PT = inches(0.125)  # frame and text stay this far inside the trim (print conventions)
LIST_NAMES = {
    "light-blue": "Light Blue (USN/USMC)",
    "dark-blue": "Dark Blue (USAF)",
    "green": "Green (NATO)",
    "gray": "Gray (Misc.)",
    "red": "Red (USSR/China)",
}
WRITE_IN_NOTE = "Blank boxes: values lost from the rulebook; fill them in from your counter and aircraft list."
WRITE_IN_WIDTH_PT = 26.0
LOST = None  # a cell drawn as an empty write-in box
FOOT_PT = 6.0  # the source line at the foot of the card
FOOT_LINE_PT = 7.0
FOOT_PAD_PT = 1.5
LIST_GRAY = {"light-blue": 0.88, "dark-blue": 0.72, "green": 0.8, "gray": 0.84, "red": 0.76}


def show(value: object) -> str:
    """Format a value for a card: '?' for lost, '-' for a printed dash, 'yes'/'no' for booleans."""
    if value is None:
        return "-"
    if value == UNKNOWN:
        return "?"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def draw_aircraft_card(page: Page, aircraft: FlAircraft, document: SourceDocument, notes: dict[str, ListNote]) -> None:
    """Draw one 5 x 3 in aircraft card: list row (FL 21.1), counter data (FL 1.2.1), points, notes."""
    where = document.locate("/name")
    # The frame sits on the safe line, with bleed or without: a cut a little off never trims it.
    frame = SAFE_PT
    box = page.box.inset(frame + 4)
    page.rect(page.box.inset(frame), width=0.8)
    head, rest = box.take_top(20)
    page.rect(head, stroke=False, fill_gray=LIST_GRAY.get(aircraft.list or "", 0.9))
    name_box, unit_box = head.take_left(head.width * 0.68)
    page.fit_text(name_box, aircraft.name, 11, bold=True, where=where)
    unit = (aircraft.unit_name or "") + ("*" if aircraft.variant else "")
    page.fit_text(unit_box, f"unit {unit}", 10, bold=True, align="right", where=where)
    sub, rest = rest.take_top(17)
    parts = [aircraft.full_name or ""] if aircraft.full_name and aircraft.full_name != aircraft.name else []
    if aircraft.list:
        parts.append(f"{LIST_NAMES.get(aircraft.list, aircraft.list)} list {aircraft.list_rule or ''}".strip())
    if aircraft.base and aircraft.unit_name:
        parts.append(f"variant of unit {aircraft.unit_name}")
    if aircraft.represents:
        parts.append(f"represents {aircraft.represents}")
    page.paragraph(sub, " · ".join(parts) or " ", 7, pad=1, where=where)
    rest = Rect(rest.x, rest.y, rest.width, rest.height - 2)
    left, right = rest.take_left(rest.width * 0.56)
    left = Rect(left.x, left.y, left.width - 4, left.height)
    row_box, left = left.take_top(30)
    numbers = f"{aircraft.unit_numbers[0]}-{aircraft.unit_numbers[1]}" if aircraft.unit_numbers else LOST
    wrote_in = _table_with_write_ins(
        page,
        row_box,
        [
            ["Unit No.", "Date", "MS", "MA", "MSLS", "PR US"],
            [
                numbers,
                _list_value(aircraft.in_service_year),
                _list_value(aircraft.ms),
                _list_value(aircraft.ma),
                _list_value(aircraft.msls),
                _list_value(aircraft.primary_use),
            ],
        ],
        weights=[1.4, 1, 0.8, 0.8, 1, 1],
        size=8,
        where=document.locate("/ms"),
        align="centre-all",
    )
    gap, left = left.take_top(4)
    pts_box, left = left.take_top(30)
    letters = list(rules.RATING_LETTERS)
    wrote_in |= _table_with_write_ins(
        page,
        pts_box,
        [["SP", *letters], ["points", *(_list_value(aircraft.points_at(x)) for x in letters)]],
        weights=[1.3] + [1] * 6,
        size=8,
        where=document.locate("/scenario_points"),
    )
    gap, left = left.take_top(4)
    counter = aircraft.counter
    wrote_in |= _table_with_write_ins(
        page,
        right,
        [
            ["Counter (1.2.1)", ""],
            ["Turn type", _counter_value(counter.turn_type)],
            ["Size", _counter_value(counter.size)],
            ["Acceleration", _counter_value(counter.acceleration)],
            ["Afterburner", _counter_value(counter.afterburner)],
            ["Supersonic", _counter_value(counter.supersonic)],
            ["Radar", _counter_value(counter.radar)],
            ["Countermeasures", _counter_value(counter.countermeasures)],
            ["Crew", _counter_value(counter.crew)],
            ["Bubble canopy", _counter_value(counter.bubble_canopy)],
            ["Missile rails", _counter_value(counter.missile_rails)],
            ["Internal gun", _counter_value(counter.internal_gun)],
            ["External gun", _counter_value(counter.external_gun)],
        ],
        weights=[1.3, 1],
        size=7.5,
        where=document.locate("/counter"),
    )
    lines = []
    if aircraft.unit_info_changes:
        lines.append("Unit info changes: " + "; ".join(aircraft.unit_info_changes))
    letters_noted = tuple(aircraft.notes.get("letters", ()))
    if aircraft.notes.get("built"):
        lines.append(
            "Built: "
            + str(aircraft.notes["built"])
            + (" (" + "/".join(aircraft.notes.get("countries", ())) + ")" if aircraft.notes.get("countries") else "")
        )
    for letter in letters_noted:
        note = notes.get(letter)
        lines.append(f"{letter}. {note.summary if note else ''}")
    if wrote_in:
        lines.append(WRITE_IN_NOTE)
    # The source line is wrapped, never cut: a list of scenarios is read to its end.
    source = printable_citation(str(aircraft.provenance.get("source", "")), CITATIONS)
    source_lines = wrap_words(source, left.width - 2 * FOOT_PAD_PT, FOOT_PT) or (source,)
    foot_height = FOOT_LINE_PT * len(source_lines)
    left = Rect(left.x, left.y + foot_height + 1, left.width, left.height - foot_height - 1)
    page.paragraph(left, "\n".join(lines) or " ", 6.5, where=document.locate("/notes"))
    for number, line in enumerate(source_lines):
        row = Rect(left.x, left.y - 1 - FOOT_LINE_PT * (number + 1), left.width, FOOT_LINE_PT)
        page.fit_text(row, line, FOOT_PT, gray=0.35, pad=FOOT_PAD_PT, where=where)


def _list_value(value: object) -> str | None:
    """Format a list-row value: a write-in box when the rulebook lost it, '-' for a printed dash."""
    return LOST if value == UNKNOWN else show(value)


def _counter_value(value: object) -> str | None:
    """Format a counter value: a write-in box when it is lost or not given (the counters are not in the text)."""
    return LOST if value is None or value == UNKNOWN else show(value)


def _table_with_write_ins(page: Page, box: Rect, rows: list[list[str | None]], *, weights: list[float], size: float,
                          where: Location, align: str = "centre") -> bool:
    """Draw a ruled table whose None cells are empty write-in boxes; return True if any box was drawn."""
    page.table(box, [[cell or "" for cell in row] for row in rows], weights=weights, size=size, where=where,
               align=align)
    columns = box.columns(weights)
    drawn = False
    for row, row_box in zip(rows, box.rows([1.0] * len(rows)), strict=True):
        for cell, column in zip(row, columns, strict=False):
            if cell is LOST:
                width = min(column.width - 4, WRITE_IN_WIDTH_PT)
                height = min(row_box.height - 4, size + 3)
                page.rect(Rect(column.x + (column.width - width) / 2, row_box.y + (row_box.height - height) / 2,
                               width, height), width=0.4)
                drawn = True
    return drawn
