"""Fighting Wings models: the Aircraft Data Card, scenario and play-aid table as typed, immutable values.

Sections a variant card leaves out are taken from its base card when the
catalog is resolved (`resolve_card`); nothing after this module reads raw YAML.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from fwdata.game_system import MAX_VARIANT_DEPTH, frozen
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.rules.engines import fuel_injected
from fwdata.systems.fw.tables import RuleTable, rule_table_from_data

BANDS = ("VL", "LO", "ML", "MH", "HI", "VH", "EH", "UH+")
SPEED_COLUMNS = ("s0_45", "s5_75", "s8_95", "s10_up")
SPEED_COLUMN_TITLES = ("0.0-4.5", "5.0-7.5", "8.0-9.5", "10.0+")
TURN_RATES = ("tt", "ht", "bt", "et")


@dataclass(frozen=True)
class PerformanceBand:
    """One Aircraft Performance Chart line: speed limits in FP for turns that start in `band` (OTR Ch. 2, 4.2)."""

    band: str
    min_fp: float
    max_fp: float
    max_dive_fp: float
    tt_fp: float
    ht_fp: float | None = None
    bt_fp: float | None = None
    et_fp: float | None = None
    transonic_fp: float | None = None
    index: int = 0

    def turn_minimum(self, rate: str) -> float | None:
        """Return the minimum speed in FP for turn rate `rate` (tt, ht, bt, et), or None if not listed."""
        return {"tt": self.tt_fp, "ht": self.ht_fp, "bt": self.bt_fp, "et": self.et_fp}[rate]


@dataclass(frozen=True)
class PowerRow:
    """One Power versus Speed Chart line: accel cells ("M", "M/E" or "-") per speed column (OTR 4.1, 5.5.1)."""

    band: str
    cells: tuple[str, str, str, str]
    index: int = 0


@dataclass(frozen=True)
class PowerChart:
    """The Power versus Speed Chart with its Banking FPs and Side Slip FPs lines (OTR 4.1, 5.1, 5.4)."""

    rows: tuple[PowerRow, ...]
    banking_fps: tuple[int, int, int, int]
    slip_fps: tuple[int, int, int, int]

    def row(self, band: str) -> PowerRow | None:
        """Return the line of `band`, or None."""
        return next((row for row in self.rows if row.band == band), None)


@dataclass(frozen=True)
class ClimbRate:
    """Average rate of climb for a band in ft/min; `oxygen_restricted` is the errata's bold flag."""

    band: str
    climb_rate_fpm: int
    oxygen_restricted: bool = False
    index: int = 0


@dataclass(frozen=True)
class WeaponGroup:
    """One Firepower chart line: attack factors by range (index = range in hexes; None = no attack)."""

    weapon: str
    location: str
    guns: int
    attack_by_range: tuple[int | None, ...]
    ammo: float | str
    critical_rating: int
    rechargeable: bool = False
    position: str | None = None
    arc_clock: str | None = None
    vertical_fof: str | None = None
    fcr: bool = False  # defensive guns with fire-control radar ([000] 32.4)
    index: int = 0

    @property
    def max_range(self) -> int:
        """The last range with an attack factor (OTR 9.1)."""
        ranges = [r for r, factor in enumerate(self.attack_by_range) if factor is not None]
        return ranges[-1] if ranges else -1


