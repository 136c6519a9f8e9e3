"""Score a scenario: both sides' scenario points and victory points, and again with unit-number counts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from fwdata.systems.fl.model import FlAircraft, Scenario
from fwdata.systems.fl.scoring.sides import SideAssessment, assess_side
from fwdata.systems.fl.scoring.victory import VictoryAssessment, assess_victory


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


def score_scenario(
    scenario: Scenario, lookup: Callable[[str], FlAircraft | None], *, recount: bool = True
) -> ScenarioScore:
    """Assess both sides' scenario points (FL 26.2.3.2) and victory points (FL 26.5) of a scenario."""
    points = (assess_side(scenario, scenario.sides[0], lookup), assess_side(scenario, scenario.sides[1], lookup))
    victory = (assess_victory(scenario, 0, points, lookup), assess_victory(scenario, 1, points, lookup))
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
