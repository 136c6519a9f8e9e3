"""Ace of Aces cross-checks: plane stats relations, chart shapes and monotonicity, campaign tables, book invariants.

Every finding cites its rule (Roman numbers: original rules; names: Powerhouse
sections; 'Chart Book': the chart material) of 004_df49c58b6e4b4043.txt.
Codes are documented in docs/findings.md (section "Ace of Aces").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from fwdata.findings import Finding, Severity, error, info, warning
from fwdata.game_system import Catalog, Entry
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.book_generator import check_book_designs
from fwdata.systems.aoa.model import (
    LAST_PAGE,
    MANEUVER_CODES,
    ArchieChart,
    BattlefieldMap,
    CriticalChart,
    DacGrid,
    DacLegend,
    DogfightBook,
    FiringChart,
    ManeuverChart,
    Plane,
    RollMatrix,
    RollTable,
)

SYSTEM = "aoa"
ALTITUDE_STEP_FT = 25  # Intermediate Game introduction: altitudes change in units of 25 ft.
MAX_END_PAGE_FINDINGS = 25  # per book pair; the rest are summed up in one finding
DEFENDER_MANEUVERS = ("straight", "dive", "climb", "right", "left")
SWAP_SIDE = {"Left": "Right", "Right": "Left", "left": "right", "right": "left"}
AREA_CHARTS = ("wing", "motor", "fuselage", "tail", "cockpit", "wheels")


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Ace of Aces finding: planes, maneuvers, charts, campaign tables, then books."""
    del options  # no option changes what the Ace of Aces checks report
    charts = catalog.entries(SYSTEM, "chart")
    yield from check_planes(catalog.entries(SYSTEM, "plane"), charts)
    for entry in catalog.entries(SYSTEM, "maneuvers"):
        yield from check_maneuvers(entry)
    yield from check_charts(charts)
    yield from check_books(catalog.entries(SYSTEM, "book"), charts)
    yield from check_book_designs(catalog.entries(SYSTEM, "book-design"), catalog.entries(SYSTEM, "book"))


def _of_type(charts: Iterable[Entry], cls: type) -> list[Entry]:
    return [entry for entry in charts if isinstance(entry.model, cls)]


# ------------------------------------------------------------------------ planes


