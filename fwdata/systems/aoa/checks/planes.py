"""Ace of Aces plane and maneuver chart checks: Plane Stats relations, codes, clicks and mirror pairs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fwdata.findings import Finding, error, info, warning
from fwdata.game_system import Entry
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.checks.plane_text import check_plane_text
from fwdata.systems.aoa.checks.tables import ALTITUDE_STEP_FT, entries_of_type
from fwdata.systems.aoa.model import MANEUVER_CODES, ManeuverChart, Plane, RollMatrix


def check_planes(planes: Sequence[Entry], charts: Sequence[Entry]) -> Iterator[Finding]:
    """Check every plane against the Plane Stats relations (reference digest 1.3)."""
    top_start = None
    for entry in entries_of_type(charts, RollMatrix):
        if entry.model.table == "starting-altitude":
            values = [c for _rolls, cells in entry.model.rows for c in cells if isinstance(c, int)]
            top_start = (max(values), entry) if values else None
    for entry in planes:
        yield from check_plane(entry.model, entry.document, top_start)
        yield from check_plane_text(entry.model, entry.document)


def check_plane(plane: Plane, doc: SourceDocument, top_start: tuple[int, Entry] | None = None) -> Iterator[Finding]:
    """Yield findings for one plane: 25 ft steps, zoom, power dive, speed, hit points, ceiling, missing values.

    AoA IX, XXIV, XXX, XXXII, XXXIII, XLVI; Intermediate Game introduction.
    """
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


def check_maneuvers(entry: Entry) -> Iterator[Finding]:
    """Check the maneuver chart: codes A..Z once, clicks of mirror pairs, balance, and report the flags.

    AoA XLVI clicks table; Maneuver Chart; The Maneuvers.
    """
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


def _clicks(n: int) -> str:
    return f"{n} click{'' if n == 1 else 's'}"

