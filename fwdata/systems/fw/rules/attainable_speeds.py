"""Overspeed and attainable speeds: excess-speed decel, load, max and min speeds (OTR 4.2, 4.3.1, 11, 12.0, 17.2)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.rules.scale import ALTITUDE_BANDS, DEFAULT_OPTIONS, fraction_of
from fwdata.systems.fw.rules.speed_change import PowerSetting, idle_start_speed
from fwdata.systems.fw.tables import Cell, RuleTable

# --- overspeed (OTR 4.2; QS 4.1) ---------------------------------------------------------


def overspeed_decel(start_speed: float, max_level: float) -> float:
    """Return excess speed decel: 2 x (start speed - max attainable level speed), >= 0.

    OTR 4.2 (MH, military, max attainable 6.0, start 8.5 -> 5.0); QS 4.1 uses the max
    listed level speed (max 7.0, start 8.5 -> 3.0).
    """
    return max(0.0, 2 * (start_speed - max_level))


def idle_overspeed_decel(start_speed: float, max_listed: float, fvt: RuleTable, *, jet: bool = False) -> float:
    """Return overspeed decel at idle: 2 x (idle-adjusted speed - 1/2 max listed level).

    The start speed first drops 0.5 for idle (not for jets); the idle max attainable is
    half the max listed level speed via the FVT. QS 4.1 (Idle Overspeed Decel), OTR 4.3.1.
    """
    return overspeed_decel(idle_start_speed(start_speed, jet=jet), fraction_of(fvt, "1/2", max_listed))


# --- max attainable and minimum speeds (OTR 4.3.1, 11, 16.3.1, 17.2; Err1 11.2) ---------

LoadStatus = Literal["clean", "loaded", "overloaded"]

def load_status(load_points: float, loaded_at: float, overloaded_at: float) -> LoadStatus:
    """Return the load status for a total load: >= first limit loaded, >= second overloaded (OTR 12.0)."""
    if load_points >= overloaded_at:
        return "overloaded"
    if load_points >= loaded_at:
        return "loaded"
    return "clean"


def bay_load_points(weight_lb: float) -> float:
    """Return the load points of bombs in an internal bay: 1 per full 500 lb, 0.5 for a rest.

    OTR 12.0 gives 0.5 "for each 250 lbs. or less left over"; a rest of 251-499 lb is
    not covered by the text and is counted here as 0.5 (inferred).
    """
    full, rest = divmod(weight_lb, 500)
    return full + (0.5 if rest > 0 else 0.0)


def _attainable_rows(attainable: RuleTable, condition: str) -> list[dict[str, Cell]]:
    rows = [attainable.row_dict(i) for i in range(len(attainable.rows))]
    found = [row for row in rows if row["condition"] == condition]
    if not found:
        raise KeyError(f"table {attainable.id!r} has no condition {condition!r}")
    return found


def _expression_numbers(expression: Cell) -> list[float]:
    return [float(n) for n in re.findall(r"[-+]?\d+\.\d+", str(expression))]


def _max_reduction(attainable: RuleTable, condition: str) -> float:
    """Read the reduction of a "max-0.5" style cell (0 when the cell gives none)."""
    numbers = _expression_numbers(_attainable_rows(attainable, condition)[0]["max_attainable"])
    return -numbers[0] if numbers else 0.0


def _expression_fraction(expression: Cell) -> str:
    match = re.search(r"\*\s*(\d/\d)", str(expression))
    if not match:
        raise ValueError(f"attainable-speed cell {expression!r} has no '*fraction'")
    return match.group(1)


def max_attainable_speed(
    max_listed: float,
    attainable: RuleTable,
    fvt: RuleTable,
    *,
    load: LoadStatus = "clean",
    severe_damage: bool = False,
    engine_step_losses: int = 0,
    power: PowerSetting = "military",
    agility_class: str = "F",
    band: str = "VL",
    gear_down: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the max attainable LEVEL speed for load, damage and power, in that order.

    Reads the OTR 4.3.1 Max Attainable Speed table (`attainable`, id attainable-speed):
    load (loaded -0.5, overloaded -1.0, or options.overloaded_max_reduction_fp), then
    damage (severe -1.0, -0.5 per engine step loss), then power: cruise for F/MF -1.0
    in HI+ and -1.5 in MH and below; cruise for other classes the lesser of max listed
    -1.0 and laden max -0.5, applied as that reduction after damage; endurance half of
    the result; idle half of max listed (halves via the FVT). Gear down or in transit
    then removes 1/3 (FVT; OTR 16.3.1). Never below 0. OTR 4.3.1 (cumulative in load,
    damage, power order). 4-engine bombers use `bomber_speed_limits` instead.
    """
    if power == "idle":
        fraction = _expression_fraction(_attainable_rows(attainable, "idle_power")[0]["max_attainable"])
        return fraction_of(fvt, fraction, max_listed)
    laden = max_listed
    if load == "loaded":
        laden -= _max_reduction(attainable, "loaded")
    elif load == "overloaded":
        override = options.overloaded_max_reduction_fp
        laden -= _max_reduction(attainable, "over_loaded") if override is None else override
    speed = laden
    if severe_damage:
        speed -= _max_reduction(attainable, "severely_damaged")
    speed -= _max_reduction(attainable, "engine_power_loss") * engine_step_losses
    if power == "cruise":
        speed -= _cruise_reduction(attainable, max_listed, laden, agility_class, band)
    speed = max(speed, 0.0)
    if power == "endurance":
        fraction = _expression_fraction(_attainable_rows(attainable, "endurance_power")[0]["max_attainable"])
        speed = fraction_of(fvt, fraction, speed)
    if gear_down:
        speed -= fraction_of(fvt, "1/3", speed)
    return speed


