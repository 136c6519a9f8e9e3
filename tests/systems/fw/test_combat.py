"""Combat rules (OTR 3.3, 9, 10; QS 4.9, 5.3-5.6): every worked example with the books' numbers, then the arithmetic.

The tables come from the real tables/fw/*.yaml files.
"""

from __future__ import annotations

import pathlib
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from fwdata.systems.fw import rules
from fwdata.systems.fw.rules import CombatOptions
from fwdata.systems.fw.tables import RuleTable, rule_table_from_data

TABLES = pathlib.Path(__file__).resolve().parents[3] / "tables" / "fw"
PER_STEP = CombatOptions(odds_past_last="per-listed-step")


@cache
def table(table_id: str) -> RuleTable:
    return rule_table_from_data(YAML(typ="safe").load((TABLES / f"{table_id}.yaml").read_text()))


def odds() -> RuleTable:
    return table("combat-odds-damage")


def position_of(label: str) -> int:
    return [rules.odds_label(i, odds()) for i in range(len(rules.odds_ratios(odds())))].index(label)


# --- worked examples ------------------------------------------------------------------------


def test_otr_3_3_example_stack_of_three_one_check_88_collides_d10_2_hits_the_other_fighter() -> None:
    """OTR 3.3: a bomber and two fighters stacked need one check; 88 collides; fighter 1-5, bomber 6-10, a 2."""
    assert rules.collision_checks(3, safe_stacking_limit=2) == 1
    assert rules.collides(88)
    assert not rules.collides(84)
    assert rules.collision_victim(2, candidates=2) == 0  # the other fighter holds digits 1-5
    assert rules.collision_victim(6, candidates=2) == 1


