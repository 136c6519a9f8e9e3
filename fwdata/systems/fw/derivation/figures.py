"""Fighting Wings derivation: read a card's `figures` into typed values and report figures that cannot be right.

Every figure keeps the JSON pointer it came from, so a finding or a derived cell's trace
names the line of the figure it rests on.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fwdata.findings import Finding, error, warning
from fwdata.sources.document import SourceDocument

SINGLE_FIGURES = ("ceiling_ft", "stall_speed_mph_ias", "stall_speed_landing_mph_ias", "dive_limit_mph_ias",
                  "dive_limit_mach", "critical_mach", "empty_weight_lb", "gross_weight_lb", "max_weight_lb",
                  "wing_area_sqft", "internal_fuel_us_gal", "endurance_min")
SERIES_FIGURES = ("max_level_speed_mph_tas", "climb_rate_fpm", "engine_power_hp", "engine_thrust_lbf")

# Plausibility bounds for WWII-era aircraft, wider than any bundled card (docs/fw-derivation.md, "Bad input").
# A value outside them is almost always a wrong unit: km/h for mph, metres for feet, m/s for ft/min.
MAX_LEVEL_MPH_RANGE = (80.0, 650.0)
STALL_MPH_RANGE = (40.0, 160.0)
CLIMB_FPM_RANGE = (100, 40_000)
DIVE_MPH_RANGE = (150.0, 750.0)
MACH_RANGE = (0.4, 1.0)


@dataclass(frozen=True)
class Figure:
    """One public figure: its value in the unit its key names, its source id and where it is on the card."""

    value: float
    source: str
    pointer: str
    altitude_ft: int | None = None


@dataclass(frozen=True)
class Figures:
    """A card's figures by key (single figures and by-altitude series, altitudes ascending)."""

    single: Mapping[str, Figure]
    series: Mapping[str, tuple[Figure, ...]]
    source_ids: frozenset[str]

    def get(self, key: str) -> Figure | None:
        """Return the single figure `key` (a SINGLE_FIGURES name), or None when the card does not give it."""
        return self.single.get(key)

    def at_altitude(self, key: str, altitude_ft: float) -> tuple[float, tuple[Figure, ...]] | None:
        """Return the series `key` at `altitude_ft`, linear between the two nearest altitudes, and the figures used.

        None when the series is absent or `altitude_ft` lies outside its altitudes by more than
        2,500 ft (a figure is never extrapolated further than half a 5,000-ft band).
        """
        points = self.series.get(key, ())
        if not points:
            return None
        below = [p for p in points if p.altitude_ft is not None and p.altitude_ft <= altitude_ft]
        above = [p for p in points if p.altitude_ft is not None and p.altitude_ft >= altitude_ft]
        if below and above:
            low, high = below[-1], above[0]
            if low.altitude_ft == high.altitude_ft:
                return low.value, (low,)
            assert low.altitude_ft is not None and high.altitude_ft is not None
            share = (altitude_ft - low.altitude_ft) / (high.altitude_ft - low.altitude_ft)
            return low.value + share * (high.value - low.value), (low, high)
        nearest = below[-1] if below else above[0]
        assert nearest.altitude_ft is not None
        if abs(nearest.altitude_ft - altitude_ft) > 2500:
            return None
        return nearest.value, (nearest,)


def read_figures(data: Mapping[str, Any], base: str = "/figures") -> Figures:
    """Build Figures from a schema-valid `figures` mapping; `base` is its JSON pointer on the card."""
    single = {key: Figure(float(data[key]["value"]), data[key]["source"], f"{base}/{key}/value")
              for key in SINGLE_FIGURES if key in data}
    series = {}
    for key in SERIES_FIGURES:
        items = [Figure(float(item["value"]), item["source"], f"{base}/{key}/{i}/value", int(item["altitude_ft"]))
                 for i, item in enumerate(data.get(key, ()))]
        series[key] = tuple(sorted(items, key=lambda figure: figure.altitude_ft or 0))
    return Figures(single, series, frozenset(item["id"] for item in data.get("sources", ())))


def check_figures(figures: Figures, data: Mapping[str, Any], document: SourceDocument,
                  base: str = "/figures") -> Iterator[Finding]:
    """Yield FW-FIGURE findings: unknown source ids, repeated altitudes, values in a likely wrong unit,
    and figures that contradict each other (a stall above the top speed, a dive limit below it)."""
    for key, items in (*((k, (f,)) for k, f in figures.single.items()), *figures.series.items()):
        for figure in items:
            if figure.source not in figures.source_ids:
                yield error(document.locate(figure.pointer.rsplit("/", 1)[0] + "/source"), "FW-FIGURE",
                            f"{key}: source {figure.source!r} is not one of the ids in figures.sources "
                            f"({', '.join(sorted(figures.source_ids))}); every figure names its source")
    for i, gun in enumerate(data.get("armament", ())):
        if gun["source"] not in figures.source_ids:
            yield error(document.locate(f"{base}/armament/{i}/source"), "FW-FIGURE",
                        f"armament {gun['weapon']}: source {gun['source']!r} is not one of the ids in figures.sources")
    for key, items in figures.series.items():
        altitudes = [f.altitude_ft for f in items]
        for figure in items:
            if altitudes.count(figure.altitude_ft) > 1:
                yield error(document.locate(figure.pointer), "FW-FIGURE",
                            f"{key}: two figures for {figure.altitude_ft} ft; give one value per altitude")
                break
    yield from _units(figures, document)
    yield from _contradictions(figures, document)


