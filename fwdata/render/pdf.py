"""The PDF adapter: the only module that imports reportlab.

Pages are drawn in points with embedded TrueType fonts (Bitstream Vera, shipped
with reportlab). Text is fitted into boxes: it shrinks down to MIN_FONT_PT and,
if it still does not fit, is cut and recorded as a RENDER-OVERFLOW finding.
Documents are reproducible: the same drawing gives byte-identical bytes. Every
document asks viewers to print unscaled (ViewerPreferences /PrintScaling /None).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from fwdata.findings import Finding, Location, error
from fwdata.render.imposition import MARK_WIDTH_PT, Segment
from fwdata.render.layout import Rect, Size

MIN_FONT_PT = 6.0
FONT = "FwSans"
FONT_BOLD = "FwSans-Bold"
FONT_ITALIC = "FwSans-Oblique"
_FONT_FILES = {FONT: "Vera.ttf", FONT_BOLD: "VeraBd.ttf", FONT_ITALIC: "VeraIt.ttf"}
_SURROGATES = re.compile(r"[\ud800-\udfff]")


@cache
def _register_fonts() -> None:
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in _FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(folder / filename)))


@cache
def font_characters() -> frozenset[int]:
    """Return the code points all three house faces can draw (their cmaps); others print as empty boxes."""
    _register_fonts()
    return frozenset.intersection(*(frozenset(pdfmetrics.getFont(name).face.charToGlyph) for name in _FONT_FILES))


@cache
def font_family() -> str:
    """Return the family name of the house font as the font file states it (`Bitstream Vera Sans`)."""
    _register_fonts()
    return str(pdfmetrics.getFont(FONT).face.familyName.decode("ascii", "replace"))


def _encodable(text: str) -> str:
    """Return `text` with lone surrogates (which reportlab cannot encode) replaced by U+FFFD.

    The TEXT-ENCODING check stops a build on them; this keeps a build whose
    finding was suppressed from crashing.
    """
    return _SURROGATES.sub("\ufffd", text)


@lru_cache(maxsize=1 << 16)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """Return the width in points of `text` set in the house font at `size` pt (memoised: layout asks often)."""
    _register_fonts()
    return float(pdfmetrics.stringWidth(_encodable(text), FONT_BOLD if bold else FONT, size))


@lru_cache(maxsize=1 << 14)
def wrap_words(text: str, width: float, size: float, bold: bool = False) -> tuple[str, ...] | None:
    """Break `text` into lines no wider than `width`; None if a single word is wider than `width`.

    Memoised: a paragraph is wrapped once to measure it and again to draw it, at every shrink step.
    """
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        current = ""
        for word in paragraph.split():
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size, bold) <= width:
                current = candidate
                continue
            if text_width(word, size, bold) > width:
                return None
            lines.append(current)
            current = word
        lines.append(current)
    return tuple(lines)


class Page:
    """A drawing surface for one PDF page (or one card cell of an imposed sheet).

    `bleed_pt` is the bleed printed around it (0: none); a card with bleed keeps
    its frame on the safe line (docs/printing.md).
    """

    def __init__(self, document: PdfDocument, size: Size, bleed_pt: float = 0.0) -> None:
        self._doc = document
        self._canvas = document._canvas
        self.size = size
        self.bleed_pt = bleed_pt

    @property
    def box(self) -> Rect:
        """The whole page (or card trim) as a rectangle at the current origin."""
        return Rect(0, 0, self.size.width, self.size.height)

    @contextmanager
    def translated(self, x: float, y: float, size: Size | None = None, bleed_pt: float = 0.0) -> Iterator[Page]:
        """Draw on a sub-surface whose origin is (x, y), e.g. one card cell of a sheet with `bleed_pt` around it."""
        self._canvas.saveState()
        self._canvas.translate(x, y)
        try:
            yield Page(self._doc, size or self.size, bleed_pt)
        finally:
            self._canvas.restoreState()

    def text(self, x: float, y: float, text: str, size: float = 8, *, bold: bool = False, italic: bool = False,
             align: str = "left", gray: float = 0.0) -> None:
        """Draw one line of text with its baseline at y; `align` is left, centre or right of x."""
        if size < MIN_FONT_PT:
            raise ValueError(f"text below {MIN_FONT_PT} pt is not allowed (asked {size} pt)")
        font = FONT_BOLD if bold else FONT_ITALIC if italic else FONT
        self._canvas.setFont(font, size)
        self._canvas.setFillGray(gray)
        text = _encodable(text)
        if align == "centre":
            self._canvas.drawCentredString(x, y, text)
        elif align == "right":
            self._canvas.drawRightString(x, y, text)
        else:
            self._canvas.drawString(x, y, text)
        self._canvas.setFillGray(0)

    def fit_text(self, box: Rect, text: str, size: float = 8, *, bold: bool = False, italic: bool = False,
                 align: str = "left", gray: float = 0.0, pad: float = 1.5, where: Location | None = None,
                 truncate: bool = False) -> bool:
        """Draw one line of text centred vertically in `box`, shrinking it to fit.

        Returns False (and records a RENDER-OVERFLOW finding at `where`) when the
        text does not fit even at MIN_FONT_PT; the text is then cut to the box.
        With `truncate` (for non-essential lines such as a footer citation) the
        text is cut with an ellipsis and no finding is recorded.
        """
        inner = box.inset(pad, 0)
        fitted = size
        while fitted > MIN_FONT_PT and (text_width(text, fitted, bold) > inner.width or fitted > box.height - 1):
            fitted = max(MIN_FONT_PT, fitted - 0.5)
        fits = text_width(text, fitted, bold) <= inner.width and fitted <= box.height
        shown = text if fits else self._cut(text, inner.width, fitted, bold)
        if not fits and not truncate:
            self._doc.overflow(where, text, box)
        baseline = box.y + (box.height - fitted * 0.72) / 2
        x = inner.x if align == "left" else inner.right if align == "right" else inner.x + inner.width / 2
        self.text(x, baseline, shown, fitted, bold=bold, italic=italic, align=align, gray=gray)
        return fits

    def paragraph(self, box: Rect, text: str, size: float = 7, *, bold: bool = False, leading: float = 1.2,
                  pad: float = 2.0, where: Location | None = None) -> bool:
        """Draw word-wrapped text from the top of `box`, shrinking it to fit.

        Returns False (and records RENDER-OVERFLOW at `where`) when it does not fit
        at MIN_FONT_PT; lines that do not fit are then left out.
        """
        inner = box.inset(pad)
        fitted = size
        while True:
            lines = wrap_words(text, inner.width, fitted, bold)
            fits = lines is not None and len(lines) * fitted * leading <= inner.height + 0.01
            if fits or fitted <= MIN_FONT_PT:
                break
            fitted = max(MIN_FONT_PT, fitted - 0.5)
        if lines is None:
            lines = (self._cut(text, inner.width, fitted, bold),)
        if not fits:
            self._doc.overflow(where, text, box)
        y = inner.top - fitted
        for line in lines:
            if y < inner.y - 0.01:
                break
            self.text(inner.x, y, line, fitted, bold=bold)
            y -= fitted * leading
        return fits

    def rect(self, box: Rect, *, stroke: bool = True, fill_gray: float | None = None, width: float = 0.5) -> None:
        """Draw a rectangle, optionally filled with a gray level (0 black .. 1 white)."""
        self._canvas.setLineWidth(width)
        if fill_gray is not None:
            self._canvas.setFillGray(fill_gray)
        self._canvas.rect(box.x, box.y, box.width, box.height, stroke=int(stroke), fill=int(fill_gray is not None))
        self._canvas.setFillGray(0)

    def line(self, x1: float, y1: float, x2: float, y2: float, width: float = 0.5, gray: float = 0.0) -> None:
        """Draw a straight line."""
        self._canvas.setLineWidth(width)
        self._canvas.setStrokeGray(gray)
        self._canvas.line(x1, y1, x2, y2)
        self._canvas.setStrokeGray(0)

    def segments(self, segments: Sequence[Segment], width: float = MARK_WIDTH_PT) -> None:
        """Draw line segments (crop marks)."""
        for segment in segments:
            self.line(segment.x1, segment.y1, segment.x2, segment.y2, width)

    def circle(self, x: float, y: float, radius: float, *, fill_gray: float | None = None, width: float = 0.5) -> None:
        """Draw a circle centred on (x, y)."""
        self._canvas.setLineWidth(width)
        if fill_gray is not None:
            self._canvas.setFillGray(fill_gray)
        self._canvas.circle(x, y, radius, stroke=1, fill=int(fill_gray is not None))
        self._canvas.setFillGray(0)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill_gray: float | None = None,
                width: float = 0.5) -> None:
        """Draw a closed polygon through `points`."""
        path = self._canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
        self._canvas.setLineWidth(width)
        if fill_gray is not None:
            self._canvas.setFillGray(fill_gray)
        self._canvas.drawPath(path, stroke=1, fill=int(fill_gray is not None))
        self._canvas.setFillGray(0)

    def table(self, box: Rect, rows: Sequence[Sequence[str]], *, weights: Sequence[float] | None = None,
              size: float = 7, header_rows: int = 1, where: Location | None = None,
              align: str = "centre") -> bool:
        """Draw a ruled table filling `box`; the first `header_rows` rows are bold on gray.

        Every cell is fitted with `fit_text`; returns False if any cell overflowed.
        """
        if not rows:
            return True
        count = max(len(row) for row in rows)
        columns = box.columns(weights or [1.0] * count)
        row_boxes = box.rows([1.0] * len(rows))
        fits = True
        for r, (row, row_box) in enumerate(zip(rows, row_boxes, strict=True)):
            header = r < header_rows
            if header:
                self.rect(row_box, stroke=False, fill_gray=0.85)
            for c, column in enumerate(columns):
                cell = Rect(column.x, row_box.y, column.width, row_box.height)
                value = row[c] if c < len(row) else ""
                cell_align = "left" if (c == 0 and align != "centre-all") else "centre"
                fits &= self.fit_text(cell, value, size, bold=header, align=cell_align, where=where)
        for row_box in row_boxes:
            self.line(box.x, row_box.y, box.right, row_box.y, 0.3)
        self.line(box.x, box.top, box.right, box.top, 0.3)
        for column in columns:
            self.line(column.x, box.y, column.x, box.top, 0.3)
        self.line(box.right, box.y, box.right, box.top, 0.3)
        return fits

    def _cut(self, text: str, width: float, size: float, bold: bool) -> str:
        """Return the longest prefix of `text` that fits `width` with an ellipsis (binary search)."""
        if text_width(text, size, bold) <= width:
            return text
        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if text_width(text[:middle] + "…", size, bold) <= width:
                low = middle
            else:
                high = middle - 1
        return text[:low] + "…"


class PdfDocument:
    """An in-memory PDF: add pages, draw on them, then `finish()` for the bytes."""

    def __init__(self, title: str, *, subject: str = "") -> None:
        _register_fonts()
        self._buffer = io.BytesIO()
        # The initial font is set in every page preamble: use the embedded font, not base-14 Helvetica.
        self._canvas = canvas.Canvas(self._buffer, invariant=1, pageCompression=1, initialFontName=FONT)
        self._canvas.setTitle(_encodable(title))
        self._canvas.setAuthor("fwdata")
        self._canvas.setCreator("fwdata")
        self._canvas.setSubject(_encodable(subject))
        self._canvas.setViewerPreference("PrintScaling", "None")
        self._canvas.setPageCallBack(self._encode_page)
        self._open = False
        self.findings: list[Finding] = []
        self.title = title

    def new_page(self, size: Size, bleed_pt: float = 0.0) -> Page:
        """Start a page whose trim is `size` points, with `bleed_pt` of bleed on every side.

        Without bleed the page is the trim (TrimBox = MediaBox, no BleedBox: it
        defaults to the MediaBox). With bleed the MediaBox and BleedBox are the trim
        grown by the bleed, the TrimBox the trim, and the page origin the trim's corner.
        """
        if self._open:
            self._canvas.showPage()
        media = Rect(0, 0, size.width, size.height).inset(-bleed_pt)
        self._canvas.setPageSize((media.width, media.height))
        self._canvas.setTrimBox((bleed_pt, bleed_pt, bleed_pt + size.width, bleed_pt + size.height))
        self._canvas.setBleedBox((0, 0, media.width, media.height) if bleed_pt else None)
        if bleed_pt:
            self._canvas.translate(bleed_pt, bleed_pt)
        self._open = True
        return Page(self, size, bleed_pt)

    def _encode_page(self, _number: int) -> None:
        """Encode the page just ended as reportlab would when saving, so it is held compressed, not as text.

        reportlab keeps every page's content stream as text until `save`: drawing the
        imposed sheet of 1,000 cards took 45 MB, now 22 MB. The filters and their order
        are reportlab's own (`PDFPage.check_format`, `PDFStream.format`), so the bytes
        of the document do not change (tests/render/test_pdf_pages.py).
        """
        page = self._canvas._doc.Pages.pages[-1]
        if not page.compression or page.Contents:
            return
        filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
        content = page.stream
        for encoding in reversed(filters):
            content = encoding.encode(content)
        dictionary = pdfdoc.PDFDictionary()
        dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(encoding.pdfname) for encoding in filters])
        page.Contents = pdfdoc.PDFStream(dictionary, content, filters=[])
        page.stream = None

    def overflow(self, where: Location | None, text: str, box: Rect) -> None:
        """Record a RENDER-OVERFLOW finding for text that does not fit its box."""
        location = where or Location(self.title)
        shown = text if len(text) <= 40 else text[:37] + "..."
        self.findings.append(error(location, "RENDER-OVERFLOW",
                                   f"text {shown!r} does not fit its {box.width:.0f} x {box.height:.0f} pt box "
                                   f"in {self.title} even at {MIN_FONT_PT:g} pt (shorten it)"))

    def finish(self) -> bytes:
        """Close the document and return its bytes."""
        if not self._open:
            self._canvas.setPageSize((72, 72))
        self._canvas.showPage()
        self._canvas.save()
        return self._buffer.getvalue()