def _cruise_reduction(attainable: RuleTable, max_listed: float, laden: float, agility_class: str, band: str) -> float:
    fighter = agility_class.strip().upper() in ("F", "MF")
    high = ALTITUDE_BANDS.index(band) >= ALTITUDE_BANDS.index("HI")
    for row in _attainable_rows(attainable, "cruise_power"):
        classes = str(row["agility_class"]).upper().replace(" ", "").split(",")
        if fighter != ("F" in classes):
            continue
        bands = str(row["bands"]).upper()
        if fighter and bands != ("HI+" if high else "MH-"):
            continue
        numbers = _expression_numbers(row["max_attainable"])
        if str(row["max_attainable"]).startswith("min("):
            return laden - min(max_listed + numbers[0], laden + numbers[1])
        return -numbers[0]
    raise KeyError(f"table {attainable.id!r} has no cruise row for class {agility_class!r} in {band}")


def min_adjusted_speed(
    listed_min: float,
    attainable: RuleTable,
    *,
    load: LoadStatus = "clean",
    severe_damage: bool = False,
    unbalanced_engines: int = 0,
    rudder_out: bool = False,
    reduction: float = 0.0,
) -> float:
    """Return an adjusted minimum (level or turn) speed.

    Load and severe damage additions come from the min_adjusted column of the OTR 4.3.1
    table (loaded +0.5, overloaded +1.0, severe +0.5; QS 5.5 agrees on severe). One more
    running engine on one wing +0.5, two or more +1.0, rudder knocked out +1.0,
    cumulative (OTR 11, Multi-Engine Unbalanced Power). `reduction` is a slat, gifted
    pilot or flap benefit (0.5; they do not stack, OTR 5.8.1) subtracted last.
    4-engine bombers take engines out and asymmetry from `bomber_speed_limits`.
    """
    speed = listed_min
    condition = {"clean": None, "loaded": "loaded", "overloaded": "over_loaded"}[load]
    for name in (condition, "severely_damaged" if severe_damage else None):
        if name is not None:
            cell = _attainable_rows(attainable, name)[0]["min_adjusted"]
            speed += float(cell) if isinstance(cell, int | float) else 0.0
    if unbalanced_engines == 1:
        speed += 0.5
    elif unbalanced_engines >= 2:
        speed += 1.0
    if rudder_out:
        speed += 1.0
    return speed - reduction


