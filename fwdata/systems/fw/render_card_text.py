"""Aircraft Data Card text blocks: general information, notes (continued under the charts) and the provenance footer."""

from __future__ import annotations

from collections.abc import Sequence

from fwdata.render.citations import printable_citation
from fwdata.render.fonts import wrap_words
from fwdata.render.layout import Rect
from fwdata.render.pdf import MIN_FONT_PT, Page
from fwdata.systems.fw.citations import CITATIONS
from fwdata.systems.fw.model import AircraftDataCard
from fwdata.systems.fw.render_card_values import ROW_PT, TEXT_PT, TITLE_PT, CardSource, fp, points, thousands
from fwdata.systems.fw.render_grid import Cell, draw_grid, title_bar, wrapped_height

FOOTER_PT = 6.5
NOTE_PAD_PT = 2.5
_EQUIPMENT = {
    "radio": "radio", "iff": "IFF", "navigation": "navigation", "oxygen": "oxygen", "oxygen_backup": "backup O2",
    "pressure_cabin": "pressure cabin", "g_suit": "G-suit", "radar_altimeter": "radar altimeter",
    "flares": "flares", "shrouded_exhausts": "shrouded exhausts",
}


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


def _long_row_heights(long_rows: list[list[Cell]], width: float) -> list[float]:
    value_width = width * 2.9 / 3.9
    return [max(ROW_PT, wrapped_height(row[1].text, value_width, TEXT_PT, pad=1.5)) if row[1].wrap else ROW_PT
            for row in long_rows]


def general_block_height(card: AircraftDataCard, source: CardSource, width: float) -> float:
    """Return the height of the general information block (title, short grid, long rows) in a `width` column."""
    short_rows, long_rows = _general_rows(card, source)
    return TITLE_PT + ROW_PT * len(short_rows) + sum(_long_row_heights(long_rows, width))


def draw_general(page: Page, box: Rect, card: AircraftDataCard, source: CardSource) -> float:
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


def notes_text(card: AircraftDataCard, source: CardSource) -> str:
    """Return the notes box text (flags, notes, variants), a dash when there is none."""
    parts = _notes_parts(card)
    return printable_citation("\n".join(text for text, _ in parts), CITATIONS) if parts else "—"


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
        lines = wrap_words(printable_citation(text, CITATIONS), width, size)
        shown += len(lines) if lines is not None else capacity + 1
        if shown > capacity:
            return pointer
    return "/notes"


def _note_capacity(height: float, size: float) -> int:
    """Return how many lines of `size` pt notes fit in a notes box `height` pt tall (title bar included)."""
    usable = height - TITLE_PT - 2 * NOTE_PAD_PT
    return max(0, int((usable + 0.01) // (size * 1.2))) if height > TITLE_PT + 2 * size else 0


def notes_size(text: str, width: float, first: float, second: float) -> float:
    """Return the largest notes size (TEXT_PT down to 6 pt) whose lines fit boxes `first` + `second` pt tall."""
    size = TEXT_PT
    while size > MIN_FONT_PT:
        lines = wrap_words(text, width - 2 * NOTE_PAD_PT, size)
        if lines is not None and len(lines) <= _note_capacity(first, size) + _note_capacity(second, size):
            return size
        size -= 0.5
    return MIN_FONT_PT


def draw_notes(page: Page, first: Rect, second: Rect, card: AircraftDataCard, source: CardSource) -> None:
    """Draw the notes in `first` (under the general block), continuing in `second` (under the charts) if needed.

    Both boxes have the same width, so the text wraps the same way in each; the
    largest size from TEXT_PT down to 6 pt whose lines fit both boxes is used.
    """
    text = notes_text(card, source)
    inner_width = first.width - 2 * NOTE_PAD_PT

    def capacity(box: Rect, size: float) -> int:
        return _note_capacity(box.height, size)

    size = notes_size(text, first.width, first.height, second.height)
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
    return printable_citation(" ".join(parts), CITATIONS)


def provenance_footer_height(card: AircraftDataCard, width: float) -> float:
    """Return the height of the provenance footer in a `width` line: one to four lines of FOOTER_PT text."""
    return min(4 * FOOTER_PT * 1.2 + 3, max(FOOTER_PT * 1.2 + 3, wrapped_height(_provenance_text(card), width,
                                                                                 FOOTER_PT, pad=1.5)))


def draw_footer(page: Page, box: Rect, card: AircraftDataCard, source: CardSource) -> None:
    """Draw the provenance footer in `box` under a thin rule."""
    page.line(box.x, box.top, box.right, box.top, 0.3)
    page.paragraph(box, _provenance_text(card), FOOTER_PT, pad=1.5, where=source.document.locate("/provenance"))
