"""Fighting Wings flight-model arithmetic: pure functions, each citing the rule it implements.

Rule citations: "OTR x.y" = 000_50c801cd992f207d.txt (Over the Reich, 3rd ed. numbering);
"Err1 x.y" / "Err2 x.y" = the 1st / 2nd edition errata appended to that file (edition
numbering); "QS x.y" = 003_ff4b55cb8a585ee6.txt (Quick-Start rules and Flight Tables).

Speeds are in FP (1 FP = 50 mph, 0.5 steps); accel and decel are points (5 points =
0.5 speed); altitude is in 100-ft increments unless a name says `_ft`. Play-aid values
(Fractional Values Table, Turn Chart, Flight Proportions, speed-change tables) come in as
`RuleTable` arguments; only rule *text* constants live here.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.tables import Cell, RuleTable

# --- scale (QS 1.2, OTR 3.5, QS 2.1) -------------------------------------------------

TURN_SECONDS = 4
MPH_PER_FP = 50
FEET_PER_INCREMENT = 100
INCREMENTS_PER_VFP = 3
POINTS_PER_HALF_SPEED = 5
"""OTR 4.3: each net 5 accel or decel points change speed by 0.5."""

DEFAULT_OPTIONS = FwRuleOptions()

RATES: tuple[str, ...] = ("EZ", "TT", "HT", "BT", "ET")
"""Turn/transition rates, gentlest first (QS 2.6, OTR 5.2)."""

TRANSITION_STEPS: Mapping[str, int] = {"none": 0, "EZ": 1, "TT": 1, "HT": 2, "BT": 3, "ET": 4}
"""Attitude steps per transition rate (QS Flight Tables, Flight Attitudes Diagram:
None = 0, EZ = [1], TT = [1], HT = 2, BT = 3, ET = 4; the 1s are restored)."""

POWER_SPEED_BANDS: tuple[float, ...] = (0.0, 5.0, 8.0, 10.0)
"""Lower bounds of the Power vs Speed Chart speed columns 0.0-4.5, 5.0-7.5, 8.0-9.5,
10.0+ (OTR 5.5.1)."""

ALTITUDE_BANDS: tuple[str, ...] = ("VL", "LO", "ML", "MH", "HI", "VH", "EH", "UH+")
"""Altitude bands, lowest first (QS 1.6)."""

Fraction_ = Literal["1/4", "1/3", "1/2", "2/3"]
_FVT_COLUMNS: Mapping[str, str] = {
    "1/4": "quarter",
    "1/3": "third",
    "1/2": "half",
    "2/3": "two_thirds",
}


# --- Fractional Values Table (OTR 3.5.1, QS Flight Tables) ----------------------------


def fvt_formula_value(fraction: str, number: float) -> float:
    """Return fraction x number rounded to the nearest 0.5, exact ties rounded down.

    This is the rule every printed FVT cell follows except 2/3 of 2.0 (printed 1.0);
    use it to lint the table and to generate the lost rows 12.5-15.0 (OTR 3.5.1).
    Raises ValueError for an unknown fraction.
    """
    if fraction not in _FVT_COLUMNS:
        raise ValueError(f"unknown FVT fraction {fraction!r} (expected one of {sorted(_FVT_COLUMNS)})")
    doubled = Fraction(fraction) * Fraction(number).limit_denominator(1000) * 2
    whole = math.floor(doubled)
    rounded = whole if doubled - whole <= Fraction(1, 2) else whole + 1
    return rounded / 2


def fraction_of(fvt: RuleTable, fraction: str, number: float, *, extend: bool = True) -> float:
    """Return the FVT game value of `fraction` ("1/4", "1/3", "1/2", "2/3") of `number`.

    `number` must be >= 0 and a multiple of 0.5. 0 gives 0. Numbers beyond the last
    printed row are computed with `fvt_formula_value` when `extend` is true (OTR 3.5.1
    says the play aid runs to 15.0; those rows are lost). OTR 3.5.1, QS Flight Tables.
    Raises ValueError for a bad fraction or number, KeyError for a number the table
    lacks when `extend` is false.
    """
    if fraction not in _FVT_COLUMNS:
        raise ValueError(f"unknown FVT fraction {fraction!r} (expected one of {sorted(_FVT_COLUMNS)})")
    if number < 0 or (number * 2) != int(number * 2):
        raise ValueError(f"FVT number must be a non-negative multiple of 0.5, got {number}")
    if number == 0:
        return 0.0
    numbers = fvt.column("number")
    column = fvt.column(_FVT_COLUMNS[fraction])
    for row_number, value in zip(numbers, column, strict=True):
        if isinstance(row_number, int | float) and float(row_number) == number:
            if not isinstance(value, int | float):
                raise ValueError(f"table {fvt.id!r}: cell {fraction} of {number} is {value!r}, not a number")
            return float(value)
    if extend:
        return fvt_formula_value(fraction, number)
    raise KeyError(f"table {fvt.id!r} has no row for {number}")


# --- flight points and the half-FP carry (OTR 3.5, 3.5.1; QS 2.2, 2.9; Err1 3.4) -----


@dataclass(frozen=True)
class FlightPoints:
    """The FPs an aircraft must spend this turn and the half FP carried to the next."""

    full_fps: int
    half_carry_out: float


def flight_points(speed: float, half_carry: float = 0.0) -> FlightPoints:
    """Return the full FPs to spend and the 0.5 FP carried forward.

    A carried half is added only when the speed has a half too; otherwise it is
    carried again. The carry never changes speed. OTR 3.5 (Half FPs), QS 2.2.
    Raises ValueError unless speed is a non-negative multiple of 0.5 and the carry
    is 0 or 0.5.
    """
    _check_half_steps("speed", speed)
    if half_carry not in (0.0, 0.5):
        raise ValueError(f"half-FP carry must be 0 or 0.5, got {half_carry}")
    total = speed + half_carry
    full = math.floor(total)
    return FlightPoints(full_fps=full, half_carry_out=total - full)


def proportion_basis(speed: float, half_carry: float = 0.0, options: FwRuleOptions = DEFAULT_OPTIONS) -> float:
    """Return the FP count that MC, VFP and OC fractions are taken of.

    "full-fps": playable full FPs (OTR 3.5.1: speed 6.5 + 0.5 carry = 7);
    "total-fps": speed + half carry (QS 2.9); "speed": speed alone (Err1 3.4: speed 7.5
    with a 0.5 carry proportions on 7.5). Turn, bank, slip and power lookups always
    use speed (OTR 3.5, QS 2.1).
    """
    if options.proportion_basis == "speed":
        return speed
    if options.proportion_basis == "total-fps":
        return speed + half_carry
    return float(flight_points(speed, half_carry).full_fps)


def speed_mph(speed: float) -> float:
    """Return a speed in FP as miles per hour (OTR 3.5: 1 FP = 50 mph, 6.5 FP = 325 mph)."""
    return speed * MPH_PER_FP


def first_half_fps(full_fps: int, fvt: RuleTable) -> int:
    """Return the FPs forming the first half of a move: 1/2 of the full FPs (FVT), rounded up.

    A free transition-induced facing, or vertical rolls after a 2+ step transition,
    may only use FPs after these (OTR 6.6: 5.0 FPs -> 2.5 -> 3, so after the 4th or
    5th FP; QS 4.4, 4.7; OTR 5.3).
    """
    return math.ceil(fraction_of(fvt, "1/2", float(full_fps)))


def fp_duration_s(speed: float) -> float:
    """Return the seconds one FP lasts at `speed`: a 4-second turn shared by its FPs.

    OTR 4.2 designer's note: an FP at speed 3.0 lasts twice as long as one at 6.0.
    Raises ValueError for a speed of 0 or less.
    """
    if speed <= 0:
        raise ValueError(f"speed must be positive, got {speed}")
    return TURN_SECONDS / speed


# --- speed change from accel and decel (OTR 4.3, 4.4; QS 2.3) --------------------------


@dataclass(frozen=True)
class SpeedChange:
    """A new start speed with the accel or decel points carried to the next turn."""

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


@dataclass(frozen=True)
class PowerCell:
    """One Power vs Speed Chart cell: military and emergency accel per engine."""

    military: float
    emergency: float | None = None


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
    engine), 4.3 (Power No. Mods.), QS Critical Hit Effects.
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
    """The engine accel a power setting allows: low..high points, low excluded if flagged."""

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
    """A minimum and a max attainable level speed, in FP."""

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


# --- climb and dive points (OTR 4.1, 4.2; QS 4.1; Err1 6.1) ----------------------------


def climb_decel(
    increments_climbed: int,
    points_per_increment: float,
    *,
    start_attitude_climbing: bool = False,
    climb_attitude_decel: float = 0.0,
    inverted_increments: int = 0,
    severe_damage: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return climb decel: increments gained (MC, VFP and OC) x the per-increment value.

    Adds the ADC Climb att. decel once if the start attitude is any climb (OTR 4.2).
    `points_per_increment` comes from the lost Climb Decel & Dive Accel Table (QS: 1).
    With options.err1_climb_extras, +1 per increment gained with the wings inverted and
    +1 per increment when severely damaged (Err1 6.1, Flight Rules Summary).
    """
    decel = increments_climbed * points_per_increment
    if start_attitude_climbing:
        decel += climb_attitude_decel
    if options.err1_climb_extras:
        decel += inverted_increments
        if severe_damage:
            decel += increments_climbed
    return decel


