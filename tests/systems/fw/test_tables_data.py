"""Data tests for the Fighting Wings play-aid tables in tables/fw/: schema, shape and spot values from the rulebooks."""

from __future__ import annotations

import json
import math
import pathlib
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from ruamel.yaml import YAML

ROOT = pathlib.Path(__file__).resolve().parents[3]
TABLES = ROOT / "tables" / "fw"
SCHEMAS = ROOT / "schemas"
TABLE_FILES = sorted(TABLES.glob("*.yaml"))


def _load(path: pathlib.Path) -> dict[str, Any]:
    yaml = YAML(typ="safe")
    with path.open(encoding="utf-8") as handle:
        data = yaml.load(handle)
    assert isinstance(data, dict), path
    return data


def _value(cell: Any) -> Any:
    """Unwrap a restored cell to the value fwdata uses."""
    return cell["value"] if isinstance(cell, dict) else cell


def _table(table_id: str) -> dict[str, Any]:
    return _load(TABLES / f"{table_id}.yaml")


def _cell(table: dict[str, Any], row: int, key: str) -> Any:
    keys = [col["key"] for col in table["columns"]]
    return _value(table["rows"][row][keys.index(key)])


def _raw_cell(table: dict[str, Any], row: int, key: str) -> Any:
    keys = [col["key"] for col in table["columns"]]
    return table["rows"][row][keys.index(key)]


def _row_where(table: dict[str, Any], **match: Any) -> dict[str, Any]:
    keys = [col["key"] for col in table["columns"]]
    for raw in table["rows"]:
        row = dict(zip(keys, (_value(c) for c in raw), strict=True))
        if all(row[k] == v for k, v in match.items()):
            return row
    raise AssertionError(f"{table['id']}: no row with {match}")


def _registry() -> Registry:
    registry: Registry = Registry()
    for path in SCHEMAS.rglob("*.schema.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        schema["$id"] = path.as_uri()
        registry = registry.with_resource(path.as_uri(), Resource.from_contents(schema))
    return registry


# --- every file -----------------------------------------------------------------------------------------------------

REQUIRED_IDS = {
    "fractional-values",
    "turn-chart",
    "flight-proportions",
    "attainable-speed",
    "bomber-speed-otr-3rd",
    "bomber-speed-otr-1st-errata",
    "combat-odds-damage",
    "deflection-factors",
    "critical-area",
    "critical-area-modifiers",
    "critical-effects",
    "qs-gun-modifiers",
    "qs-initiative-modifiers",
}


def test_required_tables_present() -> None:
    ids = {_load(path)["id"] for path in TABLE_FILES}
    assert ids >= REQUIRED_IDS, REQUIRED_IDS - ids


def test_ids_unique_and_match_file_names() -> None:
    ids = [_load(path)["id"] for path in TABLE_FILES]
    assert len(ids) == len(set(ids))
    for path in TABLE_FILES:
        assert _load(path)["id"] == path.stem


@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: p.stem)
def test_table_valid_against_schema(path: pathlib.Path) -> None:
    data = _load(path)
    schema_path = SCHEMAS / data["system"] / f"{data['kind']}.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    schema["$id"] = schema_path.as_uri()
    Draft202012Validator.check_schema(schema)
    errors = [
        f"{list(e.absolute_path)}: {e.message}"
        for e in Draft202012Validator(schema, registry=_registry()).iter_errors(data)
    ]
    assert errors == []


@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: p.stem)
def test_rows_have_one_cell_per_column(path: pathlib.Path) -> None:
    data = _load(path)
    width = len(data["columns"])
    assert [len(row) for row in data["rows"]] == [width] * len(data["rows"])
    keys = [col["key"] for col in data["columns"]]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("path", TABLE_FILES, ids=lambda p: p.stem)
def test_status_matches_restorations(path: pathlib.Path) -> None:
    """A table with any restored cell is `inferred`; one without is `official` or `errata`."""
    data = _load(path)
    restored = any(isinstance(cell, dict) for row in data["rows"] for cell in row)
    status = data["provenance"]["status"]
    if restored:
        assert status == "inferred"
    else:
        assert status in {"official", "errata"}


def test_schema_rejects_bad_table() -> None:
    schema_path = SCHEMAS / "fw" / "table.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    schema["$id"] = schema_path.as_uri()
    validator = Draft202012Validator(schema, registry=_registry())
    good = _table("deflection-factors")
    assert validator.is_valid(good)
    bad_key = dict(good, columns=[{"key": "Bad Key", "title": "x"}])
    assert not validator.is_valid(bad_key)
    extra = dict(good, colour="red")
    assert not validator.is_valid(extra)
    bad_cell = dict(good, rows=[[{"value": 1}]])
    assert not validator.is_valid(bad_cell)


