"""Climb and dive: climb decel and dive accel points per 100-ft increment (OTR 4.1, 4.2; QS 4.1; Err1 6.1)."""

from __future__ import annotations

import math

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.rules.scale import DEFAULT_OPTIONS, INCREMENTS_PER_VFP

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
