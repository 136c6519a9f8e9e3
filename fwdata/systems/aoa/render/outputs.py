"""Ace of Aces outputs: which files a build writes, from which entries, and their renderers.

Outputs, relative to the build folder:
  aoa/plane/<id>.pdf          one poker card (2.5 x 3.5 in) per plane, page = trim (--backs: page 2 its back)
  aoa/plane.pdf               every card imposed at true size with crop marks (8-up on Letter or A4; --backs:
                              a sheet of backs after each sheet)
  aoa/pilots-log/blank.pdf    a blank Pilot's Log
  aoa/pilots-log/<id>.pdf     a Pilot's Log with one plane's statistics filled in
  aoa/chart.pdf               the chart book: maneuvers, firing and gun charts, firing statistics,
                              critical hit charts, damage allocation charts, archie
  aoa/campaign-setup.pdf      the campaign set-up sheet (AoA XLVI tables, map, fuel turns per plane)
  aoa/book/<id>.pdf           a generated dogfighting book in page order, two pages per sheet (render_books.py)
  aoa/book/<id>-booklet.pdf   the same book imposed for saddle stitching: print duplex, fold, staple
"""

from __future__ import annotations

from functools import partial

from fwdata.game_system import Catalog, ImposedSheet, PlannedOutput, RenderResult, render_planned
from fwdata.options import BuildOptions
from fwdata.render.layout import PAPER_SIZES
from fwdata.systems.aoa.model import ArchieChart, BattlefieldMap, RollMatrix, RollTable
from fwdata.systems.aoa.print_options import POKER
from fwdata.systems.aoa.render.campaign import render_campaign_sheet
from fwdata.systems.aoa.render.cards import render_card_sheet, render_pilots_log, render_plane_card
from fwdata.systems.aoa.render.charts import render_chart_book
from fwdata.systems.aoa.render_books import plan_book_outputs

SYSTEM = "aoa"


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every Ace of Aces output (see the module docstring for the paths)."""
    return render_planned(plan_outputs(catalog, options))


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every Ace of Aces output unrendered, with the entries each is drawn from (in render order).

    The chart book, the campaign sheet and the books count as drawn from all of Ace of Aces; the chart
    book shows the charts and maneuvers, the campaign sheet the charts and planes, a book itself and its design.
    """
    paper = PAPER_SIZES[options.paper]
    planes = catalog.entries(SYSTEM, "plane")
    plane_keys = tuple((SYSTEM, "plane", doc_id) for doc_id in catalog.ids(SYSTEM, "plane"))
    card = POKER
    plans = [PlannedOutput(f"aoa/plane/{entry.model.id}.pdf", (key,),
                           partial(render_plane_card, entry, card, options.bleed_pt, options.backs))
             for key, entry in zip(plane_keys, planes, strict=True)]
    if planes:
        sheet = ImposedSheet(partial(render_card_sheet, card=card, paper=paper, options=options), planes)
        plans.append(PlannedOutput("aoa/plane.pdf", plane_keys, sheet.render, tuple((key,) for key in plane_keys),
                                   sheet))
    charts = catalog.entries(SYSTEM, "chart")
    maneuvers = catalog.entries(SYSTEM, "maneuvers")
    if planes or charts or maneuvers or catalog.entries(SYSTEM, "book"):  # only for a pack with Ace of Aces data
        plans.append(PlannedOutput("aoa/pilots-log/blank.pdf", (), lambda: render_pilots_log(None, paper)))
    plans += [PlannedOutput(f"aoa/pilots-log/{entry.model.id}.pdf", (key,),
                            partial(render_pilots_log, entry, paper))
              for key, entry in zip(plane_keys, planes, strict=True)]
    chart_keys = tuple((SYSTEM, "chart", doc_id) for doc_id in catalog.ids(SYSTEM, "chart"))
    if charts or maneuvers:
        plans.append(PlannedOutput("aoa/chart.pdf", None, lambda: render_chart_book(charts, maneuvers, paper),
                                   shows=(*chart_keys, *((SYSTEM, "maneuvers", doc_id)
                                                         for doc_id in catalog.ids(SYSTEM, "maneuvers")))))
    if any(isinstance(e.model, (RollTable, RollMatrix, BattlefieldMap, ArchieChart)) for e in charts):
        plans.append(PlannedOutput("aoa/campaign-setup.pdf", None,
                                   lambda: render_campaign_sheet(charts, planes, paper),
                                   shows=(*chart_keys, *plane_keys)))
    plans += [PlannedOutput(path, None, render, shows=shows)
              for path, shows, render in plan_book_outputs(catalog, catalog.models(SYSTEM, "book-design"), options)]
    return plans

