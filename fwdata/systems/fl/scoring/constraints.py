"""One side's printed scenario points (FL 23.2.9) as a constraint on the lost values its 26.2.3.2 total needs.

A lost list cell (FL 21.1.11) is an unknown whole number in `POINTS_RANGE`; every
other unknown is a `Fact` of flights.py. A side's constraint lists every
assignment of its unknowns under which the rules give the printed total. Unknowns
of one aircraft (its list cells, countermeasures rating, missile capability,
external gun) are shared by every scenario that uses the aircraft; the others
(an unstated armament, an unclear controller) belong to one scenario.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Flight, Scenario, Side
from fwdata.systems.fl.scoring.armament import ROW_SOURCE, list_points
from fwdata.systems.fl.scoring.flights import MAX_FLIGHT_EVALUATIONS, Context, NeedFact, flight_points

# Values a lost list cell may take: the surviving rows print 5 to 27 (21.2-21.6); the range leaves room on both sides.
POINTS_RANGE = range(1, 61)
# Assignments one side may try (lost cells after the first are counted, the last is solved for): beyond it the side
# is left out of the solution and reported.
MAX_COMBINATIONS = 200_000
# Combinations of lost cells a contradiction's arithmetic may show.
MAX_EXPLAINED = 1_000
# Fact keys of flights.py that belong to an aircraft type and so are shared across scenarios.
SHARED_FACTS = ("cm:", "capable:", "gun:")

Solution = Mapping[str, Any]


@dataclass(frozen=True, eq=False)
class SideConstraint:
    """The assignments of a side's unknowns under which its printed total agrees.

    `solutions` hold key -> value for every unknown the side's total used; `capped` when the search stopped at
    MAX_FLIGHT_EVALUATIONS (as explore_side does) or MAX_COMBINATIONS of lost cells (the solutions are then
    incomplete and not used).
    """

    scenario: Scenario
    side: Side
    solutions: tuple[Solution, ...]
    capped: bool
    raw_keys: Mapping[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The scenario and side, as the messages name them (`24.8 (Variant Forces) North Vietnam (64SP)`)."""
        side = self.side
        return f"{scenario_title(self.scenario)} {side.nation_printed or side.key} ({side.scenario_points}SP)"

    def unknown_keys(self) -> set[str]:
        return {key for solution in self.solutions for key in solution}


@dataclass
class Unknowns:
    """What each unknown is about and the label of each of its values, gathered while sides are explored."""

    subjects: dict[str, str] = field(default_factory=dict)
    labels: dict[str, dict[Any, str]] = field(default_factory=dict)

    def domain(self, key: str) -> tuple[Any, ...]:
        """Return every value the unknown may take."""
        if key.startswith("points:"):
            return tuple(POINTS_RANGE)
        return tuple(self.labels[key])

    def label(self, key: str, value: Any) -> str:
        if key.startswith("points:"):
            return f"{self.subjects[key]} {value}"
        return self.labels[key][value]


def cell_key(aircraft_id: str, letter: str) -> str:
    """Return the unknown's key of a lost list cell."""
    return f"points:{aircraft_id}:{letter}"


def scenario_title(scenario: Scenario) -> str:
    """Return the scenario's number, with the short name of its variant (`24.8 (Variant Forces)`)."""
    if not scenario.variant:
        return scenario.number
    return f"{scenario.number} ({scenario.variant.split('(')[0].split(':')[0].strip()})"


def _shared_key(scenario: Scenario, key: str) -> str:
    return key if key.startswith(SHARED_FACTS) else f"{scenario.id}/{key}"


