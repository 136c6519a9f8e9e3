"""The bare reportlab anchor of `fwdata build`: each card's texts drawn with the house font, without layout.

Usage: python bench/draw_cards.py PACK OUT

For every card under PACK/cards/fw, one half-letter landscape page (612 x 396 pt, as
fwdata prints an Aircraft Data Card) with every scalar of the card's YAML drawn as a
string (those over 60 characters wrapped to the page width, as a paragraph), the name
in bold, plus 37 rectangles (35 of them filled) and 86 lines: what a page of an fwdata fw
card draws. Each card goes to OUT/<id>.pdf, then all of them again, one per letter
landscape sheet (792 x 612 pt), to OUT/aircraft.pdf, as fwdata imposes them. Fonts are
Bitstream Vera embedded from reportlab's fonts folder, as in fwdata/render/pdf.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import reportlab
import yaml
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT, FONT_BOLD = "FwSans", "FwSans-Bold"
CARD_PT = (612.0, 396.0)
SHEET_PT = (792.0, 612.0)
TEXT_PT = 6.5
LINE_PT = 8.0
COLUMNS = 5
WRAP_OVER = 60
RECTS, FILLED_RECTS, LINES = 37, 35, 86


def card_texts(data: object) -> list[str]:
    """Return the scalars of a YAML document in document order, as the strings a card prints."""
    if isinstance(data, dict):
        return [text for value in data.values() for text in card_texts(value)]
    if isinstance(data, list):
        return [text for value in data for text in card_texts(value)]
    return [] if data is None else [str(data)]


def draw_card(pdf: canvas.Canvas, name: str, texts: list[str], x0: float, y0: float) -> None:
    """Draw one card with its lower left corner at (x0, y0) on the current page."""
    width, height = CARD_PT
    pdf.setFont(FONT_BOLD, 12)
    pdf.drawString(x0 + 12, y0 + height - 20, name)
    column_pt = (width - 24) / COLUMNS
    rows = int((height - 40) / LINE_PT)
    lines = [line for text in texts for line in (
        simpleSplit(text, FONT, TEXT_PT, width - 24) if len(text) > WRAP_OVER else [text])]
    for index, line in enumerate(lines):
        column, row = divmod(index % (rows * COLUMNS), rows)
        pdf.setFont(FONT, TEXT_PT)
        pdf.drawString(x0 + 12 + column * column_pt, y0 + height - 32 - row * LINE_PT, line)
    pdf.setLineWidth(0.5)
    for index in range(RECTS):
        pdf.setFillGray(0.85)
        pdf.rect(x0 + 12 + index % COLUMNS * column_pt, y0 + 12 + index * 9, column_pt, 8,
                 stroke=1, fill=int(index < FILLED_RECTS))
    for index in range(LINES):
        pdf.line(x0 + 12, y0 + 12 + index * 4, x0 + width - 12, y0 + 12 + index * 4)


def main() -> None:
    pack, out = Path(sys.argv[1]), Path(sys.argv[2])
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(folder / "VeraBd.ttf")))
    out.mkdir(parents=True, exist_ok=True)
    cards = [yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader) for path in sorted(pack.glob("cards/fw/*.yaml"))]
    for card in cards:
        pdf = canvas.Canvas(str(out / f"{card['id']}.pdf"), pagesize=CARD_PT, invariant=1, pageCompression=1,
                            initialFontName=FONT)
        draw_card(pdf, card["name"], card_texts(card), 0, 0)
        pdf.save()
    sheets = canvas.Canvas(str(out / "aircraft.pdf"), pagesize=SHEET_PT, invariant=1, pageCompression=1,
                           initialFontName=FONT)
    for card in cards:
        draw_card(sheets, card["name"], card_texts(card), (SHEET_PT[0] - CARD_PT[0]) / 2,
                  (SHEET_PT[1] - CARD_PT[1]) / 2)
        sheets.showPage()
    sheets.save()
    print(f"{len(cards)} cards")


if __name__ == "__main__":
    main()
