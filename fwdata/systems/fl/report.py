"""Flight Leader point reports: one scenario's full computation (text, JSON) and the crosscheck of every scenario."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fwdata.game_system import Catalog
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.checks.shared import related_scenarios
from fwdata.systems.fl.model import FlAircraft, Scenario
from fwdata.systems.fl.scoring import (
    ScenarioScore,
    SideAssessment,
    SideOutcome,
    VictoryAssessment,
    condition_summary,
    score_scenario,
)
from fwdata.systems.fl.scoring.solver import Settled, SharedSolution, derived_sources, solve_scenarios

STATUS_WORDS = {
    "agrees": "agrees",
    "disagrees": "DISAGREES",
    "conditional": "agrees only if",
    "unknown": "cannot be computed",
    "not-printed": "not printed",
    "non-standard": "non-standard",
}


def find_scenario(catalog: Catalog, key: str) -> Scenario | None:
    """Return the fl scenario whose id, number or source path is `key` (24.1, 24-1, scenarios/fl/24-1.yaml)."""
    for entry in catalog.entries("fl", "scenario"):
        scenario: Scenario = entry.model
        if (
            key in (scenario.id, scenario.number)
            or entry.document.path == key
            or entry.document.path.endswith("/" + key)
        ):
            if key == scenario.number and scenario.variant and scenario.id != scenario.number.replace(".", "-"):
                continue
            return scenario
    return None


def score_all(catalog: Catalog) -> list[ScenarioScore]:
    """Score every fl scenario in the catalog, in id order."""
    lookup = aircraft_lookup(catalog)
    return [score_scenario(s, lookup) for s in catalog.models("fl", "scenario")]


def score_one(catalog: Catalog, scenario: Scenario) -> ScenarioScore:
    """Score one scenario against the catalog's aircraft."""
    return score_scenario(scenario, aircraft_lookup(catalog))


def _outcome_lines(outcome: SideOutcome, indent: str) -> list[str]:
    lines = []
    for f in outcome.flights:
        lines.append(
            f"{indent}flight {f.flight.number}: {f.flight.count} x {f.aircraft_label}, aircrew "
            f"{f.flight.aircrew.printed()}"
            f" -> rating {f.letter} (inferred, digest 4.3)"
        )
        lines.append(f"{indent}  each: {' '.join(f.each.steps)} = {f.each.value}")
        if f.malfunction is not None:
            lines.append(
                f"{indent}  {f.malfunction_count} of them: {' '.join(f.malfunction.steps)} = {f.malfunction.value}"
            )
        lines.append(f"{indent}  flight total {f.total}")
    return lines


def _side_text(a: SideAssessment) -> list[str]:
    name = a.side.nation_printed or a.side.key
    printed = "none printed" if a.printed is None else f"{a.printed}SP printed"
    lines = [f"{name} ({printed}): {STATUS_WORDS[a.status]}"]
    if a.status == "unknown":
        lines.append(f"  why: {a.reason}")
        return lines
    if a.status == "conditional":
        lines[0] += " " + condition_summary(a.agreeing, a.outcomes)
    seen: set[int] = set()
    for outcome in a.outcomes:
        if outcome.total in seen:
            continue
        seen.add(outcome.total)
        head = f"  total {outcome.total}"
        if len(a.outcomes) > 1 and outcome.assumptions:
            head += f"  (assuming {', '.join(outcome.assumptions)})"
        lines.append(head)
        lines.extend(_outcome_lines(outcome, "    "))
    return lines


def _victory_text(v: VictoryAssessment) -> list[str]:
    name = v.side.nation_printed or v.side.key
    line = v.side.victory_points
    lines = [f"{name} earns: {STATUS_WORDS[v.status]}"]
    if line is not None:
        lines.append(f"  printed: {line.printed}")
    if v.reason:
        lines.append(f"  why: {v.reason}")
    if v.derivation:
        lines.append(f"  26.5: {v.derivation} (scenario points {v.points_source})")
    for c in v.checks:
        mark = "ok" if c.printed == c.expected else "MISMATCH"
        lines.append(
            f"  {c.field.replace('_', ' ')}: printed {c.printed}, rules {c.expected} [{mark}] - {c.explanation}"
        )
    for u in v.inapplicable:
        lines.append(
            f"  {u.field.replace('_', ' ')}: printed {u.printed} per {u.aircraft} [INAPPLICABLE] - no {u.aircraft} "
            f"flies in this scenario (23.7.2.1, 23.7.3)"
        )
    return lines


