"""Ace of Aces chart checks: firing and gun charts, critical hits, damage allocation and archie."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fwdata.findings import Finding, error, warning
from fwdata.game_system import Entry
from fwdata.systems.aoa.checks.tables import (
    ALTITUDE_STEP_FT,
    check_map,
    check_roll_matrix,
    check_roll_table,
    entries_of_type,
)
from fwdata.systems.aoa.model import (
    ArchieChart,
    BattlefieldMap,
    CriticalChart,
    DacGrid,
    DacLegend,
    FiringChart,
    RollMatrix,
    RollTable,
)

DEFENDER_MANEUVERS = ("straight", "dive", "climb", "right", "left")
SWAP_SIDE = {"Left": "Right", "Right": "Left", "left": "right", "right": "left"}
AREA_CHARTS = ("wing", "motor", "fuselage", "tail", "cockpit", "wheels")


def check_charts(charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check every chart: firing/gun charts, criticals, damage allocation, archie and campaign tables."""
    firing = entries_of_type(charts, FiringChart)
    for entry in firing:
        yield from check_firing_chart(entry)
    yield from check_firing_order(firing)
    yield from check_jam_pattern([e for e in firing if e.model.chart_type == "firing"])
    criticals = entries_of_type(charts, CriticalChart)
    for entry in criticals:
        yield from check_critical_chart(entry, criticals)
    legends = entries_of_type(charts, DacLegend)
    grids = entries_of_type(charts, DacGrid)
    for entry in grids:
        yield from check_dac(entry, legends[0] if legends else None, grids)
    for entry in entries_of_type(charts, ArchieChart):
        yield from check_archie(entry)
    for entry in entries_of_type(charts, RollTable):
        yield from check_roll_table(entry)
    for entry in entries_of_type(charts, RollMatrix):
        yield from check_roll_matrix(entry)
    for entry in entries_of_type(charts, BattlefieldMap):
        yield from check_map(entry)


def _chart_rule(chart: FiringChart) -> str:
    return "Powerhouse Firing Charts" if chart.chart_type == "firing" else "XIX, Original Rules Gun Chart"


def check_firing_chart(entry: Entry) -> Iterator[Finding]:
    """Shape (one cell per column, ammo 1..6 once) and monotonicity: more ammo or a better roll never does less.

    AoA XVII, XIX Gun Chart; Powerhouse Firing Charts.
    """
    chart: FiringChart = entry.model
    doc = entry.document
    rule = _chart_rule(chart)
    rolls = list(chart.die_rolls)
    if rolls != list(range(rolls[0], rolls[0] + len(rolls))):
        yield error(doc.locate("/die_rolls"), "AOA-CHART-SHAPE", f"die rolls {rolls} are not consecutive ({rule})")
    ammo = [row.ammo for row in chart.rows]
    if sorted(ammo) != list(range(1, 7)):
        yield error(doc.locate("/rows"), "AOA-CHART-SHAPE",
                    f"ammo rows are {ammo}, expected 1 to 6 once each ({rule}; XVII)")
    for r, row in enumerate(chart.rows):
        if len(row.cells) != len(rolls):
            yield error(doc.locate(f"/rows/{r}/cells"), "AOA-CHART-SHAPE",
                        f"ammo {row.ammo} row has {len(row.cells)} cells for {len(rolls)} die-roll columns ({rule})")
        for c in range(1, min(len(row.cells), len(rolls))):
            before, cell = row.cells[c - 1], row.cells[c]
            if before and cell and cell.damage < before.damage:
                yield error(doc.locate(f"/rows/{r}/cells/{c}"), "AOA-CHART-MONOTONE",
                            f"ammo {row.ammo}: roll {rolls[c]} gives {cell.printed}, less than roll {rolls[c - 1]}'s "
                            f"{before.printed} (a better roll never does less damage; {rule})")
    ordered = sorted(enumerate(chart.rows), key=lambda item: item[1].ammo)
    for (_, lower), (r, row) in zip(ordered, ordered[1:], strict=False):
        for c, (low, cell) in enumerate(zip(lower.cells, row.cells, strict=False)):
            if low and cell and cell.damage < low.damage:
                yield error(doc.locate(f"/rows/{r}/cells/{c}"), "AOA-CHART-MONOTONE",
                            f"roll {_column(rolls, c)}: ammo {row.ammo} gives {cell.printed}, less "
                            f"than ammo {lower.ammo}'s {low.printed} (more ammo never does less damage; {rule})")


