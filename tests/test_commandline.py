"""The shared command-line pieces as a user meets them: formats, finding control, baselines, progress, colour."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from jsonschema import Draft4Validator
from ruamel.yaml import YAML

import fwdata
import fwdata.errors
from fwdata import pipeline
from fwdata.cli import commandline
from fwdata.cli.main import main
from fwdata.findings import Location, error, info, warning
from fwdata.game_system import RenderResult
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.sources.yaml_loader import display_path

ROOT = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"
TABLE = "pack/tables/fw/sun.yaml"


def fake_checks(catalog, systems, options, progress=pipeline.no_progress, memo=None):  # type: ignore[no-untyped-def]
    """Stand-in for the rules' cross-checks (slow on the whole base library): three severities at known lines."""
    where = display_path(Path(TABLE))
    progress("checking", 1, 1)
    return [error(Location(where, 4, 5), "FW-TABLE-SHAPE", "row 1 has 2 cells, the table 3 columns"),
            warning(Location(where, 5, 7), "FW-PERF-MIN-ALTITUDE", "min speed falls"),
            info(Location(where, 6, 7), "FW-TABLE-FVT", "printed 1.0, the rule gives 1.5"),
            info(Location(where, 11, 5), "FW-TABLE-FVT", "printed 2.0, the rule gives 2.5")]


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture()
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-table pack in the current folder, checked with `fake_checks` in place of the rules' checks."""
    text = (ROOT / "tables/fw/sun-position.yaml").read_text(encoding="utf-8").replace("id: sun-position", "id: sun")
    text = text.replace("$schema=../../schemas/", f"$schema={ROOT / 'schemas'}/", 1)  # a modeline that resolves
    target = tmp_path / TABLE
    target.parent.mkdir(parents=True)
    target.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(pipeline, "run_checks", fake_checks)
    return tmp_path / "pack"


def lines_of(text: str) -> list[str]:
    return text.strip().splitlines()


def test_text_format_and_summary(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "pack"])
    assert result.exit_code == 1
    assert lines_of(result.stdout)[0] == f"{TABLE}:4:5: error FW-TABLE-SHAPE: row 1 has 2 cells, the table 3 columns"
    assert lines_of(result.stdout)[-1] == "1 error, 1 warning, 2 infos in 1 file"
    assert result.stderr == ""


def test_select_ignore_and_min_severity(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "--select", "FW-TABLE", "--ignore", "FW-TABLE-SHAPE", "pack"])
    assert result.exit_code == 0
    assert [line.split(": ")[1] for line in lines_of(result.stdout)[:-1]] == ["info FW-TABLE-FVT"] * 2
    assert lines_of(result.stdout)[-1] == "0 errors, 0 warnings, 2 infos in 1 file (2 not selected)"
    result = runner.invoke(main, ["check", "--min-severity", "warning", "pack"])
    assert result.exit_code == 1
    assert lines_of(result.stdout)[-1] == "1 error, 1 warning in 1 file (2 not selected)"


def test_unknown_code_is_a_usage_error(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "--select", "FW-TABEL-FVT", "pack"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "names no finding code" in result.stderr and "FW-TABLE-FVT" in result.stderr


def test_quiet_and_statistics(runner: CliRunner, pack: Path) -> None:
    quiet = runner.invoke(main, ["check", "-q", "pack"])
    assert quiet.exit_code == 1 and lines_of(quiet.stdout) == ["1 error, 1 warning, 2 infos in 1 file"]
    stats = runner.invoke(main, ["check", "-q", "--statistics", "pack"])
    assert lines_of(stats.stdout) == ["2  FW-TABLE-FVT (info)", "1  FW-PERF-MIN-ALTITUDE (warning)",
                                      "1  FW-TABLE-SHAPE (error)", "1 error, 1 warning, 2 infos in 1 file"]
    payload = json.loads(runner.invoke(main, ["check", "--format", "json", "--statistics", "pack"]).stdout)
    assert payload["statistics"][0] == {"code": "FW-TABLE-FVT", "severity": "info", "count": 2}


def test_suppression_comments(runner: CliRunner, pack: Path) -> None:
    table = Path(TABLE)
    lines = table.read_text(encoding="utf-8").splitlines()
    lines[3] += "  # fwdata: ignore[FW-TABLE-SHAPE]"  # line 4: the error
    lines[4] += "  # fwdata: ignore[SCHEMA]"  # line 5: names another code, so the warning stays
    lines.append("# fwdata: ignore-file[FW-TABLE-FVT]")
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["check", "pack"])
    assert result.exit_code == 0, result.output
    assert lines_of(result.stdout) == [f"{TABLE}:5:7: warning FW-PERF-MIN-ALTITUDE: min speed falls",
                                       "0 errors, 1 warning in 1 file (3 suppressed)"]


