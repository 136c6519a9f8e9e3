"""Ace of Aces rendering: plane cards, Pilot's Log, chart book pages and the campaign set-up sheet.

Outputs, relative to the build folder:
  aoa/plane/<id>.pdf          one poker card (2.5 x 3.5 in) per plane, page = trim
  aoa/plane.pdf               every card imposed at true size with crop marks (9-up on Letter or A4)
  aoa/pilots-log/blank.pdf    a blank Pilot's Log
  aoa/pilots-log/<id>.pdf     a Pilot's Log with one plane's statistics filled in
  aoa/chart.pdf               the chart book: maneuvers, firing and gun charts, firing statistics,
                              critical hit charts, damage allocation charts, archie
  aoa/campaign-setup.pdf      the campaign set-up sheet (XLVI tables, map, fuel turns per plane)
  aoa/book/<id>.pdf           a generated dogfighting book as a booklet (render_books.py)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial

from fwdata.citations import printable_citation
from fwdata.findings import Location
from fwdata.game_system import Catalog, Entry, Output, PlannedOutput, RenderResult, render_planned
from fwdata.options import BuildOptions
from fwdata.render.flow import PageFlow
from fwdata.render.layout import CARD_SIZES, PAPER_SIZES, Rect, Size
from fwdata.render.pdf import Page, PdfDocument, wrap_words
from fwdata.render.sheets import draw_card_sheets
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa import firing, rules
from fwdata.systems.aoa.model import (
    ArchieChart,
    BattlefieldMap,
    CriticalChart,
    DacGrid,
    DacLegend,
    FiringChart,
    ManeuverChart,
    Plane,
    RollMatrix,
    RollTable,
    SurvivalChart,
)
from fwdata.systems.aoa.render_books import plan_book_outputs
from fwdata.units import inches

SYSTEM = "aoa"
TEXT_PT = 7.5
ROW_PT = 12.0
TITLE_PT = 16.0
GAP_PT = 12.0
CARD_SAFE_PT = inches(0.125)  # keep text 1/8 in inside the trim (print conventions)
GUN_NAMES = {"single-non-synch": "1 non-synch", "single-synch": "1 synch", "double-synch": "2 synch"}
DAC_ORDER = ("away-left", "away-right", "towards-left", "towards-right", "facing-towards", "facing-away",
             "above-below")
CRITICAL_ORDER = ("wing", "motor", "fuselage", "tail", "cockpit", "wheels")
CAMPAIGN_TABLES = ("duty-roster", "ground-position", "starting-altitude", "fuel", "starting-page")


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every Ace of Aces output (see the module docstring for the paths)."""
    return render_planned(plan_outputs(catalog, options))


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every Ace of Aces output unrendered, with the entries each is drawn from (in render order).

    The chart book, the campaign sheet and the books count as drawn from all of Ace of Aces.
    """
    paper = PAPER_SIZES[options.paper]
    planes = catalog.entries(SYSTEM, "plane")
    plane_keys = tuple((SYSTEM, "plane", doc_id) for doc_id in catalog.ids(SYSTEM, "plane"))
    card = CARD_SIZES["poker"]
    plans = [PlannedOutput(f"aoa/plane/{entry.model.id}.pdf", (key,), partial(_plane_card, entry, card))
             for key, entry in zip(plane_keys, planes, strict=True)]
    if planes:
        plans.append(PlannedOutput("aoa/plane.pdf", plane_keys, lambda: render_card_sheet(planes, card, paper)))
    charts = catalog.entries(SYSTEM, "chart")
    maneuvers = catalog.entries(SYSTEM, "maneuvers")
    if planes or charts or maneuvers or catalog.entries(SYSTEM, "book"):  # only for a pack with Ace of Aces data
        plans.append(PlannedOutput("aoa/pilots-log/blank.pdf", (), lambda: render_pilots_log(None, paper)))
    plans += [PlannedOutput(f"aoa/pilots-log/{entry.model.id}.pdf", (key,),
                            partial(render_pilots_log, entry, paper))
              for key, entry in zip(plane_keys, planes, strict=True)]
    if charts or maneuvers:
        plans.append(PlannedOutput("aoa/chart.pdf", None, lambda: render_chart_book(charts, maneuvers, paper)))
    if any(isinstance(e.model, (RollTable, RollMatrix, BattlefieldMap, ArchieChart)) for e in charts):
        plans.append(PlannedOutput("aoa/campaign-setup.pdf", None,
                                   lambda: render_campaign_sheet(charts, planes, paper)))
    plans += [PlannedOutput(f"aoa/book/{book_id}.pdf", None, render)
              for book_id, render in plan_book_outputs(catalog, catalog.models(SYSTEM, "book-design"), options.paper)]
    return plans


def _plane_card(entry: Entry, card: Size) -> RenderResult:
    doc = PdfDocument(f"{entry.model.name} · Ace of Aces plane card", subject="Ace of Aces plane card (fwdata)")
    draw_plane_card(doc.new_page(card), entry.model, entry.document)
    return _finished(f"aoa/plane/{entry.model.id}.pdf", doc)


def _finished(path: str, doc: PdfDocument) -> RenderResult:
    return RenderResult(outputs=[Output(path, doc.finish())], findings=list(doc.findings))


# ------------------------------------------------------------------------ plane cards


def _ft(value: int) -> str:
    return f"{value:,} ft"


def plane_lines(plane: Plane) -> list[tuple[str, str, str]]:
    """Return the card's statistics as (label, value, source pointer) rows, values as the rules use them."""
    pd_speed = "not given" if plane.power_dive_speed is None else f"{plane.power_dive_speed} in a row"
    return [
        ("Climb", _ft(plane.climb_ft), "/climb_ft"),
        ("Zoom", f"{_ft(plane.zoom_ft)} · {plane.zoom_speed} in a row", "/zoom_ft"),
        ("Dive", _ft(plane.dive_ft), "/dive_ft"),
        ("Power dive", f"{plane.power_dive_min_ft:,}-{plane.power_dive_max_ft:,} ft · {pd_speed}", "/power_dive_ft"),
        ("Speed (fasts)", f"{plane.speed_low} up to 7,000 ft · {plane.speed_high} above", "/speed"),
        ("Ceiling", _ft(plane.ceiling_ft), "/ceiling_ft"),
        ("Fuel", f"{plane.fuel_turns} turns", "/fuel_turns"),
    ]


