"""Run every Ace of Aces cross-check over the catalog, kind by kind.

Every finding cites its rule (Roman numbers: original rules; names: Powerhouse
sections; 'Chart Book': the chart material) of 004_df49c58b6e4b4043.txt.
Codes are documented in docs/findings.md (section "Ace of Aces").
"""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding
from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.systems.aoa.checks.book_layouts import check_layouts
from fwdata.systems.aoa.checks.books import check_books
from fwdata.systems.aoa.checks.charts import check_charts
from fwdata.systems.aoa.checks.planes import check_maneuvers, check_planes

SYSTEM = "aoa"


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Ace of Aces finding: planes, maneuvers, charts, campaign tables, layouts, then books."""
    del options  # no option changes what the Ace of Aces checks report
    charts = catalog.entries(SYSTEM, "chart")
    yield from check_planes(catalog.entries(SYSTEM, "plane"), charts)
    for entry in catalog.entries(SYSTEM, "maneuvers"):
        yield from check_maneuvers(entry)
    yield from check_charts(charts)
    layouts = catalog.entries(SYSTEM, "book-layout")
    yield from check_layouts(layouts, catalog.entries(SYSTEM, "maneuvers"))
    yield from check_books(catalog.entries(SYSTEM, "book"), charts, layouts)
    if designs := catalog.entries(SYSTEM, "book-design"):
        from fwdata.systems.aoa.book_generator import check_book_designs  # the generator: only for its designs

        yield from check_book_designs(designs, catalog.entries(SYSTEM, "book"))

