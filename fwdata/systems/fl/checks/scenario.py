"""Flight Leader scenario checks: references, and the design rules each side and flight must meet (FL 26.2, 23.2)."""

from __future__ import annotations

import functools
from collections import Counter as Tally
from collections.abc import Callable, Iterator

from fwdata.findings import Finding, error, warning
from fwdata.game_system import Catalog
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl import rules
from fwdata.systems.fl.checks.aircraft import SYSTEM
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Flight, MissileLoad, Nation, Scenario, Side


def check_scenario_references(catalog: Catalog, scenario: Scenario, doc: SourceDocument) -> Iterator[Finding]:
    """Every aircraft and nation a scenario names exists (nations only when the catalog has any); only the aircraft
    named are read, and every id only to suggest one for a name that is not there."""
    nation_ids = catalog.ids(SYSTEM, "nation")
    for side in scenario.sides:
        if nation_ids and side.nation not in nation_ids:
            yield error(
                doc.locate(f"{side.pointer}/nation"),
                "REF-UNKNOWN",
                f"nation {side.nation!r}: no fl nation with that id"
                f"{catalog.unknown_ending(SYSTEM, 'nation', side.nation)}",
            )
        for flight in side.flights:
            if flight.nation is not None and nation_ids and flight.nation not in nation_ids:
                yield error(
                    doc.locate(f"{flight.pointer}/nation"),
                    "REF-UNKNOWN",
                    f"nation {flight.nation!r}: no fl nation with that id"
                    f"{catalog.unknown_ending(SYSTEM, 'nation', flight.nation)}",
                )
            if not catalog.has(SYSTEM, "aircraft", flight.aircraft):
                yield error(
                    doc.locate(f"{flight.pointer}/aircraft"),
                    "REF-UNKNOWN",
                    f"aircraft {flight.aircraft!r}: no fl aircraft with that id"
                    f"{catalog.unknown_ending(SYSTEM, 'aircraft', flight.aircraft)}",
                )


def check_scenario_rules(
    catalog: Catalog, scenario: Scenario, doc: SourceDocument, lookup: Callable[[str], FlAircraft | None]
) -> Iterator[Finding]:
    """Service dates, national lists, MS/MA, start altitudes, loaded limits, force limits, pairs, unit counts.

    FL 26.2.2.1, 22.x, 23.2.6, 10.1.1, 10.3.1, 21.8, 26.2.3.3.1-26.2.3.3.3, 23.2.3-23.2.7.
    """
    loads: dict[str, MissileLoad] = {m.code: m for m in catalog.models(SYSTEM, "missile-load")}
    for side in scenario.sides:
        nation_entry = catalog.get(SYSTEM, "nation", side.nation)
        nation: Nation | None = nation_entry.model if nation_entry else None
        types = Tally(flight.unit_printed for flight in side.flights)
        problems = rules.component_limit_violations(side.aircraft_count, len(types), len(side.flights))
        if problems:
            yield warning(
                doc.locate(f"{side.pointer}/flights"),
                "FL-FORCE-LIMIT",
                f"{side.nation_printed}: {', '.join(problems)} (26.2.3.3.2)",
            )
        odd = rules.unpaired_types(dict(types_count(side)))
        if odd:
            yield warning(
                doc.locate(f"{side.pointer}/flights"),
                "FL-PAIRS",
                f"{side.nation_printed}: odd number of {', '.join(odd)} (aircraft are selected in pairs of one "
                f"type, 26.2.3.3.1)",
            )
        if side.mission.startswith("penetration") and not any(
            flight.loaded or (flight.role or "") == "reconnaissance" or _primary_use(lookup, flight.aircraft) == "RC"
            for flight in side.flights
        ):
            yield warning(
                doc.locate(f"{side.pointer}/mission"),
                "FL-PENETRATION",
                f"{side.nation_printed}: a penetration needs at least one element of loaded fighter-bombers "
                f"or reconnaissance aircraft (26.2.3.3.3)",
            )
        for flight in side.flights:
            aircraft = lookup(flight.aircraft)
            if aircraft is None:
                continue
            flight_nation = nation
            if flight.nation is not None:
                other = catalog.get(SYSTEM, "nation", flight.nation)
                flight_nation = other.model if other else None
            yield from _flight_checks(scenario, flight_nation, flight, aircraft, doc, loads)