def gun_lines(plane: Plane) -> list[str]:
    """Return one line per gun: chart name and ammo (XVIII for a Lewis)."""
    lines = []
    for gun in plane.guns:
        if gun.lewis:
            lines.append(f"Lewis ({GUN_NAMES[gun.type]}): {gun.drums} drums of {gun.ammo}")
        else:
            lines.append(f"{GUN_NAMES[gun.type]} · ammo {gun.ammo}")
    return lines


def draw_plane_card(page: Page, plane: Plane, doc: SourceDocument) -> None:
    """Draw one plane card on a poker-size page (Chart Book Plane Stats; XXX, XXXII, XXXIII, XXIV, XXXVII)."""
    where = doc.locate
    box = page.box.inset(CARD_SAFE_PT)
    page.rect(page.box.inset(3), width=0.6)
    title, rest = box.take_top(18)
    page.rect(title, stroke=False, fill_gray=0.15 if plane.side == "german" else 0.35)
    page.fit_text(title, plane.name, 11, bold=True, gray=1.0, where=where("/name"))
    sub, rest = rest.take_top(12)
    side = "German book" if plane.side == "german" else "Allied book"
    page.fit_text(sub, f"{plane.nation} · {side}", 7, italic=True, where=where("/nation"))
    service, rest = rest.take_top(10)
    page.fit_text(service, f"On line: {plane.service_printed or 'not given'}", 6.5, where=where("/service"))
    rest = rest.take_top(3)[1]
    lines = plane_lines(plane)
    stats, rest = rest.take_top(ROW_PT * len(lines))
    for (label, value, pointer), row in zip(lines, stats.rows([1.0] * len(lines)), strict=True):
        left, right = row.take_left(row.width * 0.36)
        page.fit_text(left, label, 7, bold=True, where=where(pointer))
        page.fit_text(right, value, 7.5, where=where(pointer))
        page.line(row.x, row.y, row.right, row.y, 0.25, gray=0.6)
    rest = rest.take_top(4)[1]
    hp_box, rest = rest.take_top(ROW_PT * 4)
    top, bottom = hp_box.rows([1.0, 1.0])
    page.table(top, [["Adv. HP", "Wing", "Tail", "Motor", "Fus."],
                     ["", str(plane.wing_hp), str(plane.advanced_tail_hp), str(plane.motor_hp),
                      str(plane.fuselage_hp)]],
               weights=[1.4, 1, 1, 1, 1], size=7, align="centre-all", where=where("/hit_points/advanced"))
    page.table(bottom, [["Int. HP", "Front", "Side", "Tail", ""],
                        ["", str(plane.front_hp), str(plane.side_hp), str(plane.tail_hp), ""]],
               weights=[1.4, 1, 1, 1, 1], size=7, align="centre-all", where=where("/hit_points/intermediate"))
    rest = rest.take_top(3)[1]
    for k, line in enumerate(gun_lines(plane)):
        gun_box, rest = rest.take_top(11)
        page.fit_text(gun_box, ("Guns: " if k == 0 else "") + line, 7.5, bold=k == 0, where=where(f"/guns/{k}"))
    footer = Rect(box.x, box.y, box.width, 9)
    reminder = Rect(box.x, footer.top + 1, box.width, max(0.0, rest.top - footer.top - 3))
    if reminder.height >= 24:
        page.paragraph(reminder, "Speed: FAST maneuvers in a row (XXX); power-dive and zoom fasts do not count. "
                       "Zoom only after a full power dive (XXXIII).", 6.5, pad=0.5, where=where("/speed"))
    page.fit_text(footer, "Ace of Aces · Plane Stats, Chart Book", 6, italic=True,
                  gray=0.35, where=where("/provenance"))