def bomber_speed_table_id(options: FwRuleOptions = DEFAULT_OPTIONS) -> str:
    """Return the id of the 4-engine table options.bomber_speed_edition selects (OTR 17.2 / Err1 11.2)."""
    return "bomber-speed-otr-3rd" if options.bomber_speed_edition == "otr-3rd" else "bomber-speed-otr-1st-errata"


EnginesOut = Literal["all_good", "1_out", "2_out_ds", "2_out_ss", "3_out", "4_out"]
"""Engine states of the 4-engine tables: DS = on different sides, SS = same side (OTR 17.2)."""

_LOAD_ROW: Mapping[str, str] = {"clean": "normal", "loaded": "loaded", "overloaded": "over_loaded"}


@dataclass(frozen=True)
class SpeedLimits:
    """A minimum and a max attainable level speed, in FP (OTR 4.3.1, 17.2)."""

    minimum: float
    maximum: float


def _signed(cell: Cell) -> float:
    if isinstance(cell, int | float):
        return float(cell)
    if cell is None:
        raise ValueError("empty speed-change cell")
    return float(cell.strip().replace("\u2013", "-").replace("\u2212", "-"))


def bomber_speed_changes(table: RuleTable, engines_out: EnginesOut, load: LoadStatus) -> tuple[float, float | str]:
    """Return (min change, max change) from a 4-engine bomber table (OTR 17.2 / Err1 11.2).

    The max change is a number, or a string "idle" / "idle-0.5" / "idle-1.0" (3rd ed.,
    all engines out). Severe damage is not included; see `bomber_speed_limits`.
    Raises KeyError if the table has no such row.
    """
    load_key = _LOAD_ROW[load]
    for index in range(len(table.rows)):
        row = table.row_dict(index)
        if row["load_state"] == load_key and row["engines_status"] == engines_out:
            max_cell = row["max_change"]
            max_change: float | str
            if isinstance(max_cell, str) and "idle" in max_cell:
                max_change = max_cell.replace(" ", "").replace("\u2013", "-")
            else:
                max_change = _signed(max_cell)
            return _signed(row["min_change"]), max_change
    raise KeyError(f"table {table.id!r} has no row for load {load_key!r}, engines {engines_out!r}")


def bomber_speed_limits(
    listed_min: float,
    listed_max: float,
    table: RuleTable,
    *,
    engines_out: EnginesOut = "all_good",
    load: LoadStatus = "clean",
    severe_damage: bool = False,
    fvt: RuleTable | None = None,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> SpeedLimits:
    """Return a 4-engine bomber's adjusted minimum and max attainable level speeds.

    Adds the table's min/max change for engines out and load, plus +0.5 / -1.0 when
    severely damaged (OTR 17.2; Err1 11.2). "idle" max changes (3rd ed., all engines out)
    use half the max listed via `fvt` (OTR 4.3.1 idle row). With the Err1 table the
    engines-out change never takes the max below the listed (non-loaded) minimum; severe
    damage then applies (Err1 11.2 note). options.err1_bomber_typo_corrected reads the
    Err1 loaded / 3-out max change as -3.5 instead of the printed -1.5.
    """
    min_change, max_change = bomber_speed_changes(table, engines_out, load)
    damage_min, damage_max = (0.5, -1.0) if severe_damage else (0.0, 0.0)
    minimum = listed_min + min_change + damage_min
    if isinstance(max_change, str):
        if fvt is None:
            raise ValueError("an 'idle' max change needs the FVT to halve the max listed speed")
        offset = max_change.removeprefix("idle")
        maximum = fraction_of(fvt, "1/2", listed_max) + (float(offset) if offset else 0.0) + damage_max
    else:
        if (
            options.err1_bomber_typo_corrected
            and table.edition == "otr-1st-errata"
            and (load, engines_out) == ("loaded", "3_out")
        ):
            max_change = -3.5
        maximum = listed_max + max_change
        if table.edition == "otr-1st-errata" and engines_out != "all_good":
            maximum = max(maximum, listed_min)
        maximum += damage_max
    return SpeedLimits(minimum=minimum, maximum=max(maximum, 0.0))
