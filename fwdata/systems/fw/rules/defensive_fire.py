"""Defensive gunfire: fields of fire, which guns may fire, combined attacks and the prime shooter (OTR 10.5).

The Defensive Gunfire Play Aid's deflection fractions (Combat Tables page 5) and the vertical field-of-fire code
summary for range 0 are lost: a firing aircraft's deflection fraction is an input, and range 0 is read as range 1
for the vertical limits unless the caller says otherwise (docs/fw-rules.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from fwdata.systems.fw.model import AircraftDataCard, WeaponGroup

DEFENSIVE_LOCATIONS = ("turret", "manual")
"""Gun locations that fire defensively (OTR 10.5); tail stingers (TS) have their own procedure."""
COMBINED_FIRE_LIMITS = {"none": 2, "flexible": 3, "fixed": 6}
"""OTR 10.5 (8.5.3): aircraft that may combine defensive fire on one target, by formation."""
FREE_GUNNER_CLASSES = frozenset({"F", "MF", "D"})
"""OTR 10.5: F, MF and dive bomber (D) class gunners fire even at HT rates or in vertical attitudes."""
TURN_ORDER = ("EZ", "TT", "HT", "BT", "ET")
_CLOCK = re.compile(r"^(\()?(\d{1,2})\)?-(\()?(\d{1,2})\)?$")
_LIMIT = re.compile(r"^(?:(U)|A/C([+-]\d+)?|(\d+)([+-]))$")
_VERTICAL = re.compile(r"^(U|A/C(?:[+-]\d+)?|\d+[+-])/(U|A/C(?:[+-]\d+)?|\d+[+-])$")


def in_clock_arc(arc: str, clock: float) -> bool:
    """Tell whether a target on clock bearing `clock` (1-12, fractions between lines) is in a gun's arc (OTR 10.5).

    The arc runs clockwise from its first code to its second, both lines included unless in parentheses.
    Raises ValueError for an arc that is not 'from-to' clock codes.
    """
    found = _CLOCK.match(arc.replace(" ", ""))
    if found is None:
        raise ValueError(f"not a clock arc: {arc!r}")
    start, end = int(found.group(2)) % 12, int(found.group(4)) % 12
    position = clock % 12
    span = (end - start) % 12 or 12
    offset = (position - start) % 12
    if offset > span:
        return False
    if offset == 0 and found.group(1):
        return span == 12 and not found.group(3)
    return not (offset == span and found.group(3))


def in_vertical_fof(code: str, altitude_difference: int, range_hexes: int) -> bool:
    """Tell whether a target `altitude_difference` 100-ft increments above (negative: below) is in a gun's vertical
    field of fire 'upper/lower' at `range_hexes` (OTR 10.5). Range 0 counts as 1 (the range-0 code summary is lost).

    'n+' is n increments per hex above, 'n-' below, 'U' unlimited, 'A/C' the firer's altitude with an optional +k/-k.
    Raises ValueError for a malformed code.
    """
    found = _VERTICAL.match(code.replace(" ", ""))
    if found is None:
        raise ValueError(f"not a vertical field of fire: {code!r}")
    hexes = max(range_hexes, 1)
    high, low = _limit(found.group(1), hexes), _limit(found.group(2), hexes)
    return (high is None or altitude_difference <= high) and (low is None or altitude_difference >= low)


def _limit(part: str, hexes: int) -> int | None:
    found = _LIMIT.match(part)
    if found is None:
        raise ValueError(f"not a vertical field-of-fire limit: {part!r}")
    if found.group(1):
        return None
    if found.group(3):
        size = int(found.group(3)) * hexes
        return size if found.group(4) == "+" else -size
    return int(found.group(2) or 0)


@dataclass(frozen=True)
class GunnerState:
    """What the firing aircraft did this turn, for OTR 10.5's restrictions."""

    turn_rate: str = "EZ"
    negative_g: bool = False
    snap_rolls: bool = False
    inverted: bool = False
    ended_vertical: bool = False