def types_count(side: Side) -> Tally[str]:
    """Count a side's aircraft by printed unit type."""
    tally: Tally[str] = Tally()
    for flight in side.flights:
        tally[flight.unit_printed] += flight.count
    return tally


def _primary_use(lookup: Callable[[str], FlAircraft | None], key: str) -> str | None:
    aircraft = lookup(key)
    use = aircraft.primary_use if aircraft else None
    return use if isinstance(use, str) and use != UNKNOWN else None


def _flight_checks(
    scenario: Scenario,
    nation: Nation | None,
    flight: Flight,
    aircraft: FlAircraft,
    doc: SourceDocument,
    loads: dict[str, MissileLoad],
) -> Iterator[Finding]:
    p = flight.pointer
    load = loads.get(aircraft.msls) if isinstance(aircraft.msls, str) else None
    note_letters = tuple(aircraft.notes.get("letters", ()))
    year = aircraft.in_service_year
    if isinstance(year, int) and year > scenario.year:
        yield warning(
            doc.locate(f"{p}/aircraft"),
            "FL-IN-SERVICE",
            f"{aircraft.label} entered service in {year} (list Date, 21.1.5), after the scenario date "
            f"{scenario.year} (26.2.2.1)",
        )
    if nation is not None and nation.aircraft is not None and aircraft.id not in nation.aircraft:
        yield warning(
            doc.locate(f"{p}/aircraft"),
            "FL-NATION-TYPE",
            f"{nation.name} does not fly {aircraft.label}: its National Information List (22.x) names "
            f"{', '.join(nation.aircraft_types[:8])}{' ...' if len(nation.aircraft_types) > 8 else ''}",
        )
    for name, printed, listed in (("ms", flight.ms, aircraft.ms), ("ma", flight.ma, aircraft.ma)):
        if aircraft.row_status != "lost" and isinstance(listed, int) and printed is not None and printed > listed:
            yield warning(
                doc.locate(f"{p}/{name}"),
                "FL-MS-MA",
                f"{aircraft.label}: scenario {name.upper()} {printed} exceeds the list {name.upper()} {listed} "
                f"({aircraft.list_rule or '21.x'}); a scenario may only lower it (23.2.6)",
            )
    ma = flight.ma if flight.ma is not None else (aircraft.ma if isinstance(aircraft.ma, int) else None)
    if ma is not None and flight.start_altitude_max is not None:
        limit = rules.loaded_max_altitude(ma) if flight.loaded else ma
        if flight.start_altitude_min is not None and flight.start_altitude_min > limit:
            yield warning(
                doc.locate(f"{p}/start_altitude/min"),
                "FL-START-ALTITUDE",
                f"{aircraft.label}: must start at level {flight.start_altitude_min} or higher, above its "
                f"{'loaded ' if flight.loaded else ''}MA {limit}"
                + (f" (half of {ma} rounded up, 10.3.1)" if flight.loaded else " (10.1.1)"),
            )
        elif flight.start_altitude_max > limit and not flight.loaded:
            yield warning(
                doc.locate(f"{p}/start_altitude/max"),
                "FL-START-ALTITUDE",
                f"{aircraft.label}: start altitude up to {flight.start_altitude_max} exceeds MA {limit} (10.1.1)",
            )
    if flight.loaded:
        if (
            ma is not None
            and flight.start_altitude_max is not None
            and flight.start_altitude_max > rules.loaded_max_altitude(ma)
        ):
            yield warning(
                doc.locate(f"{p}/start_altitude/max"),
                "FL-LOADED",
                f"{aircraft.label} is loaded: start altitude up to {flight.start_altitude_max} exceeds its loaded MA "
                f"{rules.loaded_max_altitude(ma)} (half of {ma}, rounded up, 10.3.1)",
            )
        if flight.missiles and load is not None and len(load.options) == 1 and "c" not in note_letters:
            yield warning(
                doc.locate(f"{p}/missiles"),
                "FL-LOADED",
                f"{aircraft.label} is loaded but carries missiles: its load {load.code} has one option and the row "
                f"has no note c, so as a fighter-bomber it carries none (21.8)",
            )
    yield from _missile_load_checks(flight, aircraft, load, doc)
    if flight.unit_first is not None and flight.unit_last is not None and flight.unit_last < flight.unit_first:
        yield warning(
            doc.locate(f"{p}/unit_numbers"),
            "FL-UNIT-COUNT",
            f"unit numbers {flight.unit_numbers_printed} do not form a range (23.2.5)",
        )
    elif flight.unit_count is not None and flight.unit_count != (flight.count_printed or flight.count):
        read = "" if flight.count_printed is None else f"; read as {flight.count} (the scenario's readings)"
        yield warning(
            doc.locate(f"{p}/unit_numbers"),
            "FL-UNIT-COUNT",
            f"{flight.count_printed or flight.count} {flight.unit_printed} but {flight.unit_count} unit numbers "
            f"({flight.unit_numbers_printed}) (23.2.5){read}",
        )
    sets = flight.status_set_count
    if sets is not None and sets != (flight.count_printed or flight.count):
        yield warning(
            doc.locate(f"{p}/status_units"),
            "FL-UNIT-COUNT",
            f"{flight.count_printed or flight.count} {flight.unit_printed} but {sets} status-unit sets "
            f"({flight.status_units}) (23.2.3)",
        )
    seats = aircraft.counter.crew
    if seats is not None and flight.aircrew.total != seats * flight.count:
        yield warning(
            doc.locate(f"{p}/aircrew"),
            "FL-AIRCREW-COUNT",
            f"{flight.count} {flight.unit_printed} with {seats} seats each need {seats * flight.count} aircrew; "
            f"{flight.aircrew.printed()} gives {flight.aircrew.total} (23.2.7)",
        )