def dive_accel(
    increments_dived: int,
    points_per_increment: float,
    *,
    start_attitude_diving: bool = False,
    dive_accel_bonus: float = 0.0,
) -> float:
    """Return dive accel: increments lost x per-increment value, + the ADC Dive Accel bonus once
    if the start attitude is any dive (OTR 4.1; QS 4.1 with 1 point per increment)."""
    accel = increments_dived * points_per_increment
    if start_attitude_diving:
        accel += dive_accel_bonus
    return accel


def full_vfp_dive_points(speed: float, points_per_increment: float) -> float:
    """Return the accel of a whole turn of VFPs (3 increments each) at `speed`.

    OTR 4.2 designer's note puts this at "around 18 to 20 points"; use it to lint an
    authored Climb Decel & Dive Accel Table.
    """
    return math.floor(speed) * INCREMENTS_PER_VFP * points_per_increment


# --- flight attitudes and transitions (QS 3.1-3.9; OTR 6.x) ----------------------------

ATTITUDE_RING: tuple[str, ...] = (
    "LVL", "SHC", "STC", "VC", "ISTC", "ISHC", "INV", "ISHD", "ISTD", "VD", "STD", "SHD",
)
"""The pull circle of the Flight Attitudes Diagram (QS 3.4); a push runs it backwards.
Positions 3 and 9 are the vertical climb and vertical dive, upright or inverted."""

