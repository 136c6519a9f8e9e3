"""Flight Leader models: aircraft (counter + list row), nation, missile load, list note, scenario; immutable.

A variant names its base and holds only what differs; `resolve_aircraft` fills
the rest from the base chain. Values the rulebook lost are the string
"unknown" in the sources and `UNKNOWN` here; a printed dash (not available) is None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Final, Literal

from fwdata.game_system import frozen
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.rules import RATING_LETTERS, AircrewCounts

UNKNOWN: Final = "unknown"
Unknown = Literal["unknown"]
PointsCell = int | None | Unknown


@dataclass(frozen=True)
class Counter:
    """Data printed on an aircraft unit (1.2.1.2-1.2.1.5); None where the text does not give it."""

    turn_type: str | None = None
    size: str | None = None
    acceleration: str | None = None
    afterburner: bool | None = None
    supersonic: bool | None = None
    radar: int | None = None
    countermeasures: int | None = None
    crew: int | None = None
    bubble_canopy: bool | None = None
    missile_rails: int | None = None
    internal_gun: str | None = None
    external_gun: bool | None = None
    simple_fire_control: bool | None = None

    def overlay(self, base: Counter) -> Counter:
        """Return this counter with every value it leaves None taken from `base`."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return Counter(**{name: value if value is not None else getattr(base, name) for name, value in values.items()})

    def items(self) -> list[tuple[str, Any]]:
        """Return the known values as (field, value) pairs, in field order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]


INHERITED = (
    "list",
    "list_rule",
    "unit_name",
    "full_name",
    "designations",
    "unit_numbers",
    "in_service_year",
    "ms",
    "ma",
    "msls",
    "primary_use",
    "scenario_points",
    "notes",
    "unit_info_changes",
)


@dataclass(frozen=True)
class FlAircraft:
    """One aircraft: an Aircraft Information List row (21.1) and its counter data (1.2.1).

    `present` holds the field names the source document gives; for a variant the
    others come from its base (`resolve_aircraft`).
    """

    id: str
    name: str
    provenance: Mapping[str, Any]
    base: str | None = None
    variant: bool = False
    list: str | None = None
    list_rule: str | None = None
    row_status: str = "complete"
    unit_name: str | None = None
    full_name: str | None = None
    represents: str | None = None
    designations: tuple[str, ...] = ()
    unit_numbers: tuple[int, int] | None = None
    in_service_year: int | Unknown | None = None
    ms: int | Unknown | None = None
    ma: int | Unknown | None = None
    ms_ma_source: str | None = None
    msls: str | Unknown | None = None
    unit_info_changes: tuple[str, ...] = ()
    primary_use: str | Unknown | None = None
    scenario_points: Mapping[str, PointsCell] = field(default_factory=lambda: MappingProxyType({}))
    points_source: str | None = None
    notes: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    counter: Counter = Counter()
    damage: Mapping[str, Any] | None = None
    remarks: str | None = None
    present: frozenset[str] = frozenset()

    def points_at(self, letter: str) -> PointsCell:
        """Return the scenario points at a rating letter (21.1.11): int, None (dash) or UNKNOWN (lost)."""
        if letter not in self.scenario_points:
            return UNKNOWN
        return self.scenario_points[letter]

    @property
    def label(self) -> str:
        """Unit name with the variant star, and the id, for messages: 'MG17C* (mg17-fresco-ab)'."""
        unit = (self.unit_name or self.id) + ("*" if self.variant else "")
        return f"{unit} ({self.id})"

    def can_carry_missiles(self) -> bool | None:
        """Return whether the aircraft can carry missiles (1.2.1.5 rails, 21.1.8 MSLS), None if unknown."""
        if self.counter.missile_rails is not None:
            return self.counter.missile_rails > 0
        if self.msls is None or self.msls == UNKNOWN:
            return None
        return self.msls != "0"

    def can_carry_external_gun(self) -> bool | None:
        """Return whether the aircraft can carry an external gun (1.2.1.5, 21.1.9 EG/IG), None if unknown."""
        if self.counter.external_gun is not None:
            return self.counter.external_gun
        if self.counter.internal_gun is not None:
            return self.counter.internal_gun == "none"
        return None


def build_aircraft(document: SourceDocument) -> FlAircraft:
    """Build an FlAircraft from a schema-valid `aircraft` document."""
    data = document.data
    numbers = data.get("unit_numbers")
    counter = Counter(**data.get("counter", {}))
    return FlAircraft(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        base=data.get("base"),
        variant=bool(data.get("variant", False)),
        list=data.get("list"),
        list_rule=data.get("list_rule"),
        row_status=data.get("row_status", "complete"),
        unit_name=data.get("unit_name"),
        full_name=data.get("full_name"),
        represents=data.get("represents"),
        designations=tuple(data.get("designations", ())),
        unit_numbers=(numbers["first"], numbers["last"]) if numbers else None,
        in_service_year=data.get("in_service_year"),
        ms=data.get("ms"),
        ma=data.get("ma"),
        ms_ma_source=data.get("ms_ma_source"),
        msls=data.get("msls"),
        unit_info_changes=tuple(data.get("unit_info_changes", ())),
        primary_use=data.get("primary_use"),
        scenario_points=frozen(data.get("scenario_points", {})),
        points_source=data.get("points_source"),
        notes=frozen(data.get("notes", {})),
        counter=counter,
        damage=frozen(data["damage"]) if "damage" in data else None,
        remarks=data.get("remarks"),
        present=frozenset(data),
    )


def resolve_aircraft(aircraft: FlAircraft, lookup: Callable[[str], FlAircraft | None]) -> FlAircraft | None:
    """Return `aircraft` with every field it does not give taken from its chain of bases.

    The counter is merged value by value (a variant states only the unit
    information changes, 21.1.9). Returns None when a base is missing or the
    chain loops (the reference checks report both).
    """
    chain = [aircraft]
    seen = {aircraft.id}
    while chain[-1].base is not None:
        base = lookup(chain[-1].base)
        if base is None or base.id in seen:
            return None
        seen.add(base.id)
        chain.append(base)
    resolved = chain[-1]
    for item in reversed(chain[:-1]):
        changes: dict[str, Any] = {name: getattr(item, name) for name in INHERITED if name in item.present}
        changes.update(
            id=item.id,
            name=item.name,
            provenance=item.provenance,
            base=item.base,
            variant=item.variant,
            row_status=item.row_status,
            represents=item.represents,
            ms_ma_source=item.ms_ma_source,
            points_source=item.points_source,
            damage=item.damage,
            remarks=item.remarks,
            present=item.present,
            counter=item.counter.overlay(resolved.counter),
        )
        resolved = replace(resolved, **changes)
    return resolved


@dataclass(frozen=True)
class RatingPeriod:
    """One aircrew rating letter of a nation (22.1.3), with the years or aircraft it applies to."""

    letter: str
    from_year: int | None = None
    until_year: int | None = None
    aircraft: tuple[str, ...] = ()
    remark: str | None = None


@dataclass(frozen=True)
class Nation:
    """One National Information List row (22.x)."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    group: str
    aliases: tuple[str, ...]
    rating_printed: str | None
    rating_periods: tuple[RatingPeriod, ...]
    aircraft_types: tuple[str, ...]
    aircraft: frozenset[str] | None
    history: str | None = None
    anomalies: tuple[str, ...] = ()

    def letters_in(self, year: int) -> tuple[str, ...]:
        """Return the rating letters the list gives for `year` (design default only, 22.1.3)."""
        return tuple(
            period.letter
            for period in self.rating_periods
            if (period.from_year is None or period.from_year <= year)
            and (period.until_year is None or year <= period.until_year)
        )


