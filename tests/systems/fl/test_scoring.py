"""Flight Leader data and scoring: the bundled rulebook data (002_06ce78c147afc7c6.txt) and what 26.x says about it.

Spot values are checked against the rulebook text (rule numbers in the test names); the scoring tests pin the
real agreements and disagreements of the printed scenarios.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fl import report
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.model import UNKNOWN
from fwdata.systems.fl.scoring import ScenarioScore, score_scenario

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "002_06ce78c147afc7c6.txt"


@cache
def _run() -> tuple[Catalog, tuple[str, ...]]:
    result = check_sources([ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl"], BuildOptions())
    return result.catalog, tuple(f.format_line() for f in result.report.sorted())


def catalog() -> Catalog:
    return _run()[0]


def score(scenario_id: str) -> ScenarioScore:
    entry = catalog().get("fl", "scenario", scenario_id)
    assert entry is not None, scenario_id
    return score_scenario(entry.model, aircraft_lookup(catalog()))


def test_bundled_data_has_no_errors() -> None:
    lines = _run()[1]
    assert not [line for line in lines if " error " in line]


def test_inventory_counts() -> None:
    """21.2-21.6 keep 35 rows; 22.x lists 100 nations; 21.8.5 defines 48 load codes; 21.7 has notes a-ee (31)."""
    cat = catalog()
    listed = [a for a in cat.models("fl", "aircraft") if a.row_status != "lost"]
    assert len(listed) == 35
    assert len(cat.models("fl", "nation")) == 100
    assert len(cat.models("fl", "missile-load")) == 48
    assert len(cat.models("fl", "list-note")) == 31
    # 24.1-24.19 with parts and the 24.8 variant (25 playable), 25.1-25.9 with the 25.8 variant (10).
    assert len(cat.models("fl", "scenario")) == 35


def test_list_row_mg17c_21_6() -> None:
    """21.6: MG17C | MiG-17/J-4 Fresco C | 821-824 | 53 | 9 | 16 | 2-1 | FB | 13 12 10 9 7 6."""
    mg17c = aircraft_lookup(catalog())("mg17c")
    assert mg17c is not None
    assert (mg17c.in_service_year, mg17c.ms, mg17c.ma, mg17c.msls, mg17c.primary_use) == (1953, 9, 16, "2-1", "FB")
    assert [mg17c.points_at(x) for x in "ABCDEF"] == [13, 12, 10, 9, 7, 6]


@pytest.mark.skipif(not SEED.is_file(), reason="the rulebook seeds are not beside the clone")
def test_list_row_mg17c_is_in_the_rulebook_text_21_6() -> None:
    """The row the data copies is printed in 21.6 exactly as the test above reads it."""
    assert (
        "| MG17C | MiG-17/J-4 Fresco C | 821-824 | 53 | 9 | 16 | 2-1 | — | FB | 13 | 12 | 10 | 9 | 7 | 6 |"
        in SEED.read_text(encoding="utf-8")
    )


def test_variant_inherits_and_overrides_21_2_a4e() -> None:
    """21.2 A-4A* (A-4E...): R:1/0 and its own row; unit numbers and MS come from the A-4A base."""
    a4e = aircraft_lookup(catalog())("a-4e")
    assert a4e is not None
    assert a4e.unit_name == "A-4A" and a4e.variant
    assert a4e.unit_numbers == (101, 104) and a4e.ms == 9  # inherited
    assert a4e.ma == 14 and a4e.msls == "2-2"  # overridden
    assert (a4e.counter.radar, a4e.counter.countermeasures) == (1, 0)
    assert [a4e.points_at(x) for x in "ABCDEF"] == [14, 12, 11, 9, 8, 6]


def test_damaged_row_keeps_lost_cells_unknown_21_3_aggressor() -> None:
    """21.3: the F-5E* Aggressor row is cut after C (19 17 15): D, E, F are unknown, not invented."""
    f5 = aircraft_lookup(catalog())("f-5e-aggressor")
    assert f5 is not None
    assert [f5.points_at(x) for x in "ABCDEF"] == [19, 17, 15, UNKNOWN, UNKNOWN, UNKNOWN]


def test_lost_row_has_only_scenario_values() -> None:
    """F-105D has no list row: MS 18 / MA 16 come from 24.8; points and date are unknown."""
    f105 = aircraft_lookup(catalog())("f105d")
    assert f105 is not None
    assert (f105.ms, f105.ma, f105.in_service_year) == (18, 16, UNKNOWN)
    assert all(f105.points_at(x) == UNKNOWN for x in "ABCDEF")


def test_f16a_points_from_26_2_3_2_text() -> None:
    """26.2.3.2: an F-16A is worth 26 at 'A' and 20 at 'C'; the other letters are unknown."""
    f16 = aircraft_lookup(catalog())("f16a")
    assert f16 is not None
    assert (f16.points_at("A"), f16.points_at("B"), f16.points_at("C")) == (26, UNKNOWN, 20)


def test_24_1_north_korea_agrees_if_mig15_has_no_countermeasures() -> None:
    """24.1: 8 MiG-15s at 0/1/3 ('F', 5 each) = 40SP as printed, provided the MiG-15's (lost) CM rating is 0."""
    nk = score("24-1").sides[1]
    assert nk.status == "conditional"
    agreeing = {o.total for o in nk.agreeing}
    assert agreeing == {40}
    assert all("countermeasures rating 0" in " ".join(o.assumptions) for o in nk.agreeing)


