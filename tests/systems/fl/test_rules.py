"""Flight Leader scenario-design arithmetic: the rulebook's worked examples and each rule of 26.2.3.2, 26.5."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fwdata.systems.fl import rules
from fwdata.systems.fl.rules import AircrewCounts, PointFactors, aircraft_scenario_points


def test_worked_example_26_2_3_2_8_loaded_f16a_sole_controller() -> None:
    """26.2.3.2.8: F-16A at 'C' (20), loaded x0.7, sole controller x1.2 = 16.80, rounds up to 17."""
    result = aircraft_scenario_points(PointFactors(base=20, letter="C", loaded=True, sole_controller=True))
    assert result.exact == Fraction(84, 5)
    assert result.value == 17


def test_worked_example_26_2_3_2_8_both_sides_ha_gives_no_new_missile_multiplier() -> None:
    """26.2.3.2.8 states both sides carry HA, so 26.2.3.2.7 must not apply: 17, not 20.16 -> 21."""
    with_multiplier = aircraft_scenario_points(
        PointFactors(base=20, letter="C", loaded=True, sole_controller=True, sole_new_missiles=True)
    )
    assert with_multiplier.value == 21


def test_worked_example_26_2_3_3_5_four_mig21m_at_d() -> None:
    """26.2.3.3.5: India 1971, 'D', 60 points: 4 MiG-21Ms at 15 each = 60, within the allotment."""
    each = aircraft_scenario_points(PointFactors(base=15, letter="D")).value
    assert 4 * each == 60
    assert rules.within_allotment(4 * each, 60)
    assert not rules.within_allotment(4 * each + 1, 60)


def test_worked_example_26_5_1_superior_side_value() -> None:
    """26.5.1: alpha 6 aircraft/75 SP, bravo 4/56: 75/56 x 4 = 5.36 -> 5 per alpha aircraft, bravo stays 6."""
    alpha, bravo = rules.victory_point_scales(6, 75, 4, 56)
    assert (alpha.normal, bravo.normal) == (4, 6)
    assert alpha.ratio == Fraction(75, 56)
    assert round(float(alpha.ratio * 4), 2) == 5.36
    assert (alpha.balanced, bravo.balanced) == (5, 6)
    # gcd(5, 6) = 1: lowest whole numbers with a whole quarter are 20 and 24 (26.5 NOTE, 26.5.2, 26.5.3).
    assert (alpha.eliminated, alpha.damaged, alpha.exited) == (20, 5, 10)
    assert (bravo.eliminated, bravo.damaged, bravo.exited) == (24, 6, 12)


def test_victory_points_24_1_printed_values() -> None:
    """24.1.7: US 4 F-80s/28SP vs North Korea 8 MiG-15s/40SP -> 16/4/8 per F-80 and 12/3/6 per MiG."""
    us, nk = rules.victory_point_scales(4, 28, 8, 40)
    assert (us.eliminated, us.damaged, us.exited) == (16, 4, 8)
    assert (nk.eliminated, nk.damaged, nk.exited) == (12, 3, 6)


def test_victory_points_round_half_up_26_5_1() -> None:
    """26.5.1 rounds '.5 and above' up: 68/64 x 8 = 8.5 -> 9 (24.8 variant forces)."""
    us, nv = rules.victory_point_scales(8, 68, 8, 64)
    assert us.balanced == 9
    assert (us.eliminated, nv.eliminated) == (36, 32)


def test_victory_points_equal_sides_reduce_to_four() -> None:
    """26.5 NOTE: equal sides of 2 (24.4: 20SP vs 22SP, 22/20 x 2 = 2.2 -> 2) give 4/1/2 each."""
    a, b = rules.victory_point_scales(2, 20, 2, 22)
    assert (a.eliminated, a.damaged, a.exited) == (4, 1, 2)
    assert (b.eliminated, b.damaged, b.exited) == (4, 1, 2)


def test_victory_points_need_both_sides() -> None:
    with pytest.raises(ValueError):
        rules.victory_point_scales(0, 10, 2, 10)


@pytest.mark.parametrize(("letter", "reduction"), [("A", 3), ("B", 3), ("C", 2), ("D", 2), ("E", 1), ("F", 1)])
def test_no_missiles_reduction_26_2_3_2_1(letter: str, reduction: int) -> None:
    """26.2.3.2.1: -3 for A or B, -2 for C or D, -1 for E or F."""
    assert aircraft_scenario_points(PointFactors(base=13, letter=letter, no_missiles=True)).value == 13 - reduction


def test_no_missiles_and_no_gun_deduct_both_26_2_3_2_1() -> None:
    """26.2.3.2.1: both values are deducted when neither missiles nor guns are carried (24.18: 24-3-3)."""
    assert (
        aircraft_scenario_points(PointFactors(base=24, letter="A", no_missiles=True, no_external_gun=True)).value == 18
    )


@pytest.mark.parametrize(("cm", "reduction"), [(0, 0), (1, 1), (4, 1), (5, 1), (6, 2), (9, 2)])
def test_countermeasures_reduction_26_2_3_2_2(cm: int, reduction: int) -> None:
    """26.2.3.2.2: -1 for a countermeasures rating of 5 or less, -2 above; nothing for rating 0."""
    assert aircraft_scenario_points(PointFactors(base=20, letter="B", unused_cm_rating=cm)).value == 20 - reduction


def test_radar_malfunction_halves_rounding_up_26_2_3_2_3() -> None:
    """26.2.3.2.3: halved, rounded up, after the subtractions: (24 - 3 - 3) / 2 = 9; 19 / 2 -> 10."""
    both = PointFactors(base=24, letter="A", no_missiles=True, no_external_gun=True, radar_malfunction=True)
    assert aircraft_scenario_points(both).value == 9
    assert aircraft_scenario_points(PointFactors(base=19, letter="B", radar_malfunction=True)).value == 10


def test_engagement_restriction_26_2_3_2_4() -> None:
    """26.2.3.2.4: -2 whatever the rating."""
    assert aircraft_scenario_points(PointFactors(base=7, letter="E", engagement_restriction=True)).value == 5


def test_loaded_multiplier_26_2_3_2_5() -> None:
    """26.2.3.2.5: x0.7, fraction rounded up: 9 x 0.7 = 6.3 -> 7 (A-4A at 'C')."""
    assert aircraft_scenario_points(PointFactors(base=9, letter="C", loaded=True)).value == 7


def test_controller_multiplier_26_2_3_2_6() -> None:
    """26.2.3.2.6: x1.2: MiG-15 at 'C' (9) with the only controller -> 10.8 -> 11 (24.5: 2 x 11 = 22SP)."""
    assert aircraft_scenario_points(PointFactors(base=9, letter="C", sole_controller=True)).value == 11


def test_new_missiles_multiplier_26_2_3_2_7() -> None:
    """26.2.3.2.7: x1.2 for the only side with HA/AL/AM: 15 -> 18."""
    assert aircraft_scenario_points(PointFactors(base=15, letter="B", sole_new_missiles=True)).value == 18


def test_reductions_before_multiplications_round_once() -> None:
    """26.2.3.2 preamble: reduce first, multiply, round up once at the end: (7 - 1) x 1.2 = 7.2 -> 8 (24.8 MiG-17C)."""
    result = aircraft_scenario_points(PointFactors(base=7, letter="E", no_missiles=True, sole_controller=True))
    assert result.value == 8
    # 9 x 0.7 x 1.2 = 7.56 -> 8; rounding after each multiplication would give ceil(ceil(6.3) x 1.2) = 9.
    stacked = aircraft_scenario_points(PointFactors(base=9, letter="C", loaded=True, sole_controller=True))
    assert stacked.exact == Fraction(189, 25)
    assert stacked.value == 8


@pytest.mark.parametrize(
    ("crew", "letter"),
    [
        ((0, 0, 1), "F"),
        ((0, 1, 3), "F"),  # 24.1 MiG-15s: 5 points each, 8 x 5 = 40SP
        ((0, 2, 2), "E"),  # 24.3 MiG-15s: 6 each, 24SP
        ((0, 3, 1), "D"),
        ((0, 4, 0), "C"),
        ((2, 0, 2), "C"),  # 26.5(a) example: all three 'C' mixes
        ((1, 2, 1), "C"),
        ((1, 3, 0), "B"),
        ((2, 2, 0), "A"),
        ((1, 0, 0), "A"),  # 24.17.2 Toon: MG17C 13 - 3 = 10SP
        ((1, 2, 0), "A"),  # between B and A: the better letter (24.4: 2 x 11 = 22SP)
        ((1, 5, 2), "C"),  # between D and C: the better letter
    ],
)
def test_rating_letter_from_aircrew_counts_inferred(crew: tuple[int, int, int], letter: str) -> None:
    """Digest 4.3 inference: mean score (E=2, A=1, I=0) 1.5+ A, 1.25 B, 1.0 C, 0.75 D, 0.5 E, else F."""
    assert rules.rating_letter(AircrewCounts(*crew)) == letter


def test_rating_letter_needs_crew() -> None:
    with pytest.raises(ValueError):
        rules.rating_letter(AircrewCounts(0, 0, 0))


def test_loaded_limits_10_3() -> None:
    """10.3.1: loaded MA is half, rounded up (13 -> 7); 10.3.2: loaded MS is the subsonic maximum (18 -> 9)."""
    assert rules.loaded_max_altitude(13) == 7
    assert rules.loaded_max_altitude(16) == 8
    assert rules.loaded_max_speed(18) == 9
    assert rules.loaded_max_speed(7) == 7


def test_component_limits_26_2_3_3_2() -> None:
    assert rules.component_limit_violations(8, 3, 3) == []
    assert rules.component_limit_violations(9, 4, 4) == [
        "9 aircraft (at most 8)",
        "4 aircraft types (at most 3)",
        "4 flights (at most 3)",
    ]


def test_pairs_26_2_3_3_1() -> None:
    assert rules.unpaired_types({"MG17C": 5, "F-4E*": 2}) == ["MG17C"]


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))
def test_rating_letter_is_monotone(e: int, a: int, i: int) -> None:
    """Trading an average crewman for an experienced one never makes the letter worse."""
    if e + a + i == 0 or a == 0:
        return
    worse = rules.rating_letter(AircrewCounts(e, a, i))
    better = rules.rating_letter(AircrewCounts(e + 1, a - 1, i))
    assert better <= worse


@given(st.integers(1, 8), st.integers(1, 200), st.integers(1, 8), st.integers(1, 200))
def test_victory_values_are_whole_and_quarterable(na: int, pa: int, nb: int, pb: int) -> None:
    a, b = rules.victory_point_scales(na, pa, nb, pb)
    for scale in (a, b):
        assert scale.eliminated == 4 * scale.damaged == 2 * scale.exited
    assert Fraction(a.eliminated, b.eliminated) == Fraction(a.balanced, b.balanced)
