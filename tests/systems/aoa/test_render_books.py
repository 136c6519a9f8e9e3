"""Dogfighting-book booklets: read the PDFs back, check every page against the book, and play a game from them."""

from __future__ import annotations

import dataclasses
import io
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from ruamel.yaml import YAML

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.render.layout import PAPER_SIZES
from fwdata.systems.aoa.book_generator import MANEUVER_CODES, book_yaml, design_from_data, generate_books
from fwdata.systems.aoa.render_books import render_book

sys.path.insert(0, str(Path(__file__).parent))
from book_fixture import regenerated_books_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
DESIGN_PATH = ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"
LOST = 223
CODE_LINE = re.compile(r"^([A-Z]) ([LSR])$")


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    design = design_from_data(YAML(typ="safe").load(DESIGN_PATH.read_text()))
    pair = generate_books(design)
    folder = tmp_path_factory.mktemp("books")
    for book in pair.books.values():
        (folder / f"{book['id']}.yaml").write_text(book_yaml(book))
    (folder / "fwdata-pack.yaml").write_text(regenerated_books_manifest(pair))
    catalog = check_sources([folder], BuildOptions()).catalog
    books = {b.side: b for b in catalog.models("aoa", "book")}
    pdfs, findings = {}, []
    for side, book in books.items():
        data, found = render_book(book, design, PAPER_SIZES["letter"])
        pdfs[side] = data
        findings += found
    printed = {side: parse_booklet(data) for side, data in pdfs.items()}
    return {"design": design, "pair": pair, "books": books, "pdfs": pdfs, "findings": findings, "printed": printed}


def parse_booklet(data: bytes) -> dict[int, dict[str, Any]]:
    """Read every book page back from the PDF text: tags and the page under each code."""
    pages: dict[int, dict[str, Any]] = {}
    for sheet in PdfReader(io.BytesIO(data)).pages:
        lines = [line.strip() for line in sheet.extract_text().splitlines()]
        current: dict[str, Any] | None = None
        k = 0
        while k < len(lines):
            line = lines[k]
            if line.isdigit() and k + 1 < len(lines) and lines[k + 1].endswith("book"):
                current = {"next": {}, "tags": set()}
                pages[int(line)] = current
                k += 2
                continue
            if current is not None:
                match = CODE_LINE.match(line)
                if match and k + 2 < len(lines) and lines[k + 2].isdigit():
                    current["next"][match.group(1)] = int(lines[k + 2])
                    k += 3
                    continue
                if line in ("TAILING", "TAILED", "SHOT!") or line.startswith("FIRING "):
                    current["tags"].add(line)
            k += 1
    return pages


def test_two_book_pages_per_landscape_letter_sheet(setup: dict[str, Any]) -> None:
    """Issue: two book pages per Letter sheet; a how-to page plus 223 pages = 112 sheets of 11 x 8.5 in."""
    reader = PdfReader(io.BytesIO(setup["pdfs"]["allied"]))
    assert len(reader.pages) == 112
    assert [float(v) for v in reader.pages[0].mediabox] == [0, 0, 792, 612]
    assert setup["findings"] == []


def test_a4_sheets(setup: dict[str, Any]) -> None:
    data, _ = render_book(setup["books"]["german"], setup["design"], PAPER_SIZES["a4"], only=[1, 2, 223])
    assert len(PdfReader(io.BytesIO(data)).pages) == 2
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert round(float(box.width)) == 842 and round(float(box.height)) == 595