def test_baseline_hides_known_findings_and_reports_new_and_gone(runner: CliRunner, pack: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    written = runner.invoke(main, ["check", "--write-baseline", "known.json", "pack"])
    assert written.exit_code == 0  # written: the error is recorded
    assert written.stderr.strip() == "wrote baseline known.json: 4 findings"
    stored = json.loads(Path("known.json").read_text(encoding="utf-8"))
    assert {entry["path"] for entry in stored["findings"]} == {"tables/fw/sun.yaml"}
    again = runner.invoke(main, ["check", "--baseline", "known.json", "pack"])
    assert again.exit_code == 0
    assert lines_of(again.stdout) == ["0 errors, 0 warnings in 1 file (4 baselined)"]

    def changed(catalog, systems, options, progress=pipeline.no_progress, memo=None):  # type: ignore[no-untyped-def]
        where = display_path(Path(TABLE))
        return [info(Location(where, 30, 5), "FW-TABLE-FVT", "printed 1.0, the rule gives 1.5"),  # moved
                warning(Location(where, 8, 1), "FW-PERF-RATE-UNUSABLE", "new one")]

    monkeypatch.setattr(pipeline, "run_checks", changed)  # unseen by the check cache's key: --no-cache
    result = runner.invoke(main, ["check", "--no-cache", "--baseline", "known.json", "pack"])
    assert result.exit_code == 0
    assert lines_of(result.stdout) == [
        f"{TABLE}:8:1: warning FW-PERF-RATE-UNUSABLE: new one",
        "0 errors, 1 warning in 1 file (1 baselined)",
        "3 baselined findings gone (tables/fw/sun.yaml FW-PERF-MIN-ALTITUDE; tables/fw/sun.yaml FW-TABLE-FVT; "
        "tables/fw/sun.yaml FW-TABLE-SHAPE): refresh the baseline with --write-baseline known.json"]
    payload = json.loads(runner.invoke(main, ["check", "--no-cache", "--format", "json", "--baseline", "known.json",
                                              "pack"]).stdout)
    assert payload["summary"]["baselined"] == 1 and len(payload["gone"]) == 3


def test_manifest_baseline_applies_by_default(runner: CliRunner, pack: Path) -> None:
    (pack / "fwdata-pack.yaml").write_text("id: sun-pack\nname: Sun\nversion: '1.0'\nbaseline: known.json\n",
                                           encoding="utf-8")
    missing = runner.invoke(main, ["check", "pack"])
    assert "warning PACK-BASELINE-MISSING" in missing.stdout
    assert runner.invoke(main, ["check", "--write-baseline", "pack/known.json", "pack"]).exit_code == 0
    result = runner.invoke(main, ["check", "pack"])
    assert result.exit_code == 0
    assert lines_of(result.stdout) == ["0 errors, 0 warnings in 2 files (4 baselined)"]  # the source and the manifest
    shown = runner.invoke(main, ["check", "--no-baseline", "pack"])
    assert shown.exit_code == 1 and lines_of(shown.stdout)[-1] == "1 error, 1 warning, 2 infos in 2 files"
    one_file = runner.invoke(main, ["check", TABLE])  # a file of the pack: same baseline, nothing gone
    assert lines_of(one_file.stdout) == ["0 errors, 0 warnings in 1 file (4 baselined)"]


def test_manifest_baseline_outside_the_pack_is_a_schema_error(runner: CliRunner, pack: Path) -> None:
    (pack / "fwdata-pack.yaml").write_text("id: sun-pack\nname: Sun\nversion: '1.0'\nbaseline: ../x.json\n",
                                           encoding="utf-8")
    result = runner.invoke(main, ["check", "pack"])
    assert "pack/fwdata-pack.yaml:4:11: error SCHEMA: baseline" in result.stdout


@pytest.mark.parametrize("content", [None, "not json", '{"format": "fwdata-baseline", "version": 7}'])
def test_bad_baseline_file_is_a_usage_error(runner: CliRunner, pack: Path, content: str | None) -> None:
    if content is not None:
        Path("bad.json").write_text(content, encoding="utf-8")
    result = runner.invoke(main, ["check", "--baseline", "bad.json", "pack"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("fwdata: baseline bad.json: ") and len(lines_of(result.stderr)) == 1


def test_github_format(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "--format", "github", "pack"])
    assert result.exit_code == 1
    assert lines_of(result.stdout)[0] == (f"::error file={TABLE},line=4,col=5,title=FW-TABLE-SHAPE::row 1 has 2 "
                                          "cells, the table 3 columns")
    assert lines_of(result.stdout)[2].startswith("::notice ")


def test_sarif_format_validates(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "--format", "sarif", "pack"])
    assert result.exit_code == 1 and result.stderr == ""
    log = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert list(Draft4Validator(schema).iter_errors(log)) == []
    assert log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == TABLE


def test_junit_format(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "--format", "junit", "--strict", "pack"])
    assert result.exit_code == 1
    suite = ElementTree.fromstring(result.stdout)
    case = suite.find("testcase")
    assert case is not None and case.get("classname") == TABLE
    assert [failure.get("type") for failure in case.iter("failure")] == ["FW-TABLE-SHAPE", "FW-PERF-MIN-ALTITUDE"]


