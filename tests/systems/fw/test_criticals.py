"""Where a critical hit lands and what it does (QS 5.6, 7.2 and the Combat Tables; OTR 10.3, 17.2, 17.4)."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fw import rules
from fwdata.systems.fw.tables import RuleTable, catalog_tables

ROOT = Path(__file__).resolve().parents[3]
TENTH = Fraction(1, 10)


@cache
def _tables() -> dict[str, RuleTable]:
    return catalog_tables(check_sources([ROOT / "tables" / "fw"], BuildOptions(), schema_root=schema_root()).catalog)


def _outcome(modifier: int, protection: dict[str, int], *, beam: bool = False) -> rules.CriticalOutcome:
    tables = _tables()
    return rules.critical_outcome(tables["critical-area"], tables["critical-effects"], modifier, protection, beam=beam)


def test_area_roll_modifiers_front_rear_multi_engine_and_pusher_otr_17_4() -> None:
    """Front arc -1, rear arc +1 (OTR 17.2, 17.4), multi-engine -1, a front shot down the 12:00 line -1; a pusher
    reverses front and rear (OTR 17.4); 60 to 120 degrees take neither."""
    table = _tables()["critical-area-modifiers"]
    assert rules.area_roll_modifier(table, 180) == -1
    assert rules.area_roll_modifier(table, 0) == 1
    assert rules.area_roll_modifier(table, 90) == 0
    assert rules.area_roll_modifier(table, 0, multi_engine=True) == 0
    assert rules.area_roll_modifier(table, 180, down_the_12=True) == -2
    assert rules.area_roll_modifier(table, 180, pusher=True) == 1


def test_area_chances_follow_the_d10_bands_qs_5_6() -> None:
    """Unmodified: 1-2 engine, 3-4 fuel tanks, 5 hollow, 6 cockpit, 7-8 wings, 9-10 controls. At -1 the 0 joins
    the engine (3 in 10) and the controls keep only the 10; at +1 the other way round."""
    plain = _outcome(0, {})
    assert plain.areas == {"engine": 2 * TENTH, "fuel_tanks": 2 * TENTH, "hollow_space": TENTH, "cockpit": TENTH,
                           "wings": 2 * TENTH, "controls": 2 * TENTH}
    front = _outcome(-1, {})
    assert (front.areas["engine"], front.areas["controls"]) == (3 * TENTH, TENTH)
    rear = _outcome(1, {})
    assert (rear.areas["engine"], rear.areas["controls"]) == (TENTH, 3 * TENTH)
    assert plain.effects["hollow_space"] == {}  # no effect row


def test_protection_is_added_to_the_effect_roll_qs_7_2() -> None:
    """Fuel-tank protection +1: the 'blows up' band (1 or less) cannot be reached; unprotected it is 1 in 10."""
    bare = _outcome(0, {}).effects["fuel_tanks"]
    armoured = _outcome(0, {"fuel_tanks": 1}).effects["fuel_tanks"]
    assert bare["aircraft explodes (destroyed)"] == TENTH
    assert "aircraft explodes (destroyed)" not in armoured
    assert armoured["no effect"] == 3 * TENTH  # 8, 9, 10 + 1 read 9 or more


def test_beam_hits_take_one_off_the_cockpit_armour_not_below_0_otr_10_3() -> None:
    armoured = _outcome(0, {"cockpit": 1}).effects["cockpit"]
    beam = _outcome(0, {"cockpit": 1}, beam=True).effects["cockpit"]
    bare = _outcome(0, {}, beam=True).effects["cockpit"]
    assert beam == _outcome(0, {}).effects["cockpit"] == bare
    assert armoured["1 crewman killed"] == 2 * TENTH and beam["1 crewman killed"] == 3 * TENTH


def test_an_outright_kill_per_critical_and_per_attack_in_fw_shot() -> None:
    """Unprotected wings and controls each give a destroying result on 1 or less: 2/10 x 1/10 each, plus fuel
    tanks; fw shot adds the chance that one of the attack's critical rolls destroys the target."""
    assert _outcome(0, {}).destroyed == 3 * Fraction(2, 10) * TENTH
    result = CliRunner().invoke(main, ["fw", "shot", "fw-190a-8", "b-17g", "--range", "2", "--deflection", "0",
                                       "--format", "json"])
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    # B-17G: four engines (-1) from the rear (+1); fuel tanks +1, so only wings and controls destroy: 2 x 2/100.
    assert payload["critical_hit"]["destroys"] == 0.04
    assert 0 < payload["destroyed_by_critical"] < 1


def test_large_crews_roll_twice_for_a_cockpit_hit_otr_17_2() -> None:
    """8 or more crew: a second roll of 7 or more (4 in 10) makes the cockpit hit a hollow hit."""
    small = _outcome(0, {"cockpit": 1}).effects["cockpit"]
    tables = _tables()
    large = rules.critical_outcome(tables["critical-area"], tables["critical-effects"], 0, {"cockpit": 1},
                                   crew=10).effects["cockpit"]
    assert large["hollow hit (second roll 7 or more, OTR 17.2)"] == Fraction(4, 10)
    assert large["1 crewman killed"] == small["1 crewman killed"] * Fraction(6, 10)
    assert sum(large.values()) == 1


def test_sample_b_17_casualty_table_by_arc_otr_17_2() -> None:
    """D10 1-2 bombardier/navigator ... 10 tail gunner; -1 from the front arc, +1 from the rear."""
    table = _tables()["bomber-casualty-sample"]
    side = rules.casualty_chances(table, 3)
    assert side["Tail Gunner"] == TENTH and side["Pilot, Co-pilot"] == 2 * TENTH
    front = rules.casualty_chances(table, 12)
    assert front["Bombardier, Navigator"] == 3 * TENTH and "Tail Gunner" not in front
    rear = rules.casualty_chances(table, 6)
    assert rear["Tail Gunner"] == 2 * TENTH and rear["Bombardier, Navigator"] == TENTH