# --- Fractional Values Table ----------------------------------------------------------------------------------------


def _fvt(number: float, key: str) -> float:
    fvt = _table("fractional-values")
    return _row_where(fvt, number=number)[key]


def test_fvt_quarter_of_6_is_1_5_otr_3_6() -> None:
    """OTR 3.6 example: 1/4 of 6.0 is 1.5 (rounded up to 2 increments)."""
    assert _fvt(6.0, "quarter") == 1.5


def test_fvt_half_of_5_is_2_5_otr_6_6() -> None:
    """OTR 6.6 example: the FVT half of 5.0 FPs is 2.5."""
    assert _fvt(5.0, "half") == 2.5


def test_fvt_half_of_3_is_1_5_qs_flight_example() -> None:
    """QS flight example, turn 4: MC = 1/2 of 3.0 = 1.5, rounded up to 200 ft."""
    assert _fvt(3.0, "half") == 1.5
    assert _fvt(4.0, "half") == 2.0  # turn 3: MC 1/2 of 4.0 = 2.0 for +200 ft


def test_fvt_rows_and_restorations_qs_flight_tables() -> None:
    """QS Flight Tables: rows 0.5..12.0 in 0.5 steps; every value containing a 1 is restored with its printed form."""
    fvt = _table("fractional-values")
    numbers = [_value(row[0]) for row in fvt["rows"]]
    assert numbers == [n / 2 for n in range(1, 25)]
    for row in fvt["rows"]:
        for cell in row:
            text = f"{_value(cell):.1f}"
            if "1" in text:
                assert isinstance(cell, dict), cell
                assert cell["printed"] == text.replace("1", "")
            else:
                assert not isinstance(cell, dict), cell


def test_fvt_two_thirds_of_2_kept_as_printed_qs_flight_tables() -> None:
    """QS Flight Tables print 2/3 of 2.0 as 1.0 although the rounding rule gives 1.5; kept as printed."""
    fvt = _table("fractional-values")
    assert _fvt(2.0, "two_thirds") == 1.0
    assert any("1.5" in note for note in fvt["notes"])


def test_fvt_follows_rounding_rule_except_one_cell_otr_3_5_1() -> None:
    """OTR 3.5.1 official values: fraction x N to the nearest 0.5, ties down; the only exception is 2/3 x 2.0."""
    fvt = _table("fractional-values")
    fractions = {"quarter": 1 / 4, "third": 1 / 3, "half": 1 / 2, "two_thirds": 2 / 3}
    exceptions = []
    for raw in fvt["rows"]:
        number = _value(raw[0])
        for key, fraction in fractions.items():
            exact = number * fraction
            expected = math.ceil(exact * 2 - 0.5 - 1e-9) / 2
            if _row_where(fvt, number=number)[key] != expected:
                exceptions.append((number, key))
    assert exceptions == [(2.0, "two_thirds")]


# --- Turn Chart -----------------------------------------------------------------------------------------------------


def _turn(speed: float, rate: str) -> Any:
    chart = _table("turn-chart")
    keys = [col["key"] for col in chart["columns"]]
    for raw in chart["rows"]:
        row = dict(zip(keys, (_value(c) for c in raw), strict=True))
        if row["speed_min"] <= speed <= row["speed_max"]:
            return row[rate]
    raise AssertionError(f"no turn chart row for speed {speed}")


def test_turn_chart_ht_at_4_5_is_2_qs_flight_example() -> None:
    """QS flight example, turn 1: at speed 4.5 an HT turn faces after 2 HFPs."""
    assert _turn(4.5, "ht") == 2


def test_turn_chart_ez_at_3_0_is_3_qs_flight_example() -> None:
    """QS flight example, turn 4: at speed 3.0 an EZ turn faces after 3 HFPs."""
    assert _turn(3.0, "ez") == 3


def test_turn_chart_codes_qs_2_7() -> None:
    """QS 2.7 and chart notes 2-3: 60/90 entries, split entries, NA."""
    assert _turn(1.0, "tt") == "60/FP"
    assert _turn(2.5, "bt") == "90/FP"
    assert _turn(1.5, "et") == "NA"
    assert _turn(5.0, "ht") == "3-2"
    assert _turn(5.5, "bt") == "2-1"
    assert _turn(12.0, "ez") == 26
    assert _turn(11.0, "ez") == 22


