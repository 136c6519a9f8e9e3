"""A build with two processes writes exactly the files, bytes and findings of a build with one."""

from __future__ import annotations

from pathlib import Path

from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
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