def check_planes(planes: Sequence[Entry], charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check every plane against the Plane Stats relations (reference digest 1.3)."""
    top_start = None
    for entry in _of_type(charts, RollMatrix):
        if entry.model.table == "starting-altitude":
            values = [c for _rolls, cells in entry.model.rows for c in cells if isinstance(c, int)]
            top_start = (max(values), entry) if values else None
    for entry in planes:
        yield from check_plane(entry.model, entry.document, top_start)


def check_plane(plane: Plane, doc: SourceDocument, top_start: tuple[int, Entry] | None = None) -> Iterator[Finding]:
    """Yield findings for one plane: 25 ft steps, zoom, power dive, speed, hit points, ceiling, missing values."""
    altitudes = [("/climb_ft", plane.climb_ft), ("/zoom_ft", plane.zoom_ft), ("/dive_ft", plane.dive_ft),
                 ("/power_dive_ft/min", plane.power_dive_min_ft), ("/power_dive_ft/max", plane.power_dive_max_ft),
                 ("/ceiling_ft", plane.ceiling_ft)]
    for pointer, value in altitudes:
        if value % ALTITUDE_STEP_FT:
            yield error(doc.locate(pointer), "AOA-PLANE-ALTITUDE-STEP",
                        f"{pointer[1:]} {value} ft is not a multiple of {ALTITUDE_STEP_FT} ft "
                        "(altitudes change in units of 25; Intermediate Game introduction)")
    if plane.zoom_ft <= plane.climb_ft:
        yield error(doc.locate("/zoom_ft"), "AOA-PLANE-ZOOM",
                    f"zoom {plane.zoom_ft} ft is not above climb {plane.climb_ft} ft "
                    "(a zoom gains altitude faster than a normal climb; XXXIII)")
    elif plane.zoom_ft != 2 * plane.climb_ft:
        yield info(doc.locate("/zoom_ft"), "AOA-PLANE-ZOOM-RATIO",
                   f"zoom {plane.zoom_ft} ft is not twice the climb {plane.climb_ft} ft "
                   f"({2 * plane.climb_ft} ft), as most Plane Stats columns have it (soft pattern, not a rule)")
    if plane.power_dive_min_ft > plane.power_dive_max_ft:
        yield error(doc.locate("/power_dive_ft"), "AOA-PLANE-POWER-DIVE",
                    f"power dive range {plane.power_dive_min_ft}-{plane.power_dive_max_ft} ft runs backwards (XXXII)")
    elif plane.power_dive_min_ft <= plane.dive_ft:
        yield error(doc.locate("/power_dive_ft/min"), "AOA-PLANE-POWER-DIVE",
                    f"power dive minimum {plane.power_dive_min_ft} ft is not above the dive {plane.dive_ft} ft "
                    "(less than the power dive range is a regular dive; XXXII)")
    elif plane.power_dive_min_ft != plane.dive_ft + ALTITUDE_STEP_FT:
        yield warning(doc.locate("/power_dive_ft/min"), "AOA-PLANE-POWER-DIVE",
                      f"power dive minimum {plane.power_dive_min_ft} ft is not dive + 25 = "
                      f"{plane.dive_ft + ALTITUDE_STEP_FT} ft: losses of {plane.dive_ft + ALTITUDE_STEP_FT}-"
                      f"{plane.power_dive_min_ft - ALTITUDE_STEP_FT} ft are neither a dive nor a power dive "
                      "(IX, XXXII)")
    if plane.power_dive_max_ft != 2 * plane.dive_ft and plane.power_dive_min_ft <= plane.power_dive_max_ft:
        yield info(doc.locate("/power_dive_ft/max"), "AOA-PLANE-POWER-DIVE-RATIO",
                   f"power dive maximum {plane.power_dive_max_ft} ft is not twice the dive {plane.dive_ft} ft "
                   f"({2 * plane.dive_ft} ft), as most Plane Stats columns have it (soft pattern, not a rule)")
    if plane.speed_low < plane.speed_high:
        yield error(doc.locate("/speed/high"), "AOA-PLANE-SPEED",
                    f"speed above 7000 ft ({plane.speed_high}) exceeds speed at or below 7000 ft "
                    f"({plane.speed_low}); speed falls in thinner air (XXX)")
    if plane.front_hp != plane.motor_hp:
        yield error(doc.locate("/hit_points/intermediate/front"), "AOA-PLANE-HP",
                    f"intermediate Front {plane.front_hp} differs from advanced Motor {plane.motor_hp} (XXIV)")
    if plane.tail_hp != plane.advanced_tail_hp:
        yield error(doc.locate("/hit_points/intermediate/tail"), "AOA-PLANE-HP",
                    f"intermediate Tail {plane.tail_hp} differs from advanced Tail {plane.advanced_tail_hp} (XXIV)")
    side = rules.intermediate_side_capacity(plane.wing_hp, plane.fuselage_hp)
    if plane.side_hp != side:
        yield error(doc.locate("/hit_points/intermediate/side"), "AOA-PLANE-HP",
                    f"intermediate Side {plane.side_hp} is not the average of Wing {plane.wing_hp} and Fuselage "
                    f"{plane.fuselage_hp} ({side}, halves rounded up as in every printed column; XXIV)")
    if plane.power_dive_speed is None:
        yield warning(doc.locate("/power_dive_speed"), "AOA-PLANE-MISSING",
                      "PD Speed is not given: XXXII limits power dives in a row by it, so advanced movement "
                      "cannot be flown with this plane without a house rule")
    if top_start is not None and plane.ceiling_ft <= top_start[0]:
        where = top_start[1].document.path
        yield error(doc.locate("/ceiling_ft"), "AOA-PLANE-CEILING",
                    f"ceiling {plane.ceiling_ft} ft is not above the highest campaign starting altitude "
                    f"{top_start[0]} ft ({where}; XLVI)")


# ------------------------------------------------------------------------ maneuvers


def check_maneuvers(entry: Entry) -> Iterator[Finding]:
    """Check the maneuver chart: codes A..Z once, clicks of mirror pairs, balance, and report the flags."""
    chart: ManeuverChart = entry.model
    doc = entry.document
    counts = Counter(m.code for m in chart.maneuvers)
    for m in chart.maneuvers:
        if counts[m.code] > 1:
            yield error(doc.locate(f"/maneuvers/{m.index}/code"), "AOA-MANEUVER-CODES",
                        f"code {m.code} appears {counts[m.code]} times (each code once; Maneuver Chart)")
            counts[m.code] = 1
    missing = [c for c in MANEUVER_CODES if c not in counts]
    if missing:
        yield error(doc.locate("/maneuvers"), "AOA-MANEUVER-CODES",
                    f"codes {', '.join(missing)} are missing (the chart has 26 codes A-Z; Maneuver Chart)")
    for m in chart.maneuvers:
        pointer = f"/maneuvers/{m.index}/clicks"
        if m.direction == "straight":
            immelmann = "immelmann" in m.name.lower()
            wanted = 4 if immelmann else 0
            if m.clicks != wanted:
                why = ("an Immelmann ends pointing the opposite way, 4 of 8 compass points"
                       if immelmann else "a straight maneuver does not turn")
                yield warning(doc.locate(pointer), "AOA-MANEUVER-CLICKS",
                              f"{m.code} {m.label} turns {_clicks(m.clicks)}, expected {wanted}: {why} "
                              "(XLVI clicks table; The Maneuvers)")
        elif m.direction == "right":
            twin = next((o for o in chart.maneuvers if o.speed == m.speed and o.direction == "left"
                         and o.name == m.name), None)
            if twin is not None and twin.clicks != m.clicks:
                yield warning(doc.locate(pointer), "AOA-MANEUVER-CLICKS",
                              f"{m.code} {m.label} turns {_clicks(m.clicks)} but its left form {twin.code} "
                              f"{twin.label} turns {twin.clicks} (XLVI clicks table)")
    for speed in ("slow", "cruising", "fast"):
        group = [m for m in chart.maneuvers if m.speed == speed]
        for m in group:
            if m.direction == "straight":
                continue
            other = "left" if m.direction == "right" else "right"
            if not any(o.direction == other and o.name == m.name for o in group):
                yield warning(doc.locate(f"/maneuvers/{m.index}/label"), "AOA-MANEUVER-PAIRS",
                              f"{m.code} {speed} {m.label!r} has no {other}-hand counterpart with the same name "
                              "(every turning maneuver comes in left and right forms; The Maneuvers)")
    known = {flag.id for flag in chart.inconsistencies}
    for m in chart.maneuvers:
        for k, flag in enumerate(m.flags):
            if flag not in known:
                yield error(doc.locate(f"/maneuvers/{m.index}/flags/{k}"), "REF-UNKNOWN",
                            f"flag {flag!r}: no entry with that id in inconsistencies")
    for item in chart.inconsistencies:
        codes = "".join(m.code for m in chart.maneuvers if item.id in m.flags)
        yield info(doc.locate(f"/inconsistencies/{item.index}/text"), "AOA-MANEUVER-FLAG",
                   f"flagged inconsistency {item.id}{f' (codes {codes})' if codes else ''}: {item.text} ({item.rule})")


# ------------------------------------------------------------------------ charts


def check_charts(charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check every chart: firing/gun charts, criticals, damage allocation, archie and campaign tables."""
    firing = _of_type(charts, FiringChart)
    for entry in firing:
        yield from check_firing_chart(entry)
    yield from check_firing_order(firing)
    yield from check_jam_pattern([e for e in firing if e.model.chart_type == "firing"])
    criticals = _of_type(charts, CriticalChart)
    for entry in criticals:
        yield from check_critical_chart(entry, criticals)
    legends = _of_type(charts, DacLegend)
    grids = _of_type(charts, DacGrid)
    for entry in grids:
        yield from check_dac(entry, legends[0] if legends else None, grids)
    for entry in _of_type(charts, ArchieChart):
        yield from check_archie(entry)
    for entry in _of_type(charts, RollTable):
        yield from check_roll_table(entry)
    for entry in _of_type(charts, RollMatrix):
        yield from check_roll_matrix(entry)
    for entry in _of_type(charts, BattlefieldMap):
        yield from check_map(entry)


def _chart_rule(chart: FiringChart) -> str:
    return "Powerhouse Firing Charts" if chart.chart_type == "firing" else "XIX, Original Rules Gun Chart"


def check_firing_chart(entry: Entry) -> Iterator[Finding]:
    """Shape (one cell per column, ammo 1..6 once) and monotonicity: more ammo or a better roll never does less."""
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
    """Cell by cell, a longer range never does more damage, and a weaker gun never more than a stronger one."""
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
    """The J marks sit in the same cells in every range chart (a jam depends on the burst, not the range)."""
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
    """Every 2d6 total 2..12 appears exactly once; references name existing results."""
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
    """Grid shape, letters defined in the legend, the five lookups, and left/right mirror images (XXXVIII)."""
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
    """Bands contiguous in 25 ft steps from 0 up to the archie ceiling; damage never grows with altitude (XLVI)."""
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


def _clicks(n: int) -> str:
    return f"{n} click{'' if n == 1 else 's'}"


def _coverage(rolls: Sequence[int], wanted: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    counts = Counter(rolls)
    missing = [r for r in wanted if not counts[r]]
    doubled = sorted(r for r, n in counts.items() if n > 1)
    foreign = sorted(r for r in counts if r not in wanted)
    return missing, doubled, foreign


def _coverage_message(missing: list[int], doubled: list[int], foreign: list[int]) -> str:
    parts = []
    if missing:
        parts.append(f"no result for {', '.join(map(str, missing))}")
    if doubled:
        parts.append(f"more than one result for {', '.join(map(str, doubled))}")
    if foreign:
        parts.append(f"results for impossible rolls {', '.join(map(str, foreign))}")
    return "; ".join(parts)


def check_roll_table(entry: Entry) -> Iterator[Finding]:
    """Every roll of the dice, and every roll the modifiers can make, has exactly one result (XLVI)."""
    table: RollTable = entry.model
    doc = entry.document
    faces = list(range(1, 7)) if table.dice == "1d6" else list(range(2, 13))
    rolls = [r for e in table.entries for r in e.rolls]
    missing, doubled, foreign = _coverage(rolls, faces)
    up = sum(d for _w, d in table.modifiers if d > 0)
    down = sum(d for _w, d in table.modifiers if d < 0)
    reachable = list(range(faces[0] + down, faces[-1] + up + 1))
    foreign = [r for r in foreign if r not in reachable]
    if missing or doubled or foreign:
        yield error(doc.locate("/entries"), "AOA-TABLE-COVERAGE",
                    f"{table.table} ({table.dice}): {_coverage_message(missing, doubled, foreign)} (XLVI)")
    unreached = [r for r in reachable if r not in rolls and r not in faces]
    if unreached:
        mods = ", ".join(f"{d:+d} {w}" for w, d in table.modifiers)
        yield warning(doc.locate("/modifiers"), "AOA-TABLE-COVERAGE",
                      f"{table.table}: with the modifiers ({mods}) a roll can be "
                      f"{' or '.join(map(str, unreached))}, which has no result (XLVI)")


def check_roll_matrix(entry: Entry) -> Iterator[Finding]:
    """Rows and columns each cover rolls 1-6 once; every row has a cell per column; values in range (XLVI)."""
    table: RollMatrix = entry.model
    doc = entry.document
    faces = list(range(1, 7))
    row_rolls = [r for rolls, _cells in table.rows for r in rolls]
    column_rolls = [r for rolls in table.columns for r in rolls]
    for what, pointer, seen in (("rows", "/rows", row_rolls), ("columns", "/columns", column_rolls)):
        missing, doubled, foreign = _coverage(seen, faces)
        if missing or doubled or foreign:
            yield error(doc.locate(pointer), "AOA-TABLE-COVERAGE",
                        f"{table.table} {what}: {_coverage_message(missing, doubled, foreign)} (one die, 1-6; XLVI)")
    for r, (_rolls, cells) in enumerate(table.rows):
        if len(cells) != len(table.columns):
            yield error(doc.locate(f"/rows/{r}/cells"), "AOA-CHART-SHAPE",
                        f"row has {len(cells)} cells for {len(table.columns)} columns ({table.name})")
        for c, value in enumerate(cells):
            pointer = f"/rows/{r}/cells/{c}"
            if table.table == "starting-page" and (not isinstance(value, int) or not 1 <= value < LAST_PAGE):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"starting page {value!r} is not a book page with a maneuver chart (1-222; "
                            "Powerhouse Optional Rules, Starting Page)")
            if table.table == "starting-altitude" and (not isinstance(value, int) or value % ALTITUDE_STEP_FT):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"starting altitude {value!r} is not a multiple of 25 ft (Intermediate Game)")
            if table.table == "ground-position" and not isinstance(value, str):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"ground position {value!r} is not a square such as 4E or 12W (XLVI)")
    if table.table == "starting-altitude":
        flat = [c for _r, cells in table.rows for c in cells if isinstance(c, int)]
        for k in range(1, len(flat)):
            if flat[k] <= flat[k - 1]:
                row, col = divmod(k, len(table.columns))
                yield warning(doc.locate(f"/rows/{row}/cells/{col}"), "AOA-TABLE-VALUE",
                              f"starting altitude {flat[k]} ft does not rise above {flat[k - 1]} ft (XLVI)")