def render_card_sheet(planes: Sequence[Entry], card: Size, paper: Size) -> RenderResult:
    """Impose every plane card at true size on `paper` with crop marks outside the trims (shared imposition)."""
    doc = PdfDocument("Ace of Aces plane cards", subject="Imposed plane cards (fwdata); print at 100 %")
    draw_card_sheets(doc, planes, card, paper, lambda page, entry: draw_plane_card(page, entry.model, entry.document))
    result = _finished("aoa/plane.pdf", doc)
    result.findings = []  # the single-card files already report any overflow
    return result


# ------------------------------------------------------------------------ Pilot's Log

LOG_COLUMNS = (("Turn", 0.55), ("Speed", 0.8), ("Maneuver", 1.0), ("Opp 1 pg", 0.9), ("Opp 2 pg", 0.9),
               ("Opp 3 pg", 0.9), ("Altitude", 1.0), ("Inclin.", 0.8), ("Direction", 0.9), ("Location", 0.9))
LOG_ROWS = 30


def log_header(plane: Plane | None) -> list[tuple[str, str]]:
    """Return the Pilot's Log header fields (Chart Book, Pilot's Log), filled from a plane if given."""
    def value(text: str) -> str:
        return text if plane is not None else ""
    p = plane
    return [
        ("Pilot", ""), ("Jasta/Squad", ""), ("Nation", value(p.nation if p else "")), ("Date", ""),
        ("Plane make", value(p.name if p else "")), ("Mission (F/B/T/R/A)", ""),
        ("Speed (___/F)", value(f"{p.speed_low}/{p.speed_high}" if p else "")),
        ("Climb", value(_ft(p.climb_ft) if p else "")),
        ("Zoom (/Z)", value(f"{p.zoom_ft} / {p.zoom_speed}Z" if p else "")),
        ("Dive", value(_ft(p.dive_ft) if p else "")),
        ("Power dive (/___P)", value(f"{p.power_dive_min_ft}-{p.power_dive_max_ft} / "
                                     f"{p.power_dive_speed if p.power_dive_speed is not None else '-'}P" if p else "")),
        ("Ceiling", value(_ft(p.ceiling_ft) if p else "")),
    ]


