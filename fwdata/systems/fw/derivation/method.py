"""Fighting Wings derivation: the method that turns public figures into ADC cells, each with its trace.

The rulebook's own scales fix most of it: an FP is 50 mph (OTR 3.5), a turn is 4 seconds
(QS 1.2), an increment is 100 ft (QS 1.6) and one accel point is 0.1 FP (OTR 4.3). Where the
game abstracts the physics, the method uses a fitted constant, named here and in
docs/fw-derivation.md: the load factors of the four turn rates, the points a propeller loses
per faster power column, and the lost Climb Decel table (`flight.climb_points_per_increment`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.derivation.atmosphere import density_ratio, speed_of_sound_mph, true_airspeed_mph
from fwdata.systems.fw.derivation.figures import Figure, Figures
from fwdata.systems.fw.model import BANDS, SPEED_COLUMNS, TURN_RATES
from fwdata.systems.fw.rules.scale import MPH_PER_FP as MPH_PER_FP_RULE

MPH_PER_FP = MPH_PER_FP_RULE
TURN_LOAD_FACTORS = {"tt": 1.5, "ht": 2.25, "bt": 3.5, "et": 5.0}
"""Fitted: the load factor (g) each turn rate's minimum speed stands for; minimum = stall TAS x sqrt(n)."""
PROP_FALLOFF_POINTS_PER_COLUMN = 1.0
"""Fitted: military accel a propeller loses per faster Power vs Speed column (OTR 4.1 note: thrust falls with speed)."""
POWER_COLUMN_STARTS_FP = (0.0, 5.0, 8.0, 10.0)
PRINTED_POWER_STEP = {1: 1.0}
"""Fitted (the bundled cards' convention): a single-engine card prints whole accel points, a multi-engine card
half points per engine (the finest step, `flight.POWER_STEP_POINTS`)."""
"""The Power vs Speed Chart's speed columns (OTR 5.5.1)."""
HEAVY_CLASSES = frozenset({"H", "SH"})
"""Agility classes whose cards list no ET minimum (heavy bombers; a missing rate is allowed, OTR 5.4)."""
DEFAULT_BAND_HEIGHT_FT = 5000
"""The band height every bundled card assumes (the rulebooks give none): VL 0-5,000 ft, LO 5,100-10,000, ..."""

@dataclass(frozen=True)
class FittedConstants:
    """The constants the method fits where the game abstracts the physics (see `fw derive --calibrate`)."""

    load_factors: Mapping[str, float] = field(default_factory=lambda: dict(TURN_LOAD_FACTORS))
    prop_falloff_points: float = PROP_FALLOFF_POINTS_PER_COLUMN


DEFAULT_CONSTANTS = FittedConstants()

Rounding = Literal["nearest", "up", "down", "nearest-100"]


@dataclass(frozen=True)
class Airframe:
    """What the method needs besides the figures: engine count and kind, climb att. decel, swept wing, class."""

    engines: int = 1
    engine_kind: str = "piston"
    climb_attitude_decel: float = 1.0
    swept_wing: bool = False
    agility_class: str = "F"

    @property
    def propeller(self) -> bool:
        """Whether the accel falls with speed (piston engines turning propellers)."""
        return self.engine_kind == "piston"


@dataclass(frozen=True)
class DerivedCell:
    """One ADC cell computed from the figures: the printed value, the unrounded value, and how it was got."""

    band: str
    key: str
    value: float | None
    """The value as the card prints it (None: a dash in the power chart)."""
    exact: float
    formula: str
    inputs: tuple[str, ...]
    """JSON pointers of the figures (and cells) the value rests on."""
    rounding: str
    tolerance: float
    """How far the printed cell may sit from `value`: below one printed step (0.5 FP, 100 ft/min, 1 accel point)."""

    def trace(self) -> str:
        """Return the cell's trace as one line: formula, rounding, inputs."""
        return f"{self.formula}; {self.rounding}; from {', '.join(self.inputs)}"


@dataclass(frozen=True)
class BandDerivation:
    """The derived cells of one altitude band (absent keys: the figures do not determine them)."""

    band: str
    altitude_ft: int
    cells: Mapping[str, DerivedCell]
    missing: tuple[str, ...]
    """Why a cell could not be derived, one sentence each."""