def test_turn_chart_rows_cover_1_to_12_5_qs_flight_tables() -> None:
    """QS Flight Tables: twelve rows from 1.0-1.5 to 12.0-12.5 with 50 mph per FP."""
    chart = _table("turn-chart")
    assert len(chart["rows"]) == 12
    for index, raw in enumerate(chart["rows"]):
        low = _value(raw[0])
        assert low == index + 1.0
        assert _value(raw[1]) == low + 0.5
        assert _value(raw[2]) == f"{int(low * 50)}-{int(low * 50 + 25)}"


def test_turn_chart_restored_cells_print_without_ones_qs_flight_tables() -> None:
    """Every restored turn chart cell's printed token is its value with the 1s (and split separators) removed."""
    chart = _table("turn-chart")
    for row in chart["rows"]:
        for cell in row:
            if isinstance(cell, dict):
                value = cell["value"]
                text = f"{value:.1f}" if isinstance(value, float) else str(value)
                printed = cell["printed"].replace(" ", "").replace("-", "")
                assert printed == text.replace("1", "").replace("-", ""), cell


def test_turn_chart_rates_never_easier_at_higher_rate_qs_2_7() -> None:
    """Within a row, FPs per 30 degrees fall (or stay) from EZ to ET; NA only at the fast rates of slow rows."""

    def cost(cell: Any) -> float:
        if cell == "NA":
            return -1.0
        if cell == "60/FP":
            return 0.5
        if cell == "90/FP":
            return 1 / 3
        if isinstance(cell, str):
            first, second = cell.split("-")
            return (int(first) + int(second)) / 2
        return float(cell)

    chart = _table("turn-chart")
    for raw in chart["rows"]:
        costs = [cost(_value(c)) for c in raw[3:]]
        allowed = [c for c in costs if c >= 0]
        assert allowed == sorted(allowed, reverse=True), raw
    columns = list(zip(*[[cost(_value(c)) for c in raw[3:]] for raw in chart["rows"]], strict=True))
    for column in columns:
        allowed = [c for c in column if c >= 0]
        assert allowed == sorted(allowed), column


# --- Flight Proportions ---------------------------------------------------------------------------------------------


def test_flight_proportions_codes_qs_2_9() -> None:
    """QS 2.9 / Flight Proportions Table: MC +, OC - (level OC rounds up, either direction)."""
    table = _table("flight-proportions")
    assert _row_where(table, attitude="level") == {
        "attitude": "level",
        "mandatory_change": "none",
        "vfps_allowed": "none",
        "optional_change": "±1/4+",
    }
    assert _row_where(table, attitude="shallow")["mandatory_change"] == "1/3+"
    assert _row_where(table, attitude="shallow")["vfps_allowed"] == "0-1 FP"
    assert _row_where(table, attitude="steep")["mandatory_change"] == "1/2+"
    assert _row_where(table, attitude="steep")["optional_change"] == "1/2-"
    assert _row_where(table, attitude="vertical")["mandatory_change"] == "1/3+"
    assert _row_where(table, attitude="vertical")["vfps_allowed"] == ">1/2-all"


def test_flight_proportions_steep_mc_matches_qs_example() -> None:
    """QS flight example, turn 3: start in a steep climb at 4.0 gives MC 1/2 of 4.0 = 2.0, i.e. +200 ft."""
    table = _table("flight-proportions")
    code = _row_where(table, attitude="steep")["mandatory_change"]
    assert code == "1/2+"
    assert math.ceil(_fvt(4.0, "half")) == 2


# --- Attainable speed and bomber tables ----------------------------------------------------------------------------


def test_attainable_speed_otr_4_3_1() -> None:
    """OTR 4.3.1: loaded max -0.5 / min +0.5; over-loaded max -1.0 / min +1.0; severely damaged max -1.0 / min +0.5."""
    table = _table("attainable-speed")
    assert _row_where(table, condition="loaded")["max_attainable"] == "max-0.5"
    assert _row_where(table, condition="loaded")["min_adjusted"] == 0.5
    assert _row_where(table, condition="over_loaded")["min_adjusted"] == 1.0
    assert _row_where(table, condition="severely_damaged")["max_attainable"] == "max-1.0"
    assert _row_where(table, condition="cruise_power", bands="MH-")["max_attainable"] == "max-1.5"
    assert _row_where(table, condition="idle_power")["max_attainable"] == "max*1/2"


def _bomber(table_id: str, load: str, engines: str) -> tuple[Any, Any]:
    row = _row_where(_table(table_id), load_state=load, engines_status=engines)
    return row["min_change"], row["max_change"]


