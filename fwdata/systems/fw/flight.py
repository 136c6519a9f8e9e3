"""Fighting Wings performance simulations for card checks: a level acceleration run and a sustained climb.

Built only on `rules`; inputs are plain numbers and tuples so the card model can call them.

Derivation from the game scale (a model, not a rule): a game turn is 4 seconds (QS 1.2),
so 15 turns make a minute; an altitude increment is 100 ft (QS 1.6), so one increment
per turn is 1,500 ft/min. The Climb Decel & Dive Accel Table (OTR 4.1/4.2, Flight Tables
p.3) is lost: `ClimbModel` says how many points one increment costs. "qs" is the QS rule
(1 point per increment, QS 4.1); "designer-note" spreads the OTR 4.2 designer's note
(a whole turn of VFPs, 3 increments each, is "around 18 to 20 points") evenly: 6 / speed
points per increment, i.e. 18 points per full-VFP turn at any speed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from fwdata.systems.fw import rules
from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.tables import Cell, RuleTable

TURNS_PER_MINUTE = 60 // rules.TURN_SECONDS
FPM_PER_INCREMENT_PER_TURN = rules.FEET_PER_INCREMENT * TURNS_PER_MINUTE
"""1 increment per 4-second turn = 1,500 ft/min."""

POWER_STEP_POINTS = 0.5
"""The finest accel a Power vs Speed cell gives per engine: game values move in 0.5 steps (OTR 3.5.1 FVT, 4.1)."""

ClimbModel = Literal["qs", "designer-note"]
MaxPower = Literal["military", "emergency"]


def climb_points_per_increment(speed: float, model: ClimbModel = "qs") -> float:
    """Return the decel (or accel) points of one 100-ft increment at `speed`.

    "qs": 1 (QS 4.1). "designer-note": 6 / speed, the OTR 4.2 designer's note of 18
    points for a whole turn of VFPs spread over its 3 x speed increments (an inferred
    model for the lost table). Raises ValueError for a speed of 0 or less with that model.
    """
    if model == "qs":
        return 1.0
    if speed <= 0:
        raise ValueError(f"speed must be positive, got {speed}")
    return 6.0 / speed


def climb_speed(listed_min: float, min_adjusted: float, max_attainable: float) -> float:
    """Return the Op-scale climb speed: the higher of listed min + 1.5 and the adjusted min,
    not above max attainable level speed (OTR 15.4.1)."""
    return min(max(listed_min + 1.5, min_adjusted), max_attainable)


def _power_at(power_chart_row: Sequence[Cell], speed: float, power: MaxPower, engines: int) -> float:
    cell = rules.parse_power_cell(power_chart_row[rules.power_speed_column(speed)])
    per_engine = cell.emergency if power == "emergency" and cell.emergency is not None else cell.military
    return per_engine * engines


@dataclass(frozen=True)
class LevelRun:
    """A simulated level acceleration run at full power, one start speed per game turn."""

    speeds: tuple[float, ...]
    reached: bool
    """Whether the run reached the target (max level) speed."""

    @property
    def turns(self) -> int | None:
        """Game turns needed to reach the target speed, or None if never reached."""
        return len(self.speeds) - 1 if self.reached else None

    @property
    def top_speed(self) -> float:
        """Highest start speed of the run."""
        return max(self.speeds)


def simulate_level_run(
    band_row: tuple[float, float],
    power_chart_row: Sequence[Cell],
    power: MaxPower = "military",
    *,
    engines: int = 1,
    start_speed: float | None = None,
    max_turns: int = 100,
    options: FwRuleOptions = rules.DEFAULT_OPTIONS,
) -> LevelRun:
    """Fly level at full power from `start_speed` (default min level) until max level speed.

    `band_row` is (min level, max level) in FP; `power_chart_row` the band's four Power
    vs Speed cells ("M", "M/E", dash) per engine. Each turn takes all the accel of the
    start speed's column (OTR 4.1), pays overspeed decel above max level (OTR 4.2),
    converts points with carries and the max attainable cap (OTR 4.3, 4.4). Stops when
    the speed reaches max level, when a (speed, carry) state repeats (it never will), or
    after `max_turns`.
    """
    min_level, max_level = band_row
    speed = min_level if start_speed is None else start_speed
    accel_carry = decel_carry = 0.0
    speeds = [speed]
    seen: set[tuple[float, float, float]] = set()
    for _ in range(max_turns):
        if speed >= max_level:
            return LevelRun(tuple(speeds), reached=True)
        state = (speed, accel_carry, decel_carry)
        if state in seen:
            break
        seen.add(state)
        accel = 0.0 if speed > max_level else _power_at(power_chart_row, speed, power, engines)
        decel = rules.overspeed_decel(speed, max_level)
        change = rules.new_start_speed(
            speed, accel, decel, accel_carry, decel_carry, max_attainable=max_level, options=options
        )
        speed, accel_carry, decel_carry = change.speed, change.accel_carry, change.decel_carry
        speeds.append(speed)
    return LevelRun(tuple(speeds), reached=speed >= max_level)


@dataclass(frozen=True)
class SustainedClimb:
    """The best constant-speed climb over one minute (15 game turns)."""

    attitude: str
    climb_rate_fpm: float
    increments_per_turn: tuple[int, ...]
    steady_state_fpm: float
    """The no-carry estimate 1,500 x (power - climb att. decel) / points per increment
    for the chosen attitude, capped by its largest climb per turn."""


def simulate_sustained_climb(
    speed: float,
    power_chart_row: Sequence[Cell],
    fvt: RuleTable,
    proportions: RuleTable,
    *,
    power: MaxPower = "military",
    engines: int = 1,
    climb_attitude_decel: float = 0.0,
    model: ClimbModel = "qs",
    turns: int = TURNS_PER_MINUTE,
    options: FwRuleOptions = rules.DEFAULT_OPTIONS,
) -> SustainedClimb:
    """Return the best climb rate (ft/min) holding `speed` in SHC, STC or VC without transitions.

    Each turn the aircraft climbs the most increments its attitude allows (MC + 3 per VFP
    + OC, QS 2.9; level flight climbs by its optional change only, OTR 3.6) without
    losing speed: net points (engine accel - climb att. decel - increments x points per
    increment, with carries, OTR 4.1-4.3) must stay above -5. An attitude whose smallest
    climb loses speed is not sustainable (0 ft/min). After `turns` warm-up turns (so the
    one-off decel carry of the first turns does not count) the next `turns` turns are
    summed and scaled to a minute (15 turns = one minute). Surplus accel beyond the
    attitude's largest climb is dropped (the speed is held constant). Power is taken
    whole at the given setting; the load and damage power fractions are lost and not
    applied. The climb att. decel is charged every turn in a climbing attitude (OTR 4.2).
    """
    accel = _power_at(power_chart_row, speed, power, engines)
    per_increment = climb_points_per_increment(speed, model)
    fps = rules.flight_points(speed)
    basis = rules.proportion_basis(speed, 0.0, options)
    best: SustainedClimb | None = None
    for attitude in ("LVL", "SHC", "STC", "VC"):
        choices = _climb_choices(attitude, speed, basis, fps.full_fps, fvt, proportions, options)
        attitude_decel = climb_attitude_decel if attitude != "LVL" else 0.0
        climbed = _climb_turns(choices, accel, attitude_decel, per_increment, turns)
        steady = max(0.0, (accel - attitude_decel) / per_increment)
        result = SustainedClimb(
            attitude=attitude,
            climb_rate_fpm=sum(climbed) * rules.FEET_PER_INCREMENT * TURNS_PER_MINUTE / turns,
            increments_per_turn=tuple(climbed),
            steady_state_fpm=min(steady, choices[0]) * FPM_PER_INCREMENT_PER_TURN if climbed else 0.0,
        )
        if best is None or result.climb_rate_fpm > best.climb_rate_fpm:
            best = result
    assert best is not None
    return best


@functools.lru_cache(maxsize=4096)  # a pack's cards share a few climb speeds and one pair of tables
def _climb_choices(
    attitude: str,
    speed: float,
    basis: float,
    full_fps: int,
    fvt: RuleTable,
    proportions: RuleTable,
    options: FwRuleOptions,
) -> tuple[int, ...]:
    """Return every increment count a non-transitioning move in `attitude` can climb, largest first."""
    mc = rules.mandatory_change(attitude, basis, fvt, proportions)
    oc_max = rules.optional_change_limit(attitude, basis, fvt, proportions)
    vfps = rules.vfp_range(
        attitude, basis, full_fps, fvt, proportions, start_attitude=attitude, speed=speed, options=options
    )
    vfp_counts = range(vfps.low, vfps.high + 1)
    counts = {mc + rules.INCREMENTS_PER_VFP * v + oc for v in vfp_counts for oc in range(oc_max + 1)}
    return tuple(sorted(counts, reverse=True))


@functools.lru_cache(maxsize=4096)
def _climb_turns(
    choices: tuple[int, ...], accel: float, attitude_decel: float, per_increment: float, turns: int
) -> tuple[int, ...]:
    """Greedily climb for 2 x `turns` turns at constant speed; return the last `turns` picks (() if unsustainable)."""
    carry = 0.0  # signed: accel carry positive, decel carry negative
    climbed: list[int] = []
    for _ in range(2 * turns):
        budget = accel + carry - attitude_decel
        pick = next((n for n in choices if budget - n * per_increment > -rules.POINTS_PER_HALF_SPEED), None)
        if pick is None:
            return ()
        net = budget - pick * per_increment
        change = rules.speed_change(0.0, max(net, 0.0), max(-net, 0.0))
        carry = change.accel_carry - change.decel_carry
        climbed.append(pick)
    return tuple(climbed[turns:])


@dataclass(frozen=True)
class ClimbResolution:
    """How finely the rules can state a sustained climb rate at one speed (docs/fw-rules.md, "resolution")."""

    speed_fp: float
    step_fpm: float
    """The rate one power step buys: 1,500 x 0.5 x engines / points per increment (OTR 4.1, 4.2)."""
    steady_ranges_fpm: tuple[tuple[float, float], ...]
    """Per attitude (LVL, SHC, STC, VC) the least and most a non-transitioning move climbs, in ft/min."""

    def gap_around(self, rate_fpm: float) -> tuple[float, float] | None:
        """Return (top of the steady range below, bottom of the one above) when no steady climb flies
        `rate_fpm` at this speed; None when one does, or when `rate_fpm` is above every range."""
        if any(low <= rate_fpm <= high for low, high in self.steady_ranges_fpm):
            return None
        below = [high for _, high in self.steady_ranges_fpm if high < rate_fpm]
        above = [low for low, _ in self.steady_ranges_fpm if low > rate_fpm]
        if not below or not above:
            return None
        return max(below), min(above)


@functools.lru_cache(maxsize=1024)
def climb_resolution(
    speed: float,
    fvt: RuleTable,
    proportions: RuleTable,
    *,
    engines: int = 1,
    model: ClimbModel = "qs",
    options: FwRuleOptions = rules.DEFAULT_OPTIONS,
) -> ClimbResolution:
    """Return the rate steps the climb rules can express at `speed`.

    Power: one power step (0.5 accel per engine) buys 0.5 x engines / points per
    increment increments a turn (OTR 4.1, 4.2 designer's note: an FP lasts 4 / speed s).
    Attitudes: a move holding LVL, SHC, STC or VC climbs MC + 3 per VFP + OC increments
    (QS 2.9, OTR 3.6); averaged over turns, each attitude flies its least to its most
    per turn, 1 increment a turn = 1,500 ft/min. Rates between two attitudes' ranges
    cannot be flown steadily.
    """
    step = FPM_PER_INCREMENT_PER_TURN * POWER_STEP_POINTS * engines / climb_points_per_increment(speed, model)
    fps = rules.flight_points(speed)
    basis = rules.proportion_basis(speed, 0.0, options)
    ranges = []
    for attitude in ("LVL", "SHC", "STC", "VC"):
        choices = _climb_choices(attitude, speed, basis, fps.full_fps, fvt, proportions, options)
        ranges.append((min(choices) * FPM_PER_INCREMENT_PER_TURN, max(choices) * FPM_PER_INCREMENT_PER_TURN))
    return ClimbResolution(speed, step, tuple(ranges))
