"""Ace of Aces maneuver chart model: the 26 maneuvers, their clicks and restrictions, flagged inconsistencies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from fwdata.sources.document import SourceDocument


@dataclass(frozen=True)
class Maneuver:
    """One maneuver code; tri-state marks are None where the text does not settle them."""

    code: str
    speed: str
    direction: str
    label: str
    sample_page: int
    clicks: int
    stall_bar_powerhouse: bool | None
    stall_bar_original: bool | None
    difficult_powerhouse: bool | None
    difficult_original: bool | None
    straight_forward: bool
    flags: tuple[str, ...]
    index: int

    @property
    def name(self) -> str:
        """The label's maneuver name in brackets ('' for an unnamed code)."""
        if "(" in self.label:
            return self.label[self.label.index("(") + 1:].rstrip(")").strip()
        return ""


@dataclass(frozen=True)
class Inconsistency:
    """A flagged inconsistency of the printed maneuver chart."""

    id: str
    rule: str
    text: str
    index: int


@dataclass(frozen=True)
class ManeuverChart:
    """The maneuver codes of the Powerhouse chart with the original rules' data (see tables/aoa/maneuver-chart.yaml)."""

    id: str
    name: str
    maneuvers: tuple[Maneuver, ...]
    squares_per_turn: Mapping[str, int]
    inconsistencies: tuple[Inconsistency, ...]

    def by_code(self, code: str) -> Maneuver | None:
        """Return the maneuver with this code, or None."""
        return next((m for m in self.maneuvers if m.code == code), None)


def build_maneuvers(document: SourceDocument) -> ManeuverChart:
    """Build a ManeuverChart from a schema-valid `maneuvers` document."""
    d = document.data
    maneuvers = tuple(
        Maneuver(code=m["code"], speed=m["speed"], direction=m["direction"], label=m["label"],
                 sample_page=m["sample_page"], clicks=m["clicks"],
                 stall_bar_powerhouse=m["stall_bar"]["powerhouse"], stall_bar_original=m["stall_bar"]["original"],
                 difficult_powerhouse=m["difficult"]["powerhouse"], difficult_original=m["difficult"]["original"],
                 straight_forward=bool(m.get("straight_forward", False)), flags=tuple(m.get("flags", ())), index=i)
        for i, m in enumerate(d["maneuvers"]))
    flags = tuple(Inconsistency(f["id"], f["rule"], f["text"], i) for i, f in enumerate(d.get("inconsistencies", ())))
    return ManeuverChart(id=d["id"], name=d["name"], maneuvers=maneuvers,
                         squares_per_turn=MappingProxyType(dict(d.get("squares_per_turn", {}))),
                         inconsistencies=flags)