def render_pilots_log(entry: Entry | None, paper: Size) -> RenderResult:
    """Render a Pilot's Log: blank, or with one plane's statistics filled in."""
    plane: Plane | None = entry.model if entry else None
    title = f"Pilot's Log · {plane.name}" if plane else "Pilot's Log"
    doc = PdfDocument(f"{title} · Ace of Aces", subject="Ace of Aces Pilot's Log (fwdata)")
    page = doc.new_page(paper.portrait)
    where = entry.document.locate if entry else (lambda pointer="": Location(title))
    frame = page.box.inset(inches(0.4))
    head, rest = frame.take_top(20)
    page.fit_text(head, "PILOT'S LOG · Ace of Aces", 14, bold=True)
    fields = log_header(plane)
    grid, rest = rest.take_top(2 * 26)
    for r, row_box in enumerate(grid.rows([1.0, 1.0])):
        for (label, value), cell in zip(fields[6 * r:6 * r + 6], row_box.columns([1.0] * 6), strict=True):
            _field(page, cell, label, value, where("/name"))
    rest = rest.take_top(4)[1]
    hits, rest = rest.take_top(30)
    parts = hits.columns([4.0, 3.0, 1.0, 1.6, 1.2], gap=4)
    adv = [str(plane.wing_hp), str(plane.advanced_tail_hp), str(plane.motor_hp), str(plane.fuselage_hp)] if plane \
        else [""] * 4
    inter = [str(plane.front_hp), str(plane.side_hp), str(plane.tail_hp)] if plane else [""] * 3
    page.table(parts[0], [["Adv. hits", "Wing", "Tail", "Motor", "Fuselage"], ["", *adv]],
               weights=[1.3, 1, 1, 1, 1.3], size=7, align="centre-all", where=where("/hit_points/advanced"))
    page.table(parts[1], [["Int. hits", "Front", "Side", "Tail"], ["", *inter]], weights=[1.3, 1, 1, 1], size=7,
               align="centre-all", where=where("/hit_points/intermediate"))
    _field(page, parts[2], "Fuel", str(plane.fuel_turns) if plane else "", where("/fuel_turns"))
    _field(page, parts[3], "Gun", "; ".join(GUN_NAMES[g.type] for g in plane.guns) if plane else "", where("/guns"))
    _field(page, parts[4], "Ammo", plane.printed.get("ammo", str(plane.main_gun.ammo)) if plane else "",
           where("/guns"))
    rest = rest.take_top(6)[1]
    footer, body = rest.take_top(rest.height - 12)[::-1] if False else (Rect(rest.x, rest.y, rest.width, 12),
                                                                         Rect(rest.x, rest.y + 12, rest.width,
                                                                              rest.height - 12))
    table_box, side = body.take_left(body.width * 0.74)
    side = side.inset(4, 0)
    rows = [[name for name, _w in LOG_COLUMNS]] + [[str(n)] + [""] * (len(LOG_COLUMNS) - 1)
                                                   for n in range(1, LOG_ROWS + 1)]
    page.table(table_box, rows, weights=[w for _n, w in LOG_COLUMNS], size=7, align="centre-all")
    _log_trackers(page, side)
    page.fit_text(footer, "Opp 1-3 pg: mid-turn page for each opponent (XLV). Inclination: Z zoom, C climb, L level, "
                          "D dive, P power dive (XXXI). Note critical results too (XLI).", 6.5, italic=True,
                  gray=0.3)
    path = f"aoa/pilots-log/{plane.id}.pdf" if plane else "aoa/pilots-log/blank.pdf"
    return _finished(path, doc)


def _field(page: Page, box: Rect, label: str, value: str, where: Location | None) -> None:
    page.rect(box, width=0.5)
    label_box, value_box = box.take_top(9)
    page.fit_text(label_box, label, 6.5, bold=True, gray=0.3)
    if value:
        page.fit_text(value_box, value, 9, where=where)


