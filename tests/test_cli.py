"""The command line as a user meets it: exit codes, stdout and stderr kept apart, text and JSON output."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.errors import OutputError
from fwdata.game_system import Output
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.output.build_claim import write_outputs
from fwdata.output.write import BUILD_MARKER
from fwdata.pipeline import build_sources

ROOT = Path(__file__).resolve().parent.parent
BROKEN = Path(__file__).parent / "cases" / "schema-errors"


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture()
def fw_pack(tmp_path: Path) -> Path:
    """A copy of the bundled Fighting Wings sources, to break on purpose."""
    pack = tmp_path / "pack"
    overrides = []
    for folder in ("cards/fw", "scenarios/fw", "tables/fw"):
        shutil.copytree(ROOT / folder, pack / folder)
        for path in sorted((pack / folder).glob("*.yaml")):
            entry = re.search(r"^kind: (\S+)\nid: (\S+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
            assert entry, path
            overrides.append(f"fw/{entry[1]}/{entry[2]}")
    (pack / "fwdata-pack.yaml").write_text(f"id: copy\nname: Copy\nversion: '1'\noverrides: {overrides}\n")
    return pack


def test_check_bundled_sources_exits_0(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert " 0 errors" in result.stdout.splitlines()[-1] or result.stdout.splitlines()[-1].startswith("0 errors")
    assert result.stderr == ""


def test_check_broken_file_exits_1_and_names_the_line(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", str(BROKEN / "table.yaml")])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert any(line.endswith("table.yaml:3:5: error SCHEMA: id: 'Bad_Id' is not a valid id: lowercase kebab-case, "
                             "e.g. p-51d") for line in lines)
    assert lines[-1] == "5 errors, 0 warnings in 1 file"  # the misspelt `colums` is one finding, not two
    assert "Traceback" not in result.output


def test_json_format(runner: CliRunner) -> None:
    result = runner.invoke(main, ["check", "--format", "json", str(BROKEN)])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["summary"]["errors"] == 5 and payload["summary"]["files"] == 1
    first = payload["findings"][0]
    assert set(first) == {"path", "line", "column", "severity", "code", "message", "pointer"}
    unknown = next(f for f in payload["findings"] if "colums" in f["message"])
    assert (unknown["line"], unknown["column"], unknown["pointer"]) == (9, 1, "/colums")


def test_missing_path_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["check", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip().endswith("nope: no such file or folder")
    assert len(result.stderr.strip().splitlines()) == 1


def test_bad_option_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["build", "--paper", "legal"])
    assert result.exit_code == 2


def test_strict_counts_warnings(runner: CliRunner, fw_pack: Path) -> None:
    card = fw_pack / "cards/fw/p-51d.yaml"
    text = card.read_text()
    # A falling Side Slip FP line is a warning (FW-BANK-SLIP), not an error.
    start = text.index("slip_fps:")
    line_end = text.index("\n", start)
    card.write_text(text[:start] + "slip_fps: {s0_45: 3, s5_75: 2, s8_95: 2, s10_up: 2}" + text[line_end:])
    relaxed = runner.invoke(main, ["check", str(fw_pack)])
    strict = runner.invoke(main, ["check", "--strict", str(fw_pack)])
    assert "warning FW-BANK-SLIP" in relaxed.stdout
    assert relaxed.exit_code == 0 and strict.exit_code == 1


def test_unknown_reference_is_reported(runner: CliRunner, fw_pack: Path) -> None:
    scenario = next((fw_pack / "scenarios/fw").glob("*.yaml"))
    scenario.write_text(scenario.read_text().replace("aircraft: p-51d", "aircraft: p-51x", 1))
    result = runner.invoke(main, ["check", str(fw_pack)])
    assert result.exit_code == 1
    assert "error REF-UNKNOWN: aircraft 'p-51x': no fw aircraft card with that id" in result.stdout


def test_duplicate_id_is_reported(runner: CliRunner, fw_pack: Path) -> None:
    shutil.copy(fw_pack / "cards/fw/p-51d.yaml", fw_pack / "cards/fw/p-51d-copy.yaml")
    result = runner.invoke(main, ["check", str(fw_pack)])
    assert result.exit_code == 1
    assert "error REF-DUPLICATE-ID: fw aircraft id 'p-51d' is already used at" in result.stdout


@pytest.mark.parametrize(("option", "value"), [("--bleed", "-3mm"), ("--bleed", "nan"), ("--bleed", "1in"),
                                               ("--gutter", "3"), ("--gutter", "0.6in")])
def test_a_bleed_or_gutter_out_of_range_is_a_one_line_usage_error(runner: CliRunner, tmp_path: Path, option: str,
                                                                 value: str) -> None:
    result = runner.invoke(main, ["build", "--out", str(tmp_path / "out"), option, value, str(BROKEN)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"fwdata: {option}: expected a length from 0 to 0.5in (such as 3mm or 0.125in), "
                             f"found {value!r}\n")
    assert not (tmp_path / "out").exists()


def test_build_writes_nothing_when_there_are_errors(runner: CliRunner, fw_pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    write_outputs([Output("previous.pdf", b"keep me")], out)  # a previous build
    (fw_pack / "cards/fw/broken.yaml").write_text("system: fw\nkind: aircraft\nid: x\n")
    result = runner.invoke(main, ["build", "--out", str(out), str(fw_pack)])
    assert result.exit_code == 1
    assert sorted(p.name for p in out.rglob("*")) == [BUILD_MARKER, "previous.pdf"]
    assert (out / "previous.pdf").read_bytes() == b"keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "pack"]  # no lock or sibling left


@pytest.mark.parametrize("where", ["the pack inside the build folder", "the build folder above the pack"])
def test_a_build_never_replaces_a_folder_holding_what_it_reads(runner: CliRunner, fw_pack: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """A build replaces its folder whole: one holding the pack would delete the pack (it did, and said it succeeded)."""
    out = tmp_path / "out"
    write_outputs([Output("previous.pdf", b"keep me")], out)  # a build folder fwdata made
    pack = out / "mine"
    shutil.move(fw_pack, pack)
    arguments = ["build", "--out", str(out), str(pack)]
    if where == "the build folder above the pack":
        monkeypatch.chdir(pack / "cards")
        arguments = ["build", "--out", "../.."]
    files = sorted(path for path in pack.rglob("*"))
    result = runner.invoke(main, arguments)
    assert result.exit_code == 2 and "refusing to build into" in result.stderr
    assert "which the build reads" in result.stderr
    assert sorted(path for path in pack.rglob("*")) == files and (out / "previous.pdf").read_bytes() == b"keep me"
    with pytest.raises(OutputError, match="refusing to build into"):
        build_sources([pack], BuildOptions(out_dir=out, baseline=None))


def test_build_into_a_file_is_a_setup_error(runner: CliRunner, fw_pack: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder")
    result = runner.invoke(main, ["build", "--out", str(blocker / "build"), str(fw_pack)])
    assert result.exit_code == 2
    assert result.stderr.startswith("fwdata: cannot write")
    assert "Traceback" not in result.output


def test_missing_schema_folder_is_a_setup_error(runner: CliRunner, fw_pack: Path, monkeypatch) -> None:
    monkeypatch.setattr("fwdata.pipeline.default_schema_root", lambda: fw_pack / "no-schemas")
    result = runner.invoke(main, ["check", str(fw_pack)])
    assert result.exit_code == 2
    assert "schema folder not found" in result.stderr


def test_python_dash_m_entry_point() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "fwdata", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "fwdata" in done.stdout


def test_a_library_that_cannot_load_is_a_one_line_error(tmp_path: Path) -> None:
    """reportlab reads ~/.reportlab_mods as it loads; with HOME a file that is an OSError, not a traceback. `--version`
    loads no library; `check` loads reportlab only to read the font's characters (a text outside ASCII)."""
    import os

    home = tmp_path / "not-a-folder"
    home.write_text("")
    env = {**os.environ, "HOME": str(home)}
    done = subprocess.run([sys.executable, "-m", "fwdata", "--version"], capture_output=True, text=True, check=False,
                          env=env)
    assert done.returncode == 0 and done.stdout.startswith("fwdata, version ")
    card = str(library_root() / "cards" / "fw" / "p-51d.yaml")  # its text has an en dash
    done = subprocess.run([sys.executable, "-m", "fwdata", "check", "--no-cache", card], capture_output=True,
                          text=True, check=False, env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("fwdata: stopped:") and str(home) in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_report_that_cannot_be_written_is_a_one_line_error() -> None:
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "fwdata", "check", str(ROOT / "cards" / "fw" / "b-17g.yaml")],
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("fwdata: stopped: ") and "No space left on device" in done.stderr


