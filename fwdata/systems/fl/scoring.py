"""Flight Leader scenario scoring: a scenario's scenario points (26.2.3.2) and victory points (26.5) from its data.

The rulebook's lists are cut off, so many counter values (countermeasures
rating, gun fit, missile capability) and some scenario armaments are not known.
Scoring never guesses: when a rule needs an unknown value, every possible value
is tried (`Fact`), and each outcome carries the assumptions it was computed
under. A printed value then agrees, disagrees under every assumption, agrees
only under some, or cannot be computed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Flight, Scenario, Side
from fwdata.systems.fl.rules import AircraftPoints, PointFactors, VictoryPointScale

RADAR_MISSILES = frozenset({"RR", "RA", "AL", "AM"})
# Work `explore_side` may do for one side, in flight evaluations (one evaluation of the side's points costs one per
# flight of the scenario): the bundled scenarios need at most 36, while unknowns multiply (three missile loads per
# flight the scenario is silent on: 16 such flights are 43 million evaluations).
MAX_FLIGHT_EVALUATIONS = 20_000


@dataclass(frozen=True)
class Fact:
    """An unknown value a rule needs: a key, what it is about, and its possible (label, value) pairs."""

    key: str
    subject: str
    options: tuple[tuple[str, Any], ...]


class NeedFact(Exception):  # noqa: N818 - control flow for lazy enumeration, never escapes this module
    """Raised inside an evaluation when an unknown value is needed."""

    def __init__(self, fact: Fact) -> None:
        super().__init__(fact.key)
        self.fact = fact


@dataclass(frozen=True)
class FlightPoints:
    """One flight's scenario points under one set of assumptions."""

    flight: Flight
    aircraft_label: str
    letter: str
    base: int
    each: AircraftPoints
    malfunction: AircraftPoints | None
    malfunction_count: int
    total: int


@dataclass(frozen=True)
class SideOutcome:
    """A side's total under one set of assumptions (labels, in the order they were needed)."""

    assumptions: tuple[str, ...]
    facts: Mapping[str, str]
    flights: tuple[FlightPoints, ...]
    total: int


@dataclass(frozen=True)
class SideAssessment:
    """A side's printed scenario points against the rules.

    status: 'agrees', 'disagrees', 'conditional' (agrees only under some
    assumptions), 'unknown' (cannot be computed; `reason` says why) or
    'not-printed' (the scenario prints no total; `outcomes` hold the computed ones).
    """

    side: Side
    printed: int | None
    status: str
    outcomes: tuple[SideOutcome, ...] = ()
    reason: str | None = None
    agreeing: tuple[SideOutcome, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        """The distinct computed totals, sorted."""
        return tuple(sorted({outcome.total for outcome in self.outcomes}))

    @property
    def certain_total(self) -> int | None:
        """The computed total when every assumption gives the same one, else None."""
        totals = self.totals
        return totals[0] if len(totals) == 1 else None


@dataclass(frozen=True)
class VictoryCheck:
    """One printed victory-point value against the 26.5 derivation."""

    field: str
    pointer: str
    printed: int
    expected: int
    explanation: str


@dataclass(frozen=True)
class VictoryAssessment:
    """A side's printed victory points against the 26.5/23.7 derivation.

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

    @property
    def mismatches(self) -> tuple[VictoryCheck, ...]:
        """The printed values that differ from the derivation."""
        return tuple(check for check in self.checks if check.printed != check.expected)


@dataclass(frozen=True)
class ScenarioScore:
    """Everything the rules say about a scenario's printed points.

    `recount` is the same assessment with each flight given as many aircraft as
    it has unit numbers, when some flight's printed count differs (a common
    printing fault); None otherwise.
    """

    scenario: Scenario
    sides: tuple[SideAssessment, SideAssessment]
    victory: tuple[VictoryAssessment, VictoryAssessment]
    recount: ScenarioScore | None = None


@dataclass
class _Context:
    scenario: Scenario
    aircraft: Callable[[str], FlAircraft | None]
    assignment: dict[str, tuple[str, Any]] = field(default_factory=dict)
    # Keys of the facts used, in the order first needed (a dict for constant-time membership).
    order: dict[str, None] = field(default_factory=dict)
    # Whole-scenario answers already worked out under this assignment, so one evaluation scans each flight list once.
    memo: dict[tuple[str, str], Any] = field(default_factory=dict)

    def fact(self, fact: Fact) -> Any:
        if fact.key not in self.assignment:
            raise NeedFact(fact)
        self.order.setdefault(fact.key)
        return self.assignment[fact.key][1]

    def remembered(self, key: tuple[str, str], compute: Callable[[], Any]) -> Any:
        """Return compute()'s answer, computed once per assignment (the facts it used are already in `order`)."""
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]


