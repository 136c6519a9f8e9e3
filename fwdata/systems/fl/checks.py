"""Flight Leader cross-checks: references, the 26.x scenario-design rules on every scenario, list-row sanity."""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterator

from fwdata.findings import Finding, error, info, warning
from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument
from fwdata.suggestions import did_you_mean
from fwdata.systems.fl import rules
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, Flight, MissileLoad, Nation, Scenario, Side, resolve_aircraft
from fwdata.systems.fl.scoring import ScenarioScore, SideAssessment, condition_summary, score_scenario

SYSTEM = "fl"


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Flight Leader finding: references, list rows, then each scenario's rules."""
    yield from check_aircraft_bases(catalog)
    lookup = aircraft_lookup(catalog)
    yield from check_aircraft_rows(catalog, lookup)
    for entry in catalog.entries(SYSTEM, "scenario"):
        scenario: Scenario = entry.model
        missing = list(check_scenario_references(catalog, scenario, entry.document))
        yield from missing
        yield from check_scenario_rules(catalog, scenario, entry.document, lookup)
        if not any(f.code == "REF-UNKNOWN" and "/aircraft" in f.location.pointer for f in missing):
            yield from check_scenario_points(score_scenario(scenario, lookup), entry.document)


def aircraft_lookup(catalog: Catalog) -> Callable[[str], FlAircraft | None]:
    """Return a function that finds an aircraft by id with its variant chain resolved (None if missing or broken)."""
    cache: dict[str, FlAircraft | None] = {}

    def raw(key: str) -> FlAircraft | None:
        entry = catalog.get(SYSTEM, "aircraft", key)
        return entry.model if entry else None

    def lookup(key: str) -> FlAircraft | None:
        if key not in cache:
            found = raw(key)
            cache[key] = resolve_aircraft(found, raw) if found else None
        return cache[key]

    return lookup


def check_aircraft_bases(catalog: Catalog) -> Iterator[Finding]:
    """Every variant's `base` names an existing fl aircraft, and bases do not loop."""
    known = catalog.ids(SYSTEM, "aircraft")
    for entry in catalog.entries(SYSTEM, "aircraft"):
        aircraft: FlAircraft = entry.model
        if aircraft.base is None:
            continue
        if catalog.get(SYSTEM, "aircraft", aircraft.base) is None:
            yield error(
                entry.document.locate("/base"),
                "REF-UNKNOWN",
                f"base {aircraft.base!r}: no fl aircraft with that id{did_you_mean(aircraft.base, known)}",
            )
            continue
        seen = [aircraft.id]
        current: FlAircraft | None = aircraft
        while current is not None and current.base is not None:
            if current.base in seen:
                yield error(
                    entry.document.locate("/base"),
                    "REF-CYCLE",
                    f"base forms a loop: {' -> '.join([*seen, current.base])}",
                )
                break
            seen.append(current.base)
            found = catalog.get(SYSTEM, "aircraft", current.base)
            current = found.model if found else None


def check_aircraft_rows(catalog: Catalog, lookup: Callable[[str], FlAircraft | None]) -> Iterator[Finding]:
    """List rows: the MSLS code exists in 21.8.5 and fits the rails; points do not rise from A to F (21.1.11)."""
    loads: dict[str, MissileLoad] = {m.code: m for m in catalog.models(SYSTEM, "missile-load")}
    for entry in catalog.entries(SYSTEM, "aircraft"):
        aircraft = lookup(entry.model.id)
        if aircraft is None:
            continue
        doc = entry.document
        code = aircraft.msls
        if loads and isinstance(code, str) and code not in (UNKNOWN, "0") and not code.endswith("R"):
            if code not in loads:
                group = code.split("-")[0]
                defined = sorted((c for c in loads if c.split("-")[0] == group), key=_code_key)
                yield warning(
                    doc.locate("/msls" if "msls" in entry.model.present else "/base"),
                    "FL-MSLS-UNDEFINED",
                    f"{aircraft.label}: MSLS {code} is not among the Specific Missile Loads of 21.8.5 "
                    f"(defined in group {group}: {', '.join(defined) or 'none'})",
                )
            elif (
                aircraft.counter.missile_rails is not None
                and loads[code].most_missiles() > aircraft.counter.missile_rails
            ):
                yield warning(
                    doc.locate("/msls"),
                    "FL-MSLS-RAILS",
                    f"{aircraft.label}: load {code} holds up to {loads[code].most_missiles()} missiles but the "
                    f"aircraft has {aircraft.counter.missile_rails} rails (1.2.1.5)",
                )
        points = [(letter, aircraft.scenario_points.get(letter)) for letter in rules.RATING_LETTERS]
        numbers = [(letter, value) for letter, value in points if isinstance(value, int)]
        for (la, va), (lb, vb) in zip(numbers, numbers[1:], strict=False):
            if vb > va:
                yield warning(
                    doc.locate(f"/scenario_points/{lb}"),
                    "FL-POINTS-ORDER",
                    f"{aircraft.label}: {lb} points {vb} exceed {la} points {va} (a better rating is never "
                    f"worth less, 21.1.11)",
                )


