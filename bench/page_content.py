"""Read back what every page of a build draws, for the bare reportlab anchor (bench/draw_pages.py).

Usage: python bench/page_content.py BUILD_FOLDER CONTENT.json

For every PDF under BUILD_FOLDER, in path order, and each of its pages: the page size, then
in drawing order each text run (font face, size, position, the text itself, read through the
embedded fonts' ToUnicode maps by pypdf), each rectangle (and whether it is filled) and each
stroked line segment, with the fill gray in force. Not timed: this only prepares the anchor's input.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pypdf import PdfReader

Matrix = list[float]


def _apply(matrix: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return round(a * x + c * y + e, 2), round(b * x + d * y + f, 2)


def _face(font: Any) -> str:
    name = str(font.get("/BaseFont", "")) if font is not None else ""
    return "bold" if "Bold" in name else "italic" if "Oblique" in name else "regular"


def page_operations(page: Any) -> list[list[Any]]:
    """Return one page's drawing operations: ["t", face, size, x, y, gray, text], ["r", x, y, w, h, fill, gray],
    ["l", x1, y1, x2, y2]."""
    operations: list[list[Any]] = []
    path: list[list[Any]] = []
    state = {"gray": 0.0}

    def before(operator: bytes, operands: list[Any], cm: Matrix, tm: Matrix) -> None:
        if operator == b"g" and operands:
            state["gray"] = float(operands[0])
        elif operator == b"re":
            x, y = _apply(cm, float(operands[0]), float(operands[1]))
            path.append(["r", x, y, round(float(operands[2]), 2), round(float(operands[3]), 2)])
        elif operator == b"m":
            path.append(["m", *_apply(cm, float(operands[0]), float(operands[1]))])
        elif operator in (b"l", b"c"):
            start = path[-1][-2:] if path else [0.0, 0.0]
            path.append(["l", *start, *_apply(cm, float(operands[-2]), float(operands[-1]))])
        elif operator in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n"):
            filled = operator not in (b"S", b"s", b"n")
            for item in path:
                if item[0] == "r" and operator != b"n":
                    operations.append([*item, filled, state["gray"]])
                elif item[0] == "l" and operator != b"n":
                    operations.append(item)
            path.clear()

    def text(shown: str, cm: Matrix, tm: Matrix, font: Any, size: float) -> None:
        shown = shown.rstrip("\n")
        if shown:
            a, b, c, d, e, f = cm
            x, y = _apply([a, b, c, d, e, f], tm[4], tm[5])
            operations.append(["t", _face(font), round(float(size), 2), x, y, state["gray"], shown])

    page.extract_text(visitor_operand_before=before, visitor_text=text)
    return operations


def file_content(path: Path) -> list[dict[str, Any]]:
    """Return the pages of one PDF: each page's size in points and its operations."""
    reader = PdfReader(path)
    return [{"size": [float(page.mediabox.width), float(page.mediabox.height)], "ops": page_operations(page)}
            for page in reader.pages]


def main() -> None:
    folder, target = Path(sys.argv[1]), Path(sys.argv[2])
    pdfs = sorted(folder.rglob("*.pdf"))
    with ProcessPoolExecutor() as pool:
        pages = list(pool.map(file_content, pdfs, chunksize=16))
    files = [{"path": pdf.relative_to(folder).as_posix(), "pages": content}
             for pdf, content in zip(pdfs, pages, strict=True)]
    target.write_text(json.dumps(files), encoding="utf-8")
    print(f"{len(files)} PDFs, {sum(len(item['pages']) for item in files)} pages")


if __name__ == "__main__":
    main()
