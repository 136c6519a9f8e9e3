"""The readings of damaged or contradictory scenario text (docs/fl-readings.md), each against its printed total."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from fwdata.game_system import Catalog
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fl import rules
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.model import Missile, Scenario
from fwdata.systems.fl.scoring import score_scenario
from fwdata.systems.fl.scoring.constraints import Unknowns, constrain_side, totals_under
from fwdata.systems.fl.scoring.solver import SharedSolution, solve_scenarios

ROOT = Path(__file__).resolve().parents[3]
HN2 = (Missile(2, "HN"),)


@cache
def _bundled() -> Catalog:
    folders = [ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl"]
    return check_sources(folders, BuildOptions(), schema_root=schema_root()).catalog


@cache
def _solution() -> SharedSolution:
    catalog = _bundled()
    return solve_scenarios([e.model for e in catalog.entries("fl", "scenario")], aircraft_lookup(catalog))


def _scenario(scenario_id: str) -> Scenario:
    model: Scenario = _bundled().get("fl", "scenario", scenario_id).model
    return model


def _totals(scenario: Scenario, side: int) -> set[int]:
    """The side's totals with every lost value the other printed scenarios pin down set to it."""
    lookup = aircraft_lookup(_bundled())
    constraint = constrain_side(scenario, scenario.sides[side], lookup, Unknowns())
    assert constraint is not None
    domains = {d.key: {d.value} for d in _solution().derived}
    totals = totals_under(constraint, domains, lookup)
    assert totals is not None
    return set(totals)


def _armed(scenario: Scenario, side: int, missiles: dict[str, tuple[Missile, ...]]) -> Scenario:
    """The scenario with the named aircraft's flights carrying `missiles` (by aircraft id)."""
    sides = list(scenario.sides)
    flights = tuple(replace(f, missiles=missiles[f.aircraft], missile_readings=()) if f.aircraft in missiles else f
                    for f in sides[side].flights)
    sides[side] = replace(sides[side], flights=flights)
    return replace(scenario, sides=tuple(sides))


def test_24_13_unit_number_counts_give_the_printed_scenario_and_victory_points_23_2_5() -> None:
    """24.13 '2 MG21C (851-854)' and '2 Mystr (431-434)' read as four each: Egypt's 64SP agrees with the MG21C E
    points (9) the other scenarios pin down, and both victory-point lines agree, under the same reading."""
    scenario = _scenario("24-13")
    assert [f.count for f in scenario.sides[0].flights] == [2, 4]
    assert [f.count_printed for f in scenario.sides[0].flights] == [None, 2]
    assert 64 in _totals(scenario, 0)
    score = score_scenario(scenario, aircraft_lookup(_bundled()))
    assert [v.status for v in score.victory] == ["agrees", "agrees"]
    assert score.recount is None  # one reading: no second count is tried
    assert not _solution().contradictions_for(scenario)


def test_24_13_with_the_printed_counts_egypt_cannot_print_64_21_1_11() -> None:
    """With 2 MG21C at the E points 9, Egypt's total is far below 64: the printed counts contradict 24.16."""
    scenario = _scenario("24-13")
    printed = replace(scenario, sides=tuple(
        replace(s, flights=tuple(replace(f, count=f.count_printed or f.count, count_printed=None) for f in s.flights))
        for s in scenario.sides))
    assert 64 not in _totals(printed, 0)


def test_no_ha_al_or_am_missiles_before_the_mid_70s_21_8_3_3() -> None:
    """21.8.3.3: HA missiles entered service in the mid 70s, so a 1967 scenario silent on its armament is never
    valued with the 26.2.3.2.7 x1.2 (the MG19C/MG21C of 24.13 carry 'old' missiles or none)."""
    scenario = _scenario("24-13")
    assert scenario.year < rules.NEW_MISSILES_FIRST_YEAR
    lookup = aircraft_lookup(_bundled())
    constraint = constrain_side(scenario, scenario.sides[0], lookup, Unknowns())
    assert constraint is not None
    values = {v for s in constraint.solutions for k, v in s.items() if "missiles:" in k}
    assert values and "new" not in values