def constrain_side(
    scenario: Scenario, side: Side, lookup: Callable[[str], FlAircraft | None], unknowns: Unknowns
) -> SideConstraint | None:
    """Return the side's printed total as a constraint, or None when it prints none or a flight cannot be valued.

    A flight cannot be valued when its aircraft is missing, its aircrew counts give no letter or the list prints a
    dash at its letter. Each flight total is a nondecreasing function of its list cell (the reductions subtract, the
    multipliers are positive), but every value of POINTS_RANGE is tried, the last lost cell by lookup.
    """
    if side.scenario_points is None:
        return None
    flights: list[tuple[Flight, FlAircraft, str, int | None]] = []
    sources: list[str] = []
    for flight in side.flights:
        aircraft = lookup(flight.aircraft)
        if aircraft is None:
            return None
        try:
            letter = rules.rating_letter(flight.aircrew)
        except ValueError:
            return None
        chosen = list_points(scenario, flight, aircraft, letter)  # the row's cell, or a 21.7 note's by date and load
        cell = chosen.cell
        if cell is None or (cell == UNKNOWN and chosen.source != ROW_SOURCE):
            return None  # a lost cell of a note's armament row is not the row's own unknown
        flights.append((flight, aircraft, letter, None if cell == UNKNOWN else int(cell)))
        sources.append(chosen.source)
    for _, aircraft, letter, base in flights:
        if base is None:
            unknowns.subjects[cell_key(aircraft.id, letter)] = f"{aircraft.label} {letter} points"
    solutions: list[Solution] = []
    raw_keys: dict[str, str] = {}
    pending: list[dict[str, tuple[str, Any]]] = [{}]
    # A flight's totals depend only on the facts it uses: (flight index, their values) -> totals by cell value.
    tables_by_facts: dict[tuple[int, tuple[tuple[str, Any], ...]], dict[int, int]] = {}
    spent = tried = 0
    while pending:
        spent += sum(len(s.flights) for s in scenario.sides)
        if spent > MAX_FLIGHT_EVALUATIONS:
            return SideConstraint(scenario, side, (), True, raw_keys)
        assignment = pending.pop()
        ctx = Context(scenario, lookup, dict(assignment))
        try:
            probe = POINTS_RANGE[0]
            totals = [flight_points(ctx, side, flight, aircraft, letter, probe if base is None else base, source).total
                      for (flight, aircraft, letter, base), source in zip(flights, sources, strict=True)]
            tables = []
            for index, ((flight, aircraft, letter, base), total) in enumerate(zip(flights, totals, strict=True)):
                if base is not None:
                    tables.append({base: total})
                    continue
                # A context of its own tells which facts this flight uses (the shared one remembers across flights).
                own = Context(scenario, lookup, dict(assignment))
                flight_points(own, side, flight, aircraft, letter, POINTS_RANGE[0])
                uses = (index, tuple((key, own.assignment[key][1]) for key in own.order))
                if uses not in tables_by_facts:
                    tables_by_facts[uses] = {
                        b: flight_points(own, side, flight, aircraft, letter, b).total for b in POINTS_RANGE}
                tables.append(tables_by_facts[uses])
        except NeedFact as need:
            key = _shared_key(scenario, need.fact.key)
            unknowns.subjects[key] = need.fact.subject
            unknowns.labels[key] = {value: label for label, value in need.fact.options}
            raw_keys[key] = need.fact.key
            for label, value in reversed(need.fact.options):
                pending.append({**assignment, need.fact.key: (label, value)})
            continue
        facts = {_shared_key(scenario, key): ctx.assignment[key][1] for key in ctx.order}
        found, cost = _cell_solutions(flights, tables, side.scenario_points)
        tried += cost
        if tried > MAX_COMBINATIONS:
            return SideConstraint(scenario, side, (), True, raw_keys)
        solutions.extend({**facts, **cells} for cells in found)
    return SideConstraint(scenario, side, tuple(solutions), False, raw_keys)