def round_half(value: float, rounding: Rounding) -> float:
    """Round `value` to the 0.5 steps the cards print: nearest (ties up), up or down (1e-9 slack for float noise)."""
    if rounding == "up":
        return math.ceil(value * 2 - 1e-9) / 2
    if rounding == "down":
        return math.floor(value * 2 + 1e-9) / 2
    return math.floor(value * 2 + 0.5) / 2


def default_band_altitudes(band: str) -> int:
    """Return the representative altitude the bundled cards assume for `band`: the middle of its 5,000-ft band."""
    return BANDS.index(band) * DEFAULT_BAND_HEIGHT_FT + DEFAULT_BAND_HEIGHT_FT // 2


def climb_speed_fp(min_fp: float, max_fp: float, airframe: Airframe, band: str) -> float:
    """Return the climb speed in FP: listed minimum + 1.5 (OTR 15.4.1), or for a swept wing the top of the
    cruise range, max - 1.0 in the HI band and above and max - 1.5 below (OTR 17.3)."""
    if airframe.swept_wing:
        return max_fp - (1.0 if band in ("HI", "VH", "EH", "UH+") else 1.5)
    return flight.climb_speed(min_fp, min_fp, max_fp)


def _read_at(used: tuple[Figure, ...], altitude_ft: int) -> str:
    """Say how a series figure was read at `altitude_ft`: at it, between two altitudes, or held from the nearest."""
    if len(used) == 2:
        return f"between {used[0].altitude_ft:,} and {used[1].altitude_ft:,} ft"
    if used[0].altitude_ft == altitude_ft:
        return f"at {altitude_ft:,} ft"
    return f"held from {used[0].altitude_ft:,} ft"


def _cell(band: str, key: str, value: float | None, exact: float, formula: str, inputs: tuple[Figure, ...],
          rounding: str, tolerance: float, extra: tuple[str, ...] = ()) -> DerivedCell:
    return DerivedCell(band, key, value, exact, formula, (*(f.pointer for f in inputs), *extra), rounding, tolerance)


