"""Ace of Aces plane sheets: the poker-size plane card, its imposed sheet, and the Pilot's Log."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from fwdata.findings import Location
from fwdata.game_system import Entry, RenderResult
from fwdata.options import BuildOptions
from fwdata.render.card_back import draw_card_back
from fwdata.render.layout import Rect, Size
from fwdata.render.page_copies import SheetPages
from fwdata.render.pdf import Page, PdfDocument
from fwdata.render.sheets import draw_card_sheets
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.model import Plane
from fwdata.systems.aoa.render.pages import ROW_PT, finished
from fwdata.units import inches

CARD_SAFE_PT = inches(0.125)  # keep text 1/8 in inside the trim (print conventions)
CARD_BACK = partial(draw_card_back, game="Ace of Aces", kind="Plane Card")
GUN_NAMES = {"single-non-synch": "1 non-synch", "single-synch": "1 synch", "double-synch": "2 synch"}


def render_plane_card(entry: Entry, card: Size, bleed_pt: float = 0.0, backs: bool = False) -> RenderResult:
    """Render one plane card, page = trim plus `bleed_pt` of bleed; with `backs` its back is page 2."""
    doc = PdfDocument(f"{entry.model.name} · Ace of Aces plane card", subject="Ace of Aces plane card (fwdata)")
    draw_plane_card(doc.new_page(card, bleed_pt), entry.model, entry.document)
    if backs:
        CARD_BACK(doc.new_page(card, bleed_pt))
    return finished(f"aoa/plane/{entry.model.id}.pdf", doc)


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
    """Return one line per gun: chart name and ammo (AoA XVIII for a Lewis)."""
    lines = []
    for gun in plane.guns:
        if gun.lewis:
            lines.append(f"Lewis ({GUN_NAMES[gun.type]}): {gun.drums} drums of {gun.ammo}")
        else:
            lines.append(f"{GUN_NAMES[gun.type]} · ammo {gun.ammo}")
    return lines


def draw_plane_card(page: Page, plane: Plane, doc: SourceDocument) -> None:
    """Draw one plane card on a poker-size page (AoA Chart Book Plane Stats; AoA XXX, XXXII, XXXIII, XXIV, XXXVII)."""
    where = doc.locate
    box = page.box.inset(CARD_SAFE_PT)
    # The frame sits on the safe line, with bleed or without: a cut a little off never trims it.
    page.rect(page.box.inset(CARD_SAFE_PT), width=0.6)
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


def render_card_sheet(planes: Sequence[Entry], card: Size, paper: Size, options: BuildOptions,
                      pages: SheetPages | None = None) -> RenderResult:
    """Impose every plane card at true size on `paper` with crop marks outside the bleeds (shared imposition).

    With `pages`, sheets whose planes did not change are copied from the previous build.
    """
    doc = PdfDocument("Ace of Aces plane cards", subject="Imposed plane cards (fwdata); print at 100 %")
    draw_card_sheets(doc, planes, card, paper, lambda page, entry: draw_plane_card(page, entry.model, entry.document),
                     bleed_pt=options.bleed_pt, gutter_pt=options.gutter_pt, back=CARD_BACK if options.backs else None,
                     pages=pages)
    result = finished("aoa/plane.pdf", doc)
    result.findings = []  # the single-card files already report any overflow
    return result


# ------------------------------------------------------------------------ Pilot's Log

LOG_COLUMNS = (("Turn", 0.55), ("Speed", 0.8), ("Maneuver", 1.0), ("Opp 1 pg", 0.9), ("Opp 2 pg", 0.9),
               ("Opp 3 pg", 0.9), ("Altitude", 1.0), ("Inclin.", 0.8), ("Direction", 0.9), ("Location", 0.9))
LOG_ROWS = 30


def log_header(plane: Plane | None) -> list[tuple[str, str]]:
    """Return the Pilot's Log header fields (AoA Chart Book, Pilot's Log), filled from a plane if given."""
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
    footer, body = Rect(rest.x, rest.y, rest.width, 12), Rect(rest.x, rest.y + 12, rest.width, rest.height - 12)
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
    return finished(path, doc)


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
