"""Ace of Aces chart book: maneuvers, firing and gun charts, firing statistics, criticals, damage allocation, archie."""

from __future__ import annotations

from collections.abc import Sequence

from fwdata.game_system import Entry, RenderResult
from fwdata.render.flow import PageFlow
from fwdata.render.layout import Rect, Size
from fwdata.render.pdf import PdfDocument
from fwdata.systems.aoa import firing
from fwdata.systems.aoa.model import (
    ArchieChart,
    CriticalChart,
    DacGrid,
    DacLegend,
    FiringChart,
    ManeuverChart,
    SurvivalChart,
)
from fwdata.systems.aoa.render.pages import (
    GAP_PT,
    ROW_PT,
    TEXT_PT,
    TITLE_PT,
    draw_each,
    draw_title,
    finished,
    note_height,
    source_line,
    table_block,
    wrapped_lines,
)

DAC_ORDER = ("away-left", "away-right", "towards-left", "towards-right", "facing-towards", "facing-away",
             "above-below")
CRITICAL_ORDER = ("wing", "motor", "fuselage", "tail", "cockpit", "wheels")


def render_chart_book(charts: Sequence[Entry], maneuvers: Sequence[Entry], paper: Size) -> RenderResult:
    """Render the chart book: every chart, legible on Letter or A4 pages."""
    doc = PdfDocument("Ace of Aces chart book", subject="Ace of Aces charts and play aids (fwdata)")
    pager = PageFlow(doc, paper.portrait, "Ace of Aces chart book (fwdata)", gap_pt=GAP_PT)
    for entry in maneuvers:
        _maneuver_block(pager, entry)
    firing_entries = sorted((e for e in charts if isinstance(e.model, FiringChart)),
                            key=lambda e: (e.model.chart_type != "firing", e.model.id))
    for entry in firing_entries:
        _firing_block(pager, entry)
    models = [e.model for e in firing_entries]
    stat_tables = [t for t in [firing.powerhouse_table(models), *firing.original_tables(models)] if t]
    for table in stat_tables:
        _stats_block(pager, table)
    crit = {e.model.area: e for e in charts if isinstance(e.model, CriticalChart)}
    for area in CRITICAL_ORDER:
        if area in crit:
            _critical_block(pager, crit[area])
    draw_each(pager, charts, SurvivalChart, _survival_block)
    draw_each(pager, charts, DacLegend, _legend_block)
    grids = {e.model.view: e for e in charts if isinstance(e.model, DacGrid)}
    for view in DAC_ORDER:
        if view in grids:
            _dac_block(pager, grids[view])
    draw_each(pager, charts, ArchieChart, archie_block)
    if pager.page is None:
        pager.new_page()
    return finished("aoa/chart.pdf", doc)


def _yes_no(value: bool | None) -> str:
    return "?" if value is None else ("yes" if value else "-")


def _maneuver_block(pager: PageFlow, entry: Entry) -> None:
    chart: ManeuverChart = entry.model
    # The maneuvers' inconsistency flags are for `fwdata check`, not for the player's aid.
    rows = [["Code", "Speed", "Direction (as printed)", "Sample page", "Clicks", "Bar PH/orig.", "Difficult PH/orig."]]
    for m in chart.maneuvers:
        rows.append([m.code, m.speed, m.label, str(m.sample_page), str(m.clicks),
                     f"{_yes_no(m.stall_bar_powerhouse)}/{_yes_no(m.stall_bar_original)}",
                     f"{_yes_no(m.difficult_powerhouse)}/{_yes_no(m.difficult_original)}"])
    note = ("Clicks: compass points turned (XLVI); squares moved per turn: slow "
            f"{chart.squares_per_turn.get('slow', 0)}, cruising {chart.squares_per_turn.get('cruising', 1)}, fast "
            f"{chart.squares_per_turn.get('fast', 2)}. Bar and difficult: PH = Powerhouse lists, orig. = original "
            "rules; ? = the text does not settle it. The sample page is the printed chart's example column. "
            + source_line(entry.document))
    table_block(pager, chart.name, note, rows, weights=[0.5, 0.8, 2.4, 0.8, 0.6, 0.9, 1.1],
                where=entry.document.locate("/maneuvers"), row_pt=11.0)


