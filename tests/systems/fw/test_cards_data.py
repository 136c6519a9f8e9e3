"""Data tests for the Fighting Wings aircraft cards (cards/fw) and scenarios (scenarios/fw).

Rule references: [000] = 000_50c801cd992f207d.txt (Over the Reich + official errata), Err1 = its 1st-edition errata
("Aircraft Data Cards & Counters"), [003] = 003_ff4b55cb8a585ee6.txt (Quick-Start rules).
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from ruamel.yaml import YAML

ROOT = pathlib.Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "schemas"
CARDS = sorted((ROOT / "cards" / "fw").glob("*.yaml"))
SCENARIOS = sorted((ROOT / "scenarios" / "fw").glob("*.yaml"))
SEED_000 = ROOT.parent / "shared" / "seeds" / "000_50c801cd992f207d.txt"

BANDS = ["VL", "LO", "ML", "MH", "HI", "VH", "EH", "UH+"]
SPEED_COLS = ["s0_45", "s5_75", "s8_95", "s10_up"]
COL_LOW = {"s0_45": 0.0, "s5_75": 5.0, "s8_95": 8.0, "s10_up": 10.0}
RATES = ["tt", "ht", "bt", "et"]
REQUIRED_CARDS = {"bf-109g-10", "fw-190a-8", "p-51d", "p-47d", "spitfire-ix", "p-38j", "b-17g", "me-262a", "me-163b"}


def _load(path: pathlib.Path) -> Any:
    return YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


def _registry() -> Registry:
    reg: Registry = Registry()
    for p in SCHEMAS.rglob("*.schema.json"):
        s = json.loads(p.read_text(encoding="utf-8"))
        s["$id"] = p.resolve().as_uri()
        reg = reg.with_resource(p.resolve().as_uri(), Resource.from_contents(s))
    return reg


def _validator(kind: str) -> Draft202012Validator:
    sp = (SCHEMAS / "fw" / f"{kind}.schema.json").resolve()
    s = json.loads(sp.read_text(encoding="utf-8"))
    s["$id"] = sp.as_uri()
    return Draft202012Validator(s, registry=_registry())


RAW_CARDS = {p.stem: _load(p) for p in CARDS}
# Sections a variant card inherits from its base when it does not list them.
INHERITED = (
    "general",
    "performance",
    "turn_decel",
    "power_chart",
    "climb",
    "firepower",
    "fuel",
    "stations",
    "total_weight_limit_lb",
    "flags",
    "band_altitudes",
    "derivation",
)


def _resolved(card_id: str) -> dict[str, Any]:
    d = dict(RAW_CARDS[card_id])
    if "variant_of" in d:
        base = _resolved(d["variant_of"])
        for k in INHERITED:
            if k not in d and k in base:
                d[k] = base[k]
    return d


CARD_DATA = {cid: _resolved(cid) for cid in RAW_CARDS}


def card(card_id: str) -> dict[str, Any]:
    return CARD_DATA[card_id]


def row(card_id: str, band: str) -> dict[str, Any]:
    return next(r for r in card(card_id)["performance"] if r["band"] == band)


def parse_cell(cell: str) -> tuple[float, float] | None:
    """'M' or 'M/E' -> (military, emergency); a dash -> None ([000] 4.1)."""
    if cell in ("–", "-"):
        return None
    m = re.fullmatch(r"(\d+(?:\.5)?)(?:/(\d+(?:\.5)?))?", cell)
    assert m, f"bad power cell {cell!r}"
    mil = float(m.group(1))
    return mil, float(m.group(2)) if m.group(2) else mil


def col_of(speed: float) -> str:
    return "s0_45" if speed < 5.0 else "s5_75" if speed < 8.0 else "s8_95" if speed < 10.0 else "s10_up"


# ---------------------------------------------------------------------------------------------------- schemas


@pytest.mark.parametrize("kind", ["aircraft", "scenario"])
def test_schema_is_valid_draft_2020_12(kind: str) -> None:
    s = json.loads((SCHEMAS / "fw" / f"{kind}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(s)
    assert s["$id"] == f"https://fwdata.invalid/schemas/fw/{kind}.schema.json"


def _walk_objects(node: Any, path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield path, node
        for k, v in node.items():
            yield from _walk_objects(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk_objects(v, f"{path}/{i}")


@pytest.mark.parametrize("kind", ["aircraft", "scenario"])
def test_schema_conventions_closed_objects_and_described_properties(kind: str) -> None:
    s = json.loads((SCHEMAS / "fw" / f"{kind}.schema.json").read_text(encoding="utf-8"))
    assert s["properties"]["system"] == {"description": "Game system: Fighting Wings.", "const": "fw"}
    assert s["properties"]["kind"]["const"] == kind
    objects = list(_walk_objects(s))
    assert len(objects) > 5
    for path, o in objects:
        assert o.get("additionalProperties") is False, f"{kind}{path}: additionalProperties must be false"
        for name, prop in o.get("properties", {}).items():
            assert "description" in prop, f"{kind}{path}/properties/{name} lacks a description"


def test_schema_rejects_unknown_keys_and_bad_cells() -> None:
    v = _validator("aircraft")
    bad = json.loads(json.dumps(card("p-51d")))
    bad["general"]["wingspan_ft"] = 37
    bad["power_chart"]["rows"][0]["s0_45"] = "4//5"
    bad["performance"][0]["min_fp"] = 2.3
    paths = {tuple(e.absolute_path) for e in v.iter_errors(bad)}
    assert ("general",) in paths
    assert ("power_chart", "rows", 0, "s0_45") in paths
    assert ("performance", 0, "min_fp") in paths


# ---------------------------------------------------------------------------------------------------- documents


def test_required_cards_present() -> None:
    assert set(CARD_DATA) >= REQUIRED_CARDS


@pytest.mark.parametrize("path", CARDS, ids=lambda p: p.stem)
def test_card_valid_against_schema(path: pathlib.Path) -> None:
    d = _load(path)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator("aircraft").iter_errors(d)]
    assert errors == []
    assert d["id"] == path.stem
    assert path.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schemas/fw/aircraft.schema.json\n"
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_valid_against_schema(path: pathlib.Path) -> None:
    d = _load(path)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator("scenario").iter_errors(d)]
    assert errors == []
    assert d["id"] == path.stem


def test_at_least_one_scenario() -> None:
    assert any(p.stem == "bomber-intercept" for p in SCENARIOS)


# ---------------------------------------------------------------------------------------------------- errata


def test_err1_p38j_vl_band_minimum_ht_speed_is_3_5() -> None:
    """Err1, Aircraft Data Cards: P-38J minimum HT turn speed in VL should be 3.5 not 3.0."""
    assert row("p-38j", "VL")["ht_fp"] == 3.5


def test_err1_bf109g10_k4_average_rate_of_climb_vl_to_eh() -> None:
    """Err1, Bf 109G-10/K-4 ADC: average rate of climb VL..EH = 4800 4400 3800 3000 2200 1400 800."""
    c = card("bf-109g-10")["climb"]
    assert [x["band"] for x in c] == BANDS[:7]
    assert [x["climb_rate_fpm"] for x in c] == [4800, 4400, 3800, 3000, 2200, 1400, 800]


def test_err1_me163b_average_rate_of_climb_vl_to_uh_and_bold_last_four() -> None:
    """Err1, Me 163B: 21400 24600 27100 29100 24500 18500 12500 6500; the last four bold (oxygen-restricted)."""
    c = card("me-163b")["climb"]
    assert [x["band"] for x in c] == BANDS
    assert [x["climb_rate_fpm"] for x in c] == [21400, 24600, 27100, 29100, 24500, 18500, 12500, 6500]
    assert [x.get("oxygen_restricted", False) for x in c] == [False] * 4 + [True] * 4


def test_err1_spitfire_xive_fr_variant_lo_power_at_speed_8_0_is_4_5() -> None:
    """Err1, Spitfire Mk. XIVe: F.R. variant LO band power available at speed 8.0 should be 4/5."""
    raw = RAW_CARDS["spitfire-xive-fr"]
    assert raw["variant_of"] == "spitfire-xive"
    lo = next(r for r in raw["power_chart"]["rows"] if r["band"] == "LO")
    assert lo[col_of(8.0)] == "4/5"
    assert parse_cell(lo["s8_95"]) == (4.0, 5.0)


def test_variant_cards_name_an_existing_base_and_only_override_sections() -> None:
    variants = [d for d in RAW_CARDS.values() if "variant_of" in d]
    assert variants
    for d in variants:
        assert d["variant_of"] in RAW_CARDS and d["variant_of"] != d["id"]
        base = CARD_DATA[d["variant_of"]]
        listed = [k for k in INHERITED if k in d]
        assert listed, "a variant must override at least one section"
        for k in listed:
            assert d[k] != base[k], f"{d['id']}: section {k} repeats the base unchanged"


def test_err1_p51d_combat_flaps_usable_to_minimum_plus_6_0() -> None:
    """Err1, P-51 D: add note 'Combat Flaps, usable at speeds up to minimum +6.0'."""
    assert card("p-51d")["flags"]["combat_flaps_max_over_min_fp"] == 6.0


def test_err1_all_bf109s_hard_to_land_plus_1() -> None:
    """Err1, All Bf 109s: 'Hard to land +1 to landing attrition rolls'."""
    for cid, d in CARD_DATA.items():
        if d["general"]["type_name"].startswith("Bf 109"):
            assert d["flags"]["landing_attrition_mod"] == 1, cid


def test_err1_me163b_plus_2_forced_landing_and_rule_17_3_limits() -> None:
    """Err1, Me 163B: +2 to forced landing; [000] 17.3: 8 min rocket endurance, every landing forced, pusher."""
    d = card("me-163b")
    assert d["flags"]["forced_landing_mod"] == 2
    assert d["flags"]["rocket_endurance_min"] == 8 == d["fuel"]["internal_min"]
    assert d["flags"]["every_landing_forced"] is True
    assert d["general"]["engines"]["pusher"] is True
    assert d["general"]["agility_class"] == "R"


def test_rule_17_3_me163_safe_dive_is_its_compressibility_limit() -> None:
    """[000] 17.3: the Komet's compressibility limit is also its safe dive speed."""
    for r in card("me-163b")["performance"]:
        assert r["transonic_fp"] == r["max_dive_fp"], r["band"]


