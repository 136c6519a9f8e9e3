"""Ace of Aces rules arithmetic: the rulebook's worked examples and exact firing statistics (004_df49c58b6e4b4043)."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fwdata.systems.aoa import rules
from fwdata.systems.aoa.rules import ChartCell, parse_cell

sys.path.insert(0, str(Path(__file__).parent))
import aoa_data  # noqa: E402


def _row(chart_id: str, ammo: int) -> dict[int, ChartCell]:
    chart = aoa_data.chart(chart_id)
    row = chart.row(ammo)
    assert row is not None
    return row.by_column(chart.die_rolls)


# ---- worked examples -------------------------------------------------------------


def test_powerhouse_firing_example_medium_3_ammo_roll_4_deals_4() -> None:
    """Powerhouse Advanced Game, Play Example Firing: 3 ammo at Medium range, roll 4 -> 4 damage."""
    assert rules.powerhouse_lookup(_row("firing-medium", 3), 4) == ChartCell(4)


def test_powerhouse_jam_example_long_5_ammo_roll_1_deals_3_and_jams() -> None:
    """Powerhouse Advanced Game, Play Example Firing (Jammed): Long, 5 ammo, roll 1 -> 3 damage, jammed."""
    cell = rules.powerhouse_lookup(_row("firing-long", 5), 1)
    assert cell == ChartCell(3, jam=True)
    assert rules.jam_clear_turns(5, rules="powerhouse") == 2


def test_powerhouse_slow_target_adds_one_to_the_roll() -> None:
    """Powerhouse Firing Charts, Die Roll Modifier: a slow opponent moves a 6 to column 7."""
    assert rules.powerhouse_column(6, opponent_slow=True) == 7
    assert rules.powerhouse_lookup(_row("firing-short", 6), 6, opponent_slow=True) == ChartCell(12)


def test_xxiii_modifiers_slow_height_and_medium_range_cancel_out() -> None:
    """XXIII 2a: slow +1, 200 ft above +1, 200 ft difference on a close picture = medium -2 -> net 0."""
    shot_range = rules.effective_range("short", 200)
    assert shot_range == "medium"
    assert rules.original_modifier(shot_range, slow_target=True, height_ft=200) == 0


def test_xxiii_burst_roll_2_on_double_synch_reads_3_not_the_texts_3c_j() -> None:
    """XXIII 2d says a roll of 2 on a Burst (Double Synch) is '3C J'; the printed chart gives a plain 3.

    Column 1 holds 3J, so the example's J probably comes from a neighbouring cell; the chart wins.
    """
    row = _row("gun-double-synch", 4)
    assert rules.original_lookup(row, 2, 0) == ChartCell(3)
    assert row[1] == ChartCell(3, jam=True)
    assert rules.jam_clear_turns(4) == 4  # XXII/XXIII: four straights after a Burst jam


def test_xiv_altitude_and_picture_range_take_the_longer() -> None:
    """XIV: 250 ft on a close picture is medium; 50 ft on a long picture is long; over 675 ft no shot."""
    assert rules.effective_range("short", 250) == "medium"
    assert rules.effective_range("long", 50) == "long"
    assert rules.effective_range("short", 675) == "long"
    assert rules.effective_range("short", 700) is None


def test_xiv_ed_note_rolls_below_zero_miss_and_above_seven_read_seven() -> None:
    """XIV Ed Note: modified roll < 0 is a miss; > 7 reads column 7."""
    assert rules.original_column(1, -4) is None
    assert rules.original_column(4, -4) == 0
    assert rules.original_column(6, 3) == 7


def test_xxxvi_advanced_game_ignores_slow_and_height() -> None:
    """XXXVI: in the advanced game only the Ace and range modify the die."""
    assert rules.original_modifier("medium", game="advanced", slow_target=True, height_ft=300, ace=True) == -1


def test_xvi_blast_and_blaze_need_straights() -> None:
    """XVI / Powerhouse Firing: 5 ammo needs a straight now, 6 also one last turn; XVII caps by ammo left."""
    assert rules.may_fire_ammo(4, straight_now=False, straight_last=False)
    assert not rules.may_fire_ammo(5, straight_now=False, straight_last=True)
    assert rules.may_fire_ammo(5, straight_now=True, straight_last=False)
    assert not rules.may_fire_ammo(6, straight_now=True, straight_last=False)
    assert not rules.may_fire_ammo(4, straight_now=True, straight_last=True, ammo_left=3)


def test_xx_deflected_shot_puts_half_rounded_down_in_side() -> None:
    """XX: a deflected shot puts half the damage (rounded down) in SIDE, the rest in FRONT or TAIL."""
    assert rules.intermediate_allocation(3, "front-side") == {"side": 1, "front": 2}
    assert rules.intermediate_allocation(5, "tail-side") == {"side": 2, "tail": 3}
    assert rules.intermediate_allocation(3, "head-on") == {"front": 3}


def test_xxxix_example_four_hits_on_wing_tail_and_empty() -> None:
    """XXXIX example: 4 hits on Wing/Tail/Empty -> 1 wasted, 1 each, 1 odd hit for the attacker."""
    split, wasted, odd = rules.advanced_allocation(4, ["wing", "tail"], has_empty=True)
    assert (split, wasted, odd) == ({"wing": 1, "tail": 1}, 1, 1)


def test_xlvi_fuel_example_drvii_quarter_tank_is_23_turns() -> None:
    """XLVI: a DRVII (Fokker DVII, fuel 90) with 1/4 tank has 23 turns (rounded up)."""
    assert rules.fuel_turns(aoa_data.plane("fokker-d-vii").fuel_turns, Fraction(1, 4)) == 23


def test_xxiv_side_capacity_is_the_average_rounded_up_for_every_plane() -> None:
    """XXIV: SIDE = average of Wing and Fuselage; the printed Side row matches with halves rounded up."""
    for path in sorted(aoa_data.CARDS.glob("*.yaml")):
        plane = aoa_data.plane(path.stem)
        assert rules.intermediate_side_capacity(plane.wing_hp, plane.fuselage_hp) == plane.side_hp, plane.id


def test_basic_and_standard_damage() -> None:
    """IV/VIII: 2, 1, 1/2 (Ace 3, 2, 1); Powerhouse Standard Game Firing: 4, 2, 1."""
    assert {"short": 2, "medium": 1, "long": Fraction(1, 2)} == rules.BASIC_DAMAGE
    assert rules.BASIC_ACE_DAMAGE == {"short": 3, "medium": 2, "long": 1}
    assert rules.STANDARD_DAMAGE == {"short": 4, "medium": 2, "long": 1}


def test_xlvi_archie_location_probabilities() -> None:
    """Archie Hit Location (2d6): wing 16/36, fuselage 10/36, motor 6/36, tail 4/36."""
    archie = aoa_data.chart("archie")
    probs = rules.location_probabilities(archie.hit_location, archie.die_rolls)
    assert probs == {"fuselage": Fraction(10, 36), "tail": Fraction(4, 36), "motor": Fraction(6, 36),
                     "wing": Fraction(16, 36)}


def test_lewis_readings() -> None:
    """XVIII 20/8(3): 3 drums of 8 -> 24, or 8 loaded plus 3 reloads -> 32 (unsettled)."""
    assert rules.lewis_ammo_total(8, 3) == 24
    assert rules.lewis_ammo_total(8, 3, reading="reloads") == 32


# ---- exact statistics ----------------------------------------------------------------


@pytest.mark.parametrize(("chart_id", "ammo", "slow", "expected", "jam"), [
    ("firing-medium", 4, False, Fraction(25, 6), Fraction(0)),
    ("firing-medium", 4, True, Fraction(5), Fraction(0)),
    ("firing-long", 6, False, Fraction(29, 6), Fraction(1, 2)),
    ("firing-long", 6, True, Fraction(34, 6), Fraction(1, 3)),
    ("firing-short", 6, False, Fraction(45, 6), Fraction(1, 2)),
    ("firing-short", 6, True, Fraction(53, 6), Fraction(1, 3)),
    ("firing-long", 1, False, Fraction(5, 6), Fraction(0)),
])
def test_powerhouse_statistics(chart_id: str, ammo: int, slow: bool, expected: Fraction, jam: Fraction) -> None:
    """Powerhouse Advanced Game firing: E[damage] and P(jam) summed by hand over the six faces."""
    stats = rules.powerhouse_shot(_row(chart_id, ammo), slow)
    assert (stats.expected_damage, stats.jam_probability, stats.miss_probability) == (expected, jam, 0)


@pytest.mark.parametrize(("gun", "ammo", "modifier", "expected", "jam", "crit", "miss"), [
    ("double-synch", 1, 1, Fraction(15, 6), Fraction(0), Fraction(1, 6), Fraction(0)),
    ("double-synch", 6, 0, Fraction(30, 6), Fraction(3, 6), Fraction(4, 6), Fraction(0)),
    ("double-synch", 6, -4, Fraction(11, 6), Fraction(1, 6), Fraction(2, 6), Fraction(3, 6)),
    ("single-non-synch", 6, -2, Fraction(14, 6), Fraction(2, 6), Fraction(2, 6), Fraction(1, 6)),
])
def test_original_statistics(gun: str, ammo: int, modifier: int, expected: Fraction, jam: Fraction,
                             crit: Fraction, miss: Fraction) -> None:
    """XIX gun charts with XIV's miss/clamp: statistics summed by hand over the six faces."""
    stats = rules.original_shot(_row(f"gun-{gun}", ammo), modifier)
    assert (stats.expected_damage, stats.jam_probability, stats.critical_probability, stats.miss_probability) == (
        expected, jam, crit, miss)


