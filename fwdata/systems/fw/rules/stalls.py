"""Stalls and dives: stalls, turn stalls, spins, dangerous dives (OTR 4.4-4.7, 11, 13.3; QS 2.6, 5.0, 5.2, 5.5)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal

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
