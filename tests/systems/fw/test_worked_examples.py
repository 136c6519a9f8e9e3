"""Every worked example of the OTR (000) and Quick-Start (003) rulebooks that exercises fw.rules.

Each test names the rule the example belongs to and checks the book's own numbers.
The tables come from the real tables/fw/*.yaml files.
"""

from __future__ import annotations

import pathlib
from functools import cache

import pytest
from ruamel.yaml import YAML

from fwdata.systems.fw import rules
from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.tables import RuleTable, rule_table_from_data

TABLES = pathlib.Path(__file__).resolve().parents[3] / "tables" / "fw"
QS = FwRuleOptions.quick_start()
OTR = FwRuleOptions()
ERR1 = FwRuleOptions.otr_first_edition_errata()


@cache
def table(table_id: str) -> RuleTable:
    return rule_table_from_data(YAML(typ="safe").load((TABLES / f"{table_id}.yaml").read_text()))


def fvt() -> RuleTable:
    return table("fractional-values")


# --- OTR chapter 3 -----------------------------------------------------------------------


def test_otr_3_5_speed_6_5_fp_is_325_mph() -> None:
    """OTR 3.5: "6.5" FPs = 325 mph."""
    assert rules.speed_mph(6.5) == 325


def test_otr_3_5_1_speed_6_5_with_half_carry_has_7_full_fps() -> None:
    """OTR 3.5.1: speed 6.5 and a 0.5 FP carry give 7 full FPs (and nothing carried on)."""
    fps = rules.flight_points(6.5, 0.5)
    assert (fps.full_fps, fps.half_carry_out) == (7, 0.0)
    assert rules.proportion_basis(6.5, 0.5, OTR) == 7


def test_err1_3_4_speed_7_5_with_carry_has_8_fps_but_proportions_use_7_5() -> None:
    """Err1 3.4: speed 7.5 + 0.5 carry = 8.0 FPs to use; power, turns and proportions use 7.5.

    The proportion basis is the option that differs: OTR 3.5.1 full FPs give 8, QS
    "total FPs" give 8.0, the 1st-ed. errata give 7.5.
    """
    assert rules.flight_points(7.5, 0.5).full_fps == 8
    assert rules.proportion_basis(7.5, 0.5, ERR1) == 7.5
    assert rules.proportion_basis(7.5, 0.5, OTR) == 8
    assert rules.proportion_basis(7.5, 0.5, QS) == 8.0
    # power and turn lookups use the speed's column / row, not the 8 FPs
    assert rules.power_speed_column(7.5) == 1
    assert rules.turn_fp_requirement(table("turn-chart"), 7.5, "TT") == rules.TurnRequirement((7,))


def test_otr_3_6_level_flight_at_speed_3_spends_three_hfps() -> None:
    """OTR 3.6 (Example of Level Flight Diagram): speed 3.0 -> three HFPs, no VFPs."""
    fps = rules.flight_points(3.0).full_fps
    vfps = rules.vfp_range(
        "LVL", 3.0, fps, fvt(), table("flight-proportions"), start_attitude="LVL", speed=3.0
    )
    assert fps == 3
    assert (vfps.low, vfps.high) == (0, 0)


def test_otr_3_6_level_optional_change_at_speed_6_is_up_to_200_ft() -> None:
    """OTR 3.6: at speed 6.0, 1/4 is 1.5, rounded to 2.0: adjust by 0, 100 or 200 feet."""
    assert rules.fraction_of(fvt(), "1/4", 6.0) == 1.5
    assert rules.optional_change_limit("LVL", 6.0, fvt(), table("flight-proportions")) == 2


# --- OTR chapter 5 -------------------------------------------------------------------------


def test_otr_5_1_il_is_three_bank_steps_from_rb() -> None:
    """OTR 5.1: IL is 3 steps from RB (IL > LB > LV > RB), the greatest possible difference."""
    assert rules.bank_steps("IL", "RB") == 3
    assert max(rules.bank_steps(a, b) for a in rules.BANK_RING for b in rules.BANK_RING) == 3


def test_otr_10_2_example_lb_and_rb_are_two_bank_steps_apart() -> None:
    """OTR 10.2 (LVMM example): LB and RB are two steps apart (LB > LV > RB)."""
    assert rules.bank_steps("LB", "RB") == 2
    assert rules.bank_steps("ILB", "IL") == 0


# --- OTR chapter 4 / QS 4.1 ----------------------------------------------------------------


