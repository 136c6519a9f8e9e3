"""`TextWriter` (fwdata/render/text_operators.py) writes what reportlab's own text calls write, byte for byte."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen import canvas

from fwdata.render import text_operators
from fwdata.render.font_files import FONT, FONT_BOLD, FONT_ITALIC
from fwdata.render.fonts import register_fonts
from fwdata.render.text_operators import TextWriter

Line = tuple[float, float, str, str, float, str, float]  # x, y, text, font, size, align, gray


def canvases() -> tuple[canvas.Canvas, canvas.Canvas]:
    register_fonts()
    return tuple(canvas.Canvas(io.BytesIO(), invariant=1, pageCompression=1, initialFontName=FONT)
                 for _ in range(2))  # type: ignore[return-value]


def by_reportlab(target: canvas.Canvas, lines: list[Line]) -> None:
    for x, y, text, font, size, align, gray in lines:
        target.setFont(font, size)
        target.setFillGray(gray)
        draw = {"left": target.drawString, "centre": target.drawCentredString, "right": target.drawRightString}
        draw[align](x, y, text)
        target.setFillGray(0)


def by_writer(target: canvas.Canvas, lines: list[Line]) -> None:
    writer = TextWriter(target)
    for x, y, text, font, size, align, gray in lines:
        writer.show(x, y, text, font, size, align, gray)


def saved(target: canvas.Canvas) -> bytes:
    target.showPage()
    target.save()
    return target._filename.getvalue()  # type: ignore[no-any-return]


def assert_same(lines: list[Line]) -> None:
    theirs, ours = canvases()
    by_reportlab(theirs, lines)
    by_writer(ours, lines)
    assert ours._code == theirs._code
    assert (ours._fontname, ours._fontsize, ours._leading, ours._fillColorObj) == (
        theirs._fontname, theirs._fontsize, theirs._leading, theirs._fillColorObj)
    assert saved(ours) == saved(theirs)


SAMPLES = ["", "Bf 109G-10", "Me 163B · Komet", "(brackets) and \\ back\\slash", "Spitfire F Mk XIVe…",
           "ÆØÅ æøå ß Ç ñ", "\u00a0nbsp\u00a0", "漢字 not in the font", "tab\there", "Turn 12"]


@pytest.mark.parametrize("align", ["left", "centre", "right"])
def test_lines_are_written_as_reportlab_writes_them(align: str) -> None:
    fonts = [FONT, FONT_BOLD, FONT_ITALIC]
    lines = [(10.0 + number, 700.5 - 7 * number, text, fonts[number % 3], 6.0 + (number % 5) / 2, align,
              [0.0, 0.35, 1.0][number % 3])
             for number, text in enumerate(SAMPLES * 3)]
    assert_same(lines)


def test_more_characters_than_one_subset_holds_are_written_as_reportlab_writes_them() -> None:
    """Over 256 distinct characters in one font: runs in two subsets, each with its own font name."""
    many = "".join(chr(code) for code in range(0x20, 0x17F) if chr(code).isprintable())
    assert len(many) > 256
    assert_same([(5.0, 600.0, many[:200], FONT, 8.0, "left", 0.0), (5.0, 580.0, many, FONT, 8.0, "centre", 0.5),
                 (5.0, 560.0, many[150:], FONT, 7.5, "right", 0.0)])


def test_lines_beyond_those_remembered_are_still_written_as_reportlab_writes_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(text_operators, "MAX_REMEMBERED", 4)
    assert_same([(1.0, 1.0 + number, f"line {number % 7}", FONT, 8.0, "left", 0.0) for number in range(30)])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(-50, 800, allow_nan=False), st.floats(-50, 800, allow_nan=False),
                          st.text(st.characters(blacklist_categories=("Cs",)), max_size=30),
                          st.sampled_from([FONT, FONT_BOLD, FONT_ITALIC]), st.sampled_from([6.0, 6.5, 7.5, 8.0, 12.25]),
                          st.sampled_from(["left", "centre", "right"]), st.sampled_from([0.0, 0.2, 0.35, 1.0])),
                min_size=1, max_size=12))
def test_any_lines_are_written_as_reportlab_writes_them(lines: list[Line]) -> None:
    assert_same(lines)
