"""Tests of the Fighting Wings flight-model arithmetic (fwdata.systems.fw.rules) and its options."""

from __future__ import annotations

import math
import pathlib
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from ruamel.yaml import YAML

from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.simulation_checks import BELOW_RESOLUTION, climb_verdict
from fwdata.systems.fw.tables import RuleTable, rule_table_from_data

TABLES = pathlib.Path(__file__).resolve().parents[3] / "tables" / "fw"
OTR = FwRuleOptions()
QS = FwRuleOptions.quick_start()
ERR1 = FwRuleOptions.otr_first_edition_errata()

half_steps = st.integers(min_value=0, max_value=40).map(lambda n: n / 2)
points = st.integers(min_value=0, max_value=200).map(lambda n: n / 2)


@cache
def table(table_id: str) -> RuleTable:
    return rule_table_from_data(YAML(typ="safe").load((TABLES / f"{table_id}.yaml").read_text()))


def fvt() -> RuleTable:
    return table("fractional-values")


def proportions() -> RuleTable:
    return table("flight-proportions")


# --- Fractional Values Table -------------------------------------------------------------


def test_fvt_formula_matches_every_printed_cell_but_two_thirds_of_2() -> None:
    """OTR 3.5.1 / QS FVT: every cell is fraction x No. to the nearest 0.5, ties down,
    except 2/3 of 2.0, printed 1.0 where the rule gives 1.5."""
    mismatches = []
    for index in range(len(fvt().rows)):
        row = fvt().row_dict(index)
        number = float(row["number"])  # type: ignore[arg-type]
        for fraction, key in (("1/4", "quarter"), ("1/3", "third"), ("1/2", "half"), ("2/3", "two_thirds")):
            if rules.fvt_formula_value(fraction, number) != row[key]:
                mismatches.append((fraction, number, row[key]))
    assert mismatches == [("2/3", 2.0, 1.0)]
    assert rules.fvt_formula_value("2/3", 2.0) == 1.5


def test_fvt_formula_ties_round_down() -> None:
    """FVT rounding: 1/4 of 1.0 = 0.25 -> 0.0 and 1/4 of 3.0 = 0.75 -> 0.5 (exact ties go down)."""
    assert rules.fvt_formula_value("1/4", 1.0) == 0.0
    assert rules.fvt_formula_value("1/4", 3.0) == 0.5
    assert rules.fvt_formula_value("1/2", 7.5) == 3.5


def test_fraction_of_reads_the_table_not_the_formula() -> None:
    assert rules.fraction_of(fvt(), "2/3", 2.0) == 1.0
    assert rules.fraction_of(fvt(), "1/3", 7.0) == 2.5
    assert rules.fraction_of(fvt(), "1/2", 0.0) == 0.0


def test_fraction_of_beyond_the_table_uses_the_formula_or_raises() -> None:
    """OTR 3.5.1: the play aid runs to 15.0 but rows 12.5-15.0 are lost."""
    assert rules.fraction_of(fvt(), "2/3", 15.0) == 10.0
    assert rules.fraction_of(fvt(), "1/4", 12.5) == 3.0
    with pytest.raises(KeyError):
        rules.fraction_of(fvt(), "1/4", 12.5, extend=False)


@pytest.mark.parametrize(("fraction", "number"), [("3/4", 4.0), ("1/2", 2.25), ("1/2", -1.0)])
def test_fraction_of_rejects_bad_input(fraction: str, number: float) -> None:
    with pytest.raises(ValueError):
        rules.fraction_of(fvt(), fraction, number)


@given(half_steps, st.sampled_from(["1/4", "1/3", "1/2", "2/3"]))
def test_fvt_formula_is_within_a_quarter_and_on_half_steps(number: float, fraction: str) -> None:
    value = rules.fvt_formula_value(fraction, number)
    exact = float(eval(fraction)) * number  # noqa: S307 - a literal fraction string
    assert abs(value - exact) <= 0.25
    assert value * 2 == int(value * 2)


# --- flight points -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("speed", "carry", "fps", "carry_out"),
    [(4.5, 0.0, 4, 0.5), (4.5, 0.5, 5, 0.0), (4.0, 0.5, 4, 0.5), (6.0, 0.0, 6, 0.0)],
)
def test_flight_points_half_carry(speed: float, carry: float, fps: int, carry_out: float) -> None:
    """OTR 3.5 / QS 2.2: a carried half is used only with a half in the speed, else carried again."""
    assert rules.flight_points(speed, carry) == rules.FlightPoints(fps, carry_out)


def test_flight_points_rejects_bad_carry_and_speed() -> None:
    with pytest.raises(ValueError):
        rules.flight_points(4.0, 0.25)
    with pytest.raises(ValueError):
        rules.flight_points(4.3)


@pytest.mark.parametrize(("options", "expected"), [(OTR, 4.0), (QS, 4.5), (ERR1, 4.5)])
def test_proportion_basis_option_at_speed_4_5_without_carry(options: FwRuleOptions, expected: float) -> None:
    """Digest 6.1: full FPs (OTR 3.5.1) give 4, total FPs (QS 2.9) and speed (Err1 3.4) 4.5."""
    assert rules.proportion_basis(4.5, 0.0, options) == expected


# --- speed change ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("accel", "decel", "accel_carry", "decel_carry", "expected"),
    [
        (12.0, 0.0, 0.0, 0.0, rules.SpeedChange(6.0, accel_carry=2.0)),
        (3.0, 0.0, 2.0, 0.0, rules.SpeedChange(5.5)),
        (0.0, 4.5, 0.0, 0.0, rules.SpeedChange(5.0, decel_carry=4.5)),
        (7.0, 3.0, 0.0, 2.5, rules.SpeedChange(5.0, accel_carry=1.5)),
    ],
)
def test_speed_change_5_points_per_half_speed_with_carries(
    accel: float, decel: float, accel_carry: float, decel_carry: float, expected: rules.SpeedChange
) -> None:
    """OTR 4.3: 5 net points = 0.5 speed; the remainder is carried as accel or decel."""
    assert rules.speed_change(5.0, accel, decel, accel_carry, decel_carry) == expected


