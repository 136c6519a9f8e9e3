"""Flight Leader cross-scenario check: lost values the printed scenario points pin down or contradict (FL 26.2.3.2)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fwdata.findings import Finding, info, warning
from fwdata.game_system import Catalog, Entry
from fwdata.systems.fl.model import FlAircraft, Scenario
from fwdata.systems.fl.scoring import SideAssessment, score_scenario
from fwdata.systems.fl.scoring.constraints import MAX_COMBINATIONS, SHARED_FACTS, SideConstraint
from fwdata.systems.fl.scoring.flights import MAX_FLIGHT_EVALUATIONS
from fwdata.systems.fl.scoring.solver import MAX_CAPPED_SIDES, SharedSolution, derived_sources, solve_scenarios

SYSTEM = "fl"


def related_scenarios(catalog: Catalog) -> list[Entry]:
    """Return the pack's scenarios and every base scenario linked to them through shared aircraft types.

    Checking the base library itself, that is every scenario.
    """
    entries = list(catalog.entries(SYSTEM, "scenario"))
    chosen = [e for e in entries if not e.base]
    types = {f.aircraft for e in chosen for side in e.model.sides for f in side.flights}
    rest = [e for e in entries if e.base]
    grown = True
    while grown:
        linked = [e for e in rest if types & {f.aircraft for side in e.model.sides for f in side.flights}]
        grown = bool(linked)
        chosen += linked
        rest = [e for e in rest if e not in linked]
        types |= {f.aircraft for e in linked for side in e.model.sides for f in side.flights}
    return sorted(chosen, key=lambda e: e.model.id)


def check_shared_unknowns(catalog: Catalog, lookup: Callable[[str], FlAircraft | None]) -> Iterator[Finding]:
    """Solve the printed scenario points together: derived values (info), contradictions (warning), capped sides."""
    entries = related_scenarios(catalog)
    if not entries:
        return
    by_scenario = {id(e.model): e for e in entries}
    solution = solve_scenarios([e.model for e in entries], lookup)

    def where(constraints: tuple[SideConstraint, ...]) -> tuple[SideConstraint, Entry]:
        chosen = next((c for c in constraints if not by_scenario[id(c.scenario)].base), constraints[0])
        return chosen, by_scenario[id(chosen.scenario)]

    for derived in solution.derived:
        if not derived.sources:
            continue
        side, entry = where(derived.sources)
        yield info(entry.document.locate(f"{side.side.pointer}/scenario_points"), "FL-SP-DERIVED",
                   f"{derived.label}: the only value under which the printed scenario points of "
                   f"{derived_sources(derived)} agree with 26.2.3.2")
    for contradiction in solution.contradictions:
        if contradiction.pairwise:
            side, entry = where((contradiction.first, *contradiction.second))
            other = next(c for c in (contradiction.first, *contradiction.second) if c is not side)
            text = (f"{side.name} and {other.name} cannot both agree with 26.2.3.2: no value of "
                    f"{contradiction.subject} satisfies them at once: {contradiction.arithmetic}")
        else:
            side, entry = contradiction.first, by_scenario[id(contradiction.first.scenario)]
            text = (f"{side.name} cannot agree with 26.2.3.2 with the values "
                    f"{', '.join(o.name for o in contradiction.second)} pin down: {contradiction.arithmetic}")
        yield warning(entry.document.locate(f"{side.side.pointer}/scenario_points"), "FL-SP-CONTRADICTION", text)
    yield from _victory_clashes(entries, solution, lookup)
    for capped in solution.capped:
        entry = by_scenario[id(capped.scenario)]
        yield info(entry.document.locate(f"{capped.side.pointer}/scenario_points"), "FL-SP-CAPPED",
                   f"{capped.name}: its unknown values have more combinations than the search tries "
                   f"({MAX_FLIGHT_EVALUATIONS} flight evaluations, {MAX_COMBINATIONS} lost-cell combinations; "
                   f"after {MAX_CAPPED_SIDES} such sides the rest are not searched); "
                   f"left out of the solving across scenarios")


def solved_totals(scenario: Scenario, side: SideAssessment, solution: SharedSolution) -> tuple[int, ...]:
    """Return the totals of a side left by the values solved across scenarios (every total when none applies)."""
    labels = {d.key: d.label for d in solution.derived}
    kept = []
    for outcome in side.outcomes:
        facts = {(k if k.startswith(SHARED_FACTS) else f"{scenario.id}/{k}"): label
                 for k, label in outcome.facts.items()}
        if all(labels.get(k, label) == label for k, label in facts.items()):
            kept.append(outcome.total)
    return tuple(sorted(set(kept)))


def _victory_clashes(entries: list[Entry], solution: SharedSolution,
                     lookup: Callable[[str], FlAircraft | None]) -> Iterator[Finding]:
    """A side printing no scenario points whose victory points need a total the solved values rule out (FL 26.5.1)."""
    for entry in entries:
        scenario: Scenario = entry.model
        if all(side.scenario_points is not None for side in scenario.sides):
            continue
        score = score_scenario(scenario, lookup)
        for victory in score.victory:
            if victory.fitting is None or not victory.fitting[1]:
                continue
            index, fits = victory.fitting
            missing = score.sides[index]
            left = solved_totals(scenario, missing, solution)
            if not left or set(left) & set(fits) or set(left) == set(missing.totals):
                continue
            name = missing.side.nation_printed or missing.side.key
            earner = victory.side.nation_printed or victory.side.key
            used = sorted({d.label for d in solution.derived for o in missing.outcomes
                           if any(k == d.key or f"{scenario.id}/{k}" == d.key for k in o.facts)})
            yield warning(
                entry.document.locate(f"{missing.side.pointer}/flights"), "FL-VP-CONTRADICTION",
                f"{name} prints no scenario points; {earner}'s printed victory points need {name} at "
                f"{' or '.join(map(str, fits))}, but with {', '.join(used)} (solved across scenarios) the rules "
                f"give {' or '.join(map(str, left))} (26.5.1, 26.2.3.2)")
