"""Fighting Wings derivation checks: every cell of a card with figures against its derivation, and the
performance cross-checks that need no figures (power against max level and climb, dive and turn limits)."""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.derivation.consistency import check_implied_figures, check_power_steps
from fwdata.systems.fw.derivation.figures import Figures, check_figures, read_figures
from fwdata.systems.fw.derivation.method import (
    POWER_COLUMN_STARTS_FP,
    PRINTED_POWER_STEP,
    Airframe,
    DerivedCell,
    climb_speed_fp,
    derive_bands,
)
from fwdata.systems.fw.model import SPEED_COLUMN_TITLES, SPEED_COLUMNS, AircraftDataCard

PERFORMANCE_KEYS = ("min_fp", "max_fp", "max_dive_fp", "tt_fp", "ht_fp", "bt_fp", "et_fp", "transonic_fp")
CLIMB_TABLE_SPREAD = 0.1
"""The share of a climb rate the lost Climb Decel table leaves open (18 to 20 points a turn; docs/fw-rules.md)."""
MAX_BAND_STEP_FP = 1.0
"""Fitted: the most a max level or max dive speed changes from one 5,000-ft band to the next (docs/fw-derivation.md)."""


def airframe_of(card: AircraftDataCard) -> Airframe:
    """Return what the derivation method needs from a resolved card's general information and flags."""
    general = card.general or {}
    engines = general.get("engines", {})
    return Airframe(engines=int(engines.get("count", 1)), engine_kind=str(engines.get("kind", "piston")),
                    climb_attitude_decel=float(general.get("climb_attitude_decel", 0)),
                    swept_wing=bool(card.flags and card.flags.get("swept_wing")),
                    agility_class=str(general.get("agility_class", "F")))


def check_derivation(card: AircraftDataCard, document: SourceDocument, own: frozenset[str]) -> Iterator[Finding]:
    """Yield FW-FIGURE* findings for the card's own figures and FW-DERIVED-MISMATCH for each own cell that is not
    what its figures give (docs/fw-derivation.md); then the cross-checks (`check_performance_relations`)."""
    if card.figures is not None:
        figures = read_figures(card.figures)
        if "figures" in own:
            problems = list(check_figures(figures, card.figures, document))
            yield from problems
            if any(problem.severity == "error" for problem in problems):
                return
        yield from _mismatches(card, figures, document, own)
    yield from check_performance_relations(card, document, own)


def _mismatches(card: AircraftDataCard, figures: Figures, document: SourceDocument,
                own: frozenset[str]) -> Iterator[Finding]:
    altitudes = {row["band"]: int(row["representative_ft"]) for row in card.band_altitudes}
    bands = tuple(row.band for row in card.performance)
    derived = derive_bands(figures, bands, altitudes, airframe_of(card))
    for band in derived:
        row = card.band(band.band)
        if row is not None and "performance" in own:
            for key in PERFORMANCE_KEYS:
                printed = getattr(row, key)
                cell = band.cells.get(key)
                if cell is not None and printed is not None and printed != cell.value:
                    yield _mismatch(document, f"/performance/{row.index}/{key}", cell, f"{printed:g} FP", "FP")
        climb = next((c for c in card.climb if c.band == band.band), None)
        cell = band.cells.get("climb_rate_fpm")
        if climb is not None and cell is not None and "climb" in own \
                and abs(climb.climb_rate_fpm - cell.exact) > cell.tolerance:
            yield _mismatch(document, f"/climb/{climb.index}/climb_rate_fpm", cell, f"{climb.climb_rate_fpm} ft/min",
                            "ft/min")
        power = card.power_chart.row(band.band) if card.power_chart else None
        if power is None or "power_chart" not in own:
            continue
        for column, key in enumerate(SPEED_COLUMNS):
            cell = band.cells.get(key)
            try:
                printed_accel = rules.parse_power_cell(power.cells[column]).military
            except ValueError:
                continue  # FW-POWER-CELL reports it
            expected = cell.value if cell is not None else None
            if cell is not None and (printed_accel or None) != expected:
                shown = f"{printed_accel:g} military accel" if printed_accel else "a dash"
                yield _mismatch(document, f"/power_chart/rows/{power.index}/{key}", cell, shown, "points")


def _mismatch(document: SourceDocument, pointer: str, cell: DerivedCell, printed: str, unit: str) -> Finding:
    value = "a dash" if cell.value is None else f"{cell.value:g} {unit}"
    return warning(document.locate(pointer), "FW-DERIVED-MISMATCH",
                   f"{cell.band} band {cell.key}: the card has {printed}, its figures give {value} "
                   f"({cell.formula}; {cell.rounding}; from {', '.join(cell.inputs)}; docs/fw-derivation.md)")