INVERTED_ATTITUDES = frozenset({"INV", "ISHC", "ISTC", "IVC", "ISHD", "ISTD", "IVD"})
ATTITUDES: tuple[str, ...] = (*ATTITUDE_RING, "IVC", "IVD")

AttitudeClass = Literal["level", "shallow", "steep", "vertical"]


def attitude_class(attitude: str) -> AttitudeClass:
    """Return level, shallow, steep or vertical for a log code (QS 3.1, 3.3)."""
    code = _check_attitude(attitude)
    base = code[1:] if code in INVERTED_ATTITUDES and code != "INV" else code
    if base in ("LVL", "INV"):
        return "level"
    if base.startswith("SH"):
        return "shallow"
    if base.startswith("ST"):
        return "steep"
    return "vertical"


def vertical_sense(attitude: str) -> int:
    """Return +1 for a climb, -1 for a dive, 0 for level flight (QS 3.1)."""
    code = _check_attitude(attitude)
    if attitude_class(code) == "level":
        return 0
    return 1 if code.endswith("C") else -1


def _check_attitude(attitude: str) -> str:
    code = attitude.upper()
    if code not in ATTITUDES:
        raise ValueError(f"unknown flight attitude {attitude!r} (expected one of {', '.join(ATTITUDES)})")
    return code


def _ring_position(attitude: str) -> int:
    code = {"IVC": "VC", "IVD": "VD"}.get(attitude, attitude)
    return ATTITUDE_RING.index(code)


def _attitude_at(position: int, previous_inverted: bool) -> str:
    code = ATTITUDE_RING[position % 12]
    if code in ("VC", "VD"):
        return ("I" + code) if previous_inverted else code
    return code


@dataclass(frozen=True)
class Transition:
    """The attitudes a transition passes through and what it forces."""

    start: str
    end: str
    average: str
    steps: int
    path: tuple[str, ...]
    reversal: Literal["start", "end"] | None
    """Mandatory facing reversal: at the start of the move (leaving a vertical attitude
    toward the other side), at its end (passing through a vertical), or none (QS 3.7, 3.9)."""


