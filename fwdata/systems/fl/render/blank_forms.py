"""Flight Leader blank forms: the Aircraft Status Card (FL 1.4, 2.3, 4.8, 9.3) and the Plot Sheet (FL 17.8)."""

from __future__ import annotations

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page


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
    acquisitions and aircrew (FL 1.4, 2.3, 4.8, 9.3; altitude reaches 24 for the MiG-25's MA)."""
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
    """Draw a blank Plot Sheet: two forms, each with the FL 17.8 header fields and 20 Turn rows."""
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