def test_otr_4_2_excess_speed_decel_mh_military_6_0_at_8_5_is_5() -> None:
    """OTR 4.2: military power, MH band, max attainable 6.0, start speed 8.5 -> 5.0 decel."""
    assert rules.overspeed_decel(8.5, 6.0) == 5.0


def test_qs_4_1_overspeed_decel_max_7_0_at_8_5_is_3() -> None:
    """QS 4.1: max level speed 7.0, start speed 8.5 -> 2 x (8.5 - 7.0) = 3.0 decel."""
    assert rules.overspeed_decel(8.5, 7.0) == 3.0


def test_otr_4_2_designer_note_fp_at_speed_3_lasts_twice_one_at_6() -> None:
    """OTR 4.2 designer's note: one FP at speed 3.0 is twice the time of one at 6.0."""
    assert rules.fp_duration_s(3.0) == 2 * rules.fp_duration_s(6.0)


def test_otr_4_3_net_17_5_decel_loses_1_5_speed_and_carries_2_5() -> None:
    """OTR 4.3: a net 17.5 decel ("1.75") is a 1.5 speed loss with 2.5 decel carried."""
    change = rules.speed_change(6.0, accel=0.0, decel=17.5)
    assert change == rules.SpeedChange(speed=4.5, accel_carry=0.0, decel_carry=2.5)


def test_otr_4_3_1_loaded_and_severely_damaged_is_max_listed_minus_1_5() -> None:
    """OTR 4.3.1 note: a loaded, severely damaged A/C's max attainable = max listed -1.5."""
    speed = rules.max_attainable_speed(
        6.0, table("attainable-speed"), fvt(), load="loaded", severe_damage=True
    )
    assert speed == 4.5


# --- OTR 6.6 ---------------------------------------------------------------------------


def test_otr_6_6_free_facing_at_5_fps_comes_after_the_4th_or_5th_fp() -> None:
    """OTR 6.6: 5.0 FPs, FVT half 2.5 rounded up to 3.0: free facing only after FP 4 or 5."""
    assert rules.fraction_of(fvt(), "1/2", 5.0) == 2.5
    first_half = rules.first_half_fps(5, fvt())
    assert first_half == 3
    assert [fp for fp in range(1, 6) if fp > first_half] == [4, 5]


# --- QS 3.5 average flight attitude example ---------------------------------------------


def test_qs_3_5_bt3_pull_ishd_to_std_afa_istd_with_3_vfps() -> None:
    """QS 3.5: speed 6.0, BT-3 pull ISHD -> STD with mandatory reversal; AFA ISTD
    (1.5 steps rounded back to 1, passing through a vertical dive); must use 3 VFPs."""
    move = rules.transition("ISHD", "pull", "BT")
    assert move.end == "STD"
    assert move.reversal == "end"
    assert move.average == "ISTD"
    basis = rules.proportion_basis(6.0, 0.0, QS)
    vfps = rules.vfp_range(
        move.average, basis, 6, fvt(), table("flight-proportions"),
        start_attitude="ISHD", speed=6.0, transition_steps_taken=move.steps, options=QS,
    )
    assert (vfps.low, vfps.high) == (3, 3)


# --- QS flight example (Flight Example diagram, turns 1-4) -------------------------------
#
# Aircraft data the example implies: HT decel 3 ("6 decel for the 2-step HT transition"),
# 7 power at speeds up to 4.5 in its band ("(7 power)" at speed 4.0, turn 3), slip needs
# 2 FPs at speed 4.5, QS climb decel 1 per increment. The TT decel is not given, so turn
# 4's decel cannot be checked.

QS_DECELS = {"TT": None, "HT": 3.0, "BT": None, "ET": None}
QS_POWER = 7.0


def test_qs_flight_example_turn_1_ht_turn_after_2_hfps_and_half_fp_carry() -> None:
    """QS flight example, turn 1: level, SE, LB, speed 4.5; HT left turn faces E after
    2 HFPs; accel balances the turn decel; a half FP is carried."""
    fps = rules.flight_points(4.5, 0.0)
    assert (fps.full_fps, fps.half_carry_out) == (4, 0.5)
    requirement = rules.turn_fp_requirement(table("turn-chart"), 4.5, "HT")
    assert requirement is not None and requirement.fps_for_facings(1) == 2
    assert rules.rotate_facing("SE", -1) == "E"
    facings = rules.charged_facings(started=1, completed=1, options=QS)
    decel = rules.turn_decel("HT", facings, QS_DECELS, fvt(), start_speed=4.5, options=QS)
    assert decel == 3.0
    accel_range = rules.engine_accel_range(
        "military", QS_POWER, None, fvt(), start_speed=4.5, max_attainable=10.0, options=QS
    )
    assert accel_range.allows(decel)
    assert rules.speed_change(4.5, accel=decel, decel=decel).speed == 4.5