def test_rule_10_5_very_distinctive_types_flagged() -> None:
    """[000] 10.5 fratricide exception: P-38, Me 262 and Me 163 are very distinctive."""
    for cid in ("p-38j", "me-262a", "me-163b"):
        assert card(cid)["flags"]["very_distinctive"] is True, cid


def test_rule_17_1_spitfire_cockpit_fire_vulnerability() -> None:
    """[000] 17.1: applies to all Spitfire ADCs."""
    assert card("spitfire-ix")["flags"]["cockpit_fire_vulnerability"] is True


def _resolve(doc: Any, pointer: str) -> Any:
    for part in pointer.lstrip("/").split("/"):
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_errata_pointers_resolve_and_cite_the_errata(cid: str) -> None:
    d = card(cid)
    for e in d.get("errata", []):
        _resolve(d, e["pointer"])  # raises if the pointer is stale
        assert "000_50c801cd992f207d.txt" in e["source"] and "Errata" in e["source"]


@pytest.mark.skipif(not SEED_000.exists(), reason="rulebook seed not available")
def test_errata_values_appear_in_the_rulebook_errata_text() -> None:
    """The quoted errata strings really are in the Err1 'Aircraft Data Cards & Counters' entry of [000]."""
    text = SEED_000.read_text(encoding="utf-8")
    entry = text[text.rindex("Aircraft Data Cards & Counters") :]
    assert "4800, 4400, 3800, 3000, 2200, 1400, 800" in entry
    assert "21400, 24600, 27100, 29100, 24500, 18500, 12500, 6500" in entry
    assert "VL band should be 3.5 not 3.0" in entry
    assert "up to minimum +6.0" in entry