def flight_missiles(ctx: _Context, side: Side, flight: Flight) -> str:
    """Return 'none', 'old' (no HA/AL/AM) or 'new' for what a flight carries (asks when the scenario is silent)."""
    if flight.guns == "unarmed":
        return "none"
    if flight.missiles is not None:
        if not flight.missiles:
            return "none"
        return "new" if any(m.type in rules.NEW_MISSILE_TYPES for m in flight.missiles) else "old"
    return str(
        ctx.fact(
            Fact(
                f"missiles:{flight.pointer}",
                f"{side.nation_printed or side.key} flight {flight.number} ({flight.unit_printed}) armament, "
                f"not stated",
                (
                    (f"{flight.unit_printed} flight carries no missiles", "none"),
                    (f"{flight.unit_printed} flight carries missiles but no HA/AL/AM", "old"),
                    (f"{flight.unit_printed} flight carries HA/AL/AM", "new"),
                ),
            )
        )
    )


def side_uses_missiles(ctx: _Context, side: Side) -> bool:
    """Return whether any aircraft of the side carries missiles."""
    return bool(
        ctx.remembered(
            ("uses", side.pointer),
            lambda: any(flight_missiles(ctx, side, flight) != "none" for flight in side.flights),
        )
    )


def side_has_new_missiles(ctx: _Context, side: Side) -> bool:
    """Return whether the side carries HA, AL or AM missiles (26.2.3.2.7)."""
    return bool(
        ctx.remembered(
            ("new", side.pointer),
            lambda: any(flight_missiles(ctx, side, flight) == "new" for flight in side.flights),
        )
    )


def has_controller(ctx: _Context, side: Side) -> bool:
    """Return whether the side has a controller (asks when the printed text is unclear)."""
    if side.controller is None:
        return False
    if not side.controller.uncertain:
        return True
    return bool(
        ctx.fact(
            Fact(
                f"controller:{side.key}",
                f"{side.nation_printed or side.key} controller",
                (
                    (f"{side.nation_printed or side.key} has the controller", True),
                    (f"{side.nation_printed or side.key} has no controller", False),
                ),
            )
        )
    )


def can_carry_missiles(ctx: _Context, aircraft: FlAircraft) -> bool:
    """Return whether an aircraft type can carry missiles (asks when its list row and counter are lost)."""
    known = aircraft.can_carry_missiles()
    if known is not None:
        return known
    if ctx.remembered(("carried", aircraft.id), lambda: _carried_in_scenario(ctx.scenario, aircraft)):
        return True
    return bool(
        ctx.fact(
            Fact(
                f"capable:{aircraft.id}",
                f"{aircraft.label} missile capability",
                ((f"{aircraft.label} can carry missiles", True), (f"{aircraft.label} cannot carry missiles", False)),
            )
        )
    )


def _carried_in_scenario(scenario: Scenario, aircraft: FlAircraft) -> bool:
    return any(flight.aircraft == aircraft.id and flight.missiles for side in scenario.sides for flight in side.flights)


def can_carry_external_gun(ctx: _Context, aircraft: FlAircraft) -> bool:
    """Return whether an aircraft type can carry an external gun (asks when unknown)."""
    known = aircraft.can_carry_external_gun()
    if known is not None:
        return known
    return bool(
        ctx.fact(
            Fact(
                f"gun:{aircraft.id}",
                f"{aircraft.label} external gun",
                (
                    (f"{aircraft.label} can carry an external gun", True),
                    (f"{aircraft.label} cannot carry an external gun", False),
                ),
            )
        )
    )