@dataclass(frozen=True)
class AircraftDataCard:
    """A Fighting Wings Aircraft Data Card (ADC).

    Speeds are FP (1 FP = 50 mph), accel/decel in points (0.1 FP), altitudes in
    feet, climb in ft/min, endurance in minutes. `general`, `fuel`, `flags` and
    the like are read-only mappings exactly as the schema defines them.
    """

    id: str
    name: str
    provenance: Mapping[str, Any]
    variant_of: str | None
    general: Mapping[str, Any] | None
    performance: tuple[PerformanceBand, ...]
    turn_decel: Mapping[str, float] | None
    power_chart: PowerChart | None
    climb: tuple[ClimbRate, ...]
    firepower: tuple[WeaponGroup, ...]
    fuel: Mapping[str, Any] | None
    stations: tuple[Mapping[str, Any], ...]
    total_weight_limit_lb: int | None
    notes: tuple[str, ...]
    flags: Mapping[str, Any] | None
    variants: tuple[str, ...]
    derivation: str | None
    band_altitudes: tuple[Mapping[str, Any], ...] = ()
    figures: Mapping[str, Any] | None = None
    """The public performance figures the card is derived from (docs/fw-derivation.md), as the schema defines them."""
    present: frozenset[str] = field(default_factory=frozenset)

    def band(self, band: str) -> PerformanceBand | None:
        """Return the performance line of `band`, or None."""
        return next((row for row in self.performance if row.band == band), None)

    @property
    def agility_class(self) -> str | None:
        return self.general.get("agility_class") if self.general else None

    @property
    def engine_count(self) -> int:
        return int(self.general["engines"]["count"]) if self.general else 1

    @property
    def fuel_injected(self) -> bool:
        """Whether the engines are fuel injected: `fuel_injection`, else no 'No F.I.' in the description (OTR 4.3.1)."""
        return fuel_injected(self.general["engines"]) if self.general else True


def build_aircraft(document: SourceDocument) -> AircraftDataCard:
    """Build an AircraftDataCard from a schema-valid `aircraft` document."""
    data = document.data
    power = data.get("power_chart")
    return AircraftDataCard(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        variant_of=data.get("variant_of"),
        general=frozen(data["general"]) if "general" in data else None,
        performance=tuple(
            PerformanceBand(index=i, **{key: row.get(key) for key in (
                "band", "min_fp", "max_fp", "max_dive_fp", "tt_fp", "ht_fp", "bt_fp", "et_fp", "transonic_fp")})
            for i, row in enumerate(data.get("performance", ()))
        ),
        turn_decel=frozen(data["turn_decel"]) if "turn_decel" in data else None,
        power_chart=PowerChart(
            rows=tuple(PowerRow(row["band"], tuple(row[key] for key in SPEED_COLUMNS), i)
                       for i, row in enumerate(power["rows"])),
            banking_fps=tuple(power["banking_fps"][key] for key in SPEED_COLUMNS),
            slip_fps=tuple(power["slip_fps"][key] for key in SPEED_COLUMNS),
        ) if power else None,
        climb=tuple(ClimbRate(row["band"], row["climb_rate_fpm"], row.get("oxygen_restricted", False), i)
                    for i, row in enumerate(data.get("climb", ()))),
        firepower=tuple(
            WeaponGroup(weapon=row["weapon"], location=row["location"], guns=row["guns"],
                        attack_by_range=tuple(row["attack_by_range"]), ammo=row["ammo"],
                        critical_rating=row["critical_rating"], rechargeable=row.get("rechargeable", False),
                        position=row.get("position"), arc_clock=row.get("arc_clock"),
                        vertical_fof=row.get("vertical_fof"), fcr=row.get("fcr", False), index=i)
            for i, row in enumerate(data.get("firepower", ()))
        ),
        fuel=frozen(data["fuel"]) if "fuel" in data else None,
        stations=tuple(frozen(item) for item in data.get("stations", ())),
        total_weight_limit_lb=data.get("total_weight_limit_lb"),
        notes=tuple(data.get("notes", ())),
        flags=frozen(data["flags"]) if "flags" in data else None,
        variants=tuple(data.get("variants", ())),
        derivation=data.get("derivation"),
        band_altitudes=tuple(frozen(item) for item in data.get("band_altitudes", ())),
        figures=frozen(data["figures"]) if "figures" in data else None,
        present=_shared(frozenset(data)),
    )


@functools.lru_cache(maxsize=256)
def _shared(sections: frozenset[str]) -> frozenset[str]:
    """Return one object for equal section sets: most cards list the same sections."""
    return sections


# Sections a variant card may leave out and inherit from its base card.
INHERITED = ("general", "performance", "turn_decel", "power_chart", "climb", "firepower", "fuel", "stations",
             "total_weight_limit_lb", "flags", "band_altitudes", "figures")