def test_speed_change_never_below_zero() -> None:
    assert rules.speed_change(0.5, 0.0, 30.0) == rules.SpeedChange(0.0)


@given(half_steps.filter(lambda s: s >= 10), points, points, st.sampled_from([0.0, 2.5]))
def test_speed_change_conserves_points(start: float, accel: float, decel: float, carry: float) -> None:
    change = rules.speed_change(start, accel, decel, decel_carry=carry)
    if change.speed == 0.0:
        return
    net = accel - decel - carry
    assert math.isclose(10 * (change.speed - start) + change.accel_carry - change.decel_carry, net)
    assert 0 <= change.accel_carry < 5 and 0 <= change.decel_carry < 5
    assert change.accel_carry == 0 or change.decel_carry == 0


def test_accel_cap_end_speed_trigger_otr_4_4() -> None:
    """OTR 4.4: end speed reaching max attainable stops accel there, with no accel carry."""
    assert rules.new_start_speed(6.5, 17.0, 0.0, max_attainable=7.0, options=OTR) == rules.SpeedChange(7.0)


def test_accel_cap_start_speed_trigger_qs_2_3() -> None:
    """QS 2.3: only a start at or above max level speed caps accel; from 6.5 the same
    17 points reach 8.0 with 2 carried."""
    assert rules.new_start_speed(6.5, 17.0, 0.0, max_attainable=7.0, options=QS) == rules.SpeedChange(8.0, 2.0)
    assert rules.new_start_speed(7.0, 17.0, 0.0, max_attainable=7.0, options=QS) == rules.SpeedChange(7.0)


def test_accel_cap_dive_exception() -> None:
    """OTR 4.4 dive acceleration exception: a dive start or end attitude lifts the cap."""
    change = rules.new_start_speed(6.5, 17.0, 0.0, max_attainable=7.0, diving=True, options=OTR)
    assert change == rules.SpeedChange(8.0, 2.0)


def test_accel_cap_drops_accel_carry_at_max_attainable() -> None:
    """OTR 4.4: at max attainable no accel is carried, even when the speed does not change."""
    assert rules.new_start_speed(7.0, 3.0, 0.0, max_attainable=7.0, options=OTR) == rules.SpeedChange(7.0)
    assert rules.new_start_speed(6.5, 3.0, 0.0, max_attainable=7.0, options=OTR) == rules.SpeedChange(6.5, 3.0)


@given(half_steps, half_steps, points, points, st.sampled_from([OTR, QS]))
def test_accel_cap_never_lets_level_flight_pass_max_attainable(
    start: float, max_attainable: float, accel: float, decel: float, options: FwRuleOptions
) -> None:
    change = rules.new_start_speed(start, accel, decel, max_attainable=max_attainable, options=options)
    if options.accel_cap_trigger == "end-speed" or start >= max_attainable:
        assert change.speed <= max(start, max_attainable)
    if change.speed >= max_attainable and options.accel_cap_trigger == "end-speed":
        assert change.accel_carry == 0


def test_accel_cap_does_not_touch_decel() -> None:
    change = rules.new_start_speed(8.0, 0.0, 7.0, max_attainable=7.0, options=OTR)
    assert change == rules.SpeedChange(7.5, decel_carry=2.0)


# --- power --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "expected"),
    [("4/5", rules.PowerCell(4.0, 5.0)), ("3", rules.PowerCell(3.0)), (2, rules.PowerCell(2.0)),
     ("–", rules.PowerCell(0.0)), ("-", rules.PowerCell(0.0)), ("2.5/3.5", rules.PowerCell(2.5, 3.5))],
)
def test_parse_power_cell(cell: str | int, expected: rules.PowerCell) -> None:
    """OTR 4.1: military left of the slash, emergency right, dash = no accel (Err1 Spitfire '4/5')."""
    assert rules.parse_power_cell(cell) == expected


def test_parse_power_cell_rejects_garbage() -> None:
    with pytest.raises(ValueError):
        rules.parse_power_cell("4//5")


@pytest.mark.parametrize(("speed", "column"), [(0.0, 0), (4.5, 0), (5.0, 1), (7.5, 1), (8.0, 2), (9.5, 2), (10.0, 3)])
def test_power_speed_column(speed: float, column: int) -> None:
    """OTR 5.5.1: Power vs Speed columns 0.0-4.5, 5.0-7.5, 8.0-9.5, 10.0+."""
    assert rules.power_speed_column(speed) == column


def test_total_engine_power_per_engine_with_step_losses() -> None:
    """OTR 4.1 (per engine), 4.3 (sum engines first), QS step chain full -> 2/3 -> ... -> seized."""
    assert rules.total_engine_power(3.0, [0, 0, 0, 1], fvt()) == 11.0
    assert rules.total_engine_power(3.0, [0, 2, 4, 5], fvt()) == 3.0 + 1.5 + 0.5


def test_total_engine_power_severe_damage_option() -> None:
    """Err1: severe damage takes 1 off total power but not below 1.0; the 3rd-ed. default does not."""
    assert rules.total_engine_power(3.0, [0, 0], fvt(), severe_damage=True, options=OTR) == 6.0
    assert rules.total_engine_power(3.0, [0, 0], fvt(), severe_damage=True, options=ERR1) == 5.0
    assert rules.total_engine_power(1.5, [0], fvt(), severe_damage=True, options=ERR1) == 1.0
    assert rules.total_engine_power(0.5, [0], fvt(), severe_damage=True, options=ERR1) == 0.5