def derive_band(figures: Figures, band: str, altitude_ft: int, airframe: Airframe,
                min_fp_hint: float | None = None, constants: FittedConstants = DEFAULT_CONSTANTS) -> BandDerivation:
    """Derive every cell of `band` the figures determine, reading them at `altitude_ft`.

    Speeds are FP = mph TAS / 50 (OTR 3.5); indicated speeds become true by the ISA density.
    Max level: nearest 0.5, and at most max dive - 0.5 (max level stays below max dive, OTR Ch. 2).
    Min level: stall TAS rounded up. TT/HT/BT/ET: stall TAS x sqrt(n) rounded up (n from
    TURN_LOAD_FACTORS), TT at least min + 0.5, none above max dive (a rate must be usable), no ET
    for heavy classes. Max dive: the lower of the IAS placard (as TAS) and the Mach limit, rounded
    down; transonic: critical Mach rounded down. Climb: the figure at the band's altitude to the
    nearest 10 ft/min (checked to 100). Power (military accel per engine): see `derive_power`; without
    a stall figure its climb speed comes from `min_fp_hint` (the author's min level), if given.
    """
    cells: dict[str, DerivedCell] = {}
    missing: list[str] = []
    sigma = density_ratio(altitude_ft)
    sound = speed_of_sound_mph(altitude_ft)
    dive = _max_dive(figures, band, altitude_ft, sigma, sound)
    if dive is not None:
        cells["max_dive_fp"] = dive
    else:
        missing.append("max_dive_fp: needs dive_limit_mph_ias or dive_limit_mach")
    level = figures.at_altitude("max_level_speed_mph_tas", altitude_ft)
    if level is not None:
        mph, used = level
        exact = mph / MPH_PER_FP
        value = round_half(exact, "nearest")
        formula = f"{mph:.0f} mph TAS ({_read_at(used, altitude_ft)}) / {MPH_PER_FP} = {exact:.2f} FP"
        rounding = "nearest 0.5"
        if dive is not None and dive.value is not None and value > dive.value - 0.5:
            value = dive.value - 0.5
            rounding += f", held 0.5 below max dive {dive.value:.1f}"
        cells["max_fp"] = _cell(band, "max_fp", value, exact, formula, used, rounding, 0.5)
    else:
        missing.append(f"max_fp: no max_level_speed_mph_tas within 2,500 ft of {altitude_ft} ft")
    stall = figures.get("stall_speed_mph_ias")
    if stall is not None:
        tas = true_airspeed_mph(stall.value, altitude_ft)
        exact = tas / MPH_PER_FP
        minimum = round_half(exact, "up")
        cells["min_fp"] = _cell(band, "min_fp", minimum, exact,
                                f"{stall.value:g} mph IAS / sqrt(sigma {sigma:.3f}) = {tas:.1f} mph TAS / 50 = "
                                f"{exact:.2f} FP", (stall,), "up to 0.5", 0.5)
        floor = minimum + 0.5
        for rate in TURN_RATES:
            if rate == "et" and airframe.agility_class in HEAVY_CLASSES:
                continue
            load = constants.load_factors[rate]
            exact_rate = exact * math.sqrt(load)
            value = max(round_half(exact_rate, "up"), floor if rate == "tt" else 0.0)
            rounding = "up to 0.5" + (f", at least min + 0.5 = {floor:.1f}" if rate == "tt" else "")
            if dive is not None and dive.value is not None and value > dive.value:
                value = dive.value
                rounding += f", held at max dive {dive.value:.1f} (a rate must be usable)"
            cells[f"{rate}_fp"] = _cell(band, f"{rate}_fp", value, exact_rate,
                                        f"{tas:.1f} mph TAS x sqrt({load:g} g) / 50 = {exact_rate:.2f} FP",
                                        (stall,), rounding, 0.5)
    else:
        missing.append("min_fp and turn minimums: need stall_speed_mph_ias")
    critical = figures.get("critical_mach")
    if critical is not None:
        exact = critical.value * sound / MPH_PER_FP
        cells["transonic_fp"] = _cell(band, "transonic_fp", round_half(exact, "down"), exact,
                                      f"Mach {critical.value:g} x {sound:.0f} mph / 50 = {exact:.2f} FP",
                                      (critical,), "down to 0.5", 0.5)
    else:
        missing.append("transonic_fp: needs critical_mach")
    climb = figures.at_altitude("climb_rate_fpm", altitude_ft)
    if climb is not None:
        fpm, used = climb
        cells["climb_rate_fpm"] = _cell(band, "climb_rate_fpm", float(round(fpm / 10) * 10), fpm,
                                        f"{fpm:.0f} ft/min ({_read_at(used, altitude_ft)})", used, "nearest 10", 100)
    else:
        missing.append(f"climb_rate_fpm: no climb_rate_fpm within 2,500 ft of {altitude_ft} ft")
    lowest = cells.get("min_fp")
    if lowest is None and min_fp_hint is not None:
        lowest = DerivedCell(band, "min_fp", min_fp_hint, min_fp_hint, f"min level {min_fp_hint:g} FP (a hint, "
                              "not derived)", (), "as given", 0.5)
    if lowest is not None and {"max_fp", "climb_rate_fpm"} <= cells.keys():
        cells.update(derive_power(band, lowest, cells["max_fp"], cells["climb_rate_fpm"], airframe,
                                  constants.prop_falloff_points))
    else:
        lacking = [name for name, present in (("min level", lowest is not None), ("max level", "max_fp" in cells),
                                              ("climb rate", "climb_rate_fpm" in cells)) if not present]
        missing.append(f"power chart: needs the band's {' and '.join(lacking)}")
    return BandDerivation(band, altitude_ft, cells, tuple(missing))