def countermeasures_rating(ctx: _Context, aircraft: FlAircraft) -> int:
    """Return an aircraft's countermeasures rating (asks 0 / 1-5 / 6+ when the counter is not in the text)."""
    if aircraft.counter.countermeasures is not None:
        return aircraft.counter.countermeasures
    return int(
        ctx.fact(
            Fact(
                f"cm:{aircraft.id}",
                f"{aircraft.label} countermeasures rating",
                (
                    (f"{aircraft.label} countermeasures rating 0", 0),
                    (f"{aircraft.label} countermeasures rating 1-5", 3),
                    (f"{aircraft.label} countermeasures rating 6+", 6),
                ),
            )
        )
    )


def _no_missile_exception(ctx: _Context) -> bool:
    """26.2.3.2.1 exceptions: no side uses missiles and all aircraft could carry them, or none can carry any."""
    return bool(ctx.remembered(("exception", ""), lambda: _scenario_no_missile_exception(ctx)))


def _scenario_no_missile_exception(ctx: _Context) -> bool:
    scenario = ctx.scenario
    types = [ctx.aircraft(flight.aircraft) for side in scenario.sides for flight in side.flights]
    known_types = [t for t in types if t is not None]
    capable = [can_carry_missiles(ctx, t) for t in known_types]
    if not any(capable):
        return True
    nobody_fires = not side_uses_missiles(ctx, scenario.sides[0]) and not side_uses_missiles(ctx, scenario.sides[1])
    return nobody_fires and all(capable)


def _flight_points(
    ctx: _Context, side: Side, flight: Flight, aircraft: FlAircraft, letter: str, base: int
) -> FlightPoints:
    other = ctx.scenario.other(side)
    carries = flight_missiles(ctx, side, flight)
    no_missiles = False
    if carries == "none" and can_carry_missiles(ctx, aircraft):
        no_missiles = not _no_missile_exception(ctx)
    no_gun = flight.guns in ("none", "unarmed", "no-external-gun") and can_carry_external_gun(ctx, aircraft)
    unused_cm = None
    if flight.countermeasures == "not-carried" or not side_uses_missiles(ctx, other):
        unused_cm = countermeasures_rating(ctx, aircraft)
    sole_controller = has_controller(ctx, side) and not has_controller(ctx, other)
    sole_new = side_has_new_missiles(ctx, side) and not side_has_new_missiles(ctx, other)
    factors = PointFactors(
        base=base,
        letter=letter,
        no_missiles=no_missiles,
        no_external_gun=no_gun,
        unused_cm_rating=unused_cm,
        engagement_restriction=flight.engagement_restriction,
        loaded=flight.loaded,
        sole_controller=sole_controller,
        sole_new_missiles=sole_new,
    )
    each = rules.aircraft_scenario_points(factors)
    malfunction = None
    broken = min(flight.radar_malfunction, flight.count)
    if broken:
        # 26.2.3.2.1: radar missiles it cannot use count as carrying none (24.18).
        usable = flight.missiles is None or any(m.type not in RADAR_MISSILES for m in flight.missiles)
        radar_factors = PointFactors(
            base=base,
            letter=letter,
            no_missiles=no_missiles or (not usable and can_carry_missiles(ctx, aircraft)),
            no_external_gun=no_gun,
            unused_cm_rating=unused_cm,
            # 26.2.3.2.4 reduces only for restrictions that impede the aircraft; the scenarios' restriction is on
            # radar-missile shots, which an aircraft with its radar out cannot take anyway (24.18 reading).
            engagement_restriction=False,
            radar_malfunction=True,
            loaded=flight.loaded,
            sole_controller=sole_controller,
            sole_new_missiles=sole_new,
        )
        malfunction = rules.aircraft_scenario_points(radar_factors)
    if flight.missiles_carried_by is not None and flight.missiles_carried_by < flight.count and carries != "none":
        bare = rules.aircraft_scenario_points(
            PointFactors(
                base=base,
                letter=letter,
                no_missiles=can_carry_missiles(ctx, aircraft),
                no_external_gun=no_gun,
                unused_cm_rating=unused_cm,
                engagement_restriction=flight.engagement_restriction,
                loaded=flight.loaded,
                sole_controller=sole_controller,
                sole_new_missiles=sole_new,
            )
        )
        total = flight.missiles_carried_by * each.value + (flight.count - flight.missiles_carried_by) * bare.value
        return FlightPoints(
            flight, aircraft.label, letter, base, each, bare, flight.count - flight.missiles_carried_by, total
        )
    total = (flight.count - broken) * each.value + (broken * malfunction.value if malfunction else 0)
    return FlightPoints(flight, aircraft.label, letter, base, each, malfunction, broken, total)