def transition_steps(rate: str, *, gravity_step: bool = False) -> int:
    """Return the attitude steps of a transition rate, +1 for a gravity step (QS Flight Tables, 3.6).

    The With-Gravity sector of the diagram is lost, so the caller says whether the
    gravity step applies. Raises ValueError for an unknown rate.
    """
    key = "none" if rate.lower() in ("none", "free") else rate.upper()
    if key not in TRANSITION_STEPS:
        raise ValueError(f"unknown transition rate {rate!r} (expected none, EZ, TT, HT, BT or ET)")
    return TRANSITION_STEPS[key] + (1 if gravity_step else 0)


def transition(start: str, direction: Literal["pull", "push"], rate: str, *, gravity_step: bool = False) -> Transition:
    """Return the end attitude, average flight attitude and reversal of a transition.

    Count `transition_steps` around the pull circle (or backwards for a push). A vertical
    attitude keeps the upright/inverted sense it was entered with. The AFA is the
    attitude half way; an odd half rounds toward the end attitude, but back toward the
    start for rates of EZ or less and when passing through or leaving a vertical dive.
    QS 3.4, 3.5, 3.7, 3.9. Raises ValueError for a push above HT-2 (QS 3.4) or an
    unknown attitude or rate.
    """
    code = _check_attitude(start)
    if direction not in ("pull", "push"):
        raise ValueError(f"transition direction must be pull or push, got {direction!r}")
    steps = transition_steps(rate, gravity_step=gravity_step)
    if direction == "push" and steps - (1 if gravity_step else 0) > 2:
        raise ValueError(f"push transitions are limited to HT-2 (QS 3.4), got {rate}")
    sign = 1 if direction == "pull" else -1
    position = _ring_position(code)
    path = [code]
    inverted = code in INVERTED_ATTITUDES
    for step in range(1, steps + 1):
        attitude = _attitude_at(position + sign * step, inverted)
        inverted = attitude in INVERTED_ATTITUDES
        path.append(attitude)
    reversal: Literal["start", "end"] | None = None
    if steps and attitude_class(code) == "vertical":
        if (path[1] in INVERTED_ATTITUDES) != (code in INVERTED_ATTITUDES):
            reversal = "start"
    elif any(attitude_class(a) == "vertical" for a in path[1:-1]):
        reversal = "end"
    half, odd = divmod(steps, 2)
    if odd:
        dive_vertical = any(a in ("VD", "IVD") for a in path[:-1])
        gentle = rate.lower() in ("none", "free", "ez")
        half += 0 if (gentle or dive_vertical) else 1
    return Transition(
        start=code,
        end=path[-1],
        average=path[half],
        steps=steps,
        path=tuple(path),
        reversal=reversal,
    )


# --- altitude change by proportions (QS 2.9, Flight Proportions Table; OTR 3.6, 6.2) ----


@dataclass(frozen=True)
class ProportionRule:
    """A Flight Proportions Table fraction with its rounding: "1/3+" up, "1/3-" down."""

    fraction: str
    round_up: bool


@functools.lru_cache(maxsize=256)
def _parse_fraction_code(cell: Cell, default_round_up: bool) -> ProportionRule | None:
    if cell is None or isinstance(cell, int | float):
        return None
    text = cell.strip().replace("–", "-")
    match = re.search(r"(\d)\s*/\s*(\d)", text)
    if not match:
        return None
    fraction = f"{match.group(1)}/{match.group(2)}"
    if text.endswith("+"):
        return ProportionRule(fraction, True)
    if text.endswith("-"):
        return ProportionRule(fraction, False)
    return ProportionRule(fraction, default_round_up)


def _proportion_row(proportions: RuleTable, attitude: AttitudeClass) -> dict[str, Cell]:
    for index, cell in enumerate(proportions.column("attitude")):
        if str(cell).strip().lower().startswith(attitude):
            return proportions.row_dict(index)
    raise KeyError(f"table {proportions.id!r} has no row for {attitude!r} flight")


def _rounded(value: float, up: bool) -> int:
    return math.ceil(value) if up else math.floor(value)


