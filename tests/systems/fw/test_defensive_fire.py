"""Defensive gunfire (OTR 10.5): fields of fire, restrictions, combined attacks by critical rating, prime shooter."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fw.model import AircraftDataCard
from fwdata.systems.fw.rules.defensive_fire import (
    DefensiveShooter,
    GunnerState,
    defensive_attacks,
    gun_may_fire,
    in_clock_arc,
    in_vertical_fof,
)

ROOT = Path(__file__).resolve().parents[3]
HALF = Fraction(1, 2)


@cache
def _b17() -> AircraftDataCard:
    catalog = check_sources([ROOT / "cards" / "fw"], BuildOptions(), schema_root=schema_root()).catalog
    card: AircraftDataCard = catalog.get("fw", "aircraft", "b-17g").model
    return card


@pytest.mark.parametrize(("arc", "clock", "inside"), [
    ("10-2", 12, True), ("10-2", 10, True), ("10-2", 2, True), ("10-2", 3, False), ("10-2", 6, False),
    ("4-8", 6, True), ("4-8", 3.5, False), ("4-8", 7.5, True),
    ("(3)-9", 3, False), ("(3)-9", 4, True), ("3-(9)", 9, False), ("3-(9)", 8.5, True),
    ("1-12", 6, True), ("1-12", 12, True),
])
def test_a_target_on_the_clock_lines_is_in_the_arc_unless_parenthesised_otr_10_5(arc: str, clock: float,
                                                                                   inside: bool) -> None:
    assert in_clock_arc(arc, clock) is inside


@pytest.mark.parametrize(("code", "difference", "hexes", "inside"), [
    ("3+/3-", 6, 2, True), ("3+/3-", 7, 2, False), ("3+/3-", -6, 2, True), ("3+/3-", -7, 2, False),
    ("U/A/C", 40, 3, True), ("U/A/C", -1, 3, False), ("A/C/U", 1, 3, False), ("A/C/U", -40, 3, True),
    ("2+/U", 2, 0, True),  # range 0 read as 1 (the range-0 code summary is lost)
    ("A/C+2/A/C-2", 2, 5, True), ("A/C+2/A/C-2", 3, 5, False),
])
def test_vertical_field_of_fire_limits_per_hex_otr_10_5(code: str, difference: int, hexes: int,
                                                         inside: bool) -> None:
    assert in_vertical_fof(code, difference, hexes) is inside


def test_a_b_17g_from_its_6_00_line_fires_top_ball_and_tail_turrets() -> None:
    """Level at range 2 on the 6:00 line: top, ball and tail turrets (6 each) are in arc; the waists (7-11, 1-5)
    are not. One attack of critical rating 4, x the deflection fraction; the B-17 is the prime shooter."""
    (attack,) = defensive_attacks([DefensiveShooter(_b17(), 6, 0, 2, HALF)])
    assert (attack.critical_rating, attack.firepower, attack.prime_shooter) == (4, 9, "b-17g")
    above = defensive_attacks([DefensiveShooter(_b17(), 6, 3, 2, HALF)])  # 300 ft above: the ball turret cannot
    assert above[0].firepower == 6


def test_gunner_restrictions_otr_10_5() -> None:
    """H class: manual guns only at EZ; turrets up to HT; none after NG, snap rolls or inverted flight."""
    waist = next(g for g in _b17().firepower if g.position == "left waist")
    tail = next(g for g in _b17().firepower if g.position == "tail")
    assert gun_may_fire(waist, "H", GunnerState("EZ"))[0]
    assert not gun_may_fire(waist, "H", GunnerState("TT"))[0]
    assert gun_may_fire(waist, "F", GunnerState("HT"))[0]  # F, MF and D class gunners fire at HT
    assert gun_may_fire(tail, "H", GunnerState("HT"))[0]
    assert not gun_may_fire(tail, "H", GunnerState("BT"))[0]
    assert not gun_may_fire(tail, "H", GunnerState("EZ", negative_g=True))[0]
    assert "vertical" in gun_may_fire(tail, "H", GunnerState("EZ", ended_vertical=True))[1]


def test_combined_fire_prime_shooter_and_limits_otr_10_5() -> None:
    """Two bombers not in formation may combine; the larger contribution is the prime shooter; a third may not
    join outside a formation; a gun more than 1 hex farther than the nearest member does not join."""
    near = DefensiveShooter(_b17(), 6, 0, 2, HALF)
    far = DefensiveShooter(replace(_b17(), id="b-17g-2"), 6, 0, 3, Fraction(1))
    (attack,) = defensive_attacks([near, far])
    assert attack.contributions == (("b-17g", Fraction(9)), ("b-17g-2", Fraction(15)))
    assert (attack.firepower, attack.prime_shooter, attack.prime_tied) == (24, "b-17g-2", False)
    with pytest.raises(ValueError, match="at most 2"):
        defensive_attacks([near, far, near])
    assert len(defensive_attacks([near, far, near], "flexible")) == 1
    with pytest.raises(ValueError, match="nearest formation member"):
        defensive_attacks([near, replace(far, range_hexes=4)], "fixed")
    assert defensive_attacks([near, replace(far, range_hexes=4, under_attack=True)], "fixed")