def test_otr_9_2_example_steep_climb_at_range_3_is_6_to_18_increments_above() -> None:
    """OTR 9.2: steep climb, target 3 hexes away: further limit 18 increments (6x3), nearer 6 (2x3)."""
    nearer, further = rules.vertical_fof_limits_ft(table("fixed-gun-vertical-fof"), "steep", 3)
    assert (nearer, further) == (600, 1800)
    assert (nearer // rules.FEET_PER_INCREMENT, further // rules.FEET_PER_INCREMENT) == (6, 18)


def test_otr_9_4_example_37_against_10_is_3_to_1_and_40_is_needed_for_4_to_1() -> None:
    """OTR 9.4: attack 37 against defense 10 gives 3-1; an attack of 40 is needed for 4-1."""
    assert rules.odds_label(rules.combat_odds(37, 10, odds()), odds()) == "3-1"  # type: ignore[arg-type]
    assert rules.odds_label(rules.combat_odds(39, 10, odds()), odds()) == "3-1"  # type: ignore[arg-type]
    assert rules.odds_label(rules.combat_odds(40, 10, odds()), odds()) == "4-1"  # type: ignore[arg-type]


def test_otr_10_1_examples_tracking_4_1_becomes_5_1_and_half_burst_3_1_becomes_1_1() -> None:
    """OTR 10.1: a tracking shot shifts 4-1 to 5-1; a half burst shifts 3-1 to 1-1 (crack shot: one column only)."""
    assert rules.odds_label(position_of("4-1") + rules.column_shift(tracking=True), odds()) == "5-1"
    assert rules.odds_label(position_of("3-1") + rules.column_shift("half"), odds()) == "1-1"
    assert rules.odds_label(position_of("3-1") + rules.column_shift("half", crack_shot=True), odds()) == "2-1"


def test_otr_10_2_example_lb_against_rb_both_at_ht_is_plus_20() -> None:
    """OTR 10.2: deflection 60, target LB, shooter RB, both HT+: +05 x 2 steps x 2 A/C = +20."""
    assert rules.lift_vector_modifier("RB", "LB", aircraft_at_ht_or_more=2) == 20


def test_otr_10_2_lift_vector_mismatch_is_at_most_plus_30() -> None:
    """OTR 10.2: IL is three steps from RB, so the largest modifier is +30."""
    assert rules.lift_vector_modifier("IL", "RB", aircraft_at_ht_or_more=2) == 30


def test_otr_10_3_example_crr_5_at_range_2_is_4_inside() -> None:
    """OTR 10.3: CRR five, shot range two: (5 + 1) - 2 = 4 hexes inside the CRR."""
    assert rules.distance_inside_crr(5, 2) == 4


def test_otr_10_3_designer_note_two_400_mph_fighters_close_at_about_1175_ft_per_s() -> None:
    """OTR 10.3: two 400 mph (8.0 FP) fighters head-on close at 1175 ft/s; range three is 900 ft."""
    combined = rules.combined_speed(180, 8.0, 8.0, head_on=True)
    assert combined == 16.0
    assert rules.speed_mph(combined) * 5280 / 3600 == pytest.approx(1175, abs=2)
    assert 3 * rules.rockets.FEET_PER_HEX == 900
    assert rules.collision_risk_range(combined) == 6  # 16 / 3 = 5.33, rounded up


def test_otr_10_7_example_5_hexes_and_400_ft_is_3_to_1() -> None:
    """OTR 10.7: target 5 hexes away and 400 ft higher: 1500 ft / 400 ft = 15 to 4 = 3 to 1."""
    assert rules.rocket_altitude_ratio(5, 400) == (3, 1)


def test_qs_lucky_shot_natural_01_still_scores_4_hits() -> None:
    """QS Combat Tables: if modifiers would make a 01 miss, a 01 still inflicts 4 hits regardless of odds."""
    assert rules.hits_for_roll(1 + 60, position_of("1-6"), odds()) == 0
    assert rules.hit_distribution(position_of("1-6"), 60, odds())[4] == Fraction(1, 100)
    assert rules.hit_distribution(position_of("12-1"), 120, odds()) == {0: Fraction(99, 100), 4: Fraction(1, 100)}


# --- odds and results ----------------------------------------------------------------------


def test_odds_columns_come_from_the_table() -> None:
    labels = [rules.odds_label(i, odds()) for i in range(len(rules.odds_ratios(odds())))]
    assert labels == ["1-6", "1-4", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "10-1", "12-1"]


def test_odds_round_down_to_a_listed_ratio_and_stop_below_1_6() -> None:
    """OTR 9.4: 9 against 10 is 1-2 (no 2-3 column); 29 is 2-1; 1 against 7 is under 1-6: not allowed (QS)."""
    assert rules.odds_label(rules.combat_odds(9, 10, odds()), odds()) == "1-2"  # type: ignore[arg-type]
    assert rules.odds_label(rules.combat_odds(3, 10, odds()), odds()) == "1-4"  # type: ignore[arg-type]
    assert rules.odds_label(rules.combat_odds(99, 10, odds()), odds()) == "8-1"  # type: ignore[arg-type]
    assert rules.combat_odds(1, 7, odds()) is None
    with pytest.raises(ValueError, match="at least 1"):
        rules.combat_odds(10, 0, odds())


def test_odds_past_12_1_per_whole_ratio_or_per_listed_step() -> None:
    """QS Combat Tables: odds over 12-1 take 10 off the roll per odds over; what one "over" is is an option."""
    whole = rules.combat_odds(130, 10, odds())
    assert whole is not None and rules.odds_label(whole, odds()) == "13-1"
    assert rules.hits_for_roll(11, whole, odds()) == rules.hits_for_roll(1, position_of("12-1"), odds()) == 20
    stepped = rules.combat_odds(130, 10, odds(), PER_STEP)
    assert stepped is not None and rules.odds_label(stepped, odds(), PER_STEP) == "12-1"
    assert rules.odds_label(rules.combat_odds(140, 10, odds(), PER_STEP), odds(), PER_STEP) == "14-1"  # type: ignore[arg-type]


def test_excess_firepower_at_3_to_1_against_10() -> None:
    """OTR 9.4: factors over the 30 that 3-1 needs: 7 >= 2/3 of 10 gives -15, 5 -10, 4 -5, 3 nothing."""
    at_3_1 = position_of("3-1")
    assert [rules.excess_firepower_modifier(attack, 10, at_3_1, odds()) for attack in (37, 35, 34, 33)] == \
        [-15, -10, -5, 0]
    assert rules.excess_firepower_modifier(9, 10, position_of("1-2"), odds()) == 0  # only at 1-1 or better


def test_hits_read_from_the_table() -> None:
    """QS Combat Odds - Damage Table: 23-39 at 3-1 is 4 hits; 40-59 at 1-1 is the restored 1; 99 misses."""
    assert rules.hits_for_roll(30, position_of("3-1"), odds()) == 4
    assert rules.hits_for_roll(45, position_of("1-1"), odds()) == 1
    assert rules.hits_for_roll(99, position_of("12-1"), odds()) == 0
    assert rules.hits_for_roll(100, position_of("12-1"), odds()) == 0
    assert rules.hits_for_roll(-30, position_of("1-1"), odds()) == 6  # under 01 reads the 01 row


def test_ambiguous_cells_option_reads_a_lost_1() -> None:
    """The 12-22 row's 1-6 cell is blank or a lost 1: no hits by default, one hit by option."""
    assert rules.hits_for_roll(15, position_of("1-6"), odds()) == 0
    assert rules.hits_for_roll(15, position_of("1-6"), odds(), CombatOptions(ambiguous_cells="one-hit")) == 1


def test_shift_below_1_6_misses_or_reads_1_6() -> None:
    assert rules.hits_for_roll(3, -1, odds()) == 0
    assert rules.hits_for_roll(3, -1, odds(), CombatOptions(shifted_below_table="lowest-column")) == 2


def test_column_shifts_otr_10_1_and_10_3() -> None:
    assert rules.column_shift("long") == 1
    assert rules.column_shift(half_ammo=True) == -1
    assert rules.column_shift(half_ammo=True, crack_shot=True) == 0
    assert rules.column_shift(beam=True, tracking=True) == 0


def test_tracking_and_jams_otr_10_1() -> None:
    assert [rules.tracking_fps(fps) for fps in (3, 4, 5, 6, 7)] == [2, 3, 4, 4, 5]
    assert rules.tracking_allowed(60, target_moved_first=True)
    assert not rules.tracking_allowed(90, target_moved_first=True)
    assert not rules.tracking_allowed(0, target_moved_first=False)
    assert (rules.jam_threshold("long"), rules.jam_threshold("normal"), rules.jam_threshold("half")) == (85, 98, 98)
    assert rules.jam_threshold("normal", unreliable_gun=True) == 85


def test_damage_criticals_and_range_qs_5_4_to_5_6() -> None:
    assert [rules.damage_state(h, 5, 10) for h in (5, 6, 10, 11)] == ["none", "severe", "severe", "destroyed"]
    assert rules.critical_hits(7, 3) == 2
    assert rules.gun_range(2, 700) == 4
    assert rules.gun_range(2, -299) == 2
    assert rules.firepower([5, 9, None, 9]) == 23


@settings(deadline=None, max_examples=15)
@given(st.integers(-60, 0))
def test_results_are_a_distribution_and_higher_odds_never_hurt(modifier: int) -> None:
    """With no plus modifiers a natural 01 always hits, so better odds never lower the expected hits."""
    expected = []
    for position in range(len(rules.odds_ratios(odds())) + 2):
        outcomes = rules.hit_distribution(position, modifier, odds())
        assert sum(outcomes.values()) == 1
        expected.append(sum(h * p for h, p in outcomes.items()))
    assert expected == sorted(expected)


def test_lucky_shot_can_make_a_weaker_column_better() -> None:
    """QS lucky shot at +36: at 1-4 the 01 misses and becomes 4 hits; at 1-2 it scores its 1 hit and stays 1."""
    assert rules.hit_distribution(position_of("1-4"), 36, odds()) == {0: Fraction(99, 100), 4: Fraction(1, 100)}
    assert rules.hit_distribution(position_of("1-2"), 36, odds()) == {0: Fraction(97, 100), 1: Fraction(3, 100)}


# --- deflection ----------------------------------------------------------------------------


def test_deflection_factors_and_shot_classes_from_the_diagram() -> None:
    deflections = table("deflection-factors")
    assert [rules.deflection_factor(deflections, angle) for angle in range(0, 181, 30)] == [1, 2, 3, 5, 6, 4, 3]
    assert [rules.shot_class(deflections, angle) for angle in (0, 30, 60, 120, 150)] == \
        ["rear", "rear", "side", "side", "front"]
    with pytest.raises(ValueError, match="not on the diagram"):
        rules.deflection_factor(deflections, 45)


def test_otr_10_2_twelve_on_twelve_lowers_the_factor_by_one_at_150_and_180() -> None:
    deflections = table("deflection-factors")
    assert rules.deflection_factor(deflections, 180, twelve_on_twelve=True) == 2
    assert rules.deflection_factor(deflections, 150, twelve_on_twelve=True) == 3
    assert rules.deflection_factor(deflections, 0, twelve_on_twelve=True) == 1


def test_err2_10_3_head_on_uses_the_worse_factor_for_both() -> None:
    assert rules.head_on_deflection_factor(3, 4) == 4


# --- modifiers -----------------------------------------------------------------------------


def test_qs_gun_modifiers_from_the_table() -> None:
    mods = table("qs-gun-modifiers")
    assert rules.pilot_modifier(mods, "recruit") == 30
    assert rules.pilot_modifier(mods, "veteran", hero=True) == -10
    assert rules.pilot_modifier(mods, "regular", ace=True, crack_shot=True) == -20
    assert rules.firer_modifier(mods, turn_rate="BT", snap_rolls=2) == 40
    assert rules.firer_modifier(mods, negative_g_or_slip=True, severely_damaged=True) == 45
    assert rules.target_size_modifier(mods, 3) == -15
    with pytest.raises(KeyError, match="qs-gun-modifiers"):
        rules.gun_modifier(mods, "no such row")


def test_otr_10_2_wing_harmony() -> None:
    """OTR 10.2: at least half the actual guns on the wings: -15 at range 2, -10 at 3, +10 per hex past 3."""
    mods = table("qs-gun-modifiers")
    assert [rules.wing_harmony_modifier(mods, r, 4, 6) for r in (1, 2, 3, 4, 6)] == [0, -15, -10, 10, 30]
    assert rules.wing_harmony_modifier(mods, 2, 2, 6) == 0


def test_otr_10_2_near_zero_deflection_and_qs_attitude_limit() -> None:
    mods = table("qs-gun-modifiers")
    assert rules.near_zero_deflection_modifier(mods, 0, 1) == -20
    assert rules.near_zero_deflection_modifier(mods, 180, 0) == -10
    assert rules.near_zero_deflection_modifier(mods, 0, 2) == 0


def test_otr_10_3_combined_speed_by_deflection() -> None:
    """OTR 10.3: sum at 150/180, faster + half slower at 120, faster at 90, faster - half slower at 60."""
    assert [rules.combined_speed(d, 6.0, 4.0) for d in (180, 150, 120, 90, 60, 30, 0)] == \
        [10.0, 10.0, 8.0, 6.0, 4.0, 0.0, 0.0]
    assert rules.combined_speed(30, 4.0, 6.0) == 2.0
    assert rules.combined_speed_modifier(5.5) == 30
    assert rules.combined_speed_modifier(5.5, CombatOptions(combined_speed_count="whole-only")) == 25


def test_otr_10_4_big_guns_get_minus_5_per_smaller_gun_hit() -> None:
    assert rules.big_gun_modifier(3) == -15


# --- head-ons, collisions, rockets -----------------------------------------------------------


def test_otr_10_3_head_on_criteria_and_err2_exception() -> None:
    assert rules.is_head_on(150, firer_in_target_front_arc=True)
    assert not rules.is_head_on(150)
    assert rules.is_head_on(60, firing_at_each_other=True)
    assert rules.is_head_on(0, vertical_opposites_same_hex=True)
    assert not rules.is_head_on(180, firer_in_target_front_arc=True, behind_flight_path=True)


def test_err2_10_3_pilot_collision_modifiers() -> None:
    assert rules.head_on_collision_pilot_modifier("recruit") == 1
    assert rules.head_on_collision_pilot_modifier("veteran", hero_or_ace=True) == -2
    assert rules.head_on_collision_pilot_modifier("regular", hero_or_ace=True) == -1


def test_otr_3_3_collision_damage_from_the_table() -> None:
    collisions = table("collision-damage")
    assert rules.collision_damage(collisions, 180, 2.0) == rules.CollisionDamage(4, 0)
    assert rules.collision_damage(collisions, 90, 1.0) == rules.CollisionDamage(3, 0)
    tail = rules.collision_damage(collisions, 30, 1.5)
    assert tail == rules.CollisionDamage(2, 3) and tail.hits_range == (5, 23)
    assert rules.collision_criticals(8) == 2


def test_qs_4_9_collision_chance() -> None:
    assert rules.qs_collision_chance(2) == Fraction(1, 10)
    assert rules.qs_collision_chance(4) == Fraction(3, 10)


def test_otr_10_7_rocket_hits_every_minus_20_up_to_the_multiples_fired() -> None:
    assert [rules.rocket_hits(lh, 3) for lh in (-19, -20, -39, -40, -200)] == [0, 1, 1, 2, 3]
    assert rules.rocket_altitude_ratio(1, 400) == (1, 2)
    assert rules.rocket_altitude_ratio(4, 0) is None
