"""Solve every printed scenario's points together: the lost values they pin down and those they contradict.

Each side that prints its scenario points (FL 23.2.9) allows some assignments of its
unknowns (constraints.py). An unknown shared by several scenarios (a lost list
cell, a countermeasures rating, missile capability) must take one value in all of
them. Solving is constraint propagation, deterministic and bounded: two sides
whose allowed values of one unknown have nothing in common contradict each other
and are set aside; then every remaining side narrows each unknown to the values
its surviving assignments allow, and the list order (a better rating is never
worth less, FL 21.1.11) narrows the cells of one row, until nothing changes. A
side left with no assignment contradicts the sides that narrowed its unknowns; it
is set aside and the propagation starts again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Scenario
from fwdata.systems.fl.scoring.constraints import (
    POINTS_RANGE,
    SideConstraint,
    Unknowns,
    cell_key,
    constrain_side,
    explain,
    totals_under,
)

LETTERS = "ABCDEF"
# Sides whose own search may exhaust its budget in one run; the sides after them are left out unsearched.
MAX_CAPPED_SIDES = 8


@dataclass(frozen=True)
class Derived:
    """A value every remaining printed total agrees only with: `sources` narrowed it, `given` other derived labels."""

    key: str
    value: Any
    label: str
    sources: tuple[SideConstraint, ...]
    by_list_order: bool
    given: tuple[str, ...]


@dataclass(frozen=True)
class Contradiction:
    """Two printed totals (or one and the values others pinned) that no value of `key` satisfies at once."""

    key: str
    subject: str
    first: SideConstraint
    second: tuple[SideConstraint, ...]
    arithmetic: str
    # False when `first` fails only against the values several others pinned down together.
    pairwise: bool = True


@dataclass(frozen=True)
class SharedSolution:
    """Everything solving the printed scenarios together found."""

    derived: tuple[Derived, ...]
    contradictions: tuple[Contradiction, ...]
    capped: tuple[SideConstraint, ...]
    subjects: dict[str, str]

    def derived_for(self, scenario: Scenario) -> tuple[Derived, ...]:
        """Return the derived values of the unknowns a scenario's printed totals use, or that it helped derive."""
        types = {flight.aircraft for side in scenario.sides for flight in side.flights}
        return tuple(d for d in self.derived
                     if d.key.split(":")[1] in types or any(s.scenario is scenario for s in d.sources))

    def contradictions_for(self, scenario: Scenario) -> tuple[Contradiction, ...]:
        """Return the contradictions naming a side of the scenario."""
        return tuple(c for c in self.contradictions if any(o.scenario is scenario for o in (c.first, *c.second)))


def solve_scenarios(scenarios: Iterable[Scenario], lookup: Callable[[str], FlAircraft | None]) -> SharedSolution:
    """Solve the printed scenario points of every scenario together (FL 26.2.3.2, 23.2.9)."""
    unknowns = Unknowns()
    constraints: list[SideConstraint] = []
    for scenario in scenarios:
        for side in scenario.sides:
            if sum(c.capped for c in constraints) >= MAX_CAPPED_SIDES:
                # The run's budget: a pack of many sides that each exhaust their search would take seconds apiece.
                constraint = SideConstraint(scenario, side, (), True) if side.scenario_points is not None else None
            else:
                constraint = constrain_side(scenario, side, lookup, unknowns)
            if constraint is not None:
                constraints.append(constraint)
    capped = tuple(c for c in constraints if c.capped)
    # A side that disagrees under every assumption is FL-SP-MISMATCH already; it constrains nothing.
    active = [c for c in constraints if c.solutions]
    contradictions = _pairwise_contradictions(active, unknowns, lookup)
    set_aside = _set_aside(contradictions)
    active = [c for c in active if c not in set_aside]
    rows = _lost_rows(active, lookup)
    while True:
        domains, narrowed, order_narrowed, empty = _propagate(active, unknowns, rows)
        if empty is None:
            break
        contradictions.append(_propagation_contradiction(empty, domains, narrowed, unknowns, lookup))
        active = [c for c in active if c is not empty]
    derived = []
    for key in sorted(domains):
        if len(domains[key]) != 1 or not (narrowed.get(key) or key in order_narrowed):
            continue
        (value,) = domains[key]
        # Every side that alone excludes some value, then those that narrowed it in propagation.
        alone = [c for c in active if (p := _projection(c, key)) is not None and len(p) < len(unknowns.domain(key))]
        sources = tuple(dict.fromkeys(alone + narrowed.get(key, [])))
        given = sorted({unknowns.label(k, next(iter(domains[k])))
                        for s in sources for k in s.unknown_keys() - {key}
                        if len(domains.get(k, ())) == 1 and any(o not in sources for o in narrowed.get(k, ()))})
        derived.append(Derived(key, value, unknowns.label(key, value), sources, key in order_narrowed, tuple(given)))
    return SharedSolution(tuple(derived), tuple(contradictions), capped, unknowns.subjects)


