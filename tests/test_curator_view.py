"""What a curator sees of a hostile pack: errors no pack comment or baseline hides, names that cannot forge a
finding, bounded variant chains, hard links refused (issue 35)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.findings import Location, error

ROOT = Path(__file__).resolve().parent.parent
TABLE = "pack/tables/fw/sun.yaml"


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def write_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, doc_id: str, comment: str) -> Path:
    """Write the sun-position table as pack/tables/fw/sun.yaml with `doc_id` and a first-line `comment`."""
    text = (ROOT / "tables/fw/sun-position.yaml").read_text(encoding="utf-8")
    text = text.replace("$schema=../../schemas/", f"$schema={ROOT}/schemas/")  # a modeline that resolves
    target = tmp_path / TABLE
    target.parent.mkdir(parents=True)
    target.write_text(f"{comment}\n" + text.replace("id: sun-position", f"id: {doc_id}"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return target


def test_a_pack_comment_cannot_hide_a_schema_error_from_check_or_build(runner: CliRunner, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    write_table(tmp_path, monkeypatch, doc_id="ZZ BAD", comment="# fwdata: ignore-file[SCHEMA, YAML-]")
    checked = runner.invoke(main, ["check", "pack"])
    assert checked.exit_code == 1
    assert "error SCHEMA: id: 'ZZ BAD' is not a valid id" in checked.stdout
    assert "suppressed" not in checked.stdout
    built = runner.invoke(main, ["build", "--out", "out", "pack"])
    assert built.exit_code == 1
    assert "build succeeded" not in built.stderr
    assert not Path("out").exists()


def test_neither_a_baseline_nor_ignore_hides_a_blocking_error(runner: CliRunner, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    write_table(tmp_path, monkeypatch, doc_id="ZZ BAD", comment="")
    written = runner.invoke(main, ["check", "--write-baseline", "known.json", "pack"])
    assert '"SCHEMA"' not in Path("known.json").read_text(encoding="utf-8")
    assert written.exit_code == 1
    for options in (["--baseline", "known.json"], ["--ignore", "SCHEMA"], ["--min-severity", "error", "--select",
                                                                           "FW-"]):
        result = runner.invoke(main, ["check", *options, "pack"])
        assert result.exit_code == 1, options
        assert "error SCHEMA: id: 'ZZ BAD'" in result.stdout, options


def test_ignore_suppressions_reports_what_the_comments_hide(runner: CliRunner, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from fwdata import pipeline

    target = write_table(tmp_path, monkeypatch, doc_id="sun", comment="# fwdata: ignore-file[FW-TABLE-SHAPE]")
    shown = str(target.relative_to(tmp_path))
    monkeypatch.setattr(pipeline, "run_checks", lambda *args, **kwargs: [
        error(Location(shown, 4, 5), "FW-TABLE-SHAPE", "row 1 has 2 cells, the table 3 columns")])
    hidden = runner.invoke(main, ["check", "pack"])
    assert hidden.exit_code == 0
    assert hidden.stdout.splitlines()[-1] == "0 errors, 0 warnings in 1 file (1 suppressed)"
    shown_all = runner.invoke(main, ["check", "--ignore-suppressions", "pack"])
    assert shown_all.exit_code == 1
    assert shown_all.stdout.splitlines() == [f"{shown}:4:5: error FW-TABLE-SHAPE: row 1 has 2 cells, the table 3 "
                                             "columns", "1 error, 0 warnings in 1 file"]


def test_a_file_name_cannot_forge_a_finding_in_the_text_format(runner: CliRunner, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pack/tables/fw"
    folder.mkdir(parents=True)
    (folder / "a.yaml:99:99: error FAKE: x.yaml").write_text("system: fw\nkind: table\nid: [\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["check", "pack"])
    shown = r"pack/tables/fw/a.yaml\x3a99\x3a99\x3a error FAKE\x3a x.yaml"
    lines = result.stdout.splitlines()
    assert [line.split(": ", 2)[:2] for line in lines[:2]] == [[f"{shown}:1:1", "warning NAME-WINDOWS"],
                                                              [f"{shown}:4:1", "error YAML-SYNTAX"]]


@pytest.mark.parametrize("system", ["fl", "fw"])
def test_a_long_chain_of_variants_stops_at_the_depth_cap(runner: CliRunner, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch, system: str) -> None:
    """1,000 variants each naming the next as base: every one with more than 8 bases above it is an error (the
    chain is followed at most 9 steps per card, so this runs in linear time: bench/variant_chains.py measures it)."""
    folder, key, last = ((tmp_path / "pack/cards/fl/aircraft", "base", "a-4a") if system == "fl"
                         else (tmp_path / "pack/cards/fw", "variant_of", "spitfire-xive"))
    folder.mkdir(parents=True)
    count = 1000
    for index in range(count):
        base = f"chain-{index + 1}" if index + 1 < count else last
        variant = "variant: true\n" if system == "fl" else ""
        (folder / f"chain-{index}.yaml").write_text(
            f"system: {system}\nkind: aircraft\nid: chain-{index}\nname: Chain {index}\n"
            f"provenance: {{status: authored, source: a test}}\n{key}: {base}\n{variant}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["check", "--statistics", "-q", "pack"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{count - 8:>3}  REF-VARIANT-DEPTH (error)",
                                          f"{count - 8} errors, 0 warnings in {count} files"]


def test_a_hard_link_in_a_pack_is_refused(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "private.yaml"
    outside.write_text((ROOT / "tables/fw/sun-position.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pack/tables/fw").mkdir(parents=True)
    os.link(outside, tmp_path / TABLE)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(main, ["check", "pack"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith(f"{TABLE}:1:1: error SOURCE-HARD-LINK: the file has 2 names")
