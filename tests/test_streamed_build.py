"""A build writes each output into its new folder as soon as it is drawn, and swaps the folder in only when done."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources
from fwdata.systems.fw import render as fw_render

REPOSITORY = Path(__file__).resolve().parent.parent


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """Two bundled Fighting Wings cards and the tables, as the base library itself (nothing else is built)."""
    pack = tmp_path / "p"
    (pack / "cards" / "fw").mkdir(parents=True)
    for name in ("p-51d", "bf-109g-10"):
        shutil.copy(REPOSITORY / "cards" / "fw" / f"{name}.yaml", pack / "cards" / "fw")
    shutil.copytree(REPOSITORY / "tables" / "fw", pack / "tables" / "fw")
    (pack / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: fw only\nversion: "1"\n', encoding="utf-8")
    return pack


def new_siblings(out: Path) -> list[Path]:
    return sorted(out.parent.glob(f".{out.name}.fwdata-new-*"))


def test_outputs_drawn_earlier_are_on_disk_before_later_ones_are_drawn(pack: Path, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    seen: list[list[str]] = []
    blank = fw_render.render_blank_logsheet

    def spying(paper):  # the blank log sheet is drawn after the cards and their sheet
        (staging,) = new_siblings(out)
        seen.append(sorted(path.relative_to(staging).as_posix() for path in staging.rglob("*.pdf")))
        return blank(paper)

    monkeypatch.setattr(fw_render, "render_blank_logsheet", spying)
    result = build_sources([pack], BuildOptions(out_dir=out, jobs=1, use_cache=False))
    assert seen == [["fw/aircraft.pdf", "fw/aircraft/bf-109g-10.pdf", "fw/aircraft/p-51d.pdf"]]
    assert new_siblings(out) == []
    assert [output.path for output in result.outputs][:4] == [
        "fw/aircraft/bf-109g-10.pdf", "fw/aircraft/p-51d.pdf", "fw/aircraft.pdf", "fw/logsheet/blank.pdf"]
    assert all(output.file == out.joinpath(*output.path.split("/")) for output in result.outputs)
    assert (out / "fw" / "logsheet" / "blank.pdf").read_bytes() == result.outputs[3].data


def test_a_render_that_raises_leaves_the_previous_build_and_no_new_folder(pack: Path, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    build_sources([pack], BuildOptions(out_dir=out, jobs=1, use_cache=False))
    before = {path: path.read_bytes() for path in out.rglob("*") if path.is_file()}

    def broken(paper):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(fw_render, "render_blank_logsheet", broken)
    with pytest.raises(RuntimeError, match="drawing failed"):
        build_sources([pack], BuildOptions(out_dir=out, jobs=1, use_cache=False))
    assert new_siblings(out) == []
    assert {path: path.read_bytes() for path in out.rglob("*") if path.is_file()} == before