def _projection(constraint: SideConstraint, key: str) -> set[Any] | None:
    """Return the values of `key` the side allows, or None when some assignment does not use it (any value)."""
    values = set()
    for solution in constraint.solutions:
        if key not in solution:
            return None
        values.add(solution[key])
    return values


def _values(unknowns: Unknowns, key: str, values: set[Any]) -> str:
    ordered = [v for v in unknowns.domain(key) if v in values]
    if key.startswith("points:"):
        return " or ".join(map(str, ordered))
    return " or ".join(unknowns.label(key, v) for v in ordered)


def _needs(constraint: SideConstraint, key: str, values: set[Any], unknowns: Unknowns,
           lookup: Callable[[str], FlAircraft | None]) -> str:
    """Say which values of `key` a side's printed total needs, with its computation at the first of them."""
    first = min(values, key=list(unknowns.domain(key)).index)
    example = next(s for s in constraint.solutions if s.get(key) == first)
    return (f"{constraint.name} agrees only if {unknowns.subjects[key] if key.startswith('points:') else ''}"
            f"{' is ' if key.startswith('points:') else ''}{_values(unknowns, key, values)} "
            f"({explain(constraint, example, lookup)})")


def _pairwise_contradictions(active: list[SideConstraint], unknowns: Unknowns,
                             lookup: Callable[[str], FlAircraft | None]) -> list[Contradiction]:
    """Return each pair of sides whose allowed values of one shared unknown do not meet."""
    found = []
    for key in sorted({key for c in active for key in c.unknown_keys() if "/" not in key}):
        needing = [(c, p) for c in active if (p := _projection(c, key)) is not None]
        for i, (first, first_values) in enumerate(needing):
            for second, second_values in needing[i + 1:]:
                if not first_values & second_values:
                    found.append(Contradiction(
                        key, unknowns.subjects[key], first, (second,),
                        f"{_needs(first, key, first_values, unknowns, lookup)}; "
                        f"{_needs(second, key, second_values, unknowns, lookup)}",
                    ))
    return found


def _set_aside(contradictions: list[Contradiction]) -> set[SideConstraint]:
    """Return the sides to leave out: repeatedly the ones in the most remaining contradicting pairs (ties: all)."""
    pairs = [(c.first, c.second[0]) for c in contradictions]
    removed: set[SideConstraint] = set()
    while pairs:
        counts: dict[SideConstraint, int] = {}
        for pair in pairs:
            for side in pair:
                counts[side] = counts.get(side, 0) + 1
        most = max(counts.values())
        removed |= {side for side, count in counts.items() if count == most}
        pairs = [pair for pair in pairs if not set(pair) & removed]
    return removed


def _lost_rows(active: list[SideConstraint], lookup: Callable[[str], FlAircraft | None]) -> dict[str, FlAircraft]:
    """Return the aircraft with a lost list cell some side uses, by id."""
    rows = {}
    for constraint in active:
        for key in constraint.unknown_keys():
            if key.startswith("points:"):
                aircraft = lookup(key.split(":")[1])
                assert aircraft is not None
                rows[aircraft.id] = aircraft
    return rows