@pytest.mark.parametrize(
    ("power", "expected"),
    [("idle", rules.AccelRange(0, 0)), ("endurance", rules.AccelRange(0, 0)), ("cruise", rules.AccelRange(0, 2.5)),
     ("military", rules.AccelRange(2.5, 7.0, True)), ("emergency", rules.AccelRange(8.0, 8.0))],
)
def test_engine_accel_range_by_power_setting(power: rules.PowerSetting, expected: rules.AccelRange) -> None:
    """OTR 4.1: cruise 0..1/3 (FVT 1/3 of 7 = 2.5), military > 1/3 up to all, emergency all of it."""
    assert rules.engine_accel_range(power, 7.0, 8.0, fvt(), start_speed=5.0, max_attainable=7.0) == expected


def test_engine_accel_zero_above_max_attainable_and_military_floor_exclusive() -> None:
    """OTR 4.4: start speed above max attainable -> no engine accel whatever the throttle."""
    above = rules.engine_accel_range("emergency", 7.0, 8.0, fvt(), start_speed=7.5, max_attainable=7.0)
    assert above == rules.AccelRange(0, 0)
    military = rules.engine_accel_range("military", 7.0, None, fvt(), start_speed=5.0, max_attainable=7.0)
    assert not military.allows(2.5) and military.allows(3.0) and not military.allows(7.5)


def test_engine_accel_quick_start_any_amount_and_missing_emergency() -> None:
    qs = rules.engine_accel_range("military", 7.0, 8.0, fvt(), start_speed=5.0, max_attainable=7.0, options=QS)
    assert qs == rules.AccelRange(0.0, 8.0)
    with pytest.raises(ValueError):
        rules.engine_accel_range("emergency", 7.0, None, fvt(), start_speed=5.0, max_attainable=7.0)


def test_idle_speed_and_jets() -> None:
    """OTR 4.1 idle drops 0.5 at once; OTR 4.3.1 jets do not."""
    assert rules.idle_start_speed(5.0) == 4.5
    assert rules.idle_start_speed(5.0, jet=True) == 5.0


def test_idle_overspeed_decel_qs_formula() -> None:
    """QS 4.1: idle overspeed = 2 x (speed - 0.5 - 1/2 max listed): 2 x (7.5 - 3.5) = 8."""
    assert rules.idle_overspeed_decel(8.0, 7.0, fvt()) == 8.0
    assert rules.idle_overspeed_decel(3.5, 7.0, fvt()) == 0.0


def test_ceiling_power_and_decel_factor() -> None:
    """OTR 12.0: above the ceiling power is halved and decel doubled; > 3,000 ft above power is 0."""
    assert rules.ceiling_power(5.0, 30_000, 30_000, fvt()) == 5.0
    assert rules.ceiling_power(5.0, 31_000, 30_000, fvt()) == 2.5
    assert rules.ceiling_power(5.0, 33_100, 30_000, fvt()) == 0.0
    assert rules.ceiling_decel_factor(31_000, 30_000) == 2


# --- max attainable and min adjusted --------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, 7.0),
        ({"load": "loaded"}, 6.5),
        ({"load": "overloaded"}, 6.0),
        ({"severe_damage": True}, 6.0),
        ({"engine_step_losses": 2}, 6.0),
        ({"power": "cruise", "band": "HI"}, 6.0),
        ({"power": "cruise", "band": "MH"}, 5.5),
        ({"power": "cruise", "agility_class": "H"}, 6.0),
        ({"power": "cruise", "agility_class": "H", "load": "overloaded"}, 5.5),
        ({"power": "endurance"}, 3.5),
        ({"power": "endurance", "load": "loaded"}, 3.0),
        ({"power": "idle", "load": "loaded"}, 3.5),
        ({"gear_down": True, "load": "loaded", "severe_damage": True}, 3.5),
    ],
)
def test_max_attainable_speed_otr_4_3_1(kwargs: dict[str, object], expected: float) -> None:
    """OTR 4.3.1 table, max listed 7.0: load, damage, power; idle is half max listed;
    gear takes 1/3 (OTR 16.3.1: 5.5 - FVT 1/3 of 5.5 = 2.0 -> 3.5)."""
    assert rules.max_attainable_speed(7.0, table("attainable-speed"), fvt(), **kwargs) == expected  # type: ignore[arg-type]


def test_max_attainable_overloaded_option() -> None:
    """Err1 Flight Rules Summary: overloaded loses 0.5, not 1.0."""
    assert rules.max_attainable_speed(7.0, table("attainable-speed"), fvt(), load="overloaded", options=ERR1) == 6.5


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [({}, 3.0), ({"load": "loaded"}, 3.5), ({"load": "overloaded"}, 4.0), ({"severe_damage": True}, 3.5),
     ({"load": "loaded", "severe_damage": True, "unbalanced_engines": 1}, 4.5),
     ({"unbalanced_engines": 2, "rudder_out": True}, 5.0), ({"reduction": 0.5}, 2.5)],
)
def test_min_adjusted_speed(kwargs: dict[str, object], expected: float) -> None:
    """OTR 4.3.1 (loaded +0.5, overloaded +1.0, severe +0.5), OTR 11 (unbalanced +0.5/+1.0,
    rudder +1.0 cumulative), OTR 5.8 (slats / gifted -0.5)."""
    assert rules.min_adjusted_speed(3.0, table("attainable-speed"), **kwargs) == expected  # type: ignore[arg-type]


def test_bomber_all_engines_out_3rd_ed_is_idle_speed() -> None:
    """OTR 17.2: 4 engines out -> max = idle attainable (half max listed), loaded idle -0.5."""
    third = table("bomber-speed-otr-3rd")
    clean = rules.bomber_speed_limits(3.0, 6.0, third, engines_out="4_out", fvt=fvt())
    loaded = rules.bomber_speed_limits(3.0, 6.0, third, engines_out="4_out", load="loaded", fvt=fvt())
    assert (clean.maximum, loaded.maximum) == (3.0, 2.5)
    with pytest.raises(ValueError):
        rules.bomber_speed_limits(3.0, 6.0, third, engines_out="4_out")


