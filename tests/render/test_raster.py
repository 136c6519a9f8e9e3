"""Raster adapter (fwdata/render/raster.py): PDF pages to PNGs at a resolution, card images onto a sheet."""

from __future__ import annotations

import importlib.util
import io
import math
from fractions import Fraction

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from fwdata.render import raster
from fwdata.render.raster import compose_sheet, pdf_to_pngs, png_size, renderer_missing, trimmed_first_page


def pdf_of(*pages: tuple[float, float]) -> bytes:
    """A PDF with one page of each (width, height) in points, a black square in its top-left corner."""
    stream = io.BytesIO()
    canvas = Canvas(stream, invariant=True)
    for width, height in pages:
        canvas.setPageSize((width, height))
        canvas.rect(0, height - 18, 18, 18, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return stream.getvalue()


def expected_px(points: float, dpi: int) -> int:
    """Pixels pdfium gives a page side: points x dpi / 72, rounded up (computed exactly)."""
    return math.ceil(Fraction(points) * dpi / 72)


def test_a_half_letter_adc_at_150_dpi_is_1275_by_825_pixels() -> None:
    # 396 pt x 150 / 72 is 825 exactly; floating point makes it 825.0000000000001, which must not become 826.
    assert [png_size(png) for png in pdf_to_pngs(pdf_of((612, 396)), 150)] == [(1275, 825)]


@pytest.mark.parametrize("dpi", [36, 37, 72, 96, 150, 300])
def test_every_page_is_its_size_in_points_times_dpi_over_72(dpi: int) -> None:
    pages = [(612, 396), (180, 252), (419.53, 595.28)]  # FW half-letter ADC, AoA plane card, A5
    pngs = pdf_to_pngs(pdf_of(*pages), dpi)
    assert [png_size(png) for png in pngs] == [(expected_px(w, dpi), expected_px(h, dpi)) for w, h in pages]


def test_an_aoa_card_at_37_dpi_rounds_92_5_pixels_up() -> None:
    assert png_size(pdf_to_pngs(pdf_of((180, 252)), 37)[0]) == (93, 130)


def test_pages_are_rgb_on_white_with_the_drawing_where_it_was() -> None:
    with Image.open(io.BytesIO(pdf_to_pngs(pdf_of((144, 144)), 72)[0])) as image:
        assert image.mode == "RGB"
        assert image.getpixel((5, 5)) == (0, 0, 0)  # the black square, top left
        assert image.getpixel((100, 100)) == (255, 255, 255)


def test_the_same_pdf_renders_to_the_same_bytes() -> None:
    pdf = pdf_of((612, 396), (180, 252))
    assert pdf_to_pngs(pdf, 100) == pdf_to_pngs(pdf, 100)


def solid(color: tuple[int, int, int], size: tuple[int, int] = (20, 40)) -> bytes:
    stream = io.BytesIO()
    Image.new("RGB", size, color).save(stream, format="PNG")
    return stream.getvalue()


def test_a_sheet_places_cards_row_by_row_scaled_to_the_cell_and_leaves_the_rest_white() -> None:
    red, green, blue = (255, 0, 0), (0, 255, 0), (0, 0, 255)
    sheet = compose_sheet([solid(red), solid(green), solid(blue, (40, 80))], 2, 2, (10, 20))
    with Image.open(io.BytesIO(sheet)) as image:
        assert image.size == (20, 40)
        assert [image.getpixel(point) for point in ((5, 10), (15, 10), (5, 30), (15, 30))] == [
            red, green, blue, (255, 255, 255)]


def test_png_needs_the_preview_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    assert renderer_missing() is None
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "pypdfium2" else object())
    assert raster.renderer_missing() == "--png needs pypdfium2: pip install 'fwdata[preview]'"


def test_a_deck_face_is_the_card_without_its_bleed() -> None:
    # A 2.5 x 3.5 in poker card with 9 pt (1/8 in) of bleed: the page is 198 x 270 pt, the TrimBox 180 x 252 pt.
    stream = io.BytesIO()
    canvas = Canvas(stream, pagesize=(198, 270), invariant=True)
    canvas.setTrimBox((9, 9, 189, 261))
    canvas.rect(0, 0, 198, 270, stroke=0, fill=1)  # black to the bleed edge, so a white rim would show
    canvas.showPage()
    canvas.save()
    face = trimmed_first_page(stream.getvalue(), 100)
    assert face is not None
    width, height = png_size(face)  # pdfium rounds each cropped edge to whole pixels: within 1 px of 250 x 350
    assert abs(width - expected_px(180, 100)) <= 1 and abs(height - expected_px(252, 100)) <= 1
    with Image.open(io.BytesIO(face)) as image:
        assert image.convert("L").getextrema() == (0, 0)  # all black: no bleed left around the card


def test_a_page_without_bleed_has_no_separate_deck_face() -> None:
    assert trimmed_first_page(pdf_of((180, 252)), 100) is None
