"""Gun attack LH modifiers: the Quick-Start table, combined speed, lift vectors, big guns (QS 5.5; OTR 10.2-10.4).

Modifiers add to the percentile roll: plus is worse for the shooter. The Quick-Start
values come from the `qs-gun-modifiers` table, looked up by their condition text.
"""

from __future__ import annotations

import math

from fwdata.systems.fw.rules.combat import DEFAULT_COMBAT, CombatOptions
from fwdata.systems.fw.rules.stalls import PilotQuality
from fwdata.systems.fw.rules.turning import bank_steps
from fwdata.systems.fw.tables import RuleTable

COMBINED_SPEED_MODIFIER = 5
"""OTR 10.3: +5 LH per 1.0 of combined speed."""
LIFT_VECTOR_MODIFIER = 5
"""OTR 10.2: +05 per bank step of mismatch per aircraft using HT or more."""
BIG_GUN_MODIFIER_PER_HIT = -5
"""OTR 10.4: -05 on the big guns' roll per hit the smaller guns scored."""


def gun_modifier(modifiers: RuleTable, condition: str) -> int:
    """Return the modifier of one `qs-gun-modifiers` row by its condition text; KeyError names the table."""
    conditions = modifiers.column("condition")
    if condition not in conditions:
        raise KeyError(f"table {modifiers.id!r} has no row {condition!r}")
    return int(modifiers.column("lh_modifier")[conditions.index(condition)])  # type: ignore[arg-type]


def pilot_modifier(modifiers: RuleTable, quality: PilotQuality = "regular", *,
                   hero: bool = False, ace: bool = False, crack_shot: bool = False) -> int:
    """Return the shooter's pilot modifier: recruit or green, then veteran, hero, ace, crack shot each (QS 7.1).

    A veteran who is also a hero counts twice, as does an ace who is a crack shot
    (QS Gun Attack modifiers: "each").
    """
    modifier = {"recruit": gun_modifier(modifiers, "recruit pilot"),
                "green": gun_modifier(modifiers, "green pilot")}.get(quality, 0)
    modifier += gun_modifier(modifiers, "veteran or hero pilot") * ((quality == "veteran") + hero)
    return modifier + gun_modifier(modifiers, "ace or crack shot pilot") * (ace + crack_shot)


def firer_modifier(modifiers: RuleTable, *, turn_rate: str | None = None, snap_rolls: int = 0,
                   wounded_or_inverted: bool = False, severely_damaged: bool = False,
                   negative_g_or_slip: bool = False) -> int:
    """Return the modifiers for what the firer did: HT or BT rate, snap rolls, wounds, damage, slips (QS 5.5)."""
    modifier = {"HT": gun_modifier(modifiers, "firer used HT rate"),
                "BT": gun_modifier(modifiers, "firer used BT rate")}.get((turn_rate or "").upper(), 0)
    modifier += gun_modifier(modifiers, "snap roll used") * snap_rolls
    modifier += gun_modifier(modifiers, "firer wounded or aircraft inverted") if wounded_or_inverted else 0
    modifier += gun_modifier(modifiers, "firing aircraft severely damaged") if severely_damaged else 0
    return modifier + (gun_modifier(modifiers, "firer in negative G, or in or did a slip") if negative_g_or_slip else 0)


def target_size_modifier(modifiers: RuleTable, size_modifier: int) -> int:
    """Return the target-size modifier: the table's value times the target card's size modifier (QS Combat Tables)."""
    return gun_modifier(modifiers, "target size") * size_modifier


def wing_harmony_modifier(modifiers: RuleTable, gun_range: int, wing_guns: int, guns_fired: int) -> int:
    """Return the wing-gun harmony modifier when at least half the actual guns fired are wing guns (OTR 10.2).

    Range 2 and 3 help; each hex past 3 hurts; range 0 and 1 have none.
    """
    if guns_fired == 0 or 2 * wing_guns < guns_fired:
        return 0
    if gun_range == 2:
        return gun_modifier(modifiers, "wing guns at range 2")
    if gun_range == 3:
        return gun_modifier(modifiers, "wing guns at range 3")
    return gun_modifier(modifiers, "wing guns beyond range 3") * max(0, gun_range - 3)


def near_zero_deflection_modifier(modifiers: RuleTable, heading_difference_deg: int, attitude_steps_apart: int) -> int:
    """Return the modifier for the shooter's 12:00 line lying on the target's 6:00 line (OTR 10.2, QS Combat Tables).

    `heading_difference_deg` 0 or 180 (anything else: no modifier); none when the flight
    attitudes are more than one step apart.
    """
    if attitude_steps_apart > 1 or heading_difference_deg not in (0, 180):
        return 0
    return gun_modifier(modifiers, "shooter 12:00 line on target 6:00 line, heading difference "
                        f"{heading_difference_deg}")


def combined_speed(deflection_deg: int, shooter_speed: float, target_speed: float, *, head_on: bool = False) -> float:
    """Return the combined speed of shooter and target for the closure modifier (OTR 10.3).

    Head-on or 150/180 degrees: the sum; 120: faster + half the slower; 90: the faster;
    60: faster - half the slower; 30 or less: target - shooter (never below 0).
    """
    faster, slower = max(shooter_speed, target_speed), min(shooter_speed, target_speed)
    if head_on or deflection_deg >= 150:
        return shooter_speed + target_speed
    if deflection_deg == 120:
        return faster + slower / 2
    if deflection_deg == 90:
        return faster
    if deflection_deg == 60:
        return faster - slower / 2
    return max(0.0, target_speed - shooter_speed)


def combined_speed_modifier(speed: float, options: CombatOptions = DEFAULT_COMBAT) -> int:
    """Return +5 per 1.0 or less of combined speed (OTR 10.3; `options.combined_speed_count` reads "or less")."""
    whole = math.ceil(speed) if options.combined_speed_count == "partial-counts" else math.floor(speed)
    return COMBINED_SPEED_MODIFIER * whole


def lift_vector_modifier(shooter_bank: str, target_bank: str, aircraft_at_ht_or_more: int) -> int:
    """Return the lift-vector mismatch modifier: +05 per bank step per aircraft using HT or more (OTR 10.2).

    For banks that do not match by the 10.2 deflection cases; at most +30. OTR 10.2
    example: LB against RB, both at HT+, gives +20.
    """
    return LIFT_VECTOR_MODIFIER * bank_steps(shooter_bank, target_bank) * aircraft_at_ht_or_more


def big_gun_modifier(smaller_gun_hits: int) -> int:
    """Return the big guns' modifier after the smaller guns hit in the same turn: -05 per hit (OTR 10.4)."""
    return BIG_GUN_MODIFIER_PER_HIT * smaller_gun_hits
