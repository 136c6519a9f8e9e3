"""Flight Leader rendering: aircraft cards, Aircraft Status Card, scenario sheets, Plot Sheet, crosscheck report.

Outputs, relative to the build folder:
  fl/aircraft/<id>.pdf      one 5 x 3 in card per aircraft and variant (variant changes applied)
  fl/aircraft.pdf           every card imposed on the paper at true size with crop marks
  fl/status-card.pdf        a blank Aircraft Status Card (tracks of 1.4, 2.3, 9.3)
  fl/plot-sheet.pdf         a blank Plot Sheet, two forms per page (17.8)
  fl/scenario/<id>.pdf      one scenario sheet: forces, set-up, points and victory points
  fl/crosscheck.md          every printed scenario's points against the 26.x rules
Values the rulebook lost print as '?', a printed dash (not available) as '-'.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from fwdata.citations import printable_citation
from fwdata.game_system import Catalog, Output, PlannedOutput, RenderResult, render_planned, variant_chain
from fwdata.options import BuildOptions
from fwdata.render.layout import CARD_SIZES, PAPER_SIZES, Rect, Size
from fwdata.render.pdf import Page, PdfDocument
from fwdata.render.sheets import draw_card_sheets
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl import rules
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Flight, ListNote, Scenario, Side, VictoryPointsLine
from fwdata.systems.fl.report import crosscheck_markdown
from fwdata.systems.fl.scoring import ScenarioScore, score_scenario

CARD = CARD_SIZES["index-5x3"]
LIST_NAMES = {
    "light-blue": "Light Blue (USN/USMC)",
    "dark-blue": "Dark Blue (USAF)",
    "green": "Green (NATO)",
    "gray": "Gray (Misc.)",
    "red": "Red (USSR/China)",
}
LIST_GRAY = {"light-blue": 0.88, "dark-blue": 0.72, "green": 0.8, "gray": 0.84, "red": 0.76}


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every Flight Leader output (see the module docstring for the paths)."""
    return render_planned(plan_outputs(catalog, options))


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every Flight Leader output unrendered, with the entries each is drawn from (in render order).

    A card is drawn from its aircraft's base chain and the list notes; the scenario
    sheets and the crosscheck score with every aircraft and table, so they count as
    drawn from all of Flight Leader.
    """
    paper = PAPER_SIZES[options.paper]
    lookup = aircraft_lookup(catalog)
    notes = {note.letter: note for note in catalog.models("fl", "list-note")}
    note_keys = tuple(("fl", "list-note", doc_id) for doc_id in catalog.ids("fl", "list-note"))
    cards: list[tuple[FlAircraft, SourceDocument]] = []
    plans: list[PlannedOutput] = []
    for doc_id, entry in zip(catalog.ids("fl", "aircraft"), catalog.entries("fl", "aircraft"), strict=True):
        aircraft = lookup(entry.model.id)
        if aircraft is None:
            continue
        cards.append((aircraft, entry.document))
        chain = variant_chain(catalog, ("fl", "aircraft", doc_id), lambda model: model.base)
        plans.append(PlannedOutput(f"fl/aircraft/{aircraft.id}.pdf", (*chain, *note_keys),
                                   partial(_card, aircraft, entry.document, notes)))
    if cards:
        plans.append(PlannedOutput("fl/aircraft.pdf", tuple(key for plan in plans for key in plan.sources or ()),
                                   lambda: render_card_sheet(cards, paper, notes)))
    plans.append(PlannedOutput("fl/status-card.pdf", (), lambda: _status_card(paper)))
    plans.append(PlannedOutput("fl/plot-sheet.pdf", (), lambda: _plot_sheet(paper)))
    scores = []
    for entry in catalog.entries("fl", "scenario"):
        scenario: Scenario = entry.model
        if any(lookup(f.aircraft) is None for side in scenario.sides for f in side.flights):
            continue
        score = score_scenario(scenario, lookup)
        scores.append(score)
        plans.append(PlannedOutput(f"fl/scenario/{scenario.id}.pdf", None,
                                   partial(_scenario_sheet, score, entry.document, lookup, paper)))
    if scores:
        plans.append(PlannedOutput("fl/crosscheck.md", None, lambda: RenderResult(
            outputs=[Output("fl/crosscheck.md", crosscheck_markdown(scores).encode("utf-8"))])))
    return plans


def _card(aircraft: FlAircraft, document: SourceDocument, notes: dict[str, ListNote]) -> RenderResult:
    doc = PdfDocument(f"{aircraft.name} · Flight Leader aircraft card", subject="Flight Leader aircraft card (fwdata)")
    draw_aircraft_card(doc.new_page(CARD), aircraft, document, notes)
    return _finished(f"fl/aircraft/{aircraft.id}.pdf", doc)


def _status_card(paper: Size) -> RenderResult:
    doc = PdfDocument("Flight Leader Aircraft Status Card", subject="Blank Aircraft Status Card (fwdata)")
    draw_status_card(doc.new_page(paper.landscape))
    return _finished("fl/status-card.pdf", doc)


def _plot_sheet(paper: Size) -> RenderResult:
    doc = PdfDocument("Flight Leader Plot Sheet", subject="Blank Plot Sheet (fwdata)")
    draw_plot_sheet(doc.new_page(paper.portrait))
    return _finished("fl/plot-sheet.pdf", doc)


def _scenario_sheet(score: ScenarioScore, document: SourceDocument, lookup: Callable[[str], FlAircraft | None],
                    paper: Size) -> RenderResult:
    scenario = score.scenario
    doc = PdfDocument(f"{scenario.number} {scenario.name} · Flight Leader scenario", subject="Scenario sheet (fwdata)")
    draw_scenario_sheet(doc.new_page(paper.portrait), score, document, lookup)
    return _finished(f"fl/scenario/{scenario.id}.pdf", doc)


def _finished(path: str, doc: PdfDocument) -> RenderResult:
    data = doc.finish()
    return RenderResult(outputs=[Output(path, data)], findings=list(doc.findings))


def render_card_sheet(
    cards: list[tuple[FlAircraft, SourceDocument]], paper: Size, notes: dict[str, ListNote]
) -> RenderResult:
    """Impose every aircraft card on `paper` at true size, crop marks outside the trims."""
    doc = PdfDocument("Flight Leader aircraft cards", subject="Imposed aircraft cards (fwdata); print at 100 %")
    draw_card_sheets(doc, cards, CARD, paper,
                     lambda page, card: draw_aircraft_card(page, card[0], card[1], notes))
    result = _finished("fl/aircraft.pdf", doc)
    result.findings = []  # the single-card files already report any overflow
    return result


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
    """Draw one 5 x 3 in aircraft card: list row (21.1), counter data (1.2.1), points, notes."""
    where = document.locate("/name")
    box = page.box.inset(7)
    page.rect(page.box.inset(3), width=0.8)
    head, rest = box.take_top(20)
    page.rect(head, stroke=False, fill_gray=LIST_GRAY.get(aircraft.list or "", 0.9))
    name_box, unit_box = head.take_left(head.width * 0.68)
    page.fit_text(name_box, aircraft.name, 11, bold=True, where=where)
    unit = (aircraft.unit_name or "?") + ("*" if aircraft.variant else "")
    page.fit_text(unit_box, f"unit {unit}", 10, bold=True, align="right", where=where)
    sub, rest = rest.take_top(17)
    parts = [aircraft.full_name or ""] if aircraft.full_name and aircraft.full_name != aircraft.name else []
    if aircraft.list:
        parts.append(f"{LIST_NAMES.get(aircraft.list, aircraft.list)} list {aircraft.list_rule or ''}".strip())
    if aircraft.base:
        parts.append(f"variant of {aircraft.base}")
    if aircraft.represents:
        parts.append(f"represents {aircraft.represents}")
    page.paragraph(sub, " · ".join(parts) or " ", 7, pad=1, where=where)
    rest = Rect(rest.x, rest.y, rest.width, rest.height - 2)
    left, right = rest.take_left(rest.width * 0.56)
    left = Rect(left.x, left.y, left.width - 4, left.height)
    row_box, left = left.take_top(30)
    numbers = f"{aircraft.unit_numbers[0]}-{aircraft.unit_numbers[1]}" if aircraft.unit_numbers else "?"
    page.table(
        row_box,
        [
            ["Unit No.", "Date", "MS", "MA", "MSLS", "PR US"],
            [
                numbers,
                show(aircraft.in_service_year),
                show(aircraft.ms),
                show(aircraft.ma),
                show(aircraft.msls),
                show(aircraft.primary_use),
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
    page.table(
        pts_box,
        [["SP"] + letters, ["points"] + [show(aircraft.points_at(x)) for x in letters]],
        weights=[1.3] + [1] * 6,
        size=8,
        where=document.locate("/scenario_points"),
    )
    gap, left = left.take_top(4)
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
    if aircraft.row_status == "lost":
        lines.append("List row lost in the rulebook text: '?' values are unknown, not zero.")
    elif aircraft.row_status == "damaged" and aircraft.damage:
        lines.append(
            "Row cut off in the rulebook: " + ", ".join(aircraft.damage.get("lost_cells", ())) + " lost ('?')."
        )
    foot = Rect(left.x, left.y, left.width, 7)
    left = Rect(left.x, left.y + 8, left.width, left.height - 8)
    page.paragraph(left, "\n".join(lines) or " ", 6.5, where=document.locate("/notes"))
    counter = aircraft.counter
    rows = [
        ["Counter (1.2.1)", ""],
        ["Turn type / size", f"{show(counter.turn_type) if counter.turn_type else '?'} / {counter.size or '?'}"],
        ["Acceleration / AB", f"{counter.acceleration or '?'} / {_yn(counter.afterburner)}"],
        ["Supersonic", _yn(counter.supersonic)],
        ["Radar / CM", f"{_num(counter.radar)} / {_num(counter.countermeasures)}"],
        ["Crew / bubble", f"{_num(counter.crew)} / {_yn(counter.bubble_canopy)}"],
        ["Missile rails", _num(counter.missile_rails)],
        ["Internal gun", counter.internal_gun or "?"],
        ["External gun", _yn(counter.external_gun)],
    ]
    page.table(right, rows, weights=[1.3, 1], size=7.5, where=document.locate("/counter"))
    source = printable_citation(str(aircraft.provenance.get("source", "")))
    page.fit_text(foot, f"{aircraft.id} · {source}", 6, gray=0.35, where=where, truncate=True)


def _yn(value: bool | None) -> str:
    return "?" if value is None else ("yes" if value else "no")


def _num(value: int | None) -> str:
    return "?" if value is None else str(value)


def draw_track(page: Page, box: Rect, title: str, labels: list[str], *, size: float = 7) -> None:
    """Draw a labelled track of boxes in one row (status units are placed on the boxes)."""
    title_box, cells = box.take_left(min(72, box.width * 0.2))
    page.rect(title_box, fill_gray=0.85)
    page.paragraph(title_box, title, 7.5, bold=True)
    for cell, label in zip(cells.columns([1] * len(labels)), labels, strict=True):
        page.rect(cell)
        page.fit_text(Rect(cell.x, cell.top - 9, cell.width, 9), label, size, align="centre")


def draw_status_card(page: Page) -> None:
    """Draw a blank Aircraft Status Card: altitude, altitude change, fuel, ammunition, speed, throttle, maneuver,
    acquisitions and aircrew (1.4, 2.3, 4.8, 9.3; altitude reaches 24 for the MiG-25's MA)."""
    box = page.box.inset(24)
    head, rest = box.take_top(22)
    page.fit_text(head, "AIRCRAFT STATUS CARD · Flight Leader (fwdata)", 13, bold=True)
    rows = rest.rows([1.2, 1.2, 1, 1, 1, 1, 1, 1, 1, 1.4, 1.6], gap=4)
    draw_track(page, rows[0], "ALTITUDE 0-12", [str(i) for i in range(0, 13)])
    draw_track(page, rows[1], "ALTITUDE 13-25+", [str(i) for i in range(13, 25)] + ["25+"])
    draw_track(page, rows[2], "ALT. CHANGE", [str(i) for i in range(0, 7)])
    draw_track(page, rows[3], "FUEL 25-13", [str(i) for i in range(25, 12, -1)])
    draw_track(page, rows[4], "FUEL 12-0", [str(i) for i in range(12, -1, -1)] + ["BINGO"])
    ammo = rows[5].columns([1, 1], gap=6)
    draw_track(page, ammo[0], "GUNS", [str(i) for i in range(0, 9)])
    draw_track(page, ammo[1], "HEAT SEEKING", [str(i) for i in range(0, 9)])
    ammo = rows[6].columns([1, 1, 1], gap=6)
    draw_track(page, ammo[0], "ROCKETS / AL", [str(i) for i in range(0, 7)])
    draw_track(page, ammo[1], "GENIE / AM", [str(i) for i in range(0, 7)])
    draw_track(page, ammo[2], "RADAR HOMING", [str(i) for i in range(0, 7)])
    draw_track(page, rows[7], "SPEED", [str(i) for i in range(3, 21)] + ["21+"])
    parts = rows[8].columns([1, 1.4], gap=6)
    draw_track(page, parts[0], "THROTTLE", ["IDLE", "MIL", "AB"])
    draw_track(page, parts[1], "INITIATIVE", ["1", "2", "3", "4", "5", "6", "7", "8"])
    parts = rows[9].columns([1, 2.2], gap=6)
    grid = parts[0]
    title, cells = grid.take_left(min(72, grid.width * 0.3))
    page.rect(title, fill_gray=0.85)
    page.fit_text(title, "MANEUVER", 7.5, bold=True)
    labels = [["climb L", "climb A", "climb R"], ["level L", "level A", "level R"], ["dive L", "dive A", "dive R"]]
    for r, row in enumerate(cells.rows([1, 1, 1])):
        for c, cell in enumerate(row.columns([1, 1, 1])):
            page.rect(cell)
            page.fit_text(cell, labels[r][c], 6.5, align="centre")
    acq = parts[1]
    title, cells = acq.take_left(72)
    page.rect(title, fill_gray=0.85)
    page.paragraph(title, "ACQUISITIONS (last digit of id)", 7, bold=True)
    for r, row in enumerate(cells.rows([1, 1, 1, 1])):
        label_box, boxes = row.take_left(90)
        page.rect(label_box)
        page.fit_text(
            label_box,
            ["Visuals", "Tally/lockon: 1st flight", "Tally/lockon: 2nd flight", "Tally/lockon: 3rd flight"][r],
            6.5,
        )
        for n, cell in enumerate(boxes.columns([1, 1, 1, 1])):
            page.rect(cell)
            page.fit_text(cell, str(n + 1), 6.5, align="centre", gray=0.5)
    parts = rows[10].columns([1.4, 1], gap=6)
    title, cells = parts[0].take_left(72)
    page.rect(title, fill_gray=0.85)
    page.fit_text(title, "AIRCREW", 7.5, bold=True)
    for r, row in enumerate(cells.rows([1, 1])):
        label_box, boxes = row.take_left(70)
        page.rect(label_box)
        page.fit_text(label_box, ["Pilot", "2nd crewman"][r], 7)
        for q, cell in enumerate(boxes.columns([1, 1, 1])):
            page.rect(cell)
            page.fit_text(cell, ["Experienced", "Average", "Inexperienced"][q], 6.5, align="centre")
    page.rect(parts[1])
    page.paragraph(
        parts[1],
        "ACCELERATION CHART and TURN MODE CHART: these charts are printed on the game's own "
        "card and are not in the rulebook text; use the card from the box.",
        7,
    )


PLOT_COLUMNS = ["TURN", "TH", "FL", "MVR", "ADJMVR", "ALTCH", "ALT", "SP", "ADJSP"]


def draw_plot_sheet(page: Page) -> None:
    """Draw a blank Plot Sheet: two forms, each with the 17.8 header fields and 20 Turn rows."""
    box = page.box.inset(24)
    for form in box.rows([1, 1], gap=14):
        head, table = form.take_top(66)
        page.fit_text(Rect(head.x, head.top - 14, head.width, 14), "PLOT SHEET · Flight Leader (17.8)", 10, bold=True)
        fields = [
            ["TYPE/ID:", "AIRCREW:", "TURN/ACL:", "CAN/RAD/CM:", "SP/ALT:"],
            ["ARRIVAL:", "AMMO:", "DAMAGE:", "TALLIES:", "VISUALS:"],
        ]
        for row, labels in zip(
            Rect(head.x, head.y, head.width, head.height - 16).rows([1, 1], gap=3), fields, strict=True
        ):
            for cell, label in zip(row.columns([1] * 5, gap=3), labels, strict=True):
                page.rect(cell)
                page.fit_text(Rect(cell.x, cell.top - 9, cell.width, 9), label, 6.5, bold=True)
        rows = [PLOT_COLUMNS] + [["set-up" if i == 0 else str(i)] + [""] * 8 for i in range(0, 21)]
        page.table(table, rows, weights=[1, 0.8, 0.8, 0.8, 1.4, 0.9, 0.8, 0.8, 0.9], size=7)


def _armament(flight: Flight) -> str:
    parts = []
    if flight.guns == "unarmed":
        return "unarmed"
    if flight.missiles is None:
        parts.append("missiles not stated")
    elif not flight.missiles:
        parts.append("no missiles")
    else:
        parts.append(
            " + ".join(f"{m.count} {m.type}" for m in flight.missiles)
            + (f" ({flight.missiles_carried_by} aircraft)" if flight.missiles_carried_by is not None else "")
        )
    parts.append({"carried": "guns", "no-external-gun": "no external gun", "none": "no guns"}[flight.guns])
    if flight.loaded:
        parts.append("loaded")
    if flight.radar_malfunction:
        parts.append(f"{flight.radar_malfunction} radar out")
    return ", ".join(parts)


def _side_status(score: ScenarioScore, side: Side) -> str:
    a = score.sides[0] if score.sides[0].side is side else score.sides[1]
    printed = "not printed" if a.printed is None else f"{a.printed} SP"
    if a.status == "agrees":
        return f"{printed} (agrees with 26.2.3.2)"
    if a.status == "disagrees":
        return f"{printed} (rules give {' or '.join(map(str, a.totals))})"
    if a.status == "conditional":
        return f"{printed} (agrees only under assumptions; see fwdata fl points)"
    if a.status == "not-printed":
        return f"{printed} (rules give {' or '.join(map(str, a.totals))})"
    return f"{printed} (cannot be checked: list row lost)"


def draw_scenario_sheet(
    page: Page, score: ScenarioScore, document: SourceDocument, lookup: Callable[[str], FlAircraft | None]
) -> None:
    """Draw one scenario sheet: introduction, forces by flight with set-up, terrain, rules, victory points."""
    scenario = score.scenario
    box = page.box.inset(30)
    head, rest = box.take_top(22)
    title = f"{scenario.number} {scenario.name}" + (f" · {scenario.variant}" if scenario.variant else "")
    page.fit_text(head, title, 14, bold=True, where=document.locate("/name"))
    sub, rest = rest.take_top(13)
    page.fit_text(
        sub,
        f"{scenario.place or ''} · {scenario.date_printed} · {scenario.category}",
        9,
        where=document.locate("/date"),
    )
    intro, rest = rest.take_top(44)
    page.paragraph(intro, scenario.introduction or "", 8.5, where=document.locate("/introduction"))
    mission, rest = rest.take_top(14)
    page.fit_text(
        mission,
        f"Mission profiles: {scenario.mission_profiles_printed or ''}",
        8.5,
        where=document.locate("/mission_profiles_printed"),
    )
    for side in scenario.sides:
        n = len(side.flights)
        block, rest = rest.take_top(34 + 13 * (n + 1) + 6)
        line1, block = block.take_top(13)
        controller = (
            "no controller" if side.controller is None else f"controller {side.controller.edge or 'see remark'}"
        )
        page.fit_text(
            line1,
            f"{side.nation_printed} · {side.mission} · {controller} · {_side_status(score, side)}",
            9,
            bold=True,
            where=document.locate(f"{side.pointer}/nation"),
        )
        line2, block = block.take_top(12)
        page.fit_text(
            line2,
            f"Start/enter/exit: {side.entry_exit_printed or ''}",
            8,
            where=document.locate(f"{side.pointer}/entry_exit"),
        )
        rows = [
            ["Flight", "Status", "No.", "Unit", "Unit nos.", "MS", "MA", "Changes", "Aircrew", "Armament", "Start alt."]
        ]
        for f in side.flights:
            alt = ""
            if f.start_altitude_min is not None or f.start_altitude_max is not None:
                low = "" if f.start_altitude_min is None else f.start_altitude_min
                high = "" if f.start_altitude_max is None else f.start_altitude_max
                alt = f"{low}-{high}"
            crew = (
                f"{f.aircrew.printed()} ({rules.rating_letter(f.aircrew)})" if f.aircrew.total else f.aircrew.printed()
            )
            rows.append(
                [
                    str(f.number),
                    f.status_units or "",
                    str(f.count),
                    f.unit_printed,
                    f.unit_numbers_printed or "",
                    show(f.ms),
                    show(f.ma),
                    "; ".join(f.changes),
                    crew,
                    _armament(f),
                    alt + (f" fuel {f.fuel}" if f.fuel is not None else ""),
                ]
            )
        table = Rect(block.x, block.top - 13 * len(rows), block.width, 13 * len(rows))
        page.table(
            table,
            rows,
            weights=[0.6, 0.8, 0.5, 0.9, 1.1, 0.5, 0.5, 1.1, 1.1, 2.6, 1.2],
            size=7,
            where=document.locate(f"{side.pointer}/flights"),
            align="centre-all",
        )
    terrain = scenario.terrain
    t = ", ".join(f"{k}={terrain[k]}" for k in ("LG", "DG", "T", "B") if k in terrain) or str(
        terrain.get("printed", "")
    )
    info_box, rest = rest.take_top(26)
    page.paragraph(
        info_box,
        f"Terrain altitude: {t}.  Boundaries: {scenario.boundaries or '-'}",
        8,
        where=document.locate("/terrain"),
    )
    lines = ["Victory points (23.7; checked against 26.5):"]
    for v in score.victory:
        line = v.side.victory_points
        if line is None:
            continue
        verdict = {
            "agrees": "agrees with 26.5",
            "disagrees": "differs from 26.5: "
            + ", ".join(f"{c.field.replace('_', ' ')} {c.printed} vs {c.expected}" for c in v.mismatches),
            "unknown": "not derivable",
            "non-standard": "special",
        }[v.status]
        lines.append(f"{v.side.nation_printed} earns: {_vp_summary(line)} [{verdict}]")
    vp_box, rest = rest.take_top(min(rest.height / 2, 14 + 22 * (len(lines) - 1)))
    page.paragraph(vp_box, "\n".join(lines), 8.5, where=document.locate("/sides"))
    options_text = " ".join(part for part in (
        scenario.options_summary or "",
        f"Sun in hexes {', '.join(scenario.sun_hexes)}." if scenario.sun_hexes else "",
    ) if part) or "none"
    text = f"Rules of engagement: {scenario.rules_summary or ''}\n\nOptions: {options_text}"
    if scenario.countermeasures_printed:
        text += f" Countermeasures: {scenario.countermeasures_printed}"
    if scenario.remarks:
        text += "\n\nPrinted-text faults: " + " ".join(scenario.remarks)
    page.paragraph(rest, text, 8.5, where=document.locate("/rules_of_engagement"))


def _vp_summary(line: VictoryPointsLine) -> str:
    if not line.standard:
        return line.printed
    text = (
        f"{line.per_eliminated} per eliminated, {line.per_damaged} per damaged, {line.per_exited} per "
        f"{line.exit_label} {line.against}"
    )
    if line.bonus_exit:
        text += f"; {line.bonus_exit[0]} per bonus exited {line.bonus_exit[1]}"
    if line.jettison:
        text += f"; {line.jettison[0]} per undamaged {line.jettison[1]} jettisoning its bombs"
    for _points, special in line.special:
        text += f"; special: {special}"
    return text


__all__ = ["draw_aircraft_card", "draw_plot_sheet", "draw_scenario_sheet", "draw_status_card", "render_outputs"]
