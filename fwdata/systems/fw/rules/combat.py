"""Gun combat: deflection factors, odds, column shifts and combat results (OTR 9.1-9.4, 10.1-10.4; QS 5.4-5.6).

Odds are a position on the Combat Odds - Damage Table's column ladder: 0 is its first
column (1-6), the last column is 12-1, and positions past it are the "odds over 12-1"
that take 10 off the roll per step. Every ratio, cell and factor comes from the
`combat-odds-damage` and `deflection-factors` tables; only rule-text constants live here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from fwdata.systems.fw.tables import RuleTable

OddsPastLast = Literal["per-whole-ratio", "per-listed-step"]
AmbiguousCells = Literal["no-hits", "one-hit"]
ShiftedBelowTable = Literal["no-hits", "lowest-column"]
CombinedSpeedCount = Literal["partial-counts", "whole-only"]
Burst = Literal["normal", "half", "long"]

ROLL_SHIFT_PAST_LAST = -10
"""QS Combat Tables: odds over 12-1 take 10 off the die roll per odds over."""
LUCKY_SHOT_HITS = 4
"""QS Combat Tables: a natural 01 that modifiers would turn into a miss still scores 4 hits."""
PERCENTILE_ROLLS = range(1, 101)
"""Percentile dice: 01 to 100 (rolled as 00), equally likely (QS 5.5)."""
_EXCESS_FIREPOWER = ((Fraction(2, 3), -15), (Fraction(1, 2), -10), (Fraction(1, 3), -5))
"""OTR 9.4: excess factors >= 1/3, 1/2, 2/3 of the final defense give -5, -10, -15."""


@dataclass(frozen=True)
class CombatOptions:
    """Choices where the combat rules' text is damaged or silent (docs/fw-rules.md)."""

    odds_past_last: OddsPastLast = "per-whole-ratio"
    """What one "odds over 12-1" is: each whole ratio (13-1, 14-1, ...) or each step of the
    table's last spacing (14-1, 16-1, ...; the 10-1 to 12-1 spacing)."""

    ambiguous_cells: AmbiguousCells = "no-hits"
    """Restored blank cells the print cannot tell from a lost 1: no hits (as the table is
    bundled) or one hit."""

    shifted_below_table: ShiftedBelowTable = "no-hits"
    """Column shifts (half bursts, beam attacks) that move odds left of 1-6: the shot
    cannot hit (shots under 1-6 are not allowed), or it is read on the 1-6 column."""

    combined_speed_count: CombinedSpeedCount = "partial-counts"
    """OTR 10.3 "+5 for each 1.0 or less of combined speed": a part of 1.0 counts as a
    whole one (5.5 gives +30), or only whole 1.0s count (5.5 gives +25)."""


DEFAULT_COMBAT = CombatOptions()


# --- deflection (OTR 9.3, 10.2, Err2 10.3; QS Deflection Diagram) ---------------------


def deflection_factor(deflections: RuleTable, deflection_deg: int, *, twelve_on_twelve: bool = False) -> int:
    """Return the defense multiplier for a final deflection angle (0, 30, ... 180 degrees).

    `twelve_on_twelve`: the shooter's 12:00 line lies on the target's 12:00 line; at 150 or
    180 degrees the multiplier drops by 1, never below x1 (OTR 10.2). OTR 9.3, QS
    Deflection Diagram. Raises ValueError for an angle the diagram lacks.
    """
    row = _deflection_row(deflections, deflection_deg)
    factor = int(deflections.rows[row][deflections.column_index("factor")])  # type: ignore[arg-type]
    if twelve_on_twelve and deflection_deg in (150, 180):
        return max(1, factor - 1)
    return factor


def shot_class(deflections: RuleTable, deflection_deg: int) -> str:
    """Return "front", "side" or "rear" for a final deflection angle (QS Deflection Aid Instructions)."""
    return str(deflections.rows[_deflection_row(deflections, deflection_deg)][deflections.column_index("shot_class")])


def head_on_deflection_factor(shooter_factor: int, target_factor: int) -> int:
    """Return the factor both aircraft use when they fire at each other head-on: the worse one (Err2 10.3)."""
    return max(shooter_factor, target_factor)


def _deflection_row(deflections: RuleTable, deflection_deg: int) -> int:
    angles = deflections.column("deflection_deg")
    if deflection_deg not in angles:
        raise ValueError(f"deflection {deflection_deg} deg is not on the diagram (expected one of {list(angles)})")
    return angles.index(deflection_deg)


# --- vertical field of fire (OTR 9.2; QS 5.3) -----------------------------------------


