"""The bare reportlab anchor of `fwdata build`: the build's own pages drawn again, without layout.

Usage: python bench/draw_pages.py CONTENT.json OUT

CONTENT.json is what bench/page_content.py read back from a build folder: every PDF, its
pages, and on each page its texts, rectangles and line segments. This draws them all again
with plain reportlab calls, to the same files (OUT/<path>), page sizes and fonts (Bitstream
Vera embedded from reportlab's fonts folder, as fwdata/render/pdf.py embeds it), with the
same canvas settings (invariant, compressed pages). What it does not do is what fwdata adds
on top of reportlab: reading the data, laying it out, fitting and wrapping text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONTS = {"regular": ("BenchSans", "Vera.ttf"), "bold": ("BenchSans-Bold", "VeraBd.ttf"),
         "italic": ("BenchSans-Oblique", "VeraIt.ttf")}


def draw_file(target: Path, pages: list[dict]) -> None:
    """Draw one PDF's pages to `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    pdf = canvas.Canvas(str(target), invariant=1, pageCompression=1, initialFontName=FONTS["regular"][0])
    for page in pages:
        pdf.setPageSize(tuple(page["size"]))
        pdf.setLineWidth(0.5)
        for operation in page["ops"]:
            kind = operation[0]
            if kind == "t":
                _, face, size, x, y, gray, text = operation
                pdf.setFont(FONTS[face][0], size)
                pdf.setFillGray(gray)
                pdf.drawString(x, y, text)
            elif kind == "r":
                _, x, y, width, height, filled, gray = operation
                pdf.setFillGray(gray)
                pdf.rect(x, y, width, height, stroke=int(not filled), fill=int(filled))
            else:
                pdf.line(*operation[1:5])
        pdf.showPage()
    pdf.save()


def main() -> None:
    content, out = Path(sys.argv[1]), Path(sys.argv[2])
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in FONTS.values():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    files = json.loads(content.read_text(encoding="utf-8"))
    for item in files:
        draw_file(out / item["path"], item["pages"])
    print(f"{len(files)} PDFs, {sum(len(item['pages']) for item in files)} pages")


if __name__ == "__main__":
    main()
