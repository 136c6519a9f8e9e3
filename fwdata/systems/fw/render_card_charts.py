"""Aircraft Data Card charts: Aircraft Performance, Power versus Speed with rates of climb, Firepower (OTR Ch. 2)."""

from __future__ import annotations

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.systems.fw.model import BANDS, SPEED_COLUMN_TITLES, TURN_RATES, AircraftDataCard
from fwdata.systems.fw.render_card_values import (
    GAP_PT,
    LEGEND_PT,
    TEXT_PT,
    TITLE_PT,
    CardSource,
    fp,
    points,
    thousands,
)
from fwdata.systems.fw.render_grid import Cell, draw_grid, title_bar

_RATE_TITLES = {"tt": "TT", "ht": "HT", "bt": "BT", "et": "ET"}
_LOCATIONS = {"N": "nose", "W": "wing", "TS": "tail sting.", "turret": "turret", "manual": "manual"}


def draw_flight_charts(page: Page, box: Rect, card: AircraftDataCard, source: CardSource, row: float) -> float:
    """Draw the performance and power/climb charts from the top of `box`; return the y where they end."""
    top = _performance_chart(page, box, box.top, card, source, row)
    return _power_chart(page, box, top - GAP_PT, card, source, row)


def _performance_chart(page: Page, box: Rect, top: float, card: AircraftDataCard, source: CardSource,
                       row: float) -> float:
    title_bar(page, Rect(box.x, top - TITLE_PT, box.width, TITLE_PT),
              "AIRCRAFT PERFORMANCE CHART (FP; turn-rate decel in parentheses)", 7.5)
    top -= TITLE_PT
    decel = card.turn_decel or {}
    transonic = any(band.transonic_fp is not None for band in card.performance)
    header = ["Band", "Min", "Max", "Max dive"]
    for rate in TURN_RATES:
        header.append(f"{_RATE_TITLES[rate]} ({points(decel[rate])})" if rate in decel else _RATE_TITLES[rate])
    if transonic:
        header.append("Trans.")
    rows: list[list[Cell]] = [[Cell(text, where=source.locate("/turn_decel")) for text in header]]
    for band in card.performance:
        base = f"/performance/{band.index}"
        cells = [Cell(band.band, bold=True, where=source.locate(f"{base}/band")),
                 Cell(fp(band.min_fp), where=source.locate(f"{base}/min_fp")),
                 Cell(fp(band.max_fp), where=source.locate(f"{base}/max_fp")),
                 Cell(fp(band.max_dive_fp), where=source.locate(f"{base}/max_dive_fp"))]
        for rate in TURN_RATES:
            cells.append(Cell(fp(band.turn_minimum(rate)), where=source.locate(f"{base}/{rate}_fp")))
        if transonic:
            cells.append(Cell(fp(band.transonic_fp), where=source.locate(f"{base}/transonic_fp")))
        rows.append(cells)
    widths = [0.8, 0.8, 0.8, 1.1] + [1.0] * 4 + ([0.9] if transonic else [])
    height = row * len(rows)
    draw_grid(page, Rect(box.x, top - height, box.width, height), rows, widths, size=TEXT_PT)
    return top - height


