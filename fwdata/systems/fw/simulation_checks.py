"""Fighting Wings simulation checks: fly each card's level run and sustained climb and compare with the card."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from fwdata.findings import Finding, info, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import flight
from fwdata.systems.fw.flight import ClimbModel
from fwdata.systems.fw.model import AircraftDataCard, PerformanceBand
from fwdata.systems.fw.tables import RuleTable


@dataclass(frozen=True)
class SimulationOptions:
    """How the card simulations are run.

    `climb_model`: points per 100-ft increment for the lost Climb Decel table
    ("designer-note": 6 / speed, from the OTR 4.2 designer's note; "qs": 1, QS 4.1).
    `climb_table_spread`: the share of the listed rate added to the climb tolerance; the
    designer's note gives 18 to 20 points for a turn of VFPs, so a rate is known only to
    1 - 18/20 = 10 % (docs/fw-rules.md).
    """

    climb_model: ClimbModel = "designer-note"
    climb_table_spread: float = 0.1
    max_turns: int = 60


DEFAULT_SIMULATION = SimulationOptions()


@dataclass(frozen=True)
class ClimbEstimate:
    """The best simulated sustained climb of a band and the speed it is flown at."""

    speed_fp: float
    climb_rate_fpm: float
    attitude: str
    resolution: flight.ClimbResolution


HIGH_BANDS = frozenset({"HI", "VH", "EH", "UH+"})


def flyable_bands(card: AircraftDataCard) -> list[PerformanceBand]:
    """Return the bands whose speeds can be simulated: 0 < min < max level (others are FW-PERF-ORDER errors)."""
    return [band for band in card.performance if 0 < band.min_fp < band.max_fp]


def climb_speed(card: AircraftDataCard, band: PerformanceBand) -> float:
    """Return the climb speed in FP of a clean, undamaged A/C in `band`.

    OTR 15.4.1: the higher of the listed minimum + 1.5 and the adjusted minimum, never
    above max attainable level speed. OTR 17.3: a swept-wing A/C climbs at cruise speed,
    taken as the top of the fighter cruise range (max attainable - 1.0 in the HI band and
    above, - 1.5 below it).
    """
    if card.flags and card.flags.get("swept_wing"):
        return band.max_fp - (1.0 if band.band in HIGH_BANDS else 1.5)
    return flight.climb_speed(band.min_fp, band.min_fp, band.max_fp)


def best_sustained_climb(card: AircraftDataCard, band: PerformanceBand, fvt: RuleTable, proportions: RuleTable,
                         options: SimulationOptions) -> ClimbEstimate | None:
    """Return the best sustained climb at military power, holding the band's climb speed.

    Returns None when the card has no power line for the band.
    """
    if card.power_chart is None or card.general is None:
        return None
    row = card.power_chart.row(band.band)
    if row is None:
        return None
    speed = climb_speed(card, band)
    climb = flight.simulate_sustained_climb(
        speed, row.cells, fvt, proportions, engines=card.engine_count,
        climb_attitude_decel=float(card.general["climb_attitude_decel"]), model=options.climb_model)
    resolution = flight.climb_resolution(speed, fvt, proportions, engines=card.engine_count, model=options.climb_model)
    return ClimbEstimate(speed, climb.climb_rate_fpm, climb.attitude, resolution)


BELOW_RESOLUTION = "below-resolution"


def climb_verdict(simulated_fpm: float, listed_fpm: int, oxygen_restricted: bool,
                  resolution: flight.ClimbResolution, options: SimulationOptions = DEFAULT_SIMULATION
                  ) -> tuple[str, float]:
    """Compare a simulated climb with the listed one; return (verdict, tolerance in ft/min).

    The tolerance is one power step at the climb speed plus `climb_table_spread` x listed.
    Verdicts: "agrees"; "below-resolution" when the rules cannot tell the two apart (the
    listed rate is within the tolerance but not above one power step, or it lies between
    two attitudes' steady ranges and the simulation flies the top of the lower one);
    "below"; "above", or "oxygen-limited" when the simulation is above an
    oxygen-restricted listed rate (Err1 bold: a pilot limit, not a power limit).
    """
    tolerance = resolution.step_fpm + options.climb_table_spread * listed_fpm
    if abs(simulated_fpm - listed_fpm) <= tolerance:
        return ("agrees" if listed_fpm > resolution.step_fpm else BELOW_RESOLUTION), tolerance
    if simulated_fpm > listed_fpm:
        return ("oxygen-limited" if oxygen_restricted else "above"), tolerance
    gap = resolution.gap_around(listed_fpm)
    if gap is not None and simulated_fpm >= gap[0] - tolerance:
        return BELOW_RESOLUTION, tolerance
    return "below", tolerance


def check_simulations(card: AircraftDataCard, document: SourceDocument, own: frozenset[str],
                      tables: dict[str, RuleTable], options: SimulationOptions = DEFAULT_SIMULATION
                      ) -> Iterator[Finding]:
    """Yield FW-LEVEL-RUN and FW-CLIMB-RATE findings for one resolved card.

    Level run (OTR 4.1-4.4): from the minimum speed at military power, level flight must
    reach the listed max level speed. Sustained climb: the best simulated climb must
    agree with the listed average rate of climb within the tolerance of `climb_verdict`;
    a difference below the rules' resolution is not reported.
    """
    if card.power_chart is None or not ({"power_chart", "performance", "climb"} & own):
        return
    flyable = flyable_bands(card)
    for band in flyable:
        row = card.power_chart.row(band.band)
        if row is None:
            continue
        run = flight.simulate_level_run((band.min_fp, band.max_fp), row.cells, engines=card.engine_count,
                                        max_turns=options.max_turns)
        if not run.reached:
            yield warning(document.locate(f"/power_chart/rows/{row.index}"), "FW-LEVEL-RUN",
                          f"{band.band} band: flying level at military power from {band.min_fp:.1f} FP, the "
                          f"speed stops at {run.top_speed:.1f} FP and never reaches the listed max level "
                          f"{band.max_fp:.1f} FP within {options.max_turns} turns (OTR 4.1-4.4)")
    fvt, proportions = tables.get("fractional-values"), tables.get("flight-proportions")
    if fvt is None or proportions is None:
        yield info(document.locate("/climb"), "FW-CLIMB-RATE",
                   "rate-of-climb simulation skipped: it needs the fractional-values and flight-proportions "
                   "tables (check tables/fw together with the cards)")
        return
    for listed in card.climb:
        climbing = card.band(listed.band)
        if climbing is None or climbing not in flyable or listed.climb_rate_fpm <= 0:
            continue
        estimate = best_sustained_climb(card, climbing, fvt, proportions, options)
        if estimate is None:
            continue
        verdict, tolerance = climb_verdict(estimate.climb_rate_fpm, listed.climb_rate_fpm,
                                           listed.oxygen_restricted, estimate.resolution, options)
        flown = (f"{estimate.climb_rate_fpm:.0f} ft/min ({estimate.attitude} at {estimate.speed_fp:.1f} FP, military "
                 f"power, {options.climb_model} climb decel; tolerance {tolerance:.0f} ft/min: one power step "
                 f"{estimate.resolution.step_fpm:.0f} + {options.climb_table_spread:.0%} of the listed rate)")
        where = functools.partial(document.locate, f"/climb/{listed.index}/climb_rate_fpm")
        if verdict == "below":
            yield warning(where(), "FW-CLIMB-RATE",
                          f"{climbing.band} band: listed rate of climb {listed.climb_rate_fpm} ft/min cannot be flown: "
                          f"the power chart sustains only {flown} at climb speed (OTR 4.1, 4.2, 15.4.1)")
        elif verdict == "above":
            yield info(where(), "FW-CLIMB-RATE",
                       f"{climbing.band} band: in play the aircraft can climb {flown}, well above its listed "
                       f"{listed.climb_rate_fpm} ft/min (a pilot may always climb less; OTR 4.1, 4.2, 15.4.1)")