def test_bomber_err1_max_not_below_non_loaded_minimum() -> None:
    """Err1 11.2 note: engine losses never take the max below the non-loaded minimum."""
    limits = rules.bomber_speed_limits(3.0, 6.0, table("bomber-speed-otr-1st-errata"), engines_out="4_out")
    assert limits == rules.SpeedLimits(minimum=3.0, maximum=3.0)


def test_bomber_err1_floor_applies_before_severe_damage() -> None:
    """Err1 11.2: the floor limits the engines-out reduction; severe damage (-1.0) still applies."""
    limits = rules.bomber_speed_limits(
        3.0, 6.0, table("bomber-speed-otr-1st-errata"), engines_out="4_out", severe_damage=True
    )
    assert limits == rules.SpeedLimits(minimum=3.5, maximum=2.0)


@pytest.mark.parametrize(("corrected", "expected_max"), [(False, 4.5), (True, 3.0)])
def test_err1_loaded_three_out_typo_option(corrected: bool, expected_max: float) -> None:
    """Err1 11.2 prints loaded / 3 out as +1.5/-1.5 (probable typo for -3.5, which the
    non-loaded-minimum floor then lifts from 2.5 to 3.0)."""
    options = FwRuleOptions(bomber_speed_edition="otr-1st-errata", err1_bomber_typo_corrected=corrected)
    limits = rules.bomber_speed_limits(
        3.0, 6.0, table("bomber-speed-otr-1st-errata"), engines_out="3_out", load="loaded", options=options
    )
    assert limits == rules.SpeedLimits(minimum=4.5, maximum=expected_max)


def test_bomber_speed_table_id_option() -> None:
    assert rules.bomber_speed_table_id(OTR) == "bomber-speed-otr-3rd"
    assert rules.bomber_speed_table_id(ERR1) == "bomber-speed-otr-1st-errata"


def test_load_status_and_bay_load() -> None:
    """OTR 12.0: limits '3-7': >= 3 loaded, >= 7 overloaded; bays: 1 per full 500 lb + 0.5 per rest."""
    assert [rules.load_status(p, 3, 7) for p in (2.5, 3, 6.5, 7)] == ["clean", "loaded", "loaded", "overloaded"]
    assert [rules.bay_load_points(w) for w in (250, 500, 1000, 1200, 1500)] == [0.5, 1.0, 2.0, 2.5, 3.0]


# --- climb and dive -------------------------------------------------------------------------


def test_climb_decel_and_dive_accel() -> None:
    """OTR 4.1/4.2: increments x table value, plus the ADC attitude number once."""
    assert rules.climb_decel(11, 1.0) == 11.0
    assert rules.climb_decel(6, 1.5, start_attitude_climbing=True, climb_attitude_decel=2) == 11.0
    assert rules.dive_accel(9, 1.0, start_attitude_diving=True, dive_accel_bonus=3) == 12.0
    assert rules.dive_accel(9, 1.0, dive_accel_bonus=3) == 9.0


def test_climb_decel_err1_extras_option() -> None:
    """Err1 6.1 (+1 per increment climbed inverted) and Err1 severe damage (+1 per increment)."""
    assert rules.climb_decel(6, 1.0, inverted_increments=3, severe_damage=True, options=OTR) == 6.0
    assert rules.climb_decel(6, 1.0, inverted_increments=3, severe_damage=True, options=ERR1) == 15.0


def test_full_vfp_dive_at_speed_6_with_qs_points_is_18() -> None:
    """OTR 4.2 designer's note: a whole turn of VFPs is "around 18 to 20 points"; QS 1 point
    per increment meets that at speed 6.0 (6 VFPs x 3 increments)."""
    assert rules.full_vfp_dive_points(6.0, 1.0) == 18.0


# --- attitudes and transitions ------------------------------------------------------------


@pytest.mark.parametrize(
    ("attitude", "klass", "sense"),
    [("LVL", "level", 0), ("INV", "level", 0), ("SHC", "shallow", 1), ("ISHD", "shallow", -1),
     ("STD", "steep", -1), ("ISTC", "steep", 1), ("VC", "vertical", 1), ("IVD", "vertical", -1)],
)
def test_attitude_class_and_sense(attitude: str, klass: str, sense: int) -> None:
    assert rules.attitude_class(attitude) == klass
    assert rules.vertical_sense(attitude) == sense


def test_transition_steps_table_and_gravity() -> None:
    """QS Flight Tables: None 0, EZ 1, TT 1, HT 2, BT 3, ET 4; gravity adds one (QS 3.6)."""
    assert [rules.transition_steps(r) for r in ("none", "EZ", "TT", "HT", "BT", "ET")] == [0, 1, 1, 2, 3, 4]
    assert rules.transition_steps("none", gravity_step=True) == 1
    with pytest.raises(ValueError):
        rules.transition_steps("XT")


@pytest.mark.parametrize(
    ("start", "direction", "end", "reversal"),
    [
        ("VC", "pull", "ISTC", "start"),
        ("IVC", "push", "STC", "start"),
        ("IVD", "pull", "STD", "start"),
        ("VD", "push", "ISTD", "start"),
        ("VC", "push", "STC", None),
        ("IVC", "pull", "ISTC", None),
        ("VD", "pull", "STD", None),
        ("IVD", "push", "ISTD", None),
    ],
)
def test_mandatory_reversals_leaving_vertical_qs_3_7(
    start: str, direction: str, end: str, reversal: str | None
) -> None:
    """QS 3.7 table: upright VC pulling, inverted VC pushing, inverted VD pulling and upright
    VD pushing reverse at the start of the move (QS 3.9); the other four do not."""
    move = rules.transition(start, direction, "EZ")  # type: ignore[arg-type]
    assert (move.end, move.reversal) == (end, reversal)