def vertical_fof_limits_ft(fof_table: RuleTable, attitude_class: str, gun_range: int) -> tuple[int | None, int | None]:
    """Return the (nearer, further) altitude difference limits in feet for a fixed-gun shot at `gun_range` hexes.

    `attitude_class` is "level", "shallow", "steep" or "vertical"; a limit given per N
    hexes counts every started N hexes ("per two hexes or less"). None: no limit that
    side. Same hex (range 0) uses the table's same-hex columns. OTR 9.2 example: steep
    climb at range 3 gives 600 to 1800 ft (6 to 18 increments). OTR 9.2, QS 5.3.
    """
    row = fof_table.row_dict(fof_table.column("shooter_attitude").index(attitude_class))
    if gun_range == 0:
        return row["same_hex_min_ft"], row["same_hex_max_ft"]  # type: ignore[return-value]

    def limit(side: str) -> int | None:
        feet, per_hexes = row[f"{side}_ft"], row[f"{side}_per_hexes"]
        return None if feet is None else int(feet) * math.ceil(gun_range / int(per_hexes))  # type: ignore[arg-type]

    return limit("nearer"), limit("further")


# --- odds (OTR 9.4, QS Combat Tables) --------------------------------------------------


def odds_ratios(odds_table: RuleTable) -> tuple[Fraction, ...]:
    """Return the odds of each table column, lowest first, from its keys `odds_A_B` (A-B odds)."""
    ratios = []
    for key in odds_table.column_keys:
        if key.startswith("odds_"):
            attack, defense = key.removeprefix("odds_").split("_")
            ratios.append(Fraction(int(attack), int(defense)))
    return tuple(ratios)


def ladder_ratio(position: int, odds_table: RuleTable, options: CombatOptions = DEFAULT_COMBAT) -> Fraction:
    """Return the odds at a ladder position; past the last column, one whole ratio or one listed step each."""
    ratios = odds_ratios(odds_table)
    if position < len(ratios):
        return ratios[position]
    step = 1 if options.odds_past_last == "per-whole-ratio" else ratios[-1] - ratios[-2]
    return ratios[-1] + step * (position - len(ratios) + 1)


def odds_label(position: int, odds_table: RuleTable, options: CombatOptions = DEFAULT_COMBAT) -> str:
    """Return odds written as the book does: "3-1", "1-6"."""
    ratio = ladder_ratio(position, odds_table, options)
    return f"{ratio.numerator}-1" if ratio >= 1 else f"1-{ratio.denominator}"


def combat_odds(attack: int, defense: int, odds_table: RuleTable,
                options: CombatOptions = DEFAULT_COMBAT) -> int | None:
    """Return the odds position of `attack` against a final `defense`, rounded down to a listed ratio.

    OTR 9.4: 37 against 10 is 3-1; 40 is needed for 4-1. None below the first column
    (QS: shots under 1-6 are not allowed). Past 12-1 the position keeps counting odds
    over 12-1 (`options.odds_past_last`). Raises ValueError for a defense below 1.
    """
    if defense < 1:
        raise ValueError(f"final defense strength must be at least 1, got {defense}")
    ratio = Fraction(attack, defense)
    ratios = odds_ratios(odds_table)
    if ratio < ratios[0]:
        return None
    if ratio < ratios[-1]:
        return max(i for i, listed in enumerate(ratios) if listed <= ratio)
    step = 1 if options.odds_past_last == "per-whole-ratio" else ratios[-1] - ratios[-2]
    return len(ratios) - 1 + math.floor((ratio - ratios[-1]) / step)


def excess_firepower_modifier(attack: int, defense: int, position: int, odds_table: RuleTable,
                              options: CombatOptions = DEFAULT_COMBAT) -> int:
    """Return the LH modifier (0, -5, -10, -15) for attack factors beyond those the odds need (OTR 9.4).

    Only at 1-1 or better; the excess is compared with the final defense strength.
    """
    ratio = ladder_ratio(position, odds_table, options)
    if ratio < 1:
        return 0
    excess = attack - ratio * defense
    return next((modifier for share, modifier in _EXCESS_FIREPOWER if excess >= share * defense), 0)


def column_shift(burst: Burst = "normal", *, tracking: bool = False, beam: bool = False,
                 half_ammo: bool = False, crack_shot: bool = False) -> int:
    """Return the net odds column shift (+ = right, to higher odds) for one fixed-gun shot.

    OTR 10.1: a tracking shot +1; a long burst +1; a half burst -2 (crack shot -1); a
    normal burst with some groups down to half a point of ammo -1 (crack shot 0).
    OTR 10.3: a beam attack (90 degrees from the target's 3:00 or 9:00 line) -1.
    """
    shift = {"normal": 0, "long": 1, "half": -1 if crack_shot else -2}[burst]
    if half_ammo and burst == "normal" and not crack_shot:
        shift -= 1
    return shift + (1 if tracking else 0) - (1 if beam else 0)