def gun_may_fire(group: WeaponGroup, agility_class: str | None, state: GunnerState) -> tuple[bool, str]:
    """Tell whether a defensive gun may fire given what its aircraft did, with the reason when not (OTR 10.5).

    Turret and manual guns: not after NG, snap rolls, inverted flight or ending vertical. Manual guns: not above TT
    (above EZ for H class and larger). Turrets: not above HT. F, MF and D class gunners fire even after HT rates or
    vertical attitudes.
    """
    free = (agility_class or "") in FREE_GUNNER_CLASSES
    rate = TURN_ORDER.index(state.turn_rate)
    if state.negative_g or state.snap_rolls or state.inverted:
        return False, "its aircraft did NG, snap rolls or flew inverted (OTR 10.5)"
    if state.ended_vertical and not free:
        return False, "its aircraft ended in a vertical attitude (OTR 10.5)"
    if group.location == "manual":
        heavy = (agility_class or "") in ("H", "SH")
        limit = "EZ" if heavy else "TT"
        if rate > TURN_ORDER.index(limit) and not (free and rate <= TURN_ORDER.index("HT")):
            return False, f"manual guns do not fire after turns above {limit} (OTR 10.5)"
    elif group.location == "turret" and rate > TURN_ORDER.index("HT"):
        return False, "turrets do not fire after turns above HT (OTR 10.5)"
    return True, ""


@dataclass(frozen=True)
class DefensiveShooter:
    """One aircraft firing defensively: its card, the target's clock bearing, altitude difference and range from it,
    its deflection fraction (the lost play aid's value for its angle) and what it did this turn."""

    card: AircraftDataCard
    clock: float
    altitude_difference: int
    range_hexes: int
    deflection_fraction: Fraction
    state: GunnerState = GunnerState()
    under_attack: bool = False


@dataclass(frozen=True)
class DefensiveAttack:
    """One combined defensive attack: all guns of one critical rating on one target (OTR 10.5 summary 1)."""

    critical_rating: int
    firepower: Fraction
    contributions: tuple[tuple[str, Fraction], ...]
    prime_shooter: str | None
    prime_tied: bool


def defensive_attacks(shooters: Sequence[DefensiveShooter], formation: str = "none") -> tuple[DefensiveAttack, ...]:
    """Return the defensive attacks on one target, one per critical rating (OTR 10.5).

    Each aircraft's guns of one rating that have the target in both fields of fire, reach the range and may fire
    are totalled and multiplied by its deflection fraction; the aircraft's totals add into one attack. The prime
    shooter contributes most (ties: the closest; still tied, `prime_tied`: the firing player chooses). Raises
    ValueError for more shooters than the formation lets combine, or a gun too far across the formation: its range
    above the shortest range from the target to any shooter + 1, unless its aircraft is under attack.
    """
    limit = COMBINED_FIRE_LIMITS[formation]
    if len(shooters) > limit:
        raise ValueError(f"{len(shooters)} aircraft may not combine defensive fire: at most {limit} "
                         f"({formation} formation, OTR 10.5)")
    nearest = min((s.range_hexes for s in shooters), default=0)
    by_rating: dict[int, list[tuple[DefensiveShooter, Fraction]]] = {}
    for shooter in shooters:
        if shooter.range_hexes > nearest + 1 and not shooter.under_attack:
            raise ValueError(f"{shooter.card.id} is {shooter.range_hexes} hexes from the target, more than the "
                             f"nearest formation member's {nearest} + 1 (OTR 10.5)")
        totals: dict[int, int] = {}
        for group in shooter.card.firepower:
            if group.location not in DEFENSIVE_LOCATIONS or group.arc_clock is None:
                continue
            factor = group.attack_by_range[shooter.range_hexes] if shooter.range_hexes < len(
                group.attack_by_range) else None
            if factor is None or not in_clock_arc(group.arc_clock, shooter.clock):
                continue
            if group.vertical_fof and not in_vertical_fof(group.vertical_fof, shooter.altitude_difference,
                                                          shooter.range_hexes):
                continue
            if not gun_may_fire(group, shooter.card.agility_class, shooter.state)[0]:
                continue
            totals[group.critical_rating] = totals.get(group.critical_rating, 0) + factor
        for rating, total in totals.items():
            by_rating.setdefault(rating, []).append((shooter, total * shooter.deflection_fraction))
    attacks = []
    for rating, parts in sorted(by_rating.items()):
        best = max(value for _, value in parts)
        strongest = [s for s, value in parts if value == best]
        closest = min(s.range_hexes for s in strongest)
        primes = [s for s in strongest if s.range_hexes == closest]
        attacks.append(DefensiveAttack(rating, sum((v for _, v in parts), Fraction(0)),
                                       tuple((s.card.id, v) for s, v in parts), primes[0].card.id, len(primes) > 1))
    return tuple(attacks)