def test_bomber_speed_otr_17_2() -> None:
    """OTR 17.2 (3rd ed.): spot cells, and loaded = normal +0.5/-0.5, over-loaded = normal +1.0/-1.0."""
    assert _bomber("bomber-speed-otr-3rd", "normal", "2_out_ss") == (1.0, -1.5)
    assert _bomber("bomber-speed-otr-3rd", "over_loaded", "3_out") == (1.5, -3.0)
    assert _bomber("bomber-speed-otr-3rd", "loaded", "4_out") == (0.5, "idle-0.5")
    for engines in ("all_good", "1_out", "2_out_ds", "2_out_ss", "3_out"):
        base_min, base_max = _bomber("bomber-speed-otr-3rd", "normal", engines)
        for load, step in (("loaded", 0.5), ("over_loaded", 1.0)):
            assert _bomber("bomber-speed-otr-3rd", load, engines) == (base_min + step, base_max - step)


def test_bomber_speed_err1_typo_kept_as_printed() -> None:
    """OTR 1st-ed. errata 11.2: loaded, 3 engines out prints +1.5/-1.5 (probable typo for -3.5), kept as printed."""
    assert _bomber("bomber-speed-otr-1st-errata", "loaded", "3_out") == (1.5, -1.5)
    assert _bomber("bomber-speed-otr-1st-errata", "over_loaded", "all_good") == (1.0, -0.5)
    assert _bomber("bomber-speed-otr-1st-errata", "normal", "4_out") == (0.0, -4.0)


def test_bomber_speed_err1_b17_example() -> None:
    """OTR 1st-ed. errata 11.2 example: loaded B-17F HI 3.5-5.5; +SD 4.0-4.5; +1 engine out 4.5-3.5; salvo 4.0-4.0."""
    sd_min, sd_max = 0.5, -1.0
    loaded_min, loaded_max = _bomber("bomber-speed-otr-1st-errata", "loaded", "all_good")
    listed_min, listed_max = 3.5 - loaded_min, 5.5 - loaded_max
    assert (listed_min + loaded_min + sd_min, listed_max + loaded_max + sd_max) == (4.0, 4.5)
    out_min, out_max = _bomber("bomber-speed-otr-1st-errata", "loaded", "1_out")
    assert (listed_min + out_min + sd_min, listed_max + out_max + sd_max) == (4.5, 3.5)
    clean_min, clean_max = _bomber("bomber-speed-otr-1st-errata", "normal", "1_out")
    assert (listed_min + clean_min + sd_min, listed_max + clean_max + sd_max) == (4.0, 4.0)


def test_bomber_tables_tagged_by_edition() -> None:
    assert _table("bomber-speed-otr-3rd")["edition"] == "otr-3rd"
    assert _table("bomber-speed-otr-1st-errata")["edition"] == "otr-1st-errata"
    assert _table("bomber-speed-otr-1st-errata")["provenance"]["status"] == "errata"


# --- Combat tables --------------------------------------------------------------------------------------------------


def _hits(roll: int, odds_key: str) -> Any:
    table = _table("combat-odds-damage")
    keys = [col["key"] for col in table["columns"]]
    for raw in table["rows"]:
        row = dict(zip(keys, (_value(c) for c in raw), strict=True))
        if row["roll_min"] <= roll <= row["roll_max"]:
            return row[odds_key]
    raise AssertionError(f"no row for roll {roll}")


def test_combat_odds_lucky_shot_01_gives_4_hits_at_1_6_qs_5_5() -> None:
    """QS Combat Tables lucky-shot rule: a natural 01 gives 4 hits at any odds, the 1-6 cell of row 01."""
    assert _hits(1, "odds_1_6") == 4
    assert _hits(1, "odds_12_1") == 20


def test_combat_odds_spot_values_qs_combat_tables() -> None:
    """QS Combat Odds - Damage Table, restored rows 01-59."""
    assert _hits(3, "odds_3_1") == 7
    assert _hits(10, "odds_1_6") == 1
    assert _hits(30, "odds_3_1") == 4
    assert _hits(50, "odds_1_1") == 1
    assert _hits(50, "odds_12_1") == 10
    assert _hits(50, "odds_1_6") is None


def test_combat_odds_rows_01_to_59_shift_one_column_qs_combat_tables() -> None:
    """QS Combat Odds - Damage Table: each row from 02-05 to 40-59 is the row above shifted one column right."""
    table = _table("combat-odds-damage")
    rows = [[_value(c) for c in raw[2:]] for raw in table["rows"][:6]]
    for upper, lower in zip(rows[1:], rows[2:], strict=False):
        assert lower[1:] == upper[:-1]


