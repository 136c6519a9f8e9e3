"""Raster adapter: PDF pages to PNGs (pypdfium2), card images onto one sheet (Pillow); the only importer of both.

Both come with the `preview` extra (`pip install 'fwdata[preview]'`); `renderer_missing` says
when they are not installed, so `--png` can refuse early instead of failing after the checks.
"""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Sequence

PREVIEW_INSTALL = "pip install 'fwdata[preview]'"
# pypdfium2 sizes a bitmap as ceil(points x scale); dpi / 72 in floating point makes 396 pt at 150 DPI
# 825.0000000000001, one pixel too many. Shrinking the scale by far less than a pixel keeps exact sizes exact.
_SCALE_FUDGE = 1 - 1e-9


def renderer_missing() -> str | None:
    """Return a one-line message when pypdfium2 or Pillow is not installed, else None."""
    missing = [name for name, module in (("pypdfium2", "pypdfium2"), ("Pillow", "PIL"))
               if importlib.util.find_spec(module) is None]
    return None if not missing else f"--png needs {' and '.join(missing)}: {PREVIEW_INSTALL}"


def pdf_to_pngs(pdf: bytes, dpi: int) -> list[bytes]:
    """Return one PNG (RGB, white background) per page of `pdf`, rendered at `dpi` pixels per inch.

    A page of w x h points becomes ceil(w x dpi / 72) x ceil(h x dpi / 72) pixels.
    The bytes depend only on `pdf`, `dpi` and the pypdfium2 and Pillow versions.
    """
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        pages = []
        for index in range(len(document)):
            page = document[index]
            try:
                bitmap = page.render(scale=dpi / 72 * _SCALE_FUDGE, fill_color=(255, 255, 255, 255))
                pages.append(_png(bitmap.to_pil().convert("RGB")))
            finally:
                page.close()
        return pages
    finally:
        document.close()


def trimmed_first_page(pdf: bytes, dpi: int) -> bytes | None:
    """Return page 1 of `pdf` rendered at `dpi` and cut to its TrimBox (a card without its bleed), as PNG bytes.

    Returns None when the TrimBox is the whole page: page 1's preview is then the card itself.
    """
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        try:
            left, bottom, right, top = page.get_mediabox()
            trim_left, trim_bottom, trim_right, trim_top = page.get_trimbox()
            crop = (trim_left - left, trim_bottom - bottom, right - trim_right, top - trim_top)
            if max(crop) < 0.01:
                return None
            bitmap = page.render(scale=dpi / 72 * _SCALE_FUDGE, crop=crop, fill_color=(255, 255, 255, 255))
            return _png(bitmap.to_pil().convert("RGB"))
        finally:
            page.close()
    finally:
        document.close()


def compose_sheet(cards: Sequence[bytes], columns: int, rows: int, cell_px: tuple[int, int]) -> bytes:
    """Return a PNG of `columns` x `rows` cells of `cell_px` (width, height) pixels, filled row by row with `cards`.

    Each card image (PNG bytes) is scaled to fill its cell; cells without a card stay white.
    """
    from PIL import Image

    width, height = cell_px
    sheet = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    for index, data in enumerate(cards):
        with Image.open(io.BytesIO(data)) as card:
            fitted = card.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
        sheet.paste(fitted, ((index % columns) * width, (index // columns) * height))
    return _png(sheet)


def png_size(png: bytes) -> tuple[int, int]:
    """Return the width and height in pixels of a PNG image."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.size


def _png(image: object) -> bytes:
    stream = io.BytesIO()
    image.save(stream, format="PNG", optimize=False)  # type: ignore[attr-defined]
    return stream.getvalue()