def check_firing_order(firing: Sequence[Entry]) -> Iterator[Finding]:
    """Cell by cell, a longer range never does more damage, and a weaker gun never more than a stronger one.

    AoA XIX Gun Chart; Powerhouse Firing Charts.
    """
    orders = [("firing", ("long", "medium", "short"), "range"),
              ("gun", ("single-non-synch", "single-synch", "double-synch"), "gun")]
    for chart_type, sequence, what in orders:
        by_variant = {e.model.variant: e for e in firing if e.model.chart_type == chart_type}
        present = [v for v in sequence if v in by_variant]
        for weaker, stronger in zip(present, present[1:], strict=False):
            low, high = by_variant[weaker].model, by_variant[stronger].model
            entry = by_variant[weaker]
            for r, row in enumerate(low.rows):
                other = high.row(row.ammo)
                if other is None:
                    continue
                for c, (a, b) in enumerate(zip(row.cells, other.cells, strict=False)):
                    if a and b and a.damage > b.damage:
                        yield warning(entry.document.locate(f"/rows/{r}/cells/{c}"), "AOA-CHART-ORDER",
                                      f"ammo {row.ammo}, column {_column(low.die_rolls, c)}: {weaker} {what} gives "
                                      f"{a.printed}, more than {stronger} {what}'s {b.printed} in {high.id} "
                                      f"({_chart_rule(low)})")


def check_jam_pattern(firing: Sequence[Entry]) -> Iterator[Finding]:
    """The J marks sit in the same cells in every range chart (a jam depends on the burst, not the range).

    AoA Powerhouse Firing Charts.
    """
    patterns = {e.model.variant: frozenset((row.ammo, c) for row in e.model.rows
                                           for c, cell in enumerate(row.cells) if cell and cell.jam) for e in firing}
    if len(patterns) < 2:
        return
    common = Counter(patterns.values()).most_common(1)[0][0]
    if list(patterns.values()).count(common) < 2:
        return
    agreeing = sorted(v for v, p in patterns.items() if p == common)
    for entry in firing:
        pattern = patterns[entry.model.variant]
        if pattern == common:
            continue
        chart = entry.model
        missing = sorted(common - pattern)
        extra = sorted(pattern - common)
        detail = []
        if missing:
            detail.append("no J at " + ", ".join(f"ammo {a} roll {_column(chart.die_rolls, c)}" for a, c in missing))
        if extra:
            detail.append("J at " + ", ".join(f"ammo {a} roll {_column(chart.die_rolls, c)}" for a, c in extra))
        yield warning(entry.document.locate("/rows"), "AOA-FIRING-JAM-PATTERN",
                      f"{chart.variant} range chart: {'; '.join(detail)}, unlike the {' and '.join(agreeing)} charts "
                      "(Powerhouse Firing Charts)")


def check_critical_chart(entry: Entry, criticals: Sequence[Entry]) -> Iterator[Finding]:
    """Every 2d6 total 2..12 appears exactly once; references name existing results (AoA XLI)."""
    chart: CriticalChart = entry.model
    doc = entry.document
    seen: Counter[int] = Counter()
    for i, result in enumerate(chart.results):
        for k, roll in enumerate(result.rolls):
            seen[roll] += 1
            if not 2 <= roll <= 12:
                yield error(doc.locate(f"/results/{i}/rolls/{k}"), "AOA-CRITICAL-COVERAGE",
                            f"roll {roll} is not a 2d6 total (2-12; XLI)")
            elif seen[roll] == 2:
                yield error(doc.locate(f"/results/{i}/rolls/{k}"), "AOA-CRITICAL-COVERAGE",
                            f"roll {roll} has more than one result (XLI: one result per 2d6 total)")
    missing = [t for t in range(2, 13) if not seen[t]]
    if missing:
        yield error(doc.locate("/results"), "AOA-CRITICAL-COVERAGE",
                    f"{chart.area} chart has no result for 2d6 total{'s' if len(missing) > 1 else ''} "
                    f"{', '.join(map(str, missing))} (XLI: roll 2 dice on the area's chart)")
    by_area = {e.model.area: e.model for e in criticals}
    for i, result in enumerate(chart.results):
        refs = [("same_as", result.same_as, f"/results/{i}/same_as")]
        refs += [("leads_to", eff.get("leads_to"), f"/results/{i}/effects/{k}/leads_to")
                 for k, eff in enumerate(result.effects)]
        for field, ref, pointer in refs:
            if ref is None:
                continue
            area, _, number = ref.rpartition("-")
            target = by_area.get(area)
            if area not in AREA_CHARTS or (target is not None and target.result(int(number)) is None):
                yield error(doc.locate(pointer), "REF-UNKNOWN",
                            f"{field} {ref!r}: no such critical result (areas {', '.join(AREA_CHARTS)}, rolls 2-12)")


