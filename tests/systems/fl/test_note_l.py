"""FL 21.7 note l in scenario points, and bonus-exit / jettison lines matched to the side of the type they name.

Note l: "8-7" missiles after 1964 with points 22-19-17-14-12-9, "8-2" missiles after 1969 with 24-21-18-15-13-10.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fl import report, rules
from fwdata.systems.fl.checks import aircraft_lookup
from fwdata.systems.fl.scoring import ScenarioScore, score_scenario
from fwdata.systems.fl.scoring.named_types import names_type

ROOT = Path(__file__).resolve().parents[3]


@cache
def _run() -> tuple[Catalog, tuple[str, ...]]:
    result = check_sources([ROOT / "cards" / "fl", ROOT / "scenarios" / "fl", ROOT / "tables" / "fl"], BuildOptions())
    return result.catalog, tuple(f.format_line() for f in result.report.sorted())


def score(scenario_id: str) -> ScenarioScore:
    entry = _run()[0].get("fl", "scenario", scenario_id)
    assert entry is not None, scenario_id
    return score_scenario(entry.model, aircraft_lookup(_run()[0]))


def _us(result: ScenarioScore):  # type: ignore[no-untyped-def]
    return next(a for a in result.sides if a.side.key == "united-states")


# scenario, printed SP, note l row, (aircraft each, by flight) under the assumptions that agree.
EIGHT_US_SIDES = [
    ("24-9", 18, "8-7", (9,)),  # 1965, D 14 -2 no gun -1 CM -2 restriction
    ("24-11-1", 32, "8-7", (16,)),  # 1966, A 22 -3 -1 -2
    ("24-11-2", 96, "8-7", (12, 12)),  # 1967, C 17 -2 -1 -2, twice 4 aircraft
    ("24-11-3", 26, "8-7", (13,)),  # 1967, B 19 -3 -1 -2
    ("24-17-1", 64, "8-2", (16,)),  # 1972, B 21 -3 -2
    ("24-17-2", 19, "8-2", (19,)),  # 1972, A 24 -3 -2
    ("24-17-3", 33, "8-2", (19, 14)),  # 1972, A 24 -3 -2 and C 18 -2 -2
    ("24-18", 66, "8-2", (19,)),  # 1972, A 24 -3 -2, the radar-out F-4 at 9
]


@pytest.mark.parametrize(("scenario_id", "printed", "code", "each"), EIGHT_US_SIDES)
def test_note_l_values_the_eight_us_f4_sides_21_7(
    scenario_id: str, printed: int, code: str, each: tuple[int, ...]
) -> None:
    """21.7 note l: the United States F-4 sides are computed (not 'cannot be computed') and agree as printed."""
    us = _us(score(scenario_id))
    assert us.status == "conditional"
    assert printed in us.totals
    agreeing = us.agreeing[0]
    assert tuple(f.each.value for f in agreeing.flights) == each
    assert all(f"note l {code} armament, 21.7" in f.each.steps[0] for f in agreeing.flights)


def test_note_l_8_7_points_by_letter_24_11_2() -> None:
    """24.11.2 (January 1967): 4HN+4RA fits load 8-7 (4RA+4HN); both flights 1/6/1 and 1/5/2 rate C = 17."""
    flight = _us(score("24-11-2")).agreeing[0].flights[0]
    assert (flight.letter, flight.base) == ("C", 17)
    assert flight.each.steps[0] == "17 (C column, note l 8-7 armament, 21.7: 1967 is after 1964; 4HN+4RA fits load 8-7)"


def test_note_l_8_2_with_radar_malfunction_24_18() -> None:
    """24.18: three F-4s at 24 -3 no gun -2 restriction = 19; the radar-out F-4 (24 -3 -3) / 2 = 9; 3 x 19 + 9 = 66."""
    us = _us(score("24-18"))
    (agreeing,) = us.agreeing
    flight = agreeing.flights[0]
    assert flight.malfunction is not None
    assert (flight.each.value, flight.malfunction.value, flight.total) == (19, 9, 66)
    assert set(agreeing.facts.values()) == {
        "F-4B (f-4b) can carry an external gun",
        "F-4B (f-4b) countermeasures rating 0",
    }


def test_note_l_date_decides_when_the_load_fits_no_row_24_9() -> None:
    """24.9 (1965) prints 4RR+4HN, not an 8-7 load: the date (after 1964) picks 8-7, and the step says so."""
    step = _us(score("24-9")).agreeing[0].flights[0].each.steps[0]
    assert step == (
        "14 (D column, note l 8-7 armament, 21.7: 1965 is after 1964; the date decides; the printed 4RR+4HN does "
        "not fit load 8-7)"
    )


def test_note_l_does_not_apply_before_1965() -> None:
    """Note l's rows count only after 1964: the same F-4B side dated 1964 cannot be computed, and says why."""
    entry = _run()[0].get("fl", "scenario", "24-9")
    assert entry is not None
    early = score_scenario(replace(entry.model, year=1964), aircraft_lookup(_run()[0]))
    us = _us(early)
    assert us.status == "unknown"
    assert us.reason is not None and "note l armament points apply only after 1964" in us.reason


