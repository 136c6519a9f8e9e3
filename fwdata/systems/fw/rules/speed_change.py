"""Speed change and power: points to speed, engine accel, ceiling, gear, flaps (OTR 4.1-4.4, 12.0, 16.3.1; QS 2.3)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.rules.scale import DEFAULT_OPTIONS, POINTS_PER_HALF_SPEED, fraction_of
from fwdata.systems.fw.tables import Cell, RuleTable

# --- speed change from accel and decel (OTR 4.3, 4.4; QS 2.3) --------------------------


@dataclass(frozen=True)
class SpeedChange:
    """A new start speed with the accel or decel points carried to the next turn (OTR 4.3)."""

    speed: float
    accel_carry: float = 0.0
    decel_carry: float = 0.0


def speed_change(
    start_speed: float,
    accel: float,
    decel: float,
    accel_carry: float = 0.0,
    decel_carry: float = 0.0,
) -> SpeedChange:
    """Apply net points to speed: each full 5 points = 0.5 speed, the rest is carried.

    Fractions are kept (a remainder of up to 4.5 points, or 4.75 with quarter points,
    is carried on the side of the net). Speed never drops below 0. No max-speed cap is
    applied here; see `new_start_speed`. OTR 4.3 (17.5 decel -> -1.5 speed, 2.5 carried),
    QS 2.3.
    """
    net = (accel + accel_carry) - (decel + decel_carry)
    steps = math.floor(abs(net) / POINTS_PER_HALF_SPEED)
    remainder = abs(net) - steps * POINTS_PER_HALF_SPEED
    if net >= 0:
        return SpeedChange(speed=start_speed + 0.5 * steps, accel_carry=remainder)
    new_speed = start_speed - 0.5 * steps
    if new_speed < 0:
        return SpeedChange(speed=0.0)
    return SpeedChange(speed=new_speed, decel_carry=remainder)


def new_start_speed(
    start_speed: float,
    accel: float,
    decel: float,
    accel_carry: float = 0.0,
    decel_carry: float = 0.0,
    *,
    max_attainable: float,
    diving: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> SpeedChange:
    """Return next turn's start speed and carries, with the max attainable speed cap.

    Unless the start or end attitude is a dive (`diving`, the dive acceleration
    exception), accel may not take speed past `max_attainable` nor be carried once the
    cap applies. With options.accel_cap_trigger "end-speed" the cap applies when the end
    speed would reach `max_attainable` (OTR 4.4); with "start-speed" only when the start
    speed is already at or above it (QS 2.3). Decel is never capped.
    """
    change = speed_change(start_speed, accel, decel, accel_carry, decel_carry)
    if diving or (change.accel_carry == 0 and change.speed <= start_speed):
        return change
    if options.accel_cap_trigger == "start-speed":
        if start_speed < max_attainable:
            return change
        return SpeedChange(speed=start_speed)
    if change.speed < max_attainable:
        return change
    return SpeedChange(speed=max(start_speed, max_attainable))


# --- engine power and accel (OTR 4.1, 4.3, 4.3.1, 12.0; QS 4.1) ------------------------

PowerSetting = Literal["idle", "endurance", "cruise", "military", "emergency"]

STEP_LOSS_FRACTIONS: tuple[str | None, ...] = ("1", "2/3", "1/2", "1/3", "1/4", None)
"""Engine power after 0..5 step losses: full, 2/3, 1/2, 1/3, 1/4, seized (QS Critical
Hit Effects note; OTR 11.3 is lost)."""

POWER_SPEED_BANDS: tuple[float, ...] = (0.0, 5.0, 8.0, 10.0)
"""Lower bounds of the Power vs Speed Chart speed columns 0.0-4.5, 5.0-7.5, 8.0-9.5,
10.0+ (OTR 5.5.1)."""


@dataclass(frozen=True)
class PowerCell:
    """One Power vs Speed Chart cell: military and emergency accel per engine (OTR 4.1)."""

    military: float
    emergency: float | None = None


@functools.lru_cache(maxsize=1024)  # the simulations read the same few cells hundreds of thousands of times
def parse_power_cell(cell: Cell) -> PowerCell:
    """Read a Power vs Speed Chart cell "M", "M/E", a number, or a dash (no accel).

    OTR 4.1: left of the slash is military accel, right is emergency; a dash means no
    accel. Raises ValueError for anything else.
    """
    if cell is None:
        return PowerCell(military=0.0)
    if isinstance(cell, int | float):
        return PowerCell(military=float(cell))
    text = cell.strip()
    if text in ("-", "–", "—", ""):
        return PowerCell(military=0.0)
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(?:/\s*(\d+(?:\.\d+)?))?", text)
    if not match:
        raise ValueError(f"power cell {cell!r} is not 'M', 'M/E' or a dash (OTR 4.1)")
    emergency = float(match.group(2)) if match.group(2) else None
    return PowerCell(military=float(match.group(1)), emergency=emergency)


def power_speed_column(speed: float) -> int:
    """Return the Power vs Speed Chart column index (0-3) holding `speed` (OTR 4.1, 5.5.1)."""
    column = 0
    for index, low in enumerate(POWER_SPEED_BANDS):
        if speed >= low:
            column = index
    return column


def total_engine_power(
    per_engine: float,
    engine_step_losses: Sequence[int],
    fvt: RuleTable,
    *,
    severe_damage: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return an aircraft's total accel from one chart value listed per engine.

    Each engine's value is reduced by its step losses (0 = full, 1 = 2/3, 2 = 1/2,
    3 = 1/3, 4 = 1/4, 5+ = seized) through the FVT, the engines are summed, then severe
    damage applies (options.severe_damage_power; Err1: -1, not below 1.0). Load
    fractions are on the lost Flight Tables p.1 and are not applied. OTR 4.1 (per
    engine), OTR 4.3 (Power No. Mods.), QS Critical Hit Effects.
    """
    total = 0.0
    for losses in engine_step_losses:
        if losses < 0:
            raise ValueError(f"engine step losses must be >= 0, got {losses}")
        fraction = STEP_LOSS_FRACTIONS[min(losses, len(STEP_LOSS_FRACTIONS) - 1)]
        if fraction is None:
            continue
        total += per_engine if fraction == "1" else fraction_of(fvt, fraction, per_engine)
    if severe_damage and options.severe_damage_power == "minus-one" and total > 1.0:
        total = max(total - 1.0, 1.0)
    return total