def mandatory_change(start_attitude: str, basis: float, fvt: RuleTable, proportions: RuleTable) -> int:
    """Return the MC in 100-ft increments (>= 0; the direction is the start attitude's).

    The start attitude's MC fraction of the proportion basis via the FVT, rounded up.
    Level flight has none. QS 2.9, Flight Proportions Table; OTR 6.2. QS flight example
    turn 4: 1/2 of 3.0 = 1.5 -> 2 increments.
    """
    rule = _parse_fraction_code(_proportion_row(proportions, attitude_class(start_attitude))["mandatory_change"], True)
    if rule is None:
        return 0
    return _rounded(fraction_of(fvt, rule.fraction, basis), rule.round_up)


def optional_change_limit(end_attitude: str, basis: float, fvt: RuleTable, proportions: RuleTable) -> int:
    """Return the largest OC in 100-ft increments allowed by the end attitude.

    Climbs and dives: the OC fraction rounded down, only in the attitude's direction;
    level: 1/4 rounded up, up or down (OTR 3.6: speed 6.0 -> 1.5 -> 2, i.e. 0, 100 or
    200 ft). QS 2.9, Flight Proportions Table.
    """
    klass = attitude_class(end_attitude)
    rule = _parse_fraction_code(_proportion_row(proportions, klass)["optional_change"], klass == "level")
    if rule is None:
        return 0
    return _rounded(fraction_of(fvt, rule.fraction, basis), rule.round_up)


@dataclass(frozen=True)
class VfpRange:
    """The VFPs an aircraft may (low..high) spend; the rest of its full FPs are HFPs."""

    low: int
    high: int