def test_note_l_choice_in_points_output() -> None:
    """`fwdata fl points` names the note l row it valued each flight at."""
    scenario = report.find_scenario(_run()[0], "24.17.2")
    assert scenario is not None
    text = report.points_output(_run()[0], scenario)
    assert "24 (A column, note l 8-2 armament, 21.7: 1972 is after 1969; 2RA+2HW fits load 8-2)" in text


def test_missile_loads_21_8_5_fit() -> None:
    """21.8.5: 8-7 = 4RA+4HN or 2RA+2HN or 4HN; 8-2 includes 4RA+4HN/HW and 5RA+2HW/HA."""
    loads = {m.code: m for m in _run()[0].models("fl", "missile-load")}
    fits = {code: lambda carried, c=code: any(rules.missiles_fit_load(carried, o) for o in loads[c].options)
            for code in ("8-7", "8-2")}
    assert fits["8-7"](((4, "RA"), (4, "HN")))
    assert not fits["8-7"](((4, "RR"), (4, "HN")))
    assert not fits["8-7"](((2, "RA"), (4, "HW")))
    assert fits["8-2"](((2, "RA"), (4, "HW")))  # fewer than 4RA+4HW: what 24.17.1 carries
    assert fits["8-2"](((5, "RA"), (2, "HA")))
    assert not fits["8-2"](((6, "RA"), (2, "HA")))


def _fits_exhaustively(carried: tuple[tuple[int, str], ...], option: tuple[tuple[int, tuple[str, ...]], ...]) -> bool:
    """Try every way of splitting each carried type over the slots that take it."""
    slots = [count for count, _ in option]

    def place(index: int, left: list[int]) -> bool:
        if index == len(carried):
            return True
        count, missile = carried[index]
        taking = [i for i, (_, types) in enumerate(option) if missile in types]
        for split in itertools.product(*(range(left[i] + 1) for i in taking)):
            if sum(split) == count:
                rest = list(left)
                for i, n in zip(taking, split, strict=True):
                    rest[i] -= n
                if place(index + 1, rest):
                    return True
        return False

    return place(0, slots)


def test_missile_fit_matches_exhaustive_search_on_every_21_8_5_load() -> None:
    """The greedy placement agrees with trying every split, for every option of every bundled load (one or two
    missile types, 1 to 6 of each)."""
    types = ["RR", "RA", "HN", "HW", "HA", "AL", "AM"]
    carried_sets = [((n, t),) for t in types for n in range(1, 7)] + [
        ((n, t), (m, u)) for t, u in itertools.combinations(types, 2) for n in range(1, 7) for m in range(1, 7)
    ]
    options = {option for load in _run()[0].models("fl", "missile-load") for option in load.options}
    for option in options:
        for carried in carried_sets:
            assert rules.missiles_fit_load(carried, option) == _fits_exhaustively(carried, option), (option, carried)


@pytest.mark.parametrize(
    ("name", "designation", "names"),
    [
        ("F-105", "F105D", True),
        ("F-105", "F-105", True),
        ("A-4", "A-4A", True),
        ("Mystere", "Mystere IVA", True),
        ("F-1", "F-105", False),
        ("MiG-17", "MG21C", False),
        ("MiG-2", "MiG-21", False),
    ],
)
def test_a_printed_type_names_a_designation(name: str, designation: str, names: bool) -> None:
    assert names_type(name, designation) is names


def test_24_11_2_bonus_exit_naming_f105_is_inapplicable_23_7_2_1() -> None:
    """24.11.2: North Vietnam's '18 per bonus exited F-105' names no aircraft of the scenario (copied from 24.8):
    inapplicable, not 'should be 16'; its eliminated/damaged/exited values 36/9/18 agree."""
    north_vietnam = score("24-11-2").victory[1]
    assert north_vietnam.status == "agrees"
    assert [(u.field, u.printed, u.aircraft) for u in north_vietnam.inapplicable] == [("bonus_exit", 18, "F-105")]
    victory_json = report.points_json(score("24-11-2"))["victory_points"][1]
    assert victory_json["inapplicable"] == [{"field": "bonus_exit", "printed": 18, "aircraft": "F-105"}]
    lines = [line for line in _run()[1] if "24-11-2.yaml" in line and "FL-VP-" in line]
    # The line is also printed against MiG-17s (none flies): one slip, one finding (23.7.1, docs/fl-readings.md).
    assert lines == [
        "scenarios/fl/24-11-2.yaml:113:7: warning FL-VP-INAPPLICABLE: North Vietnam's victory-point line names "
        "MiG-17 and F-105, none of which flies in this scenario: one slip of the line (copied from another "
        "scenario?); its per-aircraft values are checked against the other side's aircraft; 18 per bonus exited "
        "F-105 is not checked (23.7.1, 23.7.2.1)"
    ]


def test_24_8_exit_lines_take_the_value_of_the_side_flying_the_type_26_5_3() -> None:
    """24.8 (historical): F-105s are worth 16 to North Vietnam, so their bonus exit and jettison are 16/2 = 8."""
    victory = {v.side.key: v for v in score("24-8").victory}
    bonus = next(c for c in victory["united-states"].checks if c.field == "bonus_exit")
    jettison = next(c for c in victory["north-vietnam"].checks if c.field == "jettison")
    assert (bonus.printed, bonus.expected, jettison.printed, jettison.expected) == (8, 8, 8, 8)
    assert "(United States)" in bonus.explanation and "(United States)" in jettison.explanation