def tracking_fps(fps: int) -> int:
    """Return how many of the shooter's last FPs must keep the target in its arc: 2/3 rounded up (OTR 10.1)."""
    return math.ceil(Fraction(2, 3) * fps)


def tracking_allowed(deflection_deg: int, *, target_moved_first: bool) -> bool:
    """Tell whether a tracking shot may be taken: target moved first, final deflection 60 or less (OTR 10.1)."""
    return target_moved_first and deflection_deg <= 60


def jam_threshold(burst: Burst, *, unreliable_gun: bool = False) -> int:
    """Return the lowest percentile roll that jams a gun group: 85 for long bursts, else 98 (OTR 10.1).

    MK-108 and ShKAS (`unreliable_gun`) jam on 85 or more with any burst.
    """
    return 85 if burst == "long" or unreliable_gun else 98


# --- combat results (QS 5.5, 5.6; OTR 9.4) ----------------------------------------------


def hits_for_roll(final_lh: int, position: int, odds_table: RuleTable,
                  options: CombatOptions = DEFAULT_COMBAT) -> int:
    """Return the hits of a final LH number at an odds position (QS Combat Odds - Damage Table).

    Past the last column the roll takes 10 per odds over it. Final numbers under 01 read
    the 01 row; numbers past the last row are misses. A negative position is a shot
    shifted left of the table (`options.shifted_below_table`). The lucky-shot rule needs
    the natural roll: see `hit_distribution`.
    """
    ratios = odds_ratios(odds_table)
    if position < 0:
        if options.shifted_below_table == "no-hits":
            return 0
        position = 0
    past_last = max(0, position - len(ratios) + 1)
    lh = max(final_lh + ROLL_SHIFT_PAST_LAST * past_last, 1)
    column = odds_table.column_keys.index(_odds_keys(odds_table)[min(position, len(ratios) - 1)])
    for row, (low, high) in enumerate(zip(odds_table.column("roll_min"), odds_table.column("roll_max"), strict=True)):
        if low <= lh <= high:  # type: ignore[operator]
            cell = odds_table.rows[row][column]
            if cell is None:
                restored = odds_table.is_restored(row, column)
                return 1 if restored and options.ambiguous_cells == "one-hit" else 0
            return int(cell)
    return 0


def hit_distribution(position: int | None, lh_modifier: int, odds_table: RuleTable,
                     options: CombatOptions = DEFAULT_COMBAT) -> dict[int, Fraction]:
    """Return {hits: probability} of one attack over the 100 equally likely percentile rolls.

    `lh_modifier` is the sum of the LH modifiers (+ is worse for the shooter). A natural
    01 that the modifiers turn into a miss still scores 4 hits (QS lucky-shot rule).
    `position` None (odds under 1-6) gives no hits. QS 5.5, OTR 9.4.
    """
    outcomes: dict[int, Fraction] = {}
    for roll in PERCENTILE_ROLLS:
        hits = 0 if position is None else hits_for_roll(roll + lh_modifier, position, odds_table, options)
        if roll == 1 and hits == 0 and position is not None:
            hits = LUCKY_SHOT_HITS
        outcomes[hits] = outcomes.get(hits, Fraction(0)) + Fraction(1, len(PERCENTILE_ROLLS))
    return dict(sorted(outcomes.items()))


def damage_state(hits: int, severe_factor: int, destroyed_factor: int) -> str:
    """Return "destroyed", "severe" or "none" for cumulative hits: more than a factor reaches it (QS 5.5)."""
    if hits > destroyed_factor:
        return "destroyed"
    return "severe" if hits > severe_factor else "none"


def critical_hits(hits: int, lowest_critical_rating: int) -> int:
    """Return the critical-hit rolls of one attack: one per multiple of the lowest rating fired (QS 5.6)."""
    return hits // lowest_critical_rating


def gun_range(hexes: int, altitude_difference_ft: int) -> int:
    """Return gun range: horizontal hexes plus one per full 300 ft of altitude difference (QS 5.4)."""
    return hexes + abs(altitude_difference_ft) // 300


def firepower(attack_factors: Iterable[int | None]) -> int:
    """Return the attack strength of the groups fired: the sum of their factors at the range (OTR 9.1, 9.4).

    None (a dash: the group does not reach) adds nothing.
    """
    return sum(factor for factor in attack_factors if factor is not None)


def _odds_keys(odds_table: RuleTable) -> tuple[str, ...]:
    return tuple(key for key in odds_table.column_keys if key.startswith("odds_"))