def test_combat_odds_rolls_cover_01_to_99() -> None:
    table = _table("combat-odds-damage")
    bounds = [(_value(raw[0]), _value(raw[1])) for raw in table["rows"]]
    assert bounds[0] == (1, 1)
    assert bounds[-1] == (99, 99)
    for (_, high), (low, _) in zip(bounds, bounds[1:], strict=False):
        assert low == high + 1
    assert any("UNVERIFIED" in note for note in table["notes"])


def test_combat_odds_hits_never_fall_with_better_odds_rows_01_to_59() -> None:
    table = _table("combat-odds-damage")
    for raw in table["rows"][:6]:
        values = [v for v in (_value(c) for c in raw[2:]) if v is not None]
        assert values == sorted(values)


def test_deflection_factors_qs_combat_tables() -> None:
    """QS Deflection Diagram: 0 x1 .. 180 x3; 180-150 front, 120-60 side, 30-0 rear shots."""
    table = _table("deflection-factors")
    got = {_value(raw[0]): (_value(raw[1]), raw[2]) for raw in table["rows"]}
    assert got == {
        0: (1, "rear"),
        30: (2, "rear"),
        60: (3, "side"),
        90: (5, "side"),
        120: (6, "side"),
        150: (4, "front"),
        180: (3, "front"),
    }


def test_critical_area_qs_combat_tables() -> None:
    """QS A/C Critical AREA Hit Table (D10): 2- engine, 3-4 fuel, 5 hollow, 6 cockpit, 7-8 wings, 9+ controls."""
    table = _table("critical-area")

    def area(roll: int) -> str:
        for raw in table["rows"]:
            low, high = _value(raw[0]), _value(raw[1])
            if (low is None or roll >= low) and (high is None or roll <= high):
                return str(raw[2])
        raise AssertionError(roll)

    assert [area(r) for r in range(0, 12)] == [
        "engine", "engine", "engine", "fuel_tanks", "fuel_tanks", "hollow_space",
        "cockpit", "wings", "wings", "controls", "controls", "controls",
    ]  # fmt: skip


def test_critical_area_modifiers_signs_otr_17_4() -> None:
    """OTR 17.2/17.4: front-arc area modifier -1, rear-arc +1 (QS signs lost and restored to agree)."""
    table = _table("critical-area-modifiers")
    assert _row_where(table, condition="final deflection 150 or 180")["modifier"] == -1
    assert _row_where(table, condition="final deflection 30 or 0")["modifier"] == 1


def test_critical_effects_areas_match_critical_area() -> None:
    effects = {raw[0] for raw in _table("critical-effects")["rows"]}
    areas = {raw[2] for raw in _table("critical-area")["rows"]}
    assert effects == areas - {"hollow_space"}


def test_critical_effects_destroying_results_qs_combat_tables() -> None:
    """QS Critical Hit Effects Table: the asterisked results (1 or less on fuel, wings, controls) destroy the A/C."""
    table = _table("critical-effects")
    for area in ("fuel_tanks", "wings", "controls"):
        assert "destroyed" in _row_where(table, area=area)["roll_1_or_less"]
    assert _row_where(table, area="engine")["roll_9_or_more"] == "oil leak"
    assert _row_where(table, area="controls")["roll_7_8"] == "no BT or ET rates"


def test_qs_gun_modifiers_agree_with_otr_10_2() -> None:
    """OTR 10.2: wing harmony -15 at range 2, -10 at range 3, +10 per hex beyond; -20 near-zero deflection."""
    table = _table("qs-gun-modifiers")
    assert _row_where(table, condition="wing guns at range 2")["lh_modifier"] == -15
    assert _row_where(table, condition="wing guns at range 3")["lh_modifier"] == -10
    assert _row_where(table, condition="wing guns beyond range 3")["lh_modifier"] == 10
    row = _row_where(table, condition="shooter 12:00 line on target 6:00 line, heading difference 0")
    assert row["lh_modifier"] == -20
    assert _row_where(table, condition="recruit pilot")["lh_modifier"] == 30
    assert _row_where(table, condition="firer used BT rate")["lh_modifier"] == 20


