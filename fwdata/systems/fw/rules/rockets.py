"""Air-to-air rockets: hits from the LH roll and the distance-to-altitude ratio (OTR 10.7)."""

from __future__ import annotations

import math
from fractions import Fraction

LH_PER_ROCKET_HIT = -20
"""OTR 10.7: a final LH of -20 or less is one hit, each further -20 another."""
FEET_PER_HEX = 300
FEET_PER_INCREMENT = 100


def rocket_hits(final_lh: int, multiples_fired: int) -> int:
    """Return rocket hits: one per full -20 of final LH, at most one per multiple fired (OTR 10.7)."""
    return min(multiples_fired, max(0, final_lh // LH_PER_ROCKET_HIT))


def rocket_altitude_ratio(range_hexes: int, altitude_difference_ft: int) -> tuple[int, int] | None:
    """Return the distance-to-altitude ratio in 100-ft increments, rounded down like odds (OTR 10.7).

    OTR 10.7 example: 5 hexes and 400 ft give 1500 / 400 = 15 to 4 = 3 to 1. A ratio
    under 1 to 1 rounds to 1 to N with N rounded up; range 0 gives 0 to 1. None when the
    altitudes are equal.
    """
    altitude = abs(altitude_difference_ft) // FEET_PER_INCREMENT
    if altitude == 0:
        return None
    ratio = Fraction(range_hexes * FEET_PER_HEX // FEET_PER_INCREMENT, altitude)
    if ratio >= 1 or ratio == 0:
        return int(ratio), 1
    return 1, math.ceil(1 / ratio)
