"""Head-on attacks and collisions: criteria, collision risk range, checks and damage (OTR 3.3, 10.3; QS 4.9)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from fwdata.systems.fw.rules.stalls import PilotQuality
from fwdata.systems.fw.tables import RuleTable

COLLISION_ROLL = 85
"""OTR 3.3: a modified percentile result of 85 or more is a collision."""
HITS_PER_CRITICAL = 3
"""OTR 3.3: one critical hit per 3 collision hits taken."""
QS_COLLISION_D10 = 1
"""QS 4.9: a D10 of 1 or less collides (the 1 is restored), one more per aircraft over 2."""


def is_head_on(deflection_deg: int, *, firer_in_target_front_arc: bool = False, firing_at_each_other: bool = False,
               vertical_opposites_same_hex: bool = False, behind_flight_path: bool = False) -> bool:
    """Tell whether a fixed-gun attack is a head-on (OTR 10.3, Err2 10.3).

    Any of: 150 or 180 degrees with the firer in the target's front arc; both firing fixed
    guns at each other; same hex with the firer in a VC or VD and the target in the
    opposite vertical. Not when `behind_flight_path`: shooting along the target's 12:00
    line at a target higher that climbed or lower that dived (Err2 10.3).
    """
    if behind_flight_path:
        return False
    front = deflection_deg >= 150 and firer_in_target_front_arc
    return front or firing_at_each_other or vertical_opposites_same_hex


def collision_risk_range(combined_speed: float) -> int:
    """Return the Collision Risk Range in hexes: 1/3 of the combined speed, rounded up (OTR 10.3)."""
    return math.ceil(Fraction(combined_speed).limit_denominator(10) / 3)


def distance_inside_crr(crr: int, firing_range: int) -> int:
    """Return how far inside the CRR a head-on shot is: (CRR + 1) - range (OTR 10.3; CRR 5, range 2 gives 4)."""
    return crr + 1 - firing_range


def head_on_collision_pilot_modifier(quality: PilotQuality, *, hero_or_ace: bool = False) -> int:
    """Return the pilot's modifier to head-on collision potential (Err2 10.3).

    Recruit +1, veteran -1, hero or ace -1; a veteran hero or ace gets both (-2).
    """
    return {"recruit": 1, "veteran": -1}.get(quality, 0) - (1 if hero_or_ace else 0)


def collision_checks(aircraft_in_stack: int, safe_stacking_limit: int) -> int:
    """Return the collision checks a stack needs: one per aircraft over the safe limit (OTR 3.3)."""
    return max(0, aircraft_in_stack - safe_stacking_limit)


def collides(final_roll: int) -> bool:
    """Tell whether a modified percentile collision check collides: 85 or more (OTR 3.3)."""
    return final_roll >= COLLISION_ROLL


def collision_victim(d10: int, candidates: int) -> int:
    """Return the index of the aircraft collided with when several could be: D10 digits shared out evenly (OTR 3.3).

    OTR 3.3 example: two candidates take 1-5 and 6-10; a 2 picks the first.
    """
    return (d10 - 1) * candidates // 10


@dataclass(frozen=True)
class CollisionDamage:
    """Hits each aircraft takes in a collision: `d10s` ten-sided dice plus `extra_hits`."""

    d10s: int
    extra_hits: int

    @property
    def hits_range(self) -> tuple[int, int]:
        """Fewest and most hits."""
        return self.d10s + self.extra_hits, 10 * self.d10s + self.extra_hits


def collision_damage(collision_table: RuleTable, deflection_deg: int, speed_difference: float) -> CollisionDamage:
    """Return the collision damage each aircraft takes, by final deflection (OTR 3.3, `collision-damage`).

    At 0 or 30 degrees add one hit per 0.5 of speed difference. Raises ValueError for an
    angle the table lacks.
    """
    for row in range(len(collision_table.rows)):
        cells = collision_table.row_dict(row)
        if cells["deflection_min_deg"] <= deflection_deg <= cells["deflection_max_deg"]:  # type: ignore[operator]
            per_half = int(cells["hits_per_half_fp_difference"])  # type: ignore[arg-type]
            return CollisionDamage(int(cells["d10_hits"]),  # type: ignore[arg-type]
                                   per_half * int(abs(speed_difference) * 2))
    raise ValueError(f"deflection {deflection_deg} deg is not in table {collision_table.id!r}")


def collision_criticals(hits: int) -> int:
    """Return the critical hits from collision damage: one per 3 hits (OTR 3.3)."""
    return hits // HITS_PER_CRITICAL


def qs_collision_chance(aircraft_in_hex: int) -> Fraction:
    """Return the chance that a Quick-Start collision roll collides: D10 of 1 or less, +1 per aircraft over 2 (QS 4.9).

    Whether the lost sign makes the roll -1 or the target +1 per extra aircraft, the chance
    is the same. A collision destroys both aircraft.
    """
    return min(Fraction(1), Fraction(QS_COLLISION_D10 + max(0, aircraft_in_hex - 2), 10))