def check_map(entry: Entry) -> Iterator[Finding]:
    """Squares run 15W..1W, 1E..15E, each once and in order (XLVI battlefield map)."""
    chart: BattlefieldMap = entry.model
    span = chart.off_map_after or 15
    wanted = [f"{n}W" for n in range(span, 0, -1)] + [f"{n}E" for n in range(1, span + 1)]
    got = [square for square, _feature in chart.squares]
    if got != wanted:
        missing = [s for s in wanted if s not in got]
        extra = [s for s in got if s not in wanted]
        doubled = sorted({s for s in got if got.count(s) > 1})
        detail = [f"missing {', '.join(missing)}" if missing else "", f"unexpected {', '.join(extra)}" if extra else "",
                  f"repeated {', '.join(doubled)}" if doubled else ""]
        text = "; ".join(d for d in detail if d) or "out of order"
        yield error(entry.document.locate("/squares"), "AOA-MAP-SQUARES",
                    f"squares must run {span}W..1W, 1E..{span}E once each, west to east: {text} (XLVI)")


# ------------------------------------------------------------------------ books


def check_books(books: Sequence[Entry], charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check each book's own invariants, then each pair of opposing books together (reference digest 2.6)."""
    start_table = next((e for e in _of_type(charts, RollMatrix) if e.model.table == "starting-page"), None)
    broken: set[str] = set()
    for entry in books:
        for finding in check_book(entry):
            if finding.severity is Severity.ERROR:
                broken.add(entry.model.id)
            yield finding
    if start_table is not None:
        yield from check_start_table(start_table, books)
    by_id = {e.model.id: e for e in books}
    done: set[frozenset[str]] = set()
    for entry in books:
        book: DogfightBook = entry.model
        if book.opponent is None:
            continue
        other = by_id.get(book.opponent)
        if other is None:
            yield error(entry.document.locate("/opponent"), "REF-UNKNOWN",
                        f"opponent {book.opponent!r}: no aoa book with that id")
            continue
        pair = frozenset((book.id, other.model.id))
        if pair in done:
            continue
        done.add(pair)
        if other.model.opponent != book.id:
            yield error(entry.document.locate("/opponent"), "AOA-BOOK-PAIR",
                        f"{book.id} names {other.model.id} as opponent, but {other.model.id} names "
                        f"{other.model.opponent!r}")
            continue
        if other.model.side == book.side:
            yield error(other.document.locate("/side"), "AOA-BOOK-PAIR",
                        f"both books of the pair are {book.side}; one must be german and one allied "
                        "(Part A, The Dogfighting Book)")
        yield from check_book_pair(entry, other, end_pages=book.id not in broken and other.model.id not in broken)


def check_start_table(table: Entry, books: Sequence[Entry]) -> Iterator[Finding]:
    """Every Starting Page table entry is, in every book, a page with a chart and the enemy in view.

    Powerhouse Optional Rules, Starting Page; XLVI ("roll for the starting page").
    """
    matrix: RollMatrix = table.model
    for entry in books:
        book: DogfightBook = entry.model
        for r, (_rolls, cells) in enumerate(matrix.rows):
            for c, value in enumerate(cells):
                if not isinstance(value, int) or value == LAST_PAGE:
                    continue  # reported by AOA-TABLE-VALUE
                record = book.page(value)
                if record is None or record.next is None or not record.enemy_visible:
                    yield error(table.document.locate(f"/rows/{r}/cells/{c}"), "AOA-BOOK-START",
                                f"starting page {value} is not a page with a maneuver chart and the enemy in view in "
                                f"{book.id} ({entry.document.path}; Powerhouse Optional Rules, Starting Page)")


def _page_pointer(book: DogfightBook, page: int, suffix: str = "") -> str:
    record = book.page(page)
    return f"/pages/{record.index}{suffix}" if record is not None else "/pages"


def check_book(entry: Entry) -> Iterator[Finding]:
    """One book alone: pages 1..223 once, references in 1..223, a full chart on every page but 223, tags."""
    book: DogfightBook = entry.model
    doc = entry.document
    counts = Counter(p.page for p in book.pages)
    reported: set[int] = set()
    for p in book.pages:
        if not 1 <= p.page <= LAST_PAGE:
            yield error(doc.locate(f"/pages/{p.index}/page"), "AOA-BOOK-PAGES",
                        f"page {p.page} is outside 1-{LAST_PAGE} (the books have {LAST_PAGE} pages)")
        elif counts[p.page] > 1 and p.page not in reported:
            reported.add(p.page)
            yield error(doc.locate(f"/pages/{p.index}/page"), "AOA-BOOK-PAGES",
                        f"page {p.page} appears {counts[p.page]} times (each page once)")
    missing = [n for n in range(1, LAST_PAGE + 1) if n not in counts]
    if missing:
        yield error(doc.locate("/pages"), "AOA-BOOK-PAGES",
                    f"{len(missing)} page{'s are' if len(missing) > 1 else ' is'} missing: {_ranges(missing)} "
                    f"(a book holds pages 1-{LAST_PAGE})")
    for p in book.pages:
        base = f"/pages/{p.index}"
        if p.page == LAST_PAGE:
            present = [name for name, value in (("next", p.next), ("range", p.range), ("view", p.view),
                                                ("facing", p.facing), ("tag", p.tag), ("damage", p.damage))
                       if value is not None] + [name for name, flag in (("firing", p.firing), ("shot", p.shot),
                                                                       ("enemy_visible", p.enemy_visible)) if flag]
            if present:
                yield error(doc.locate(f"{base}/{present[0]}", at_key=True), "AOA-BOOK-223",
                            f"page {LAST_PAGE} is the clouds page with no enemy and no maneuver chart; it has "
                            f"{', '.join(present)} (Part A, Page 223; VI)")
            continue
        if p.next is None:
            yield error(doc.locate(base), "AOA-BOOK-CHART",
                        f"page {p.page} has no maneuver chart (every page but {LAST_PAGE} has one; Part A)")
        else:
            lacking = [c for c in MANEUVER_CODES if c not in p.next]
            if lacking:
                yield error(doc.locate(f"{base}/next"), "AOA-BOOK-CHART",
                            f"page {p.page}: the maneuver chart lacks {', '.join(lacking)} (26 codes A-Z on every "
                            "page; Maneuver Chart)")
            for code, target in sorted(p.next.items()):
                if not 1 <= target <= LAST_PAGE:
                    yield error(doc.locate(f"{base}/next/{MANEUVER_CODES.index(code)}"), "AOA-BOOK-PAGE-REF",
                                f"page {p.page}, maneuver {code}: page {target} is outside 1-{LAST_PAGE}")
        if p.enemy_visible and p.range is None:
            yield error(doc.locate(base), "AOA-BOOK-TAGS",
                        f"page {p.page} shows the enemy but gives no range (Part A, Range)")
        if not p.enemy_visible and (p.firing or p.shot):
            yield warning(doc.locate(f"{base}/{'firing' if p.firing else 'shot'}"), "AOA-BOOK-TAGS",
                          f"page {p.page} shows no enemy but is marked {'Firing' if p.firing else 'Shot!'} "
                          "(shots need the enemy in view; Beginner's Guide, Special Circumstances)")
        if p.firing:
            wanted = rules.STANDARD_DAMAGE.get(p.range or "")
            if p.damage is None:
                yield error(doc.locate(f"{base}/firing"), "AOA-BOOK-DAMAGE",
                            f"Firing page {p.page} prints no damage (Powerhouse pages print 4, 2 or 1; Ed Note)")
            elif wanted is not None and p.damage != wanted:
                yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                            f"page {p.page} at {p.range} range deals {p.damage}, expected {wanted} "
                            "(Standard Game, Firing: 4 short, 2 medium, 1 long)")
        elif p.damage is not None:
            yield error(doc.locate(f"{base}/damage"), "AOA-BOOK-DAMAGE",
                        f"page {p.page} prints damage {p.damage} but is not a Firing page")
    for k, start in enumerate(book.start_pages):
        record = book.page(start)
        if start == LAST_PAGE or record is None or record.next is None or not record.enemy_visible:
            yield error(doc.locate(f"/start_pages/{k}"), "AOA-BOOK-START",
                        f"start page {start} must be a page with a maneuver chart and the enemy in view "
                        "(Standard Game set-up: page 170)")