def build_nation(document: SourceDocument) -> Nation:
    """Build a Nation from a schema-valid `nation` document."""
    data = document.data
    rating = data.get("aircrew_rating") or {}
    return Nation(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        group=data["group"],
        aliases=tuple(data.get("aliases", ())),
        rating_printed=rating.get("printed"),
        rating_periods=tuple(
            RatingPeriod(
                letter=p["letter"],
                from_year=p.get("from_year"),
                until_year=p.get("until_year"),
                aircraft=tuple(p.get("aircraft", ())),
                remark=p.get("remark"),
            )
            for p in rating.get("periods", ())
        ),
        aircraft_types=tuple(data["aircraft_types"]),
        aircraft=frozenset(data["aircraft"]) if "aircraft" in data else None,
        history=data.get("history"),
        anomalies=tuple(data.get("anomalies", ())),
    )


@dataclass(frozen=True)
class MissileLoad:
    """One Specific Missile Load (21.8.5): alternative loadouts, each a tuple of (count, alternative types)."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    code: str
    printed: str
    options: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]
    anomalies: tuple[str, ...] = ()

    def most_missiles(self) -> int:
        """Return the largest number of missiles any option carries."""
        return max(sum(count for count, _ in option) for option in self.options)


def build_missile_load(document: SourceDocument) -> MissileLoad:
    """Build a MissileLoad from a schema-valid `missile-load` document."""
    data = document.data
    return MissileLoad(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        code=data["code"],
        printed=data["printed"],
        options=tuple(tuple((m["count"], tuple(m["types"])) for m in option["missiles"]) for option in data["options"]),
        anomalies=tuple(data.get("anomalies", ())),
    )


@dataclass(frozen=True)
class ListNote:
    """One 21.7 note letter."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    letter: str
    summary: str
    armament_points: tuple[Mapping[str, Any], ...] = ()
    enables: tuple[str, ...] = ()


