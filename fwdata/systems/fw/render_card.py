"""Fighting Wings Aircraft Data Card layout: every ADC section drawn on one card-sized surface.

The printed layout of the card is lost (OTR Ch. 2), so the sections follow the
digest's data model: header, general information, Aircraft Performance Chart,
Power versus Speed Chart with the Banking and Side Slip FPs lines, rates of
climb, Firepower chart, fuel, stations, notes and a provenance line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fwdata.citations import printable_citation
from fwdata.findings import Location
from fwdata.render.layout import Rect
from fwdata.render.pdf import MIN_FONT_PT, Page, wrap_words
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.model import BANDS, INHERITED, SPEED_COLUMN_TITLES, TURN_RATES, AircraftDataCard
from fwdata.systems.fw.render_grid import Cell, draw_grid, title_bar, wrap_if_long, wrapped_height
from fwdata.units import inches

SAFE_PT = inches(0.125)
GAP_PT = 4.0
TITLE_PT = 9.5
ROW_PT = 10.0
MIN_ROW_PT = 8.0
TEXT_PT = 7.5
FOOTER_PT = 6.5
HEADER_GRID_PT = 27.0
LEGEND_PT = 8.0
NOTE_PAD_PT = 2.5
COLUMN_GAP_PT = 8.0
COMFORT_PT = 7.0

_RATE_TITLES = {"tt": "TT", "ht": "HT", "bt": "BT", "et": "ET"}
_LOCATIONS = {"N": "nose", "W": "wing", "TS": "tail sting.", "turret": "turret", "manual": "manual"}
_EQUIPMENT = {
    "radio": "radio", "iff": "IFF", "navigation": "navigation", "oxygen": "oxygen", "oxygen_backup": "backup O2",
    "pressure_cabin": "pressure cabin", "g_suit": "G-suit", "radar_altimeter": "radar altimeter",
    "flares": "flares", "shrouded_exhausts": "shrouded exhausts",
}
_MOUNTINGS = {"fuselage": "fuselage", "wing": "wing", "fuselage_mid": "mid-fuselage", "fuselage_aft": "aft fuselage",
              "fore_aft": "fore and aft"}


@dataclass(frozen=True)
class CardSource:
    """The documents a (resolved) card was built from: sections it does not list come from its base."""

    document: SourceDocument
    present: frozenset[str]
    base: CardSource | None = None

    def locate(self, pointer: str) -> Location:
        """Return the location of `pointer` in whichever document holds its top-level section."""
        if self._inherited(pointer) and self.base is not None:
            return self.base.locate(pointer)
        return self.document.locate(pointer)

    def _inherited(self, pointer: str) -> bool:
        section = pointer.split("/")[1] if pointer.startswith("/") else ""
        return section in INHERITED and section not in self.present

    def raw(self, pointer: str) -> Any:
        """Return the plain value at `pointer` in the document holding it, or None."""
        if self._inherited(pointer) and self.base is not None:
            return self.base.raw(pointer)
        value: Any = self.document.data
        for token in pointer.split("/")[1:]:
            if isinstance(value, Mapping):
                value = value.get(token)
            elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
                value = value[int(token)]
            else:
                return None
        return value


def fp(value: float | None) -> str:
    """Format a speed in FP the way the card prints it (one decimal), a dash when absent."""
    return "–" if value is None else f"{value:.1f}"


def points(value: float | None) -> str:
    """Format accel/decel points: whole numbers without a decimal, halves with one."""
    if value is None:
        return "–"
    return f"{value:g}"


def thousands(value: int | None) -> str:
    """Format a whole number with thousands separators."""
    return "–" if value is None else f"{value:,}"


def draw_card(page: Page, card: AircraftDataCard, source: CardSource) -> None:
    """Draw the whole card on `page` (the card's trim box at the page origin), text kept 1/8 in inside the trim."""
    # The border sits on the safe line, 1/8 in inside the trim, so cutting tolerance never reaches it.
    page.rect(page.box.inset(SAFE_PT), width=0.6)
    area = page.box.inset(SAFE_PT + 3)
    header, rest = area.take_top(16 + HEADER_GRID_PT + 2)
    _draw_header(page, header, card, source)
    footer_height = _footer_height(card, area.width)
    footer = Rect(area.x, area.y, area.width, footer_height)
    body = Rect(area.x, area.y + footer_height + GAP_PT, area.width, rest.height - footer_height - 2 * GAP_PT)
    _draw_footer(page, footer, card, source)

    legend = LEGEND_PT if any(rate.oxygen_restricted for rate in card.climb) else 0.0
    left_rows = (len(card.performance) + 1) + power_chart_rows(card)
    left_fixed = 2 * TITLE_PT + GAP_PT + legend
    fire_rows = max(1, len(card.firepower)) + 1
    column_width = (body.width - COLUMN_GAP_PT) / 2
    general_height = _general_height(card, source, column_width)
    notes = _notes_text(card, source)

    def layout(row: float) -> tuple[Rect, Rect, Rect]:
        fire = Rect(body.x, body.y, body.width, TITLE_PT + fire_rows * row)
        middle = Rect(body.x, fire.top + GAP_PT, body.width, body.height - fire.height - GAP_PT)
        left, right = middle.columns([0.5, 0.5], gap=COLUMN_GAP_PT)
        return fire, left, right

    # Chart rows shrink from ROW_PT towards MIN_ROW_PT until the charts fit, then further only
    # as far as the notes need room at a comfortable size.
    row = ROW_PT
    while row > MIN_ROW_PT and left_fixed + left_rows * row + TITLE_PT + fire_rows * row + GAP_PT > body.height:
        row -= 0.25
    while row > MIN_ROW_PT:
        _, left, right = layout(row)
        first = right.height - general_height - GAP_PT
        second = left.height - left_fixed - left_rows * row - GAP_PT
        if _notes_size(notes, column_width, first, second) >= COMFORT_PT:
            break
        row -= 0.25
    fire, left, right = layout(row)
    left_end = _draw_left(page, left, card, source, row)
    right_end = _draw_right(page, right, card, source)
    _draw_notes(page, Rect(right.x, right.y, right.width, right_end - GAP_PT - right.y),
                Rect(left.x, left.y, left.width, left_end - GAP_PT - left.y), card, source)
    _draw_firepower(page, fire, card, source, row)


def _draw_header(page: Page, box: Rect, card: AircraftDataCard, source: CardSource) -> None:
    general = card.general or {}
    name_box, fields = box.take_top(16)
    class_box = Rect(name_box.right - 70, name_box.y + 1, 70, name_box.height - 1)
    page.rect(class_box, fill_gray=0.2, stroke=False)
    page.fit_text(class_box, f"Class {general.get('agility_class', '–')}", 10, bold=True, gray=1.0, align="centre",
                  where=source.locate("/general/agility_class"))
    title_box = Rect(name_box.x, name_box.y, name_box.width - 76, name_box.height)
    page.fit_text(title_box, card.name, 13, bold=True, pad=0, where=source.document.locate("/name"))
    engines = general.get("engines") or {}
    engine_text = "–"
    if engines:
        kind = {"turbojet": "turbojet", "rocket": "rocket"}.get(engines.get("kind", ""), "piston")
        engine_text = (f"{engines.get('count', 1)} × {kind}, {_MOUNTINGS.get(engines.get('mounting', ''), '')}"
                       f"{' pusher' if engines.get('pusher') else ''}: {engines.get('description', '')}")
    crew = general.get("crew") or ()
    crew_text = (", ".join(crew) if len(crew) == 1 else f"{len(crew)}: " + ", ".join(crew)) if crew else "–"
    labels = ["Type", "Engines", "Crew", "Blind arc", "Cockpit view"]
    values = [
        Cell(str(general.get("type_name", card.name)), where=source.locate("/general/type_name")),
        Cell(engine_text, where=source.locate("/general/engines")),
        Cell(crew_text or "–", where=source.locate("/general/crew")),
        Cell(str(general.get("blind_arc", "–")), where=source.locate("/general/blind_arc")),
        Cell(str(general.get("cockpit_view", "–")), where=source.locate("/general/cockpit_view")),
    ]
    weights = [1.0, 2.3, 3.1, 0.75, 0.75]
    grid = Rect(fields.x, fields.top - HEADER_GRID_PT, fields.width, HEADER_GRID_PT)
    columns = grid.columns(weights)
    rows = [[Cell(text, align="left") for text in labels],
            [wrap_if_long(Cell(v.text, where=v.where, align="left"), column.width, 7)
             for v, column in zip(values, columns, strict=True)]]
    draw_grid(page, grid, rows, weights, heights=[9, HEADER_GRID_PT - 9], size=7)


def _draw_left(page: Page, box: Rect, card: AircraftDataCard, source: CardSource, row: float) -> float:
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


def _general_rows(card: AircraftDataCard, source: CardSource) -> tuple[list[list[Cell]], list[list[Cell]]]:
    general = card.general or {}

    def label(text: str) -> Cell:
        return Cell(text, bold=True, align="left", fill_gray=0.93)

    def value(text: str, pointer: str) -> Cell:
        return Cell(text, align="left", where=source.locate(pointer))

    loads = general.get("load_points") or {}
    damage = general.get("damage_factors") or {}
    victory = general.get("victory_points") or {}
    size_mod = general.get("size_modifier")
    boost = general.get("boost_systems") or ()
    boost_text = ", ".join(boost) if boost else "none"
    if boost and general.get("boost_min") is not None:
        boost_text += f", {general['boost_min']} min"
    elif boost and any(b in ("MW-50", "GM-1") for b in boost):
        boost_text += ", 40 min (the rules' default, OTR 17.5)"
    pairs = [
        (label("Load points"), value(f"{points(loads.get('loaded'))}–{points(loads.get('overloaded'))}"
                                     if loads else "–", "/general/load_points"),
         label("Defense strength"), value(str(general.get("defense_strength", "–")), "/general/defense_strength")),
        (label("Size modifier"), value(f"{size_mod:+d}" if size_mod else "0" if size_mod == 0 else "–",
                                       "/general/size_modifier"),
         label("Damage factors"), value(f"{damage.get('severe', '–')} / {damage.get('destroyed', '–')}",
                                        "/general/damage_factors")),
        (label("Victory points"), value(f"{victory.get('severe', '–')} / {victory.get('shot_down', '–')}",
                                        "/general/victory_points"),
         label("Sight"), value(str(general.get("sight", "–")), "/general/sight")),
        (label("Climb att. decel"), value(points(general.get("climb_attitude_decel")),
                                          "/general/climb_attitude_decel"),
         label("Dive accel bonus"), value(points(general.get("dive_accel_bonus")), "/general/dive_accel_bonus")),
    ]
    short_rows = [list(pair) for pair in pairs]
    ceilings = general.get("ceilings_ft") or {}
    protection = general.get("protection") or {}
    equipment = general.get("equipment") or {}
    fitted = [text for key, text in _EQUIPMENT.items() if equipment.get(key)]
    long_rows = [
        [label("Ceilings (ft)"),
         value(f"normal {thousands(ceilings.get('normal'))} · loaded {thousands(ceilings.get('loaded'))} · "
               f"overloaded {thousands(ceilings.get('overloaded'))}" if ceilings else "–", "/general/ceilings_ft")],
        [label("Protection"),
         value(f"engine +{protection.get('engine', 0)} · fuel tanks +{protection.get('fuel_tanks', 0)} · "
               f"cockpit +{protection.get('cockpit', 0)}" if protection else "–", "/general/protection")],
        [label("Equipment"), Cell((", ".join(fitted) or "none listed") + f" · boost: {boost_text}", align="left",
                                  wrap=True, where=source.locate("/general/equipment"))],
        [label("Fuel (min)"), Cell(_fuel_text(card), align="left", wrap=True, where=source.locate("/fuel"))],
        [label("Stations"), Cell(_stations_text(card), align="left", wrap=True, where=source.locate("/stations"))],
    ]
    return short_rows, long_rows


def _fuel_text(card: AircraftDataCard) -> str:
    fuel = card.fuel or {}
    if not fuel:
        return "–"
    parts = [f"internal {fuel['internal_min']}"]
    if fuel.get("drop_tank_min"):
        parts.append(f"drop tanks +{fuel['drop_tank_min']}")
    if fuel.get("auxiliary_min"):
        parts.append(f"auxiliary +{fuel['auxiliary_min']}")
    return " · ".join(parts)


def _stations_text(card: AircraftDataCard) -> str:
    if not card.stations:
        return "none"
    parts = []
    for station in card.stations:
        count = station.get("count", 1)
        text = f"{count} × {station['name']}" if count > 1 else str(station["name"])
        text += f" {thousands(station['weight_limit_lb'])} lb"
        if count > 1:
            text += " each"
        if station.get("snap_open"):
            text += " (snap-open doors)"
        parts.append(text)
    total = f"; total {thousands(card.total_weight_limit_lb)} lb" if card.total_weight_limit_lb is not None else ""
    return "; ".join(parts) + total


def _notes_text(card: AircraftDataCard, source: CardSource) -> str:
    parts = _notes_parts(card)
    return printable_citation("\n".join(text for text, _ in parts)) if parts else "—"


def _notes_parts(card: AircraftDataCard) -> list[tuple[str, str]]:
    """Return the paragraphs of the notes box with the pointer of the value each one prints."""
    flags = card.flags or {}
    flag_words = []
    if flags.get("slats"):
        flag_words.append("slats")
    if flags.get("combat_flaps_max_over_min_fp") is not None:
        flag_words.append(f"combat flaps up to min speed +{fp(flags['combat_flaps_max_over_min_fp'])}")
    for key, text in (("dive_brakes", "dive brakes"), ("dive_flaps", "dive flaps"), ("swept_wing", "swept wing"),
                      ("cockpit_fire_vulnerability", "Cockpit Fire Vulnerability"),
                      ("very_distinctive", "very distinctive type"), ("every_landing_forced", "every landing forced")):
        if flags.get(key):
            flag_words.append(text)
    if flags.get("gear"):
        flag_words.append(f"gear: {flags['gear']}")
    for key, text in (("landing_attrition_mod", "landing attrition"), ("forced_landing_mod", "forced landing")):
        if flags.get(key):
            flag_words.append(f"{text} {flags[key]:+d}")
    if flags.get("rocket_endurance_min"):
        flag_words.append(f"rocket motor {flags['rocket_endurance_min']} min")
    parts = []
    if flag_words:
        parts.append(("Flags: " + "; ".join(flag_words) + ".", "/flags"))
    parts.extend((f"• {note}", f"/notes/{index}") for index, note in enumerate(card.notes))
    if card.variants:
        parts.append(("Variants: " + " ".join(card.variants), "/variants"))
    return parts


def _overflow_pointer(card: AircraftDataCard, width: float, size: float, capacity: int) -> str:
    """Return the pointer of the paragraph holding the first notes line that does not fit `capacity` lines
    (or a word wider than `width`): an overflow is reported at that value, not at the whole list."""
    shown = 0
    for text, pointer in _notes_parts(card):
        lines = wrap_words(printable_citation(text), width, size)
        shown += len(lines) if lines is not None else capacity + 1
        if shown > capacity:
            return pointer
    return "/notes"


def _long_row_heights(long_rows: list[list[Cell]], width: float) -> list[float]:
    value_width = width * 2.9 / 3.9
    return [max(ROW_PT, wrapped_height(row[1].text, value_width, TEXT_PT, pad=1.5)) if row[1].wrap else ROW_PT
            for row in long_rows]


def _general_height(card: AircraftDataCard, source: CardSource, width: float) -> float:
    """Return the height of the general information block (title, short grid, long rows) in a `width` column."""
    short_rows, long_rows = _general_rows(card, source)
    return TITLE_PT + ROW_PT * len(short_rows) + sum(_long_row_heights(long_rows, width))


def _draw_right(page: Page, box: Rect, card: AircraftDataCard, source: CardSource) -> float:
    """Draw the general information block from the top of `box`; return the y where it ends."""
    top = box.top
    title_bar(page, Rect(box.x, top - TITLE_PT, box.width, TITLE_PT), "GENERAL INFORMATION", 7.5)
    top -= TITLE_PT
    short_rows, long_rows = _general_rows(card, source)
    short_height = ROW_PT * len(short_rows)
    draw_grid(page, Rect(box.x, top - short_height, box.width, short_height), short_rows, [1.05, 1.0, 1.05, 1.2],
              size=TEXT_PT, header_rows=0)
    top -= short_height
    heights = _long_row_heights(long_rows, box.width)
    long_height = sum(heights)
    draw_grid(page, Rect(box.x, top - long_height, box.width, long_height), long_rows, [1.0, 2.9],
              heights=heights, size=TEXT_PT, header_rows=0)
    return top - long_height


def _note_capacity(height: float, size: float) -> int:
    """Return how many lines of `size` pt notes fit in a notes box `height` pt tall (title bar included)."""
    usable = height - TITLE_PT - 2 * NOTE_PAD_PT
    return max(0, int((usable + 0.01) // (size * 1.2))) if height > TITLE_PT + 2 * size else 0


def _notes_size(text: str, width: float, first: float, second: float) -> float:
    """Return the largest notes size (TEXT_PT down to 6 pt) whose lines fit boxes `first` + `second` pt tall."""
    size = TEXT_PT
    while size > MIN_FONT_PT:
        lines = wrap_words(text, width - 2 * NOTE_PAD_PT, size)
        if lines is not None and len(lines) <= _note_capacity(first, size) + _note_capacity(second, size):
            return size
        size -= 0.5
    return MIN_FONT_PT


def _draw_notes(page: Page, first: Rect, second: Rect, card: AircraftDataCard, source: CardSource) -> None:
    """Draw the notes in `first` (under the general block), continuing in `second` (under the charts) if needed.

    Both boxes have the same width, so the text wraps the same way in each; the
    largest size from TEXT_PT down to 6 pt whose lines fit both boxes is used.
    """
    text = _notes_text(card, source)
    inner_width = first.width - 2 * NOTE_PAD_PT

    def capacity(box: Rect, size: float) -> int:
        return _note_capacity(box.height, size)

    size = _notes_size(text, first.width, first.height, second.height)
    where = source.locate(_overflow_pointer(card, inner_width, size, capacity(first, size) + capacity(second, size)))
    lines = wrap_words(text, inner_width, size) or [text]
    if len(lines) <= capacity(first, size) or capacity(second, size) == 0:
        parts = [(first, "NOTES", "\n".join(lines))]
    else:
        split = capacity(first, size)
        parts = [(first, "NOTES", "\n".join(lines[:split])),
                 (second, "NOTES (continued)", "\n".join(lines[split:]))]
    for box, title, body in parts:
        title_bar(page, Rect(box.x, box.top - TITLE_PT, box.width, TITLE_PT), title, 7.5)
        text_box = Rect(box.x, box.y, box.width, box.height - TITLE_PT)
        page.rect(text_box, width=0.3)
        page.paragraph(text_box, body, size, pad=NOTE_PAD_PT, where=where)


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
            fcr = " FCR" if source.raw(f"{base}/fcr") else ""
            cells += [Cell((group.arc_clock or "–") + fcr, where=source.locate(f"{base}/arc_clock")),
                      Cell(group.vertical_fof or "–", where=source.locate(f"{base}/vertical_fof"))]
        rows.append(cells)
    if not card.firepower:
        rows.append([Cell("unarmed", italic=True, align="left")] + [Cell("") for _ in header[1:]])
    return rows, widths


def _draw_firepower(page: Page, box: Rect, card: AircraftDataCard, source: CardSource, row: float) -> None:
    title_bar(page, Rect(box.x, box.top - TITLE_PT, box.width, TITLE_PT),
              "FIREPOWER CHART (attack factor by range R0, R1 … in hexes; underlined = rechargeable)", 7.5)
    rows, widths = _firepower_rows(card, source)
    draw_grid(page, Rect(box.x, box.y, box.width, box.height - TITLE_PT), rows, widths, size=TEXT_PT)


def _provenance_text(card: AircraftDataCard) -> str:
    provenance = card.provenance
    status = str(provenance.get("status", ""))
    parts = [f"Provenance: {status}. Source: {provenance.get('source', '')}"]
    if status == "authored":
        parts.append("AUTHORED card: values derived by the fwdata authors from public sources, "
                     "not printed in a rulebook.")
        sources: Sequence[str] = provenance.get("sources") or ()
        if sources:
            parts.append("Sources: " + "; ".join(sources) + ".")
    elif status == "inferred":
        parts.append("Contains values inferred or restored from damaged text.")
    if card.variant_of:
        parts.append(f"Variant of {card.variant_of}: sections it does not list come from that card.")
    return printable_citation(" ".join(parts))


def _footer_height(card: AircraftDataCard, width: float) -> float:
    return min(4 * FOOTER_PT * 1.2 + 3, max(FOOTER_PT * 1.2 + 3, wrapped_height(_provenance_text(card), width,
                                                                                 FOOTER_PT, pad=1.5)))


def _draw_footer(page: Page, box: Rect, card: AircraftDataCard, source: CardSource) -> None:
    page.line(box.x, box.top, box.right, box.top, 0.3)
    page.paragraph(box, _provenance_text(card), FOOTER_PT, pad=1.5, where=source.document.locate("/provenance"))