def _ranges(numbers: Sequence[int]) -> str:
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)


def check_book_pair(first: Entry, second: Entry, *, end_pages: bool = True) -> Iterator[Finding]:
    """Two opposing books: the same page is one situation from both cockpits, and every end page agrees.

    Tags (III; reference digest 2.6): equal range and visibility, tailing here is
    tailed there, firing here is shot there. End pages (I, II, Standard Game):
    from every page with a maneuver chart and for every pair of maneuvers
    (222 x 26 x 26 turns), A's book at B's call-out and B's book at A's call-out
    name the same page, unless a call-out is 223 (then the other's end page is
    used; rules.resolve_turn). With
    `end_pages` False (a book already has structural errors) only the tags are
    compared, so one broken page does not cascade into hundreds of findings.
    """
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    for pa in a.pages:
        pb = b.page(pa.page)
        if pb is None or not 1 <= pa.page < LAST_PAGE:
            continue  # page 223 is checked on its own (AOA-BOOK-223)
        pointer = f"/pages/{pa.index}"
        if pa.range != pb.range:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: range {pa.range} here but {pb.range} in {b.id} (one page is one situation "
                        "seen from both cockpits; III)")
        if pa.enemy_visible != pb.enemy_visible:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: enemy {'shown' if pa.enemy_visible else 'not shown'} here but "
                        f"{'shown' if pb.enemy_visible else 'not shown'} in {b.id} (Losing Sight of the Enemy)")
        mirrored = {"tailing": "tailed", "tailed": "tailing", None: None}[pa.tag]
        if pb.tag != mirrored:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: {pa.tag or 'no tag'} here, so {b.id} must say {mirrored or 'no tag'}, "
                        f"not {pb.tag or 'no tag'} (V: both planes never tail each other)")
        if pa.firing != pb.shot or pa.shot != pb.firing:
            yield error(first.document.locate(pointer), "AOA-BOOK-TAGS",
                        f"page {pa.page}: firing={pa.firing}, shot={pa.shot} here but firing={pb.firing}, "
                        f"shot={pb.shot} in {b.id} (Firing in one book is Shot! in the other)")
    if end_pages:
        yield from _check_end_pages(first, second)