def test_24_1_victory_points_agree() -> None:
    """24.1.7: US earns 12/3/6 per MiG-15, North Korea 16/4/8 per F-80 (4 v 8 aircraft, 28 v 40SP)."""
    result = score("24-1")
    assert [v.status for v in result.victory] == ["agrees", "agrees"]


def test_24_8_variant_victory_points_disagree() -> None:
    """24.8.7.2: 68SP v 64SP, 8 v 8 aircraft: 68/64 x 8 = 8.5 -> 9, so a MiG-17 is worth 32, not the printed 36."""
    result = score("24-8-variant")
    us_line = result.victory[1]
    assert us_line.status == "disagrees"
    assert [(c.field, c.printed, c.expected) for c in us_line.mismatches] == [("per_eliminated", 36, 32)]


def test_24_6_counts_explain_the_disagreement() -> None:
    """24.6 prints 2 MiG-17Cs with units 821-824 and 4 aircrew: with 4 aircraft the printed 20SP and VP fit."""
    result = score("24-6")
    assert result.sides[1].status == "disagrees"
    assert {v.status for v in result.victory} == {"disagrees"}
    assert result.recount is not None
    assert {v.status for v in result.recount.victory} == {"agrees"}
    assert 20 in result.recount.sides[1].totals


def test_25_6_iraq_victory_points_disagree() -> None:
    """25.6.7: Iraq prints 6/9/18 per Iranian aircraft; with 84SP v 76SP (4 v 6 aircraft) 26.5 gives 28/7/14."""
    iraq = score("25-6").victory[1]
    assert iraq.status == "disagrees"
    assert [(c.printed, c.expected) for c in iraq.checks] == [(6, 28), (9, 7), (18, 14)]


def test_24_13_victory_points_fit_the_unit_number_counts() -> None:
    """24.13: printed 28 and 24 per aircraft fit 6 v 6 aircraft (units 851-854, 431-434), not the printed 4 v 4."""
    result = score("24-13")  # the scenario's readings give each flight its unit numbers' count
    assert [v.status for v in result.victory] == ["agrees", "agrees"]
    assert "Egypt 6 aircraft/64SP, Israel 6 aircraft/70SP" in result.victory[0].derivation


def test_24_17_2_toon_at_a_with_no_missiles() -> None:
    """24.17.2: Toon's MiG-17C, 1/0/0 = 'A' (13), carries no missiles: -3 = 10SP as printed (CM rating 0)."""
    nv = score("24-17-2").sides[0]
    assert {o.total for o in nv.agreeing} == {10}
    steps = nv.agreeing[0].flights[0].each.steps
    assert steps[0].startswith("13 (A column") and "-3 no missiles (26.2.3.2.1)" in steps


def test_25_4_aggressors_depend_on_f15_armament() -> None:
    """25.4: 4 F-5E* at 1/3/0 ('B', 17) -2 restriction = 15 each = 60SP, unless only the F-5s carry HA (x1.2 -> 72)."""
    aggressors = score("25-4").sides[1]
    assert aggressors.status == "conditional"
    assert set(aggressors.totals) == {60, 72}


def test_24_19_1_argentina_prints_no_points() -> None:
    sides = score("24-19-1").sides
    assert sides[1].status == "not-printed"


@pytest.mark.parametrize(
    "code_line",
    [
        "scenarios/fl/24-8-variant.yaml:107:23: warning FL-VP-MISMATCH",
        "scenarios/fl/25-6.yaml:101:23: warning FL-VP-MISMATCH",
        "scenarios/fl/24-6.yaml:58:22: warning FL-SP-MISMATCH",
        "scenarios/fl/24-12.yaml:70:13: warning FL-MS-MA",
        "scenarios/fl/24-6.yaml:64:19: warning FL-NATION-TYPE",
    ],
)
def test_check_reports_real_disagreements(code_line: str) -> None:
    assert any(line.replace(str(ROOT) + "/", "").startswith(code_line) for line in _run()[1])


def test_crosscheck_lists_every_scenario() -> None:
    text = report.crosscheck_markdown(report.score_all(catalog()))
    for scenario in catalog().models("fl", "scenario"):
        assert f"| {scenario.number} {scenario.name}" in text


