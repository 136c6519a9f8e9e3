"""Ace of Aces book layout checks: each layout's codes, and powerhouse-26 against the printed Maneuver Chart."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fwdata.findings import Finding, error
from fwdata.game_system import Entry
from fwdata.systems.aoa.model import CODE_ORDERS, BookLayout, ManeuverChart

POWERHOUSE_LAYOUT = "powerhouse-26"
PRINTED_CHART = "maneuver-chart"


def check_layouts(layouts: Sequence[Entry], maneuvers: Sequence[Entry]) -> Iterator[Finding]:
    """Check every book-layout: codes once each, in the order the book model reads, stationary only on a stall.

    The powerhouse-26 layout is the Powerhouse Maneuver Chart, so its codes, speeds and
    columns must be those of tables/aoa/maneuver-chart.yaml (Powerhouse Maneuver Chart).
    """
    chart = next((e.model for e in maneuvers if e.model.id == PRINTED_CHART), None)
    for entry in layouts:
        layout: BookLayout = entry.model
        doc = entry.document
        counts = Counter(layout.letters)
        for code in layout.codes:
            if counts[code.code] > 1:
                yield error(doc.locate(f"/codes/{code.index}/code"), "AOA-BOOK-LAYOUT",
                            f"code {code.code} appears {counts[code.code]} times (each code once)")
            if code.stationary and not (code.stall and code.column == "straight"):
                yield error(doc.locate(f"/codes/{code.index}/stationary"), "AOA-BOOK-LAYOUT",
                            f"code {code.code} is stationary but not a straight stall (only the straight stall "
                            "leaves the plane where it is; I)")
        order = CODE_ORDERS.get(layout.id)
        if order is None:
            yield error(doc.locate("/id"), "AOA-BOOK-LAYOUT",
                        f"layout {layout.id}: the book model reads charts only in the code orders of "
                        f"{', '.join(CODE_ORDERS)} (a new layout needs its code order in model/layout.py)")
        elif layout.letters != order:
            yield error(doc.locate("/codes"), "AOA-BOOK-LAYOUT",
                        f"layout {layout.id} lists the codes {''.join(layout.letters)}, expected "
                        f"{''.join(order)} (the order books with this layout are read in)")
        if layout.id == POWERHOUSE_LAYOUT and chart is not None:
            yield from _against_chart(entry, chart)


def _against_chart(entry: Entry, chart: ManeuverChart) -> Iterator[Finding]:
    """The powerhouse-26 codes are the Maneuver Chart's: same code, speed and column at each position."""
    layout: BookLayout = entry.model
    printed = [(m.code, m.speed, m.direction) for m in chart.maneuvers]
    for code, expected in zip(layout.codes, printed, strict=False):
        found = (code.code, code.speed, code.column)
        if found != expected:
            yield error(entry.document.locate(f"/codes/{code.index}"), "AOA-BOOK-LAYOUT",
                        f"code {code.index + 1} is {' '.join(found)}, but the Maneuver Chart prints "
                        f"{' '.join(expected)} (Powerhouse Maneuver Chart)")
    if len(layout.codes) != len(printed):
        yield error(entry.document.locate("/codes"), "AOA-BOOK-LAYOUT",
                    f"{len(layout.codes)} codes, but the Maneuver Chart prints {len(printed)} (Powerhouse Maneuver "
                    "Chart)")
