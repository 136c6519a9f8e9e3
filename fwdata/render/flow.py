"""Page flow: stack blocks down Letter/A4 pages, starting a new page when a block does not fit (pure layout)."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.findings import Location
from fwdata.render.layout import Rect, Size
from fwdata.render.pdf import Page, PdfDocument
from fwdata.units import inches


@dataclass
class PageFlow:
    """Flows blocks of known height down pages of `paper`, with a numbered footer on every page.

    `gap_pt` is left after every block. A block taller than a whole page is cut at
    the page bottom and recorded as RENDER-OVERFLOW at `where`.
    """

    doc: PdfDocument
    paper: Size
    title: str
    margin_pt: float = inches(0.5)
    footer_pt: float = 14.0
    gap_pt: float = 0.0
    page: Page | None = None
    cursor: float = 0.0
    number: int = 0

    @property
    def frame(self) -> Rect:
        """The area blocks may use on every page."""
        return Rect(self.margin_pt, self.margin_pt + self.footer_pt, self.paper.width - 2 * self.margin_pt,
                    self.paper.height - 2 * self.margin_pt - self.footer_pt)

    def new_page(self) -> Page:
        """Start a page with its footer and put the cursor at the top of the frame."""
        self.page = self.doc.new_page(self.paper)
        self.number += 1
        self.page.text(self.margin_pt, self.margin_pt, f"{self.title} · page {self.number}", 7, gray=0.35)
        self.cursor = self.frame.top
        return self.page

    def room(self) -> float:
        """Points left below the cursor on the current page (-1 before the first page)."""
        return self.cursor - self.frame.y if self.page is not None else -1.0

    def take(self, height: float, *, keep_with: float = 0.0, where: Location | None = None) -> tuple[Page, Rect]:
        """Reserve `height` points (plus `keep_with` that must follow on the same page); return the page and box."""
        if height > self.frame.height:
            self.doc.overflow(where, "a block taller than one page", Rect(0, 0, self.frame.width, height))
            height = self.frame.height
        if self.page is None or (self.room() < height + keep_with and self.cursor < self.frame.top - 1e-6):
            self.new_page()
        assert self.page is not None
        box = Rect(self.frame.x, self.cursor - height, self.frame.width, height)
        self.cursor -= height + self.gap_pt
        return self.page, box

    def skip(self, height: float) -> None:
        """Leave `height` points empty below the cursor."""
        self.cursor -= height