def test_fl_points_prints_the_computation(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(main, ["fl", "points", "24.8"])
    assert result.exit_code == 0
    assert "Scenario points (26.2.3.2" in result.stdout
    assert "per eliminated: printed 16, rules 16 [ok]" in result.stdout


def test_fl_points_unknown_scenario_is_a_usage_error(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = runner.invoke(main, ["fl", "points", "99.1"])
    assert result.exit_code == 2 and result.stderr.startswith("fwdata: no Flight Leader scenario '99.1'")


@pytest.mark.parametrize(("arguments", "imports_systems"), [
    (["--version"], False), (["check", "--help"], False), (["fw", "--help"], True), (["--help"], True)])
def test_the_game_systems_are_imported_only_for_their_commands_or_the_list_of_commands(
        arguments: list[str], imports_systems: bool) -> None:
    """`fwdata check` and `build` start without the systems' command groups (a rebuild with nothing to do never
    imports a system); `fwdata fw ...` and `--help` add them."""
    program = ("import sys\nfrom fwdata.cli.main import main\n"
               "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
               "print(sorted({name.split('.')[2] for name in sys.modules if name.startswith('fwdata.systems.')}))")
    done = subprocess.run([sys.executable, "-c", program, *arguments], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == ("['aoa', 'fl', 'fw']" if imports_systems else "[]")


def test_build_takes_the_game_systems_option_groups(runner: CliRunner) -> None:
    """`--card-size` and `--verdicts` are Fighting Wings' and Flight Leader's own options (`GameSystem.options`),
    added to `build` from the registered systems: listed in its help, their values checked."""
    help_text = runner.invoke(main, ["build", "--help"]).stdout
    assert "--card-size [half-letter|a5]" in help_text and "--verdicts" in help_text
    wrong = runner.invoke(main, ["build", "--card-size", "b5"])
    assert wrong.exit_code == 2 and "'b5' is not one of 'half-letter', 'a5'" in wrong.stderr


def test_a_system_option_that_clashes_with_another_is_a_setup_error(runner: CliRunner,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from fwdata.cli import main as cli_main
    from fwdata.options import SystemOption
    from fwdata.systems import registered_systems

    systems = registered_systems()
    clashing = dataclasses.replace(systems["aoa"], options=(SystemOption("paper", "a4", "", choices=("a4",)),))
    monkeypatch.setattr(cli_main, "registered_systems", lambda: {**systems, "aoa": clashing})
    result = runner.invoke(main, ["build", "--help"])
    assert result.exit_code == 2
    assert result.stderr == "fwdata: game system 'aoa' adds the build option --paper, which fwdata build already has\n"


def test_a_system_flag_on_by_default_can_be_turned_off(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    from fwdata.cli import main as cli_main
    from fwdata.options import SystemOption
    from fwdata.systems import registered_systems

    systems = registered_systems()
    shaded = dataclasses.replace(systems["aoa"], options=(SystemOption("shade", True, "Shade the cards."),))
    monkeypatch.setattr(cli_main, "registered_systems", lambda: {**systems, "aoa": shaded})
    assert "--shade / --no-shade" in runner.invoke(main, ["build", "--help"]).stdout
    context = cli_main.build.make_context("build", ["--no-shade"])
    assert cli_main._system_options(context) == (("aoa", "shade", False),)
    assert cli_main._system_options(cli_main.build.make_context("build", ["--shade"])) == ()