def _code_key(code: str) -> tuple[int, int]:
    group, _, index = code.partition("-")
    return int(group), int(index)


def check_scenario_references(catalog: Catalog, scenario: Scenario, doc: SourceDocument) -> Iterator[Finding]:
    """Every aircraft and nation a scenario names exists."""
    aircraft_ids = catalog.ids(SYSTEM, "aircraft")
    nation_ids = catalog.ids(SYSTEM, "nation")
    for side in scenario.sides:
        if nation_ids and side.nation not in nation_ids:
            yield error(
                doc.locate(f"{side.pointer}/nation"),
                "REF-UNKNOWN",
                f"nation {side.nation!r}: no fl nation with that id{did_you_mean(side.nation, nation_ids)}",
            )
        for flight in side.flights:
            if flight.nation is not None and nation_ids and flight.nation not in nation_ids:
                yield error(
                    doc.locate(f"{flight.pointer}/nation"),
                    "REF-UNKNOWN",
                    f"nation {flight.nation!r}: no fl nation with that id{did_you_mean(flight.nation, nation_ids)}",
                )
            if flight.aircraft not in aircraft_ids:
                yield error(
                    doc.locate(f"{flight.pointer}/aircraft"),
                    "REF-UNKNOWN",
                    f"aircraft {flight.aircraft!r}: no fl aircraft with that id"
                    f"{did_you_mean(flight.aircraft, aircraft_ids)}",
                )


