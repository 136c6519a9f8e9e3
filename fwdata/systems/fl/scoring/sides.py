"""A side's scenario points against the printed total (FL 26.2.3.2, 23.2.9), over every unknown value.

The rulebook's lists are cut off, so many counter values (countermeasures
rating, gun fit, missile capability) and some scenario armaments are not known.
Scoring never guesses: when a rule needs an unknown value, every possible value
is tried (`Fact`), and each outcome carries the assumptions it was computed
under. A printed value then agrees, disagrees under every assumption, agrees
only under some, or cannot be computed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Scenario, Side
from fwdata.systems.fl.scoring.armament import list_points
from fwdata.systems.fl.scoring.flights import MAX_FLIGHT_EVALUATIONS, Context, FlightPoints, NeedFact, flight_points


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
        cell = list_points(scenario, flight, aircraft, letter).cell
        if cell == UNKNOWN:
            if aircraft.row_status == "lost":
                reasons.append(
                    f"{aircraft.label}: list row lost (21.1 lists are cut off), no {letter} points"
                    + _armament_dates(aircraft, scenario)
                )
            else:
                reasons.append(f"{aircraft.label}: the {letter} cell of its list row is lost")
        elif cell is None:
            reasons.append(f"{aircraft.label}: the list prints no value (dash) at {letter}")
    if not reasons:
        return None
    return "; ".join(dict.fromkeys(reasons))


def _armament_dates(aircraft: FlAircraft, scenario: Scenario) -> str:
    """Say why a 21.7 note's armament rows do not apply: the scenario is not after their years."""
    years = sorted({row.after_year for row in aircraft.armaments if row.after_year is not None})
    if not years:
        return ""
    notes = "/".join(sorted({row.note for row in aircraft.armaments}))
    return f" (note {notes} armament points apply only after {years[0]}; the scenario is in {scenario.year})"


def _evaluate_side(ctx: Context, side: Side) -> SideOutcome:
    flights = []
    for flight in side.flights:
        aircraft = ctx.aircraft(flight.aircraft)
        assert aircraft is not None  # checked by side_points_unknown_reason
        letter = rules.rating_letter(flight.aircrew)
        base = list_points(ctx.scenario, flight, aircraft, letter)
        assert isinstance(base.cell, int)
        flights.append(flight_points(ctx, side, flight, aircraft, letter, base.cell, base.source))
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
        ctx = Context(scenario, lookup, dict(assignment))
        try:
            results.append(_evaluate_side(ctx, side))
        except NeedFact as need:
            for label, value in reversed(need.fact.options):
                pending.append({**assignment, need.fact.key: (label, value)})
    return results


def assess_side(scenario: Scenario, side: Side, lookup: Callable[[str], FlAircraft | None]) -> SideAssessment:
    """Compare a side's printed scenario points (FL 23.2.9) with FL 26.2.3.2."""
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
