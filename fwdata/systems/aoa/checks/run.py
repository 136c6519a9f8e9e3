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
# The kinds checked across their files (a chart against the others, a book against its opponent and its design): a
# finding of their checks may be on any file of these kinds, and is on no plane or maneuvers file.
CHECKED_TOGETHER = ("chart", "book-layout", "book", "book-design")


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Ace of Aces finding: planes, maneuvers, charts, campaign tables, layouts, then books.

    With a `Catalog.focus`, only its planes and maneuvers are checked (each reading the charts), and the kinds of
    CHECKED_TOGETHER are checked, all together, only when the focus holds a file of one of them.
    """
    del options  # no option changes what the Ace of Aces checks report
    charts = catalog.entries(SYSTEM, "chart")
    yield from check_planes(catalog.checked(SYSTEM, "plane"), charts)
    for entry in catalog.checked(SYSTEM, "maneuvers"):
        yield from check_maneuvers(entry)
    if catalog.focus is not None and not any(catalog.checked(SYSTEM, kind) for kind in CHECKED_TOGETHER):
        return
    yield from check_charts(charts)
    layouts = catalog.entries(SYSTEM, "book-layout")
    yield from check_layouts(layouts, catalog.entries(SYSTEM, "maneuvers"))
    yield from check_books(catalog.entries(SYSTEM, "book"), charts, layouts,
                           lambda kind, doc_id: catalog.unknown_note(SYSTEM, kind, doc_id))
    if designs := catalog.entries(SYSTEM, "book-design"):
        from fwdata.systems.aoa.book_generator import check_book_designs  # the generator: only for its designs

        yield from check_book_designs(designs, catalog.entries(SYSTEM, "book"))