def _firing_block(pager: PageFlow, entry: Entry) -> None:
    chart: FiringChart = entry.model
    if chart.chart_type == "firing":
        header = ["Ammo \\ die", *(str(r) for r in chart.die_rolls)]
        note = ("J = guns jammed (two Forward turns to clear). Opponent flew slow: +1 to the roll (column 7). "
                + source_line(entry.document))
    else:
        header = ["Shot \\ modified die", *(str(r) for r in chart.die_rolls)]
        note = ("J = jam; C = choice (intermediate) or choice/critical (advanced, XL). Modified roll below 0: "
                "miss; above 7: read 7. " + source_line(entry.document))
    rows = [header] + [[f"{row.ammo} {row.shot or ''}".strip(), *(_cell(c) for c in row.printed)]
                       for row in chart.rows]
    table_block(pager, chart.name, note, rows, weights=[1.6] + [1.0] * len(chart.die_rolls),
                where=entry.document.locate("/rows"))


def _stats_block(pager: PageFlow, table: firing.StatTable) -> None:
    with_c = table.rule.startswith("XIX")
    rows = [["Ammo", *table.columns]] + [[label, *(firing.cell_text(c, with_critical=with_c) for c in cells)]
                                         for label, cells in table.rows]
    table_block(pager, table.title, f"{table.note} ({table.rule}; exact, by enumerating the die.)", rows,
                weights=[1.3] + [1.4] * len(table.columns), size=7.0)


def _critical_block(pager: PageFlow, entry: Entry) -> None:
    chart: CriticalChart = entry.model
    doc = entry.document
    width = pager.frame.width
    widths = (width * 0.08, width * 0.22, width * 0.70)
    heights = []
    for result in chart.results:
        lines = wrapped_lines(result.text, widths[2] - 4, TEXT_PT)
        heights.append(max(ROW_PT, lines * TEXT_PT * 1.2 + 4))
    note = "Roll 2 dice. 'D' = one die roll. " + source_line(doc)
    total = TITLE_PT + note_height(note, width) + ROW_PT + sum(heights)
    page, box = pager.take(total, where=doc.locate("/name"))
    rest = draw_title(page, box, chart.name, note, doc.locate("/name"))
    header, rest = rest.take_top(ROW_PT)
    page.table(header, [["Roll", "Result", "Effect"]], weights=list(widths), size=TEXT_PT)
    for i, (result, height) in enumerate(zip(chart.results, heights, strict=True)):
        row, rest = rest.take_top(height)
        cols = [Rect(row.x, row.y, widths[0], height), Rect(row.x + widths[0], row.y, widths[1], height),
                Rect(row.x + widths[0] + widths[1], row.y, widths[2], height)]
        rolls = (str(result.rolls[0]) if len(result.rolls) == 1 else f"{result.rolls[0]}-{result.rolls[-1]}")
        page.fit_text(cols[0], rolls, TEXT_PT, bold=True, align="centre", where=doc.locate(f"/results/{i}/rolls"))
        page.fit_text(cols[1], result.title, TEXT_PT, bold=True, where=doc.locate(f"/results/{i}/title"))
        page.paragraph(cols[2], result.text, TEXT_PT, pad=2.0, where=doc.locate(f"/results/{i}/text"))
        for col in cols:
            page.rect(col, width=0.3)


