"""Write stage: the build folder replaced whole, nothing outside it, only fwdata's own folders, one-line errors."""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fwdata import pipeline
from fwdata.cli.main import main
from fwdata.errors import OutputError
from fwdata.game_system import Output, RenderResult
from fwdata.output import build_claim, write
from fwdata.output.build_claim import claim_build_folder, write_outputs
from fwdata.output.write import BUILD_MARKER, MARKER_TEXT, SOURCES_FILE


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` by its path relative to it, with its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_writes_files_in_subfolders_and_the_marker(tmp_path: Path) -> None:
    out = tmp_path / "build"
    written = write_outputs([Output("fw/aircraft/p-51d.pdf", b"%PDF-1"), Output("fw/table.pdf", b"x")], out)
    assert written == [out / "fw/aircraft/p-51d.pdf", out / "fw/table.pdf"]
    assert tree(out) == {"fw/aircraft/p-51d.pdf": b"%PDF-1", "fw/table.pdf": b"x", BUILD_MARKER: MARKER_TEXT}
    assert os.listdir(tmp_path) == ["build"]  # no sibling, temp file or lock file left


def test_replaces_an_existing_file(tmp_path: Path) -> None:
    write_outputs([Output("a.pdf", b"old")], tmp_path / "build")
    write_outputs([Output("a.pdf", b"new")], tmp_path / "build")
    assert (tmp_path / "build/a.pdf").read_bytes() == b"new"


def test_a_new_build_drops_the_files_it_does_not_produce(tmp_path: Path) -> None:
    """The build folder is fwdata's own: a card deleted from the sources leaves no stale PDF behind."""
    out = tmp_path / "build"
    write_outputs([Output("fw/aircraft/gone.pdf", b"old"), Output("fw/table.pdf", b"old t")], out)
    write_outputs([Output("fw/table.pdf", b"new t")], out)
    assert tree(out) == {"fw/table.pdf": b"new t", BUILD_MARKER: MARKER_TEXT}
    assert os.listdir(tmp_path) == ["build"]


def test_refuses_paths_outside_the_build_folder(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="outside the build folder"):
        write_outputs([Output("../evil.pdf", b"x")], tmp_path / "build")
    with pytest.raises(OutputError, match="outside the build folder"):
        write_outputs([Output("/etc/evil.pdf", b"x")], tmp_path / "build")
    assert not (tmp_path / "evil.pdf").exists()


def test_an_output_may_not_replace_the_marker(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="may not be named .fwdata-build"):
        write_outputs([Output(BUILD_MARKER, b"x")], tmp_path / "build")


def test_spooled_outputs_are_moved_into_place_and_the_spool_removed(tmp_path: Path) -> None:
    with claim_build_folder(tmp_path / "build") as folder, folder.staged() as staging:
        spooled = write.spool_output(staging.spool, "0-0", Output("fw/table.pdf", b"table"), folder.path)
        stored = staging.adopt(spooled)
        assert (stored.path, stored.size, stored.file) == ("fw/table.pdf", 5, staging.root / "fw" / "table.pdf")
        with pytest.raises(OutputError, match="two outputs would both be written to fw/table.pdf"):
            staging.adopt(write.spool_output(staging.spool, "1-0", Output("fw/table.pdf", b"again"), folder.path))
        with pytest.raises(OutputError, match="not a drawn output of this build"):
            staging.adopt(dataclasses.replace(spooled, path="fw/other.pdf", file=tmp_path / "elsewhere"))
        with pytest.raises(OutputError, match="may not be named .fwdata-spool/x"):
            staging.add(Output(".fwdata-spool/x", b"x"))
        staging.commit()
    assert tree(tmp_path / "build") == {"fw/table.pdf": b"table", BUILD_MARKER: MARKER_TEXT}


def test_an_output_written_in_chunks_is_stored_with_the_digest_and_size_of_them_all(tmp_path: Path) -> None:
    with claim_build_folder(tmp_path / "build") as folder, folder.staged() as staging:
        stored = staging.write("index.html", iter([b"<html>", b"", "é</html>".encode()]))
        staging.write_sources([b"line\n", b"signature\n"])
        staging.commit()
    data = "<html>é</html>".encode()
    assert (stored.path, stored.size, stored.sha256) == ("index.html", len(data), hashlib.sha256(data).hexdigest())
    assert tree(tmp_path / "build") == {"index.html": data, SOURCES_FILE: b"line\nsignature\n",
                                        BUILD_MARKER: MARKER_TEXT}


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_unwritable_folder_is_an_output_error(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(OutputError, match="cannot write"):
            write_outputs([Output("a/b.pdf", b"x")], tmp_path / "build")
    finally:
        tmp_path.chmod(0o700)


def test_a_file_in_the_way_is_an_output_error(tmp_path: Path) -> None:
    (tmp_path / "build").write_text("not a folder")
    with pytest.raises(OutputError, match="cannot write .*build: a file is in the way"):
        write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    assert (tmp_path / "build").read_text() == "not a folder"


def test_outputs_in_each_others_way_replace_nothing(tmp_path: Path) -> None:
    """An output where another needs a folder fails before the old build is touched."""
    out = tmp_path / "build"
    write_outputs([Output("fw/aircraft/a.pdf", b"old a"), Output("fw/table.pdf", b"old t")], out)
    with pytest.raises(OutputError, match="cannot write .*fw/logsheet/blank.pdf"):
        write_outputs([Output("fw/aircraft/a.pdf", b"new a"), Output("fw/logsheet", b"a file"),
                       Output("fw/logsheet/blank.pdf", b"x")], out)
    assert tree(out) == {"fw/aircraft/a.pdf": b"old a", "fw/table.pdf": b"old t", BUILD_MARKER: MARKER_TEXT}
    assert os.listdir(tmp_path) == ["build"]


def test_a_full_disk_replaces_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "build"
    write_outputs([Output("a.pdf", b"old a"), Output("b.pdf", b"old b")], out)
    real_write_new = write._write_new

    def full_after_one_file(path: Path, data: bytes, mode: int) -> None:
        if path.name == "b.pdf":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_write_new(path, data, mode)

    monkeypatch.setattr(write, "_write_new", full_after_one_file)
    with pytest.raises(OutputError, match=r"cannot write .*b\.pdf: No space left on device"):
        write_outputs([Output("a.pdf", b"new a"), Output("b.pdf", b"new b")], out)
    assert tree(out) == {"a.pdf": b"old a", "b.pdf": b"old b", BUILD_MARKER: MARKER_TEXT}
    assert os.listdir(tmp_path) == ["build"]


def test_refuses_a_folder_fwdata_did_not_make(tmp_path: Path) -> None:
    """`fwdata build -o ~/Documents` must never wipe a user's folder."""
    documents = tmp_path / "Documents"
    (documents / "letters").mkdir(parents=True)
    (documents / "letters/mum.txt").write_text("dear mum")
    with pytest.raises(OutputError) as raised:
        write_outputs([Output("a.pdf", b"x")], documents)
    assert str(raised.value) == (f"refusing to replace {documents}: it is not empty and has no .fwdata-build marker "
                                 "(a build replaces its folder whole); name a new or empty folder")
    assert tree(documents) == {"letters/mum.txt": b"dear mum"}
    assert os.listdir(tmp_path) == ["Documents"]


def test_an_empty_folder_becomes_a_build_folder(tmp_path: Path) -> None:
    (tmp_path / "build").mkdir()
    write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    assert tree(tmp_path / "build") == {"a.pdf": b"x", BUILD_MARKER: MARKER_TEXT}


def test_a_symlinked_build_folder_stays_a_symlink(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    write_outputs([Output("a.pdf", b"x")], tmp_path / "link")
    write_outputs([Output("a.pdf", b"y")], tmp_path / "link")
    assert (tmp_path / "link").is_symlink()
    assert tree(tmp_path / "real") == {"a.pdf": b"y", BUILD_MARKER: MARKER_TEXT}
    assert sorted(os.listdir(tmp_path)) == ["link", "real"]


def test_written_files_and_folders_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_outputs([Output("fw/a.pdf", b"x")], tmp_path / "build")
    finally:
        os.umask(old)
    assert (tmp_path / "build/fw/a.pdf").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "build/fw").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "build").stat().st_mode & 0o777 == 0o755


def test_the_build_folder_keeps_its_mode(tmp_path: Path) -> None:
    write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    (tmp_path / "build").chmod(0o750)
    write_outputs([Output("a.pdf", b"y")], tmp_path / "build")
    assert (tmp_path / "build").stat().st_mode & 0o777 == 0o750


def test_a_claimed_folder_is_refused_to_a_second_build(tmp_path: Path) -> None:
    """flock locks belong to one open file, so a second claim fails even in the same process."""
    out = tmp_path / "build"
    with claim_build_folder(out) as folder:
        with pytest.raises(OutputError) as raised:
            write_outputs([Output("a.pdf", b"second")], out)
        folder.replace([Output("a.pdf", b"first")])
    assert str(raised.value) == (f"another fwdata build is writing {out} (lock {tmp_path / '.build.fwdata-lock'}); "
                                 "run again when it has finished")
    assert tree(out) == {"a.pdf": b"first", BUILD_MARKER: MARKER_TEXT}
    write_outputs([Output("a.pdf", b"third")], out)  # the lock is released with the claim
    assert (out / "a.pdf").read_bytes() == b"third"


def test_leftovers_are_cleaned_but_not_another_folders(tmp_path: Path) -> None:
    """A build named `build.fwdata-new-x` is another folder; its siblings are not `build`'s leftovers."""
    (tmp_path / ".build.fwdata-new-abc123").mkdir()
    (tmp_path / ".build.fwdata-new-abc123/half.pdf").write_bytes(b"half")
    (tmp_path / ".build.fwdata-old-zz_9").mkdir()
    (tmp_path / ".build.fwdata-lock").write_bytes(b"")  # a killed build's lock file, unlocked by the OS
    (tmp_path / ".build.fwdata-new-x.fwdata-new-y").mkdir()
    write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    assert sorted(os.listdir(tmp_path)) == [".build.fwdata-new-x.fwdata-new-y", "build"]


def test_a_leftover_that_cannot_be_removed_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A killed build's leftover that cannot be deleted (a read-only folder in it) stops every later build: the
    message says which file, so the user can remove it."""
    write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    leftover = tmp_path / ".build.fwdata-old-abc123"
    (leftover / "fw").mkdir(parents=True)

    def refused(path: object, *args: object, **kwargs: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(leftover / "fw"))

    monkeypatch.setattr(build_claim.shutil, "rmtree", refused)
    with pytest.raises(OutputError) as raised:
        write_outputs([Output("a.pdf", b"y")], tmp_path / "build")
    assert str(raised.value) == (f"cannot write {tmp_path / 'build'}: Permission denied ({leftover / 'fw'}, left by an "
                                 "earlier build: remove it by hand)")
    assert (tmp_path / "build" / "a.pdf").read_bytes() == b"x"


CASE = Path(__file__).parent / "cases" / "aoa-book-ok"


@pytest.fixture()
def fast_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """No rules' cross-checks and systems that render nothing: `fwdata build` in seconds, not minutes."""
    systems = {key: dataclasses.replace(system, render_outputs=lambda catalog, options: RenderResult())
               for key, system in pipeline.registered_systems().items()}
    monkeypatch.setattr(pipeline, "registered_systems", lambda: systems)
    monkeypatch.setattr(pipeline, "run_checks", lambda catalog, systems, options, progress, memo: [])


@pytest.mark.usefixtures("fast_build")
def test_build_cli_refuses_a_users_folder_with_one_line(tmp_path: Path) -> None:
    """The check passes, then the claim of `--out` refuses before anything is rendered (exit 2)."""
    documents = tmp_path / "Documents"
    documents.mkdir()
    (documents / "thesis.txt").write_text("years of work")
    result = CliRunner().invoke(main, ["build", "--out", str(documents), str(CASE)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (f"fwdata: refusing to replace {documents}: it is not empty and has no .fwdata-build "
                             "marker (a build replaces its folder whole); name a new or empty folder\n")
    assert tree(documents) == {"thesis.txt": b"years of work"}
    assert os.listdir(tmp_path) == ["Documents"]


def test_a_lock_file_that_is_a_link_is_refused_and_its_target_never_made(tmp_path: Path) -> None:
    (tmp_path / ".build.fwdata-lock").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OutputError) as raised:
        write_outputs([Output("a.pdf", b"x")], tmp_path / "build")
    assert str(raised.value) == (f"cannot write {tmp_path / 'build'}: its lock file is a symbolic link "
                                 f"({tmp_path / '.build.fwdata-lock'})")
    assert not (tmp_path / "elsewhere").exists() and not (tmp_path / "build").exists()


def _when_the_swap_starts(monkeypatch: pytest.MonkeyPatch, out: Path, action: Callable[[], None]) -> None:
    """Run `action` just before the swap's first rename, the one that moves the old build `out` aside."""
    rename = os.rename

    def hooked(source: Any, target: Any) -> None:
        if Path(source) == out:
            action()
        rename(source, target)

    monkeypatch.setattr(os, "rename", hooked)


def test_a_ctrl_c_during_the_swap_takes_effect_once_the_new_build_is_in_place(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "build"
    write_outputs([Output("fw/table.pdf", b"old")], out)
    _when_the_swap_starts(monkeypatch, out, lambda: os.kill(os.getpid(), signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        write_outputs([Output("fw/table.pdf", b"new")], out)
    assert tree(out) == {"fw/table.pdf": b"new", BUILD_MARKER: MARKER_TEXT}
    assert os.listdir(tmp_path) == ["build"]


def test_a_build_folder_that_is_a_mount_point_says_why_it_cannot_be_swapped(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "build"
    write_outputs([Output("a.pdf", b"old")], out)

    def busy() -> None:  # Linux refuses to rename a mount point
        raise OSError(errno.EBUSY, os.strerror(errno.EBUSY))

    _when_the_swap_starts(monkeypatch, out, busy)
    with pytest.raises(OutputError) as raised:
        write_outputs([Output("a.pdf", b"new")], out)
    assert str(raised.value) == (f"cannot write {out}: Device or resource busy (a build swaps its folder in by "
                                 "renaming it, and a mount point cannot be renamed: name a folder inside it)")
    assert tree(out) == {"a.pdf": b"old", BUILD_MARKER: MARKER_TEXT}
