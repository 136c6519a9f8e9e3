"""Flight Leader scenario-design arithmetic (FL 26.x, 23.7, 10.3): pure functions over plain values.

Every function cites the rule it implements. Nothing here reads documents or
emits findings; `scoring` applies these rules to a scenario and `checks`
turns the results into findings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

RATING_LETTERS = ("A", "B", "C", "D", "E", "F")
NEW_MISSILE_TYPES = frozenset({"HA", "AL", "AM"})
# FL 21.8.3.3 dates HA missiles to "the mid 70s"; AL missiles are the F-14's Phoenix and MiG-31's Amos (18.3.1.1) and
# AM missiles the late 1980s (18.3.1.2). A scenario dated before this year can carry none of them; "mid 70s" is read
# as early as it can be (1973), so a scenario of 1973-1976 is still tried both ways (docs/fl-readings.md).
NEW_MISSILES_FIRST_YEAR = 1973
MAX_AIRCRAFT_PER_SIDE = 8
MAX_TYPES_PER_SIDE = 3
MAX_FLIGHTS_PER_SIDE = 3
SUBSONIC_MAX_SPEED = 9


@dataclass(frozen=True)
class AircrewCounts:
    """Aircrew quality counts of a forces line (FL 23.2.7): experienced/average/inexperienced."""

    experienced: int
    average: int
    inexperienced: int

    @property
    def total(self) -> int:
        """Number of aircrew."""
        return self.experienced + self.average + self.inexperienced

    def printed(self) -> str:
        """Return the counts as printed, for example '1/2/1'."""
        return f"{self.experienced}/{self.average}/{self.inexperienced}"


def aircrew_score(crew: AircrewCounts) -> Fraction:
    """Return the mean aircrew score: experienced 2, average 1, inexperienced 0.

    INFERRED (reference digest 4.3): the AIRCREW QUALITY CHART of FL 26.5(a) is lost;
    its only printed example ('C', four single-seaters: 2/0/2, 1/2/1 or 0/4/0) and
    the scenarios whose list rows survive fit a mean of 1.0 for 'C', with each
    quarter point above or below moving one letter. Raises ValueError for no crew.
    """
    if crew.total <= 0:
        raise ValueError("no aircrew")
    return Fraction(2 * crew.experienced + crew.average, crew.total)


def rating_letter(crew: AircrewCounts) -> str:
    """Return the aircrew rating letter A-F that a flight's aircrew counts represent.

    INFERRED (reference digest 4.3, not a printed rule): mean score s (see
    `aircrew_score`) 1.5 or more is 'A', 1.25 'B', 1.0 'C', 0.75 'D', 0.5 'E',
    0.25 or less 'F'. A mean between two of these steps takes the better letter
    (1/2/0 -> 'A', 1/5/2 -> 'C'); this tie rule is an inference too, chosen
    because it reproduces FL 24.4's printed 22SP for 1/2/0.
    """
    steps = Fraction(6) - 4 * aircrew_score(crew)  # 0 for A ... 5 for F
    index = min(max(math.floor(steps), 0), 5)
    return RATING_LETTERS[index]


def letter_reduction(letter: str) -> int:
    """Return the FL 26.2.3.2.1 reduction for a rating letter: 3 for A/B, 2 for C/D, 1 for E/F."""
    return {"A": 3, "B": 3, "C": 2, "D": 2, "E": 1, "F": 1}[letter]


def countermeasures_reduction(cm_rating: int) -> int:
    """Return the FL 26.2.3.2.2 reduction for unused countermeasures: 0 for rating 0, 1 up to 5, else 2."""
    if cm_rating <= 0:
        return 0
    return 1 if cm_rating <= 5 else 2


@dataclass(frozen=True)
class PointFactors:
    """Everything FL 26.2.3.2 needs to value one aircraft.

    `base` is the list's scenario points at `letter` (FL 21.1.11), or a 21.7 note's armament row (notes l, p);
    `base_source` says which. `unused_cm_rating`
    is the countermeasures rating when FL 26.2.3.2.2 applies (countermeasures not
    carried, option not used, or of no use), else None.
    """

    base: int
    letter: str
    base_source: str = "21.1.11"
    no_missiles: bool = False
    no_external_gun: bool = False
    unused_cm_rating: int | None = None
    engagement_restriction: bool = False
    radar_malfunction: bool = False
    loaded: bool = False
    sole_controller: bool = False
    sole_new_missiles: bool = False


@dataclass(frozen=True)
class AircraftPoints:
    """One aircraft's scenario points and the steps that produced them (for reports)."""

    value: int
    exact: Fraction
    steps: tuple[str, ...]