def _max_dive(figures: Figures, band: str, altitude_ft: int, sigma: float, sound: float) -> DerivedCell | None:
    placard, mach = figures.get("dive_limit_mph_ias"), figures.get("dive_limit_mach")
    limits = []
    if placard is not None:
        limits.append((true_airspeed_mph(placard.value, altitude_ft),
                       f"placard {placard.value:g} mph IAS / sqrt(sigma {sigma:.3f})", placard))
    if mach is not None:
        limits.append((mach.value * sound, f"Mach {mach.value:g} x {sound:.0f} mph", mach))
    if not limits:
        return None
    mph, text, figure = min(limits, key=lambda item: item[0])
    exact = mph / MPH_PER_FP
    return _cell(band, "max_dive_fp", round_half(exact, "down"), exact,
                 f"lower of the limits: {text} = {mph:.0f} mph TAS / 50 = {exact:.2f} FP",
                 tuple(item[2] for item in limits), "down to 0.5", 0.5)


def derive_power(band: str, minimum: DerivedCell, maximum: DerivedCell, climb: DerivedCell,
                 airframe: Airframe, falloff_per_column: float = PROP_FALLOFF_POINTS_PER_COLUMN
                 ) -> dict[str, DerivedCell]:
    """Derive the band's military accel per engine in each Power vs Speed column (OTR 4.1, 4.2, 15.4.1).

    At the climb speed a steady climb spends (accel - climb att. decel) on increments that cost
    6 / speed points each (the designer-note model of the lost Climb Decel table, `flight`), so
    rate = 1,500 x (accel - decel) x speed / 6 ft/min; solved for the accel and divided by the
    engines, to the nearest printed step (PRINTED_POWER_STEP). A propeller loses
    `falloff_per_column` (PROP_FALLOFF_POINTS_PER_COLUMN) per faster column and gains it per slower
    one; jets and rockets are flat. A column starting above the max level speed is a dash (the
    aircraft never flies level there); any other column keeps at least one step, or max level could
    not be reached (OTR 4.1, 4.3).
    """
    assert minimum.value is not None and maximum.value is not None
    speed = climb_speed_fp(minimum.value, maximum.value, airframe, band)
    per_increment = flight.climb_points_per_increment(speed, "designer-note")
    total = airframe.climb_attitude_decel + climb.exact * per_increment / flight.FPM_PER_INCREMENT_PER_TURN
    exact = total / airframe.engines
    step = PRINTED_POWER_STEP.get(airframe.engines, flight.POWER_STEP_POINTS)
    home = rules.power_speed_column(speed)
    inputs = (*minimum.inputs, *maximum.inputs, *climb.inputs)
    cells = {}
    for column, key in enumerate(SPEED_COLUMNS):
        steps = column - home
        if POWER_COLUMN_STARTS_FP[column] > maximum.value:
            cells[key] = DerivedCell(band, key, None, 0.0,
                                     f"column starts at {POWER_COLUMN_STARTS_FP[column]:.1f}, above max level "
                                     f"{maximum.value:.1f}", inputs, "dash", 0.0)
            continue
        falloff = falloff_per_column * steps if airframe.propeller else 0.0
        exact_cell = exact - falloff
        value = max(step, math.floor(exact_cell / step + 0.5) * step)
        formula = (f"({airframe.climb_attitude_decel:g} climb att. decel + {climb.exact:.0f} ft/min x "
                   f"{per_increment:.3f} points per increment / 1,500) / {airframe.engines} engine(s) = {exact:.2f} "
                   f"at climb speed {speed:.1f}")
        if falloff:
            formula += f", {'-' if falloff > 0 else '+'} {abs(falloff):g} for {abs(steps)} column(s) " \
                       f"{'faster' if steps > 0 else 'slower'} (propeller)"
        cells[key] = DerivedCell(band, key, value, exact_cell, formula, inputs,
                                 f"nearest {step:g}, at least {step:g}", step)
    return cells


def derive_bands(figures: Figures, bands: tuple[str, ...], altitudes: Mapping[str, int], airframe: Airframe,
                 constants: FittedConstants = DEFAULT_CONSTANTS) -> tuple[BandDerivation, ...]:
    """Derive `bands` (in order), each read at its representative altitude (`altitudes`, else the default)."""
    return tuple(derive_band(figures, band, altitudes.get(band, default_band_altitudes(band)), airframe,
                             constants=constants) for band in bands)
