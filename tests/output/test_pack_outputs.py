"""A pack's build draws the pack's outputs; --with-base adds the base library's (fwdata/output/pack_outputs.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from fwdata.cli.main import main
from fwdata.game_system import ImposedSheet, PlannedOutput, RenderResult
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.output.pack_outputs import pack_plans
from fwdata.pipeline import build_sources

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = 'id: {id}\nname: A test pack\nversion: "1.0"\n'


def _copy(source: Path, target: Path, old_id: str, new_id: str) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    text = source.read_text(encoding="utf-8")
    assert f"id: {old_id}\n" in text
    target.write_text(text.replace(f"id: {old_id}\n", f"id: {new_id}\n", 1), encoding="utf-8")


@pytest.fixture()
def one_card(tmp_path: Path) -> Path:
    """A pack of one Fighting Wings card (a copy of the bundled P-51D under a new id), with a manifest."""
    root = tmp_path / "one-card"
    _copy(ROOT / "cards" / "fw" / "p-51d.yaml", root / "cards" / "fw" / "my-p51.yaml", "p-51d", "my-p51")
    (root / "fwdata-pack.yaml").write_text(MANIFEST.format(id="one-card"), encoding="utf-8")
    return root


def _files(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*")
            if path.is_file() and not path.name.startswith(".fwdata")}


def _pages(pdf: Path) -> int:
    return len(PdfReader(io.BytesIO(pdf.read_bytes())).pages)


PACK_OUTPUTS = {"fw/aircraft/my-p51.pdf", "fw/aircraft.pdf", "index.html", "findings.txt"}


def test_a_one_card_pack_builds_its_card_and_its_sheet_only(one_card: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    result = build_sources([one_card], BuildOptions(out_dir=out))
    assert not result.report.failed(False)
    assert {output.path for output in result.outputs} == PACK_OUTPUTS
    assert _files(out) == PACK_OUTPUTS
    assert _pages(out / "fw" / "aircraft.pdf") == 1  # the imposed sheet holds the pack's card, not the 11 bundled
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "my-p51.pdf" in index and "p-51d.pdf" not in index


def test_with_base_adds_the_base_library_outputs_and_the_cache_keys_on_it(one_card: Path, tmp_path: Path) -> None:
    out = tmp_path / "build"
    build_sources([one_card], BuildOptions(out_dir=out))
    pack_sheet = (out / "fw" / "aircraft.pdf").read_bytes()
    result = build_sources([one_card], BuildOptions(out_dir=out, with_base=True))
    assert not result.unchanged  # the run key holds --with-base: the pack-only build is not taken for it
    written = _files(out)
    assert written >= PACK_OUTPUTS
    bundled_cards = {f"fw/aircraft/{path.stem}.pdf" for path in (library_root() / "cards" / "fw").glob("*.yaml")}
    assert bundled_cards and bundled_cards <= written
    assert {"fw/logsheet/blank.pdf", "fw/table.pdf", "fl/crosscheck.md", "fl/status-card.pdf", "aoa/chart.pdf",
            "aoa/pilots-log/blank.pdf"} <= written
    assert _pages(out / "fw" / "aircraft.pdf") == len(bundled_cards) + 1
    assert result.copied == 1  # the pack's card, unchanged: the sheet of all cards is another output
    # And back: the base outputs go, and the sheet is the pack's again, not the with-base one left in the folder.
    again = build_sources([one_card], BuildOptions(out_dir=out))
    assert not again.unchanged
    assert _files(out) == PACK_OUTPUTS
    assert (out / "fw" / "aircraft.pdf").read_bytes() == pack_sheet


def test_the_command_line_takes_with_base(one_card: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "build"
    plain = runner.invoke(main, ["build", "--out", str(out), str(one_card)])
    assert plain.exit_code == 0, plain.output
    assert f"wrote 4 files into {out}/ (fw/ 2, findings.txt, index.html)" in plain.output
    assert _files(out) == PACK_OUTPUTS
    with_base = runner.invoke(main, ["build", "--with-base", "--out", str(out), str(one_card)])
    assert with_base.exit_code == 0, with_base.output
    assert "fl/aircraft/f-4e.pdf" in _files(out)


def test_a_pack_of_every_system_builds_what_shows_its_entries(tmp_path: Path) -> None:
    """A scenario naming bundled cards gives its log sheets (not those cards' PDFs); a card its PDF and sheet; an Ace
    of Aces plane its card, sheet, Pilot's Log and the campaign sheet (which lists every plane)."""
    root = tmp_path / "every-system"
    root.mkdir()
    (root / "fwdata-pack.yaml").write_text(MANIFEST.format(id="every-system"), encoding="utf-8")
    _copy(ROOT / "scenarios" / "fw" / "bomber-intercept.yaml", root / "scenarios" / "fw" / "my-intercept.yaml",
          "bomber-intercept", "my-intercept")
    _copy(ROOT / "cards" / "fl" / "aircraft" / "f-4e.yaml", root / "cards" / "fl" / "aircraft" / "my-f4.yaml",
          "f-4e", "my-f4")
    _copy(ROOT / "cards" / "aoa" / "spad-xiii.yaml", root / "cards" / "aoa" / "my-spad.yaml", "spad-xiii", "my-spad")
    out = tmp_path / "build"
    result = build_sources([root], BuildOptions(out_dir=out))
    assert not result.report.failed(False)
    assert _files(out) == {
        "fw/logsheet/my-intercept.pdf",
        "fl/aircraft/my-f4.pdf", "fl/aircraft.pdf",
        "aoa/plane/my-spad.pdf", "aoa/plane.pdf", "aoa/pilots-log/my-spad.pdf", "aoa/campaign-setup.pdf",
        "index.html", "findings.txt",
    }


def _sheet(items: list[str], pages: object = None) -> RenderResult:
    return RenderResult()


def test_pack_plans_keeps_the_outputs_that_show_a_pack_entry() -> None:
    own = frozenset({("fw", "aircraft", "mine"), ("fw", "table", "turn-chart")})
    chains = (("fw", "aircraft", "p-51d"),), (("fw", "aircraft", "mine"), ("fw", "aircraft", "p-51d"))
    sheet = ImposedSheet(_sheet, ["p-51d", "mine"])
    plans = [
        PlannedOutput("a/p-51d.pdf", chains[0], RenderResult),
        PlannedOutput("a/mine.pdf", chains[1], RenderResult),
        PlannedOutput("a.pdf", chains[0] + chains[1], sheet.render, chains, sheet),
        PlannedOutput("blank.pdf", (), RenderResult),
        PlannedOutput("everything.md", None, RenderResult),
        PlannedOutput("tables.pdf", (("fw", "table", "turn-chart"), ("fw", "table", "fvt")), RenderResult),
        PlannedOutput("scenario.pdf", None, RenderResult, shows=(("fw", "scenario", "theirs"),)),
    ]
    kept = list(pack_plans(plans, own))
    assert [plan.path for plan in kept] == ["a/mine.pdf", "a.pdf", "everything.md", "tables.pdf"]
    assert kept[0] is plans[1] and kept[3] is plans[5]  # drawn as planned: a play-aid book is drawn whole
    imposed = kept[1]
    assert imposed.items == (chains[1],) and imposed.sources == chains[1]
    assert imposed.sheet is not None and list(imposed.sheet.items) == ["mine"]
    # A sheet whose every card is the pack's is the plan itself (the base library's own build draws it unchanged).
    assert list(pack_plans([plans[2]], own | {("fw", "aircraft", "p-51d")})) == [plans[2]]


def test_pack_plans_drops_a_sheet_with_no_pack_card() -> None:
    chains = ((("fw", "aircraft", "p-51d"),),)
    sheet = ImposedSheet(_sheet, ["p-51d"])
    plan = PlannedOutput("a.pdf", chains[0], sheet.render, chains, sheet)
    assert list(pack_plans([plan], frozenset({("fw", "scenario", "mine")}))) == []
