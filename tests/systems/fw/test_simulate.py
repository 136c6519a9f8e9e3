"""`fwdata fw simulate`: the per-band report, JSON and plot, on the bundled cards."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.fw.simulate import degrees_per_turn, simulate_source
from fwdata.systems.fw.tables import catalog_tables

ROOT = Path(__file__).resolve().parents[3]


def test_degrees_per_turn_follow_the_turn_chart() -> None:
    """QS 2.7: at 4.0 FPs, TT needs 3 FPs per 30 deg (one facing), HT 2 (two), BT 1 (four)."""
    report, _ = simulate_source("p-51d", check_sources)
    assert report is not None
    vl = report.bands[0]
    at_four = next(point for point in vl.turning if point.speed_fp == 4.0)
    assert at_four.degrees == {"EZ": 30, "TT": 30, "HT": 60, "BT": 120, "ET": None}


def test_rate_below_its_minimum_speed_is_not_allowed() -> None:
    card_report, _ = simulate_source("p-51d", check_sources)
    assert card_report is not None
    vl = card_report.bands[0]
    # P-51D VL: ET minimum 5.0 FP.
    assert next(p for p in vl.turning if p.speed_fp == 4.5).degrees["ET"] is None
    assert next(p for p in vl.turning if p.speed_fp == 5.0).degrees["ET"] == 150


def test_level_runs_reach_max_speed_faster_at_emergency_power() -> None:
    report, _ = simulate_source(str(ROOT / "cards/fw/p-51d.yaml"), check_sources)
    assert report is not None
    for band in report.bands:
        assert band.turns_to_max_military is not None
        assert band.turns_to_max_emergency is not None
        assert band.turns_to_max_emergency <= band.turns_to_max_military
        assert band.military_run[0] == band.min_fp and band.military_run[-1] == band.max_fp


def test_cli_text_json_and_plot(tmp_path: Path) -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["fw", "simulate", "p-51d"])
    assert text.exit_code == 0
    assert text.stdout.splitlines()[4].split()[:3] == ["VL", "2.5", "7.5"]
    as_json = runner.invoke(main, ["fw", "simulate", "p-51d", "--format", "json"])
    payload = json.loads(as_json.stdout)
    assert payload["card_id"] == "p-51d" and payload["bands"][0]["band"] == "VL"
    plot = tmp_path / "curves.png"
    done = runner.invoke(main, ["fw", "simulate", "me-163b", "--plot", str(plot)])
    assert done.exit_code == 0 and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_unknown_card_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["fw", "simulate", "p-99"])
    assert result.exit_code == 2 and "no fw aircraft with that id" in result.stderr


def test_cli_broken_card_prints_its_findings(tmp_path: Path) -> None:
    broken = tmp_path / "bad.yaml"
    broken.write_text("system: fw\nkind: aircraft\nid: bad\nname: Bad\n")
    result = CliRunner().invoke(main, ["fw", "simulate", str(broken)])
    assert result.exit_code == 1 and "SCHEMA: missing required key 'provenance'" in result.stdout


def test_base_library_tables_are_always_there(tmp_path: Path) -> None:
    """A pack of cards only still gets the rule tables, from the base library."""
    (tmp_path / "p-51x.yaml").write_text((ROOT / "cards/fw/p-51d.yaml").read_text().replace("id: p-51d", "id: p-51x"))
    catalog = check_sources([tmp_path], BuildOptions()).catalog
    assert {"fractional-values", "flight-proportions", "turn-chart"} <= set(catalog_tables(catalog))


def test_degrees_per_turn_is_zero_when_one_facing_costs_more_than_the_turn() -> None:
    result = check_sources([ROOT / "cards/fw/p-51d.yaml"], BuildOptions())
    card = result.named(result.catalog.entries("fw", "aircraft"))[0].model
    vl = card.band("VL")
    # EZ at 5.0 costs 6 FPs per 30 deg (QS Turn Chart) but a 5.0 turn has only 5 FPs.
    assert degrees_per_turn(catalog_tables(result.catalog)["turn-chart"], vl, 5.0, "ez") == 0