@pytest.mark.parametrize("args", [
    ["check", "--format", "json", "nope"],
    ["build", "--format", "json", "--out", "out", "nope"],
    ["fw", "simulate", "no-such-card", "--format", "json"],
    ["fl", "points", "99.9", "--format", "json"],
    ["aoa", "firing", "--format", "json", "nope"],
    ["aoa", "duel", "--format", "json", "nope"],
])
def test_json_failure_paths_print_json(runner: CliRunner, pack: Path, args: list[str]) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    payload = json.loads(result.stdout)
    assert payload["error"]["exit_code"] == 2 and payload["error"]["message"]
    assert lines_of(result.stderr) == [f"fwdata: {payload['error']['message']}"]
    assert "Traceback" not in result.output


def test_build_prints_a_few_lines_and_writes_the_findings_report(runner: CliRunner, pack: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    systems = {key: dataclasses.replace(system, render_outputs=lambda catalog, options: RenderResult(),
                                        plan_outputs=None)
               for key, system in pipeline.registered_systems().items()}
    monkeypatch.setattr(pipeline, "registered_systems", lambda: systems)  # nothing to render: the report only
    Path(TABLE).write_text(Path(TABLE).read_text(encoding="utf-8").replace(
        "id: sun\n", "id: sun  # fwdata: ignore[FW-TABLE-SHAPE]\n"), encoding="utf-8")
    runner.invoke(main, ["check", "--write-baseline", "known.json", "pack"])
    result = runner.invoke(main, ["build", "--out", "out", "--baseline", "known.json", "pack"])
    assert result.exit_code == 0, result.output
    assert lines_of(result.stdout) == ["0 errors, 0 warnings in 1 file (3 baselined, 1 suppressed)"]
    assert lines_of(result.stderr) == [
        "wrote 2 files into out/ (findings.txt, index.html)",
        "full findings report, hidden findings included: out/findings.txt",
        "build succeeded: 0 errors, 0 warnings, 0 infos; 3 baselined (1 warning, 2 infos), 1 suppressed"]
    report = Path("out/findings.txt").read_text(encoding="utf-8").splitlines()
    assert report[0] == f"{TABLE}:4:5: error FW-TABLE-SHAPE: row 1 has 2 cells, the table 3 columns [suppressed]"
    assert report[1].endswith("min speed falls [baselined]")
    assert report[-1] == "0 errors, 0 warnings in 1 file (3 baselined, 1 suppressed)"


def test_failed_build_writes_no_findings_report(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["build", "--out", "out", "pack"])
    assert result.exit_code == 1
    assert result.stderr == "build failed: nothing written into out/ (a build already there is left as it was)\n"
    assert not Path("out").exists()
    json_run = runner.invoke(main, ["build", "--out", "out", "--format", "json", "pack"])
    assert json_run.exit_code == 1 and json_run.stderr == ""  # machine output: the report alone


def test_pipeline_reports_progress(pack: Path) -> None:
    calls: list[tuple[str, int, int]] = []
    pipeline.check_sources([pack], BuildOptions(), progress=lambda *call: calls.append(call))
    assert calls[0] == ("loading", 0, 1) and ("loading", 1, 1) in calls and calls[-1] == ("checking", 1, 1)


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr("sys.stderr", FakeTerminal())
    assert commandline.progress_wanted(True)
    assert not commandline.progress_wanted(False)  # --no-progress
    monkeypatch.setenv("CI", "true")
    assert not commandline.progress_wanted(True)
    monkeypatch.delenv("CI")
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert not commandline.progress_wanted(True)


def test_progress_bar_waits_then_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr("sys.stderr", terminal)
    quick = commandline.ProgressBar(delay_s=3600)
    for done in range(4):
        quick("loading", done, 3)
    assert terminal.getvalue() == ""
    slow = commandline.ProgressBar(delay_s=0)
    for done in range(4):
        slow("loading", done, 3)
    assert "loading" in terminal.getvalue() and "3/3" in terminal.getvalue()


def test_no_progress_bar_in_a_pipe(runner: CliRunner, pack: Path) -> None:
    result = runner.invoke(main, ["check", "pack"])  # CliRunner's stderr is not a terminal
    assert result.stderr == ""


def test_colour_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch, runner: CliRunner,
                                              pack: Path) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr("sys.stdout", FakeTerminal())
    assert commandline.colour_wanted("text")
    assert not commandline.colour_wanted("json")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not commandline.colour_wanted("text")
    monkeypatch.setattr(commandline, "colour_wanted", lambda output_format: output_format == "text")
    coloured = runner.invoke(main, ["check", "pack"])
    assert "\x1b[1;31merror\x1b[0m FW-TABLE-SHAPE" in coloured.stdout
    assert "\x1b[" not in runner.invoke(main, ["check", "--format", "github", "pack"]).stdout