def resolve_card(card: AircraftDataCard, base: AircraftDataCard) -> AircraftDataCard:
    """Return `card` with every section it does not list taken from `base` (its `variant_of`)."""
    changes = {name: getattr(base, name) for name in INHERITED if name not in card.present}
    return replace(card, **changes)


def resolve_variant_chain(
    card: AircraftDataCard, lookup: Callable[[str], AircraftDataCard | None]
) -> AircraftDataCard | None:
    """Return `card` with every inherited section filled from its chain of bases.

    `lookup` finds a card by id. Returns None when a base is missing, the chain
    loops or has more than MAX_VARIANT_DEPTH bases (the reference checks report all three).
    """
    seen = {card.id}
    chain = [card]
    while chain[-1].variant_of is not None:
        base = lookup(chain[-1].variant_of)
        if base is None or base.id in seen or len(chain) > MAX_VARIANT_DEPTH:
            return None
        seen.add(base.id)
        chain.append(base)
    resolved = chain[-1]
    for variant in reversed(chain[:-1]):
        resolved = resolve_card(variant, resolved)
    return resolved


@dataclass(frozen=True)
class ScenarioAircraft:
    """One aircraft of a scenario with its set-up; list order within its flight is rank (OTR 8.5)."""

    aircraft: str
    callsign: str | None
    pilot: Mapping[str, Any]
    setup: Mapping[str, Any]
    loads: tuple[Any, ...]
    pointer: str


@dataclass(frozen=True)
class Flight:
    """A flight of a formation: its aircraft in rank order."""

    name: str
    aircraft: tuple[ScenarioAircraft, ...]


@dataclass(frozen=True)
class Formation:
    """A formation (Fixed or Flexible, OTR 8.5) of flights."""

    name: str
    type: str
    flights: tuple[Flight, ...]


@dataclass(frozen=True)
class Side:
    """One side of a scenario: its role and formations."""

    name: str
    role: str
    formations: tuple[Formation, ...]

    def aircraft(self) -> list[ScenarioAircraft]:
        """Return every aircraft of the side, in listing order."""
        return [a for formation in self.formations for flight in formation.flights for a in flight.aircraft]


@dataclass(frozen=True)
class Scenario:
    """A Fighting Wings scenario: sides, formations, set-ups and victory conditions."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    sides: tuple[Side, ...]
    details: Mapping[str, Any]

    def aircraft(self) -> list[ScenarioAircraft]:
        """Return every aircraft of every side, in listing order."""
        return [a for side in self.sides for a in side.aircraft()]


def build_scenario(document: SourceDocument) -> Scenario:
    """Build a Scenario from a schema-valid `scenario` document."""
    data = document.data
    sides = []
    for s, side in enumerate(data.get("sides", ())):
        formations = []
        for f, formation in enumerate(side.get("formations", ())):
            flights = []
            for g, flight in enumerate(formation.get("flights", ())):
                members = tuple(
                    ScenarioAircraft(
                        aircraft=item["aircraft"], callsign=item.get("callsign"), pilot=frozen(item.get("pilot", {})),
                        setup=frozen(item.get("setup", {})), loads=frozen(item.get("loads", [])),
                        pointer=f"/sides/{s}/formations/{f}/flights/{g}/aircraft/{a}")
                    for a, item in enumerate(flight.get("aircraft", ())))
                flights.append(Flight(name=flight.get("name", ""), aircraft=members))
            formations.append(Formation(name=formation.get("name", ""), type=formation.get("type", ""),
                                        flights=tuple(flights)))
        sides.append(Side(name=side.get("name", ""), role=side.get("role", ""), formations=tuple(formations)))
    details = {key: value for key, value in data.items() if key not in ("sides",)}
    return Scenario(id=data["id"], name=data["name"], provenance=frozen(data["provenance"]), sides=tuple(sides),
                    details=frozen(details))


def build_table(document: SourceDocument) -> RuleTable:
    """Build a RuleTable from a schema-valid `table` document."""
    return rule_table_from_data(document.data)
