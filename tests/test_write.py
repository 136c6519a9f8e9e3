"""Write stage: atomic files, no escape from the build folder, one-line errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fwdata.errors import OutputError
from fwdata.systems import Output
from fwdata.write import write_outputs


def test_writes_files_in_subfolders(tmp_path: Path) -> None:
    written = write_outputs([Output("fw/aircraft/p-51d.pdf", b"%PDF-1"), Output("fw/table.pdf", b"x")], tmp_path)
    assert (tmp_path / "fw/aircraft/p-51d.pdf").read_bytes() == b"%PDF-1"
    assert len(written) == 2
    assert not [p for p in tmp_path.rglob("*.tmp")]


def test_replaces_an_existing_file(tmp_path: Path) -> None:
    write_outputs([Output("a.pdf", b"old")], tmp_path)
    write_outputs([Output("a.pdf", b"new")], tmp_path)
    assert (tmp_path / "a.pdf").read_bytes() == b"new"


def test_refuses_paths_outside_the_build_folder(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="outside the build folder"):
        write_outputs([Output("../evil.pdf", b"x")], tmp_path / "build")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_is_an_output_error(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(OutputError, match="cannot write"):
            write_outputs([Output("a/b.pdf", b"x")], tmp_path)
    finally:
        tmp_path.chmod(0o700)


def test_a_file_in_the_way_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "build").write_text("not a folder")
    with pytest.raises(OutputError, match="cannot write"):
        write_outputs([Output("a.pdf", b"x")], tmp_path / "build")


def test_a_failed_write_replaces_nothing(tmp_path: Path) -> None:
    """A file in the way of one output must not leave the others half-updated."""
    write_outputs([Output("fw/aircraft/a.pdf", b"old a"), Output("fw/table.pdf", b"old t")], tmp_path)
    (tmp_path / "fw" / "logsheet").write_text("a file where a folder must go")
    with pytest.raises(OutputError, match="cannot write"):
        write_outputs([Output("fw/aircraft/a.pdf", b"new a"), Output("fw/table.pdf", b"new t"),
                       Output("fw/logsheet/blank.pdf", b"x")], tmp_path)
    assert (tmp_path / "fw/aircraft/a.pdf").read_bytes() == b"old a"
    assert (tmp_path / "fw/table.pdf").read_bytes() == b"old t"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".fwdata-staging")]


def test_written_files_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_outputs([Output("a.pdf", b"x")], tmp_path)
    finally:
        os.umask(old)
    assert (tmp_path / "a.pdf").stat().st_mode & 0o777 == 0o644