def test_fonts_are_embedded(setup: dict[str, Any]) -> None:
    page = PdfReader(io.BytesIO(setup["pdfs"]["allied"])).pages[1]
    fonts = page["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


def test_every_printed_page_matches_its_book(setup: dict[str, Any]) -> None:
    """Each booklet prints pages 1-223 once, with the book's chart and tags."""
    for side, book in setup["books"].items():
        printed = setup["printed"][side]
        assert sorted(printed) == list(range(1, 224))
        for record in book.pages:
            got = printed[record.page]
            wanted = dict(record.next) if record.next is not None else {}
            assert got["next"] == wanted, record.page
            tags = set()
            if record.tag:
                tags.add(record.tag.upper())
            if record.firing:
                tags.add(f"FIRING {record.damage}")
            if record.shot:
                tags.add("SHOT!")
            assert got["tags"] == tags, record.page


def test_a_game_played_from_the_printed_booklets_follows_the_model(setup: dict[str, Any]) -> None:
    """Standard Game, Reveal Maneuver and Page 223, played with the numbers read off the two PDFs.

    Each turn: both call the number under their maneuver, open their own booklet at the
    other's call and read their maneuver there; a call of 223 takes the other's end page.
    Every end page equals the situation computed in world coordinates.
    """
    printed = setup["printed"]
    pair = setup["pair"]
    ships = {s.side: s for s in pair.design.ships}
    rng = random.Random(170)
    page, turns, lost = 170, 0, 0
    while turns < 60:
        ma, mg = rng.choice(MANEUVER_CODES), rng.choice(MANEUVER_CODES)
        call_a, call_g = printed["allied"][page]["next"][ma], printed["german"][page]["next"][mg]
        situation = pair.numbering.situation(page)
        model = pair.numbering.page_of(situation.after_own_move(ships["allied"].moves[ma])
                                       .after_enemy_move(ships["german"].moves[mg]))
        turns += 1
        if call_a == LOST and call_g == LOST:
            lost += 1
            page = 170  # Lost!: both search and start again
            continue
        end_a = printed["allied"][call_g]["next"][ma] if call_g != LOST else None
        end_g = printed["german"][call_a]["next"][mg] if call_a != LOST else None
        if end_a is not None and end_g is not None:
            assert end_a == end_g
        end = end_a if end_a is not None else end_g
        assert end == model
        page = 170 if end == LOST else end
    assert turns == 60


def test_the_rulebook_example_from_page_120_can_be_read_off_the_booklets(setup: dict[str, Any]) -> None:
    """Powerhouse Tailing example: 120 -> calls 107 (Allied N) and 119 (German A) -> end page 91, Firing 2."""
    allied, german = setup["printed"]["allied"], setup["printed"]["german"]
    assert "TAILING" in allied[120]["tags"]
    assert allied[120]["next"]["N"] == 107 and german[120]["next"]["A"] == 119
    assert allied[119]["next"]["N"] == german[107]["next"]["A"] == 91
    assert "FIRING 2" in allied[91]["tags"]


def test_two_renders_are_byte_identical(setup: dict[str, Any]) -> None:
    first, _ = render_book(setup["books"]["allied"], setup["design"], PAPER_SIZES["letter"], only=[1, 120, 223])
    second, _ = render_book(setup["books"]["allied"], setup["design"], PAPER_SIZES["letter"], only=[1, 120, 223])
    assert first == second
    assert parse_booklet(first)[120]["next"] == setup["printed"]["allied"][120]["next"]


def test_the_lost_rule_sends_both_books_to_the_designs_start_page(setup: dict[str, Any]) -> None:
    """Both lost on page 223: start again on the start page (AoA VI: 170, the printed books'). A design that starts
    elsewhere prints its own start page there, on the how-to page and on page 223 alike."""
    book = setup["books"]["allied"]
    printed = {start: " ".join(page.extract_text() for page in PdfReader(io.BytesIO(
        render_book(book, dataclasses.replace(setup["design"], start_page=start), PAPER_SIZES["letter"])[0])).pages)
        for start in (170, 171)}
    for start, text in printed.items():
        words = " ".join(text.split())
        assert f"start again at page {start}, damage kept" in words
        assert f"start again on page {start}, keeping your damage" in words
        assert f"open their books at page {start}" in words
    assert "page 170" not in " ".join(printed[171].split())