def test_vertical_keeps_the_sense_it_was_entered_with() -> None:
    assert rules.transition("STC", "pull", "TT").end == "VC"
    assert rules.transition("ISTC", "push", "EZ").end == "IVC"
    assert rules.transition("ISTD", "pull", "EZ").end == "IVD"
    assert rules.transition("STD", "push", "EZ").end == "VD"


def test_afa_rounding_qs_3_5() -> None:
    """QS 3.5: an odd half rounds forward, but back for EZ-or-less rates and for passing
    through or leaving a vertical dive."""
    assert rules.transition("LVL", "pull", "BT").average == "STC"  # 1.5 -> 2 forward
    assert rules.transition("LVL", "pull", "EZ").average == "LVL"  # EZ rounds back
    assert rules.transition("LVL", "pull", "TT").average == "SHC"
    assert rules.transition("VD", "pull", "TT").average == "VD"  # leaving a vertical dive
    assert rules.transition("VC", "push", "TT").average == "STC"  # leaving a climb: forward
    assert rules.transition("SHD", "push", "TT", gravity_step=True).average == "STD"


@given(
    st.sampled_from(rules.ATTITUDES),
    st.sampled_from(["pull", "push"]),
    st.sampled_from(["none", "EZ", "TT", "HT", "BT", "ET"]),
    st.booleans(),
)
def test_transition_invariants(start: str, direction: str, rate: str, gravity: bool) -> None:
    """Any transition either raises ValueError (push above HT-2) or has a consistent path:
    the AFA lies on the path, reversals only around verticals, and a pull undone by an
    equal push returns to the start (unless leaving a vertical reversed the aircraft)."""
    try:
        move = rules.transition(start, direction, rate, gravity_step=gravity)  # type: ignore[arg-type]
    except ValueError:
        assert direction == "push" and rate in ("BT", "ET")
        return
    assert move.path[0] == start and move.path[-1] == move.end and len(move.path) == move.steps + 1
    assert move.average in move.path
    if move.reversal is not None:
        assert any(rules.attitude_class(a) == "vertical" for a in move.path)
    if direction == "pull" and move.steps <= 2 and not gravity and move.reversal != "start":
        back = rules.transition(move.end, "push", rate)
        assert back.end == start


def test_push_limited_to_ht2() -> None:
    """QS 3.4: push transitions are limited to HT-2."""
    assert rules.transition("LVL", "push", "HT").end == "STD"
    with pytest.raises(ValueError):
        rules.transition("LVL", "push", "BT")


def test_et_pull_from_level_passes_vertical_and_reverses_at_end() -> None:
    move = rules.transition("LVL", "pull", "ET")
    assert move.path == ("LVL", "SHC", "STC", "VC", "ISTC")
    assert (move.average, move.reversal) == ("STC", "end")


# --- altitude proportions ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attitude", "basis", "mc", "oc"),
    [("SHC", 5.0, 2, 1), ("STD", 5.0, 3, 2), ("VC", 6.0, 2, 2), ("ISHD", 3.0, 1, 1), ("LVL", 5.0, 0, 1),
     ("INV", 7.0, 0, 2)],
)
def test_mandatory_and_optional_changes(attitude: str, basis: float, mc: int, oc: int) -> None:
    """QS Flight Proportions: MC shallow 1/3+, steep 1/2+, vertical 1/3+ (rounded up);
    OC 1/3-, 1/2-, 1/3- (rounded down); level OC 1/4 rounded up (5.0 -> 1.0 -> 1,
    7.0 -> 1.5 -> 2)."""
    assert rules.mandatory_change(attitude, basis, fvt(), proportions()) == mc
    assert rules.optional_change_limit(attitude, basis, fvt(), proportions()) == oc


def test_steep_vfp_half_rounding_by_start_attitude() -> None:
    """QS FP Rounding: x.5 VFP shares round down after a level/shallow start, up after
    steep, vertical or stall (steep AFA at 5 FPs: 1/2 = 2.5)."""
    shallow_start = rules.vfp_range("STC", 5.0, 5, fvt(), proportions(), start_attitude="SHC", speed=5.0)
    steep_start = rules.vfp_range("STC", 5.0, 5, fvt(), proportions(), start_attitude="STC", speed=5.0)
    stalled = rules.vfp_range("STD", 5.0, 5, fvt(), proportions(), start_attitude="LVL", speed=5.0, stalled=True)
    assert (shallow_start.low, shallow_start.high) == (1, 2)
    assert (steep_start.low, steep_start.high) == (1, 3)
    assert stalled.high == 3


def test_vertical_vfps_more_than_half() -> None:
    vfps = rules.vfp_range("VD", 5.0, 5, fvt(), proportions(), start_attitude="STD", speed=5.0)
    assert (vfps.low, vfps.high) == (3, 5)


def test_two_step_transition_forces_max_vfps_unless_vertical() -> None:
    """QS 3.5 AFA VFP Restriction."""
    forced = rules.vfp_range("STC", 6.0, 6, fvt(), proportions(), start_attitude="SHC", speed=6.0,
                             transition_steps_taken=2)
    vertical = rules.vfp_range("VC", 6.0, 6, fvt(), proportions(), start_attitude="STC", speed=6.0,
                               transition_steps_taken=2)
    assert (forced.low, forced.high) == (3, 3)
    assert (vertical.low, vertical.high) == (4, 6)


@pytest.mark.parametrize(("options", "expected"), [(OTR, (0, 0)), (FwRuleOptions(shallow_vfp_cutoff="below"), (0, 1))])
def test_shallow_no_vfp_cutoff_option_at_speed_2(options: FwRuleOptions, expected: tuple[int, int]) -> None:
    """QS Flight Proportions note "No VFP if speed [?] 2.0" (comparator lost)."""
    vfps = rules.vfp_range("SHC", 2.0, 2, fvt(), proportions(), start_attitude="SHC", speed=2.0, options=options)
    assert (vfps.low, vfps.high) == expected
    faster = rules.vfp_range("SHC", 2.5, 2, fvt(), proportions(), start_attitude="SHC", speed=2.5, options=options)
    assert (faster.low, faster.high) == (0, 1)