def check_performance_relations(card: AircraftDataCard, document: SourceDocument,
                                own: frozenset[str]) -> Iterator[Finding]:
    """Yield the cross-checks that need no figures, in both directions.

    FW-POWER-OVERSPEED: a power column starting above max level carries accel (the aircraft would
    accelerate past its listed max level; OTR 4.1, 4.2). FW-CLIMB-POWER: the listed climb and the
    power at climb speed differ by more than half a printed power step plus 10 % under the climb relation
    (OTR 4.1, 4.2, 15.4.1; an oxygen-restricted rate may sit below its power). FW-DIVE-LIMIT: max
    dive or max level jumps by more than MAX_BAND_STEP_FP between neighbouring bands, or the max dive
    and transonic speeds imply no single dive limit or critical Mach; FW-TURN-STALL: the min level and
    turn minimums imply no single stall speed (`consistency`); FW-POWER-STEP: neighbouring power cells
    break the falloff.
    """
    airframe = airframe_of(card)
    if "performance" in own:
        yield from _band_steps(card, document)
        yield from check_implied_figures(card, document)
    if card.power_chart is None or not ({"power_chart", "performance", "climb"} & own):
        return
    yield from check_power_steps(card, document, airframe)
    step = PRINTED_POWER_STEP.get(airframe.engines, flight.POWER_STEP_POINTS)
    for band in card.performance:
        row = card.power_chart.row(band.band)
        if row is None or not 0 < band.min_fp < band.max_fp:
            continue
        try:
            accels = [rules.parse_power_cell(cell).military for cell in row.cells]
        except ValueError:
            continue
        for column, accel in enumerate(accels):
            if accel > 0 and POWER_COLUMN_STARTS_FP[column] > band.max_fp:
                yield warning(document.locate(f"/power_chart/rows/{row.index}/{SPEED_COLUMNS[column]}"),
                              "FW-POWER-OVERSPEED",
                              f"{band.band} band: military accel {accel:g} at speed {SPEED_COLUMN_TITLES[column]}, "
                              f"which starts above the listed max level {band.max_fp:.1f} FP: the power chart would "
                              "carry the aircraft past its max level speed (the column should be a dash; OTR 4.1, 4.2)")
        climb = next((c for c in card.climb if c.band == band.band), None)
        if climb is None or climb.climb_rate_fpm <= 0:
            continue
        speed = climb_speed_fp(band.min_fp, band.max_fp, airframe, band.band)
        column = rules.power_speed_column(speed)
        per_increment = flight.climb_points_per_increment(speed, "designer-note")
        needed = (airframe.climb_attitude_decel
                  + climb.climb_rate_fpm * per_increment / flight.FPM_PER_INCREMENT_PER_TURN) / airframe.engines
        printed = accels[column]
        # Half a printed step of rounding, plus the 10 % the lost Climb Decel table is known to (18-20 points).
        spread = CLIMB_TABLE_SPREAD * climb.climb_rate_fpm * per_increment / flight.FPM_PER_INCREMENT_PER_TURN
        tolerance = step / 2 + spread / airframe.engines
        if abs(printed - needed) <= tolerance or (printed > needed and climb.oxygen_restricted):
            continue
        flies = max(0.0, (printed * airframe.engines - airframe.climb_attitude_decel)
                    / per_increment * flight.FPM_PER_INCREMENT_PER_TURN)
        direction = "well under what its power chart gives" if printed > needed else "more than its power chart gives"
        yield warning(document.locate(f"/climb/{climb.index}/climb_rate_fpm"), "FW-CLIMB-POWER",
                      f"{band.band} band: listed climb {climb.climb_rate_fpm} ft/min is {direction}: military accel "
                      f"{printed:g} per engine at climb speed {speed:.1f} FP climbs about {flies:.0f} ft/min, and the "
                      f"listed rate needs {needed:.2f} (more than {tolerance:.2f} away: half a printed step and 10 % "
                      f"for the climb decel model; climb decel "
                      f"6 / speed points per increment, OTR 4.1, 4.2, 15.4.1; docs/fw-derivation.md)")


def _band_steps(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    for lower, upper in zip(card.performance, card.performance[1:], strict=False):
        for key, label in (("max_fp", "max level"), ("max_dive_fp", "max dive")):
            low, high = getattr(lower, key), getattr(upper, key)
            if abs(high - low) > MAX_BAND_STEP_FP:
                yield warning(document.locate(f"/performance/{upper.index}/{key}"), "FW-DIVE-LIMIT",
                              f"{upper.band} band: {label} {high:g} FP is {abs(high - low):g} FP from the "
                              f"{lower.band} band's {low:g} FP; one 5,000-ft band changes it by at most "
                              f"{MAX_BAND_STEP_FP:g} FP (true airspeed of a fixed IAS or Mach limit, and the top "
                              "speed, change by under 10 % a band; docs/fw-derivation.md)")
    for band in card.performance:
        if band.transonic_fp is not None and band.max_fp >= band.transonic_fp + 0.5 and band.max_dive_fp > band.max_fp:
            yield warning(document.locate(f"/performance/{band.index}/max_fp"), "FW-DIVE-LIMIT",
                          f"{band.band} band: max level {band.max_fp:g} FP is above the transonic speed "
                          f"{band.transonic_fp:g} FP (no aircraft of the period flew level past its critical Mach)")
