"""One line of text as PDF operators, written into a reportlab canvas byte for byte as reportlab would write them.

reportlab's `Canvas.drawString` builds a text object for every line, runs it through its
bidirectional-text and shaping hooks, and formats every number again; a build sets some
300 such lines per card. `TextWriter.show` writes the same operators for the house
TrueType fonts (unshaped, left to right, the canvas bottom-up) from what it worked out for
the same line before: the encoded text of a line is fixed once its characters have codes
in the document (reportlab gives each its code on first use and never changes it).
tests/render/test_text_operators.py holds the output to reportlab's own, byte for byte.
"""

from __future__ import annotations

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

MAX_REMEMBERED = 1 << 13  # lines remembered per document: a sheet of 5,000 cards sets far more distinct lines


class TextWriter:
    """Writes lines of text into one canvas as `setFont`, `setFillGray` and `drawString` (or `drawCentredString`,
    `drawRightString`) would, then sets the fill back to black as `setFillGray(0)` would."""

    def __init__(self, canvas: Canvas) -> None:
        self._canvas = canvas
        self._lines: dict[tuple[str, float, str], tuple[str, float]] = {}  # (font, size, text) -> operators, width
        self._grays: dict[float, str] = {}

    def show(self, x: float, y: float, text: str, font: str, size: float, align: str, gray: float) -> None:
        """Set `text` in the registered TrueType `font` at `size` pt with its baseline at `y` pt, left of, centred on
        or right of `x` pt (`align`: left, centre, right), in `gray` (0 black .. 1 white)."""
        canvas = self._canvas
        canvas.setFont(font, size)  # the canvas's state, as reportlab keeps it (it writes nothing for these fonts)
        code = canvas._code
        code.append(self._gray(gray))
        canvas._fillColorObj = (gray, gray, gray)
        operators, width = self._line(font, size, text)
        if align == "centre":
            x = x - 0.5 * width
        elif align == "right":
            x = x - width
        code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {operators} T* ET")
        code.append(self._gray(0))
        canvas._fillColorObj = (0, 0, 0)

    def _gray(self, gray: float) -> str:
        operator = self._grays.get(gray)
        if operator is None:
            operator = self._grays[gray] = f"{fp_str(gray)} g"
        return operator

    def _line(self, font: str, size: float, text: str) -> tuple[str, float]:
        key = (font, size, text)
        found = self._lines.get(key)
        if found is None:
            if len(self._lines) >= MAX_REMEMBERED:
                self._lines.clear()
            face = pdfmetrics.getFont(font)
            document = self._canvas._doc
            selection = f"{fp_str(size)} Tf {fp_str(self._canvas._leading)} TL"
            # One run per subset of 256 codes: reportlab selects the subset's font, then shows the run.
            runs = face.splitString(text, document)
            operators = " ".join(f"{face.getSubsetInternalName(subset, document)} {selection} "
                                 f"({self._canvas._escape(run)}) Tj" for subset, run in runs)
            found = self._lines[key] = (operators, pdfmetrics.stringWidth(text, font, size))
        return found
