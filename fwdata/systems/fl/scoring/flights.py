"""One flight's scenario points (FL 26.2.3.2) under one assignment of the unknown values the rules need.

A rule that needs a value the rulebook lost asks for it as a `Fact` (raising
`NeedFact` when the assignment does not hold it yet); `sides.py` tries every option.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import FlAircraft, Flight, Missile, Scenario, Side
from fwdata.systems.fl.rules import AircraftPoints, PointFactors

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


class NeedFact(Exception):  # noqa: N818 - control flow for lazy enumeration, never escapes scoring
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


@dataclass
class Context:
    """One evaluation: the assignment of unknown values, the facts it used, its memo."""

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


def flight_missiles(ctx: Context, side: Side, flight: Flight) -> str:
    """Return 'none', 'old' (no HA/AL/AM) or 'new' for what a flight carries (asks when the scenario is silent)."""
    if flight.guns == "unarmed":
        return "none"
    if flight.missiles is not None:
        return missile_kind(flight.missiles)
    subject = f"{side.nation_printed or side.key} flight {flight.number} ({flight.unit_printed}) armament"
    if flight.missile_readings:
        # The rules of engagement contradict themselves: each reading they allow is tried.
        options = tuple((f"{flight.unit_printed} {assumes}", missile_kind(missiles))
                        for assumes, missiles in flight.missile_readings)
        subject += ", as the contradictory rules of engagement allow"
        return str(ctx.fact(Fact(f"missiles:{flight.pointer}", subject, options)))
    unstated: tuple[tuple[str, str], ...] = (
        (f"{flight.unit_printed} flight carries no missiles", "none"),
        (f"{flight.unit_printed} flight carries missiles but no HA/AL/AM", "old"),
        (f"{flight.unit_printed} flight carries HA/AL/AM", "new"),
    )
    if ctx.scenario.year < rules.NEW_MISSILES_FIRST_YEAR:
        unstated = unstated[:2]  # FL 21.8.3.3, 18.3.1: no HA, AL or AM missile is in service yet
    return str(ctx.fact(Fact(f"missiles:{flight.pointer}", f"{subject}, not stated", unstated)))


def missile_kind(missiles: tuple[Missile, ...]) -> str:
    """Return 'none', 'old' (no HA/AL/AM) or 'new' for what each aircraft carries (FL 26.2.3.2.1, 26.2.3.2.7)."""
    if not missiles:
        return "none"
    return "new" if any(m.type in rules.NEW_MISSILE_TYPES for m in missiles) else "old"


def side_uses_missiles(ctx: Context, side: Side) -> bool:
    """Return whether any aircraft of the side carries missiles."""
    return bool(
        ctx.remembered(
            ("uses", side.pointer),
            lambda: any(flight_missiles(ctx, side, flight) != "none" for flight in side.flights),
        )
    )


def side_has_new_missiles(ctx: Context, side: Side) -> bool:
    """Return whether the side carries HA, AL or AM missiles (FL 26.2.3.2.7)."""
    return bool(
        ctx.remembered(
            ("new", side.pointer),
            lambda: any(flight_missiles(ctx, side, flight) == "new" for flight in side.flights),
        )
    )


def has_controller(ctx: Context, side: Side) -> bool:
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


def can_carry_missiles(ctx: Context, aircraft: FlAircraft) -> bool:
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


def can_carry_external_gun(ctx: Context, aircraft: FlAircraft) -> bool:
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


def countermeasures_rating(ctx: Context, aircraft: FlAircraft) -> int:
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


def _no_missile_exception(ctx: Context) -> bool:
    """FL 26.2.3.2.1 exceptions: no side uses missiles and all aircraft could carry them, or none can carry any."""
    return bool(ctx.remembered(("exception", ""), lambda: _scenario_no_missile_exception(ctx)))


def _scenario_no_missile_exception(ctx: Context) -> bool:
    scenario = ctx.scenario
    types = [ctx.aircraft(flight.aircraft) for side in scenario.sides for flight in side.flights]
    known_types = [t for t in types if t is not None]
    capable = [can_carry_missiles(ctx, t) for t in known_types]
    if not any(capable):
        return True
    nobody_fires = not side_uses_missiles(ctx, scenario.sides[0]) and not side_uses_missiles(ctx, scenario.sides[1])
    return nobody_fires and all(capable)


def flight_points(
    ctx: Context, side: Side, flight: Flight, aircraft: FlAircraft, letter: str, base: int,
    base_source: str = "21.1.11",
) -> FlightPoints:
    """Value a flight at list points `base` (rating `letter`) with its reductions and multipliers (FL 26.2.3.2).

    `base_source` names where `base` comes from: the list row (21.1.11) or a 21.7 note's armament row.
    """
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
        base_source=base_source,
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
        # FL 26.2.3.2.1: radar missiles it cannot use count as carrying none (FL 24.18).
        usable = flight.missiles is None or any(m.type not in RADAR_MISSILES for m in flight.missiles)
        radar_factors = replace(
            factors,
            no_missiles=no_missiles or (not usable and can_carry_missiles(ctx, aircraft)),
            # FL 26.2.3.2.4 reduces only for restrictions that impede the aircraft; the scenarios' restriction is on
            # radar-missile shots, which an aircraft with its radar out cannot take anyway (FL 24.18 reading).
            engagement_restriction=False,
            radar_malfunction=True,
        )
        malfunction = rules.aircraft_scenario_points(radar_factors)
    if flight.missiles_carried_by is not None and flight.missiles_carried_by < flight.count and carries != "none":
        bare = rules.aircraft_scenario_points(replace(factors, no_missiles=can_carry_missiles(ctx, aircraft)))
        total = flight.missiles_carried_by * each.value + (flight.count - flight.missiles_carried_by) * bare.value
        return FlightPoints(
            flight, aircraft.label, letter, base, each, bare, flight.count - flight.missiles_carried_by, total
        )
    total = (flight.count - broken) * each.value + (broken * malfunction.value if malfunction else 0)
    return FlightPoints(flight, aircraft.label, letter, base, each, malfunction, broken, total)