def test_qs_initiative_modifiers_qs_sequence_of_play() -> None:
    """QS Initiative Phase: Recruit -4, Green -2, Veteran +1, Ace +1 (lowest roll moves first)."""
    table = _table("qs-initiative-modifiers")
    got = {raw[0]: _value(raw[1]) for raw in table["rows"]}
    assert got == {"recruit": -4, "green": -2, "veteran": 1, "ace": 1}
    assert _raw_cell(table, 0, "modifier")["printed"] == "4"


# --- Other surviving tables -----------------------------------------------------------------------------------------


def _d10_row(table_id: str, roll: int) -> dict[str, Any]:
    table = _table(table_id)
    keys = [col["key"] for col in table["columns"]]
    for raw in table["rows"]:
        row = dict(zip(keys, (_value(c) for c in raw), strict=True))
        if row["roll_min"] <= roll <= row["roll_max"]:
            return row
    raise AssertionError(f"{table_id}: no row for {roll}")


def test_random_flight_otr_5_7_1() -> None:
    """OTR 5.7.1 Random Flight Table: 1-3 lower nose EZ / roll left / EZ; 4-5 free rate / none / TT; 8-10 raise."""
    assert _d10_row("random-flight", 2) == {
        "roll_min": 1,
        "roll_max": 3,
        "pitch": "lower-ez",
        "bank": "left",
        "turn": "EZ",
    }
    assert _d10_row("random-flight", 5)["pitch"] == "lower-free"
    assert _d10_row("random-flight", 5)["bank"] == "none"
    assert _d10_row("random-flight", 5)["turn"] == "TT"
    assert _d10_row("random-flight", 7)["bank"] == "right"
    assert _d10_row("random-flight", 10)["pitch"] == "raise-ez"


@pytest.mark.parametrize("table_id", ["random-flight", "bomber-casualty-sample"])
def test_d10_tables_cover_1_to_10_once(table_id: str) -> None:
    table = _table(table_id)
    covered = [r for raw in table["rows"] for r in range(_value(raw[0]), _value(raw[1]) + 1)]
    assert covered == list(range(1, 11))


def test_high_speed_turn_decel_follows_rule_otr_5_5_1() -> None:
    """OTR 5.5.1: one rate lower from 5.0, two from 8.0, three from 10.0, never below EZ (the print is scrambled)."""
    table = _table("high-speed-turn-decel")
    rates = ["EZ", "TT", "HT", "BT", "ET"]
    for raw in table["rows"]:
        actual = rates.index(_value(raw[0]))
        got = [_value(c) for c in raw[1:]]
        assert got == [rates[max(actual - lower, 0)] for lower in range(4)]
    assert _row_where(table, actual_rate="BT")["speed_8_0_to_9_5"] == "TT"
    assert _row_where(table, actual_rate="ET")["speed_10_0_up"] == "TT"
    printed = [
        ["EZ", "EZ", "EZ", "EZ"],
        ["EZ", "EZ", "EZ", "TT"],
        ["TT", "HT", "TT", ">> EZ"],
        ["HT", "BT", "HT", "BT"],
        ["BT", "ET", "BT", "—"],
    ]  # the scrambled print of rule 5.5.1, row by row
    for raw, print_row in zip(table["rows"], printed, strict=True):
        for cell, token in zip(raw[1:], print_row, strict=True):
            if isinstance(cell, dict):
                assert cell["printed"] == token != cell["value"] or token == ">> EZ"
            else:
                assert cell == token


def test_transition_steps_qs_flight_example() -> None:
    """QS Transition Procedure: TT-1, HT-2, BT-3 (flight example 'HT pull 2-step', 'BT-3'), ET-4."""
    table = _table("transition-steps")
    got = {raw[0]: _value(raw[1]) for raw in table["rows"]}
    assert got == {"none": 0, "EZ": 1, "TT": 1, "HT": 2, "BT": 3, "ET": 4}


def test_fixed_gun_vertical_fof_steep_range_3_otr_9_2() -> None:
    """OTR 9.2 example: steep climb, target 3 hexes away: 6 to 18 increments (600 to 1,800 ft) above."""
    row = _row_where(_table("fixed-gun-vertical-fof"), shooter_attitude="steep")
    assert row["nearer_ft"] * 3 / row["nearer_per_hexes"] == 600
    assert row["further_ft"] * 3 / row["further_per_hexes"] == 1800
    assert (row["same_hex_min_ft"], row["same_hex_max_ft"]) == (100, 300)