def _survival_block(pager: PageFlow, entry: Entry) -> None:
    chart: SurvivalChart = entry.model
    rows = [["Outcome", "Survive on one die", "Saves"]]
    for outcome, rolls in chart.outcomes.items():
        rows.append([outcome.replace("-", " ").capitalize(), f"{rolls[0]}-{rolls[-1]}",
                     " and ".join(chart.saves[outcome])])
    table_block(pager, chart.name, source_line(entry.document), rows, weights=[1.5, 1.5, 1.5],
                where=entry.document.locate("/outcomes"), width_fraction=0.6)


def _legend_block(pager: PageFlow, entry: Entry) -> None:
    legend: DacLegend = entry.model
    rows = [["Letter", "Areas"]] + [[letter, " / ".join(areas)] for letter, areas in legend.letters.items()]
    shift = legend.poa_shift_squares
    note = (f"Point of aim moves by the defender's speed: slow {shift.get('slow')}, cruising {shift.get('cruising')}, "
            f"fast {shift.get('fast')} squares; the initial point may lie {legend.outside_squares} square outside the "
            "grid. Cockpit and wheels take critical hits only (XL). " + source_line(entry.document))
    table_block(pager, legend.name, note, rows, weights=[1.0, 3.0], where=entry.document.locate("/letters"),
                width_fraction=0.45, row_pt=11.0)


def _dac_block(pager: PageFlow, entry: Entry) -> None:
    grid: DacGrid = entry.model
    doc = entry.document
    square = 20.0
    grid_height = square * len(grid.rows)
    lookup_height = ROW_PT * (len(grid.lookups) + 1)
    note = "Blank squares: a clean miss. " + source_line(doc)
    total = TITLE_PT + note_height(note, pager.frame.width) + max(grid_height + 13, lookup_height) + 4
    page, box = pager.take(total, where=doc.locate("/name"))
    rest = draw_title(page, box, grid.name, note, doc.locate("/name"))
    rest = rest.take_top(13)[1]
    left = Rect(rest.x + 18, rest.top - grid_height, square * grid.columns, grid_height)
    for r, (label, cells) in enumerate(grid.rows):
        y = left.top - (r + 1) * square
        page.fit_text(Rect(rest.x, y, 16, square), label, 8, bold=True, align="centre")
        for c, letter in enumerate(cells):
            cell = Rect(left.x + c * square, y, square, square)
            page.rect(cell, width=0.4, fill_gray=None if letter == "." else 0.9)
            if letter != ".":
                page.fit_text(cell, letter, 10, bold=True, align="centre", where=doc.locate(f"/rows/{r}/cells"))
    for c in range(grid.columns):
        page.fit_text(Rect(left.x + c * square, left.top, square, 9), str(c + 1), 6.5, align="centre", gray=0.3)
    lookup_box = Rect(left.right + 24, rest.top - lookup_height, min(220.0, rest.right - left.right - 24),
                      lookup_height)
    rows = [["Defender maneuver", "Move point of aim"]] + [[who, poa] for who, poa in grid.lookups]
    page.table(lookup_box, rows, size=TEXT_PT, where=doc.locate("/lookups"))


def archie_block(pager: PageFlow, entry: Entry) -> None:
    chart: ArchieChart = entry.model
    rows = [["Altitude \\ 2d6", *(str(r) for r in chart.die_rolls)]]
    for band in chart.bands:
        rows.append([band.printed or f"{band.from_ft}-{band.to_ft}'", *(c.printed if c else "" for c in band.cells)])
    rows.append(["Hit location", *(a.capitalize() for a in chart.hit_location)])
    note = (f"Archie fires each move at planes below {chart.below_ft:,} ft over ARCHIES squares. Roll 2d6 for damage, "
            "then 2d6 for the area (all hits in one area); C = a critical hit there. " + source_line(entry.document))
    table_block(pager, chart.name, note, rows, weights=[1.6] + [1.0] * len(chart.die_rolls),
                where=entry.document.locate("/bands"))


def _cell(value: object) -> str:
    return "" if value is None else str(value)
