"""The PDF adapter: with fwdata/render/fonts.py and text_operators.py, the only modules that import reportlab.

Pages are drawn in points with embedded TrueType fonts (Bitstream Vera, shipped
with reportlab). Text is fitted into boxes: it shrinks down to MIN_FONT_PT and,
if it still does not fit, is cut and recorded as a RENDER-OVERFLOW finding.
Documents are reproducible: the same drawing gives byte-identical bytes. Every
document asks viewers to print unscaled (ViewerPreferences /PrintScaling /None).
A keyed page leaves a `PageRecord`, from which a later document may copy the page's
encoded content instead of drawing it again (`PdfDocument.copy_page`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen import canvas

from fwdata.findings import Finding, Location, error
from fwdata.render.font_files import FONT, FONT_BOLD, FONT_ITALIC
from fwdata.render.fonts import HOUSE_FONTS, encodable, register_fonts, text_width, wrap_words
from fwdata.render.imposition import MARK_WIDTH_PT, Segment
from fwdata.render.layout import Rect, Size
from fwdata.render.page_copies import FontUse, PageRecord, located_records
from fwdata.render.text_operators import TextWriter

MIN_FONT_PT = 6.0


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
        text = encodable(text)
        self._doc.note_text(font, text)
        self._doc._text.show(x, y, text, font, size, align, gray)

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


class _EncodedStream(pdfdoc.PDFStream):
    """A page's content stream, already encoded: it lets go of its content once written into the file, so a long
    document does not hold every page twice while it is saved."""

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        formatted: bytes = super().format(document)
        self.content = None
        return formatted


class _Written:
    """Where reportlab's `save` writes a document: the bytes as written, kept as they are (a BytesIO would copy
    the whole file once as it is written and again for `getvalue`)."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.chunks.append(data)
        return len(data)


@dataclass
class _KeyedPage:
    key: str
    findings_from: int  # index into PdfDocument.findings where the page's own findings start
    fonts: dict[str, dict[str, None]] = field(default_factory=dict)  # font -> characters in first-use order
    copied: tuple[PageRecord, bytes] | None = None