def build_list_note(document: SourceDocument) -> ListNote:
    """Build a ListNote from a schema-valid `list-note` document."""
    data = document.data
    return ListNote(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        letter=data["letter"],
        summary=data["summary"],
        armament_points=frozen(data.get("armament_points", [])),
        enables=tuple(data.get("enables", ())),
    )


@dataclass(frozen=True)
class Missile:
    """Missiles each aircraft of a flight carries: a count of one type (21.8)."""

    count: int
    type: str


@dataclass(frozen=True)
class Flight:
    """One flight of a forces line (23.2.2-23.2.7) with what the rules of engagement say about it.

    `missiles` is None when the scenario does not say what the flight carries;
    an empty tuple means it carries none. `pointer` is the flight's JSON pointer.
    """

    pointer: str
    number: int
    count: int
    unit_printed: str
    aircraft: str
    aircrew: AircrewCounts
    status_units: str | None = None
    person: str | None = None
    unit_numbers_printed: str | None = None
    unit_first: int | None = None
    unit_last: int | None = None
    unit_blank: bool = False
    ms: int | None = None
    ma: int | None = None
    changes: tuple[str, ...] = ()
    role: str | None = None
    loaded: bool = False
    missiles: tuple[Missile, ...] | None = None
    missiles_carried_by: int | None = None
    guns: str = "carried"
    radar_malfunction: int = 0
    engagement_restriction: bool = False
    countermeasures: str | None = None
    fuel: int | None = None
    start_altitude_min: int | None = None
    start_altitude_max: int | None = None
    clean: bool = False
    nation: str | None = None

    @property
    def unit_count(self) -> int | None:
        """Number of unit numbers in the printed range, or None when not given or not a range."""
        if self.unit_first is None or self.unit_last is None or self.unit_last < self.unit_first:
            return None
        return self.unit_last - self.unit_first + 1

    @property
    def status_set_count(self) -> int | None:
        """Number of status-unit sets in the printed range ('1A-4A' = 4), or None."""
        if not self.status_units:
            return None
        first, _, last = self.status_units.partition("-")
        if not last:
            return 1
        if first[1] != last[1]:
            return None
        return int(last[0]) - int(first[0]) + 1


@dataclass(frozen=True)
class Controller:
    """A side's controller (23.1): its edge, and whether the text leaves unclear that the side has it."""

    edge: str | None
    uncertain: bool = False
    remark: str | None = None


@dataclass(frozen=True)
class VictoryPointsLine:
    """The victory points a side earns (23.7), as printed and structured."""

    pointer: str
    printed: str
    per_eliminated: int | None = None
    per_damaged: int | None = None
    per_exited: int | None = None
    exit_label: str | None = None
    against: str | None = None
    bonus_exit: tuple[int, str] | None = None
    jettison: tuple[int, str] | None = None
    special: tuple[tuple[int | None, str], ...] = ()
    label_printed: str | None = None

    @property
    def standard(self) -> bool:
        """Whether the line has the 23.7 eliminated/damaged/exited form."""
        return None not in (self.per_eliminated, self.per_damaged, self.per_exited)


@dataclass(frozen=True)
class Side:
    """One side of a scenario: nation, mission, controller, printed scenario points, flights, victory points."""

    pointer: str
    key: str
    nation: str
    nation_printed: str | None
    mission: str
    controller: Controller | None
    entry_exit_printed: str | None
    entry_groups: tuple[Mapping[str, Any], ...]
    scenario_points: int | None
    flights: tuple[Flight, ...]
    victory_points: VictoryPointsLine | None

    @property
    def aircraft_count(self) -> int:
        """Number of aircraft on the side (sum of the printed flight counts)."""
        return sum(flight.count for flight in self.flights)


