"""`fwdata fw shot`: one attack between two bundled cards, in text and JSON, and its usage errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from fwdata.cli.main import main

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["fw", "shot", *args])


def test_fw_190_at_b_17_from_behind_at_range_2() -> None:
    """Firepower 5 + 9 + 9 = 23 against defense 14 x1: 1-1 (OTR 9.4).

    LH: excess 9 >= 1/2 of 14 gives -10 (OTR 9.4); four of six guns on the wings at range 2
    give -15 (OTR 10.2); the B-17's size +3 gives 3 x -5 = -15. At -40 every roll up to 41
    reads the 01 row: 6 hits at 1-1.
    """
    result = run("fw-190a-8", "b-17g", "--range", "2", "--deflection", "0")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    text = result.stdout
    assert "firepower 23 against defense 14 (x1 deflection)" in text
    assert "  odds 1-1\n" in text
    assert "  -10 excess firepower (OTR 9.4)\n" in text
    assert "  -15 wing gun harmony (OTR 10.2)\n" in text
    assert "  LH modifier -40\n" in text
    assert "     6           2   41.0%" in text


def test_json_has_the_odds_and_a_distribution() -> None:
    result = run("fw-190a-8", "b-17g", "--range", "2", "--deflection", "0", "--format", "json")
    assert result.exit_code == 0
    payload = json.loads(result.stdout)
    assert (payload["odds"], payload["firepower"], payload["final_defense"], payload["lh_modifier"]) == \
        ("1-1", 23, 14, -40)
    assert {row["hits"]: row["probability"] for row in payload["results"]}[6] == 0.41
    assert sum(row["probability"] for row in payload["results"]) == 1.0


def test_deflection_tracking_and_qs_rules() -> None:
    """P-51D at a Bf 109G-10 from 60 deg: 13 against 6 x3 = 18 is 1-2; tracking shifts it to 1-1 (OTR 10.1)."""
    tracking = run("p-51d", "bf-109g-10", "--range", "3", "--deflection", "60", "--tracking")
    assert tracking.exit_code == 0
    assert "odds 1-2, shifted +1 to 1-1" in tracking.stdout
    qs = run("p-51d", "bf-109g-10", "--range", "3", "--deflection", "60", "--rules", "qs", "--tracking")
    assert qs.exit_code == 2 and "--rules qs has no tracking shots" in qs.stderr


def test_odds_below_1_6_say_the_shot_is_not_allowed() -> None:
    result = run("p-51d", "b-17g", "--range", "6", "--deflection", "120")
    assert result.exit_code == 0
    assert "odds below 1-6: the shot is not allowed" in result.stdout


def test_usage_errors() -> None:
    unknown = run("p-99", "b-17g", "--range", "2", "--deflection", "0")
    assert unknown.exit_code == 2 and "p-99: no such card file" in unknown.stderr
    assert unknown.stdout == ""
    too_far = run("p-51d", "b-17g", "--range", "12", "--deflection", "0")
    assert too_far.exit_code == 2
    assert "p-51d: no fixed gun reaches range 12 (OTR 9.1)" in too_far.stderr
    bad_angle = run("p-51d", "b-17g", "--range", "2", "--deflection", "45")
    assert bad_angle.exit_code == 2


def test_broken_card_prints_its_findings(tmp_path: Path) -> None:
    broken = tmp_path / "bad.yaml"
    broken.write_text("system: fw\nkind: aircraft\nid: bad\nname: Bad\n")
    result = run(str(broken), "b-17g", "--range", "2", "--deflection", "0")
    assert result.exit_code == 1
    assert "SCHEMA: missing required key 'provenance'" in result.stdout


def test_card_file_is_accepted() -> None:
    result = run(str(ROOT / "cards/fw/p-51d.yaml"), "me-262a", "--range", "1", "--deflection", "0")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("p-51d fires at me-262a: range 1, deflection 0 deg (rear shot)")


def test_usage_error_in_json_is_json_on_stdout_and_one_line_on_stderr() -> None:
    result = run("nope", "b-17g", "--range", "2", "--deflection", "0", "--format", "json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["message"].startswith("nope: no such card file")
    assert result.stderr.startswith("fwdata: nope: no such card file") and result.stderr.count("\n") == 1


def test_speeds_that_are_not_finite_fp_are_a_usage_error() -> None:
    for speeds in (("inf", "inf"), ("nan", "1"), ("-5", "-5"), ("1e308", "3")):
        result = run("p-51d", "b-17g", "--range", "1", "--deflection", "90", "--speeds", *speeds)
        assert result.exit_code == 2, result.output
        assert "speeds are FP from 0 to 20" in result.stderr and "Traceback" not in result.output


def test_a_broken_named_card_prints_its_own_findings_only(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cards = tmp_path / "cards" / "fw"
    cards.mkdir(parents=True)
    (cards / "nofire.yaml").write_text("system: fw\nkind: aircraft\nid: nofire\nname: No fire\n")
    (cards / "other.yaml").write_text("system: fw\nkind: aircraft\nid: other\nname: Other\n")
    monkeypatch.chdir(tmp_path)
    result = run("nofire", "p-51d", "--range", "0", "--deflection", "0")
    assert result.exit_code == 1
    assert "nofire.yaml" in result.stdout and "other.yaml" not in result.stdout
