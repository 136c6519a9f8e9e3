"""Command-line conventions a CI job or an editor relies on (issue 35): Ctrl-C's status, standard input, JSON
usage errors, JUnit and SARIF details, the build lock without fcntl, --write-baseline's status."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli import main as cli
from fwdata.cli.main import main
from fwdata.errors import SetupError
from fwdata.findings import Location, Report, error
from fwdata.reporting.junit import format_junit
from fwdata.reporting.rules import finding_rules
from fwdata.reporting.sarif import format_sarif
from fwdata.systems import finding_sections, registered_systems

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "tables/fw/sun-position.yaml"


def table_text() -> str:
    """Return the sun-position table, its modeline naming the repository's schemas (it is copied elsewhere)."""
    return TABLE.read_text(encoding="utf-8").replace("$schema=../../schemas/", f"$schema={ROOT}/schemas/")


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture()
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-table pack, pack/tables/fw/sun.yaml, in the current folder."""
    target = tmp_path / "pack/tables/fw/sun.yaml"
    target.parent.mkdir(parents=True)
    target.write_text(table_text().replace("id: sun-position", "id: sun"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "pack"


def test_ctrl_c_exits_130(runner: CliRunner, pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "check_sources", interrupted)
    result = runner.invoke(main, ["check", "pack"])
    assert result.exit_code == 130
    assert result.stderr.strip() == "Aborted!"


def test_ctrl_c_while_the_command_line_is_parsed_exits_130(runner: CliRunner,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`fwdata --help` loads the game systems to list their commands while click parses the line: Ctrl-C then is
    130 too, not click's 1 (fwdata's "errors found")."""
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "registered_systems", interrupted)
    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 130
    assert result.stderr.strip() == "Aborted!"


def test_a_game_system_that_cannot_load_while_the_command_line_is_parsed_is_one_line(
        runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    """`fwdata --help` loads the game systems while click parses the line: one that cannot load is the one-line
    error and status 2 it is when a command runs, not a SetupError traceback and click's 1."""
    def broken() -> None:
        raise SetupError("game system 'pawn' (pawn:SYSTEM) cannot be imported: No module named 'pawn'")

    monkeypatch.setattr(cli, "registered_systems", broken)
    for args in (["--help"], ["no-such-command"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.exception)
        assert result.stderr.strip() == ("fwdata: game system 'pawn' (pawn:SYSTEM) cannot be imported: No module "
                                         "named 'pawn'")


def test_check_dash_reads_standard_input_as_the_file_named(runner: CliRunner, pack: Path) -> None:
    text = table_text().replace("id: sun-position", "id: sun")  # the pack's own id again
    named = runner.invoke(main, ["check", "-", "--stdin-filename", "pack/tables/fw/zz.yaml"], input=text)
    assert named.exit_code == 1
    assert named.stdout.splitlines() == [
        "pack/tables/fw/zz.yaml:4:5: error REF-DUPLICATE-ID: fw table id 'sun' is already used at "
        "pack/tables/fw/sun.yaml:4 (ids are unique within a system and kind)", "1 error, 0 warnings in 1 file"]
    replaced = runner.invoke(main, ["check", "-", "--stdin-filename", "pack/tables/fw/sun.yaml"],
                             input=text.replace("id: sun", "id: [", 1))
    assert replaced.stdout.splitlines()[0].startswith("pack/tables/fw/sun.yaml:4:5: error YAML-SYNTAX")
    unnamed = runner.invoke(main, ["check", "-"], input="system: fw\nkind: table\nid: [\n")
    assert unnamed.stdout.splitlines()[0].startswith("-:4:1: error YAML-SYNTAX")
    both = runner.invoke(main, ["check", "-", "pack"], input="")
    assert both.exit_code == 2 and "standard input" in both.stderr


def test_usage_errors_honour_format_json(runner: CliRunner, pack: Path) -> None:
    for args in (["check", "--format", "json", "--bogus", "pack"], ["check", "--format=json", "--select", "NOPE-X"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 2
        payload = json.loads(result.stdout)
        assert payload["error"]["exit_code"] == 2 and payload["error"]["message"], args
        assert "Usage:" in result.stderr
    plain = runner.invoke(main, ["check", "--bogus", "pack"])
    assert plain.stdout == ""


def test_junit_failures_count_its_failure_elements() -> None:
    report = Report(findings=[error(Location("a.yaml", 3, 1), "SCHEMA", "one"),
                              error(Location("a.yaml", 9, 1), "SCHEMA", "two"),
                              error(Location("b.yaml", 1, 1), "YAML-SYNTAX", "three")])
    suite = ElementTree.fromstring(format_junit(report, ["a.yaml", "b.yaml"]))
    assert suite.get("failures") == str(len(list(suite.iter("failure")))) == "3"


def test_sarif_rules_have_a_name_other_than_the_id_and_an_information_uri() -> None:
    report = Report(findings=[error(Location("a.yaml", 3, 1), "FW-PERF-ORDER", "one")])
    documented = finding_rules(finding_sections(registered_systems()))
    driver = json.loads(format_sarif(report, documented))["runs"][0]["tool"]["driver"]
    assert driver["informationUri"].startswith("file://") and driver["informationUri"].endswith("/findings.md")
    rule = driver["rules"][0]
    assert (rule["id"], rule["name"]) == ("FW-PERF-ORDER", "FwPerfOrder")
    assert rule["helpUri"] == driver["informationUri"]


NO_FCNTL = """
import os, sys
sys.modules["fcntl"] = None  # a platform without it
from pathlib import Path
import fwdata.cli.main
from fwdata.output.build_claim import claim_build_folder
from fwdata.errors import OutputError
with claim_build_folder(Path(sys.argv[1])):
    try:
        with claim_build_folder(Path(sys.argv[1])):
            print("claimed twice")
    except OutputError as exc:
        print("refused:", exc)
print(sorted(os.listdir(Path(sys.argv[1]).parent)))
"""


def test_the_build_lock_works_without_fcntl(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-W", "error::UserWarning", "-c", NO_FCNTL, str(tmp_path / "out")],
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"refused: another fwdata build is writing {tmp_path / 'out'} (lock {tmp_path / '.out.fwdata-lock'}); "
        "run again when it has finished", "[]"]


def test_write_baseline_exits_1_while_an_error_no_baseline_hides_is_left(runner: CliRunner, pack: Path) -> None:
    table = pack / "tables/fw/sun.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("rule: ", "rule: 12\nnote_x: ", 1), encoding="utf-8")
    checked = runner.invoke(main, ["check", "pack"])
    assert checked.exit_code == 1
    written = runner.invoke(main, ["check", "--write-baseline", "known.json", "pack"])
    assert Path("known.json").is_file()
    assert "error SCHEMA" in checked.stdout
    assert written.exit_code == 1  # a SCHEMA error: no baseline hides it