def test_altitude_change_increments() -> None:
    assert rules.altitude_change_increments(2, 3, 1) == 12


# --- turning --------------------------------------------------------------------------------


def test_turn_chart_cells() -> None:
    """QS Turn Chart notes: 60/90 = 2/3 facings per FP, a-b split cycles, NA not allowed."""
    chart = table("turn-chart")
    tt2 = rules.turn_fp_requirement(chart, 1.5, "TT")
    assert tt2 == rules.TurnRequirement((1,), facings_per_fp=2)
    assert tt2.fps_for_facings(3) == 2
    split = rules.turn_fp_requirement(chart, 5.0, "HT")
    assert split == rules.TurnRequirement((3, 2))
    assert [split.fps_for_facings(n) for n in (1, 2, 3)] == [3, 5, 8]
    assert rules.turn_fp_requirement(chart, 2.0, "ET") is None
    assert rules.turn_fp_requirement(chart, 12.5, "EZ") == rules.TurnRequirement((26,))


def test_turn_chart_steep_reduction_otr_5_5() -> None:
    """OTR 5.5: steep/vertical all turn reads speed - 1.0, never below the 1.0-1.5 row."""
    chart = table("turn-chart")
    assert rules.turn_fp_requirement(chart, 6.0, "HT", steep_or_vertical=True) == rules.TurnRequirement((3, 2))
    assert rules.turn_fp_requirement(chart, 1.5, "EZ", steep_or_vertical=True) == rules.TurnRequirement((1,))
    assert rules.turn_fp_requirement(chart, 2.0, "EZ", steep_or_vertical=True) == rules.TurnRequirement((1,))


def test_turn_chart_inverted_split_to_straight_err1_5_3() -> None:
    """Err1 5.3: in the inverted reduction, 3-2 becomes 2 and 2-1 becomes 1."""
    chart = table("turn-chart")
    assert rules.turn_fp_requirement(chart, 5.0, "HT", split_to_straight=True) == rules.TurnRequirement((2,))
    assert rules.turn_fp_requirement(chart, 5.0, "BT", split_to_straight=True) == rules.TurnRequirement((1,))


def test_turn_chart_errors() -> None:
    with pytest.raises(KeyError):
        rules.turn_fp_requirement(table("turn-chart"), 0.5, "EZ")
    with pytest.raises(ValueError):
        rules.turn_fp_requirement(table("turn-chart"), 5.0, "XT")
    with pytest.raises(ValueError):
        rules.parse_turn_cell("fast")


@pytest.mark.parametrize(
    ("rate", "expected"),
    [("EZ", ("EZ", "EZ", "EZ", "EZ")), ("TT", ("TT", "EZ", "EZ", "EZ")), ("HT", ("HT", "TT", "EZ", "EZ")),
     ("BT", ("BT", "HT", "TT", "EZ")), ("ET", ("ET", "BT", "HT", "TT"))],
)
def test_high_speed_decel_rate_otr_5_5_1_rule_not_scrambled_print(rate: str, expected: tuple[str, ...]) -> None:
    """OTR 5.5.1: one rate lower per speed band above 0.0-4.5 (>= 5.0, 8.0, 10.0), never below EZ."""
    assert tuple(rules.decel_rate(rate, s) for s in (4.5, 5.0, 8.0, 10.0)) == expected


def test_high_speed_decel_option() -> None:
    gifted_only = FwRuleOptions(high_speed_turn_decel="gifted-only")
    assert rules.decel_rate("HT", 8.0, options=gifted_only) == "HT"
    assert rules.decel_rate("HT", 8.0, gifted=True, options=gifted_only) == "EZ"
    assert rules.decel_rate("HT", 8.0, gifted=True, options=QS) == "HT"


DECELS = {"TT": 1.0, "HT": 2.0, "BT": 3.0, "ET": 4.0}


def test_rate_decel_ez_is_half_tt_via_fvt() -> None:
    """OTR 4.2 / QS 4.1: EZ = half the TT decel (FVT, fractions kept)."""
    assert rules.rate_decel("EZ", DECELS, fvt()) == 0.5
    assert rules.rate_decel("EZ", {"TT": 3.0}, fvt()) == 1.5
    assert rules.rate_decel("BT", DECELS, fvt()) == 3.0


def test_missing_rate_decel_option() -> None:
    """OTR 5.4: no HT or BT decel listed -> highest listed + 1."""
    listed = {"TT": 1.0, "HT": None, "BT": None, "ET": None}
    assert rules.rate_decel("HT", listed, fvt()) == 2.0
    with pytest.raises(ValueError):
        rules.rate_decel("HT", listed, fvt(), FwRuleOptions(missing_rate_decel="error"))


def test_turn_decel_high_speed_flaps_and_slats() -> None:
    """HT at 8.0 is charged as EZ (0.5); Err1 flaps +1 per facing; slat-assisted +1 unless gifted."""
    assert rules.turn_decel("HT", 2, DECELS, fvt(), start_speed=8.0) == 1.0
    assert rules.turn_decel("HT", 2, DECELS, fvt(), start_speed=4.0, flaps_down=True, options=OTR) == 4.0
    assert rules.turn_decel("HT", 2, DECELS, fvt(), start_speed=4.0, flaps_down=True, options=ERR1) == 6.0
    assert rules.turn_decel("HT", 1, DECELS, fvt(), start_speed=4.0, slat_assisted=True) == 3.0
    assert rules.turn_decel("HT", 1, DECELS, fvt(), start_speed=4.0, slat_assisted=True, gifted=True) == 2.0


