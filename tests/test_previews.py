"""`fwdata build --png` (fwdata/output/previews.py): PNG pages, TTS deck sheets and index.html of a build."""

from __future__ import annotations

import importlib.util
import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from fwdata.cli.main import main
from fwdata.game_system import GameSystem, Output, RenderResult
from fwdata.output.previews import png_page_path, preview_outputs

REPOSITORY = Path(__file__).resolve().parent.parent
CARDS = ("p-51d", "bf-109g-10")


def pdf_of(pages: int, size: tuple[float, float] = (180, 252)) -> bytes:
    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=size, invariant=True)
    for _ in range(pages):
        canvas.showPage()
    canvas.save()
    return stream.getvalue()


def size_of(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as image:
        return image.size


class Unreadable:
    """An output whose bytes cannot be read: a preview that reached it would raise."""

    path = "aoa/chart.pdf"

    @property
    def data(self) -> bytes:
        raise AssertionError("read before the earlier previews were handed over")


def test_previews_are_handed_over_as_each_pdf_is_rendered() -> None:
    """A build writes each preview as it comes: the first PDF's PNG arrives before the next PDF is even read."""
    system = GameSystem(id="aoa", title="Ace of Aces", build_models={}, run_checks=lambda catalog, options: [],
                        render_outputs=lambda catalog, options: RenderResult())
    previews = preview_outputs([Output("aoa/plane/spad-xiii.pdf", pdf_of(1)), Unreadable()], {"aoa": system}, 72,
                               jobs=1)
    first = next(previews)
    assert (first.path, size_of(first.data)) == ("aoa/png/plane/spad-xiii/page-001.png", (180, 252))
    with pytest.raises(AssertionError, match="read before"):
        next(previews)


def test_png_pages_sit_under_the_systems_png_folder() -> None:
    assert png_page_path("fw/aircraft/p-51d.pdf", 1) == "fw/png/aircraft/p-51d/page-001.png"
    assert png_page_path("aoa/book/spad-xiii-book.pdf", 12) == "aoa/png/book/spad-xiii-book/page-012.png"


def test_every_pdf_page_gets_a_png_and_each_card_folder_a_deck_sheet() -> None:
    system = GameSystem(id="aoa", title="Ace of Aces", build_models={}, run_checks=lambda catalog, options: [],
                        render_outputs=lambda catalog, options: RenderResult(), deck_folders=("aoa/plane",))
    outputs = [Output("aoa/plane/spad-xiii.pdf", pdf_of(1)), Output("aoa/plane/fokker-d-vii.pdf", pdf_of(1)),
               Output("aoa/chart.pdf", pdf_of(2, (612, 792))), Output("findings.txt", b"")]
    *previews, notes = list(preview_outputs(outputs, {"aoa": system}, 72, tts_dpi=72, jobs=1))
    assert [(output.path, size_of(output.data)) for output in previews] == [
        ("aoa/png/plane/spad-xiii/page-001.png", (180, 252)),
        ("aoa/png/plane/fokker-d-vii/page-001.png", (180, 252)),
        ("aoa/png/chart/page-001.png", (612, 792)),
        ("aoa/png/chart/page-002.png", (612, 792)),
        ("aoa/tts/plane-deck-01.png", (360, 504)),  # 2 cards and the hidden slot on a 2 x 2 grid
    ]
    assert notes.path == "aoa/tts/plane-decks.txt"
    assert notes.data.decode("utf-8").splitlines() == [
        "plane-deck-01.png: Width 2, Height 2, Number 2 (360 x 504 px; the last slot is left for the hidden card)",
        "   1. fokker-d-vii", "   2. spad-xiii",
        "Import: Objects > Components > Custom > Deck; see docs/tabletop-simulator.md."]


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two bundled Fighting Wings cards as a base library of their own (so the whole base is not built)."""
    (tmp_path / "p" / "cards" / "fw").mkdir(parents=True)
    for name in CARDS:
        shutil.copy(REPOSITORY / "cards" / "fw" / f"{name}.yaml", tmp_path / "p" / "cards" / "fw")
    (tmp_path / "p" / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: two cards\nversion: "1"\n',
                                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "p"


def build(*args: str) -> None:
    result = CliRunner().invoke(main, ["build", "--no-progress", "--out", "out", *args, "p"])
    assert result.exit_code == 0, result.output


def test_a_build_with_png_72_writes_true_size_pages_a_deck_and_the_index(pack: Path) -> None:
    build("--png", "72", "--jobs", "1")
    out = Path("out")
    # A half-letter ADC is 612 x 396 pt: at 72 DPI one pixel a point.
    assert size_of((out / "fw/png/aircraft/p-51d/page-001.png").read_bytes()) == (612, 396)
    # The deck's faces have their own resolution (--tts-dpi, 200 by default), not the previews' 72 DPI: a 2 x 2
    # sheet of 612 x 396 pt cards at 200 DPI.
    assert size_of((out / "fw/tts/aircraft-deck-01.png").read_bytes()) == (3400, 2200)
    pdfs = sorted(path.relative_to(out).as_posix() for path in out.rglob("*.pdf"))
    for pdf in pdfs:
        assert (out / png_page_path(pdf, 1)).is_file(), pdf
    html = (out / "index.html").read_text(encoding="utf-8")
    assert '<img src="fw/png/aircraft/p-51d/page-001.png"' in html
    assert '<a href="fw/aircraft/p-51d.pdf">P-51D Mustang · Fighting Wings Aircraft Data Card</a>' in html


def test_previews_follow_the_cache_and_the_option(pack: Path) -> None:
    build("--png", "72")
    first = Path("out/fw/png/aircraft/p-51d/page-001.png").read_bytes()
    result = CliRunner().invoke(main, ["build", "--no-progress", "--out", "out", "--png", "72", "p"])
    assert "nothing changed since the last build" in result.stderr
    assert Path("out/fw/png/aircraft/p-51d/page-001.png").read_bytes() == first
    build("--png", "72", "--no-cache")
    assert Path("out/fw/png/aircraft/p-51d/page-001.png").read_bytes() == first  # PNG bytes are reproducible
    build("--png", "36")
    assert size_of(Path("out/fw/png/aircraft/p-51d/page-001.png").read_bytes()) == (306, 198)
    build()
    assert not Path("out/fw/png").exists() and not Path("out/fw/tts").exists()
    html = Path("out/index.html").read_text(encoding="utf-8")
    assert "<img" not in html and '<a href="fw/aircraft/p-51d.pdf">' in html


@pytest.mark.parametrize(("value", "message"), [("35", "35 is not in the range 36<=x<=600"),
                                                ("601", "601 is not in the range 36<=x<=600")])
def test_png_takes_36_to_600_dpi(pack: Path, value: str, message: str) -> None:
    result = CliRunner().invoke(main, ["build", "--out", "out", "--png", value, "p"])
    assert result.exit_code == 2 and message in result.stderr


def test_png_without_the_preview_extra_is_a_usage_error(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    result = CliRunner().invoke(main, ["build", "--out", "out", "--png", "150", "p"])
    assert result.exit_code == 2 and result.stdout == ""
    assert "--png needs pypdfium2 and Pillow: pip install 'fwdata[preview]'" in result.stderr
    assert not Path("out").exists()