def _propagate(
    active: list[SideConstraint], unknowns: Unknowns, rows: dict[str, FlAircraft]
) -> tuple[dict[str, set[Any]], dict[str, list[SideConstraint]], set[str], SideConstraint | None]:
    """Narrow every unknown to a fixpoint; return the domains, who narrowed each, and a side left empty (or None)."""
    domains = {key: set(unknowns.domain(key)) for c in active for key in c.unknown_keys()}
    narrowed: dict[str, list[SideConstraint]] = {}
    order_narrowed: set[str] = set()
    alive = {id(c): list(c.solutions) for c in active}
    changed = True
    while changed:
        changed = False
        for constraint in active:
            solutions = [s for s in alive[id(constraint)] if all(v in domains[k] for k, v in s.items())]
            alive[id(constraint)] = solutions
            if not solutions:
                return domains, narrowed, order_narrowed, constraint
            for key in sorted({k for s in solutions for k in s}):
                if any(key not in s for s in solutions):
                    continue
                allowed = {s[key] for s in solutions}
                if allowed < domains[key]:
                    domains[key] = allowed
                    narrowed.setdefault(key, []).append(constraint)
                    changed = True
        for aircraft in rows.values():
            for key in _order_row(aircraft, domains):
                order_narrowed.add(key)
                changed = True
    return domains, narrowed, order_narrowed, None


def _order_row(aircraft: FlAircraft, domains: dict[str, set[Any]]) -> list[str]:
    """Narrow a row's lost cells so no better letter is worth less (FL 21.1.11); return the keys narrowed."""
    bounds: list[tuple[str | None, int, int]] = []
    for letter in LETTERS:
        cell = aircraft.points_at(letter)
        key = cell_key(aircraft.id, letter)
        if cell == UNKNOWN:
            values = domains.get(key, set(POINTS_RANGE))
            bounds.append((key, min(values, default=0), max(values, default=0)))
        elif isinstance(cell, int):
            bounds.append((None, cell, cell))
    changed = []
    for index, (lost, _, _) in enumerate(bounds):
        if lost is None or lost not in domains:
            continue
        key = lost
        ceiling = min((low_hi[2] for low_hi in bounds[:index]), default=max(POINTS_RANGE))
        floor = max((low_hi[1] for low_hi in bounds[index + 1:]), default=min(POINTS_RANGE))
        kept = {v for v in domains[key] if floor <= v <= ceiling}
        if kept < domains[key]:
            domains[key] = kept
            changed.append(key)
    return changed


def _propagation_contradiction(empty: SideConstraint, domains: dict[str, set[Any]],
                               narrowed: dict[str, list[SideConstraint]], unknowns: Unknowns,
                               lookup: Callable[[str], FlAircraft | None]) -> Contradiction:
    """Describe a side no assignment satisfies once the others narrowed its unknowns, with its totals under them."""
    keys = sorted(k for k in empty.unknown_keys() if any(o is not empty for o in narrowed.get(k, ())))
    others = tuple(dict.fromkeys(o for k in keys for o in narrowed[k] if o is not empty))
    given = "; ".join(f"{unknowns.subjects[k] + ' ' if k.startswith('points:') else ''}"
                      f"{_values(unknowns, k, domains[k])} "
                      f"({', '.join(o.name for o in narrowed[k] if o is not empty)})" for k in keys)
    totals = totals_under(empty, {k: domains[k] for k in keys}, lookup)
    if totals:
        first_total, text = next(iter(totals.items()))
        arithmetic = (f"with {given} the rules give {' or '.join(map(str, totals))}, not "
                      f"{empty.side.scenario_points} ({first_total}: {text})")
    else:
        arithmetic = f"no assignment of its unknowns is left with {given}"
    subject = ", ".join(unknowns.subjects[k] for k in keys)
    return Contradiction(keys[0] if keys else "", subject, empty, others, arithmetic, pairwise=False)


def derived_sources(derived: Derived) -> str:
    """Name what pinned a derived value down: the scenarios, the list order, the other values it used."""
    parts = [s.name for s in derived.sources]
    if derived.by_list_order:
        parts.append("the list order (21.1.11)")
    text = ", ".join(parts)
    if derived.given:
        text += f" (given {', '.join(derived.given)})"
    return text
