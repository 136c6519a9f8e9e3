"""Ace of Aces chart models: firing and gun charts, criticals, damage allocation, archie, campaign tables, map."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.rules import ChartCell, parse_cell


def _cell(value: Any) -> ChartCell | None:
    """Parse a printed cell; None when the cell does not follow the grammar (a check reports it)."""
    try:
        return parse_cell(value)
    except (ValueError, TypeError):
        return None


@dataclass(frozen=True)
class ChartRow:
    """One row of a firing or gun chart: ammo used, shot name, printed cells and parsed cells."""

    ammo: int
    shot: str | None
    printed: tuple[int | str, ...]
    cells: tuple[ChartCell | None, ...]

    def by_column(self, die_rolls: tuple[int, ...]) -> dict[int, ChartCell]:
        """Return the parsed cells keyed by die-roll column (unparsable cells left out)."""
        return {roll: cell for roll, cell in zip(die_rolls, self.cells, strict=False) if cell is not None}


@dataclass(frozen=True)
class FiringChart:
    """A Powerhouse firing chart (range) or an original Gun Chart (gun type); `variant` says which."""

    id: str
    name: str
    chart_type: str  # "firing" (Powerhouse) or "gun" (original)
    variant: str  # range for firing charts, gun type for gun charts
    die_rolls: tuple[int, ...]
    rows: tuple[ChartRow, ...]

    def row(self, ammo: int) -> ChartRow | None:
        """Return the row for an ammo choice, or None."""
        return next((row for row in self.rows if row.ammo == ammo), None)


@dataclass(frozen=True)
class Effect:
    """A structured effect of a critical result (fields as in the chart schema; unused ones None)."""

    type: str
    values: Mapping[str, Any]

    def get(self, key: str) -> Any:
        """Return one field of the effect, or None."""
        return self.values.get(key)


@dataclass(frozen=True)
class CriticalResult:
    """One result of a critical hit chart."""

    rolls: tuple[int, ...]
    title: str
    text: str
    effects: tuple[Effect, ...]
    same_as: str | None


@dataclass(frozen=True)
class CriticalChart:
    """A critical hit chart for one area (2d6, AoA XLI)."""

    id: str
    name: str
    area: str
    results: tuple[CriticalResult, ...]

    def result(self, roll: int) -> CriticalResult | None:
        """Return the result for a 2d6 total, or None."""
        return next((r for r in self.results if roll in r.rolls), None)


@dataclass(frozen=True)
class SurvivalChart:
    """Survival rolls (one die) for crash, crash landing and forced landing."""

    id: str
    name: str
    outcomes: Mapping[str, tuple[int, ...]]
    saves: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class DacLegend:
    """Damage Allocation Chart legend: letter -> areas; point-of-aim shift by defender speed."""

    id: str
    name: str
    letters: Mapping[str, tuple[str, ...]]
    poa_shift_squares: Mapping[str, int]
    outside_squares: int


@dataclass(frozen=True)
class DacGrid:
    """One Damage Allocation Chart grid and its defender-maneuver lookup (AoA XXXVIII)."""

    id: str
    name: str
    view: str
    mirror: str
    columns: int
    rows: tuple[tuple[str, str], ...]  # (row label, cells string; '.' blank)
    lookups: tuple[tuple[str, str], ...]  # (defender maneuver, printed POA direction)

    def lookup(self, defender: str) -> str | None:
        """Return the printed point-of-aim direction for a defender maneuver, or None."""
        return next((poa for who, poa in self.lookups if who == defender), None)


@dataclass(frozen=True)
class ArchieBand:
    """One altitude band of the Archie Chart."""

    from_ft: int
    to_ft: int
    printed: str | None
    cells: tuple[ChartCell | None, ...]


@dataclass(frozen=True)
class ArchieChart:
    """The Archie Chart (AoA XLVI): damage by band and 2d6, then location by 2d6."""

    id: str
    name: str
    below_ft: int
    die_rolls: tuple[int, ...]
    bands: tuple[ArchieBand, ...]
    hit_location: tuple[str, ...]


@dataclass(frozen=True)
class RollEntry:
    """One result of a one-die campaign table."""

    rolls: tuple[int, ...]
    printed: str
    pilot: int | None
    chooser: str | None
    tank_fraction: Fraction | None


@dataclass(frozen=True)
class RollTable:
    """A one-die campaign table (Duty Roster, Fuel) with its roll modifiers."""

    id: str
    name: str
    table: str
    dice: str
    modifiers: tuple[tuple[str, int], ...]
    entries: tuple[RollEntry, ...]

    def result(self, roll: int) -> RollEntry | None:
        """Return the entry for a roll, or None when no entry covers it."""
        return next((e for e in self.entries if roll in e.rolls), None)


@dataclass(frozen=True)
class RollMatrix:
    """A two-roll campaign table (Starting Page, Starting Altitude, Ground Position)."""

    id: str
    name: str
    table: str
    row_roll: str
    column_roll: str
    shared_roll: str | None
    columns: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[tuple[int, ...], tuple[int | str, ...]], ...]

    def lookup(self, row_roll: int, column_roll: int) -> int | str | None:
        """Return the cell for a row roll and a column roll, or None."""
        col = next((i for i, rolls in enumerate(self.columns) if column_roll in rolls), None)
        for rolls, cells in self.rows:
            if row_roll in rolls and col is not None and col < len(cells):
                return cells[col]
        return None


@dataclass(frozen=True)
class BattlefieldMap:
    """The campaign map: squares west to east with their features (AoA XLVI)."""

    id: str
    name: str
    squares: tuple[tuple[str, str | None], ...]
    off_map_after: int | None


Chart = (FiringChart | CriticalChart | SurvivalChart | DacLegend | DacGrid | ArchieChart | RollTable
         | RollMatrix | BattlefieldMap)


def _fraction(text: str | None) -> Fraction | None:
    if text is None:
        return None
    num, den = text.split("/")
    return Fraction(int(num), int(den)) if int(den) else None


def build_chart(document: SourceDocument) -> Chart:
    """Build the model for a schema-valid `chart` document; `chart_type` selects the class."""
    d = document.data
    kind = d["chart_type"]
    cid, name = d["id"], d["name"]
    if kind in ("firing", "gun"):
        rows = tuple(ChartRow(r["ammo"], r.get("shot"), tuple(r["cells"]), tuple(_cell(c) for c in r["cells"]))
                     for r in d["rows"])
        return FiringChart(cid, name, kind, d["range"] if kind == "firing" else d["gun"], tuple(d["die_rolls"]), rows)
    if kind == "critical":
        results = tuple(
            CriticalResult(tuple(r["rolls"]), r["title"], r["text"],
                           tuple(Effect(e["type"], MappingProxyType(dict(e))) for e in r.get("effects", ())),
                           r.get("same_as"))
            for r in d["results"])
        return CriticalChart(cid, name, d["area"], results)
    if kind == "survival":
        outcomes = d["outcomes"]
        return SurvivalChart(cid, name, MappingProxyType({o["outcome"]: tuple(o["survive_rolls"]) for o in outcomes}),
                             MappingProxyType({o["outcome"]: tuple(o["saves"]) for o in outcomes}))
    if kind == "dac-legend":
        return DacLegend(cid, name, MappingProxyType({x["letter"]: tuple(x["areas"]) for x in d["letters"]}),
                         MappingProxyType(dict(d["poa_shift_squares"])), d.get("outside_squares", 0))
    if kind == "dac":
        return DacGrid(cid, name, d["view"], d["mirror"], d["columns"],
                       tuple((r["row"], r["cells"]) for r in d["rows"]),
                       tuple((x["defender"], x["poa"]) for x in d["lookups"]))
    if kind == "archie":
        bands = tuple(ArchieBand(b["from_ft"], b["to_ft"], b.get("printed"), tuple(_cell(c) for c in b["cells"]))
                      for b in d["bands"])
        return ArchieChart(cid, name, d["below_ft"], tuple(d["die_rolls"]), bands, tuple(d["hit_location"]))
    if kind == "roll-table":
        entries = tuple(RollEntry(tuple(e["rolls"]), e["printed"], e.get("pilot"), e.get("chooser"),
                                  _fraction(e.get("tank_fraction"))) for e in d["entries"])
        modifiers = tuple((m["when"], m["delta"]) for m in d.get("modifiers", ()))
        return RollTable(cid, name, d["table"], d["dice"], modifiers, entries)
    if kind == "roll-matrix":
        return RollMatrix(cid, name, d["table"], d["row_roll"], d["column_roll"], d.get("shared_roll"),
                          tuple(tuple(c) for c in d["columns"]),
                          tuple((tuple(r["rolls"]), tuple(r["cells"])) for r in d["rows"]))
    if kind == "battlefield-map":
        return BattlefieldMap(cid, name, tuple((s["square"], s.get("feature")) for s in d["squares"]),
                              d.get("off_map_after"))
    raise ValueError(f"unknown chart_type {kind!r}")  # the schema admits no other value