def side_points_unknown_reason(
    scenario: Scenario, side: Side, lookup: Callable[[str], FlAircraft | None]
) -> str | None:
    """Return why a side's scenario points cannot be computed from the list rows, or None if they can."""
    reasons = []
    for flight in side.flights:
        aircraft = lookup(flight.aircraft)
        if aircraft is None:
            reasons.append(f"{flight.unit_printed}: no aircraft {flight.aircraft!r}")
            continue
        try:
            letter = rules.rating_letter(flight.aircrew)
        except ValueError:
            reasons.append(f"{flight.unit_printed}: no aircrew counts")
            continue
        cell = aircraft.points_at(letter)
        if cell == UNKNOWN:
            if aircraft.row_status == "lost":
                reasons.append(f"{aircraft.label}: list row lost (21.1 lists are cut off), no {letter} points")
            else:
                reasons.append(f"{aircraft.label}: the {letter} cell of its list row is lost")
        elif cell is None:
            reasons.append(f"{aircraft.label}: the list prints no value (dash) at {letter}")
    if not reasons:
        return None
    return "; ".join(dict.fromkeys(reasons))


def _evaluate_side(ctx: _Context, side: Side) -> SideOutcome:
    flights = []
    for flight in side.flights:
        aircraft = ctx.aircraft(flight.aircraft)
        assert aircraft is not None  # checked by side_points_unknown_reason
        letter = rules.rating_letter(flight.aircrew)
        base = aircraft.points_at(letter)
        assert isinstance(base, int)
        flights.append(_flight_points(ctx, side, flight, aircraft, letter, base))
    labels = tuple(ctx.assignment[key][0] for key in ctx.order)
    facts = {key: ctx.assignment[key][0] for key in ctx.order}
    return SideOutcome(labels, facts, tuple(flights), sum(f.total for f in flights))


def explore_side(scenario: Scenario, side: Side, lookup: Callable[[str], FlAircraft | None]
                 ) -> list[SideOutcome] | None:
    """Return the side's total under every combination of the unknown values its rules need.

    Each evaluation costs one flight evaluation per flight of the scenario (with each side's flight list scanned
    once); None when more combinations remain after MAX_FLIGHT_EVALUATIONS (too many unknowns to try them all).
    """
    results: list[SideOutcome] = []
    pending: list[dict[str, tuple[str, Any]]] = [{}]
    cost = sum(len(s.flights) for s in scenario.sides)
    spent = 0
    while pending:
        if spent and spent + cost > MAX_FLIGHT_EVALUATIONS:
            return None
        spent += cost
        assignment = pending.pop()
        ctx = _Context(scenario, lookup, dict(assignment))
        try:
            results.append(_evaluate_side(ctx, side))
        except NeedFact as need:
            for label, value in reversed(need.fact.options):
                pending.append({**assignment, need.fact.key: (label, value)})
    return results


def assess_side(scenario: Scenario, side: Side, lookup: Callable[[str], FlAircraft | None]) -> SideAssessment:
    """Compare a side's printed scenario points (23.2.9) with 26.2.3.2."""
    reason = side_points_unknown_reason(scenario, side, lookup)
    if reason is not None:
        return SideAssessment(side, side.scenario_points, "unknown", reason=reason)
    explored = explore_side(scenario, side, lookup)
    if explored is None:
        return SideAssessment(side, side.scenario_points, "unknown",
                              reason=f"its unknown values (such as flights with no missiles: key) have too many "
                                     f"combinations to try within {MAX_FLIGHT_EVALUATIONS} flight evaluations; "
                                     f"state them in the scenario")
    outcomes = tuple(explored)
    if side.scenario_points is None:
        return SideAssessment(side, None, "not-printed", outcomes)
    agreeing = tuple(o for o in outcomes if o.total == side.scenario_points)
    if len(agreeing) == len(outcomes):
        status = "agrees"
    elif not agreeing:
        status = "disagrees"
    else:
        status = "conditional"
    return SideAssessment(side, side.scenario_points, status, outcomes, agreeing=agreeing)