def points_text(score: ScenarioScore, shared: SharedSolution | None = None) -> str:
    """Return `fwdata fl points` text: aircraft by aircraft, side by side, the victory points, the shared values."""
    s = score.scenario
    lines = [f"{s.number} {s.name}" + (f" [{s.variant}]" if s.variant else "") + f" ({s.date_printed})", ""]
    lines.append("Scenario points (26.2.3.2; aircrew rating letters inferred from the aircrew counts):")
    for a in score.sides:
        lines.extend("  " + line for line in _side_text(a))
    lines.append("")
    lines.append("Victory points (26.5.1-26.5.3, 23.7):")
    for v in score.victory:
        lines.extend("  " + line for line in _victory_text(v))
    if score.recount is not None:
        lines.append("")
        lines.append("With as many aircraft as unit numbers (some flights print fewer aircraft than unit numbers):")
        for a in score.recount.sides:
            lines.append(
                f"  {a.side.nation_printed}: {STATUS_WORDS[a.status]}"
                + (f" ({', '.join(map(str, a.totals))})" if a.outcomes else "")
            )
        for v in score.recount.victory:
            lines.append(f"  {v.side.nation_printed} victory points: {STATUS_WORDS[v.status]}")
    if shared is not None:
        lines.extend(_shared_text(score, shared))
    return "\n".join(lines) + "\n"


def _shared_text(score: ScenarioScore, shared: SharedSolution) -> list[str]:
    """The values every printed scenario solved together pins down, and the contradictions, for one scenario."""
    derived = shared.derived_for(score.scenario)
    contradictions = shared.contradictions_for(score.scenario)
    if not derived and not contradictions:
        return []
    lines = ["", "Across scenarios (every printed scenario's points solved together):"]
    lines.extend(f"  {d.label}: from {derived_sources(d)}" for d in derived)
    lines.extend(f"  CONTRADICTION {c.first.name} with {', '.join(o.name for o in c.second)}: {c.arithmetic}"
                 for c in contradictions)
    return lines


def shared_json(score: ScenarioScore, shared: SharedSolution) -> dict[str, Any]:
    """Return the `across_scenarios` object of `fwdata fl points --format json`."""
    return {
        "derived": [
            {"unknown": shared.subjects[d.key], "value": d.value, "label": d.label,
             "sources": [{"scenario": c.scenario.id, "side": c.side.key} for c in d.sources],
             "list_order": d.by_list_order, "given": list(d.given)}
            for d in shared.derived_for(score.scenario)
        ],
        "contradictions": [
            {"unknown": c.subject,
             "sides": [{"scenario": o.scenario.id, "side": o.side.key} for o in (c.first, *c.second)],
             "arithmetic": c.arithmetic}
            for c in shared.contradictions_for(score.scenario)
        ],
    }


def _outcome_json(outcome: SideOutcome) -> dict[str, Any]:
    return {
        "total": outcome.total,
        "assumptions": list(outcome.assumptions),
        "flights": [
            {
                "flight": f.flight.number,
                "aircraft": f.flight.aircraft,
                "count": f.flight.count,
                "aircrew": f.flight.aircrew.printed(),
                "rating": f.letter,
                "base": f.base,
                "each": f.each.value,
                "steps": list(f.each.steps),
                "radar_malfunction": None
                if f.malfunction is None
                else {"count": f.malfunction_count, "each": f.malfunction.value, "steps": list(f.malfunction.steps)},
                "total": f.total,
            }
            for f in outcome.flights
        ],
    }


