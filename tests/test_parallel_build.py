"""A build with two processes writes exactly the files, bytes and findings of a build with one."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from fwdata.errors import OutputError
from fwdata.game_system import Output, StoredOutput
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.output import write
from fwdata.pipeline import build_sources


def tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_serial_and_parallel_builds_are_byte_identical(tmp_path: Path) -> None:
    sources = [library_root() / folder for folder in SOURCE_FOLDERS]
    serial = build_sources(sources, BuildOptions(out_dir=tmp_path / "serial", jobs=1, use_cache=False))
    parallel = build_sources(sources, BuildOptions(out_dir=tmp_path / "parallel", jobs=2, use_cache=False))
    assert parallel.report.findings == serial.report.findings
    serial_files, parallel_files = tree(tmp_path / "serial"), tree(tmp_path / "parallel")
    assert len(serial_files) > 100 and parallel_files == serial_files
    assert not (tmp_path / "parallel" / write.SPOOL_FOLDER).exists()


def test_drawn_files_are_written_by_the_process_that_draws_them(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """No PDF's bytes reach the building process: workers write them into the spool, the parent moves them.

    (Otherwise the outputs drawn while a slow one, a large imposed sheet, is still being drawn wait
    in the parent's memory: 270 MB of log sheets at 5,000 cards.)
    """
    added: list[str] = []
    adopted: list[StoredOutput] = []
    add, adopt = write.Staging.add, write.Staging.adopt

    def adding(staging: write.Staging, output: Output) -> StoredOutput:
        added.append(output.path)
        return add(staging, output)

    def adopting(staging: write.Staging, spooled: StoredOutput) -> StoredOutput:
        assert spooled.file.parent == staging.spool and spooled.file.stat().st_size == spooled.size
        adopted.append(spooled)
        return adopt(staging, spooled)

    monkeypatch.setattr(write.Staging, "add", adding)
    monkeypatch.setattr(write.Staging, "adopt", adopting)
    sources = [library_root() / folder for folder in SOURCE_FOLDERS]
    result = build_sources(sources, BuildOptions(out_dir=tmp_path / "out", jobs=2, use_cache=False))
    assert not [path for path in added if path.endswith(".pdf")], added
    assert len(adopted) > 100 and {item.path for item in adopted} <= {item.path for item in result.outputs}


def test_render_findings_of_parallel_workers_come_back_in_serial_order(tmp_path: Path) -> None:
    """Overflowing notes on several cards: the RENDER-OVERFLOW findings drawn by two processes equal one process's."""
    text = (library_root() / "cards" / "fw" / "p-51d.yaml").read_text(encoding="utf-8")
    crowded = "".join(f"  - {' '.join(f'w{k}x{j:03d}' for j in range(200))}\n" for k in range(8))
    cards = tmp_path / "pack" / "cards"
    cards.mkdir(parents=True)
    for number in range(70):  # over PARALLEL_FROM_OUTPUTS files to draw
        card = text.replace("id: p-51d\n", f"id: crowded-{number:02d}\n")
        if number % 20 == 0:
            card = card.replace("notes:\n", f"notes:\n{crowded}", 1)
        (cards / f"crowded-{number:02d}.yaml").write_text(card, encoding="utf-8")
    runs = [build_sources([cards], BuildOptions(out_dir=tmp_path / f"out-{jobs}", jobs=jobs, use_cache=False))
            for jobs in (1, 2, None)]
    overflow = [(f.location.path, f.location.line) for f in runs[0].report.findings if f.code == "RENDER-OVERFLOW"]
    assert len({path for path, _ in overflow}) == 4, overflow
    assert runs[1].report.findings == runs[0].report.findings == runs[2].report.findings
    assert not (tmp_path / "out-2").exists()  # an overflow fails the build: nothing is written


def test_a_full_disk_in_a_drawing_process_is_one_error_and_the_old_build_stays(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    sources = [library_root() / folder for folder in SOURCE_FOLDERS]
    out = tmp_path / "out"
    build_sources(sources, BuildOptions(out_dir=out, jobs=1, use_cache=False))
    before = tree(out)
    write_new = write._write_new

    def full(path: Path, data: bytes, mode: int) -> None:
        if path.parent.name == write.SPOOL_FOLDER:  # forked workers inherit the patch
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_new(path, data, mode)

    monkeypatch.setattr(write, "_write_new", full)
    with pytest.raises(OutputError, match=r"cannot write .*/out/fw/aircraft/[^/]*\.pdf: No space left on device$"):
        build_sources(sources, BuildOptions(out_dir=out, jobs=2, use_cache=False))
    assert tree(out) == before and sorted(os.listdir(tmp_path)) == ["out"]


def test_drawing_processes_stop_before_a_failed_build_is_deleted(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An error while outputs are being drawn: the processes still drawing finish before the new build folder
    is deleted, so none writes into it afterwards (it would come back as a hidden leftover)."""
    adopt, adopted = write.Staging.adopt, []

    def failing(staging: write.Staging, spooled: StoredOutput) -> StoredOutput:
        adopted.append(spooled.path)
        if len(adopted) == 3:
            raise OutputError("cannot write: the disk went away")
        return adopt(staging, spooled)

    monkeypatch.setattr(write.Staging, "adopt", failing)
    sources = [library_root() / folder for folder in SOURCE_FOLDERS]
    with pytest.raises(OutputError, match="the disk went away"):
        build_sources(sources, BuildOptions(out_dir=tmp_path / "out", jobs=2, use_cache=False))
    time.sleep(2)  # what a stray process would still write
    assert os.listdir(tmp_path) == []