def test_24_17_1_neither_reading_of_the_migs_armament_gives_76_24_17_1_5() -> None:
    """24.17.1.5 arms the MiG-19s with 2 HN and says they carry none. With the values the other scenarios pin down
    (MG17C C 10, MG19B C 13, MG21C E 9, countermeasures 0), 2 HN gives 82 and none 78 (up to 84 if the MiG-19B or
    MiG-21C, whose rows are lost, could carry no missiles): neither is the printed 76. 76 comes out only with the
    names swapped: MiG-17s unarmed, MiG-19s and MiG-21s with 2 HN each (what 24.17.2 says of Toon's MiG-17: it
    carries no missiles)."""
    scenario = _scenario("24-17-1")
    (readings,) = [f.missile_readings for f in scenario.sides[1].flights if f.aircraft == "mg19b"]
    assert [missiles for _, missiles in readings] == [HN2, ()]
    assert _totals(_armed(scenario, 1, {"mg19b": HN2}), 1) == {82, 84}
    assert _totals(_armed(scenario, 1, {"mg19b": ()}), 1) == {78, 80, 82, 84}
    assert _totals(_armed(scenario, 1, {"mg17c": (), "mg19b": HN2, "mg21c": HN2}), 1) == {76}


def _findings(code: str) -> list[str]:
    from fwdata.systems.fl.checks.run import run_checks

    return [f.message for f in run_checks(_bundled(), BuildOptions()) if f.code == code]


def test_24_11_2_victory_line_naming_mig_17_and_f_105_is_one_slip_23_7_1() -> None:
    """24.11.2.7: North Vietnam's line is printed against MiG-17s with a bonus exit for F-105s; neither flies."""
    score = score_scenario(_scenario("24-11-2"), aircraft_lookup(_bundled()))
    victory = score.victory[1]
    assert victory.against_unflown == "MiG-17"
    assert [u.aircraft for u in victory.inapplicable] == ["F-105"]
    assert victory.status == "agrees"  # its 36/9/18 are the values of the F-4s it must mean (26.5)
    (message,) = [m for m in _findings("FL-VP-INAPPLICABLE") if m.startswith("North Vietnam's")]
    assert "names MiG-17 and F-105" in message and "one slip" in message


def test_24_19_1_argentina_victory_points_clash_with_24_19_2_a_4a_countermeasures_26_5_1() -> None:
    """24.19.1 Argentina prints no SP; its victory points fit only 20, which needs A-4A countermeasures 0, while
    24.19.2 Argentina's 21SP needs 6+: then 24.19.1 Argentina is 12 or 16."""
    derived = {d.key: d.value for d in _solution().derived}
    assert derived["cm:a-4a"] == 6
    (message,) = _findings("FL-VP-CONTRADICTION")
    assert "need Argentina at 20" in message and "the rules give 12 or 16" in message


def test_sides_settled_across_scenarios_are_labelled_so() -> None:
    """24.16 India (18SP) cannot be computed alone (the MG21C row is lost) but the others pin E at 9; 24.18 North
    Vietnam also needs the countermeasures only its own total pins (an assumption); 25.7's F-14 A cell is pinned by
    25.7 alone, which settles nothing."""
    settled = _solution().settled
    assert settled[("24-16", "india")].solved == ("MG21C (mg21c) E points 9",)
    assert settled[("24-16", "india")].assumed == ()
    assert "MG19B (mg19b) countermeasures rating 0" in settled[("24-18", "north-vietnam")].assumed
    assert ("25-7", "united-states") not in settled


def test_the_crosscheck_names_each_reading() -> None:
    """build/fl/crosscheck.md says what each reading assumes (docs/fl-readings.md)."""
    from fwdata.systems.fl import report

    text = report.crosscheck_markdown(report.score_all(_bundled()), shared=_solution())
    assert "not tried with HA/AL/AM missiles before 1973" in text
    (row_13,) = [line for line in text.splitlines() if line.startswith("| 24.13 ")]
    assert "read with each flight as many aircraft as unit numbers" in row_13
    (row_17,) = [line for line in text.splitlines() if line.startswith("| 24.17.1 ")]
    assert "MG19B armament tried each way: carry 2 HN each" in row_17
    assert "39 cannot be computed" in text
