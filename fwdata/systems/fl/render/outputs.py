"""Flight Leader outputs: plan and render the cards, blank forms, scenario sheets and crosscheck report.

Outputs, relative to the build folder:
  fl/aircraft/<id>.pdf      one 5 x 3 in card per aircraft and variant (variant changes applied; --backs: page 2 back)
  fl/aircraft.pdf           every card imposed on the paper at true size with crop marks (--backs: back sheets)
  fl/status-card.pdf        a blank Aircraft Status Card (tracks of FL 1.4, 2.3, 9.3)
  fl/plot-sheet.pdf         a blank Plot Sheet, two forms per page (FL 17.8)
  fl/scenario/<id>.pdf      one scenario sheet: forces, set-up, points and victory points
  fl/crosscheck.md          every printed scenario's points against the FL 26.x rules
Values the rulebook lost print as '?', a printed dash (not available) as '-'.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from fwdata.game_system import (
    Catalog,
    EntryKey,
    ImposedSheet,
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
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.model import FlAircraft, ListNote, Scenario
from fwdata.systems.fl.print_options import CARD, VERDICTS
from fwdata.systems.fl.render.aircraft_card import draw_aircraft_card
from fwdata.systems.fl.render.blank_forms import draw_plot_sheet, draw_status_card
from fwdata.systems.fl.render.scenario_sheet import draw_scenario_sheet
from fwdata.systems.fl.report import crosscheck_markdown
from fwdata.systems.fl.scoring import ScenarioScore, score_scenario
from fwdata.systems.fl.scoring.solver import solve_scenarios

CARD_BACK = partial(draw_card_back, game="Flight Leader", kind="Aircraft Card")


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every Flight Leader output (see the module docstring for the paths)."""
    return render_planned(plan_outputs(catalog, options))


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every Flight Leader output unrendered, with the entries each is drawn from (in render order).

    A card is drawn from its aircraft's base chain and the list notes; the scenario
    sheets and the crosscheck score with every aircraft and table, so they count as
    drawn from all of Flight Leader. A scenario sheet shows its scenario, its aircraft
    (their base chains) and the list notes and missile loads they are armed from; the
    crosscheck shows what every scenario sheet shows.
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
                                   partial(_card, aircraft, entry.document, notes, options.bleed_pt,
                                           options.backs)))
    if cards:
        sheet = ImposedSheet(partial(render_card_sheet, paper=paper, notes=notes, options=options), cards)
        plans.append(PlannedOutput("fl/aircraft.pdf", tuple(key for plan in plans for key in plan.sources or ()),
                                   sheet.render, tuple(plan.sources or () for plan in plans), sheet))
    plans.append(PlannedOutput("fl/status-card.pdf", (), lambda: _status_card(paper)))
    plans.append(PlannedOutput("fl/plot-sheet.pdf", (), lambda: _plot_sheet(paper)))
    armed_from = (*note_keys, *(("fl", "missile-load", doc_id) for doc_id in catalog.ids("fl", "missile-load")))
    scores = []
    shown: list[EntryKey] = []
    for doc_id, entry in zip(catalog.ids("fl", "scenario"), catalog.entries("fl", "scenario"), strict=True):
        scenario: Scenario = entry.model
        if any(lookup(f.aircraft) is None for side in scenario.sides for f in side.flights):
            continue
        score = score_scenario(scenario, lookup)
        scores.append(score)
        shows = (("fl", "scenario", doc_id), *armed_from,
                 *(key for side in scenario.sides for flight in side.flights
                   for key in variant_chain(catalog, ("fl", "aircraft", flight.aircraft), lambda model: model.base)))
        shown += shows
        plans.append(PlannedOutput(f"fl/scenario/{scenario.id}.pdf", None,
                                   partial(_scenario_sheet, score, entry.document, lookup, paper,
                                           bool(options.chosen("fl", VERDICTS))), shows=shows))
    if scores:
        plans.append(PlannedOutput("fl/crosscheck.md", None, lambda: RenderResult(
            outputs=[Output("fl/crosscheck.md", crosscheck_markdown(
                scores, shared=solve_scenarios([s.scenario for s in scores], lookup)).encode("utf-8"))]),
            shows=tuple(dict.fromkeys(shown))))
    return plans


def _card(aircraft: FlAircraft, document: SourceDocument, notes: dict[str, ListNote], bleed_pt: float,
          backs: bool = False) -> RenderResult:
    doc = PdfDocument(f"{aircraft.name} · Flight Leader aircraft card", subject="Flight Leader aircraft card (fwdata)")
    draw_aircraft_card(doc.new_page(CARD, bleed_pt), aircraft, document, notes)
    if backs:
        CARD_BACK(doc.new_page(CARD, bleed_pt))
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
                    paper: Size, verdicts: bool = False) -> RenderResult:
    scenario = score.scenario
    doc = PdfDocument(f"{scenario.number} {scenario.name} · Flight Leader scenario", subject="Scenario sheet (fwdata)")
    draw_scenario_sheet(doc.new_page(paper.portrait), score, document, lookup, verdicts=verdicts)
    return _finished(f"fl/scenario/{scenario.id}.pdf", doc)


def _finished(path: str, doc: PdfDocument) -> RenderResult:
    data = doc.finish()
    return RenderResult(outputs=[Output(path, data)], findings=list(doc.findings), pages={path: doc.page_records})


def render_card_sheet(
    cards: Sequence[tuple[FlAircraft, SourceDocument]], paper: Size, notes: dict[str, ListNote], options: BuildOptions,
    pages: SheetPages | None = None,
) -> RenderResult:
    """Impose every aircraft card on `paper` at true size, crop marks outside the bleeds.

    With `pages`, sheets whose cards did not change are copied from the previous build.
    """
    doc = PdfDocument("Flight Leader aircraft cards", subject="Imposed aircraft cards (fwdata); print at 100 %")
    draw_card_sheets(doc, cards, CARD, paper,
                     lambda page, card: draw_aircraft_card(page, card[0], card[1], notes),
                     bleed_pt=options.bleed_pt, gutter_pt=options.gutter_pt, back=CARD_BACK if options.backs else None,
                     pages=pages)
    result = _finished("fl/aircraft.pdf", doc)
    result.findings = []  # the single-card files already report any overflow
    return result
