"""Packs: the base library under every pack, declared overrides, and checking some files of a pack."""

from __future__ import annotations

import json
import os
import re
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.errors import UsageError
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources, check_sources
from fwdata.progress import no_progress
from fwdata.sources.archive import ZipLimits, ZipPack
from fwdata.sources.loading import load_files
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


def test_a_manifest_names_installed_systems_only(pack: Path) -> None:
    """The schema knows only a system id's form (a plug-in's is as good as a bundled one); the installed systems are
    checked by code, with the closest id."""
    (pack / "fwdata-pack.yaml").write_text("id: my-pack\nname: x\nversion: '1.0'\nsystems: [fw, flx, chess]\n",
                                           encoding="utf-8")
    lines = [line for line in _lines([pack]) if "fwdata-pack.yaml" in line]
    assert lines == [
        f"{pack}/fwdata-pack.yaml:4:15: error SCHEMA-KIND: system 'flx' is not one of the installed game systems aoa, "
        "fl, fw (did you mean 'fl'?)",
        f"{pack}/fwdata-pack.yaml:4:20: error SCHEMA-KIND: system 'chess' is not one of the installed game systems "
        "aoa, fl, fw"]


@pytest.mark.parametrize("where", [".", "cards/fw", "scenarios"])
def test_check_from_inside_a_pack_with_no_paths_checks_the_whole_pack(pack: Path, where: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack / where)
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 1
    # The info: the P-51D copy's UH+ band climbs above its listed 700 ft/min (FW-CLIMB-RATE, issue 11).
    assert result.stdout.splitlines()[-1] == "1 error, 0 warnings, 1 info in 3 files"


def test_check_in_an_empty_folder_checks_the_base_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["check", "--format", "json"])
    assert result.exit_code == 0, result.output
    # every source of the base library, and its manifest
    assert json.loads(result.stdout)["summary"]["files"] == len(pack_files(library_root())) + 1 > 300


def _zip(target: Path, folder: Path | None = None, extra: dict[str, bytes] | None = None, prefix: str = "") -> Path:
    """Zip `folder` (its files, named from the folder) plus `extra` members into `target`."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")) if folder else ():
            if path.is_file():
                archive.write(path, prefix + path.relative_to(folder).as_posix())
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return target


def test_a_zip_pack_gives_the_findings_of_the_same_pack_unzipped(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack.parent)
    unzipped = [line.removeprefix("my-pack/") for line in _lines([Path("my-pack")])]
    assert any("broken.yaml" in line for line in unzipped)
    _zip(pack.parent / "flat.zip", pack)
    _zip(pack.parent / "folder.zip", pack, prefix="my-pack/")
    assert [line.removeprefix("flat.zip/") for line in _lines([Path("flat.zip")])] == unzipped
    assert [line.removeprefix("folder.zip/my-pack/") for line in _lines([Path("folder.zip")])] == unzipped


def _zip_findings(target: Path, members: dict[str, bytes], **info: int) -> dict[str, tuple[str, str]]:
    """Zip `members` (each ZipInfo given the `info` attributes) and return {path: (code, message)} of loading."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("cards/fw/ok.yaml", "system: fw\nkind: aircraft\nid: ok\n")
        for name, data in members.items():
            member = zipfile.ZipInfo(name)
            member.compress_type = zipfile.ZIP_DEFLATED
            for key, value in info.items():
                setattr(member, key, value)
            archive.writestr(member, data)
    documents, findings, _ = load_files(resolve_pack([target]), no_progress)
    assert [document.path for document in documents] == [f"{target}/cards/fw/ok.yaml"]
    return {finding.location.path: (finding.code, finding.message) for finding in findings}


@pytest.mark.parametrize(("name", "problem"), [
    ("../evil.yaml", "'..' leaves the pack"), ("cards/../../evil.yaml", "'..' leaves the pack"),
    ("/etc/evil.yaml", "an absolute path"), ("C:/evil.yaml", "a drive letter"),
    ("cards\\..\\evil.yaml", "a backslash")])
def test_zip_members_with_unsafe_names_are_refused(tmp_path: Path, name: str, problem: str) -> None:
    found = _zip_findings(tmp_path / "p.zip", {name: b"a: 1\n"})
    assert found == {f"{tmp_path}/p.zip": ("ZIP-MEMBER-PATH", f"1 zip member(s) with unsafe names: {name!r} "
                                           f"({problem}) (members must be relative paths inside the pack)")}


def test_zip_link_members_are_refused(tmp_path: Path) -> None:
    found = _zip_findings(tmp_path / "p.zip", {"cards/fw/passwd.yaml": b"/etc/passwd"},
                          create_system=3, external_attr=(stat.S_IFLNK | 0o777) << 16)
    assert found == {f"{tmp_path}/p.zip/cards/fw/passwd.yaml": (
        "ZIP-MEMBER-LINK", "zip member is a symbolic link; a zip pack holds regular files only")}


