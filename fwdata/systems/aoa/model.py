"""Ace of Aces models: typed, immutable values built from schema-valid plane, maneuvers, chart and book documents."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.rules import ChartCell, parse_cell

MANEUVER_CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
LAST_PAGE = 223  # Part A "The Dogfighting Book": pages 1..223; 223 is the lost page (VI).
START_PAGE = 170  # Standard Game set-up; original I.


def _cell(value: Any) -> ChartCell | None:
    """Parse a printed cell; None when the cell does not follow the grammar (a check reports it)."""
    try:
        return parse_cell(value)
    except (ValueError, TypeError):
        return None


# ---------------------------------------------------------------- plane


@dataclass(frozen=True)
class Gun:
    """One gun or gun set (Plane Stats 'Gun' and 'Ammo'; XVIII for the Lewis)."""

    type: str
    ammo: int
    lewis: bool = False
    drums: int | None = None


@dataclass(frozen=True)
class Plane:
    """A Plane Stats column (Chart Book): altitudes in ft, speeds as FAST maneuvers in a row."""

    id: str
    name: str
    aliases: tuple[str, ...]
    side: str
    nation: str
    climb_ft: int
    zoom_ft: int
    zoom_speed: int
    dive_ft: int
    power_dive_min_ft: int
    power_dive_max_ft: int
    power_dive_speed: int | None
    speed_low: int
    speed_high: int
    ceiling_ft: int
    front_hp: int
    side_hp: int
    tail_hp: int
    wing_hp: int
    advanced_tail_hp: int
    motor_hp: int
    fuselage_hp: int
    guns: tuple[Gun, ...]
    fuel_turns: int
    service_printed: str | None
    service_from: str | None
    service_until: str | None
    printed: Mapping[str, str] = field(default_factory=dict)

    @property
    def main_gun(self) -> Gun:
        """The regular gun (the first non-Lewis gun, else the first gun)."""
        return next((gun for gun in self.guns if not gun.lewis), self.guns[0])


def build_plane(document: SourceDocument) -> Plane:
    """Build a Plane from a schema-valid `plane` document."""
    d = document.data
    hp = d["hit_points"]
    service = d.get("service") or {}
    return Plane(
        id=d["id"], name=d["name"], aliases=tuple(d.get("aliases", ())), side=d["side"], nation=d["nation"],
        climb_ft=d["climb_ft"], zoom_ft=d["zoom_ft"], zoom_speed=d["zoom_speed"], dive_ft=d["dive_ft"],
        power_dive_min_ft=d["power_dive_ft"]["min"], power_dive_max_ft=d["power_dive_ft"]["max"],
        power_dive_speed=d["power_dive_speed"], speed_low=d["speed"]["low"], speed_high=d["speed"]["high"],
        ceiling_ft=d["ceiling_ft"],
        front_hp=hp["intermediate"]["front"], side_hp=hp["intermediate"]["side"], tail_hp=hp["intermediate"]["tail"],
        wing_hp=hp["advanced"]["wing"], advanced_tail_hp=hp["advanced"]["tail"], motor_hp=hp["advanced"]["motor"],
        fuselage_hp=hp["advanced"]["fuselage"],
        guns=tuple(Gun(g["type"], g["ammo"], bool(g.get("lewis", False)), g.get("drums")) for g in d["guns"]),
        fuel_turns=d["fuel_turns"], service_printed=service.get("printed"), service_from=service.get("from"),
        service_until=service.get("until"), printed=MappingProxyType(dict(d.get("printed", {}))),
    )


# ---------------------------------------------------------------- maneuvers


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


# ---------------------------------------------------------------- charts


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
    """A critical hit chart for one area (2d6, XLI)."""

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
    """One Damage Allocation Chart grid and its defender-maneuver lookup (XXXVIII)."""

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
    """The Archie Chart (XLVI): damage by band and 2d6, then location by 2d6."""

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
    """The campaign map: squares west to east with their features (XLVI)."""

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


# ---------------------------------------------------------------- books


@dataclass(frozen=True)
class BookPage:
    """One page of a dogfighting book (Part A 'The Dogfighting Book'; Beginner's Guide)."""

    page: int
    index: int
    range: str | None
    view: str | None
    facing: str | None
    enemy_visible: bool
    tag: str | None
    firing: bool
    shot: bool
    damage: int | None
    next: Mapping[str, int] | None  # code -> page; the source lists the 26 pages in code order A..Z


@dataclass(frozen=True)
class DogfightBook:
    """A dogfighting book: page records and the page x maneuver -> page table.

    `page(n)` returns the first record for page n. Invariants (every page once,
    references in 1..223, page 223 rules, agreement with the opponent's book) are
    checked by checks.py, not assumed here.
    """

    id: str
    name: str
    side: str
    depicts: str
    opponent: str | None
    start_pages: tuple[int, ...]
    pages: tuple[BookPage, ...]
    _by_number: Mapping[int, BookPage] = field(repr=False, compare=False, default_factory=dict)

    def page(self, number: int) -> BookPage | None:
        """Return the record of page `number`, or None."""
        return self._by_number.get(number)

    def next_page(self, page: int, code: str) -> int | None:
        """Return the page under maneuver `code` on `page`, or None where the book has none."""
        record = self._by_number.get(page)
        if record is None or record.next is None:
            return None
        return record.next.get(code)


def build_book(document: SourceDocument) -> DogfightBook:
    """Build a DogfightBook from a schema-valid `book` document."""
    d = document.data
    pages = []
    for i, p in enumerate(d["pages"]):
        nxt = p.get("next")
        if nxt is not None:
            nxt = dict(zip(MANEUVER_CODES, nxt, strict=False))
        pages.append(BookPage(
            page=p["page"], index=i, range=p.get("range"), view=p.get("view"), facing=p.get("facing"),
            enemy_visible=bool(p.get("enemy_visible", p["page"] != LAST_PAGE)), tag=p.get("tag"),
            firing=bool(p.get("firing", False)), shot=bool(p.get("shot", False)), damage=p.get("damage"),
            next=MappingProxyType(dict(nxt)) if nxt is not None else None))
    by_number: dict[int, BookPage] = {}
    for record in pages:
        by_number.setdefault(record.page, record)
    return DogfightBook(id=d["id"], name=d["name"], side=d["side"], depicts=d["depicts"], opponent=d.get("opponent"),
                        start_pages=tuple(d.get("start_pages", (START_PAGE,))), pages=tuple(pages),
                        _by_number=MappingProxyType(by_number))