def _out_of(low: float, high: float, value: float) -> bool:
    return not low <= value <= high


def _units(figures: Figures, document: SourceDocument) -> Iterator[Finding]:
    for figure in figures.series.get("max_level_speed_mph_tas", ()):
        if _out_of(*MAX_LEVEL_MPH_RANGE, figure.value):
            hint = " (km/h? divide by 1.609)" if figure.value > MAX_LEVEL_MPH_RANGE[1] else ""
            yield error(document.locate(figure.pointer), "FW-FIGURE-UNIT",
                        f"max level speed {figure.value:g} mph at {figure.altitude_ft} ft is outside "
                        f"{MAX_LEVEL_MPH_RANGE[0]:g}-{MAX_LEVEL_MPH_RANGE[1]:g} mph, the range of piston, jet and "
                        f"rocket aircraft of the period{hint}")
    for figure in figures.series.get("climb_rate_fpm", ()):
        if _out_of(*CLIMB_FPM_RANGE, figure.value):
            hint = " (m/s? multiply by 196.85)" if figure.value < CLIMB_FPM_RANGE[0] else ""
            yield error(document.locate(figure.pointer), "FW-FIGURE-UNIT",
                        f"climb rate {figure.value:g} ft/min at {figure.altitude_ft} ft is outside "
                        f"{CLIMB_FPM_RANGE[0]}-{CLIMB_FPM_RANGE[1]} ft/min{hint}")
    for key in ("max_level_speed_mph_tas", "climb_rate_fpm", "engine_power_hp", "engine_thrust_lbf"):
        for figure in figures.series.get(key, ()):
            if figure.altitude_ft is not None and figure.altitude_ft > 50_000:
                yield error(document.locate(figure.pointer.rsplit("/", 1)[0] + "/altitude_ft"), "FW-FIGURE-UNIT",
                            f"{key}: altitude {figure.altitude_ft} ft is above any aircraft of the period "
                            "(metres given as feet, or feet x 10?)")
    checks = (("stall_speed_mph_ias", STALL_MPH_RANGE, "mph IAS"), ("dive_limit_mph_ias", DIVE_MPH_RANGE, "mph IAS"),
              ("dive_limit_mach", MACH_RANGE, "Mach"), ("critical_mach", MACH_RANGE, "Mach"))
    for key, (low, high), unit in checks:
        limit = figures.get(key)
        if limit is not None and _out_of(low, high, limit.value):
            yield error(document.locate(limit.pointer), "FW-FIGURE-UNIT",
                        f"{key} {limit.value:g} is outside {low:g}-{high:g} {unit}, the range of the period's "
                        "aircraft (a wrong unit?)")
    ceiling = figures.get("ceiling_ft")
    if ceiling is not None and ceiling.value > 50_000:
        yield error(document.locate(ceiling.pointer), "FW-FIGURE-UNIT",
                    f"ceiling {ceiling.value:g} ft is above any aircraft of the period (metres x 3.28 twice?)")
    if ceiling is not None and ceiling.value < 12_000:
        yield error(document.locate(ceiling.pointer), "FW-FIGURE-UNIT",
                    f"ceiling {ceiling.value:g} ft is below any combat aircraft of the period (metres given as feet? "
                    f"{ceiling.value:g} m is {ceiling.value / 0.3048:,.0f} ft)")


def _contradictions(figures: Figures, document: SourceDocument) -> Iterator[Finding]:
    stall = figures.get("stall_speed_mph_ias")
    speeds = figures.series.get("max_level_speed_mph_tas", ())
    if stall is not None and speeds and max(f.value for f in speeds) < 1.5 * stall.value:
        yield error(document.locate(stall.pointer), "FW-FIGURE-CONFLICT",
                    f"stall speed {stall.value:g} mph is not well below the top speed "
                    f"{max(f.value for f in speeds):g} mph (every aircraft of the period flies at least 1.5 x its "
                    "stall speed)")
    dive = figures.get("dive_limit_mph_ias")
    if dive is not None and speeds and dive.value <= min(f.value for f in speeds):
        yield error(document.locate(dive.pointer), "FW-FIGURE-CONFLICT",
                    f"dive limit {dive.value:g} mph IAS is not above the lowest max level speed "
                    f"{min(f.value for f in speeds):g} mph (a dive limit exceeds level speed; OTR Ch. 2)")
    ceiling = figures.get("ceiling_ft")
    for figure in figures.series.get("climb_rate_fpm", ()):
        if ceiling is not None and figure.altitude_ft is not None and figure.altitude_ft > ceiling.value + 2500:
            yield warning(document.locate(figure.pointer), "FW-FIGURE-CONFLICT",
                          f"climb rate at {figure.altitude_ft} ft is above the ceiling {ceiling.value:g} ft")
    mach, critical = figures.get("dive_limit_mach"), figures.get("critical_mach")
    if mach is not None and critical is not None and critical.value > mach.value + 0.05:
        yield warning(document.locate(critical.pointer), "FW-FIGURE-CONFLICT",
                      f"critical Mach {critical.value:g} is well above the dive-limit Mach {mach.value:g} "
                      "(compressibility sets in before the limit)")