# ---------------------------------------------------------------------------------------------------- invariants


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_performance_chart_ordering(cid: str) -> None:
    """Digest 6.11 #1-3: bands contiguous from VL; min < TT <= HT <= BT <= ET; min < max < max dive."""
    d = card(cid)
    perf = d["performance"]
    assert [r["band"] for r in perf] == BANDS[: len(perf)]
    for r in perf:
        b = r["band"]
        assert 0 < r["min_fp"] < r["max_fp"] < r["max_dive_fp"], b
        speeds = [r[f"{k}_fp"] for k in RATES if f"{k}_fp" in r]
        assert r["min_fp"] < speeds[0], f"{b}: TT minimum must exceed min level speed"
        assert speeds == sorted(speeds), b
        assert speeds[0] <= r["max_fp"], f"{b}: TT unusable in level flight"
        for v in [r["min_fp"], r["max_fp"], r["max_dive_fp"], *speeds]:
            assert (v * 2) == int(v * 2), b
        if "transonic_fp" in r:
            assert r["transonic_fp"] >= r["max_fp"], b
    mins = [r["min_fp"] for r in perf]
    assert mins == sorted(mins), "min level speed should not fall with altitude"
    # the rate columns present are the same in every band, and turn decel exists for each of them
    present = {tuple(k for k in RATES if f"{k}_fp" in r) for r in perf}
    assert len(present) == 1
    td = d["turn_decel"]
    decels = [td[k] for k in next(iter(present)) if k in td]
    assert decels == sorted(decels)


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_general_pairs_ordered(cid: str) -> None:
    """Digest 6.11 #15 ([000] 12.0; [003] 5.5, VP): a < b pairs and ceilings normal >= loaded >= overloaded."""
    g = card(cid)["general"]
    assert g["load_points"]["loaded"] < g["load_points"]["overloaded"]
    c = g["ceilings_ft"]
    assert c["normal"] >= c["loaded"] >= c["overloaded"] > 0
    assert g["damage_factors"]["severe"] < g["damage_factors"]["destroyed"]
    assert g["victory_points"]["severe"] < g["victory_points"]["shot_down"]
    assert card(cid)["fuel"]["internal_min"] > 0
    if len(g["crew"]) >= 8:
        assert g["agility_class"] in ("M", "H", "SH")


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_climb_rows_match_bands(cid: str) -> None:
    """Digest 6.11 #16: one rate of climb per band, same order."""
    d = card(cid)
    assert [c["band"] for c in d["climb"]] == [r["band"] for r in d["performance"]]
    assert all(c["climb_rate_fpm"] > 0 for c in d["climb"])


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_power_chart_well_formed(cid: str) -> None:
    """[000] 4.1, digest 6.11 #9-13: a row per band; cells '-', 'a' or 'a/b' with b >= a; every column that the
    level speed range [min, max) touches has accel; props never gain accel with speed; bank/slip FPs rise."""
    d = card(cid)
    rows = d["power_chart"]["rows"]
    assert [r["band"] for r in rows] == [r["band"] for r in d["performance"]]
    prop = d["general"]["engines"]["kind"] == "piston"
    for prow, perf in zip(rows, d["performance"], strict=True):
        mils = []
        for col in SPEED_COLS:
            c = parse_cell(prow[col])
            if c is not None:
                assert c[1] >= c[0] > 0, (prow["band"], col)
            if COL_LOW[col] < perf["max_fp"] and (
                col == "s10_up" or COL_LOW[SPEED_COLS[SPEED_COLS.index(col) + 1]] > perf["min_fp"]
            ):
                assert c is not None, f"{prow['band']} {col}: no accel inside the level speed range"
            if c is not None:
                mils.append(c[0])
        if prop:
            assert mils == sorted(mils, reverse=True), prow["band"]
    for line in ("banking_fps", "slip_fps"):
        vals = [d["power_chart"][line][c] for c in SPEED_COLS]
        assert vals == sorted(vals) and vals[0] >= 1, line