@dataclass(frozen=True)
class AccelRange:
    """The engine accel a power setting allows: low..high points, low excluded if flagged (OTR 4.1)."""

    low: float
    high: float
    low_exclusive: bool = False

    def allows(self, accel: float) -> bool:
        """Tell whether taking `accel` points is legal."""
        above_low = accel > self.low if self.low_exclusive else accel >= self.low
        return above_low and accel <= self.high


def engine_accel_range(
    power: PowerSetting,
    military: float,
    emergency: float | None,
    fvt: RuleTable,
    *,
    start_speed: float,
    max_attainable: float,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> AccelRange:
    """Return the engine accel allowed by a power setting (totals for all engines).

    Idle and endurance give 0; cruise 0 to 1/3 of military (FVT); military more than
    1/3 up to all of it; emergency exactly the emergency value. A start speed above
    max attainable gives 0 whatever the setting. With options.free_power_choice any
    amount from 0 to the highest listed value may be taken (QS 4.1). OTR 4.1, 4.4.
    Raises ValueError for emergency power on an aircraft without an emergency value.
    """
    if start_speed > max_attainable or power in ("idle", "endurance"):
        return AccelRange(0.0, 0.0)
    if power == "emergency" and emergency is None:
        raise ValueError("emergency power chosen but the chart lists no emergency accel (OTR 4.1)")
    if options.free_power_choice:
        return AccelRange(0.0, max(military, emergency or 0.0))
    third = fraction_of(fvt, "1/3", military)
    if power == "cruise":
        return AccelRange(0.0, third)
    if power == "military":
        return AccelRange(third, military, low_exclusive=True)
    assert emergency is not None
    return AccelRange(emergency, emergency)


def idle_start_speed(speed: float, *, jet: bool = False) -> float:
    """Return the start speed after choosing idle: 0.5 less, unchanged for jets (OTR 4.1, 4.3.1)."""
    return speed if jet else max(speed - 0.5, 0.0)


def ceiling_power(power: float, altitude_ft: float, ceiling_ft: float, fvt: RuleTable) -> float:
    """Return power after the ceiling rule: halved (FVT) above the ceiling, 0 above +3,000 ft.

    OTR 12.0 (Load Effect on Ceiling). Climb, turn and maneuver decel double above the
    ceiling; see `ceiling_decel_factor`.
    """
    if altitude_ft > ceiling_ft + 3000:
        return 0.0
    if altitude_ft > ceiling_ft:
        return fraction_of(fvt, "1/2", power)
    return power


def ceiling_decel_factor(altitude_ft: float, ceiling_ft: float) -> int:
    """Return 2 when starting above the applicable ceiling, else 1 (OTR 12.0)."""
    return 2 if altitude_ft > ceiling_ft else 1


# --- configuration decel (OTR 4.2, 12.0, 16.3.1; Err1 20.2) ----------------------------


def gear_decel(start_speed: float, fvt: RuleTable, options: FwRuleOptions = DEFAULT_OPTIONS) -> float:
    """Return decel for retractable gear down or in transit: 1/2 start speed (OTR 16.3.1, FVT)
    or the whole start speed (Err1 20.2), per options.gear_decel."""
    if options.gear_decel == "speed":
        return start_speed
    return fraction_of(fvt, "1/2", start_speed)


def landing_flaps_decel(start_speed: float, fvt: RuleTable, *, toward_landing: bool = False) -> float:
    """Return landing-flap decel: 1 + 1/2 start speed set or leaving landing, 1 moving toward it (OTR 16.3.1)."""
    return 1.0 if toward_landing else 1.0 + fraction_of(fvt, "1/2", start_speed)
