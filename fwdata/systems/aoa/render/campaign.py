"""Ace of Aces campaign set-up sheet: the AoA XLVI tables, archie, the battlefield map and fuel turns per plane."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from fwdata.game_system import Entry, RenderResult
from fwdata.render.flow import PageFlow
from fwdata.render.layout import Size
from fwdata.render.pdf import PdfDocument
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import ArchieChart, BattlefieldMap, RollMatrix, RollTable
from fwdata.systems.aoa.render.charts import archie_block
from fwdata.systems.aoa.render.pages import GAP_PT, draw_each, finished, source_line, table_block

CAMPAIGN_TABLES = ("duty-roster", "ground-position", "starting-altitude", "fuel", "starting-page")


def render_campaign_sheet(charts: Sequence[Entry], planes: Sequence[Entry], paper: Size) -> RenderResult:
    """Render the campaign set-up sheet: duty roster, ground position, fuel, altitude, start page, archie, map."""
    doc = PdfDocument("Ace of Aces campaign set-up sheet", subject="Ace of Aces campaign set-up (fwdata)")
    pager = PageFlow(doc, paper.portrait, "Ace of Aces campaign set-up sheet (fwdata)", gap_pt=GAP_PT)
    by_table: dict[str, Entry] = {}
    for entry in charts:
        if isinstance(entry.model, (RollTable, RollMatrix)):
            by_table[entry.model.table] = entry
    drawers: dict[str, Callable[[PageFlow, Entry], None]] = {
                                                           "duty-roster": _roll_table_block, "fuel": _roll_table_block,
                                                           "ground-position": _matrix_block,
                                                           "starting-altitude": _matrix_block,
                                                           "starting-page": _matrix_block}
    for name in CAMPAIGN_TABLES:
        if name in by_table:
            drawers[name](pager, by_table[name])
            if name == "fuel" and planes:
                _fuel_turns_block(pager, by_table[name], planes)
    draw_each(pager, charts, ArchieChart, archie_block)
    draw_each(pager, charts, BattlefieldMap, _map_block)
    if pager.page is None:
        pager.new_page()
    return finished("aoa/campaign-setup.pdf", doc)


def _roll_table_block(pager: PageFlow, entry: Entry) -> None:
    table: RollTable = entry.model
    rows = [["Roll", *(",".join(map(str, e.rolls)) for e in table.entries)],
            ["Result", *(e.printed for e in table.entries)]]
    mods = "; ".join(f"{d:+d} if {w}" for w, d in table.modifiers)
    note = (f"Roll {table.dice}" + (f" ({mods})" if mods else "") + ". " + source_line(entry.document))
    table_block(pager, table.name, note, rows, weights=[1.0] + [1.5] * len(table.entries),
                where=entry.document.locate("/entries"))


def _matrix_block(pager: PageFlow, entry: Entry) -> None:
    table: RollMatrix = entry.model
    header = [f"{table.row_roll} \\ {table.column_roll}", *("-".join(map(str, (c[0], c[-1])) if len(c) > 1
                                                                   else (str(c[0]),)) for c in table.columns)]
    unit = "'" if table.table == "starting-altitude" else ""
    rows = [header] + [["-".join(map(str, (r[0], r[-1]))) if len(r) > 1 else str(r[0]),
                        *(f"{c:,}{unit}" if isinstance(c, int) and unit else str(c) for c in cells)]
                       for r, cells in table.rows]
    shared = {"row": f"The {table.row_roll.lower()} is shared by both players; each rolls the "
                     f"{table.column_roll.lower()} alone. ",
              "column": f"The {table.column_roll.lower()} is shared by both players. "}.get(table.shared_roll or "", "")
    table_block(pager, table.name, shared + source_line(entry.document), rows,
                weights=[1.6] + [1.0] * len(table.columns), where=entry.document.locate("/rows"),
                width_fraction=0.75 if len(table.columns) > 3 else 0.5)


def _fuel_turns_block(pager: PageFlow, fuel: Entry, planes: Sequence[Entry]) -> None:
    table: RollTable = fuel.model
    fractions: list[Fraction] = []
    for e in table.entries:
        if e.tank_fraction is not None and e.tank_fraction not in fractions:
            fractions.append(e.tank_fraction)
    header = ["Plane", *("Full" if f == 1 else str(f) for f in fractions)]
    rows = [header] + [[p.model.name, *(str(rules.fuel_turns(p.model.fuel_turns, f)) for f in fractions)]
                       for p in planes]
    table_block(pager, "Fuel turns by plane", "Turns of fuel for each result of the Fuel table: full tank times the "
                "fraction, rounded up (XLVI). Out of fuel, the plane glides: dives of 200 ft up to its dive, no fast "
                "or fancy maneuvers.", rows, weights=[2.0] + [1.0] * len(fractions), width_fraction=0.7)


def _map_block(pager: PageFlow, entry: Entry) -> None:
    chart: BattlefieldMap = entry.model
    marks = {"field": "*", "trench": "T", "archies": "ARCH"}
    rows = [[s for s, _f in chart.squares], [marks.get(f or "", "") for _s, f in chart.squares]]
    note = ("West (left) to east (right); no centre square. * = field (land safely, no strafing), T = trench line, "
            "ARCH = archies. A plane flying past 15 east or west runs off the map (XLVI). "
            + source_line(entry.document))
    half = len(rows[0]) // 2
    table_block(pager, chart.name + " (west half)", note, [r[:half] for r in rows], size=6.5,
                where=entry.document.locate("/squares"))
    table_block(pager, chart.name + " (east half)", "", [r[half:] for r in rows], size=6.5,
                where=entry.document.locate("/squares"))