def test_qs_flight_example_turn_2_ht_pull_to_stc_one_vfp_300_ft_speed_4_0() -> None:
    """QS flight example, turn 2: 5.0 FPs (4.5 + 0.5 carry); 2-step HT pull to STC; AFA
    shallow so 1 VFP is required; left slip (HT decel); 4 HFPs + 1 VFP = +300 ft; no OC;
    power cannot balance the decel and speed falls to 4.0."""
    fps = rules.flight_points(4.5, 0.5)
    assert (fps.full_fps, fps.half_carry_out) == (5, 0.0)
    move = rules.transition("LVL", "pull", "HT")
    assert (move.end, move.average, move.steps, move.reversal) == ("STC", "SHC", 2, None)
    basis = rules.proportion_basis(4.5, 0.5, QS)
    assert basis == 5.0
    proportions = table("flight-proportions")
    assert rules.mandatory_change("LVL", basis, fvt(), proportions) == 0
    vfps = rules.vfp_range(
        move.average, basis, fps.full_fps, fvt(), proportions,
        start_attitude="LVL", speed=4.5, transition_steps_taken=move.steps, options=QS,
    )
    assert (vfps.low, vfps.high) == (1, 1)
    increments = rules.altitude_change_increments(0, 1, 0)
    assert increments * rules.FEET_PER_INCREMENT == 300
    decel = (
        rules.transition_decel("HT", move.steps, QS_DECELS, fvt(), start_speed=4.5, options=QS)
        + rules.slip_decel(QS_DECELS, fvt(), options=QS)
        + rules.climb_decel(increments, 1.0, start_attitude_climbing=False, options=QS)
    )
    assert decel == 12.0
    # the full 7 power (the turn-3 value for the same speed column) leaves 5 decel: -0.5
    assert rules.speed_change(4.5, accel=QS_POWER, decel=decel) == rules.SpeedChange(speed=4.0)


def test_qs_flight_example_turn_3_through_vertical_1100_ft_and_speed_3_0() -> None:
    """QS flight example, turn 3: MC 1/2 of 4.0 = +200 ft; 2-step HT pull through the
    vertical to ISTC with mandatory reversal; AFA vertical; 1 HFP + 3 VFPs (+900 ft);
    reverse 150 deg left to NW; total +1,100 ft; 7 power - 11 climb decel - 6 transition
    decel = -10 accel points: speed 4.0 -> 3.0."""
    fps = rules.flight_points(4.0, 0.0)
    basis = rules.proportion_basis(4.0, 0.0, QS)
    proportions = table("flight-proportions")
    mc = rules.mandatory_change("STC", basis, fvt(), proportions)
    assert mc == 2
    move = rules.transition("STC", "pull", "HT")
    assert (move.end, move.average, move.reversal) == ("ISTC", "VC", "end")
    vfps = rules.vfp_range(
        move.average, basis, fps.full_fps, fvt(), proportions,
        start_attitude="STC", speed=4.0, transition_steps_taken=move.steps, options=QS,
    )
    assert (vfps.low, vfps.high) == (3, 4)
    increments = rules.altitude_change_increments(mc, 3, 0)
    assert increments * rules.FEET_PER_INCREMENT == 1100
    assert rules.rotate_facing("E", -5) == "NW"
    climb = rules.climb_decel(increments, 1.0, start_attitude_climbing=True, options=QS)
    transition = rules.transition_decel("HT", move.steps, QS_DECELS, fvt(), start_speed=4.0, options=QS)
    assert (climb, transition) == (11.0, 6.0)
    assert QS_POWER - climb - transition == -10.0
    assert rules.speed_change(4.0, accel=QS_POWER, decel=climb + transition) == rules.SpeedChange(speed=3.0)


