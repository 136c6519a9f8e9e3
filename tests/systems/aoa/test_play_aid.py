"""The solitaire play aid: d100 ranges of a mixed strategy, the PDF read back, and the command's refusals."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from fwdata.cli.main import main
from fwdata.systems.aoa.render.play_aid import d100_ranges, render_play_aid

ROOT = Path(__file__).resolve().parents[3]
BOOKS = [str(ROOT / "cards" / "aoa" / "books" / "spad-xiii-book.yaml"),
         str(ROOT / "cards" / "aoa" / "books" / "fokker-d-vii-book.yaml")]


def test_d100_ranges_cover_the_die_by_largest_remainder() -> None:
    """1/3 each: 34, 33, 33 faces (the first largest remainder gets the spare face); ranges run 1..100."""
    assert d100_ranges({"A": 1 / 3, "B": 1 / 3, "C": 1 / 3}) == [("A", 1, 34), ("B", 35, 67), ("C", 68, 100)]
    assert d100_ranges({"Z": 0.625, "T": 0.375}) == [("T", 1, 38), ("Z", 39, 100)]
    assert d100_ranges({"D": 0.999, "E": 0.001}) == [("D", 1, 100)]  # a share below half a face is left out
    with pytest.raises(ValueError, match="no weight"):
        d100_ranges({"A": 0.0})


def test_play_aid_pdf_lists_every_row() -> None:
    rows = [(page, clue, {"M": 0.5, "O": 0.5} if page % 2 else {"W": 1.0})
            for page in range(1, 80) for clue in (("left", "straight", "right") if page == 7 else ("",))]
    data = render_play_aid("Test aid", "A note.", rows)
    reader = PdfReader(io.BytesIO(data))
    text = "".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) == 2  # 81 rows: 50 on the first page, the rest on the second
    assert "M 01-50 O 51-00" in text.replace("  ", " ") and "W always" in text
    assert text.count("straight") == 1
    assert float(reader.pages[0].mediabox.width) == 612.0


@pytest.mark.parametrize(("damage", "message"), [("12,0", "must be below the 12 hit points"),
                                                 ("a,b", "expected two whole numbers"),
                                                 ("1,2,3", "expected two whole numbers")])
def test_play_aid_refuses_a_bad_damage_level(tmp_path: Path, damage: str, message: str) -> None:
    out = tmp_path / "aid.pdf"
    result = CliRunner().invoke(main, ["aoa", "play-aid", *BOOKS, "--opponent", "german", "--out", str(out),
                                       "--damage", damage])
    assert result.exit_code == 2 and not out.exists()
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
