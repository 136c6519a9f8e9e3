"""Scale and fractional values: FP scale, FVT, flight points, half-FP carry (OTR 3.5, 3.5.1; QS 1.2, 2.1, 2.2, 2.9).

Rule citations in the rules package: "OTR x.y" = 000_50c801cd992f207d.txt (Over the Reich,
3rd ed. numbering); "Err1 x.y" / "Err2 x.y" = the 1st / 2nd edition errata appended to that
file (edition numbering); "QS x.y" = 003_ff4b55cb8a585ee6.txt (Quick-Start rules and Flight
Tables).

Speeds are in FP (1 FP = 50 mph, 0.5 steps); accel and decel are points (5 points =
0.5 speed); altitude is in 100-ft increments unless a name says `_ft`. Play-aid values
(Fractional Values Table, Turn Chart, Flight Proportions, speed-change tables) come in as
`RuleTable` arguments; only rule *text* constants live in the package.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.tables import RuleTable

# --- scale (QS 1.2, OTR 3.5, QS 2.1) -------------------------------------------------

TURN_SECONDS = 4
MPH_PER_FP = 50
FEET_PER_INCREMENT = 100
INCREMENTS_PER_VFP = 3
POINTS_PER_HALF_SPEED = 5
"""OTR 4.3: each net 5 accel or decel points change speed by 0.5."""

DEFAULT_OPTIONS = FwRuleOptions()

ALTITUDE_BANDS: tuple[str, ...] = ("VL", "LO", "ML", "MH", "HI", "VH", "EH", "UH+")
"""Altitude bands, lowest first (QS 1.6)."""

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
    """The FPs an aircraft must spend this turn and the half FP carried to the next (OTR 3.5, QS 2.2)."""

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


# --- helpers ---------------------------------------------------------------------------


def _check_half_steps(name: str, value: float) -> None:
    if value < 0 or value * 2 != int(value * 2):
        raise ValueError(f"{name} must be a non-negative multiple of 0.5, got {value}")