def test_heavy_aaa_zone_size_otr_24_3_1() -> None:
    """OTR 24.3.1: 7-12 guns give 2/3/4 hexes (concentrated/normal/long range); more than 12 give 3/4/5."""
    row = _row_where(_table("heavy-aaa-zone-size"), guns_min=7)
    assert (row["concentrated_hexes"], row["normal_hexes"], row["long_range_hexes"]) == (2, 3, 4)
    row = _row_where(_table("heavy-aaa-zone-size"), guns_min=13)
    assert (row["guns_max"], row["long_range_hexes"]) == (None, 5)


def test_radar_detection_ranges_otr_15_7() -> None:
    """OTR 15.7: <=2 engines EWR 5 / GCI 3 dots; <=12 engines 10 / 4; >=13 engines 15 / 5."""
    table = _table("radar-detection-ranges")
    got = [(_value(r[1]), _value(r[2]), _value(r[3])) for r in table["rows"]]
    assert got == [(2, 5, 3), (12, 10, 4), (None, 15, 5)]


def test_engine_power_loss_steps_qs_combat_tables() -> None:
    """QS Critical Hit Effects notes: full -> 2/3 -> 1/2 -> 1/3 -> 1/4 -> seized."""
    table = _table("engine-power-loss-steps")
    assert [_value(r[1]) for r in table["rows"]] == ["full", "2/3", "1/2", "1/3", "1/4", "seized"]


def test_fire_progress_qs_combat_tables() -> None:
    """QS Critical Hit Effects notes: fire roll 1 = blows up, 9 or 10 = fire out."""
    assert _d10_row("fire-progress", 1)["result"] == "explodes"
    assert _d10_row("fire-progress", 10)["result"] == "fire-out"
    with pytest.raises(AssertionError):
        _d10_row("fire-progress", 5)


def test_collision_damage_otr_3_3() -> None:
    """OTR 3.3: 150/180 deg 4D10 each; 60-120 deg 3D10; 0/30 deg 2D10 + 1 per 0.5 speed difference."""
    table = _table("collision-damage")
    got = [tuple(_value(c) for c in raw) for raw in table["rows"]]
    assert got == [(150, 180, 4, 0), (60, 120, 3, 0), (0, 30, 2, 1)]


def test_flight_modifier_lists_otr_4_7_5_6_5_7() -> None:
    """OTR 4.7 glider +20; OTR 5.6 severely damaged +20; OTR 5.7 G-suit -10 and WIA +20."""
    assert _row_where(_table("dangerous-dive-modifiers"), condition="aircraft is a glider")["modifier"] == 20
    assert _row_where(_table("overstress-modifiers"), condition="aircraft severely damaged")["modifier"] == 20
    assert _row_where(_table("gloc-modifiers"), condition="using a G-suit")["modifier"] == -10
    assert _row_where(_table("gloc-modifiers"), condition="crewman wounded")["modifier"] == 20


def test_night_tables_otr_32_3() -> None:
    """OTR 32.3: full moon (4 x D5) + twice engines; no moon (1 x D5) + half engines; untrained night pilots +20."""
    assert _row_where(_table("night-visual-range"), light_condition="full_moon") == {
        "light_condition": "full_moon",
        "d5_dice": 4,
        "engine_multiplier": 2,
    }
    assert _row_where(_table("night-visual-range"), light_condition="no_moon")["engine_multiplier"] == 0.5
    assert _row_where(_table("night-training-limits"), training="none")["disorientation_modifier"] == 20
    assert _row_where(_table("night-training-limits"), training="limited")["max_rate"] == "TT"


def test_op_fuel_use_otr_15_4_2() -> None:
    """OTR 15.4.2: start/taxi/take-off 5 min per engine; cruise 10 per Op-turn; dash 15+D5 per turn."""
    table = _table("op-fuel-use")
    assert _row_where(table, activity="start, taxi and take off")["minutes"] == 5
    assert _row_where(table, activity="cruise speed")["minutes"] == 10
    assert _row_where(table, activity="dash or climb speed")["minutes"] == "15+D5"


def test_bomber_casualty_sample_otr_17_2() -> None:
    """OTR 17.2 sample casualty table: 7 belly turret gunner, 10 tail gunner."""
    assert _d10_row("bomber-casualty-sample", 7)["crew"] == "Belly Turret Gunner"
    assert _d10_row("bomber-casualty-sample", 10)["crew"] == "Tail Gunner"


# --- Cross-checks against the rulebook text itself (../shared/seeds) -------------------------------------------------

SEEDS = ROOT.parent / "shared" / "seeds"
QS_SEED = SEEDS / "003_ff4b55cb8a585ee6.txt"
OTR_SEED = SEEDS / "000_50c801cd992f207d.txt"


