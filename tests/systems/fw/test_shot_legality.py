"""Shots the rules forbid, lift-vector matching, head-on and range 0 notes, forced idle (OTR 4.3.1, 10.1-10.3, 13.1)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from fwdata.cli.main import main
from fwdata.systems.fw import rules


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["fw", "shot", "p-51d", "bf-109g-10", *args])


@pytest.mark.parametrize(("args", "rule"), [
    (("--range", "3", "--deflection", "120", "--tracking"), "60 deg or less, not 120 (OTR 10.1)"),
    (("--range", "3", "--deflection", "30", "--beam"), "at 90 deg, not 30 (OTR 10.3)"),
    (("--range", "0", "--deflection", "180", "--head-on"), "head-on attacks at range 0 are not allowed"),
    (("--range", "2", "--deflection", "0", "--pilot", "recruit", "--burst", "normal"),
     "a recruit always fires long bursts, not normal (OTR 13.1)"),
    (("--range", "2", "--deflection", "0", "--pilot", "green", "--burst", "half"),
     "a green pilot may not deliberately fire half bursts (OTR 13.1)"),
])
def test_fw_shot_refuses_what_the_rules_forbid(args: tuple[str, ...], rule: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "the rules forbid this shot" in result.stderr and rule in result.stderr


def test_allowed_shots_pass_and_a_recruit_fires_long_by_default_13_1() -> None:
    """Tracking at 60 and a beam attack at 90 are allowed (OTR 10.1, 10.3); a recruit's burst is long (OTR 13.1)."""
    assert run("--range", "3", "--deflection", "60", "--tracking").exit_code == 0
    assert run("--range", "3", "--deflection", "90", "--beam").exit_code == 0
    recruit = run("--range", "2", "--deflection", "0", "--pilot", "recruit", "--format", "json")
    assert recruit.exit_code == 0
    assert json.loads(recruit.stdout)["gun_jam"] == 0.16  # a long burst jams on 85 or more (OTR 10.1)


def test_several_broken_rules_are_all_named() -> None:
    reasons = rules.shot_illegalities(120, 0, tracking=True, beam=True, head_on=True, burst="half", pilot="green")
    assert [r[-10:] for r in reasons] == ["(OTR 10.1)", "(OTR 10.3)", "(OTR 10.3)", "(OTR 13.1)"]
    assert rules.shot_illegalities(60, 1, tracking=True) == ()


def test_lift_vector_example_otr_10_2() -> None:
    """OTR 10.2 example: deflection 60, target LB, shooter RB, both at HT+: not matched, +05 x 2 steps x 2 = +20."""
    assert not rules.lift_vectors_match(60, "RB", "LB")
    result = run("--range", "2", "--deflection", "60", "--banks", "RB", "LB", "--ht-rates", "2")
    assert result.exit_code == 0
    assert "  +20 lift-vector mismatch RB against LB, 2 at HT+ (OTR 10.2)\n" in result.stdout


@pytest.mark.parametrize(("deflection", "shooter", "target", "turn_toward", "matched"), [
    (0, "LB", "LB", False, True),      # <= 60: the same bank
    (30, "LB", "LV", False, False),
    (90, "IL", "LB", False, True),     # 90: the rules' example, IL and LB match
    (90, "LV", "LV", False, True),
    (90, "LB", "RB", False, False),
    (120, "LB", "RB", False, True),    # >= 120: both upright, banked opposite ways
    (150, "IL", "IR", False, True),    # both inverted, opposite ways
    (180, "LV", "LV", False, True),
    (180, "IV", "IV", False, True),
    (180, "LB", "LB", False, False),
    (180, "LB", "IL", False, False),   # upright and inverted banked the same way: only if they can turn toward
    (180, "LB", "IL", True, True),
])
def test_lift_vector_matching_by_deflection_otr_10_2(deflection: int, shooter: str, target: str, turn_toward: bool,
                                                      matched: bool) -> None:
    assert rules.lift_vectors_match(deflection, shooter, target, can_turn_toward=turn_toward) is matched


def test_head_on_collision_risk_range_and_range_0_collision_notes_otr_10_2_10_3() -> None:
    """Speeds 6 and 6 head-on: combined 12, CRR 12/3 = 4; at range 2 the shot is (4 + 1) - 2 = 3 hexes inside."""
    head_on = run("--range", "2", "--deflection", "180", "--head-on", "--speeds", "6", "6", "--format", "json")
    assert head_on.exit_code == 0
    notes = json.loads(head_on.stdout)["notes"]
    assert any("collision risk range 4 hexes; the shot is 3 hexes inside it" in n for n in notes)
    undeclared = run("--range", "2", "--deflection", "150")
    assert "this is a head-on attack (--head-on)" in undeclared.stdout
    tail = run("--range", "0", "--deflection", "0")
    assert tail.exit_code == 0 and "range 0: the attacker checks for collision" in tail.stdout


def test_no_fi_engines_are_forced_to_idle_otr_4_3_1() -> None:
    """OTR 4.3.1: only 'No F.I.' engines; a whole turn inverted without pull or positive G, or NG, forces idle."""
    assert not rules.forced_idle_next_turn(True, inverted_whole_turn=True, ng_transition=True)
    assert rules.forced_idle_next_turn(False, inverted_whole_turn=True)
    assert not rules.forced_idle_next_turn(False, inverted_whole_turn=True, pull_or_positive_g=True)
    assert rules.forced_idle_next_turn(False, ng_transition=True)
    assert rules.forced_idle_next_turn(False, ng_turn_started=True)
    assert rules.forced_idle_next_turn(False, ng_turn_carried=True)
    assert not rules.forced_idle_next_turn(False)
    assert rules.fuel_injected({"fuel_injection": False, "description": "DB 605"}) is False
    assert rules.fuel_injected({"description": "Merlin 45, No F.I."}) is False
    assert rules.fuel_injected({"description": "DB 605 AM"}) is True