def level_run(d: dict[str, Any], band: str, emergency: bool = False, max_turns: int = 200) -> tuple[float, int]:
    """Simulate level flight from minimum speed at full military (or emergency) power ([000] 4.1, 4.3, 4.4):
    accel points = chart value x engines; each net 5 points = +0.5 speed, remainder carried; no accel beyond max."""
    perf = next(r for r in d["performance"] if r["band"] == band)
    prow = next(r for r in d["power_chart"]["rows"] if r["band"] == band)
    engines = d["general"]["engines"]["count"]
    speed, carry = perf["min_fp"], 0.0
    for turn in range(1, max_turns + 1):
        cell = parse_cell(prow[col_of(speed)])
        if cell is None:
            return speed, turn
        carry += (cell[1] if emergency else cell[0]) * engines
        steps = int(carry // 5)
        carry -= 5 * steps
        speed += 0.5 * steps
        if speed >= perf["max_fp"]:
            return perf["max_fp"], turn
    return speed, max_turns


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_level_run_at_military_reaches_listed_max(cid: str) -> None:
    """Digest 6.11 #20: accelerating from min level speed at military power reaches the listed max level speed."""
    d = card(cid)
    for r in d["performance"]:
        reached, turns = level_run(d, r["band"])
        assert reached == r["max_fp"], f"{r['band']}: stuck at {reached}"
        assert turns <= 60, f"{r['band']}: {turns} turns (4 minutes) is implausibly slow"


def test_level_run_spot_value_p51d_vl() -> None:
    """P-51D VL by hand with [000] 4.3 (5 points = +0.5, remainder carried): 4 points a turn below 5.0 takes
    2.5 -> 5.0 in 7 turns (carry 3), then 3 points a turn takes 5.0 -> 7.5 in 8 more: 15 turns in all."""
    assert level_run(card("p-51d"), "VL") == (7.5, 15)


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_firepower_falls_with_range(cid: str) -> None:
    """[000] 9.1, digest 6.11 #17: factors non-increasing with range, dashes (null) only trailing, crit >= 1."""
    fp = card(cid)["firepower"]
    assert fp, "every card in this set is armed"
    for w in fp:
        a = w["attack_by_range"]
        vals = [x for x in a if x is not None]
        assert a[: len(vals)] == vals, f"{w['weapon']}: dash before a value"
        assert vals == sorted(vals, reverse=True) and vals[0] > 0, w["weapon"]
        assert w["critical_rating"] >= 1
        if w["location"] in ("turret", "manual"):
            assert "arc_clock" in w and "vertical_fof" in w, w["weapon"]


@pytest.mark.parametrize("cid", sorted(CARD_DATA))
def test_derivation_documents_band_altitudes(cid: str) -> None:
    d = card(cid)
    ba = d["band_altitudes"]
    assert [b["band"] for b in ba] == [r["band"] for r in d["performance"]]
    for b in ba:
        assert b["from_ft"] <= b["representative_ft"] <= b.get("to_ft", 10**6)
    assert d["provenance"]["status"] == "authored" and d["provenance"]["sources"]
    assert "mph / 50" in d["derivation"]


# ---------------------------------------------------------------------------------------------------- scenarios

SCENARIO_DATA = {p.stem: _load(p) for p in SCENARIOS}


def scenario_aircraft(s: dict[str, Any]) -> Iterator[tuple[dict[str, Any], int, int, int, dict[str, Any]]]:
    """(formation, flight index, rank in flight, number of flights, aircraft) for every A/C."""
    for side in s["sides"]:
        for form in side["formations"]:
            for fi, flight in enumerate(form["flights"]):
                for rank, ac in enumerate(flight["aircraft"]):
                    yield form, fi, rank, len(form["flights"]), ac


def band_of(s: dict[str, Any], alt_ft: int) -> str:
    for b in s["band_altitudes"]:
        if b["from_ft"] <= alt_ft <= b.get("to_ft", 10**6):
            return str(b["band"])
    raise AssertionError(f"altitude {alt_ft} in no band")


@pytest.mark.parametrize("sid", sorted(SCENARIO_DATA))
def test_scenario_aircraft_cards_exist(sid: str) -> None:
    s = SCENARIO_DATA[sid]
    for *_, ac in scenario_aircraft(s):
        assert ac["aircraft"] in CARD_DATA, ac["callsign"]


@pytest.mark.parametrize("sid", sorted(SCENARIO_DATA))
def test_scenario_band_altitudes_match_the_cards(sid: str) -> None:
    s = SCENARIO_DATA[sid]
    mine = {b["band"]: (b["from_ft"], b.get("to_ft")) for b in s["band_altitudes"]}
    for *_, ac in scenario_aircraft(s):
        for b in card(ac["aircraft"])["band_altitudes"]:
            assert mine[b["band"]] == (b["from_ft"], b.get("to_ft")), (ac["aircraft"], b["band"])


@pytest.mark.parametrize("sid", sorted(SCENARIO_DATA))
def test_scenario_start_speeds_within_band_limits(sid: str) -> None:
    """[000] 4.3.1: loaded A/C min +0.5 / max -0.5, overloaded +1.0 / -1.0; speed within the start band's limits."""
    s = SCENARIO_DATA[sid]
    for *_, ac in scenario_aircraft(s):
        d = card(ac["aircraft"])
        st = ac["setup"]
        band = band_of(s, st["altitude_ft"])
        assert band in [r["band"] for r in d["performance"]], (ac["callsign"], band)
        assert st["altitude_ft"] <= d["general"]["ceilings_ft"]["normal"]
        perf = row(ac["aircraft"], band)
        points = sum(x.get("load_points", 0) for x in ac.get("loads", []))
        lp = d["general"]["load_points"]
        adj = 1.0 if points >= lp["overloaded"] else 0.5 if points >= lp["loaded"] else 0.0
        assert perf["min_fp"] + adj <= st["speed_fp"] <= perf["max_fp"] - adj, ac["callsign"]
        fuel = ac.get("fuel", {})
        if "endurance_min" in fuel:
            assert fuel["endurance_min"] <= d["fuel"]["internal_min"] + d["fuel"].get("auxiliary_min", 0)


@pytest.mark.parametrize("sid", sorted(SCENARIO_DATA))
def test_scenario_pilot_quality_limits(sid: str) -> None:
    """[000] 8.6: group/squadron leaders Regular or Veteran; flight and element leaders Green or better."""
    s = SCENARIO_DATA[sid]
    for form, fi, rank, nflights, ac in scenario_aircraft(s):
        q = ac["pilot"]["quality"]
        if fi == 0 and rank == 0 and nflights > 1:
            assert q in ("Regular", "Veteran"), f"{form['name']}: squadron leader {ac['callsign']} is {q}"
        elif rank == 0 or rank == 2:
            assert q != "Recruit", f"flight/element leader {ac['callsign']} is a Recruit"


@pytest.mark.parametrize("sid", sorted(SCENARIO_DATA))
def test_scenario_setups_distinct(sid: str) -> None:
    """Callsigns unique; no two A/C stacked (same hex and same altitude, [000] 3.1) at the start."""
    s = SCENARIO_DATA[sid]
    acs = [ac for *_, ac in scenario_aircraft(s)]
    assert len({a["callsign"] for a in acs}) == len(acs)
    spots = [(a["setup"]["hex"], a["setup"].get("hexside"), a["setup"]["altitude_ft"]) for a in acs]
    assert len(set(spots)) == len(spots)
    roles = sorted(side["role"] for side in s["sides"])
    assert roles == ["interceptor", "mission"]