def test_points_text_and_json() -> None:
    scenario = report.find_scenario(catalog(), "24.1")
    assert scenario is not None and scenario.id == "24-1"
    result = report.score_one(catalog(), scenario)
    text = report.points_text(result)
    assert "North Korea (40SP printed): agrees only if" in text
    data = report.points_json(result)
    assert data["sides"][1]["status"] == "conditional"
    assert data["victory_points"][0]["checks"][0] == {"field": "per_eliminated", "printed": 12, "expected": 12}


def test_scenario_variant_inherits_counter_from_list_row() -> None:
    """24.19: Hrrier* (Sea Harrier) = Harrier list row (21.4, MS 9: subsonic) + M:4; R:4/4 from the scenario."""
    sea = aircraft_lookup(catalog())("sea-harrier")
    assert sea is not None
    counter = sea.counter
    assert (counter.missile_rails, counter.radar, counter.countermeasures, counter.supersonic) == (4, 4, 4, False)
    assert sea.unit_name == "Harrier" and sea.points_at("C") == UNKNOWN  # its own (Sea Harrier) row is lost


def test_nation_rating_periods_22_2() -> None:
    """22.2 United States: 'A' through the mid 50s, 'C' since the mid 70s; F-4/14/15/16/18 'B' (design default)."""
    us = catalog().get("fl", "nation", "united-states")
    assert us is not None
    assert us.model.letters_in(1950) == ("A",)
    assert "C" in us.model.letters_in(1980) and "B" in us.model.letters_in(1980)
    assert "f-4b" in us.model.aircraft and "f14a-iran" not in us.model.aircraft


def test_missile_load_8_7_21_8_5() -> None:
    """21.8.5: 8-7 = 4RA+4HN or 2RA+2HN or 4HN."""
    load = catalog().get("fl", "missile-load", "load-8-7")
    assert load is not None
    assert load.model.options == (((4, ("RA",)), (4, ("HN",))), ((2, ("RA",)), (2, ("HN",))), ((4, ("HN",)),))


def test_note_l_armament_points_21_7() -> None:
    """21.7 note l: 8-7 after 1964 = 22-19-17-14-12-9; 8-2 after 1969 = 24-21-18-15-13-10."""
    note = catalog().get("fl", "list-note", "note-l")
    assert note is not None
    rows = {row["msls"]: tuple(row["points"]) for row in note.model.armament_points}
    assert rows == {"8-7": (22, 19, 17, 14, 12, 9), "8-2": (24, 21, 18, 15, 13, 10)}


def test_24_14_conditions_keep_correlated_facts() -> None:
    """24.14: 28SP = 4 x 7 fits either F-105F missile-capable with MiG-17C CM 6+, or not capable with CM 0."""
    from fwdata.systems.fl.scoring import condition_summary

    nv = score("24-14").sides[1]
    text = condition_summary(nv.agreeing, nv.outcomes)
    assert "cannot carry missiles and MG17C (mg17c) countermeasures rating 0" in text
    assert "can carry missiles and MG17C (mg17c) countermeasures rating 6+" in text


def test_points_command_output() -> None:
    """`fwdata fl points`: text for a mismatching scenario, JSON, and exit code 2 for an unknown scenario."""
    variant = catalog().get("fl", "scenario", "24-8-variant")
    assert variant is not None
    text = report.points_text(report.score_one(catalog(), variant.model))
    assert "per eliminated: printed 36, rules 32 [MISMATCH]" in text
    duel = report.find_scenario(catalog(), "24.17.2")
    assert duel is not None
    assert report.points_json(report.score_one(catalog(), duel))["sides"][0]["status"] == "conditional"
    case = check_sources([ROOT / "tests" / "cases" / "fl-scenario-valid"], BuildOptions()).catalog
    assert report.find_scenario(case, "99.9") is None
    scenario = report.find_scenario(case, "T.1")
    assert scenario is not None
    assert '"status": "agrees"' in report.points_output(case, scenario, "json")


def test_degenerate_scenarios_give_findings_not_tracebacks(tmp_path: Path) -> None:
    """Zero scenario points, zero aircrew and a reversed unit range are reported, never raised."""
    from ruamel.yaml import YAML

    from fwdata.systems.fl.render import render_outputs

    case = ROOT / "tests" / "cases" / "fl-scenario-valid"
    for name in ("aircraft.yaml", "nation.yaml"):
        (tmp_path / name).write_text((case / name).read_text(encoding="utf-8"), encoding="utf-8")
    yaml = YAML()
    doc = yaml.load((case / "scenario.yaml").read_text(encoding="utf-8"))
    doc["sides"][0]["scenario_points"] = 0
    flight = doc["sides"][1]["flights"][0]
    flight["aircrew"] = {"experienced": 0, "average": 0, "inexperienced": 0}
    flight["unit_numbers"] = {"printed": "604-603", "first": 604, "last": 603}
    with (tmp_path / "scenario.yaml").open("w", encoding="utf-8") as handle:
        yaml.dump(doc, handle)
    result = check_sources([tmp_path], BuildOptions())
    codes = {f.code for f in result.report.findings}
    assert {"FL-UNIT-COUNT", "FL-SP-UNKNOWN", "FL-VP-UNKNOWN"} <= codes
    assert not any(f.severity.value == "error" for f in result.report.findings)
    rendered = render_outputs(result.catalog, BuildOptions())
    assert any(o.path == "fl/scenario/test-scenario.pdf" for o in rendered.outputs)