def points_json(score: ScenarioScore) -> dict[str, Any]:
    """Return the `fwdata fl points --format json` object."""
    s = score.scenario
    return {
        "scenario": {"id": s.id, "number": s.number, "name": s.name, "variant": s.variant, "year": s.year},
        "sides": [
            {
                "side": a.side.key,
                "nation": a.side.nation,
                "printed": a.printed,
                "status": a.status,
                "reason": a.reason,
                "totals": list(a.totals),
                "agrees_if": condition_summary(a.agreeing, a.outcomes) if a.status == "conditional" else None,
                "outcomes": [_outcome_json(o) for o in a.outcomes],
            }
            for a in score.sides
        ],
        "victory_points": [
            {
                "side": v.side.key,
                "status": v.status,
                "reason": v.reason,
                "derivation": v.derivation,
                "points_used": list(v.points_used) if v.points_used else None,
                "checks": [{"field": c.field, "printed": c.printed, "expected": c.expected} for c in v.checks],
                "inapplicable": [
                    {"field": u.field, "printed": u.printed, "aircraft": u.aircraft} for u in v.inapplicable
                ],
            }
            for v in score.victory
        ],
    }


def _settled(shared: SharedSolution | None, scenario: Scenario, a: SideAssessment) -> Settled | None:
    """The values solved across scenarios that settle a side that cannot be computed alone, or None."""
    if shared is None or a.status != "unknown":
        return None
    return shared.settled.get((scenario.id, a.side.key))


def _cell(a: SideAssessment, settled: Settled | None = None) -> str:
    name = a.side.nation_printed or a.side.key
    printed = "-" if a.printed is None else str(a.printed)
    if settled is not None:
        text = f"{name} {printed}: agrees with the values solved across scenarios ({', '.join(settled.solved)})"
        return text + (f" only if {' and '.join(settled.assumed)}" if settled.assumed else "")
    if a.status == "agrees":
        return f"{name} {printed}: agrees"
    if a.status == "disagrees":
        return f"{name} {printed}: **disagrees** (rules: {' or '.join(map(str, a.totals))})"
    if a.status == "conditional":
        return f"{name} {printed}: agrees only if {condition_summary(a.agreeing, a.outcomes)}"
    if a.status == "not-printed":
        return f"{name}: not printed (rules: {' or '.join(map(str, a.totals))})"
    return f"{name} {printed}: cannot be computed ({a.reason})"


def _vcell(v: VictoryAssessment) -> str:
    name = v.side.nation_printed or v.side.key
    unflown = "".join(
        f"; {u.field.replace('_', ' ')} {u.printed} per {u.aircraft} inapplicable (no {u.aircraft} in the scenario)"
        for u in v.inapplicable
    )
    if v.against_unflown is not None:
        unflown += f"; printed against {v.against_unflown}, which the other side does not fly (one slip of the line)"
    if v.status == "agrees":
        return f"{name}: agrees{unflown}"
    if v.status == "disagrees":
        wrong = ", ".join(f"{c.field.replace('_', ' ')} {c.printed} vs {c.expected}" for c in v.mismatches)
        return f"{name}: **disagrees** ({wrong}){unflown}"
    return f"{name}: {STATUS_WORDS[v.status]} ({v.reason})"