def test_transition_decel_counts_every_step() -> None:
    assert rules.transition_decel("BT", 4, DECELS, fvt(), start_speed=4.0) == 12.0
    assert rules.transition_decel("none", 1, DECELS, fvt(), start_speed=4.0) == 0.5


@pytest.mark.parametrize(("options", "expected"), [(OTR, 1), (QS, 0)])
def test_turn_decel_timing_option_for_a_carried_turn(options: FwRuleOptions, expected: int) -> None:
    """A facing started last turn and completed this turn: charged now per OTR 4.2
    (actual facing change), already charged per QS 4.1 / Err2 4.2 (when started)."""
    assert rules.charged_facings(started=0, completed=1, options=options) == expected


def test_slip_and_skid_decel() -> None:
    """OTR 5.4: slips and skids HT decel, a skid with facing change BT decel."""
    assert rules.slip_decel(DECELS, fvt()) == 2.0
    assert rules.slip_decel(DECELS, fvt(), skid_with_facing=True) == 3.0


def test_rotate_facing() -> None:
    assert rules.rotate_facing("N", -1) == "NNW"
    assert rules.rotate_facing("NW", 6) == "SE"


# --- stalls and dives ----------------------------------------------------------------------


def test_stall_rules() -> None:
    """OTR 4.4 / QS 5.0: below adjusted minimum stalls; QS stalled speed < 1.0 becomes 1.0."""
    assert rules.is_stalled(2.5, 3.0) and not rules.is_stalled(3.0, 3.0)
    assert rules.qs_stalled_speed(0.5) == 1.0 and rules.qs_stalled_speed(2.5) == 2.5


def test_rate_allowed() -> None:
    """QS 2.6: EZ at or above min level, other rates at or above their column minimum."""
    assert rules.rate_allowed("EZ", 3.0, 3.0, None)
    assert not rules.rate_allowed("HT", 3.0, 3.0, 3.5)
    assert not rules.rate_allowed("ET", 9.0, 3.0, None)


def test_turn_stall_and_spin() -> None:
    """OTR 4.6 (D5 + quality mod, max 2 x speed; 5 decel + 1 per stall-roll FP), OTR 4.5.2."""
    assert rules.turn_stall_duration_fps(3, "green", 5.0) == 6
    assert rules.turn_stall_duration_fps(5, "recruit", 2.5) == 5.0
    assert rules.turn_stall_duration_fps(2, "veteran", 5.0, gifted=True) == 2
    assert rules.turn_stall_decel(2) == 7.0
    assert rules.spin_altitude_loss(2, 3.0, 4) == 10.0
    assert rules.spin_recovery_speed(3.5) == 4.0 and rules.spin_recovery_speed(3.5, idle=True) == 3.5


def test_dangerous_dive() -> None:
    """OTR 4.7 mods: +05/turn after the first, +05 per 0.5 over, +20 severe/glider, +10 per spar/tail."""
    assert rules.is_dangerous_dive(7.0, 6.5) and not rules.is_dangerous_dive(6.5, 6.5)
    assert rules.dangerous_dive_modifier(7.5, 6.5, continuous_turns=3, severe_damage=True, spar_or_tail_hits=1) == 50
    assert rules.dangerous_dive_modifier(7.0, 6.5) == 5


def test_qs_dangerous_dive_roll() -> None:
    """QS 5.2: D10 9+ destroys, +1 per spar/tail hit; QS 5.5: +2 when severely damaged."""
    assert not rules.qs_dangerous_dive_destroyed(8)
    assert rules.qs_dangerous_dive_destroyed(8, spar_or_tail_hits=1)
    assert rules.qs_dangerous_dive_destroyed(7, severe_damage=True)


def test_compressibility_check() -> None:
    """OTR 4.7 / 17.3: >= transonic and > max listed level; swept wings at transonic + 1.0."""
    assert rules.compressibility_check(9.0, 9.0, 8.0)
    assert not rules.compressibility_check(9.0, 9.0, 9.0)
    assert not rules.compressibility_check(9.5, 9.0, 8.0, swept_wing=True)


@pytest.mark.parametrize(("options", "expected"), [(OTR, 2.5), (ERR1, 5.0)])
def test_gear_decel_option(options: FwRuleOptions, expected: float) -> None:
    """OTR 16.3.1: gear decel = 1/2 start speed; Err1 20.2: = start speed."""
    assert rules.gear_decel(5.0, fvt(), options) == expected


def test_landing_flaps_decel() -> None:
    """OTR 16.3.1: landing flaps 1 + 1/2 start speed; moving toward landing 1."""
    assert rules.landing_flaps_decel(5.0, fvt()) == 3.5
    assert rules.landing_flaps_decel(5.0, fvt(), toward_landing=True) == 1.0


# --- flight simulations (fwdata.systems.fw.flight) -------------------------------------------

POWER_ROW = ("7", "5/6", "3/4", "2")


def test_climb_points_models() -> None:
    """QS 4.1: 1 point per increment; the designer-note model keeps a full-VFP turn at 18
    points (OTR 4.2 "around 18 to 20"), so 18 <= 3 x speed x k <= 20 at every speed."""
    assert flight.climb_points_per_increment(4.5, "qs") == 1.0
    for speed in (1.0, 3.0, 4.5, 7.0, 11.5):
        k = flight.climb_points_per_increment(speed, "designer-note")
        assert 18 <= 3 * speed * k <= 20
    with pytest.raises(ValueError):
        flight.climb_points_per_increment(0.0, "designer-note")


def test_op_climb_speed_otr_15_4_1() -> None:
    """OTR 15.4.1: the higher of listed min + 1.5 and adjusted min, not above max attainable."""
    assert flight.climb_speed(3.0, 3.5, 7.0) == 4.5
    assert flight.climb_speed(3.0, 5.0, 7.0) == 5.0
    assert flight.climb_speed(3.0, 3.0, 4.0) == 4.0


