"""`fwdata fw derive`: a draft card from public figures, its traces, its check and its flight; bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.pipeline import check_sources
from fwdata.systems.fw.simulate import simulate_source

ROOT = Path(__file__).resolve().parents[3]
FX858 = ROOT / "tests" / "data" / "fw-derive" / "mustang-iii-fx858.yaml"


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def _figures(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "figures.yaml"
    path.write_text(body, encoding="utf-8")
    return path


GOOD = """id: test-derive
name: Test
figures:
  sources:
    - {id: s, citation: "Test fixture: invented figures, not a real aircraft."}
  max_level_speed_mph_tas:
    - {altitude_ft: 2500, value: MAXVL, source: s}
    - {altitude_ft: 7500, value: 400, source: s}
  climb_rate_fpm:
    - {altitude_ft: 2500, value: 3400, source: s}
    - {altitude_ft: 7500, value: 3300, source: s}
  stall_speed_mph_ias: {value: 100, source: s}
  dive_limit_mph_ias: {value: 505, source: s}
  dive_limit_mach: {value: 0.8, source: s}
  critical_mach: {value: 0.75, source: s}
CEILING"""


def test_derive_an_aircraft_not_in_the_library(runner: CliRunner, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The Mustang III FX858 (Merlin 100) from its trials report summary: the draft checks clean and flies
    as its figures say (max level reached in every band; each derived climb agrees within the rules' resolution)."""
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "mustang.yaml"
    result = runner.invoke(main, ["fw", "derive", str(FX858), "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=")
    assert "max_fp: 8.5 # derived: 419 mph TAS (held from 5,200 ft) / 50 = 8.38 FP; nearest 0.5" in text
    assert "# AUTHOR: not derived; p-51d" in text
    assert "findings of the draft: none" in result.stdout
    assert "MH band climb_rate_fpm: no climb_rate_fpm within 2,500 ft of 17500 ft" in result.stdout
    report, findings = simulate_source(str(out), check_sources)
    assert report is not None and not findings.failed(strict=True)
    figures = {"VL": (8.5, 4390), "LO": (8.5, 4240), "ML": (9.0, 4020)}
    for band in report.bands:
        assert band.turns_to_max_military is not None, band.band
        if band.band in figures:
            assert (band.max_fp, band.listed_climb_fpm) == figures[band.band]
            assert band.climb_verdict == "agrees", band


def test_derive_never_replaces_a_file(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "taken.yaml"
    out.write_text("mine\n", encoding="utf-8")
    result = runner.invoke(main, ["fw", "derive", str(FX858), "--out", str(out)])
    assert result.exit_code == 2
    assert "never replaces a file" in result.stderr
    assert out.read_text(encoding="utf-8") == "mine\n"


def test_derive_with_from_takes_that_cards_values(runner: CliRunner, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    figures = _figures(tmp_path, GOOD.replace("MAXVL", "375").replace("CEILING", ""))
    result = runner.invoke(main, ["fw", "derive", str(figures), "--from", "spitfire-ix"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "test-derive.yaml").read_text(encoding="utf-8")
    assert "# AUTHOR: not derived; spitfire-ix" in text
    assert re.search(r"min_fp: 2.5 +# derived: 100 mph IAS", text)


@pytest.mark.parametrize(("change", "line", "message"), [
    (("MAXVL", "700"), 7, "max level speed 700 mph at 2500 ft is outside 80-650 mph"),
    (("CEILING", "  ceiling_ft: {value: 11280, source: s}\n"), 16, "ceiling 11280 ft is below any combat aircraft"),
    (("source: s}\n    - {altitude_ft: 7500, value: 400", "source: book}\n    - {altitude_ft: 7500, value: 400"), 7,
     "source 'book' is not one of the ids in figures.sources"),
    (("dive_limit_mph_ias: {value: 505", "dive_limit_mph_ias: {value: 350"), 13,
     "dive limit 350 mph IAS is not above the lowest max level speed"),
    (("value: 3400", "value: fast"), 10, "figures.climb_rate_fpm[0].value: expected an integer"),
])
def test_bad_figures_are_findings_at_their_line(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                change: tuple[str, str], line: int, message: str) -> None:
    """A wrong unit (a 700 mph fighter, a ceiling in metres), an unknown source, figures that contradict each
    other or a wrong type: a finding at the figure's line, exit 1, nothing written, no traceback."""
    monkeypatch.chdir(tmp_path)
    body = GOOD.replace(*change).replace("MAXVL", "375").replace("CEILING", "")
    figures = _figures(tmp_path, body)
    result = runner.invoke(main, ["fw", "derive", str(figures)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert any(f"figures.yaml:{line}:" in row and message in row for row in result.stdout.splitlines()), result.stdout
    assert "no draft written" in result.stdout
    assert not (tmp_path / "test-derive.yaml").exists()


def test_missing_figures_and_not_yaml(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["fw", "derive", str(_figures(tmp_path, "id: x\nname: X\n"))])
    assert result.exit_code == 1 and "figures.yaml:1:1: error SCHEMA: missing required key 'figures'" in result.stdout
    result = runner.invoke(main, ["fw", "derive", str(_figures(tmp_path, "figures: [\n"))])
    assert result.exit_code == 1 and "YAML" in result.stdout
    result = runner.invoke(main, ["fw", "derive", str(tmp_path / "absent.yaml")])
    assert result.exit_code == 2 and "no such figures file" in result.stderr


def test_calibrate_prints_the_leave_one_out_table(runner: CliRunner, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["fw", "derive", "--calibrate"])
    assert result.exit_code == 0, result.output
    assert "| kind of cell | cells | method exact |" in result.stdout
    assert "| P-38J VL HT minimum | 3.5 | 3.5 |" in result.stdout
    rows = {line.split("|")[1].strip(): line for line in result.stdout.splitlines() if line.startswith("| ")}
    assert "turn minimums" in rows and "power (military)" in rows
    assert runner.invoke(main, ["fw", "derive", "--calibrate", str(FX858)]).exit_code == 2