def crosscheck_markdown(scores: list[ScenarioScore], lookup: Callable[[str], FlAircraft | None] | None = None,
                        shared: SharedSolution | None = None) -> str:
    """Return build/fl/crosscheck.md: for every scenario, whether its printed points agree with FL 26.x, and why not."""

    def order(score: ScenarioScore) -> tuple[int, ...]:
        return tuple(int(part) for part in score.scenario.number.split(".") if part.isdigit()) + (
            1 if score.scenario.variant and "ariant" in score.scenario.variant else 0,
        )

    lines = [
        "# Flight Leader: printed scenario and victory points against the design rules",
        "",
        "Generated by fwdata from `scenarios/fl/` and `cards/fl/`. Scenario points follow 26.2.3.2, victory points",
        "26.5 and 23.7. The aircrew rating letter of each flight is inferred from its aircrew counts (reference",
        "digest 4.3: experienced 2, average 1, inexperienced 0; mean 1.5+ A, 1.25 B, 1.0 C, 0.75 D, 0.5 E, else F;",
        "between steps the better letter). Where the rulebook lost a value (a list row, a counter rating, an",
        "unstated armament) every possible value is tried: 'agrees only if' names the assumptions under which the",
        "printed value is right. Victory points use the printed scenario points of both sides. A scenario silent",
        "on its armament is not tried with HA/AL/AM missiles before 1973 (21.8.3.3: HA in the mid 70s). Readings of",
        "damaged or contradictory text (docs/fl-readings.md) are named in the notes.",
        "",
        "| Scenario | Scenario points | Victory points | Notes |",
        "| --- | --- | --- | --- |",
    ]
    counts = {"agrees": 0, "disagrees": 0, "conditional": 0, "settled": 0, "unknown": 0, "not-printed": 0}
    vcounts = {"agrees": 0, "disagrees": 0, "unknown": 0, "non-standard": 0}
    for score in sorted(scores, key=order):
        s = score.scenario
        title = f"{s.number} {s.name}" + (f" ({s.variant})" if s.variant else "")
        sp = "<br>".join(_cell(a, _settled(shared, s, a)) for a in score.sides)
        vp = "<br>".join(_vcell(v) for v in score.victory)
        notes = []
        if score.recount is not None:
            fixes = []
            if any(a.status == "disagrees" for a in score.sides) and all(
                b.status in ("agrees", "conditional", "unknown") for b in score.recount.sides
            ):
                fixes.append("scenario points")
            if any(v.status == "disagrees" for v in score.victory) and all(
                w.status in ("agrees", "unknown", "non-standard") for w in score.recount.victory
            ):
                fixes.append("victory points")
            if fixes:
                notes.append(f"{' and '.join(fixes)} agree if each flight has as many aircraft as unit numbers")
        if s.flight_counts_reading:
            notes.append(f"read with each flight as many aircraft as unit numbers ({s.flight_counts_reading})")
        notes += [f"{side.nation_printed or side.key} {f.unit_printed} armament tried each way: "
                  + "; ".join(assumes for assumes, _ in f.missile_readings)
                  for side in s.sides for f in side.flights if f.missile_readings]
        for a in score.sides:
            settled = _settled(shared, s, a)
            counts[a.status if settled is None else "conditional" if settled.assumed else "settled"] += 1
        for v in score.victory:
            vcounts[v.status] += 1
        lines.append(f"| {title} | {sp} | {vp} | {'; '.join(notes)} |")
    lines += [
        "",
        f"Sides: {counts['agrees']} agree, {counts['conditional']} agree only under assumptions, "
        f"{counts['settled']} agree with the values solved across scenarios, {counts['disagrees']} disagree, "
        f"{counts['unknown']} cannot be computed, {counts['not-printed']} print no points.",
        f"Victory-point lines: {vcounts['agrees']} agree, {vcounts['disagrees']} disagree, "
        f"{vcounts['unknown']} cannot be derived, {vcounts['non-standard']} non-standard.",
        "",
    ]
    if shared is not None:
        lines += shared_markdown(shared)
    return "\n".join(lines)


def shared_markdown(shared: SharedSolution) -> list[str]:
    """Return the crosscheck's section on the values the printed scenarios pin down together, and contradictions."""
    lines = [
        "## Across scenarios",
        "",
        "A lost value of an aircraft (its points at one rating letter, its countermeasures rating, missile",
        "capability, external gun) is one unknown in every scenario that uses it. Solving every printed total",
        "together pins these down (each from the scenarios named) or proves that two printed totals contradict.",
        "",
        "| Unknown | Value | From |",
        "| --- | --- | --- |",
    ]
    lines += [f"| {shared.subjects[d.key]} | {d.label} | {derived_sources(d)} |" for d in shared.derived]
    lines += ["", f"Derived values: {len(shared.derived)}. Contradictions: {len(shared.contradictions)}.", ""]
    for c in shared.contradictions:
        lines.append(f"- **{c.first.name}** with {', '.join(o.name for o in c.second)} ({c.subject}): {c.arithmetic}")
    if shared.capped:
        lines.append("")
        lines.append("Left out (too many combinations): " + ", ".join(c.name for c in shared.capped) + ".")
    lines.append("")
    return lines


def points_output(catalog: Catalog, scenario: Scenario, output_format: str = "text") -> str:
    """Return `fwdata fl points` for one scenario: the computation as text, or as JSON when `output_format` is json."""
    score = score_one(catalog, scenario)
    shared = solve_scenarios([entry.model for entry in related_scenarios(catalog)], aircraft_lookup(catalog))
    if output_format == "json":
        return json.dumps({**points_json(score), "across_scenarios": shared_json(score, shared)}, indent=2) + "\n"
    return points_text(score, shared)