def test_many_flights_without_missiles_end_in_the_budget_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """60 flights a side without `missiles:` (8 missiles_alternatives each) are 3^120 loads: FL-SP-UNKNOWN, bounded.

    Each evaluation of a side scans each flight list once (3 missile lookups per flight at most), and each side is
    explored twice at most (printed counts and unit-number counts) within MAX_FLIGHT_EVALUATIONS.
    """
    from ruamel.yaml import YAML

    from fwdata.systems.fl.scoring import flights as scoring

    case = ROOT / "tests" / "cases" / "fl-sp-budget"
    for name in ("aircraft.yaml", "nation.yaml"):
        (tmp_path / name).write_text((case / name).read_text(encoding="utf-8"), encoding="utf-8")
    yaml = YAML()
    doc = yaml.load((case / "scenario.yaml").read_text(encoding="utf-8"))
    alternatives = [[{"count": n, "type": t}] for n in (1, 2) for t in ("RA", "HA", "RR", "HN")]
    for side in doc["sides"]:
        template = {key: value for key, value in side["flights"][0].items() if key != "missiles"}
        side["flights"] = [{**template, "number": i % 9 + 1, "missiles_alternatives": alternatives} for i in range(60)]
    # JSON is YAML (one line per value); a YAML dump would write the shared flight as aliases.
    (tmp_path / "scenario.yaml").write_text(json.dumps(doc, indent=1), encoding="utf-8")
    calls = 0
    original = scoring.flight_missiles

    def counted(*args):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return original(*args)

    monkeypatch.setattr(scoring, "flight_missiles", counted)
    result = check_sources([tmp_path], BuildOptions())
    unknown = [f.message for f in result.report.findings if f.code == "FL-SP-UNKNOWN"]
    budget = f"too many combinations to try within {scoring.MAX_FLIGHT_EVALUATIONS} flight evaluations"
    assert [m.split(":")[0] for m in unknown] == ["Alpha", "Bravo"]
    assert all(budget in m for m in unknown)
    assert 0 < calls <= 2 * 2 * 3 * (scoring.MAX_FLIGHT_EVALUATIONS + 120)


@given(
    crew=st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)),
    count=st.integers(1, 8),
    points=st.one_of(st.none(), st.integers(0, 200)),
    missiles=st.sampled_from([None, (), (("HN", 2),), (("HA", 2),), (("RA", 4),)]),
    guns=st.sampled_from(["carried", "no-external-gun", "none", "unarmed"]),
    flags=st.tuples(st.booleans(), st.booleans(), st.integers(0, 4), st.booleans()),
    cm=st.one_of(st.none(), st.integers(0, 9)),
)
@settings(max_examples=60, deadline=None)
def test_scoring_never_raises(crew, count, points, missiles, guns, flags, cm) -> None:  # type: ignore[no-untyped-def]
    """Any combination of flight data scores to a status; unknown values never make scoring raise."""
    from dataclasses import replace

    from fwdata.systems.fl.model import Counter, Missile
    from fwdata.systems.fl.rules import AircrewCounts

    base = catalog().get("fl", "scenario", "24-9")
    assert base is not None
    scenario = base.model
    loaded, restricted, broken, controller = flags
    side = scenario.sides[0]
    flight = replace(
        side.flights[0],
        aircrew=AircrewCounts(*crew),
        count=count,
        missiles=None if missiles is None else tuple(Missile(n, t) for t, n in missiles),
        guns=guns,
        loaded=loaded,
        engagement_restriction=restricted,
        radar_malfunction=broken,
    )
    side = replace(side, flights=(flight,), scenario_points=points, controller=side.controller if controller else None)
    scenario = replace(scenario, sides=(side, scenario.sides[1]))
    lookup = aircraft_lookup(catalog())

    def patched(key: str):  # type: ignore[no-untyped-def]
        found = lookup(key)
        if found is not None and key == "mg17c":
            return replace(found, counter=Counter(countermeasures=cm))
        return found

    result = score_scenario(scenario, patched)
    assert result.sides[0].status in {"agrees", "disagrees", "conditional", "unknown", "not-printed"}