def _cell_solutions(
    flights: list[tuple[Flight, FlAircraft, str, int | None]], tables: list[dict[int, int]], printed: int
) -> tuple[list[dict[str, int]], int]:
    """Return the lost-cell values whose flight totals add up to `printed`, and how many combinations were tried."""
    known = 0
    by_cell: dict[str, dict[int, int]] = {}
    for (_, aircraft, letter, base), table in zip(flights, tables, strict=True):
        if base is not None:
            known += table[base]
            continue
        column = by_cell.setdefault(cell_key(aircraft.id, letter), dict.fromkeys(POINTS_RANGE, 0))
        for value, total in table.items():
            column[value] += total
    if not by_cell:
        return ([{}] if known == printed else []), 1
    keys = list(by_cell)
    *firsts, last = keys
    solving: dict[int, list[int]] = {}
    for value, total in by_cell[last].items():
        solving.setdefault(total, []).append(value)
    found = []
    tried = 0
    for values in itertools.product(POINTS_RANGE, repeat=len(firsts)):
        tried += 1
        if tried > MAX_COMBINATIONS:
            break
        rest = printed - known - sum(by_cell[key][value] for key, value in zip(firsts, values, strict=True))
        for answer in solving.get(rest, ()):
            found.append({**dict(zip(firsts, values, strict=True)), last: answer})
    return found, tried


def explain(constraint: SideConstraint, solution: Solution, lookup: Callable[[str], FlAircraft | None]) -> str:
    """Return the side's computation under one solution, flight by flight (FL 26.2.3.2)."""
    assignment = {raw: ("", solution[key]) for key, raw in constraint.raw_keys.items() if key in solution}
    return _evaluate(constraint, assignment, solution, lookup)[1]


def totals_under(constraint: SideConstraint, domains: Mapping[str, set[Any]],
                 lookup: Callable[[str], FlAircraft | None]) -> dict[int, str] | None:
    """Return the side's totals (with one computation each) over the values `domains` leave its unknowns.

    An unknown not in `domains` takes any value. None when the lost cells leave more than MAX_EXPLAINED combinations.
    """
    cells = sorted(k for k in constraint.unknown_keys() if k.startswith("points:"))
    choices = [sorted(domains.get(k, POINTS_RANGE)) for k in cells]
    if math.prod(len(c) for c in choices) > MAX_EXPLAINED:
        return None
    totals: dict[int, str] = {}
    for values in itertools.product(*choices):
        fixed = dict(zip(cells, values, strict=True))
        pending: list[dict[str, tuple[str, Any]]] = [{}]
        while pending:
            assignment = pending.pop()
            try:
                total, text = _evaluate(constraint, assignment, fixed, lookup)
            except NeedFact as need:
                allowed = domains.get(_shared_key(constraint.scenario, need.fact.key))
                pending.extend({**assignment, need.fact.key: (label, value)} for label, value in need.fact.options
                               if allowed is None or value in allowed)
                continue
            totals.setdefault(total, text)
    return dict(sorted(totals.items()))


def _evaluate(constraint: SideConstraint, assignment: dict[str, tuple[str, Any]], cells: Solution,
              lookup: Callable[[str], FlAircraft | None]) -> tuple[int, str]:
    """Return the side's total and its computation (raises NeedFact for a fact the assignment lacks)."""
    scenario, side = constraint.scenario, constraint.side
    ctx = Context(scenario, lookup, dict(assignment))
    parts = []
    total = 0
    for flight in side.flights:
        aircraft = lookup(flight.aircraft)
        assert aircraft is not None  # constrain_side valued every flight
        letter = rules.rating_letter(flight.aircrew)
        chosen = list_points(scenario, flight, aircraft, letter)
        base = cells[cell_key(aircraft.id, letter)] if chosen.cell == UNKNOWN else chosen.cell
        assert isinstance(base, int)
        points = flight_points(ctx, side, flight, aircraft, letter, base, chosen.source)
        total += points.total
        parts.append(f"{flight.count} x {aircraft.label} {flight.aircrew.printed()}={letter}: "
                     f"{' '.join(points.each.steps)} = {points.each.value}"
                     + (f", {points.malfunction_count} at {points.malfunction.value}" if points.malfunction else ""))
    return total, "; ".join(parts) + f" (total {total})"