def test_qs_flight_example_turn_4_tt_pull_to_ishc_mc_200_ez_turn_after_3_hfps() -> None:
    """QS flight example, turn 4: TT-1 inverted pull ISTC -> ISHC; MC = 1/2 of 3.0 =
    1.5 rounded up = 200 ft; 3 HFPs and 0 VFPs; an EZ turn completes on the 3rd HFP and
    faces W."""
    fps = rules.flight_points(3.0, 0.0)
    move = rules.transition("ISTC", "pull", "TT")
    assert (move.end, move.average, move.steps, move.reversal) == ("ISHC", "ISHC", 1, None)
    basis = rules.proportion_basis(3.0, 0.0, QS)
    proportions = table("flight-proportions")
    assert rules.fraction_of(fvt(), "1/2", basis) == 1.5
    assert rules.mandatory_change("ISTC", basis, fvt(), proportions) == 2
    vfps = rules.vfp_range(
        move.average, basis, fps.full_fps, fvt(), proportions,
        start_attitude="ISTC", speed=3.0, transition_steps_taken=move.steps, options=QS,
    )
    assert vfps.low == 0 <= vfps.high
    requirement = rules.turn_fp_requirement(table("turn-chart"), 3.0, "EZ")
    assert requirement is not None and requirement.fps_for_facings(1) == 3 == fps.full_fps
    assert rules.rotate_facing("NW", -1) == "W"


# --- Err1 11.2 B-17F speed ranges ---------------------------------------------------------

B17F_HI_MIN, B17F_HI_MAX = 3.0, 6.0
"""Listed HI-band speeds implied by the example's loaded range 3.5-5.5 (both tables give
loaded +0.5/-0.5); inferred, the B-17F card is not in the seeds."""


@pytest.mark.parametrize(
    ("label", "engines_out", "load", "severe", "expected"),
    [
        ("loaded", "all_good", "loaded", False, (3.5, 5.5)),
        ("loaded, severely damaged", "all_good", "loaded", True, (4.0, 4.5)),
        ("loaded, severe, 1 engine out", "1_out", "loaded", True, (4.5, 3.5)),
        ("bombs salvoed: severe, 1 engine out", "1_out", "clean", True, (4.0, 4.0)),
    ],
)
def test_err1_11_2_b17f_hi_band_speed_ranges_with_errata_table(
    label: str, engines_out: rules.EnginesOut, load: rules.LoadStatus, severe: bool, expected: tuple[float, float]
) -> None:
    """Err1 11.2 example: a loaded B-17F in HI is 3.5-5.5; severe + loaded 4.0-4.5; one
    engine out, severe, loaded 4.5-3.5 (excess speed decel applies); after salvoing its
    bombs 4.0-4.0. Reproduced exactly with the 1st-edition errata table."""
    limits = rules.bomber_speed_limits(
        B17F_HI_MIN, B17F_HI_MAX, table("bomber-speed-otr-1st-errata"),
        engines_out=engines_out, load=load, severe_damage=severe, fvt=fvt(), options=ERR1,
    )
    assert (limits.minimum, limits.maximum) == expected, label


@pytest.mark.parametrize(
    ("label", "engines_out", "load", "severe", "expected"),
    [
        ("loaded", "all_good", "loaded", False, (3.5, 5.5)),
        ("loaded, severely damaged", "all_good", "loaded", True, (4.0, 4.5)),
        ("loaded, severe, 1 engine out", "1_out", "loaded", True, (4.5, 4.0)),
        ("bombs salvoed: severe, 1 engine out", "1_out", "clean", True, (4.0, 4.5)),
    ],
)
def test_otr_17_2_b17f_example_under_the_3rd_edition_table(
    label: str, engines_out: rules.EnginesOut, load: rules.LoadStatus, severe: bool, expected: tuple[float, float]
) -> None:
    """The Err1 B-17F example recomputed with the OTR 3rd-ed. 17.2 table: the first two
    ranges agree with the book; with an engine out the 3rd ed. loses only 0.5 (not 1.0)
    of max speed, so the last two differ from the errata's 3.5 and 4.0 maxima."""
    assert rules.bomber_speed_table_id(OTR) == "bomber-speed-otr-3rd"
    limits = rules.bomber_speed_limits(
        B17F_HI_MIN, B17F_HI_MAX, table(rules.bomber_speed_table_id(OTR)),
        engines_out=engines_out, load=load, severe_damage=severe, fvt=fvt(), options=OTR,
    )
    assert (limits.minimum, limits.maximum) == expected, label


def test_err1_11_2_b17f_engine_out_range_needs_excess_speed_decel() -> None:
    """Err1 11.2: at 4.5-3.5 "excess speed decel must be applied": flying at the 4.5
    minimum against a 3.5 max costs 2 x 1.0 = 2 decel (OTR 4.2)."""
    limits = rules.bomber_speed_limits(
        B17F_HI_MIN, B17F_HI_MAX, table("bomber-speed-otr-1st-errata"),
        engines_out="1_out", load="loaded", severe_damage=True, options=ERR1,
    )
    assert rules.overspeed_decel(limits.minimum, limits.maximum) == 2.0