def _mark_encrypted(target: Path, name: str) -> None:
    """Set the "encrypted" flag of member `name` in its local header and central directory entry."""
    data = bytearray(target.read_bytes())
    for signature, flags_at, name_length_at, name_at in ((b"PK\x03\x04", 6, 26, 30), (b"PK\x01\x02", 8, 28, 46)):
        start = data.find(signature)
        while start >= 0:
            length = int.from_bytes(data[start + name_length_at:start + name_length_at + 2], "little")
            if data[start + name_at:start + name_at + length] == name.encode():
                data[start + flags_at] |= 0x1
            start = data.find(signature, start + 1)
    target.write_bytes(bytes(data))


def test_encrypted_zip_members_are_refused(tmp_path: Path) -> None:
    target = _zip(tmp_path / "p.zip", extra={"cards/fw/ok.yaml": b"system: fw\nkind: aircraft\nid: ok\n",
                                             "cards/fw/secret.yaml": b"a: 1\n"})
    _mark_encrypted(target, "cards/fw/secret.yaml")
    documents, findings, _ = load_files(resolve_pack([target]), no_progress)
    assert [document.path for document in documents] == [f"{target}/cards/fw/ok.yaml"]
    found = {finding.location.path: (finding.code, finding.message) for finding in findings}
    assert found == {f"{tmp_path}/p.zip/cards/fw/secret.yaml": (
        "ZIP-ENCRYPTED", "zip member is encrypted; a zip pack holds plain members only")}


def test_oversized_and_over_compressed_zip_members_are_refused(tmp_path: Path) -> None:
    found = _zip_findings(tmp_path / "p.zip", {"cards/fw/bomb.yaml": b"#" * 400_000,
                                               "cards/fw/big.yaml": os.urandom(300_000).hex().encode()})
    assert found[f"{tmp_path}/p.zip/cards/fw/big.yaml"] == (
        "YAML-TOO-LARGE", "file is 600000 bytes; the limit is 524288 bytes")
    code, message = found[f"{tmp_path}/p.zip/cards/fw/bomb.yaml"]
    assert code == "ZIP-RATIO" and message.startswith("zip member expands 400000 bytes from ")


@pytest.mark.parametrize(("limits", "message"), [
    (ZipLimits(max_members=2), "3 members; a zip pack holds at most 2"),
    (ZipLimits(max_total_bytes=100), "members expand to 115 bytes; a zip pack expands to at most 100 bytes"),
    (ZipLimits(max_zip_bytes=100), "the limit is 100 bytes")])
def test_zip_caps_stop_the_run(tmp_path: Path, limits: ZipLimits, message: str) -> None:
    target = _zip(tmp_path / "p.zip", extra={"a.yaml": b"a" * 50, "b.yaml": b"b" * 50, "c.yaml": b"c" * 15})
    with pytest.raises(UsageError, match=re.escape(message)):
        ZipPack(target, limits)


def test_a_broken_zip_is_a_one_line_error(tmp_path: Path) -> None:
    good = _zip(tmp_path / "good.zip", extra={"a.yaml": b"a: 1\n" * 100})
    (tmp_path / "truncated.zip").write_bytes(good.read_bytes()[:-30])
    (tmp_path / "text.zip").write_text("not a zip\n", encoding="utf-8")
    for name in ("truncated.zip", "text.zip"):
        result = CliRunner().invoke(main, ["check", str(tmp_path / name)])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == [f"fwdata: {tmp_path / name}: not a usable zip file (File is not a "
                                              "zip file)"]


def test_a_zip_pack_is_checked_on_its_own(tmp_path: Path, pack: Path) -> None:
    target = _zip(tmp_path / "p.zip", pack)
    with pytest.raises(UsageError, match="a zip pack is checked whole and on its own"):
        resolve_pack([target, pack])
def test_an_override_cell_keeps_the_kind_of_its_column() -> None:
    """Numbers inside codes may change; integers stay integers, codes keep their form, row labels their names."""
    from fwdata.validation.overrides import shape_differences

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
    """`1.0` where the Ace of Aces firing chart has `2` passed check and crashed build: now check refuses it (the
    override's shape check did first; the schema does now, as a float is no integer to fwdata)."""
    case = ROOT / "tests" / "cases" / "aoa-override-cell-kind"
    result = build_sources([case], BuildOptions(out_dir=tmp_path / "build"))
    assert [f.code for f in result.report.findings] == ["SCHEMA"]
    assert result.catalog.get("aoa", "chart", "firing-short").base
    assert not (tmp_path / "build").exists()
