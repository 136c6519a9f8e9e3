"""Fighting Wings Aircraft Data Card layout: the header, then every ADC section placed on one card-sized surface.

The printed layout of the card is lost (OTR Ch. 2), so the sections follow the
digest's data model: header, general information, Aircraft Performance Chart,
Power versus Speed Chart with the Banking and Side Slip FPs lines, rates of
climb, Firepower chart, fuel, stations, notes and a provenance line.
"""

from __future__ import annotations

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.systems.fw.model import AircraftDataCard
from fwdata.systems.fw.render_card_charts import draw_firepower, draw_flight_charts, power_chart_rows
from fwdata.systems.fw.render_card_text import (
    draw_footer,
    draw_general,
    draw_notes,
    general_block_height,
    notes_size,
    notes_text,
    provenance_footer_height,
)
from fwdata.systems.fw.render_card_values import GAP_PT, LEGEND_PT, ROW_PT, TITLE_PT, CardSource
from fwdata.systems.fw.render_grid import Cell, draw_grid, wrap_if_long
from fwdata.units import inches

SAFE_PT = inches(0.125)
MIN_ROW_PT = 8.0
HEADER_GRID_PT = 27.0
COLUMN_GAP_PT = 8.0
COMFORT_PT = 7.0
_MOUNTINGS = {"fuselage": "fuselage", "wing": "wing", "fuselage_mid": "mid-fuselage", "fuselage_aft": "aft fuselage",
              "fore_aft": "fore and aft"}


def draw_card(page: Page, card: AircraftDataCard, source: CardSource) -> None:
    """Draw the whole card on `page` (the card's trim box at the page origin), text kept 1/8 in inside the trim."""
    # The border sits on the safe line, 1/8 in inside the trim, so cutting tolerance never reaches it.
    page.rect(page.box.inset(SAFE_PT), width=0.6)
    area = page.box.inset(SAFE_PT + 3)
    header, rest = area.take_top(16 + HEADER_GRID_PT + 2)
    _draw_header(page, header, card, source)
    footer_height = provenance_footer_height(card, area.width)
    footer = Rect(area.x, area.y, area.width, footer_height)
    body = Rect(area.x, area.y + footer_height + GAP_PT, area.width, rest.height - footer_height - 2 * GAP_PT)
    draw_footer(page, footer, card, source)

    legend = LEGEND_PT if any(rate.oxygen_restricted for rate in card.climb) else 0.0
    left_rows = (len(card.performance) + 1) + power_chart_rows(card)
    left_fixed = 2 * TITLE_PT + GAP_PT + legend
    fire_rows = max(1, len(card.firepower)) + 1
    column_width = (body.width - COLUMN_GAP_PT) / 2
    general_height = general_block_height(card, source, column_width)
    notes = notes_text(card, source)

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
        if notes_size(notes, column_width, first, second) >= COMFORT_PT:
            break
        row -= 0.25
    fire, left, right = layout(row)
    left_end = draw_flight_charts(page, left, card, source, row)
    right_end = draw_general(page, right, card, source)
    draw_notes(page, Rect(right.x, right.y, right.width, right_end - GAP_PT - right.y),
                Rect(left.x, left.y, left.width, left_end - GAP_PT - left.y), card, source)
    draw_firepower(page, fire, card, source, row)


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
