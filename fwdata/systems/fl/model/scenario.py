"""Flight Leader scenario model: sides, flights, controllers and victory points in the FL 23.x format."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from fwdata.game_system import frozen
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.rules import MAX_AIRCRAFT_PER_SIDE, AircrewCounts


@dataclass(frozen=True)
class Missile:
    """Missiles each aircraft of a flight carries: a count of one type (FL 21.8)."""

    count: int
    type: str


@dataclass(frozen=True)
class Flight:
    """One flight of a forces line (FL 23.2.2-23.2.7) with what the rules of engagement say about it.

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
    # The readings of contradictory rules of engagement about this flight's missiles: (what it assumes, missiles).
    missile_readings: tuple[tuple[str, tuple[Missile, ...]], ...] = ()
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
    # The count as printed when the scenario's `readings` give the flight its unit numbers' count instead.
    count_printed: int | None = None

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
    """A side's controller (FL 23.1): its edge, and whether the text leaves unclear that the side has it."""

    edge: str | None
    uncertain: bool = False
    remark: str | None = None


@dataclass(frozen=True)
class VictoryPointsLine:
    """The victory points a side earns (FL 23.7), as printed and structured."""

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
        """Whether the line has the FL 23.7 eliminated/damaged/exited form."""
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
    """One playable scenario in the FL 23.x format."""

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
    # Why the scenario reads flights printing fewer aircraft than unit numbers with that many (None: printed counts).
    flight_counts_reading: str | None = None

    def other(self, side: Side) -> Side:
        """Return the opposing side."""
        return self.sides[1] if side is self.sides[0] else self.sides[0]


def _flight(pointer: str, data: Mapping[str, Any], unit_number_counts: bool) -> Flight:
    numbers = data.get("unit_numbers", {})
    first, last = numbers.get("first"), numbers.get("last")
    count = data["count"]
    # The scenario reads a flight printing fewer aircraft than unit numbers as having that many (23.2.5).
    units = last - first + 1 if unit_number_counts and first is not None and last is not None else None
    read = units if units is not None and count < units <= MAX_AIRCRAFT_PER_SIDE else count
    crew = data["aircrew"]
    altitude = data.get("start_altitude", {})
    missiles = data.get("missiles")
    return Flight(
        pointer=pointer,
        number=data["number"],
        count=read,
        count_printed=count if read != count else None,
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
        missile_readings=tuple((r["assumes"], tuple(Missile(m["count"], m["type"]) for m in r["missiles"]))
                               for r in data.get("missile_readings", ())),
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
    readings = data.get("readings", {})
    unit_number_counts = readings.get("flight_counts") == "unit-numbers"
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
                flights=tuple(_flight(f"{pointer}/flights/{f}", flight, unit_number_counts)
                              for f, flight in enumerate(side["flights"])),
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
        flight_counts_reading=readings.get("why") if unit_number_counts else None,
    )