def check_scenario_rules(
    catalog: Catalog, scenario: Scenario, doc: SourceDocument, lookup: Callable[[str], FlAircraft | None]
) -> Iterator[Finding]:
    """Service dates, national lists, MS/MA, start altitudes, loaded limits, force limits, pairs, unit counts."""
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
    elif flight.unit_count is not None and flight.unit_count != flight.count:
        yield warning(
            doc.locate(f"{p}/unit_numbers"),
            "FL-UNIT-COUNT",
            f"{flight.count} {flight.unit_printed} but {flight.unit_count} unit numbers "
            f"({flight.unit_numbers_printed}) (23.2.5)",
        )
    sets = flight.status_set_count
    if sets is not None and sets != flight.count:
        yield warning(
            doc.locate(f"{p}/status_units"),
            "FL-UNIT-COUNT",
            f"{flight.count} {flight.unit_printed} but {sets} status-unit sets ({flight.status_units}) (23.2.3)",
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
    """Missiles a flight carries fit the aircraft: rails (1.2.1.5), MSLS 0 (21.1.8), the load's size and types (21.8.5).

    Lesser loads are allowed (26.4.2); only more missiles, or types the load never names, are reported.
    """
    if not flight.missiles:
        return
    carried = sum(m.count for m in flight.missiles)
    types = sorted({m.type for m in flight.missiles})
    where = doc.locate(f"{flight.pointer}/missiles")
    printed = " + ".join(f"{m.count} {m.type}" for m in flight.missiles)
    rails = aircraft.counter.missile_rails
    if rails is not None and carried > rails:
        yield warning(
            where,
            "FL-MISSILE-LOAD",
            f"{aircraft.label} carries {printed} = {carried} missiles but has {rails} rails (1.2.1.5)",
        )
        return
    if rails is None and aircraft.msls == "0":
        yield warning(
            where,
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
        yield warning(where, "FL-MISSILE-LOAD", f"{aircraft.label} carries {printed}: {'; '.join(problems)} (21.8.5)")


def check_scenario_points(score: ScenarioScore, doc: SourceDocument) -> Iterator[Finding]:
    """Printed scenario points (23.2.9) and victory points (26.5, 23.7) against the rules."""
    for index, assessment in enumerate(score.sides):
        side = assessment.side
        where = doc.locate(f"{side.pointer}/scenario_points")
        name = side.nation_printed or side.key
        if assessment.status == "unknown":
            yield info(where, "FL-SP-UNKNOWN", f"{name}: scenario points cannot be computed: {assessment.reason}")
        elif assessment.status == "not-printed":
            yield info(
                where,
                "FL-SP-NOT-PRINTED",
                f"{name}: no scenario points printed; the rules give {_or(assessment.totals)} ({_steps(assessment)})",
            )
        elif assessment.status == "disagrees":
            yield warning(
                where,
                "FL-SP-MISMATCH",
                f"{name}: printed {assessment.printed}SP, the rules give {_or(assessment.totals)} "
                f"({_steps(assessment)})" + _recount_points_hint(score, index),
            )
        elif assessment.status == "conditional":
            yield info(
                where,
                "FL-SP-ASSUMED",
                f"{name}: printed {assessment.printed}SP agrees only if "
                f"{condition_summary(assessment.agreeing, assessment.outcomes)}; "
                f"otherwise the rules give {_or(_others(assessment))} ({_steps(assessment)})",
            )
    for index, victory in enumerate(score.victory):
        side = victory.side
        name = side.nation_printed or side.key
        line = side.victory_points
        if victory.status == "unknown":
            if line is not None:
                yield info(
                    doc.locate(line.pointer),
                    "FL-VP-UNKNOWN",
                    f"{name}: victory points cannot be derived: {victory.reason}",
                )
        elif victory.status == "non-standard":
            assert line is not None
            yield info(doc.locate(line.pointer), "FL-VP-UNKNOWN", f"{name}: {victory.reason}")
        elif victory.status == "disagrees":
            bad = victory.mismatches
            first = bad[0]
            wrong = ", ".join(
                f"{c.field.replace('_', ' ')} {c.printed} should be {c.expected}"
                + (
                    " (the side has no loaded fighter-bomber or reconnaissance aircraft that could bonus-exit, "
                    "23.7.2.1)"
                    if "could bonus-exit" in c.explanation
                    else ""
                )
                for c in bad
            )
            yield warning(
                doc.locate(first.pointer),
                "FL-VP-MISMATCH",
                f"{name} earns: {wrong} (26.5: {victory.derivation}; scenario points {victory.points_source})"
                + _recount_victory_hint(score, index),
            )


def _recount_note(score: ScenarioScore) -> str:
    assert score.recount is not None
    printed = {o.pointer: o.count for s in score.scenario.sides for o in s.flights}
    changes = [
        f"{f.unit_printed} {f.count}"
        for side in score.recount.scenario.sides
        for f in side.flights
        if f.pointer in printed and printed[f.pointer] != f.count
    ]
    return ", ".join(changes)


def _recount_points_hint(score: ScenarioScore, index: int) -> str:
    """When flights print fewer or more aircraft than unit numbers, say what the unit-number counts give."""
    if score.recount is None:
        return ""
    alt = score.recount.sides[index]
    if alt.status in ("agrees", "conditional"):
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) it would agree"
    if alt.outcomes:
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) the rules give {_or(alt.totals)}"
    return ""


def _recount_victory_hint(score: ScenarioScore, index: int) -> str:
    if score.recount is None:
        return ""
    alt = score.recount.victory[index]
    if alt.status == "agrees":
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) the printed values agree"
    if alt.status == "disagrees":
        still = ", ".join(f"{c.field.replace('_', ' ')} {c.printed} vs {c.expected}" for c in alt.mismatches)
        return f"; with as many aircraft as unit numbers ({_recount_note(score)}) still: {still}"
    return ""


def _others(assessment: SideAssessment) -> tuple[int, ...]:
    return tuple(sorted({o.total for o in assessment.outcomes} - {assessment.printed}))


def _or(values: tuple[int, ...]) -> str:
    return " or ".join(str(v) for v in values) if values else "nothing"


def _steps(assessment: SideAssessment) -> str:
    """One computation per distinct total: flight by flight."""
    texts = []
    seen = set()
    for outcome in assessment.outcomes:
        if outcome.total in seen:
            continue
        seen.add(outcome.total)
        flights = "; ".join(
            f"{f.flight.count} x {f.aircraft_label} {f.flight.aircrew.printed()}={f.letter}: "
            f"{' '.join(f.each.steps)} = {f.each.value}"
            + (
                f", {f.malfunction_count} at {f.malfunction.value} ({' '.join(f.malfunction.steps[1:])})"
                if f.malfunction
                else ""
            )
            for f in outcome.flights
        )
        cond = f" if {', '.join(outcome.assumptions)}" if outcome.assumptions and len(assessment.outcomes) > 1 else ""
        texts.append(f"{outcome.total}{cond}: {flights}")
    return " | ".join(texts)
