"""Fighting Wings rendering: Aircraft Data Cards (single and imposed), A/C log sheets and the play-aid tables.

Outputs, relative to the build folder:
  fw/aircraft/<id>.pdf        one card per aircraft and variant, page = card trim size (with --backs, page 2 its back)
  fw/aircraft.pdf             every card imposed on the paper with crop marks (never scaled; --backs: back sheets)
  fw/logsheet/blank.pdf       a blank A/C log sheet
  fw/logsheet/<scenario>.pdf  one pre-filled log sheet per aircraft of the scenario
  fw/table.pdf                every rule table
A half-letter card fits one to a Letter sheet (and an A5 card one to an A4 sheet)
once the 1/4 in printer margin is kept: cards are never shrunk to fit more.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial

from fwdata.game_system import (
    Catalog,
    Entry,
    ImposedSheet,
    KeyedBy,
    Output,
    PlannedOutput,
    RenderResult,
    render_planned,
    variant_chain,
)
from fwdata.options import BuildOptions
from fwdata.render.card_back import draw_card_back
from fwdata.render.layout import PAPER_SIZES, Size
from fwdata.render.page_copies import SheetPages
from fwdata.render.pdf import PdfDocument
from fwdata.render.sheets import draw_card_sheets
from fwdata.systems.fw.model import AircraftDataCard, Scenario, resolve_card
from fwdata.systems.fw.print_options import CARD_SIZE, CARD_SIZES
from fwdata.systems.fw.render_card import draw_card
from fwdata.systems.fw.render_card_values import CardSource
from fwdata.systems.fw.render_logsheet import (
    Field,
    LogSheet,
    blank_logsheet,
    draw_logsheet,
    first_turn_cells,
    logsheet_size,
)
from fwdata.systems.fw.render_tables import render_table_sheet

CARD_BACK = partial(draw_card_back, game="Fighting Wings", kind="Aircraft Data Card")


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every Fighting Wings output (see the module docstring for the paths)."""
    return render_planned(plan_outputs(catalog, options))


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every Fighting Wings output unrendered, with the entries each is drawn from (in render order)."""
    paper = PAPER_SIZES[options.paper]
    card_size = CARD_SIZES[str(options.chosen("fw", CARD_SIZE))]
    cards = resolved_cards(catalog)
    chains = [variant_chain(catalog, ("fw", "aircraft", doc_id), lambda model: model.variant_of)
              for doc_id in catalog.ids("fw", "aircraft")]
    plans = [PlannedOutput(f"fw/aircraft/{card.id}.pdf", chain,
                           partial(_single, f"fw/aircraft/{card.id}.pdf", card.name, [(card, source)], card_size,
                                   options.bleed_pt, options.backs))
             for (card, source), chain in zip(cards, chains, strict=True)]
    if cards:
        sheet = ImposedSheet(partial(render_card_sheet, card_size=card_size, paper=paper, options=options), cards)
        plans.append(PlannedOutput("fw/aircraft.pdf", tuple(key for chain in chains for key in chain), sheet.render,
                                   tuple(chains), sheet))
    plans.append(PlannedOutput("fw/logsheet/blank.pdf", (), lambda: render_blank_logsheet(paper)))
    for doc_id, entry in zip(catalog.ids("fw", "scenario"), catalog.entries("fw", "scenario"), strict=True):
        scenario: Scenario = entry.model
        own = (("fw", "scenario", doc_id),)
        sources = (*own, *(("fw", "aircraft", aircraft.aircraft) for aircraft in scenario.aircraft()))
        plans.append(PlannedOutput(f"fw/logsheet/{scenario.id}.pdf", sources,
                                   partial(render_scenario_logsheets, entry, catalog, paper),
                                   keyed_by=KeyedBy(own, tuple(_aircraft_names(scenario, catalog)))))
    table_entries = catalog.entries("fw", "table")
    if table_entries:
        tables = [(entry.model, entry.document) for entry in table_entries]
        table_keys = tuple(("fw", "table", doc_id) for doc_id in catalog.ids("fw", "table"))
        plans.append(PlannedOutput("fw/table.pdf", table_keys,
                                   lambda: _finished("fw/table.pdf", render_table_sheet(tables, paper))))
    return plans


def resolved_cards(catalog: Catalog) -> list[tuple[AircraftDataCard, CardSource]]:
    """Return every card, variants resolved against their base chain (OTR Ch. 2 notes and variants), sorted by id."""
    cards = []
    for entry in catalog.entries("fw", "aircraft"):
        card, source = _resolve(entry, catalog, set())
        cards.append((card, source))
    return cards


def _resolve(entry: Entry, catalog: Catalog, seen: set[str]) -> tuple[AircraftDataCard, CardSource]:
    card: AircraftDataCard = entry.model
    seen = seen | {card.id}
    base_entry = catalog.get("fw", "aircraft", card.variant_of) if card.variant_of else None
    if base_entry is None or card.variant_of in seen:  # a missing base or a cycle is reported by the checks
        return card, CardSource(entry.document, card.present)
    base, base_source = _resolve(base_entry, catalog, seen)
    return resolve_card(card, base), CardSource(entry.document, card.present, base_source)


def _finished(path: str, doc: PdfDocument) -> RenderResult:
    data = doc.finish()
    return RenderResult(outputs=[Output(path, data)], findings=list(doc.findings), pages={path: doc.page_records})


def _single(path: str, title: str, cards: list[tuple[AircraftDataCard, CardSource]], size: Size,
            bleed_pt: float, backs: bool = False) -> RenderResult:
    doc = PdfDocument(f"{title} · Fighting Wings Aircraft Data Card", subject="Fighting Wings ADC (fwdata)")
    for card, source in cards:
        page = doc.new_page(size, bleed_pt)
        draw_card(page, card, source)
        if backs:
            CARD_BACK(doc.new_page(size, bleed_pt))
    return _finished(path, doc)


def render_card_sheet(cards: Sequence[tuple[AircraftDataCard, CardSource]], card_size: Size, paper: Size,
                      options: BuildOptions, pages: SheetPages | None = None) -> RenderResult:
    """Impose every card on `paper` at true size with crop marks outside the bleeds; one sheet per filled grid.

    With `pages`, sheets whose cards did not change are copied from the previous build.
    """
    doc = PdfDocument("Fighting Wings Aircraft Data Cards", subject="Imposed ADC sheet (fwdata); print at 100 %")
    draw_card_sheets(doc, cards, card_size, paper, lambda page, item: draw_card(page, item[0], item[1]),
                     bleed_pt=options.bleed_pt, gutter_pt=options.gutter_pt, back=CARD_BACK if options.backs else None,
                     pages=pages)
    result = _finished("fw/aircraft.pdf", doc)
    # The same card drawn twice would report its overflow twice: the single-card file already has it.
    result.findings = []
    return result


def render_blank_logsheet(paper: Size) -> RenderResult:
    """Render the blank A/C log sheet."""
    doc = PdfDocument("Fighting Wings A/C Log Sheet", subject="Blank A/C log sheet (fwdata)")
    draw_logsheet(doc.new_page(logsheet_size(paper)), blank_logsheet())
    return _finished("fw/logsheet/blank.pdf", doc)


def _aircraft_names(scenario: Scenario, catalog: Catalog) -> Iterator[str]:
    """Yield what the log sheets of `scenario` print of each aircraft's card, in listing order: its name (its id
    when there is no such card)."""
    for aircraft in scenario.aircraft():
        card_entry = catalog.get("fw", "aircraft", aircraft.aircraft)
        yield card_entry.model.name if card_entry else aircraft.aircraft


def render_scenario_logsheets(entry: Entry, catalog: Catalog, paper: Size) -> RenderResult:
    """Render one pre-filled log sheet per aircraft of a scenario, in listing order (rank, OTR 8.5)."""
    scenario: Scenario = entry.model
    document = entry.document
    doc = PdfDocument(f"{scenario.name} · Fighting Wings A/C Log Sheets", subject="Scenario log sheets (fwdata)")
    names = _aircraft_names(scenario, catalog)
    for s, side in enumerate(scenario.sides):
        for formation in side.formations:
            for flight in formation.flights:
                for aircraft in flight.aircraft:
                    base = aircraft.pointer
                    name = next(names)
                    pilot = aircraft.pilot
                    traits = pilot.get("traits") or ()
                    quality = str(pilot.get("quality", ""))
                    if traits:
                        quality += " · " + ", ".join(str(t) for t in traits)
                    formation_text = formation.name + (f" ({formation.type})" if formation.type else "")
                    fields = (
                        Field("Aircraft", name, 1.6, document.locate(f"{base}/aircraft")),
                        Field("Callsign", aircraft.callsign or "", 1.0, document.locate(f"{base}/callsign")),
                        Field("Pilot", str(pilot.get("name", "")), 1.3, document.locate(f"{base}/pilot")),
                        Field("Quality / traits", quality, 1.3, document.locate(f"{base}/pilot")),
                        Field("Side", side.name + (f" ({side.role})" if side.role else ""), 1.0,
                              document.locate(f"/sides/{s}/name")),
                        Field("Formation", formation_text, 1.0, document.locate(f"{base.rsplit('/flights', 1)[0]}")),
                        Field("Flight", flight.name, 1.0, document.locate(f"{base.rsplit('/aircraft', 1)[0]}")),
                        Field("Scenario", scenario.name, 1.6, document.locate("/name")),
                    )
                    cells = first_turn_cells(aircraft.setup,
                                             lambda key, base=base: document.locate(f"{base}/setup/{key}"))
                    sheet = LogSheet(title=f"A/C LOG SHEET · {scenario.name}", fields=fields, first_turn=cells)
                    draw_logsheet(doc.new_page(logsheet_size(paper)), sheet)
    if not scenario.aircraft():
        draw_logsheet(doc.new_page(logsheet_size(paper)), blank_logsheet())
    return _finished(f"fw/logsheet/{scenario.id}.pdf", doc)