def _mirror_cells(cells: str) -> str:
    return cells[::-1]


def _mirror_poa(poa: str) -> str:
    return " ".join(SWAP_SIDE.get(word, word) for word in poa.split(" "))


def check_dac(entry: Entry, legend: Entry | None, grids: Sequence[Entry]) -> Iterator[Finding]:
    """Grid shape, letters defined in the legend, the five lookups, and left/right mirror images (AoA XXXVIII)."""
    grid: DacGrid = entry.model
    doc = entry.document
    letters = set(legend.model.letters) if legend else None
    for r, (label, cells) in enumerate(grid.rows):
        if len(cells) != grid.columns:
            yield error(doc.locate(f"/rows/{r}/cells"), "AOA-CHART-SHAPE",
                        f"row {label} has {len(cells)} squares for {grid.columns} columns (Damage Allocation Charts)")
        if letters is not None:
            unknown = sorted({c for c in cells if c != "." and c not in letters})
            if unknown and legend is not None:
                yield error(doc.locate(f"/rows/{r}/cells"), "AOA-DAC-LETTER",
                            f"row {label} uses {', '.join(unknown)}, not in the legend ({legend.document.path}: "
                            f"{', '.join(sorted(letters))}; Damage Allocation Charts legend)")
    counts = Counter(who for who, _poa in grid.lookups)
    wrong = [m for m in DEFENDER_MANEUVERS if counts[m] != 1] + [m for m in counts if m not in DEFENDER_MANEUVERS]
    if wrong:
        yield error(doc.locate("/lookups"), "AOA-DAC-LOOKUP",
                    f"lookups must name straight, dive, climb, right and left once each; wrong: {', '.join(wrong)} "
                    "(XXXVIII: the point of aim moves by the defender's climb/dive and turn)")
    if grid.mirror == "self":
        yield from _check_symmetric(entry)
        return
    other_entry = next((g for g in grids if g.model.id == grid.mirror), None)
    if other_entry is None:
        yield error(doc.locate("/mirror"), "REF-UNKNOWN",
                    f"mirror {grid.mirror!r}: no aoa chart of chart_type dac with that id")
        return
    other: DacGrid = other_entry.model
    if other.mirror != grid.id:
        yield error(doc.locate("/mirror"), "AOA-DAC-MIRROR",
                    f"{grid.id} names {other.id} as its mirror, but {other.id} names {other.mirror!r}")
        return
    if grid.id > other.id:
        return  # each pair is compared once, reported on the first id
    for r, ((label, cells), (_olabel, ocells)) in enumerate(zip(grid.rows, other.rows, strict=False)):
        if _mirror_cells(cells) != ocells:
            yield warning(doc.locate(f"/rows/{r}/cells"), "AOA-DAC-MIRROR",
                          f"row {label} {cells!r} mirrored is {_mirror_cells(cells)!r}, but {other.id} row {label} "
                          f"reads {ocells!r} (the two views are left-right mirror images; Damage Allocation Charts)")
    if len(grid.rows) != len(other.rows):
        yield warning(doc.locate("/rows"), "AOA-DAC-MIRROR",
                      f"{len(grid.rows)} rows, but its mirror {other.id} has {len(other.rows)}")
    for k, (who, poa) in enumerate(grid.lookups):
        mirrored_who = SWAP_SIDE.get(who, who)
        theirs = other.lookup(mirrored_who)
        if theirs is not None and _mirror_poa(poa) != theirs:
            yield warning(doc.locate(f"/lookups/{k}/poa"), "AOA-DAC-MIRROR",
                          f"defender {who} moves the aim {poa!r}; mirrored that is {_mirror_poa(poa)!r}, but "
                          f"{other.id} has {mirrored_who} -> {theirs!r} (Damage Allocation Charts)")