def _log_trackers(page: Page, box: Rect) -> None:
    """Side trackers of the log: fuel and ammo remaining, accumulated hits, ace ability, victory points."""
    blocks = box.rows([3.0, 3.0, 5.0, 2.0, 2.0], gap=6)
    for title, block in (("Fuel remaining", blocks[0]), ("Ammo remaining", blocks[1])):
        head, cells = block.take_top(11)
        page.fit_text(head, title, 7.5, bold=True)
        grid_rows = cells.rows([1.0] * 6)
        for row in grid_rows:
            for cell in row.columns([1.0] * 5):
                page.rect(cell, width=0.3)
    head, table = blocks[2].take_top(11)
    page.fit_text(head, "Accumulated hits", 7.5, bold=True)
    page.table(table, [["W", "T", "M", "F", "F", "S", "T"]] + [[""] * 7 for _ in range(8)], size=7,
               align="centre-all")
    page.fit_text(Rect(table.x, table.y - 9, table.width, 9), "Wing Tail Motor Fuselage | Front Side Tail", 6,
                  italic=True, gray=0.3)
    for title, block in (("Ace ability", blocks[3]), ("Victory points", blocks[4])):
        head, area = block.take_top(11)
        page.fit_text(head, title, 7.5, bold=True)
        page.rect(area, width=0.5)


# ------------------------------------------------------------------------ flowing pages


def _wrapped_lines(text: str, width: float, size: float, bold: bool = False) -> int:
    lines = wrap_words(text, width, size, bold)
    return len(lines) if lines is not None else 99


def _title(page: Page, box: Rect, title: str, note: str, where: Location | None) -> Rect:
    bar, rest = box.take_top(TITLE_PT)
    page.rect(bar, stroke=False, fill_gray=0.2)
    page.fit_text(bar, title, 10, bold=True, gray=1.0, where=where)
    if note:
        note_box, rest = rest.take_top(_note_height(note, box.width))
        page.paragraph(note_box, note, 6.5, pad=1.5, where=where)
    return rest


def _note_height(note: str, width: float) -> float:
    return 0.0 if not note else _wrapped_lines(note, width - 3, 6.5) * 6.5 * 1.2 + 4


def _table_block(pager: PageFlow, title: str, note: str, rows: list[list[str]], *,
                 weights: Sequence[float] | None = None, where: Location | None = None,
                 width_fraction: float = 1.0, size: float = TEXT_PT, row_pt: float = ROW_PT) -> None:
    """Draw a titled ruled table as one block (kept together on one page)."""
    width = pager.frame.width
    height = TITLE_PT + _note_height(note, width) + row_pt * len(rows)
    page, box = pager.take(height, where=where)
    rest = _title(page, box, title, note, where)
    table_box = Rect(rest.x, rest.y, rest.width * width_fraction, rest.height)
    page.table(table_box, rows, weights=weights, size=size, align="centre-all", where=where)


def _source(document: SourceDocument) -> str:
    data = document.data
    prov = data.get("provenance", {}) if isinstance(data, dict) else {}
    return f"Source: {printable_citation(str(prov.get('source', '')))}"


def _cell(value: object) -> str:
    return "" if value is None else str(value)


# ------------------------------------------------------------------------ chart book


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
    for entry in charts:
        if isinstance(entry.model, SurvivalChart):
            _survival_block(pager, entry)
    for entry in charts:
        if isinstance(entry.model, DacLegend):
            _legend_block(pager, entry)
    grids = {e.model.view: e for e in charts if isinstance(e.model, DacGrid)}
    for view in DAC_ORDER:
        if view in grids:
            _dac_block(pager, grids[view])
    for entry in charts:
        if isinstance(entry.model, ArchieChart):
            _archie_block(pager, entry)
    if pager.page is None:
        pager.new_page()
    return _finished("aoa/chart.pdf", doc)


def _yes_no(value: bool | None) -> str:
    return "?" if value is None else ("yes" if value else "-")