def aircraft_scenario_points(f: PointFactors) -> AircraftPoints:
    """Return one aircraft's scenario points under FL 26.2.3.2.

    Reductions first (FL 26.2.3.2.1 missiles, guns; FL 26.2.3.2.2 countermeasures;
    FL 26.2.3.2.4 engagement restrictions), then the radar-malfunction halving,
    rounded up (FL 26.2.3.2.3; the order of halving and subtraction is not stated:
    subtracting first reproduces FL 24.18's note), then the multipliers x0.7 loaded
    fighter-bomber (FL 26.2.3.2.5), x1.2 sole controller (FL 26.2.3.2.6), x1.2 sole
    carrier of HA/AL/AM (FL 26.2.3.2.7), with the fraction rounded up once after
    all multiplications (FL 26.2.3.2 preamble, example FL 26.2.3.2.8).
    """
    steps = [f"{f.base} ({f.letter} column, {f.base_source})"]
    points = f.base
    step = letter_reduction(f.letter)
    if f.no_missiles:
        points -= step
        steps.append(f"-{step} no missiles (26.2.3.2.1)")
    if f.no_external_gun:
        points -= step
        steps.append(f"-{step} no external gun (26.2.3.2.1)")
    if f.unused_cm_rating is not None:
        cm = countermeasures_reduction(f.unused_cm_rating)
        if cm:
            points -= cm
            steps.append(f"-{cm} countermeasures {f.unused_cm_rating} unused (26.2.3.2.2)")
    if f.engagement_restriction:
        points -= 2
        steps.append("-2 engagement restriction (26.2.3.2.4)")
    if f.radar_malfunction:
        points = math.ceil(Fraction(points, 2))
        steps.append(f"halved, rounded up = {points} radar malfunction (26.2.3.2.3)")
    exact = Fraction(points)
    if f.loaded:
        exact *= Fraction(7, 10)
        steps.append("x0.7 loaded fighter-bomber (26.2.3.2.5)")
    if f.sole_controller:
        exact *= Fraction(6, 5)
        steps.append("x1.2 only side with a controller (26.2.3.2.6)")
    if f.sole_new_missiles:
        exact *= Fraction(6, 5)
        steps.append("x1.2 only side with HA/AL/AM missiles (26.2.3.2.7)")
    value = math.ceil(exact)
    if exact != value:
        steps.append(f"{_decimal(exact)} rounds up to {value}")
    return AircraftPoints(value=value, exact=exact, steps=tuple(steps))


def missiles_fit_load(
    carried: tuple[tuple[int, str], ...], option: tuple[tuple[int, tuple[str, ...]], ...]
) -> bool:
    """Return whether missiles carried, (count, type) pairs, fit within one option of a load (FL 21.8.5).

    An option is (count, types) slots, 'HN/HW' being one slot that takes either type. Fewer missiles than the
    option holds fit (scenarios print what is left after earlier fighting, FL 24.17.2). Types are placed
    greedily, the type with the fewest slots first, each into the slots that take the fewest types first.
    """
    left = [count for count, _ in option]
    for count, missile in sorted(carried, key=lambda c: sum(c[1] in types for _, types in option)):
        slots = sorted((i for i, (_, types) in enumerate(option) if missile in types), key=lambda i: len(option[i][1]))
        for i in slots:
            placed = min(count, left[i])
            left[i] -= placed
            count -= placed
        if count:
            return False
    return True


def loaded_max_altitude(ma: int) -> int:
    """Return a loaded aircraft's maximum altitude: half the normal MA, rounded up (FL 10.3.1)."""
    return math.ceil(Fraction(ma, 2))