def _missile_load_checks(
    flight: Flight, aircraft: FlAircraft, load: MissileLoad | None, doc: SourceDocument
) -> Iterator[Finding]:
    """Missiles a flight carries fit the aircraft's rails (FL 1.2.1.5), MSLS 0 (FL 21.1.8) and load (FL 21.8.5).

    Lesser loads are allowed (FL 26.4.2); only more missiles, or types the load never names, are reported.
    """
    if not flight.missiles:
        return
    carried = sum(m.count for m in flight.missiles)
    types = sorted({m.type for m in flight.missiles})
    where = functools.partial(doc.locate, f"{flight.pointer}/missiles")
    printed = " + ".join(f"{m.count} {m.type}" for m in flight.missiles)
    rails = aircraft.counter.missile_rails
    if rails is not None and carried > rails:
        yield warning(
            where(),
            "FL-MISSILE-LOAD",
            f"{aircraft.label} carries {printed} = {carried} missiles but has {rails} rails (1.2.1.5)",
        )
        return
    if rails is None and aircraft.msls == "0":
        yield warning(
            where(),
            "FL-MISSILE-LOAD",
            f"{aircraft.label} carries {printed} but its list MSLS is 0: no missiles normally carried (21.1.8)",
        )
        return
    if load is None:
        return
    problems = []
    if carried > load.most_missiles():
        problems.append(
            f"{carried} missiles, more than load {load.code} ({load.printed}) holds ({load.most_missiles()})"
        )
    named = {t for option in load.options for _, alternatives in option for t in alternatives}
    foreign = [t for t in types if t not in named and t not in ("AL", "AM")]
    if foreign:
        problems.append(f"{', '.join(foreign)} not in load {load.code} ({load.printed})")
    if problems:
        yield warning(where(), "FL-MISSILE-LOAD", f"{aircraft.label} carries {printed}: {'; '.join(problems)} (21.8.5)")
