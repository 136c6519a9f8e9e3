"""`fwdata aoa firing`: exit codes, stdout and stderr (CliRunner)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from fwdata.cli.main import main

ROOT = Path(__file__).resolve().parents[3]


def test_firing_text_prints_every_table() -> None:
    """Powerhouse Firing Charts: Medium, 4 ammo -> E 4.17 (25/6); Long, 6 ammo -> J 50%."""
    result = CliRunner().invoke(main, ["aoa", "firing", str(ROOT / "tables" / "aoa")])
    assert result.exit_code == 0, result.output
    assert "Powerhouse Advanced Game: expected damage per shot" in result.stdout
    assert "4.17" in result.stdout and "4.83 J50%" in result.stdout
    assert "Double Synchronized Gun" in result.stdout
    assert result.stderr == ""


def test_firing_json_gives_exact_fractions() -> None:
    result = CliRunner().invoke(main, ["aoa", "firing", "--format", "json", str(ROOT / "tables" / "aoa")])
    assert result.exit_code == 0
    tables = json.loads(result.stdout)
    medium_4 = tables[0]["rows"][3]["cells"][2]
    assert medium_4["expected_damage"]["exact"] == "25/6" and medium_4["jam"]["exact"] == "0"


def test_firing_advanced_adds_gun_break_chance() -> None:
    """XLII: Double Synch Blaze at +0 jams 1/2 of the time, so the guns break 1/12 of the time."""
    result = CliRunner().invoke(main, ["aoa", "firing", "--advanced", "--format", "json", str(ROOT / "tables" / "aoa")])
    double = next(t for t in json.loads(result.stdout) if "Double" in t["title"])
    blaze_zero = double["rows"][5]["cells"][4]
    assert blaze_zero["break"]["exact"] == "1/12"


def test_a_pack_of_planes_gets_the_base_library_charts(tmp_path: Path) -> None:
    plane = (ROOT / "cards" / "aoa" / "spad-xiii.yaml").read_text(encoding="utf-8")
    (tmp_path / "plane.yaml").write_text(plane.replace("id: spad-xiii", "id: my-spad", 1), encoding="utf-8")
    result = CliRunner().invoke(main, ["aoa", "firing", "--format", "json", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)) == 4  # the advanced-game table and the three gun charts


def test_firing_with_broken_charts_reports_findings(tmp_path: Path) -> None:
    text = (ROOT / "tables" / "aoa" / "firing-long.yaml").read_text(encoding="utf-8")
    (tmp_path / "long.yaml").write_text(text.replace("cells: [0, 1, 1, 2, 2, 2, 3]", "cells: [3, 1, 1, 2, 2, 2, 3]"),
                                        encoding="utf-8")
    (tmp_path / "fwdata-pack.yaml").write_text("id: p\nname: P\nversion: '1'\noverrides: [aoa/chart/firing-long]\n")
    result = CliRunner().invoke(main, ["aoa", "firing", str(tmp_path)])
    assert result.exit_code == 1
    assert "AOA-CHART-MONOTONE" in result.stdout
