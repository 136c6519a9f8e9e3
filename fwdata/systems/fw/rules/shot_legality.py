"""Which declared fixed-gun shots the rules forbid, and lift-vector matching (OTR 10.1-10.3, 13.1)."""

from __future__ import annotations

from fwdata.systems.fw.rules.combat import Burst
from fwdata.systems.fw.rules.stalls import PilotQuality
from fwdata.systems.fw.rules.turning import BANK_RING

TRACKING_MAX_DEFLECTION_DEG = 60
"""OTR 10.1: a tracking shot's final deflection angle is 60 degrees or less."""
BEAM_DEFLECTION_DEG = 90
"""OTR 10.3: a beam attack comes from the target's 3:00 or 9:00 line at a final deflection of 90 degrees."""
LEFT_BANKS = frozenset({"LB", "IL"})
RIGHT_BANKS = frozenset({"RB", "IR"})
UPRIGHT = frozenset({"LV", "LB", "RB"})
INVERTED = frozenset({"IV", "IL", "IR"})


def shot_illegalities(deflection_deg: int, range_hexes: int, *, tracking: bool = False, beam: bool = False,
                      head_on: bool = False, burst: Burst = "normal",
                      pilot: PilotQuality = "regular") -> tuple[str, ...]:
    """Return why the rules forbid a declared fixed-gun shot, one reason per rule broken (empty: allowed).

    OTR 10.1: tracking only at a final deflection of 60 degrees or less. OTR 10.3: a beam attack is at 90 degrees;
    no head-on attack at range 0 (the pilots abort). OTR 13.1: recruits always fire long bursts; greens may not
    deliberately fire half bursts.
    """
    reasons = []
    if tracking and deflection_deg > TRACKING_MAX_DEFLECTION_DEG:
        reasons.append(f"a tracking shot needs a final deflection of {TRACKING_MAX_DEFLECTION_DEG} deg or less, "
                       f"not {deflection_deg} (OTR 10.1)")
    if beam and deflection_deg != BEAM_DEFLECTION_DEG:
        reasons.append(f"a beam attack is made from the target's 3:00 or 9:00 line at {BEAM_DEFLECTION_DEG} deg, "
                       f"not {deflection_deg} (OTR 10.3)")
    if head_on and range_hexes == 0:
        reasons.append("head-on attacks at range 0 are not allowed: the pilots abort to avoid the collision (OTR 10.3)")
    if pilot == "recruit" and burst != "long":
        reasons.append(f"a recruit always fires long bursts, not {burst} (OTR 13.1)")
    if pilot == "green" and burst == "half":
        reasons.append("a green pilot may not deliberately fire half bursts (OTR 13.1)")
    return tuple(reasons)


def lift_vectors_match(deflection_deg: int, shooter_bank: str, target_bank: str, *,
                       can_turn_toward: bool = False) -> bool:
    """Tell whether shooter and target lift vectors match for the shot (OTR 10.2).

    60 degrees or less: the same bank. 90: banked the same way (left LB/IL, right RB/IR), or both LV, or both IV.
    120 or more: both upright or both inverted and banked opposite ways; one upright and one inverted banked the
    same way when they can turn toward each other (`can_turn_toward`, the players' call: the rules give no
    geometry for it); both LV; both IV. Raises ValueError for an unknown bank code.
    """
    aliases = {"ILB": "IL", "IRB": "IR"}
    shooter, target = (aliases.get(b.upper(), b.upper()) for b in (shooter_bank, target_bank))
    for code in (shooter, target):
        if code not in BANK_RING:
            raise ValueError(f"unknown bank angle {code!r} (expected one of {', '.join(BANK_RING)})")
    if deflection_deg <= TRACKING_MAX_DEFLECTION_DEG:
        return shooter == target
    same_way = ({shooter, target} <= LEFT_BANKS) or ({shooter, target} <= RIGHT_BANKS)
    if deflection_deg == BEAM_DEFLECTION_DEG:
        return same_way or shooter == target == "LV" or shooter == target == "IV"
    opposite_ways = {shooter, target} & LEFT_BANKS != set() and {shooter, target} & RIGHT_BANKS != set()
    both_upright = {shooter, target} <= UPRIGHT
    both_inverted = {shooter, target} <= INVERTED
    if (both_upright or both_inverted) and opposite_ways:
        return True
    if not (both_upright or both_inverted) and same_way:
        return can_turn_toward
    return shooter == target == "LV" or shooter == target == "IV"
