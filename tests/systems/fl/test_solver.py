"""Printed scenario points solved together (FL 26.2.3.2, 23.2.9): derived values and contradictions."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from fwdata.game_system import Catalog
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fl import report
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.scoring.constraints import POINTS_RANGE, Unknowns, constrain_side
from fwdata.systems.fl.scoring.solver import SharedSolution, solve_scenarios

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "tests" / "cases"


@cache
def _catalog(*folders: Path) -> Catalog:
    return check_sources(list(folders), BuildOptions(), schema_root=schema_root()).catalog


def _case(name: str) -> Catalog:
    return _catalog(CASES / name)


def _bundled() -> Catalog:
    return _catalog(ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl")


def _solve(catalog: Catalog, *, pack_only: bool = False) -> SharedSolution:
    scenarios = [e.model for e in catalog.entries("fl", "scenario") if not (pack_only and e.base)]
    return solve_scenarios(scenarios, aircraft_lookup(catalog))


@cache
def _bundled_solution() -> SharedSolution:
    return _solve(_bundled())


def _derived(solution: SharedSolution) -> dict[str, object]:
    return {d.key: d.value for d in solution.derived}


def test_side_constraint_lists_the_cell_values_that_give_the_printed_total_26_2_3_2() -> None:
    """fl-sp-derived T.2 Alpha: 4 TJ at C, no reductions, 48SP printed: the C cell can only be 12."""
    catalog = _case("fl-sp-derived")
    scenario = catalog.get("fl", "scenario", "test-scenario-2").model
    constraint = constrain_side(scenario, scenario.sides[0], aircraft_lookup(catalog), Unknowns())
    assert constraint is not None and not constraint.capped
    assert [dict(s) for s in constraint.solutions] == [{"points:test-jet:C": 12}]
    assert constraint.name == "T.2 Alpha (48SP)"


def test_a_value_pinned_by_two_scenarios() -> None:
    """T.1 (2 x C = 24SP) and T.2 (4 x C = 48SP) both need the lost C cell of the test jet to be 12."""
    solution = _solve(_case("fl-sp-derived"), pack_only=True)
    assert not solution.contradictions
    (derived,) = solution.derived
    assert (derived.key, derived.value, derived.label) == ("points:test-jet:C", 12, "TJ (test-jet) C points 12")
    assert [s.name for s in derived.sources] == [
        "T.1 Alpha (24SP)", "T.1 Bravo (24SP)", "T.2 Alpha (48SP)", "T.2 Bravo (24SP)"]


def test_sole_ha_multiplier_and_no_missile_deduction_cannot_print_the_same_total_26_2_3_2_1_and_7() -> None:
    """Same aircraft, same crews, 24SP both: with HA only x1.2 needs C = 10 (2 x 12.0), guns only -2 needs C = 14."""
    solution = _solve(_case("fl-sp-contradiction"), pack_only=True)
    assert not solution.derived
    (contradiction,) = solution.contradictions
    assert contradiction.pairwise
    assert contradiction.subject == "TJ (test-jet) C points"
    assert (contradiction.first.name, contradiction.second[0].name) == ("T.1 Alpha (24SP)", "T.2 Alpha (24SP)")
    assert "C points is 10 (2 x TJ (test-jet) 0/2/0=C: 10 (C column, 21.1.11) x1.2 only side with HA/AL/AM" in (
        contradiction.arithmetic)
    assert "C points is 14 (2 x TJ (test-jet) 0/2/0=C: 14 (C column, 21.1.11) -2 no missiles (26.2.3.2.1) = 12" in (
        contradiction.arithmetic)


def test_mig21c_e_points_9_from_24_11_1_and_24_16() -> None:
    """Checked by hand against the rulebook text: 24.16 India '(18SP) 1st(1A-2A): 2 MG21C ... 0/1/1' (rating E,
    both sides carry 2 HN, no controllers: 2 x 9 = 18) and 24.11.1 North Vietnam '(36SP) 4 MG21C ... 0/2/2'
    (4 x 9 = 36); the MG21C row of the 21.6 list is lost."""
    derived = {d.key: d for d in _bundled_solution().derived}["points:mg21c:E"]
    assert derived.value == 9
    names = [s.name for s in derived.sources]
    assert "24.16 India (18SP)" in names and "24.11.1 North Vietnam (36SP)" in names


def test_bundled_derived_values() -> None:
    """The values the printed scenarios of the rulebook pin down together (FL 24.x, 25.x against 26.2.3.2)."""
    derived = _derived(_bundled_solution())
    assert derived["cm:mg15"] == 0
    assert derived["cm:mg17c"] == 0
    assert derived["cm:mg19c"] == 0
    assert derived["capable:f105d"] is True
    assert derived["capable:f105f"] is False
    assert derived["points:f105f:B"] == 15
    assert derived["points:mg19b:C"] == 13
    assert derived["points:mg21c:D"] == 11
    assert derived["points:f15a:A"] == 25
    assert derived["points:f14a:A"] == 30
    assert derived["points:mg23b:B"] == 19
    assert derived["gun:a-4e"] is True


def test_bundled_contradictions() -> None:
    """24.19.1 and 24.19.2 print 30SP for the same two Sea Harriers at C: 13 with the sole-HA x1.2, 16 or 18 without."""
    found = {(c.first.name, tuple(o.name for o in c.second), c.subject) for c in _bundled_solution().contradictions}
    harriers = ("24.19.1 Great Britain (30SP)", ("24.19.2 Great Britain (30SP)",), "Harrier* (sea-harrier) C points")
    assert harriers in found
    # 24.13 read with its unit numbers' counts (2 MG21C (851-854) as four) agrees with the MG21C E points 9.
    assert not any("24.13" in c.first.name or any("24.13" in o.name for o in c.second)
                   for c in _bundled_solution().contradictions)
    assert not _bundled_solution().capped


def test_points_range_covers_the_surviving_rows_21_1_11() -> None:
    """The surviving list rows print 5 to 27 points."""
    assert POINTS_RANGE[0] <= 5 and POINTS_RANGE[-1] >= 27


def test_fl_points_shows_the_derived_values_and_their_sources() -> None:
    catalog = _bundled()
    scenario = report.find_scenario(catalog, "24.16")
    assert scenario is not None
    text = report.points_output(catalog, scenario)
    assert "Across scenarios" in text
    assert ("  MG21C (mg21c) E points 9: from 24.11.1 North Vietnam (36SP), 24.13 Egypt (64SP), 24.16 India (18SP)"
            in text)
    data = json.loads(report.points_output(catalog, scenario, "json"))
    labels = {d["label"]: d for d in data["across_scenarios"]["derived"]}
    assert {"scenario": "24-16", "side": "india"} in labels["MG21C (mg21c) E points 9"]["sources"]


def test_crosscheck_lists_derived_values_and_contradictions() -> None:
    catalog = _bundled()
    text = report.crosscheck_markdown(report.score_all(catalog), shared=_bundled_solution())
    assert "## Across scenarios" in text
    row = "| MG15 (mg15) countermeasures rating | MG15 (mg15) countermeasures rating 0 | 24.1 North Korea (40SP)"
    assert row in text
    assert "- **24.19.1 Great Britain (30SP)** with 24.19.2 Great Britain (30SP)" in text


def test_list_order_narrows_the_lost_cells_of_a_row_21_1_11() -> None:
    """A better rating is never worth less: with B pinned to 12 and E to 9, C and D lie between them."""
    from fwdata.systems.fl.scoring.solver import _order_row

    catalog = _case("fl-sp-derived")
    aircraft = aircraft_lookup(catalog)("test-jet")
    assert aircraft is not None
    domains = {f"points:test-jet:{letter}": set(POINTS_RANGE) for letter in "ABCDEF"}
    domains["points:test-jet:B"] = {12}
    domains["points:test-jet:E"] = {9}
    narrowed = _order_row(aircraft, domains)
    assert domains["points:test-jet:A"] == set(range(12, POINTS_RANGE[-1] + 1))
    assert domains["points:test-jet:C"] == domains["points:test-jet:D"] == {9, 10, 11, 12}
    assert domains["points:test-jet:F"] == set(range(1, 10))
    assert set(narrowed) == {f"points:test-jet:{letter}" for letter in "ACDF"}


def test_the_run_budget_leaves_sides_after_the_capped_ones_unsearched(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Once MAX_CAPPED_SIDES sides have exhausted their search, the rest are capped without a search (bounded runs)."""
    from fwdata.systems.fl.scoring import solver

    scenarios = [e.model for e in _bundled().entries("fl", "scenario")]
    monkeypatch.setattr(solver, "MAX_CAPPED_SIDES", 0)
    monkeypatch.setattr(solver, "constrain_side", lambda *_: pytest.fail("searched a side past the run's budget"))
    capped = solve_scenarios(scenarios, aircraft_lookup(_bundled())).capped
    printed = [side for scenario in scenarios for side in scenario.sides if side.scenario_points is not None]
    assert [c.side for c in capped] == printed and len(printed) > 50