class PdfDocument:
    """An in-memory PDF: add pages, draw on them (or copy an earlier document's, `copy_page`), then `finish()` for
    the bytes."""

    def __init__(self, title: str, *, subject: str = "") -> None:
        register_fonts()
        self._written = _Written()
        # The initial font is set in every page preamble: use the embedded font, not base-14 Helvetica.
        self._canvas = canvas.Canvas(self._written, invariant=1, pageCompression=1, initialFontName=FONT)
        self._canvas.setTitle(encodable(title))
        self._canvas.setAuthor("fwdata")
        self._canvas.setCreator("fwdata")
        self._canvas.setSubject(encodable(subject))
        self._canvas.setViewerPreference("PrintScaling", "None")
        self._canvas.setPageCallBack(self._encode_page)
        self._text = TextWriter(self._canvas)
        self._open = False
        self._keyed: _KeyedPage | None = None  # the page being drawn or copied, when it has a key
        self._kept: list[PageRecord] = []  # keyed pages ended, offsets still unknown
        self.findings: list[Finding] = []
        self.page_records: tuple[PageRecord, ...] = ()  # set by finish()
        self.title = title

    def new_page(self, size: Size, bleed_pt: float = 0.0, *, key: str | None = None) -> Page:
        """Start a page whose trim is `size` points, with `bleed_pt` of bleed on every side.

        Without bleed the page is the trim (TrimBox = MediaBox, no BleedBox: it
        defaults to the MediaBox). With bleed the MediaBox and BleedBox are the trim
        grown by the bleed, the TrimBox the trim, and the page origin the trim's corner.
        A page with a `key` (what it is drawn from, options included) leaves a PageRecord.
        """
        self._end_page()
        media = Rect(0, 0, size.width, size.height).inset(-bleed_pt)
        self._canvas.setPageSize((media.width, media.height))
        self._canvas.setTrimBox((bleed_pt, bleed_pt, bleed_pt + size.width, bleed_pt + size.height))
        self._canvas.setBleedBox((0, 0, media.width, media.height) if bleed_pt else None)
        if bleed_pt:
            self._canvas.translate(bleed_pt, bleed_pt)
        self._open = True
        self._keyed = None if key is None else _KeyedPage(key, len(self.findings))
        return Page(self, size, bleed_pt)

    def copy_page(self, size: Size, bleed_pt: float, found: tuple[PageRecord, bytes] | None) -> bool:
        """Add an earlier document's page, `found` as its record and encoded content, without drawing it; False when
        there is none or it cannot be copied (the caller then draws it with `new_page(size, bleed_pt, key=key)`).

        A page is copied only when each character it sets gets the code and font name it
        had (reportlab assigns them in order of first use, so a page changed earlier in the
        document can shift them): the page's characters are first set in the document as
        drawing it would, then compared, so a refused copy leaves the document as drawing
        the page will. The copy's recorded findings are added to `findings`.
        """
        self._end_page()
        if found is None or any(use.font not in HOUSE_FONTS for use in found[0].fonts) \
                or not self._set_characters(found[0].fonts):
            return False
        self.new_page(size, bleed_pt, key=found[0].key)
        assert self._keyed is not None
        self._keyed.copied = found
        self.findings.extend(found[0].findings)
        return True

    def note_text(self, font: str, text: str) -> None:
        """Record that the current page sets `text` in `font` (for its PageRecord)."""
        if self._keyed is not None and text:
            self._keyed.fonts.setdefault(font, {}).update(dict.fromkeys(text))

    def _end_page(self) -> None:
        if self._open:
            self._canvas.showPage()
            self._open = False

    def _font_use(self, font: str, characters: str) -> FontUse:
        state = pdfmetrics.getFont(font).state[self._canvas._doc]
        codes = "".join(chr(state.assignments.get(32 if code == 0xA0 else code, 0)) for code in map(ord, characters))
        return FontUse(font, state.internalName, characters, codes)

    def _set_characters(self, fonts: Sequence[FontUse]) -> bool:
        """Set `fonts`' characters in the document as drawing them would; True when each got its recorded code."""
        doc = self._canvas._doc
        for use in fonts:
            font = pdfmetrics.getFont(use.font)
            subsets = font.splitString(use.characters, doc)
            if subsets:
                font.getSubsetInternalName(subsets[0][0], doc)
            if self._font_use(use.font, use.characters) != use:
                return False
        return True

    def _encode_page(self, _number: int) -> None:
        """Encode the page just ended as reportlab would when saving, so it is held compressed, not as text.

        reportlab keeps every page's content stream as text until `save`: drawing the
        imposed sheet of 1,000 cards took 45 MB, now 22 MB. The filters and their order
        are reportlab's own (`PDFPage.check_format`, `PDFStream.format`), so the bytes
        of the document do not change (tests/render/test_pdf_pages.py). A copied page
        gets the content it was copied with instead.
        """
        page = self._canvas._doc.Pages.pages[-1]
        keyed, self._keyed = self._keyed, None
        if not page.compression or page.Contents:
            return
        filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress]
        if keyed is not None and keyed.copied is not None:
            record, content = keyed.copied
        else:
            encoded = page.stream
            for encoding in reversed(filters):
                encoded = encoding.encode(encoded)
            # ASCII85 gives text; as bytes it is written the same (`pdfdoc.format`) and hashes as it is in the file
            content = encoded.encode("latin-1") if isinstance(encoded, str) else encoded
            if keyed is not None:
                fonts = tuple(self._font_use(font, "".join(characters)) for font, characters in keyed.fonts.items())
                record = PageRecord(keyed.key, hashlib.sha256(content).hexdigest(), 0, len(content), fonts,
                                    tuple(self.findings[keyed.findings_from:]))
        if keyed is not None:
            self._kept.append(record)
        dictionary = pdfdoc.PDFDictionary()
        dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(encoding.pdfname) for encoding in filters])
        page.Contents = _EncodedStream(dictionary, content, filters=[])
        page.stream = None

    def overflow(self, where: Location | None, text: str, box: Rect) -> None:
        """Record a RENDER-OVERFLOW finding for text that does not fit its box."""
        location = where or Location(self.title)
        shown = text if len(text) <= 40 else text[:37] + "..."
        self.findings.append(error(location, "RENDER-OVERFLOW",
                                   f"text {shown!r} does not fit its {box.width:.0f} x {box.height:.0f} pt box "
                                   f"in {self.title} even at {MIN_FONT_PT:g} pt (shorten it)"))

    def finish(self) -> bytes:
        """Close the document and return its bytes; `page_records` then holds its keyed pages, in order."""
        if not self._open:
            self._canvas.setPageSize((72, 72))
        self._canvas.showPage()
        self._canvas.save()
        data = b"".join(self._written.chunks)
        self._written.chunks = []
        self.page_records = tuple(located_records(data, self._kept))
        self._kept = []
        return data