def _maneuver_block(pager: PageFlow, entry: Entry) -> None:
    chart: ManeuverChart = entry.model
    rows = [["Code", "Speed", "Direction (as printed)", "Sample page", "Clicks", "Bar PH/orig.", "Difficult PH/orig.",
             "Flags"]]
    for m in chart.maneuvers:
        rows.append([m.code, m.speed, m.label, str(m.sample_page), str(m.clicks),
                     f"{_yes_no(m.stall_bar_powerhouse)}/{_yes_no(m.stall_bar_original)}",
                     f"{_yes_no(m.difficult_powerhouse)}/{_yes_no(m.difficult_original)}", ", ".join(m.flags)])
    note = ("Clicks: compass points turned (XLVI); squares moved per turn: slow "
            f"{chart.squares_per_turn.get('slow', 0)}, cruising {chart.squares_per_turn.get('cruising', 1)}, fast "
            f"{chart.squares_per_turn.get('fast', 2)}. Bar and difficult: PH = Powerhouse lists, orig. = original "
            "rules; ? = the text does not settle it. The sample page is the printed chart's example column. "
            + _source(entry.document))
    _table_block(pager, chart.name, note, rows, weights=[0.5, 0.8, 2.0, 0.8, 0.6, 0.9, 1.1, 2.0],
                 where=entry.document.locate("/maneuvers"), row_pt=11.0)


def _firing_block(pager: PageFlow, entry: Entry) -> None:
    chart: FiringChart = entry.model
    if chart.chart_type == "firing":
        header = ["Ammo \\ die", *(str(r) for r in chart.die_rolls)]
        note = ("J = guns jammed (two Forward turns to clear). Opponent flew slow: +1 to the roll (column 7). "
                + _source(entry.document))
    else:
        header = ["Shot \\ modified die", *(str(r) for r in chart.die_rolls)]
        note = ("J = jam; C = choice (intermediate) or choice/critical (advanced, XL). Modified roll below 0: "
                "miss; above 7: read 7. " + _source(entry.document))
    rows = [header] + [[f"{row.ammo} {row.shot or ''}".strip(), *(_cell(c) for c in row.printed)]
                       for row in chart.rows]
    _table_block(pager, chart.name, note, rows, weights=[1.6] + [1.0] * len(chart.die_rolls),
                 where=entry.document.locate("/rows"))


def _stats_block(pager: PageFlow, table: firing.StatTable) -> None:
    with_c = table.rule.startswith("XIX")
    rows = [["Ammo", *table.columns]] + [[label, *(firing.cell_text(c, with_critical=with_c) for c in cells)]
                                         for label, cells in table.rows]
    _table_block(pager, table.title, f"{table.note} ({table.rule}; exact, by enumerating the die.)", rows,
                 weights=[1.3] + [1.4] * len(table.columns), size=7.0)


def _critical_block(pager: PageFlow, entry: Entry) -> None:
    chart: CriticalChart = entry.model
    doc = entry.document
    width = pager.frame.width
    widths = (width * 0.08, width * 0.22, width * 0.70)
    heights = []
    for result in chart.results:
        lines = _wrapped_lines(result.text, widths[2] - 4, TEXT_PT)
        heights.append(max(ROW_PT, lines * TEXT_PT * 1.2 + 4))
    note = "Roll 2 dice. 'D' = one die roll. " + _source(doc)
    total = TITLE_PT + _note_height(note, width) + ROW_PT + sum(heights)
    page, box = pager.take(total, where=doc.locate("/name"))
    rest = _title(page, box, chart.name, note, doc.locate("/name"))
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
    _table_block(pager, chart.name, _source(entry.document), rows, weights=[1.5, 1.5, 1.5],
                 where=entry.document.locate("/outcomes"), width_fraction=0.6)


def _legend_block(pager: PageFlow, entry: Entry) -> None:
    legend: DacLegend = entry.model
    rows = [["Letter", "Areas"]] + [[letter, " / ".join(areas)] for letter, areas in legend.letters.items()]
    shift = legend.poa_shift_squares
    note = (f"Point of aim moves by the defender's speed: slow {shift.get('slow')}, cruising {shift.get('cruising')}, "
            f"fast {shift.get('fast')} squares; the initial point may lie {legend.outside_squares} square outside the "
            "grid. Cockpit and wheels take critical hits only (XL). " + _source(entry.document))
    _table_block(pager, legend.name, note, rows, weights=[1.0, 3.0], where=entry.document.locate("/letters"),
                 width_fraction=0.45, row_pt=11.0)


