"""Fighting Wings A/C log sheets: blank, or pre-filled from a scenario's set-up (QS 1.9; OTR 3.5, 5.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fwdata.findings import Location
from fwdata.render.layout import Rect, Size
from fwdata.render.pdf import Page
from fwdata.systems.fw.render_grid import Cell, draw_grid, title_bar
from fwdata.units import inches

MARGIN_PT = inches(0.4)
LINE_PT = 17.0
MIN_TURN_ROWS = 20
HEADER_ROW_PT = 22.0
EMPTY_CELL = Cell("")

# One column per item the rules log each game turn, in the QS 4.0 flight-step order (digest 3.1).
COLUMNS: tuple[tuple[str, float], ...] = (
    ("Turn", 0.6),
    ("Hex / hexside", 1.2),
    ("Facing", 0.8),
    ("Alt. (L.I)", 0.85),
    ("Speed", 0.8),
    ("Bank", 0.7),
    ("Attitude", 0.9),
    ("0.5 FP carry", 0.8),
    ("Accel / decel carry", 0.95),
    ("Turn carry (turn / bank / slip FPs)", 1.5),
    ("Power (I C M E)", 0.85),
    ("MC", 0.6),
    ("Transition (type, steps)", 1.2),
    ("AFA", 0.6),
    ("HFP / VFP", 0.9),
    ("OC", 0.6),
    ("Decel / accel", 1.0),
    ("New speed", 0.8),
    ("Notes", 2.4),
)
LEGEND = ("Altitude as levels.increments (2.1 = 2,100 ft). Bank LV LB RB IV IL IR. Attitude LVL INV SHC STC VC "
          "SHD STD VD (prefix I = inverted). Power I idle, C cruise, M military, E emergency. Rates EZ TT HT BT ET. "
          "Carry the half FP, accel/decel points and turn FPs to the next line.")


@dataclass(frozen=True)
class Field:
    """A labelled header field of the sheet; `where` locates the scenario value that fills it."""

    label: str
    value: str = ""
    weight: float = 1.0
    where: Location | None = None


@dataclass(frozen=True)
class LogSheet:
    """What one log-sheet page shows: its header fields and the values of the first turn line, by column title."""

    title: str
    fields: tuple[Field, ...]
    first_turn: Mapping[str, Cell] = field(default_factory=dict)


BLANK_FIELDS = (
    Field("Aircraft", weight=1.6), Field("Callsign"), Field("Pilot", weight=1.3), Field("Quality / traits", weight=1.3),
    Field("Side"), Field("Formation"), Field("Flight"), Field("Scenario", weight=1.6),
)


def logsheet_size(paper: Size) -> Size:
    """Return the page size of a log sheet: landscape, since one line holds every logged item."""
    return paper.landscape


def draw_logsheet(page: Page, sheet: LogSheet) -> None:
    """Draw one A/C log sheet page: title, header fields, the column heads and one ruled line per game turn."""
    area = page.box.inset(MARGIN_PT)
    title_box, rest = area.take_top(16)
    title_bar(page, title_box, sheet.title, 10)
    fields_box, rest = rest.take_top(2 * HEADER_ROW_PT + 4)
    _draw_fields(page, Rect(fields_box.x, fields_box.y + 4, fields_box.width, fields_box.height - 4), sheet.fields)
    legend_box, rest = rest.take_top(20)
    page.paragraph(legend_box, LEGEND, 7, pad=1)
    head_height = 30.0
    lines = max(MIN_TURN_ROWS, int((rest.height - head_height - 2) // LINE_PT))
    line_height = (rest.height - head_height - 2) / lines
    header = [Cell(title, wrap=True) for title, _ in COLUMNS]
    rows: list[list[Cell]] = [header]
    blank_line = [EMPTY_CELL] * (len(COLUMNS) - 1)
    for turn in range(1, lines + 1):
        first = [sheet.first_turn.get(title, EMPTY_CELL) for title, _ in COLUMNS[1:]] if turn == 1 else blank_line
        rows.append([Cell(str(turn), bold=True, fill_gray=0.93), *first])
    grid = Rect(rest.x, rest.top - head_height - lines * line_height, rest.width, head_height + lines * line_height)
    draw_grid(page, grid, rows, [weight for _, weight in COLUMNS], heights=[head_height] + [line_height] * lines,
              size=7.5, header_rows=1)


def _draw_fields(page: Page, box: Rect, fields: Sequence[Field]) -> None:
    half = (len(fields) + 1) // 2
    for row_box, row_fields in zip(box.rows([1, 1], gap=2), (fields[:half], fields[half:]), strict=True):
        for cell, item in zip(row_box.columns([f.weight for f in row_fields], gap=4), row_fields, strict=True):
            page.rect(cell, width=0.5)
            label, value = cell.take_top(8)
            page.fit_text(label, item.label, 6.5, bold=True, gray=0.35)
            if item.value:
                page.fit_text(value, item.value, 9, where=item.where)


def blank_logsheet() -> LogSheet:
    """Return the blank sheet: empty header fields and turn lines."""
    return LogSheet(title="A/C LOG SHEET · Fighting Wings", fields=BLANK_FIELDS)


def _first(setup: Mapping[str, Any], keys: Sequence[str]) -> tuple[str, Any] | None:
    for key in keys:
        if key in setup and setup[key] is not None:
            return key, setup[key]
    return None


def altitude_text(value: Any, key: str) -> str:
    """Format an altitude the way the log records it, levels.increments (OTR 16.3; QS 1.6): 2100 ft -> '2.1'."""
    if key.endswith("_ft") and isinstance(value, int | float):
        return f"{int(value) // 1000}.{int(value) % 1000 // 100}"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def speed_text(value: Any) -> str:
    """Format a speed in FP with one decimal."""
    return f"{value:.1f}" if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


# The scenario set-up keys (schemas/fw/scenario.schema.json) that fill the first log line, by column (QS 1.9).
SETUP_KEYS: dict[str, tuple[str, ...]] = {
    "Hex / hexside": ("hexside", "hex"),
    "Facing": ("facing",),
    "Alt. (L.I)": ("altitude_ft",),
    "Speed": ("speed_fp",),
    "Bank": ("bank",),
    "Attitude": ("attitude",),
    "Power (I C M E)": ("power",),
}


def first_turn_cells(setup: Mapping[str, Any], locate: Any) -> dict[str, Cell]:
    """Return the first log line's cells from a scenario set-up; `locate(key)` gives the Location of a set-up key."""
    cells: dict[str, Cell] = {}
    for column, keys in SETUP_KEYS.items():
        found = _first(setup, keys)
        if found is None:
            continue
        key, value = found
        if column == "Alt. (L.I)":
            text = altitude_text(value, key)
        elif column == "Speed":
            text = speed_text(value)
        else:
            text = str(value)
        cells[column] = Cell(text, bold=True, where=locate(key))
    return cells
