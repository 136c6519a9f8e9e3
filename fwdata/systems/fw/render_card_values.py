"""Aircraft Data Card basics its section renderers share: where a value comes from, value formats, type sizes."""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.findings import Location
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.model import INHERITED

GAP_PT = 4.0
TITLE_PT = 9.5
ROW_PT = 10.0
TEXT_PT = 7.5
LEGEND_PT = 8.0


@dataclass(frozen=True)
class CardSource:
    """The documents a (resolved) card was built from: sections it does not list come from its base."""

    document: SourceDocument
    present: frozenset[str]
    base: CardSource | None = None

    def locate(self, pointer: str) -> Location:
        """Return the location of `pointer` in whichever document holds its top-level section."""
        if self._inherited(pointer) and self.base is not None:
            return self.base.locate(pointer)
        return self.document.locate(pointer)

    def _inherited(self, pointer: str) -> bool:
        section = pointer.split("/")[1] if pointer.startswith("/") else ""
        return section in INHERITED and section not in self.present


def fp(value: float | None) -> str:
    """Format a speed in FP the way the card prints it (one decimal), a dash when absent."""
    return "–" if value is None else f"{value:.1f}"


def points(value: float | None) -> str:
    """Format accel/decel points: whole numbers without a decimal, halves with one."""
    if value is None:
        return "–"
    return f"{value:g}"


def thousands(value: int | None) -> str:
    """Format a whole number with thousands separators."""
    return "–" if value is None else f"{value:,}"
