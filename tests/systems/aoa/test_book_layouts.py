"""Book code layouts, and books read through them: the bundled layouts, 25-wide books, unknown cells."""

from __future__ import annotations

import dataclasses
import io
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from pypdf import PdfReader
from ruamel.yaml import YAML

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.layout import PAPER_SIZES
from fwdata.systems.aoa.book_generator import book_yaml, design_from_data
from fwdata.systems.aoa.model import CODE_ORDERS, build_layout
from fwdata.systems.aoa.render_books import render_book

sys.path.insert(0, str(Path(__file__).parent))
import aoa_data  # noqa: E402

GENERATED = aoa_data.ROOT / "cards" / "aoa" / "books"
DESIGN = aoa_data.ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"


def layout(name: str) -> Any:
    return build_layout(aoa_data.document(aoa_data.TABLES / f"book-layout-{name}.yaml"))


def test_bundled_layouts_list_the_code_orders_the_book_model_reads() -> None:
    for name in ("powerhouse", "original"):
        bundled = layout(name)
        assert bundled.letters == CODE_ORDERS[bundled.id]


def test_powerhouse_layout_is_the_printed_maneuver_chart() -> None:
    """Powerhouse Maneuver Chart: 26 codes; 9 slow (A-I), 10 cruising (J-S), 7 fast (T-Z); D is the straight stall."""
    codes = layout("powerhouse").codes
    chart = aoa_data.maneuvers().maneuvers
    assert [(c.code, c.speed, c.column) for c in codes] == [(m.code, m.speed, m.direction) for m in chart]
    assert [sum(c.speed == s for c in codes) for s in ("slow", "cruising", "fast")] == [9, 10, 7]
    assert [c.code for c in codes if c.stationary] == ["D"] and codes[3].maneuver == "Straight (Stall)"


def test_original_layout_has_25_maneuvers_with_one_immelmann() -> None:
    """Original rules, The Maneuvers: "25 possible maneuvers"; one Immelmann Turn (M), no O."""
    original = layout("original")
    assert len(original.codes) == 25 and "O" not in original.letters
    assert original.codes[12].code == "M" and "Immelmann" in original.codes[12].maneuver


def _generated_pair(tmp_path: Path, *, drop_o: bool, layout_id: str | None) -> Path:
    """The generated books under new ids, optionally without column O and naming a layout."""
    yaml = YAML(typ="safe")
    for path in sorted(GENERATED.glob("*.yaml")):
        book = yaml.load(path.read_text(encoding="utf-8"))
        book["id"], book["opponent"] = f"typed-{book['id']}", f"typed-{book['opponent']}"
        for page in book["pages"]:
            if drop_o and "next" in page:
                del page["next"][14]
        text = book_yaml(book, str(schema_root() / "aoa" / "book.schema.json"))  # absolute: a temporary folder
        if layout_id is not None:
            text = text.replace("\nstart_pages:", f"\nlayout: {layout_id}\nstart_pages:")
        (tmp_path / f"{book['id']}.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_generated_books_typed_25_wide_check_clean_as_original_25(tmp_path: Path) -> None:
    """The generator flies M and O alike, so dropping O in both books keeps every end page equal (III)."""
    folder = _generated_pair(tmp_path, drop_o=True, layout_id="original-25")
    result = check_sources([folder], BuildOptions(), schema_root=schema_root())
    assert [f.format_line() for f in result.report.findings] == []
    books = {b.side: b for b in result.catalog.models("aoa", "book") if b.id.startswith("typed-")}
    assert books["german"].codes == CODE_ORDERS["original-25"] and books["german"].next_page(1, "O") is None


def test_generated_books_typed_25_wide_without_a_layout_get_the_hint(tmp_path: Path) -> None:
    folder = _generated_pair(tmp_path, drop_o=True, layout_id=None)
    result = check_sources([folder], BuildOptions(), schema_root=schema_root())
    chart = [f for f in result.report.findings if f.code == "AOA-BOOK-CHART"]
    assert {f.code for f in result.report.findings} == {"AOA-BOOK-CHART"}
    assert len(chart) == 2 * 26  # per book: 25 rows listed, then "197 more ... (222 in all)"
    assert sum("25 pages, layout powerhouse-26 has 26 codes" in f.message and "`layout: original-25`" in f.message
               for f in chart) == 2 * 25
    assert sum("(222 in all)" in f.message for f in chart) == 2


def test_a_book_with_unknown_cells_renders_them_as_a_dash(tmp_path: Path) -> None:
    folder = _generated_pair(tmp_path, drop_o=False, layout_id=None)
    book = next(b for b in check_sources([folder], BuildOptions()).catalog.models("aoa", "book")
                if b.id == "typed-fokker-d-vii-book")
    first = book.pages[0]
    masked = dataclasses.replace(first, next=MappingProxyType({k: v for k, v in first.next.items() if k != "A"}))
    book = dataclasses.replace(book, pages=(masked, *book.pages[1:]), _by_number={1: masked})
    design = design_from_data(YAML(typ="safe").load(DESIGN.read_text(encoding="utf-8")))
    data, _ = render_book(book, design, PAPER_SIZES["a4"], only=[1])
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "—" in text


@pytest.mark.parametrize("name", ["powerhouse", "original"])
def test_layout_codes_are_unique(name: str) -> None:
    letters = layout(name).letters
    assert len(set(letters)) == len(letters)
