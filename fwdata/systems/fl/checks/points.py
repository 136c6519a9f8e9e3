"""Flight Leader points checks: printed scenario points and victory points against the rules (FL 26.2.3.2, 26.5)."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from fwdata.findings import Finding, info, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.scoring import ScenarioScore, SideAssessment, VictoryAssessment, condition_summary


def check_scenario_points(score: ScenarioScore, doc: SourceDocument) -> Iterator[Finding]:
    """Printed scenario points (FL 23.2.9) and victory points (FL 26.5, 23.7) against the rules."""
    for index, assessment in enumerate(score.sides):
        side = assessment.side
        where = functools.partial(doc.locate, f"{side.pointer}/scenario_points")
        name = side.nation_printed or side.key
        if assessment.status == "unknown":
            yield info(where(), "FL-SP-UNKNOWN", f"{name}: scenario points cannot be computed: {assessment.reason}")
        elif assessment.status == "not-printed":
            yield info(
                where(),
                "FL-SP-NOT-PRINTED",
                f"{name}: no scenario points printed; the rules give {_or(assessment.totals)} ({_steps(assessment)})",
            )
        elif assessment.status == "disagrees":
            yield warning(
                where(),
                "FL-SP-MISMATCH",
                f"{name}: printed {assessment.printed}SP, the rules give {_or(assessment.totals)} "
                f"({_steps(assessment)})" + _recount_points_hint(score, index),
            )
        elif assessment.status == "conditional":
            yield info(
                where(),
                "FL-SP-ASSUMED",
                f"{name}: printed {assessment.printed}SP agrees only if "
                f"{condition_summary(assessment.agreeing, assessment.outcomes)}; "
                f"otherwise the rules give {_or(_others(assessment))} ({_steps(assessment)})",
            )
    for index, victory in enumerate(score.victory):
        side = victory.side
        name = side.nation_printed or side.key
        line = side.victory_points
        if victory.against_unflown is not None and line is not None:
            yield _slipped_line(victory, name, doc)
        else:
            for unflown in victory.inapplicable:
                rule = "23.7.2.1" if unflown.field == "bonus_exit" else "23.7.3"
                yield warning(
                    doc.locate(unflown.pointer),
                    "FL-VP-INAPPLICABLE",
                    f"{name} earns {unflown.printed} per {_what(unflown.field)} {unflown.aircraft}, but no "
                    f"{unflown.aircraft} flies in this scenario: the line cannot apply (copied from another "
                    f"scenario?) and its value is not checked ({rule})",
                )
        if victory.status == "unknown":
            if line is not None:
                yield info(
                    doc.locate(line.pointer),
                    "FL-VP-UNKNOWN",
                    f"{name}: victory points cannot be derived: {victory.reason}",
                )
        elif victory.status == "non-standard":
            assert line is not None
            yield info(doc.locate(line.pointer), "FL-VP-UNKNOWN", f"{name}: {victory.reason}")
        elif victory.status == "disagrees":
            bad = victory.mismatches
            first = bad[0]
            wrong = ", ".join(
                f"{c.field.replace('_', ' ')} {c.printed} should be {c.expected}"
                + (f" ({c.remark})" if c.remark else "")
                for c in bad
            )
            yield warning(
                doc.locate(first.pointer),
                "FL-VP-MISMATCH",
                f"{name} earns: {wrong} (26.5: {victory.derivation}; scenario points {victory.points_source})"
                + _recount_victory_hint(score, index),
            )


def _recount_note(score: ScenarioScore) -> str:
    assert score.recount is not None
    printed = {o.pointer: o.count for s in score.scenario.sides for o in s.flights}
    changes = [
        f"{f.unit_printed} {f.count}"
        for side in score.recount.scenario.sides
        for f in side.flights
        if f.pointer in printed and printed[f.pointer] != f.count
    ]
    return ", ".join(changes)


def _recount_points_hint(score: ScenarioScore, index: int) -> str:
    """When flights print fewer or more aircraft than unit numbers, say what the unit-number counts give."""
    if score.recount is None:
        return ""
    alt = score.recount.sides[index]
    if alt.status in ("agrees", "conditional"):
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) it would agree"
    if alt.outcomes:
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) the rules give {_or(alt.totals)}"
    return ""


def _recount_victory_hint(score: ScenarioScore, index: int) -> str:
    if score.recount is None:
        return ""
    alt = score.recount.victory[index]
    if alt.status == "agrees":
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) the printed values agree"
    if alt.status == "disagrees":
        still = ", ".join(f"{c.field.replace('_', ' ')} {c.printed} vs {c.expected}" for c in alt.mismatches)
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) still: {still}"
    return ""


def _others(assessment: SideAssessment) -> tuple[int, ...]:
    return tuple(sorted({o.total for o in assessment.outcomes} - {assessment.printed}))


def _or(values: tuple[int, ...]) -> str:
    return " or ".join(str(v) for v in values) if values else "nothing"


def _steps(assessment: SideAssessment) -> str:
    """One computation per distinct total: flight by flight."""
    texts = []
    seen = set()
    for outcome in assessment.outcomes:
        if outcome.total in seen:
            continue
        seen.add(outcome.total)
        flights = "; ".join(
            f"{f.flight.count} x {f.aircraft_label} {f.flight.aircrew.printed()}={f.letter}: "
            f"{' '.join(f.each.steps)} = {f.each.value}"
            + (
                f", {f.malfunction_count} at {f.malfunction.value} ({' '.join(f.malfunction.steps[1:])})"
                if f.malfunction
                else ""
            )
            for f in outcome.flights
        )
        cond = f" if {', '.join(outcome.assumptions)}" if outcome.assumptions and len(assessment.outcomes) > 1 else ""
        texts.append(f"{outcome.total}{cond}: {flights}")
    return " | ".join(texts)


def _what(field: str) -> str:
    return "bonus exited" if field == "bonus_exit" else "undamaged jettisoning"


def _slipped_line(victory: VictoryAssessment, name: str, doc: SourceDocument) -> Finding:
    """One finding for a victory-point line printed against a type the other side does not fly (FL 23.7.1).

    A bonus-exit or jettison type no flight flies in the same line is the same slip (a line copied from another
    scenario), reported with it rather than apart.
    """
    line = victory.side.victory_points
    assert line is not None and victory.against_unflown is not None
    types = [victory.against_unflown, *(u.aircraft for u in victory.inapplicable)]
    where = "the other side flies" if len(types) == 1 else "flies in this scenario"
    unchecked = "".join(f"; {u.printed} per {_what(u.field)} {u.aircraft} is not checked" for u in victory.inapplicable)
    return warning(
        doc.locate(line.pointer),
        "FL-VP-INAPPLICABLE",
        f"{name}'s victory-point line names {' and '.join(types)}, none of which {where}: one slip of the line "
        f"(copied from another scenario?); its per-aircraft values are checked against the other side's aircraft"
        f"{unchecked} (23.7.1, 23.7.2.1)",
    )