def test_xlii_advanced_jam_breaks_guns_on_a_six() -> None:
    """XLII: after a jam a 6 on one die breaks the guns: P(break) = P(jam) / 6."""
    stats = rules.original_shot(_row("gun-double-synch", 6), 0, advanced=True)
    assert stats.break_probability == Fraction(1, 12)


# ---- cell grammar and properties -------------------------------------------------------


@pytest.mark.parametrize(("text", "cell"), [
    (0, ChartCell(0)), ("2J", ChartCell(2, jam=True)), ("4C", ChartCell(4, critical=True)),
    ("6JC", ChartCell(6, jam=True, critical=True)),
])
def test_parse_cell(text: int | str, cell: ChartCell) -> None:
    assert parse_cell(text) == cell
    assert cell.printed == str(text)


@pytest.mark.parametrize("bad", ["", "J", "3CJ", "3X", "-1", True, -2])
def test_parse_cell_rejects(bad: object) -> None:
    with pytest.raises(ValueError):
        parse_cell(bad)  # type: ignore[arg-type]


@given(st.integers(min_value=-10, max_value=10))
def test_original_probabilities_sum_to_one(modifier: int) -> None:
    row = _row("gun-single-synch", 3)
    stats = rules.original_shot(row, modifier)
    hits = Fraction(1) - stats.miss_probability
    assert 0 <= stats.miss_probability <= 1 and 0 <= stats.jam_probability <= hits
    assert stats.expected_damage <= max(c.damage for c in row.values())


def test_two_dice_distribution() -> None:
    dist = rules.two_dice_distribution()
    assert sum(dist.values()) == 1 and dist[7] == Fraction(1, 6) and dist[2] == Fraction(1, 36)