def _check_symmetric(entry: Entry) -> Iterator[Finding]:
    """A head-on, tail-on or overhead picture is its own mirror image: grid rows and left/right lookups agree."""
    grid: DacGrid = entry.model
    doc = entry.document
    for r, (label, cells) in enumerate(grid.rows):
        if cells != _mirror_cells(cells):
            yield warning(doc.locate(f"/rows/{r}/cells"), "AOA-DAC-SYMMETRY",
                          f"row {label} {cells!r} is not symmetric (mirrored {_mirror_cells(cells)!r}), though the "
                          f"{grid.view} picture is its own mirror image (Damage Allocation Charts)")
    right, left = grid.lookup("right"), grid.lookup("left")
    if right is not None and left is not None and _mirror_poa(right) != left:
        index = next(k for k, (who, _p) in enumerate(grid.lookups) if who == "left")
        yield warning(doc.locate(f"/lookups/{index}/poa"), "AOA-DAC-SYMMETRY",
                      f"defender left moves the aim {left!r} while right moves it {right!r}; in a symmetric "
                      f"{grid.view} picture left should be the mirror image {_mirror_poa(right)!r} "
                      "(Damage Allocation Charts)")


def check_archie(entry: Entry) -> Iterator[Finding]:
    """Bands contiguous in 25 ft steps from 0 up to the archie ceiling; damage never grows with altitude (AoA XLVI)."""
    chart: ArchieChart = entry.model
    doc = entry.document
    expected_from = 0
    for b, band in enumerate(chart.bands):
        if band.from_ft != expected_from:
            yield error(doc.locate(f"/bands/{b}/from_ft"), "AOA-ARCHIE-BANDS",
                        f"band starts at {band.from_ft} ft, expected {expected_from} ft (bands follow each other "
                        "in 25 ft steps; Archie Chart)")
        if band.to_ft < band.from_ft:
            yield error(doc.locate(f"/bands/{b}/to_ft"), "AOA-ARCHIE-BANDS",
                        f"band {band.from_ft}-{band.to_ft} ft runs backwards (Archie Chart)")
        if len(band.cells) != len(chart.die_rolls):
            yield error(doc.locate(f"/bands/{b}/cells"), "AOA-CHART-SHAPE",
                        f"band has {len(band.cells)} cells for {len(chart.die_rolls)} 2d6 columns (Archie Chart)")
        expected_from = band.to_ft + ALTITUDE_STEP_FT
    if chart.bands:
        top = chart.bands[-1].to_ft
        highest_fired = chart.below_ft - ALTITUDE_STEP_FT
        if top < highest_fired:
            yield warning(doc.locate(f"/bands/{len(chart.bands) - 1}/to_ft"), "AOA-ARCHIE-BANDS",
                          f"the top band ends at {top} ft, but archie fires at planes below {chart.below_ft} ft, so "
                          f"{_span(top + ALTITUDE_STEP_FT, highest_fired)} has no row (XLVI, ARCHIE)")
        elif top > highest_fired:
            yield warning(doc.locate(f"/bands/{len(chart.bands) - 1}/to_ft"), "AOA-ARCHIE-BANDS",
                          f"the top band reaches {top} ft, but archie fires only below {chart.below_ft} ft (XLVI)")
    for b in range(1, len(chart.bands)):
        for c, (low, high) in enumerate(zip(chart.bands[b - 1].cells, chart.bands[b].cells, strict=False)):
            if low and high and high.damage > low.damage:
                yield warning(doc.locate(f"/bands/{b}/cells/{c}"), "AOA-ARCHIE-MONOTONE",
                              f"roll {_column(chart.die_rolls, c)}: {high.printed} at {chart.bands[b].from_ft} ft is "
                              f"more than {low.printed} lower down (archie grows weaker with altitude; XLVI)")
    if len(chart.hit_location) != len(chart.die_rolls):
        yield error(doc.locate("/hit_location"), "AOA-CHART-SHAPE",
                    f"{len(chart.hit_location)} hit locations for {len(chart.die_rolls)} 2d6 columns (Archie Chart)")
    if sorted(chart.die_rolls) != list(range(2, 13)):
        yield error(doc.locate("/die_rolls"), "AOA-TABLE-COVERAGE",
                    f"columns {list(chart.die_rolls)} do not cover the 2d6 totals 2-12 once each (Archie Chart)")


def _column(rolls: Sequence[int], index: int) -> str:
    """Name a chart column by its die roll, or by position when the row is longer than the heading."""
    return str(rolls[index]) if index < len(rolls) else f"#{index + 1}"


def _span(low: int, high: int) -> str:
    return f"{low} ft" if low == high else f"{low}-{high} ft"