def vfp_range(
    average_attitude: str,
    basis: float,
    full_fps: int,
    fvt: RuleTable,
    proportions: RuleTable,
    *,
    start_attitude: str,
    speed: float,
    transition_steps_taken: int = 0,
    stalled: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> VfpRange:
    """Return the VFPs allowed by the average flight attitude (AFA).

    Level: none. Shallow: 0 or 1 (none at speed 2.0 or less, options.shallow_vfp_cutoff).
    Steep: 1 to 1/2 of the basis. Vertical: more than 1/2, up to all full FPs. A half
    value (x.5) rounds down after a level or shallow start and up after a steep,
    vertical or stalled start. A transition of 2+ steps must take the maximum unless
    the AFA is vertical. The fractions come from the Flight Proportions Table.
    QS 2.9, 3.5 (AFA VFP Restriction), Flight Tables "FP Rounding"; OTR 6.2.
    """
    klass = attitude_class(average_attitude)
    cell = _proportion_row(proportions, klass)["vfps_allowed"]
    text = "" if cell is None else str(cell).strip().lower()
    round_up = stalled or attitude_class(start_attitude) in ("steep", "vertical")
    rule = _parse_fraction_code(cell, round_up)
    if klass == "level" or text in ("", "none"):
        low = high = 0
    elif rule is None:
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        low, high = min(numbers), max(numbers)
        no_vfp = speed <= 2.0 if options.shallow_vfp_cutoff == "at-or-below" else speed < 2.0
        if klass == "shallow" and no_vfp:
            low = high = 0
    else:
        value = fraction_of(fvt, rule.fraction, basis)
        if ">" in text:
            low = math.floor(value) + 1
            high = full_fps
        else:
            rest = text.replace(f"{rule.fraction[0]}/{rule.fraction[2]}", " ")
            lows = [int(n) for n in re.findall(r"\d+", rest)]
            low = lows[0] if lows else 0
            high = math.ceil(value) if round_up and value % 1 else math.floor(value)
    high = min(high, full_fps)
    low = min(low, high)
    if transition_steps_taken >= 2 and klass != "vertical":
        low = high
    return VfpRange(low=low, high=high)


def altitude_change_increments(mandatory: int, vfps: int, optional: int = 0) -> int:
    """Return the 100-ft increments changed in a move: MC + 3 per VFP + OC (QS 2.1, 2.9).

    All three are magnitudes in the same direction; the caller applies the sign.
    """
    return mandatory + INCREMENTS_PER_VFP * vfps + optional


# --- turning (QS 2.6, 2.7, 4.1; OTR 4.2, 5.2, 5.4, 5.5, 5.5.1; Err1 5.3; Err2 4.2) ------


@dataclass(frozen=True)
class TurnRequirement:
    """FPs needed per 30 deg facing change: a repeating cycle, or several facings per FP."""

    fps_per_facing: tuple[int, ...]
    facings_per_fp: int = 1

    def fps_for_facings(self, facings: int) -> int:
        """Return the contiguous FPs needed to complete `facings` facing changes."""
        if self.facings_per_fp > 1:
            return math.ceil(facings / self.facings_per_fp)
        cycle = self.fps_per_facing
        return sum(cycle[i % len(cycle)] for i in range(facings))


def parse_turn_cell(cell: Cell) -> TurnRequirement | None:
    """Read a Turn Chart cell: an FP count, "60/FP", "90/FP", a split "3-2", or "NA" (None).

    QS Flight Tables, A/C Turn Chart notes 1-3. Raises ValueError for anything else.
    """
    if cell is None:
        return None
    if isinstance(cell, int | float):
        return TurnRequirement(fps_per_facing=(int(cell),))
    text = cell.strip().upper()
    if text == "NA":
        return None
    if text in ("60/FP", "90/FP"):
        return TurnRequirement(fps_per_facing=(1,), facings_per_fp=int(text[:2]) // 30)
    match = re.fullmatch(r"(\d+)\s*-\s*(\d+)", text)
    if match:
        return TurnRequirement(fps_per_facing=(int(match.group(1)), int(match.group(2))))
    if text.isdigit():
        return TurnRequirement(fps_per_facing=(int(text),))
    raise ValueError(f"turn chart cell {cell!r} is not a number, 60/FP, 90/FP, a-b or NA (QS Turn Chart)")


def turn_fp_requirement(
    turn_chart: RuleTable,
    speed: float,
    rate: str,
    *,
    steep_or_vertical: bool = False,
    split_to_straight: bool = False,
) -> TurnRequirement | None:
    """Return the Turn Chart FP requirement per 30 deg at `speed` and `rate`, None if NA.

    `steep_or_vertical` (start and stay steep/vertical, or an inverted pull of 2+ steps)
    reads the row for speed - 1.0, except that speeds 1.0-1.5 are never reduced
    (OTR 5.5). `split_to_straight` turns a split a-b into a straight b (Err1 5.3: in
    inverted turns "3-2" becomes 2 and "2-1" becomes 1). QS 2.7. Raises KeyError if no
    row holds the speed, ValueError for an unknown rate.
    """
    if rate.upper() not in RATES:
        raise ValueError(f"unknown turn rate {rate!r} (expected one of {', '.join(RATES)})")
    lookup = speed - 1.0 if steep_or_vertical and speed >= 2.0 else speed
    for index in range(len(turn_chart.rows)):
        row = turn_chart.row_dict(index)
        low, high = row["speed_min"], row["speed_max"]
        if isinstance(low, int | float) and isinstance(high, int | float) and low <= lookup <= high:
            requirement = parse_turn_cell(row[rate.lower()])
            if requirement is not None and split_to_straight and len(requirement.fps_per_facing) > 1:
                return TurnRequirement(fps_per_facing=(min(requirement.fps_per_facing),))
            return requirement
    raise KeyError(f"table {turn_chart.id!r} has no row for speed {lookup}")


def decel_rate(rate: str, start_speed: float, *, gifted: bool = False, options: FwRuleOptions = DEFAULT_OPTIONS) -> str:
    """Return the rate whose decel is charged after the high-speed reduction.

    One rate lower for each Power Chart speed band above 0.0-4.5 (>= 5.0, 8.0, 10.0),
    never below EZ. Applies to everyone, gifted pilots only, or nobody
    (options.high_speed_turn_decel). OTR 5.5.1 (its printed table is column-scrambled;
    this follows the rule text), OTR 13.3.
    """
    code = rate.upper()
    if code not in RATES:
        raise ValueError(f"unknown turn rate {rate!r}")
    mode = options.high_speed_turn_decel
    if mode == "off" or (mode == "gifted-only" and not gifted):
        return code
    return RATES[max(RATES.index(code) - power_speed_column(start_speed), 0)]


def rate_decel(
    rate: str,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the ADC decel of one rate step; EZ is half the TT decel via the FVT.

    `listed` maps "TT", "HT", "BT", "ET" to the decel in the Performance Chart column
    headers (None or absent = not printed). A missing rate uses the highest listed
    decel + 1 (OTR 5.4). OTR 4.2, QS 4.1 (EZ: half TT, keep fractions).
    Raises ValueError if nothing usable is listed.
    """
    code = rate.upper()
    if code == "EZ":
        return fraction_of(fvt, "1/2", rate_decel("TT", listed, fvt, options))
    value = listed.get(code)
    if value is not None:
        return float(value)
    present = [float(v) for v in listed.values() if v is not None]
    if options.missing_rate_decel == "error" or not present:
        raise ValueError(f"no {code} decel listed on the ADC (OTR 5.4)")
    return max(present) + 1


def turn_decel(
    rate: str,
    facings: int,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    start_speed: float,
    gifted: bool = False,
    flaps_down: bool = False,
    slat_assisted: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel of `facings` 30 deg facing changes (or transition steps) at `rate`.

    Per facing: the decel of the rate after the high-speed reduction (OTR 5.5.1), +1
    with flaps down under Err1 20.2 (options.flaps_add_turn_decel), +1 when slat-assisted
    and not gifted (OTR 5.8). Count facings with `charged_facings`. OTR 4.2, QS 4.1.
    """
    per_facing = rate_decel(decel_rate(rate, start_speed, gifted=gifted, options=options), listed, fvt, options)
    if flaps_down and options.flaps_add_turn_decel:
        per_facing += 1
    if slat_assisted and not gifted:
        per_facing += 1
    return per_facing * facings


def transition_decel(
    rate: str,
    steps: int,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    start_speed: float,
    gifted: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel of a transition: the rate's decel per attitude step, gravity step included.

    OTR 4.2 (Transition Decel), QS 4.1. QS flight example turn 3: a 2-step HT
    transition with HT decel 3 costs 6. The gravity step of a "none" transition still
    costs decel (QS Flight Tables); the rate is not named, so EZ is used (inferred).
    """
    if rate.lower() in ("none", "free"):
        rate = "EZ"
    return turn_decel(rate, steps, listed, fvt, start_speed=start_speed, gifted=gifted, options=options)


def charged_facings(started: int, completed: int, options: FwRuleOptions = DEFAULT_OPTIONS) -> int:
    """Return how many facing changes are charged turn decel this game turn.

    "per-facing-completed": facings actually completed this turn (OTR 4.2);
    "per-facing-started": facings begun this turn (QS 4.1; Err2 4.2).
    """
    return completed if options.turn_decel_timing == "per-facing-completed" else started


def slip_decel(
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    skid_with_facing: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel for starting a slip or skid: HT decel, BT for a skid with facing change.

    OTR 5.4 (missing HT/BT: highest listed + 1), QS 4.3.
    """
    return rate_decel("BT" if skid_with_facing else "HT", listed, fvt, options)


BANK_RING: tuple[str, ...] = ("LV", "LB", "IL", "IV", "IR", "RB")
"""Bank angles in roll order; IL/IR are printed ILB/IRB on the QS Turn Chart (OTR 5.1, QS 2.5)."""


def bank_steps(first: str, second: str) -> int:
    """Return the roll steps (0-3) between two bank angles, the shorter way round the ring.

    OTR 5.1: IL is 3 steps from RB (IL > LB > LV > RB); OTR 10.2 example: LB and RB are
    2 steps apart. Raises ValueError for an unknown bank code.
    """
    aliases = {"ILB": "IL", "IRB": "IR"}
    codes = [aliases.get(code.upper(), code.upper()) for code in (first, second)]
    for code in codes:
        if code not in BANK_RING:
            raise ValueError(f"unknown bank angle {code!r} (expected one of {', '.join(BANK_RING)})")
    distance = abs(BANK_RING.index(codes[0]) - BANK_RING.index(codes[1]))
    return min(distance, len(BANK_RING) - distance)


def rotate_facing(facing: str, steps: int) -> str:
    """Return the facing `steps` x 30 deg clockwise (negative = left) of `facing` (QS 1.7)."""
    names = ("N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW")
    code = facing.upper()
    if code not in names:
        raise ValueError(f"unknown facing {facing!r}")
    return names[(names.index(code) + steps) % 12]


# --- minimum speeds, stalls and dives (OTR 4.4-4.7, 11, 13.3; QS 2.6, 5.0, 5.2, 5.5) ----


def is_stalled(start_speed: float, min_adjusted: float) -> bool:
    """Tell whether a start speed below the adjusted minimum stalls the aircraft (OTR 4.4, QS 5.0)."""
    return start_speed < min_adjusted


def qs_stalled_speed(speed: float) -> float:
    """Return a stalled aircraft's speed: below 1.0 it becomes 1.0 (QS 5.0, restored digits)."""
    return max(speed, 1.0)


def rate_allowed(rate: str, speed: float, min_level_adjusted: float, rate_min_adjusted: float | None) -> bool:
    """Tell whether `speed` allows a turn or transition rate (QS 2.6, OTR 4.4, 4.6).

    EZ needs the adjusted minimum level speed; other rates their adjusted column minimum
    (None = no column, not allowed). A violation is a turn stall.
    """
    if rate.upper() == "EZ":
        return speed >= min_level_adjusted
    return rate_min_adjusted is not None and speed >= rate_min_adjusted


PilotQuality = Literal["recruit", "green", "regular", "veteran"]
_TURN_STALL_MOD: Mapping[str, int] = {"veteran": 1, "regular": 2, "green": 3, "recruit": 6}


def turn_stall_duration_fps(d5: int, quality: PilotQuality, speed: float, *, gifted: bool = False) -> float:
    """Return a turn stall's length in FPs: D5 + quality mod (-1 gifted), never over 2 x speed (OTR 4.6)."""
    duration = d5 + _TURN_STALL_MOD[quality] - (1 if gifted else 0)
    return min(float(duration), 2 * speed)


def turn_stall_decel(stall_roll_fps: int) -> float:
    """Return turn-stall decel: 5, +1 per credited stall-roll FP (OTR 4.6)."""
    return 5.0 + stall_roll_fps


def spin_altitude_loss(turns_in_spin: int, listed_min: float, d5: int) -> float:
    """Return the increments lost in a spin: turns in spin x listed min speed + D5 (OTR 4.5.2)."""
    return turns_in_spin * listed_min + d5


def spin_recovery_speed(min_adjusted: float, *, idle: bool = False) -> float:
    """Return the speed on spin recovery: adjusted minimum + 0.5, or the minimum at idle (OTR 4.5.2)."""
    return min_adjusted if idle else min_adjusted + 0.5


def is_dangerous_dive(start_speed: float, adjusted_safe_dive: float) -> bool:
    """Tell whether the start speed exceeds the adjusted safe dive speed (OTR 4.7, QS 5.2)."""
    return start_speed > adjusted_safe_dive


def dangerous_dive_modifier(
    start_speed: float,
    adjusted_safe_dive: float,
    *,
    continuous_turns: int = 1,
    severe_damage: bool = False,
    glider: bool = False,
    spar_or_tail_hits: int = 0,
) -> int:
    """Return the percentile modifier of a dangerous-dive roll (OTR 4.7).

    +05 per continuous turn after the first, +05 per 0.5 over the adjusted safe dive
    speed, +20 each for severe damage and a glider, +10 per wing spar or tail hit.
    """
    over_steps = max(0, math.ceil((start_speed - adjusted_safe_dive) / 0.5 - 1e-9))
    modifier = 5 * max(continuous_turns - 1, 0) + 5 * over_steps + 10 * spar_or_tail_hits
    modifier += 20 * severe_damage + 20 * glider
    return modifier


def qs_dangerous_dive_destroyed(d10: int, *, spar_or_tail_hits: int = 0, severe_damage: bool = False) -> bool:
    """Tell whether a QS dangerous-dive roll destroys the aircraft: D10 9+ after mods.

    +1 per wing spar or tail structure hit (QS 5.2, restored "1"), +2 if severely
    damaged (QS 5.5).
    """
    return d10 + spar_or_tail_hits + (2 if severe_damage else 0) >= 9


def compressibility_check(
    start_speed: float, transonic: float, max_listed_level: float, *, swept_wing: bool = False
) -> bool:
    """Tell whether a compressibility roll is needed after power selection (OTR 4.7, 17.3).

    Speed at or above transonic (transonic + 1.0 for swept wings) and above the max
    listed level speed.
    """
    threshold = transonic + (1.0 if swept_wing else 0.0)
    return start_speed >= threshold and start_speed > max_listed_level


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


# --- helpers ---------------------------------------------------------------------------


def _check_half_steps(name: str, value: float) -> None:
    if value < 0 or value * 2 != int(value * 2):
        raise ValueError(f"{name} must be a non-negative multiple of 0.5, got {value}")
