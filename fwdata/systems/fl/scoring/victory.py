"""A side's printed victory points against the FL 26.5 derivation (FL 23.7 exits, bonus exits and jettisons)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import FlAircraft, Scenario, Side
from fwdata.systems.fl.rules import VictoryPointScale
from fwdata.systems.fl.scoring.named_types import flights_named
from fwdata.systems.fl.scoring.sides import SideAssessment


@dataclass(frozen=True)
class VictoryCheck:
    """One printed victory-point value against the FL 26.5 derivation."""

    field: str
    pointer: str
    printed: int
    expected: int
    explanation: str
    # Why the printed value may never be earned (a bonus exit no aircraft of the side can make, 23.7.2.1).
    remark: str = ""


@dataclass(frozen=True)
class InapplicableLine:
    """A bonus-exit or jettison value naming an aircraft type that no flight of the scenario flies."""

    field: str
    pointer: str
    printed: int
    aircraft: str


@dataclass(frozen=True)
class VictoryAssessment:
    """A side's printed victory points against the FL 26.5, 23.7 derivation.

    status: 'agrees', 'disagrees', 'unknown' or 'non-standard'.
    """

    side: Side
    status: str
    scales: tuple[VictoryPointScale, VictoryPointScale] | None = None
    points_used: tuple[int, int] | None = None
    points_source: str = "printed"
    derivation: str = ""
    checks: tuple[VictoryCheck, ...] = ()
    reason: str | None = None
    inapplicable: tuple[InapplicableLine, ...] = ()
    # The type the per-aircraft values are printed against ('per eliminated ... MiG-17') when the other side flies none.
    against_unflown: str | None = None
    # When a side prints no scenario points: (the side index, the totals the rules give it that the printed victory
    # points fit).
    fitting: tuple[int, tuple[int, ...]] | None = None

    @property
    def mismatches(self) -> tuple[VictoryCheck, ...]:
        """The printed values that differ from the derivation."""
        return tuple(check for check in self.checks if check.printed != check.expected)


def assess_victory(
    scenario: Scenario,
    index: int,
    points: tuple[SideAssessment, SideAssessment],
    lookup: Callable[[str], FlAircraft | None],
) -> VictoryAssessment:
    """Compare the victory points side `index` earns with the FL 26.5 derivation (FL 23.7 exits and jettisons)."""
    side = scenario.sides[index]
    other = scenario.sides[1 - index]
    line = side.victory_points
    if line is None:
        return VictoryAssessment(side, "unknown", reason="no victory points printed")
    if not line.standard:
        return VictoryAssessment(
            side, "non-standard", reason="special victory points (23.7.3) outside the 26.5 derivation"
        )
    used: list[int] = []
    sources = []
    for assessment in (points[index], points[1 - index]):
        if assessment.printed is not None:
            used.append(assessment.printed)
            sources.append("printed")
        elif assessment.certain_total is not None:
            used.append(assessment.certain_total)
            sources.append("computed")
        elif assessment.outcomes:
            return _victory_by_candidates(scenario, index, points, assessment, lookup)
        else:
            why = assessment.reason or "the computed total depends on unknown values"
            return VictoryAssessment(
                side, "unknown", reason=f"{assessment.side.nation_printed} prints no scenario points and {why}"
            )
    own_points, other_points = used
    if min(own_points, other_points, side.aircraft_count, other.aircraft_count) <= 0:
        return VictoryAssessment(
            side, "unknown", reason="a side has no aircraft or no scenario points (26.5.1 divides by them)"
        )
    own_scale, other_scale = rules.victory_point_scales(
        side.aircraft_count, own_points, other.aircraft_count, other_points
    )
    derivation = _derivation(side, other, own_points, other_points, own_scale, other_scale)
    checks = [
        VictoryCheck(
            "per_eliminated",
            f"{line.pointer}/per_eliminated",
            line.per_eliminated or 0,
            other_scale.eliminated,
            f"per eliminated {other.nation_printed} aircraft should be {other_scale.eliminated}",
        ),
        VictoryCheck(
            "per_damaged",
            f"{line.pointer}/per_damaged",
            line.per_damaged or 0,
            other_scale.damaged,
            f"per damaged should be {other_scale.damaged} (1/4, 26.5.2)",
        ),
        VictoryCheck(
            "per_exited",
            f"{line.pointer}/per_exited",
            line.per_exited or 0,
            other_scale.exited,
            f"per exited should be {other_scale.exited} (1/2, 26.5.3)",
        ),
    ]
    type_checks, inapplicable = _type_line_checks(scenario, index, (own_scale, other_scale), lookup)
    checks.extend(type_checks)
    against_unflown = _against_unflown(scenario, index, lookup)
    status = "agrees" if all(c.printed == c.expected for c in checks) else "disagrees"
    return VictoryAssessment(
        side,
        status,
        (own_scale, other_scale),
        (own_points, other_points),
        "/".join(sources),
        derivation,
        tuple(checks),
        inapplicable=inapplicable,
        against_unflown=against_unflown,
    )


def _against_unflown(scenario: Scenario, index: int, lookup: Callable[[str], FlAircraft | None]) -> str | None:
    """Return the type a side's values are printed against when no flight of the other side is of it (FL 23.7.1).

    A nation's aircraft ('Israeli aircraft') is not a type, nor is a family without a model number ('MiG'); 'F-4 or
    F-15' names two.
    """
    line = scenario.sides[index].victory_points
    assert line is not None
    against = (line.against or "").strip()
    if not against or against.endswith("aircraft") or not any(ch.isdigit() for ch in against):
        return None
    for name in against.split(" or "):
        if any(owner != index for owner, _ in flights_named(scenario, name.strip(), lookup)):
            return None
    return against


def _type_line_checks(
    scenario: Scenario,
    index: int,
    scales: tuple[VictoryPointScale, VictoryPointScale],
    lookup: Callable[[str], FlAircraft | None],
) -> tuple[list[VictoryCheck], tuple[InapplicableLine, ...]]:
    """Check the bonus-exit and jettison values against the side of the type each names (FL 26.5.3).

    An exit or jettison is worth half of the named aircraft's value: the value of the side that flies it. When
    both sides fly it, a bonus exit is the earning side's own aircraft (23.7.2.1) and a jettison the other
    side's (23.7.3); a line naming a type no flight flies is inapplicable, not wrong.
    """
    side = scenario.sides[index]
    line = side.victory_points
    assert line is not None
    checks: list[VictoryCheck] = []
    inapplicable: list[InapplicableLine] = []
    # (field, printed, type named, side the rules give the line when both sides fly the type)
    named = []
    if line.bonus_exit is not None:
        named.append(("bonus_exit", line.bonus_exit[0], line.bonus_exit[1], index))
    if line.jettison is not None:
        named.append(("jettison", line.jettison[0], line.jettison[1], 1 - index))
    for field, printed, name, default in named:
        pointer = f"{line.pointer}/{field}/points"
        flights = flights_named(scenario, name, lookup)
        owners = {owner for owner, _ in flights}
        if not owners:
            inapplicable.append(InapplicableLine(field, pointer, printed, name))
            continue
        owner = default if default in owners else owners.pop()
        scale = scales[0] if owner == index else scales[1]
        nation = scenario.sides[owner].nation_printed or scenario.sides[owner].key
        value = f"1/2 of the {scale.eliminated} each {nation} aircraft is worth, 26.5.3"
        if field == "bonus_exit":
            can_bonus = any(f.loaded or (f.role or "") == "reconnaissance" for o, f in flights if o == owner)
            remark = "" if can_bonus else (
                f"no {name} of {nation} is a loaded fighter-bomber or reconnaissance aircraft that could "
                f"bonus-exit, 23.7.2.1"
            )
            checks.append(VictoryCheck(
                field, pointer, printed, scale.exited,
                f"per bonus-exited {name} ({nation}) should be {scale.exited} ({value}, 23.7.2.1)", remark,
            ))
        else:
            checks.append(VictoryCheck(
                field, pointer, printed, scale.exited,
                f"per jettisoning {name} ({nation}) should be {scale.exited} (as a penalty exit: {value}, 17.2.2)",
            ))
    return checks, tuple(inapplicable)


def _victory_by_candidates(
    scenario: Scenario,
    index: int,
    points: tuple[SideAssessment, SideAssessment],
    missing: SideAssessment,
    lookup: Callable[[str], FlAircraft | None],
) -> VictoryAssessment:
    """Victory points when a side prints no scenario points and the rules give several totals: try each one."""
    verdicts = []
    for total in missing.totals:
        fixed = replace(missing, printed=total, status="agrees")
        trial = tuple(fixed if a is missing else a for a in points)
        outcome = assess_victory(scenario, index, (trial[0], trial[1]), lookup)
        verdicts.append((total, outcome.status))
    fits = [str(total) for total, status in verdicts if status == "agrees"]
    name = missing.side.nation_printed or missing.side.key
    if fits and len(fits) == len(verdicts):
        reason = (
            f"{name} prints no scenario points; the printed victory points fit the derivation with every total "
            f"the rules give ({' or '.join(map(str, missing.totals))})"
        )
    elif fits:
        reason = (
            f"{name} prints no scenario points; the printed victory points fit the derivation only if its "
            f"points are {' or '.join(fits)} (the rules give {' or '.join(map(str, missing.totals))})"
        )
    else:
        reason = (
            f"{name} prints no scenario points; none of the totals the rules give "
            f"({' or '.join(map(str, missing.totals))}) makes the printed victory points fit"
        )
    missing_index = 0 if scenario.sides[0] is missing.side else 1
    fitting = (missing_index, tuple(total for total, status in verdicts if status == "agrees"))
    return VictoryAssessment(scenario.sides[index], "unknown", reason=reason, fitting=fitting)


def _derivation(
    side: Side, other: Side, own_points: int, other_points: int, own: VictoryPointScale, theirs: VictoryPointScale
) -> str:
    a, b = side.nation_printed or side.key, other.nation_printed or other.key
    text = (
        f"{a} {side.aircraft_count} aircraft/{own_points}SP, {b} {other.aircraft_count} aircraft/{other_points}SP; "
        f"normal values {a} {own.normal}, {b} {theirs.normal} (26.5.1)"
    )
    for name, scale in ((a, own), (b, theirs)):
        if scale.ratio is not None:
            text += (
                f"; {name} superior: {scale.ratio.numerator}/{scale.ratio.denominator} x {scale.normal} = "
                f"{float(scale.ratio * scale.normal):.2f} -> {scale.balanced}"
            )
    text += (
        f"; lowest whole values with whole quarters: {b} aircraft "
        f"{theirs.eliminated}/{theirs.damaged}/{theirs.exited}, "
        f"{a} aircraft {own.eliminated}/{own.damaged}/{own.exited} (eliminated/damaged/exited)"
    )
    return text