def _dac_block(pager: PageFlow, entry: Entry) -> None:
    grid: DacGrid = entry.model
    doc = entry.document
    square = 20.0
    grid_height = square * len(grid.rows)
    lookup_height = ROW_PT * (len(grid.lookups) + 1)
    note = "Blank squares: a clean miss. " + _source(doc)
    total = TITLE_PT + _note_height(note, pager.frame.width) + max(grid_height + 13, lookup_height) + 4
    page, box = pager.take(total, where=doc.locate("/name"))
    rest = _title(page, box, grid.name, note, doc.locate("/name"))
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


def _archie_block(pager: PageFlow, entry: Entry) -> None:
    chart: ArchieChart = entry.model
    rows = [["Altitude \\ 2d6", *(str(r) for r in chart.die_rolls)]]
    for band in chart.bands:
        rows.append([band.printed or f"{band.from_ft}-{band.to_ft}'", *(c.printed if c else "" for c in band.cells)])
    rows.append(["Hit location", *(a.capitalize() for a in chart.hit_location)])
    note = (f"Archie fires each move at planes below {chart.below_ft:,} ft over ARCHIES squares. Roll 2d6 for damage, "
            "then 2d6 for the area (all hits in one area); C = a critical hit there. " + _source(entry.document))
    _table_block(pager, chart.name, note, rows, weights=[1.6] + [1.0] * len(chart.die_rolls),
                 where=entry.document.locate("/bands"))


# ------------------------------------------------------------------------ campaign set-up sheet


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
    for entry in charts:
        if isinstance(entry.model, ArchieChart):
            _archie_block(pager, entry)
    for entry in charts:
        if isinstance(entry.model, BattlefieldMap):
            _map_block(pager, entry)
    if pager.page is None:
        pager.new_page()
    return _finished("aoa/campaign-setup.pdf", doc)


def _roll_table_block(pager: PageFlow, entry: Entry) -> None:
    table: RollTable = entry.model
    rows = [["Roll", *(",".join(map(str, e.rolls)) for e in table.entries)],
            ["Result", *(e.printed for e in table.entries)]]
    mods = "; ".join(f"{d:+d} if {w}" for w, d in table.modifiers)
    note = (f"Roll {table.dice}" + (f" ({mods})" if mods else "") + ". " + _source(entry.document))
    _table_block(pager, table.name, note, rows, weights=[1.0] + [1.5] * len(table.entries),
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
    _table_block(pager, table.name, shared + _source(entry.document), rows,
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
    _table_block(pager, "Fuel turns by plane", "Turns of fuel for each result of the Fuel table: full tank times the "
                 "fraction, rounded up (XLVI). Out of fuel, the plane glides: dives of 200 ft up to its dive, no fast "
                 "or fancy maneuvers.", rows, weights=[2.0] + [1.0] * len(fractions), width_fraction=0.7)


def _map_block(pager: PageFlow, entry: Entry) -> None:
    chart: BattlefieldMap = entry.model
    marks = {"field": "*", "trench": "T", "archies": "ARCH"}
    rows = [[s for s, _f in chart.squares], [marks.get(f or "", "") for _s, f in chart.squares]]
    note = ("West (left) to east (right); no centre square. * = field (land safely, no strafing), T = trench line, "
            "ARCH = archies. A plane flying past 15 east or west runs off the map (XLVI). " + _source(entry.document))
    half = len(rows[0]) // 2
    _table_block(pager, chart.name + " (west half)", note, [r[:half] for r in rows], size=6.5,
                 where=entry.document.locate("/squares"))
    _table_block(pager, chart.name + " (east half)", "", [r[half:] for r in rows], size=6.5,
                 where=entry.document.locate("/squares"))