def test_level_run_reaches_max_level_with_carries() -> None:
    """7 power to 4.5, 5 from 5.0: 3.0 -> 3.5 (2 carried) -> 4.0 (4) -> 5.0 (1) -> ... -> 7.0,
    where the OTR 4.4 cap stops it."""
    run = flight.simulate_level_run((3.0, 7.0), POWER_ROW)
    assert run.speeds == (3.0, 3.5, 4.0, 5.0, 5.5, 6.0, 6.5, 7.0)
    assert run.reached and run.turns == 7 and run.top_speed == 7.0


def test_level_run_that_cannot_reach_max_level() -> None:
    """A dash (no accel) in the 5.0-7.5 column strands the aircraft at 5.0."""
    run = flight.simulate_level_run((3.0, 7.0), ("2", "-", "-", "-"))
    assert not run.reached and run.turns is None and run.top_speed == 5.0


def test_sustained_climb_qs_model() -> None:
    """Speed 4.5 (4 full FPs), 7 power, 1 point per increment: a steep climb can take
    MC 2 + 3 per VFP (1-2) + OC 0-2, so exactly 7 increments a turn = 10,500 ft/min."""
    climb = flight.simulate_sustained_climb(4.5, POWER_ROW, fvt(), proportions())
    assert (climb.attitude, climb.climb_rate_fpm, climb.steady_state_fpm) == ("STC", 10_500.0, 10_500.0)
    assert set(climb.increments_per_turn) == {7}


def test_sustained_climb_falls_back_to_level_optional_climb() -> None:
    """With 1 power and 2 climb att. decel no climbing attitude holds speed; level flight
    still climbs its 1/4+ optional change (1 increment at 4 FPs) = 1,500 ft/min."""
    climb = flight.simulate_sustained_climb(4.5, ("1", "2", "1", "1"), fvt(), proportions(), climb_attitude_decel=2)
    assert (climb.attitude, climb.climb_rate_fpm) == ("LVL", 1_500.0)


def test_climb_resolution_at_4_0_fp_designer_note() -> None:
    """OTR 4.2 note: 6 / 4.0 = 1.5 points per increment, so one power step (0.5 per engine)
    buys 1/3 increment a turn = 500 ft/min, 2,000 for four engines. QS 2.9: LVL climbs 0-1
    increment (1/4+ of 4), SHC 2-6 (MC 1/3+ of 4 = 2, 0-1 VFP, OC 1/3- = 1)."""
    one = flight.climb_resolution(4.0, fvt(), proportions(), model="designer-note")
    four = flight.climb_resolution(4.0, fvt(), proportions(), engines=4, model="designer-note")
    assert (one.step_fpm, four.step_fpm) == (500.0, 2_000.0)
    assert one.steady_ranges_fpm[:2] == ((0.0, 1_500.0), (3_000.0, 9_000.0))
    assert one.gap_around(2_700) == (1_500.0, 3_000.0)
    assert one.gap_around(1_200) is None


def test_memoised_climbs_follow_the_tables() -> None:
    """The climb simulations are memoised by their arguments, tables included: a table with one
    cell changed is another key (equal tables hash alike), so a pack with its own tables never
    gets the answer of the bundled ones."""
    steep = proportions().rows[2]
    assert steep[3] == "1/2-"  # steep OC: up to half the total FPs, rounded down
    halved = replace(proportions(), rows=(*proportions().rows[:2], (*steep[:3], "1/3-"), *proportions().rows[3:]))
    assert hash(replace(proportions())) == hash(proportions()) and halved != proportions()
    bundled = flight.climb_resolution(4.0, fvt(), proportions(), model="designer-note")
    changed = flight.climb_resolution(4.0, fvt(), halved, model="designer-note")
    # STC at 4 FPs: MC 2 + 3 x (1-2 VFP) + OC up to 1/2 of 4 = 2 -> 5-10 increments; with OC 1/3- of 4 = 1: 5-9.
    assert bundled.steady_ranges_fpm[2] == (7_500.0, 15_000.0)
    assert changed.steady_ranges_fpm[2] == (7_500.0, 13_500.0)
    assert flight.climb_resolution(4.0, fvt(), proportions(), model="designer-note") == bundled


def test_climb_verdicts_tell_agreement_from_resolution() -> None:
    """Tolerance = power step + 10 % of listed (the 18-20 point spread of the OTR 4.2 note)."""
    single = flight.climb_resolution(4.0, fvt(), proportions(), model="designer-note")
    bomber = flight.climb_resolution(4.0, fvt(), proportions(), engines=4, model="designer-note")
    assert climb_verdict(3_000, 2_900, False, single) == ("agrees", 790.0)
    # B-17G VL: 900 listed, 1,500 flown: four engines step 2,000 > 900, the rules cannot tell.
    assert climb_verdict(1_500, 900, False, bomber)[0] == BELOW_RESOLUTION
    # Fw 190A-8 LO-like: 2,700 lies between LVL (<= 1,500) and SHC (>= 3,000); flown 1,500.
    assert climb_verdict(1_500, 2_700, False, single)[0] == BELOW_RESOLUTION
    assert climb_verdict(1_500, 3_400, False, single)[0] == "below"
    assert climb_verdict(500, 2_700, False, single)[0] == "below"
    assert climb_verdict(3_000, 600, False, single)[0] == "above"
    assert climb_verdict(3_000, 600, True, single)[0] == "oxygen-limited"


@given(st.floats(min_value=-5, max_value=40, allow_nan=False), st.sampled_from(["1/4", "1/3", "1/2", "2/3", "3/4"]))
def test_fraction_of_never_crashes(number: float, fraction: str) -> None:
    """Any input gives a half-step value or a ValueError, never another exception."""
    try:
        value = rules.fraction_of(fvt(), fraction, number)
    except ValueError:
        return
    assert value * 2 == int(value * 2) and 0 <= value <= number
