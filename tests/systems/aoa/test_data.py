"""Bundled Ace of Aces data: schema validity and spot values checked against 004_df49c58b6e4b4043.txt."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from ruamel.yaml import YAML

from fwdata.systems.aoa.rules import ChartCell

sys.path.insert(0, str(Path(__file__).parent))
import aoa_data  # noqa: E402

SCHEMAS = aoa_data.ROOT / "schemas"
SOURCES = sorted(aoa_data.CARDS.glob("*.yaml")) + sorted(aoa_data.TABLES.glob("*.yaml"))


def _registry() -> Registry:
    registry: Registry = Registry()
    for path in SCHEMAS.rglob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        schema["$id"] = path.as_uri()
        registry = registry.with_resource(path.as_uri(), Resource.from_contents(schema))
    return registry


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_source_is_schema_valid_with_provenance(path: Path) -> None:
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    schema_path = SCHEMAS / "aoa" / f"{data['kind']}.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    schema["$id"] = schema_path.as_uri()
    errors = [e.message for e in Draft202012Validator(schema, registry=_registry()).iter_errors(data)]
    assert errors == []
    if data["kind"] == "book-layout":  # book-layout-<edition>.yaml holds id <edition>-<number of codes>
        assert path.stem == f"book-layout-{data['id'].rsplit('-', 1)[0]}"
        assert data["id"].endswith(f"-{len(data['codes'])}")
    else:
        assert data["id"] == path.stem
    assert data["provenance"]["source"].startswith("004_df49c58b6e4b4043.txt")


def test_ten_planes() -> None:
    """Chart Book Plane Stats: ten columns."""
    assert len(list(aoa_data.CARDS.glob("*.yaml"))) == 10


def test_plane_stats_spot_values() -> None:
    """Plane Stats: SPAD XIII dive 500 with power dive 625-1200; Fokker DVII ceiling 19,675'; speeds."""
    spad = aoa_data.plane("spad-xiii")
    assert (spad.dive_ft, spad.power_dive_min_ft, spad.power_dive_max_ft, spad.power_dive_speed) == (500, 625, 1200, 6)
    fokker = aoa_data.plane("fokker-d-vii")
    assert (fokker.ceiling_ft, fokker.zoom_ft, fokker.speed_low, fokker.speed_high) == (19675, 275, 4, 3)
    assert aoa_data.plane("albatros-d-iii").ceiling_ft == 18050
    se5a = aoa_data.plane("se-5a")  # XXXIV's example plane: climb 100, dive 550, PD 575-1100, zoom 225
    assert (se5a.climb_ft, se5a.dive_ft, se5a.power_dive_max_ft, se5a.zoom_ft, se5a.zoom_speed) == (
        100, 550, 1100, 225, 4)
    assert se5a.guns[0].type == "single-synch" and se5a.guns[0].ammo == 20
    junkers = aoa_data.plane("junkers-d-i")
    assert (junkers.side_hp, junkers.fuselage_hp, junkers.fuel_turns) == (13, 15, 90)


def test_plane_stats_pfalz_pd_speed_is_not_printed() -> None:
    """Plane Stats: the Pfalz DXII PD Speed cell is a dash."""
    pfalz = aoa_data.plane("pfalz-d-xii")
    assert pfalz.power_dive_speed is None and pfalz.printed["power_dive_speed"] == "—"


def test_plane_stats_dolphin_has_a_lewis() -> None:
    """Plane Stats Dolphin '1 non-synch / 2 synch', '20/8(3)'; XVIII reads 20/8(3)."""
    guns = aoa_data.plane("sopwith-dolphin").guns
    assert [(g.type, g.ammo, g.lewis, g.drums) for g in guns] == [
        ("double-synch", 20, False, None), ("single-non-synch", 8, True, 3)]


def test_firing_chart_spot_values() -> None:
    """Powerhouse Firing Charts: Long row 4, Short row 6 and the Medium chart has no J."""
    assert aoa_data.chart("firing-long").row(4).printed == ("2J", 2, "3J", 3, 3, 4, 5)
    assert aoa_data.chart("firing-short").row(6).printed == ("4J", 6, "7J", 8, "9J", 11, 12)
    medium = aoa_data.chart("firing-medium")
    assert medium.row(6).printed == (4, 5, 6, 7, 8, 9, 10)
    assert not any(c.jam for row in medium.rows for c in row.cells if c)


