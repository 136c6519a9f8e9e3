"""`fwdata fw simulate`: per-band performance of one card flown by the rules (acceleration, climb, turning)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.findings import Report
from fwdata.game_system import RunResult
from fwdata.options import BuildOptions
from fwdata.render.plot import Panel, Series
from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.model import TURN_RATES, AircraftDataCard, PerformanceBand
from fwdata.systems.fw.simulation_checks import (
    BELOW_RESOLUTION,
    DEFAULT_SIMULATION,
    SimulationOptions,
    climb_speed,
    climb_verdict,
    flyable_bands,
)
from fwdata.systems.fw.table_checks import usable_rule_tables
from fwdata.systems.fw.tables import RuleTable

ALL_RATES = ("ez", *TURN_RATES)
VERDICT_WORDS = {BELOW_RESOLUTION: "below the rules' resolution"}


@dataclass(frozen=True)
class TurnPoint:
    """Degrees of facing change one game turn allows at a speed and turn rate (None: not allowed)."""

    speed_fp: float
    degrees: dict[str, int | None]


@dataclass(frozen=True)
class BandReport:
    """The simulated performance of one altitude band."""

    band: str
    min_fp: float
    max_fp: float
    military_run: tuple[float, ...]
    emergency_run: tuple[float, ...]
    turns_to_max_military: int | None
    turns_to_max_emergency: int | None
    climb_speed_fp: float
    listed_climb_fpm: int | None
    simulated_climb_fpm: float | None
    climb_verdict: str
    climb_tolerance_fpm: float
    climb_step_fpm: float
    climb_by_speed: dict[float, float]
    turning: tuple[TurnPoint, ...]


@dataclass(frozen=True)
class SimulationReport:
    """Everything `fwdata fw simulate` prints for one card."""

    card_id: str
    card_name: str
    climb_model: str
    bands: tuple[BandReport, ...]

    def as_json(self) -> dict[str, object]:
        """Return plain data for `--format json` (speeds in FP, climb in ft/min, turning in degrees per turn)."""
        return asdict(self)


def degrees_per_turn(turn_chart: RuleTable, band: PerformanceBand, speed: float, rate: str) -> int | None:
    """Return the facing change in degrees that a whole turn of FPs at `rate` allows, level, with no carry.

    None when the rate is not allowed: below its minimum speed for the band (OTR 4.4,
    5.2; EZ needs the minimum level speed) or NA on the Turn Chart (QS 2.7).
    """
    minimum = band.min_fp if rate == "ez" else band.turn_minimum(rate)
    if minimum is None or speed < minimum:
        return None
    try:
        requirement = rules.turn_fp_requirement(turn_chart, speed, rate)
    except KeyError:
        return None
    if requirement is None:
        return None
    full_fps = rules.flight_points(speed).full_fps
    # Each facing costs at least 1 FP, or an FP buys at most 3 (the Turn Chart's cells, checked before).
    most = full_fps * max(requirement.facings_per_fp, 1)
    facings = next((n for n in range(most + 1) if requirement.fps_for_facings(n + 1) > full_fps), most)
    return facings * 30


def simulate_card(card: AircraftDataCard, tables: dict[str, RuleTable],
                  options: SimulationOptions = DEFAULT_SIMULATION) -> SimulationReport:
    """Fly every band of a resolved card: level runs at military and emergency power (OTR 4.1-4.4),
    the sustained climb at climb speed and across the speed range, and the degrees per turn
    at each turn rate (QS 2.7). Raises KeyError if a needed table is missing.
    """
    fvt, proportions, turn_chart = (tables["fractional-values"], tables["flight-proportions"],
                                    tables["turn-chart"])
    bands = []
    for band in flyable_bands(card):
        row = card.power_chart.row(band.band) if card.power_chart else None
        if row is None or card.general is None:
            continue
        engines = card.engine_count
        military = flight.simulate_level_run((band.min_fp, band.max_fp), row.cells, "military", engines=engines,
                                             max_turns=options.max_turns)
        emergency = flight.simulate_level_run((band.min_fp, band.max_fp), row.cells, "emergency", engines=engines,
                                              max_turns=options.max_turns)
        speeds = [band.min_fp + 0.5 * i for i in range(int((band.max_fp - band.min_fp) / 0.5) + 1)]
        climbs = {
            speed: flight.simulate_sustained_climb(
                speed, row.cells, fvt, proportions, engines=engines,
                climb_attitude_decel=float(card.general["climb_attitude_decel"]),
                model=options.climb_model).climb_rate_fpm
            for speed in speeds
        }
        at = climb_speed(card, band)
        listed_row = next((c for c in card.climb if c.band == band.band), None)
        listed = listed_row.climb_rate_fpm if listed_row else None
        simulated = flight.simulate_sustained_climb(
            at, row.cells, fvt, proportions, engines=engines,
            climb_attitude_decel=float(card.general["climb_attitude_decel"]),
            model=options.climb_model).climb_rate_fpm
        resolution = flight.climb_resolution(at, fvt, proportions, engines=engines, model=options.climb_model)
        verdict, tolerance = (climb_verdict(simulated, listed, listed_row.oxygen_restricted, resolution, options)
                              if listed_row is not None and listed is not None and listed > 0 else ("-", 0.0))
        turning = tuple(TurnPoint(speed, {rate.upper(): degrees_per_turn(turn_chart, band, speed, rate)
                                          for rate in ALL_RATES}) for speed in speeds)
        bands.append(BandReport(
            band=band.band, min_fp=band.min_fp, max_fp=band.max_fp,
            military_run=military.speeds, emergency_run=emergency.speeds,
            turns_to_max_military=military.turns, turns_to_max_emergency=emergency.turns,
            climb_speed_fp=at, listed_climb_fpm=listed, simulated_climb_fpm=simulated,
            climb_verdict=verdict, climb_tolerance_fpm=tolerance, climb_step_fpm=resolution.step_fpm,
            climb_by_speed=climbs, turning=turning))
    return SimulationReport(card.id, card.name, options.climb_model, tuple(bands))


def format_report(report: SimulationReport) -> str:
    """Return the report as text tables: one line per band, then degrees per turn per band."""
    lines = [f"{report.card_name} ({report.card_id}) — simulated by the Fighting Wings rules",
             f"climb decel model: {report.climb_model}; speeds in FP, climb in ft/min, one game turn = 4 s",
             "",
             f"{'band':5} {'min':>5} {'max':>5} {'turns to max (M)':>17} {'(E)':>5} {'climb speed':>12} "
             f"{'listed ROC':>11} {'simulated':>10} {'step':>6} {'tolerance':>10}  verdict"]
    for band in report.bands:
        def turns(value: int | None) -> str:
            return "never" if value is None else str(value)

        listed = "-" if band.listed_climb_fpm is None else str(band.listed_climb_fpm)
        simulated = "-" if band.simulated_climb_fpm is None else f"{band.simulated_climb_fpm:.0f}"
        lines.append(f"{band.band:5} {band.min_fp:5.1f} {band.max_fp:5.1f} {turns(band.turns_to_max_military):>17} "
                     f"{turns(band.turns_to_max_emergency):>5} {band.climb_speed_fp:12.1f} {listed:>11} "
                     f"{simulated:>10} {band.climb_step_fpm:6.0f} {band.climb_tolerance_fpm:10.0f}  "
                     f"{VERDICT_WORDS.get(band.climb_verdict, band.climb_verdict)}")
    lines += ["", "step: the climb rate one power step (0.5 accel per engine) buys at climb speed; tolerance: the step "
              "+ 10 % of the listed rate; verdict: the simulated climb agrees with the listed rate, is below or above "
              "it, or the rules cannot tell them apart (docs/fw-rules.md)"]
    for band in report.bands:
        lines += ["", f"{band.band} band: degrees of facing change per turn (level, whole turn at one rate)",
                  f"{'speed':>6} " + " ".join(f"{rate.upper():>4}" for rate in ALL_RATES)]
        for point in band.turning:
            cells = " ".join(f"{'-' if d is None else d:>4}" for d in point.degrees.values())
            lines.append(f"{point.speed_fp:6.1f} {cells}")
    return "\n".join(lines)


def simulate_source(card: str, check: Callable[[Sequence[Path], BuildOptions], RunResult],
                    options: SimulationOptions = DEFAULT_SIMULATION) -> tuple[SimulationReport | None, Report]:
    """Check and simulate `card`: a YAML file, or the id of an aircraft in the current pack or the base library.

    `check` runs the pipeline on a list of paths (the CLI's Toolbox.check); a file
    is checked with its pack, so a variant finds its base card, and the play-aid
    tables are the base library's (or the pack's declared overrides). Returns
    (None, report) when the card has errors, or a table the simulation reads cannot
    be used (FW-TABLE-CELL); the report then holds those findings. Raises
    UsageError when the card cannot be found or is not a Fighting Wings aircraft.
    """
    from fwdata.systems.fw.model import resolve_variant_chain

    path = Path(card)
    result = check([path] if path.is_file() else [], BuildOptions())
    aircraft = result.catalog.entries("fw", "aircraft")
    if path.is_file():
        entry = next(iter(result.named(aircraft)), None)
        if entry is None:
            if result.report.failed():
                return None, result.report
            raise UsageError(f"{card}: not a Fighting Wings aircraft card (system fw, kind aircraft)")
    else:
        found = result.catalog.get("fw", "aircraft", card)
        if found is None:
            raise UsageError(f"{card}: no such card file, and no fw aircraft with that id in the current pack or "
                             "the base library")
        entry = found
    own = Report(findings=[f for f in result.report.findings if f.location.path == entry.document.path],
                 files_read=1)
    if own.failed():
        return None, own

    def lookup(card_id: str) -> AircraftDataCard | None:
        found = result.catalog.get("fw", "aircraft", card_id)
        return found.model if found else None

    resolved = resolve_variant_chain(entry.model, lookup)
    if resolved is None:
        return None, own
    tables, unusable = usable_rule_tables(result.catalog)
    if not {"fractional-values", "flight-proportions", "turn-chart"} <= tables.keys():
        return None, Report(findings=[*own.findings, *unusable],
                            files_read=1 + len({finding.location.path for finding in unusable}))
    return simulate_card(resolved, tables, options), own


def report_panels(report: SimulationReport) -> list[Panel]:
    """Return two charts per band: speed by turn in level runs, and sustained climb rate by speed."""
    panels = []
    for band in report.bands:
        runs = tuple(Series(f"{label} power", tuple(float(i) for i in range(len(run))), run)
                     for label, run in (("military", band.military_run), ("emergency", band.emergency_run)))
        panels.append(Panel(f"{band.band} band: level acceleration (OTR 4.1-4.4)", "game turn", "speed (FP)", runs))
        speeds = tuple(band.climb_by_speed)
        climb = [Series("simulated", speeds, tuple(band.climb_by_speed[s] for s in speeds))]
        if band.listed_climb_fpm is not None:
            climb.append(Series("listed, at climb speed", (band.climb_speed_fp,), (float(band.listed_climb_fpm),),
                                marker_only=True))
        panels.append(Panel(f"{band.band} band: sustained climb ({report.climb_model} climb decel)", "speed (FP)",
                            "ft/min", tuple(climb)))
    return panels