@dataclass(frozen=True)
class Scenario:
    """One playable scenario in the 23.x format."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    number: str
    category: str
    year: int
    date_printed: str
    sides: tuple[Side, ...]
    month: int | None = None
    day: int | None = None
    part_of: str | None = None
    variant: str | None = None
    place: str | None = None
    introduction: str | None = None
    mission_profiles_printed: str | None = None
    terrain: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    boundaries: str | None = None
    rules_summary: str | None = None
    no_missiles_either_side: bool = False
    options_summary: str | None = None
    sun_hexes: tuple[str, ...] = ()
    haze_max_level: int | None = None
    countermeasures_printed: str | None = None
    remarks: tuple[str, ...] = ()

    def other(self, side: Side) -> Side:
        """Return the opposing side."""
        return self.sides[1] if side is self.sides[0] else self.sides[0]


def _flight(pointer: str, data: Mapping[str, Any]) -> Flight:
    numbers = data.get("unit_numbers", {})
    crew = data["aircrew"]
    altitude = data.get("start_altitude", {})
    missiles = data.get("missiles")
    return Flight(
        pointer=pointer,
        number=data["number"],
        count=data["count"],
        unit_printed=data["unit_printed"],
        aircraft=data["aircraft"],
        aircrew=AircrewCounts(crew["experienced"], crew["average"], crew["inexperienced"]),
        status_units=data.get("status_units"),
        person=data.get("person"),
        unit_numbers_printed=numbers.get("printed"),
        unit_first=numbers.get("first"),
        unit_last=numbers.get("last"),
        unit_blank=bool(numbers.get("blank", False)),
        ms=data.get("ms"),
        ma=data.get("ma"),
        changes=tuple(data.get("changes", ())),
        role=data.get("role"),
        loaded=bool(data.get("loaded", False)),
        missiles=None if missiles is None else tuple(Missile(m["count"], m["type"]) for m in missiles),
        missiles_carried_by=data.get("missiles_carried_by"),
        guns=data.get("guns", "carried"),
        radar_malfunction=data.get("radar_malfunction", 0),
        engagement_restriction=bool(data.get("engagement_restriction", False)),
        countermeasures=data.get("countermeasures"),
        fuel=data.get("fuel"),
        start_altitude_min=altitude.get("min"),
        start_altitude_max=altitude.get("max"),
        clean=bool(data.get("clean", False)),
        nation=data.get("nation"),
    )


def _victory_points(pointer: str, data: Mapping[str, Any] | None) -> VictoryPointsLine | None:
    if not data:
        return None
    bonus = data.get("bonus_exit")
    jettison = data.get("jettison")
    return VictoryPointsLine(
        pointer=pointer,
        printed=data["printed"],
        per_eliminated=data.get("per_eliminated"),
        per_damaged=data.get("per_damaged"),
        per_exited=data.get("per_exited"),
        exit_label=data.get("exit_label"),
        against=data.get("against"),
        bonus_exit=(bonus["points"], bonus["aircraft"]) if bonus else None,
        jettison=(jettison["points"], jettison["aircraft"]) if jettison else None,
        special=tuple((item.get("points"), item["text"]) for item in data.get("special", ())),
        label_printed=data.get("label_printed"),
    )


def build_scenario(document: SourceDocument) -> Scenario:
    """Build a Scenario from a schema-valid `scenario` document."""
    data = document.data
    sides = []
    for s, side in enumerate(data["sides"]):
        pointer = f"/sides/{s}"
        controller = side.get("controller")
        entry = side.get("entry_exit", {})
        sides.append(
            Side(
                pointer=pointer,
                key=side["key"],
                nation=side["nation"],
                nation_printed=side.get("nation_printed"),
                mission=side["mission"],
                controller=Controller(
                    controller.get("edge"), bool(controller.get("uncertain", False)), controller.get("remark")
                )
                if controller
                else None,
                entry_exit_printed=entry.get("printed"),
                entry_groups=frozen(entry.get("groups", [])),
                scenario_points=side.get("scenario_points"),
                flights=tuple(_flight(f"{pointer}/flights/{f}", flight) for f, flight in enumerate(side["flights"])),
                victory_points=_victory_points(f"{pointer}/victory_points", side.get("victory_points")),
            )
        )
    date = data["date"]
    options = data.get("options", {})
    roe = data.get("rules_of_engagement", {})
    return Scenario(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        number=data["number"],
        category=data["category"],
        year=date["year"],
        date_printed=date["printed"],
        month=date.get("month"),
        day=date.get("day"),
        sides=tuple(sides),
        part_of=data.get("part_of"),
        variant=data.get("variant"),
        place=data.get("place"),
        introduction=data.get("introduction"),
        mission_profiles_printed=data.get("mission_profiles_printed"),
        terrain=frozen(data.get("terrain", {})),
        boundaries=data.get("boundaries"),
        rules_summary=roe.get("summary"),
        no_missiles_either_side=bool(roe.get("no_missiles_either_side", False)),
        options_summary=options.get("summary"),
        sun_hexes=tuple(options.get("sun_hexes", ())),
        haze_max_level=options.get("haze_max_level"),
        countermeasures_printed=options.get("countermeasures_printed"),
        remarks=tuple(data.get("remarks", ())),
    )


__all__ = [
    "RATING_LETTERS",
    "UNKNOWN",
    "Controller",
    "Counter",
    "FlAircraft",
    "Flight",
    "ListNote",
    "Missile",
    "MissileLoad",
    "Nation",
    "RatingPeriod",
    "Scenario",
    "Side",
    "VictoryPointsLine",
    "build_aircraft",
    "build_list_note",
    "build_missile_load",
    "build_nation",
    "build_scenario",
    "resolve_aircraft",
]