def test_base_manifest_names_the_package_version_and_its_baseline() -> None:
    manifest = YAML(typ="safe").load((library_root() / "fwdata-pack.yaml").read_text(encoding="utf-8"))
    assert manifest["version"] == fwdata.__version__
    assert manifest["id"] == "fwdata-base" and manifest["systems"] == ["fw", "fl", "aoa"]
    baseline = json.loads((library_root() / manifest["baseline"]).read_text(encoding="utf-8"))
    counts = {"warning": 0, "info": 0}
    for entry in baseline["findings"]:
        counts[entry["severity"]] += entry["count"]
    assert counts == {"warning": 75, "info": 115}


def test_wheel_ships_the_manifest_baseline_and_findings_doc() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for source, target in [("fwdata-pack.yaml", "fwdata/library/fwdata-pack.yaml"),
                           ("fwdata-baseline.json", "fwdata/library/fwdata-baseline.json"),
                           ("docs/findings.md", "fwdata/library/docs/findings.md")]:
        assert f'"{source}" = "{target}"' in pyproject
        assert os.path.isfile(ROOT / source)


def test_a_stopping_error_quoting_user_text_prints_one_escaped_line() -> None:
    @click.command()
    @click.option("--format", "output_format", default="text")
    @commandline.stops_cleanly
    def stop(output_format: str) -> None:
        raise fwdata.errors.UsageError("cannot read pack/a\nfwdata: forged\x1b[2J")

    result = CliRunner().invoke(stop, ["--format", "json"])
    assert result.exit_code == 2
    assert result.stderr == "fwdata: cannot read pack/a\\nfwdata: forged\\x1b[2J\n"
    assert json.loads(result.stdout)["error"]["message"] == "cannot read pack/a\\nfwdata: forged\\x1b[2J"