def _power_chart(page: Page, box: Rect, top: float, card: AircraftDataCard, source: CardSource,
                 row: float) -> float:
    """Power versus Speed Chart lines with each band's average rate of climb (Err1) as a last column."""
    chart = card.power_chart
    per_engine = " per engine" if card.engine_count > 1 else ""
    title_bar(page, Rect(box.x, top - TITLE_PT, box.width, TITLE_PT),
              f"POWER VS SPEED CHART (accel{per_engine}, Mil/Emer) AND RATE OF CLIMB", 7.5)
    top -= TITLE_PT
    rows: list[list[Cell]] = [[Cell("Band"), *(Cell(title) for title in SPEED_COLUMN_TITLES), Cell("Climb ft/min")]]
    keys = ("s0_45", "s5_75", "s8_95", "s10_up")
    power_rows = {power_row.band: power_row for power_row in chart.rows} if chart else {}
    climbs = {rate.band: rate for rate in card.climb}
    bands = [band for band in BANDS if band in power_rows or band in climbs]
    for band in bands:
        cells = [Cell(band, bold=True)]
        power_row = power_rows.get(band)
        if power_row is not None:
            base = f"/power_chart/rows/{power_row.index}"
            cells[0] = Cell(band, bold=True, where=source.locate(f"{base}/band"))
            cells += [Cell(value, where=source.locate(f"{base}/{key}"))
                      for value, key in zip(power_row.cells, keys, strict=True)]
        else:
            cells += [Cell("–") for _ in keys]
        rate = climbs.get(band)
        if rate is None:
            cells.append(Cell("–"))
        else:
            # Err1: a bold climb value is limited by the oxygen system.
            cells.append(Cell(thousands(rate.climb_rate_fpm) + ("*" if rate.oxygen_restricted else ""),
                              bold=rate.oxygen_restricted, fill_gray=0.85 if rate.oxygen_restricted else None,
                              where=source.locate(f"/climb/{rate.index}/climb_rate_fpm")))
        rows.append(cells)
    if chart:
        for label, line, name in (("Banking FPs", chart.banking_fps, "banking_fps"),
                                  ("Side Slip FPs", chart.slip_fps, "slip_fps")):
            rows.append([Cell(label, bold=True, fill_gray=0.93, align="left",
                              where=source.locate(f"/power_chart/{name}")),
                         *(Cell(str(value), bold=True, fill_gray=0.93,
                                where=source.locate(f"/power_chart/{name}/{key}"))
                           for value, key in zip(line, keys, strict=True)),
                         Cell("", fill_gray=0.93)])
    height = row * len(rows)
    draw_grid(page, Rect(box.x, top - height, box.width, height), rows, [1.45, 1, 1, 1, 1, 1.25], size=TEXT_PT)
    top -= height
    if any(rate.oxygen_restricted for rate in card.climb):
        page.fit_text(Rect(box.x, top - LEGEND_PT, box.width, LEGEND_PT),
                      "* bold climb rate: restricted by the oxygen system", 6.5, italic=True, pad=1)
        top -= LEGEND_PT
    return top


def power_chart_rows(card: AircraftDataCard) -> int:
    """Return how many grid rows the power/climb chart takes (header, bands, Banking and Side Slip lines)."""
    bands = {row.band for row in card.power_chart.rows} if card.power_chart else set()
    bands |= {rate.band for rate in card.climb}
    return 1 + len(bands) + (2 if card.power_chart else 0)


def _firepower_rows(card: AircraftDataCard, source: CardSource) -> tuple[list[list[Cell]], list[float]]:
    ranges = max((len(group.attack_by_range) for group in card.firepower), default=0)
    defensive = any(group.arc_clock or group.vertical_fof for group in card.firepower)
    header = ["Weapon", "Loc.", "Guns", *(f"R{r}" for r in range(ranges)), "Ammo", "Crit"]
    widths = [3.2, 1.1, 0.8, *([0.7] * ranges), 1.0, 0.8]
    if defensive:
        header += ["Arc", "V. FoF"]
        widths += [1.1, 1.3]
    rows = [[Cell(text) for text in header]]
    for group in card.firepower:
        base = f"/firepower/{group.index}"
        weapon = group.weapon + (f" ({group.position})" if group.position else "")
        factors = [Cell("–" if factor is None else str(factor), where=source.locate(f"{base}/attack_by_range/{r}"))
                   for r, factor in enumerate(group.attack_by_range)]
        factors += [Cell("–") for _ in range(ranges - len(group.attack_by_range))]
        ammo = group.ammo if isinstance(group.ammo, str) else points(group.ammo)
        cells = [Cell(weapon, bold=True, underline=group.rechargeable, align="left",
                      where=source.locate(f"{base}/weapon")),
                 Cell(_LOCATIONS.get(group.location, group.location), where=source.locate(f"{base}/location")),
                 Cell(str(group.guns), where=source.locate(f"{base}/guns")),
                 *factors,
                 Cell(ammo, where=source.locate(f"{base}/ammo")),
                 Cell(str(group.critical_rating), where=source.locate(f"{base}/critical_rating"))]
        if defensive:
            fcr = " FCR" if group.fcr else ""
            cells += [Cell((group.arc_clock or "–") + fcr, where=source.locate(f"{base}/arc_clock")),
                      Cell(group.vertical_fof or "–", where=source.locate(f"{base}/vertical_fof"))]
        rows.append(cells)
    if not card.firepower:
        rows.append([Cell("unarmed", italic=True, align="left")] + [Cell("") for _ in header[1:]])
    return rows, widths


def draw_firepower(page: Page, box: Rect, card: AircraftDataCard, source: CardSource, row: float) -> None:
    """Draw the Firepower chart filling `box`, its title bar on top."""
    title_bar(page, Rect(box.x, box.top - TITLE_PT, box.width, TITLE_PT),
              "FIREPOWER CHART (attack factor by range R0, R1 … in hexes; underlined = rechargeable)", 7.5)
    rows, widths = _firepower_rows(card, source)
    draw_grid(page, Rect(box.x, box.y, box.width, box.height - TITLE_PT), rows, widths, size=TEXT_PT)
