"""`fwdata new`: a commented starting file whose modeline resolves and whose only findings are values to fill."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.cli.schema_export import schema_kinds
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.sources import discover_sources, load_sources
from fwdata.systems import kind_folders, registered_systems

KIND_FOLDERS = kind_folders(registered_systems())

TO_FILL = ("found an empty value", "missing required key")


def new(pack: Path, *args: str):
    return CliRunner().invoke(main, ["new", *args, "--pack", str(pack)])


def test_every_kind_has_a_folder_and_the_bundled_data_lives_there() -> None:
    """Each system's `kind_folders` places every kind it has a schema for, and the base library follows it."""
    assert set(KIND_FOLDERS) == set(schema_kinds())
    documents, _ = load_sources(discover_sources([library_root() / name for name in ("cards", "scenarios", "tables")]))
    for document in documents:
        folder = library_root().joinpath(*KIND_FOLDERS[(document.system, document.kind)].parts)
        assert Path(document.path).resolve().is_relative_to(folder.resolve()), document.path


@pytest.mark.parametrize("key", schema_kinds(), ids=lambda key: f"{key[0]}-{key[1]}")
def test_a_new_file_only_asks_for_the_values_still_to_fill(tmp_path: Path, key) -> None:
    result = new(tmp_path, key[0], key[1], "my-entry")
    assert result.exit_code == 0, result.output
    target = tmp_path.joinpath(*KIND_FOLDERS[key].parts, "my-entry.yaml")
    assert result.stdout == f"wrote {target}\n"
    lines = target.read_text().splitlines()
    reference = lines[0].removeprefix("# yaml-language-server: $schema=")
    assert reference != lines[0] and (target.parent / reference).resolve().is_file()
    assert (target.parent / reference).resolve().is_relative_to((tmp_path / ".fwdata/schemas").resolve())
    findings = check_sources([tmp_path], BuildOptions()).report.sorted()
    assert findings, "a skeleton has values to fill"
    for finding in findings:
        assert finding.code == "SCHEMA" and any(text in finding.message for text in TO_FILL), finding.format_line()
        assert finding.location.line == 6 or lines[finding.location.line - 1].rstrip().endswith(":") or \
            "# to fill:" in lines[finding.location.line - 1], finding.format_line()


def test_a_filled_skeleton_passes_the_check(tmp_path: Path) -> None:
    assert new(tmp_path, "fl", "nation", "ruritania").exit_code == 0
    path = tmp_path / "tables/fl/nations/ruritania.yaml"
    text = path.read_text()
    assert "name:  # to fill:" in text and "  source:  # to fill:" in text
    findings = check_sources([tmp_path], BuildOptions()).report.sorted()
    assert {f.location.line for f in findings} == {
        number for number, line in enumerate(text.splitlines(), start=1) if "# to fill:" in line}


def test_new_from_a_bundled_document_keeps_its_values_with_the_new_id(tmp_path: Path) -> None:
    result = new(tmp_path, "fw", "aircraft", "bf-109x", "--from", "bf-109g-10")  # its original checks clean
    assert result.exit_code == 0, result.output
    text = (tmp_path / "cards/fw/bf-109x.yaml").read_text()
    assert text.startswith("# yaml-language-server: $schema=../../.fwdata/schemas/fw/aircraft.schema.json\n")
    assert "\nid: bf-109x\n" in text and "id: bf-109g-10\n" not in text
    assert "from the bundled fw aircraft bf-109g-10" in text
    report = check_sources([tmp_path], BuildOptions()).report
    assert report.sorted() == []


def test_new_never_overwrites(tmp_path: Path) -> None:
    assert new(tmp_path, "fw", "aircraft", "a").exit_code == 0
    path = tmp_path / "cards/fw/a.yaml"
    path.write_text("mine\n")
    result = new(tmp_path, "fw", "aircraft", "a")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "already exists" in result.stderr
    assert path.read_text() == "mine\n"


@pytest.mark.parametrize(("args", "message"), [
    (["fw", "aircarft", "a"], "unknown kind 'fw/aircarft' (did you mean 'fw/aircraft'?)"),
    (["fw", "aircraft", "P-51D"], "ID 'P-51D' is not a valid id: lowercase kebab-case, e.g. p-51d"),
    (["fw", "aircraft", "a", "--from", "p-51e"], "--from 'p-51e': no bundled fw/aircraft has that id (did you mean "
                                                  "'p-51d'?)"),
])
def test_bad_arguments_are_one_line_and_exit_2(tmp_path: Path, args, message) -> None:
    result = new(tmp_path, *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"fwdata: {message}") and result.stderr.count("\n") == 1
    assert not (tmp_path / "cards").exists()


@pytest.mark.parametrize("link", ["cards/fw", ".fwdata"])
def test_new_never_writes_through_a_link_out_of_the_pack(tmp_path: Path, link: str) -> None:
    pack, victim = tmp_path / "pack", tmp_path / "victim"
    victim.mkdir()
    (pack / link).parent.mkdir(parents=True, exist_ok=True)
    (pack / link).symlink_to(victim)
    result = new(pack, "fw", "aircraft", "a")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "a link leads outside" in result.stderr
    assert list(victim.iterdir()) == []