def test_gun_chart_spot_values() -> None:
    """Original Rules Gun Chart: the JC cells and the Blaze rows."""
    assert aoa_data.chart("gun-single-non-synch").row(6).printed == (2, "2J", "3JC", 3, "4C", 4, "5C", "5C")
    assert aoa_data.chart("gun-single-synch").row(6).cells[4] == ChartCell(4, jam=True, critical=True)
    double = aoa_data.chart("gun-double-synch")
    assert double.die_rolls == (0, 1, 2, 3, 4, 5, 6, 7)
    assert double.row(6).printed == ("3C", "4J", "4C", "5J", "5C", "6JC", "6C", "7C")
    assert [r.shot for r in double.rows] == ["Pip", "Snap", "Squeeze", "Burst", "Blast", "Blaze"]


def test_critical_chart_spot_values() -> None:
    """Critical Hit Charts: Wing 11 (750 ft for D turns), Motor 6 = 8, Wheels 5-8, Cockpit 10."""
    wing = aoa_data.chart("critical-wing").result(11)
    assert wing.title == "Wing Warp"
    loss = wing.effects[0]
    assert (loss.type, loss.get("altitude_ft"), loss.get("duration")) == ("altitude-loss", 750, {"d6_times": 1})
    motor = aoa_data.chart("critical-motor")
    assert motor.result(6).title == motor.result(8).title == "Motor Hit"
    assert motor.result(8).effects[0].get("delta") == -1
    assert aoa_data.chart("critical-wheels").result(7).title == "Wheels Loose"
    assert aoa_data.chart("critical-cockpit").result(10).effects[0].get("gun_effect") == "no-more-firing"
    assert aoa_data.chart("critical-wing").result(6).effects[0].get("delta") == -50


def test_crash_survival_rolls() -> None:
    """Critical Hit Charts heading: Crash 5-6 (pilot), Crash Land 4-6, Force Land 2-6."""
    survival = aoa_data.chart("crash-survival")
    assert survival.outcomes == {"crash": (5, 6), "crash-land": (4, 5, 6), "force-land": (2, 3, 4, 5, 6)}


def test_dac_spot_values() -> None:
    """Damage Allocation Charts: Away to the Right rows and lookups; Above or Below rows."""
    grid = aoa_data.chart("dac-away-right")
    assert grid.rows == (("a", "......A"), ("b", "..AEKMA"), ("c", ".CKBKKA"), ("d", "CCH.G.."))
    assert grid.lookup("dive") == "Up and Left" and grid.lookup("left") == "None"
    above = aoa_data.chart("dac-above-below")
    assert above.rows[1] == ("b", "AAAKKAAA") and above.lookup("climb") == "None"
    legend = aoa_data.chart("dac-legend")
    assert legend.letters["O"] == ("wing", "tail") and legend.poa_shift_squares["fast"] == 2


def test_archie_spot_values() -> None:
    """Archie Chart: 0-250' column 12 is 4C; 1525-2000' column 2 is 1; location row."""
    archie = aoa_data.chart("archie")
    assert archie.bands[0].cells[-1] == ChartCell(4, critical=True)
    assert (archie.bands[-1].from_ft, archie.bands[-1].to_ft, archie.bands[-1].cells[0]) == (1525, 2000, ChartCell(1))
    assert archie.hit_location[0] == "fuselage" and archie.hit_location[5] == "wing"


def test_campaign_table_spot_values() -> None:
    """Starting Page, Starting Altitude, Ground Position, Fuel and Duty Roster as printed."""
    page = aoa_data.chart("starting-page")
    assert page.rows[3] == ((4,), (166, 167, 168, 173, 174, 172))
    assert page.lookup(row_roll=2, column_roll=2) == 170
    altitude = aoa_data.chart("starting-altitude")
    assert altitude.lookup(6, 6) == 9200 and altitude.lookup(1, 4) == 1500
    ground = aoa_data.chart("ground-position")
    assert ground.lookup(4, 3) == "1E" and ground.lookup(1, 6) == "12W"
    fuel = aoa_data.chart("fuel")
    assert fuel.result(6).tank_fraction == Fraction(1, 3) and fuel.result(1).printed == "Full"
    assert fuel.result(7) is None  # +1 behind enemy lines on a 6 has no row
    assert aoa_data.chart("duty-roster").result(6).chooser == "enemy"