def _seed(path: pathlib.Path) -> str:
    if not path.is_file():
        pytest.skip(f"rulebook text {path.name} not available")
    return path.read_text(encoding="utf-8")


def _between(text: str, start: str, end: str) -> str:
    begin = text.index(start) + len(start)
    return text[begin : text.index(end, begin)]


def _printed(cell: Any, plain: str) -> str:
    """What the damaged QS text shows for a cell: its `printed` field if restored, else the plain rendering."""
    return cell["printed"] if isinstance(cell, dict) else plain


def _squash(text: str) -> str:
    return text.replace(" ", "").replace("-", "")


def test_fvt_matches_qs_seed_print() -> None:
    """QS Flight Tables (FVT): with its restorations undone the table is the seed's token stream."""
    seed = _between(_seed(QS_SEED), "FRACTIONAL VALUES (FVT) No. /4 /3 /2 2/3", "A. Use throttle")
    fvt = _table("fractional-values")
    stream = " ".join(_printed(c, f"{_value(c):.1f}") for row in fvt["rows"] for c in row)
    assert _squash(stream) == _squash(seed)


def test_turn_chart_matches_qs_seed_print() -> None:
    """QS Flight Tables (A/C Turn Chart): restorations undone give the seed's token stream (spaces and dashes aside)."""
    seed = _between(_seed(QS_SEED), "EZ TT HT BT ET MPH", ". Procedure - Cross")
    chart = _table("turn-chart")
    parts = []
    for row in chart["rows"]:
        speeds = [_printed(c, f"{_value(c):.1f}") for c in row[:2]]
        rates = [_printed(c, str(c).removesuffix("/FP")) for c in row[3:]]
        parts.append(" ".join([*speeds, *rates, _printed(row[2], str(row[2]))]))
    assert _squash(" ".join(parts)) == _squash(seed)


def test_combat_odds_matches_qs_seed_print() -> None:
    """QS Combat Tables (Combat Odds - Damage Table): restorations undone give the seed's token stream."""
    seed = _between(_seed(QS_SEED), "Die Roll 6 4 2 2 3 4 5 6 7 8 0 2", "A/C Critical AREA")
    table = _table("combat-odds-damage")
    parts = []
    for row in table["rows"]:
        low, high = (_printed(c, f"{_value(c):02d}") for c in row[:2])
        parts.append(low if _value(row[0]) == _value(row[1]) else f"{low} to {high}")
        parts.extend(_printed(c, "" if c is None else str(c)) for c in row[2:])
    assert _squash(" ".join(parts)) == _squash(seed)


def _otr_bomber_cells(text: str) -> list[tuple[float, str]]:
    cells = []
    for token in text.replace("–", "-").split("\t")[1:]:
        low, high = (part.strip() for part in token.split("/"))
        cells.append((float(low), high))
    return cells


def test_bomber_speed_otr_3rd_matches_otr_seed() -> None:
    """OTR 17.2: every cell equals the rulebook's min / max change for that load row and engine column."""
    text = _between(_seed(OTR_SEED), "4-Engine Bomber Min / Max Attainable Speed Changes", "If bomber severely damaged")
    lines = {line.split("\t")[0]: line for line in text.splitlines() if "\t" in line and "/" in line}
    engines = ["all_good", "1_out", "2_out_ds", "2_out_ss", "3_out", "4_out"]
    for load, label in (("normal", "Normal"), ("loaded", "Loaded"), ("over_loaded", "Over-loaded")):
        for engine, (low, high) in zip(engines, _otr_bomber_cells(lines[label]), strict=True):
            min_change, max_change = _bomber("bomber-speed-otr-3rd", load, engine)
            assert min_change == low
            expected = float(high) if high[-1].isdigit() and not high.startswith("idle") else high
            assert max_change == expected, (load, engine)


def test_bomber_speed_err1_matches_otr_seed() -> None:
    """OTR 1st-ed. errata 11.2: every cell equals the errata table (engine rows x load columns)."""
    text = _between(_seed(OTR_SEED), "B-17/24 status\tNon-loaded\tLoaded\tOver-loaded", "If bomber severely damaged")
    rows = [line.split("\t") for line in text.strip().splitlines()]
    engines = ["all_good", "1_out", "2_out_ds", "2_out_ss", "3_out", "4_out"]
    assert len(rows) == len(engines)
    for engine, row in zip(engines, rows, strict=True):
        for load, token in zip(("normal", "loaded", "over_loaded"), row[1:], strict=True):
            low, high = token.split("/")
            assert _bomber("bomber-speed-otr-1st-errata", load, engine) == (float(low), float(high))