def _check_end_pages(first: Entry, second: Entry) -> Iterator[Finding]:
    a: DogfightBook = first.model
    b: DogfightBook = second.model
    mismatches = 0
    pages = sorted({p.page for p in a.pages if p.next is not None and 1 <= p.page < LAST_PAGE}
                   & {p.page for p in b.pages if p.next is not None})
    for page in pages:
        for ma in MANEUVER_CODES:
            for mb in MANEUVER_CODES:
                turn = rules.resolve_turn(a.next_page, b.next_page, page, ma, mb)
                if turn.call_a is None or turn.call_b is None:
                    continue
                if turn.end_a is not None and turn.end_b is not None and not turn.agree:
                    mismatches += 1
                    if mismatches <= MAX_END_PAGE_FINDINGS:
                        pointer = _page_pointer(a, turn.call_b, f"/next/{MANEUVER_CODES.index(ma)}")
                        yield error(first.document.locate(pointer), "AOA-BOOK-END-PAGE",
                                    f"from page {page}, {a.id} {ma} calls {turn.call_a} and {b.id} {mb} calls "
                                    f"{turn.call_b}: {a.id} page {turn.call_b} under {ma} ends on {turn.end_a} but "
                                    f"{b.id} page {turn.call_a} under {mb} ends on {turn.end_b} (end pages are "
                                    "always the same in both books; III)")
    if mismatches > MAX_END_PAGE_FINDINGS:
        yield error(first.document.locate("/pages"), "AOA-BOOK-END-PAGE",
                    f"{mismatches - MAX_END_PAGE_FINDINGS} more end-page disagreements with {b.id} not listed "
                    f"({mismatches} in all)")