def test_battlefield_map() -> None:
    """XLVI map: 30 squares, archies at 3W and 4E, fields at 15W and 15E."""
    squares = dict(aoa_data.chart("battlefield-map").squares)
    assert len(squares) == 30
    assert squares["3W"] == squares["4E"] == "archies"
    assert squares["15W"] == squares["15E"] == "field"
    assert squares["2W"] == squares["5E"] == "trench" and squares["1E"] is None


def test_maneuver_chart_spot_values() -> None:
    """Maneuver Chart and XLVI clicks: 26 codes; K Wingover left 3 clicks; N 4; sample pages."""
    chart = aoa_data.maneuvers()
    assert [m.code for m in chart.maneuvers] == [chr(c) for c in range(65, 91)]
    assert [m.speed for m in chart.maneuvers].count("slow") == 9
    k = chart.by_code("K")
    assert (k.speed, k.direction, k.clicks, k.sample_page, k.difficult_original) == ("cruising", "left", 3, 84, True)
    assert chart.by_code("N").clicks == 4 and chart.by_code("W").sample_page == 142
    assert chart.by_code("L").difficult_powerhouse is False and chart.by_code("L").difficult_original is True
    assert chart.squares_per_turn == {"slow": 0, "cruising": 1, "fast": 2}


@pytest.mark.parametrize(("grid_id", "row", "cells", "defender", "poa"), [
    ("dac-away-left", 2, "AKKBKC.", "right", "None"),
    ("dac-towards-left", 1, "ADFB..", "climb", "Down and Right"),
    ("dac-towards-right", 0, "AAAAA.", "straight", "Left"),
    ("dac-facing-towards", 0, "AAAAEAAA", "dive", "Up"),
    ("dac-facing-away", 2, "...CCC...", "right", "Left"),
    ("dac-above-below", 5, "...CC...", "left", "Down and Right"),
])
def test_every_dac_grid_spot_value(grid_id: str, row: int, cells: str, defender: str, poa: str) -> None:
    """Damage Allocation Charts: one printed row and one lookup per grid."""
    grid = aoa_data.chart(grid_id)
    assert grid.rows[row][1] == cells and grid.lookup(defender) == poa
    assert grid.columns == len(cells)


@pytest.mark.parametrize(("chart_id", "roll", "title"), [
    ("critical-fuselage", 2, "Control Cable Severed"), ("critical-fuselage", 8, "Fuel Tank Leak"),
    ("critical-tail", 7, "Momentary Disruption"), ("critical-tail", 12, "Tail Hanging"),
    ("critical-motor", 3, "Motor Dies"), ("critical-cockpit", 4, "Gun Destroyed"),
])
def test_critical_titles_by_roll(chart_id: str, roll: int, title: str) -> None:
    """Critical Hit Charts: the result name under each 2d6 total as printed."""
    assert aoa_data.chart(chart_id).result(roll).title == title


def test_critical_structured_effects() -> None:
    """Critical Hit Charts: Fuel Tank Leak empties in 10 x D turns; Momentary Disruption loses 300 ft in one stall;
    Motor Dies glides losing 200 ft a turn with no fast or fancy maneuvers."""
    leak = aoa_data.chart("critical-fuselage").result(8).effects[0]
    assert (leak.type, leak.get("leads_to"), leak.get("duration")) == ("timer", "motor-3", {"d6_times": 10})
    stall, loss = aoa_data.chart("critical-tail").result(7).effects
    assert stall.get("only") == ["stall"] and (loss.get("altitude_ft"), loss.get("mode")) == (300, "exact")
    glide, limit = aoa_data.chart("critical-motor").result(3).effects
    assert glide.get("altitude_ft") == 200 and limit.get("forbid") == ["fast", "fancy"]