def loaded_max_speed(ms: int) -> int:
    """Return a loaded aircraft's maximum speed: its subsonic maximum, at most 9 (FL 10.3.2, 1.2.1.2)."""
    return min(ms, SUBSONIC_MAX_SPEED)


def round_half_up(value: Fraction) -> int:
    """Round with '.5 and above up' (FL 26.5.1)."""
    return math.floor(value + Fraction(1, 2))


@dataclass(frozen=True)
class VictoryPointScale:
    """The victory points one side's aircraft are worth to the other side (FL 26.5, 23.7).

    `normal` is the FL 26.5.1 value before balancing (the number of opposing
    aircraft); `balanced` after the superior side's ratio; `eliminated` after
    the common multiplier that makes every value whole; `damaged` = 1/4
    (FL 26.5.2); `exited` = 1/2 for penalty or bonus exits and jettisoned bombs
    (FL 26.5.3, 23.7.2, 23.7.3).
    """

    normal: int
    balanced: int
    ratio: Fraction | None
    eliminated: int
    damaged: int
    exited: int


def victory_point_scales(
    aircraft_a: int, points_a: int, aircraft_b: int, points_b: int
) -> tuple[VictoryPointScale, VictoryPointScale]:
    """Return the victory-point values of side a's and side b's aircraft (FL 26.5.1-26.5.3).

    Normally an aircraft is worth the number of aircraft on the other side
    (FL 26.5.1 as its example reads). The side with more scenario points (the
    superior side) has its value multiplied by (its points / the other side's
    points), '.5 and above' rounded up; the inferior side's value stays. Both
    values are then scaled by one common factor to the lowest whole numbers whose
    quarter (damaged, FL 26.5.2) is whole (FL 26.5 NOTE): 4 / gcd(value a, value b).
    Raises ValueError unless both sides have aircraft and points.
    """
    if min(aircraft_a, aircraft_b, points_a, points_b) <= 0:
        raise ValueError("both sides need aircraft and scenario points")
    normal_a, normal_b = aircraft_b, aircraft_a
    balanced_a, balanced_b = normal_a, normal_b
    ratio_a = ratio_b = None
    if points_a > points_b:
        ratio_a = Fraction(points_a, points_b)
        balanced_a = round_half_up(ratio_a * normal_a)
    elif points_b > points_a:
        ratio_b = Fraction(points_b, points_a)
        balanced_b = round_half_up(ratio_b * normal_b)
    common = math.gcd(balanced_a, balanced_b)

    def scale(normal: int, balanced: int, ratio: Fraction | None) -> VictoryPointScale:
        eliminated = 4 * balanced // common
        return VictoryPointScale(normal, balanced, ratio, eliminated, eliminated // 4, eliminated // 2)

    return scale(normal_a, balanced_a, ratio_a), scale(normal_b, balanced_b, ratio_b)


def component_limit_violations(aircraft: int, types: int, flights: int) -> list[str]:
    """Return what breaks FL 26.2.3.3.2: more than 8 aircraft, 3 types or 3 flights on a side."""
    problems = []
    if aircraft > MAX_AIRCRAFT_PER_SIDE:
        problems.append(f"{aircraft} aircraft (at most {MAX_AIRCRAFT_PER_SIDE})")
    if types > MAX_TYPES_PER_SIDE:
        problems.append(f"{types} aircraft types (at most {MAX_TYPES_PER_SIDE})")
    if flights > MAX_FLIGHTS_PER_SIDE:
        problems.append(f"{flights} flights (at most {MAX_FLIGHTS_PER_SIDE})")
    return problems


def unpaired_types(counts_by_type: dict[str, int]) -> list[str]:
    """Return the types with an odd number of aircraft on a side (FL 26.2.3.3.1 pairs; 20.2.1)."""
    return sorted(name for name, count in counts_by_type.items() if count % 2)


def within_allotment(selected_points: int, allotted_points: int) -> bool:
    """Return whether the selected aircraft fit the side's allotted scenario points (FL 26.2.3.3.4)."""
    return selected_points <= allotted_points


def _decimal(value: Fraction) -> str:
    """Return a fraction as a short decimal for messages (16.8, 5.36)."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return text