def condition_summary(agreeing: tuple[SideOutcome, ...], outcomes: tuple[SideOutcome, ...]) -> str:
    """Describe the assumptions under which a printed value agrees: one conjunction per agreeing combination.

    A fact is left out when the agreeing and the disagreeing outcomes can still be told apart without it.
    """
    keys = list(dict.fromkeys(key for o in outcomes for key in o.facts))
    failing = [o for o in outcomes if o not in agreeing]
    relevant = list(keys)
    for key in keys:
        trial = [k for k in relevant if k != key]

        def project(o: SideOutcome, kept: list[str] = trial) -> tuple[str | None, ...]:
            return tuple(o.facts.get(k) for k in kept)

        if not {project(o) for o in agreeing} & {project(o) for o in failing}:
            relevant = trial
    combos = list(dict.fromkeys(" and ".join(o.facts[key] for key in relevant if key in o.facts) for o in agreeing))
    combos = [c for c in combos if c]
    if not combos:
        return "some combinations of the unknown values"
    if len(combos) == 1:
        return combos[0]
    return " or ".join(f"({c})" if " and " in c else c for c in combos)


def assess_victory(scenario: Scenario, index: int, points: tuple[SideAssessment, SideAssessment]) -> VictoryAssessment:
    """Compare the victory points side `index` earns with the 26.5 derivation (23.7 exits and jettisons)."""
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
            return _victory_by_candidates(scenario, index, points, assessment)
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
    if line.bonus_exit is not None:
        can_bonus = any(f.loaded or (f.role or "") == "reconnaissance" for f in side.flights)
        note = (
            ""
            if can_bonus
            else "; the side has no loaded fighter-bomber or reconnaissance aircraft that could bonus-exit"
        )
        checks.append(
            VictoryCheck(
                "bonus_exit",
                f"{line.pointer}/bonus_exit/points",
                line.bonus_exit[0],
                own_scale.exited,
                f"per bonus-exited {line.bonus_exit[1]} should be {own_scale.exited} (1/2 of its own value, "
                f"23.7.2.1, 26.5.3{note})",
            )
        )
    if line.jettison is not None:
        checks.append(
            VictoryCheck(
                "jettison",
                f"{line.pointer}/jettison/points",
                line.jettison[0],
                other_scale.exited,
                f"per jettisoning {line.jettison[1]} should be {other_scale.exited} (as a penalty exit, 17.2.2, "
                f"26.5.3)",
            )
        )
    status = "agrees" if all(c.printed == c.expected for c in checks) else "disagrees"
    return VictoryAssessment(
        side, status, (own_scale, other_scale), (own_points, other_points), "/".join(sources), derivation, tuple(checks)
    )


def _victory_by_candidates(
    scenario: Scenario, index: int, points: tuple[SideAssessment, SideAssessment], missing: SideAssessment
) -> VictoryAssessment:
    """Victory points when a side prints no scenario points and the rules give several totals: try each one."""
    verdicts = []
    for total in missing.totals:
        fixed = replace(missing, printed=total, status="agrees")
        trial = tuple(fixed if a is missing else a for a in points)
        outcome = assess_victory(scenario, index, (trial[0], trial[1]))
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
    return VictoryAssessment(scenario.sides[index], "unknown", reason=reason)


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


def score_scenario(
    scenario: Scenario, lookup: Callable[[str], FlAircraft | None], *, recount: bool = True
) -> ScenarioScore:
    """Assess both sides' scenario points and victory points of a scenario."""
    points = (assess_side(scenario, scenario.sides[0], lookup), assess_side(scenario, scenario.sides[1], lookup))
    victory = (assess_victory(scenario, 0, points), assess_victory(scenario, 1, points))
    alternative = None
    if recount:
        recounted = recounted_scenario(scenario)
        if recounted is not None:
            alternative = score_scenario(recounted, lookup, recount=False)
    return ScenarioScore(scenario, points, victory, alternative)


def recounted_scenario(scenario: Scenario) -> Scenario | None:
    """Return the scenario with each flight that has more unit numbers than aircraft given that many, or None."""
    changed = False
    sides = []
    for side in scenario.sides:
        flights = []
        for flight in side.flights:
            units = flight.unit_count
            if units is not None and flight.count < units <= 8:
                flights.append(replace(flight, count=units))
                changed = True
            else:
                flights.append(flight)
        sides.append(replace(side, flights=tuple(flights)))
    return replace(scenario, sides=tuple(sides)) if changed else None
