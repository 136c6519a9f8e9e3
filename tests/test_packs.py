"""Packs: the base library under every pack, declared overrides, and checking some files of a pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli import main
from fwdata.errors import UsageError
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources, check_sources
from fwdata.sources.pack import pack_files, pack_root, resolve_pack

ROOT = Path(__file__).resolve().parent.parent


def _card(source: str, new_id: str, **changes: str) -> str:
    text = (ROOT / "cards" / "fw" / f"{source}.yaml").read_text(encoding="utf-8")
    text = text.replace(f"id: {source}\n", f"id: {new_id}\n", 1)
    for old, new in changes.items():
        text = text.replace(old, new, 1)
    return text


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    """A pack outside the repository: a new card, a broken card and a scenario using a bundled card."""
    root = tmp_path / "my-pack"
    (root / "cards" / "fw").mkdir(parents=True)
    (root / "scenarios" / "fw").mkdir(parents=True)
    (root / "cards" / "fw" / "p-51x.yaml").write_text(_card("p-51d", "p-51x"), encoding="utf-8")
    (root / "cards" / "fw" / "broken.yaml").write_text(
        _card("p-47d", "p-47x", **{"system: fw": "system: fw\nnot_a_key: 1"}), encoding="utf-8")
    scenario = (ROOT / "scenarios" / "fw" / "bomber-intercept.yaml").read_text(encoding="utf-8")
    (root / "scenarios" / "fw" / "intercept.yaml").write_text(
        scenario.replace("id: bomber-intercept", "id: my-intercept", 1), encoding="utf-8")
    return root


def _lines(paths: list[Path]) -> list[str]:
    return [finding.format_line() for finding in check_sources(paths, BuildOptions()).report.sorted()]


def test_pack_root_is_the_parent_of_the_source_folders(pack: Path) -> None:
    assert pack_root(pack / "cards" / "fw" / "p-51x.yaml") == pack
    assert pack_root(pack / "scenarios") == pack
    assert pack_root(pack) == pack


def test_manifest_marks_the_root(pack: Path) -> None:
    (pack / "fwdata-pack.yaml").write_text("id: my-pack\nname: My pack\nversion: '1.0'\n", encoding="utf-8")
    nested = pack / "extra" / "deep"
    nested.mkdir(parents=True)
    assert pack_root(nested) == pack


def test_a_folder_without_layout_or_manifest_is_its_own_pack(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(_card("p-51d", "p-51y"), encoding="utf-8")
    assert resolve_pack([tmp_path / "a.yaml"]).root == tmp_path


def test_the_repository_is_the_base_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert resolve_pack([Path("cards/fw/p-51d.yaml")]).is_base
    assert resolve_pack([]).is_base == (library_root().resolve() == ROOT)


def test_paths_of_two_packs_are_a_usage_error(pack: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.yaml").write_text(_card("p-51d", "p-51z"), encoding="utf-8")
    with pytest.raises(UsageError, match="more than one pack"):
        resolve_pack([pack, other / "a.yaml"])


def test_one_file_gives_exactly_its_findings_in_the_whole_pack(pack: Path) -> None:
    """What pre-commit does: check one changed file; references resolve against the whole pack and the base."""
    whole = _lines([pack])
    assert any("broken.yaml" in line and "unknown key 'not_a_key'" in line for line in whole)
    for path in sorted((pack).rglob("*.yaml")):
        shown = str(path)
        assert _lines([path]) == [line for line in whole if line.startswith(shown + ":")]


def test_a_scenario_may_use_bundled_cards(pack: Path) -> None:
    scenario = pack / "scenarios" / "fw" / "intercept.yaml"
    assert not [line for line in _lines([scenario]) if "REF-UNKNOWN" in line]


def test_base_ids_need_a_declared_override(pack: Path) -> None:
    (pack / "cards" / "fw" / "p-51d.yaml").write_text(_card("p-51d", "p-51d"), encoding="utf-8")
    assert any("PACK-OVERRIDE-UNDECLARED" in line and "'fw/aircraft/p-51d'" in line for line in _lines([pack]))
    (pack / "fwdata-pack.yaml").write_text(
        "id: my-pack\nname: My pack\nversion: '1.0'\noverrides: [fw/aircraft/p-51d, fw/table/no-such]\n",
        encoding="utf-8")
    lines = _lines([pack])
    assert not [line for line in lines if "PACK-OVERRIDE-UNDECLARED" in line]
    assert [line for line in lines if "PACK-OVERRIDE-UNUSED" in line] == [
        f"{pack}/fwdata-pack.yaml:4:32: warning PACK-OVERRIDE-UNUSED: override 'fw/table/no-such' replaces "
        "nothing: no entry of the pack has that system, kind and id"]


def test_an_override_of_another_shape_is_refused_and_the_base_entry_kept(pack: Path) -> None:
    """A renamed Flight Proportions row would crash the rules: the override is refused before any rule reads it."""
    source = (ROOT / "tables" / "fw" / "turn-chart.yaml").read_text(encoding="utf-8")
    tables = pack / "tables" / "fw"
    tables.mkdir(parents=True)
    (pack / "fwdata-pack.yaml").write_text(
        "id: my-pack\nname: My pack\nversion: '1.0'\noverrides: [fw/table/turn-chart]\n", encoding="utf-8")
    (tables / "turn-chart.yaml").write_text(source, encoding="utf-8")
    result = check_sources([pack], BuildOptions())
    assert not [f for f in result.report.findings if f.code.startswith("PACK-")]
    assert result.catalog.get("fw", "table", "turn-chart").document.path.startswith(str(pack))

    rows = source.index("rows:")
    broken = source[:rows] + source[rows:].replace("- [", "- [x, ", 1)
    (tables / "turn-chart.yaml").write_text(broken, encoding="utf-8")
    result = check_sources([pack], BuildOptions())
    shape = [f for f in result.report.findings if f.code == "PACK-OVERRIDE-SHAPE"]
    assert shape and "items where the base entry has" in shape[0].message
    assert not result.catalog.get("fw", "table", "turn-chart").document.path.startswith(str(pack))


def test_manifest_errors_point_at_the_manifest(pack: Path) -> None:
    (pack / "fwdata-pack.yaml").write_text("id: My Pack\nname: x\nversion: '1.0'\nfoo: 1\n", encoding="utf-8")
    lines = [line for line in _lines([pack]) if "fwdata-pack.yaml" in line]
    assert len(lines) == 2
    assert lines[0].startswith(f"{pack}/fwdata-pack.yaml:1:5: error SCHEMA: id:")
    assert lines[1].startswith(f"{pack}/fwdata-pack.yaml:4:1: error SCHEMA: unknown key 'foo'")


def test_check_from_inside_a_pack_with_no_paths(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack)
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[-1] == "1 error, 0 warnings in 3 files"


def test_check_in_an_empty_folder_checks_the_base_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--format", "json"])
    assert result.exit_code == 0, result.output
    # every source of the base library, and its manifest
    assert json.loads(result.stdout)["summary"]["files"] == len(pack_files(library_root())) + 1 > 300


def test_an_override_cell_keeps_the_kind_of_its_column() -> None:
    """Numbers inside codes may change; integers stay integers, codes keep their form, row labels their names."""
    from fwdata.overrides import shape_differences

    base = {"kind": "table", "rows": [["level", 1, 2.5, "60/FP", None], ["steep", 2, 3.0, "NA", None]]}
    assert shape_differences(base, {"kind": "table", "rows": [["steep", 7, 4, "30/FP", None],
                                                               ["level", 2, 3.5, "NA", None]]}) == []
    assert shape_differences(base, {"kind": "table", "rows": [["lvl", 1.0, "x", "banana", 0],
                                                               ["steep", True, 3.0, "NA", None]]}) == [
        ("/rows/0/0", "'lvl' where the base entry has 'level', 'steep'"),
        ("/rows/0/1", "a number 1.0 where the base entry has an integer"),
        ("/rows/0/2", "'x' where the base entry has a number"),
        ("/rows/0/3", "'banana' where the base entry has '#/FP', 'NA' (# = any number)"),
        ("/rows/0/4", "an integer 0 where the base entry has a blank (null)"),
    ]
    # Outside tables and charts only the shape counts (a card's strings are checked by its schema and rules).
    assert shape_differences({"kind": "aircraft", "engine": "Merlin"}, {"kind": "aircraft", "engine": "Griffon"}) == []


def test_check_clean_implies_build_succeeds_for_an_overridden_firing_chart(tmp_path: Path) -> None:
    """`1.0` where the Ace of Aces firing chart has `2` passed check and crashed build: now check refuses it."""
    case = ROOT / "tests" / "cases" / "aoa-override-cell-kind"
    result = build_sources([case], BuildOptions(out_dir=tmp_path / "build"))
    assert [f.code for f in result.report.findings] == ["PACK-OVERRIDE-SHAPE"]
    assert result.catalog.get("aoa", "chart", "firing-short").base
    assert not (tmp_path / "build").exists()
