"""Fighting Wings scenario checks: every set-up legal for its card and the formation rules."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from fwdata.findings import Finding, error, info, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.model import AircraftDataCard, Scenario, ScenarioAircraft

FACINGS = ("N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW")
QUALITY_ORDER = ("Recruit", "Green", "Regular", "Veteran")
DIVES = frozenset({"SHD", "STD", "VD", "ISHD", "ISTD", "IVD"})
LIGHT_CLASSES = frozenset({"F", "MF", "L"})
MIN_ALTITUDE_AGL_FT = 100  # OTR 16.1: the lowest flight altitude is one increment above the ground.

CardLookup = Callable[[str], AircraftDataCard | None]


def check_scenario(scenario: Scenario, document: SourceDocument, cards: CardLookup) -> Iterator[Finding]:
    """Yield every set-up finding of one scenario.

    Rule sources: OTR 3.1.2 (hexside facing), OTR 3.2 (stacking), OTR 4.3.1 (load
    effects on min/max speed), OTR 4.4 and OTR 4.7 (stall and dive limits), OTR 8.5 and
    OTR 8.6 (rank and pilot quality of leaders), OTR 12.0 (stations), OTR 16.1 (altitude).
    """
    bands = scenario.details.get("band_altitudes") or ()
    yield from _band_altitudes(bands, document)
    ground_ft = (scenario.details.get("map") or {}).get("ground_level_ft", 0)
    for side in scenario.sides:
        for formation in side.formations:
            yield from _leaders(formation.flights, document)
    for member in scenario.aircraft():
        card = cards(member.aircraft)
        if card is None:
            continue  # reported as REF-UNKNOWN
        yield from _position(member, document)
        yield from _altitude_and_speed(member, card, document, bands or card.band_altitudes, ground_ft)
        yield from _loads(member, card, document)
    yield from _stacking(scenario, document, cards)


def _band_altitudes(bands: Any, document: SourceDocument) -> Iterator[Finding]:
    """Band altitudes rise without overlap: each band starts above where the one below it ends."""
    previous_top: int | None = None
    for index, row in enumerate(bands):
        top = row.get("to_ft")
        if top is not None and top < row["from_ft"]:
            yield error(document.locate(f"/band_altitudes/{index}/to_ft"), "FW-SETUP-BAND",
                        f"{row['band']} band ends at {top} ft, below where it starts ({row['from_ft']} ft)")
        if previous_top is not None and row["from_ft"] <= previous_top:
            yield error(document.locate(f"/band_altitudes/{index}/from_ft"), "FW-SETUP-BAND",
                        f"{row['band']} band starts at {row['from_ft']} ft, not above the band below it, which ends "
                        f"at {previous_top} ft (bands rise from VL without overlapping)")
        previous_top = top if top is not None else previous_top


def _leaders(flights: tuple[Any, ...], document: SourceDocument) -> Iterator[Finding]:
    for number, flight in enumerate(flights):
        for position, member in enumerate(flight.aircraft):
            quality = member.pilot.get("quality", "Regular")
            rank = QUALITY_ORDER.index(quality)
            where = functools.partial(document.locate, f"{member.pointer}/pilot/quality")
            if number == 0 and position == 0 and len(flights) > 1 and rank < QUALITY_ORDER.index("Regular"):
                yield error(where(), "FW-SETUP-PILOT",
                            f"{member.callsign or member.aircraft} leads a formation of {len(flights)} flights as "
                            f"squadron leader but is {quality} (squadron and group leaders must be Regular or "
                            "Veteran; OTR 8.6)")
            elif (position == 0 or (position == 2 and len(flight.aircraft) == 4)) and quality == "Recruit":
                role = "flight" if position == 0 else "element"
                yield error(where(), "FW-SETUP-PILOT",
                            f"{member.callsign or member.aircraft} is the {role} leader of {flight.name!r} but is a "
                            "Recruit (flight and element leaders must be Green or better; OTR 8.5, 8.6)")


def _position(member: ScenarioAircraft, document: SourceDocument) -> Iterator[Finding]:
    hexside = member.setup.get("hexside")
    if not hexside:
        return
    first, second = hexside.split("/")
    hex_id = member.setup["hex"]
    facing = member.setup["facing"]
    where = functools.partial(document.locate, f"{member.pointer}/setup/hexside")
    if first != hex_id:
        yield error(where(), "FW-SETUP-FACING",
                    f"hexside {hexside} does not border the start hex {hex_id} (write it as '{hex_id}/<neighbour>')")
        return
    column_step = abs(int(first[:2]) - int(second[:2]))
    row_step = abs(int(first[2:]) - int(second[2:]))
    if (column_step, row_step) not in ((1, 0), (0, 1), (1, 1)):
        yield error(where(), "FW-SETUP-FACING", f"hexes {first} and {second} are not neighbours, so {hexside} "
                    "is not a hexside")
        return
    # Hexes in one row share a north-south hexside; other neighbours share a slanted one (OTR Diagram 3.1:
    # NE/SW). Which slant depends on the map's row offset, which the rules leave open, so both are accepted.
    along = ("N", "S") if row_step == 0 else ("NE", "SW", "SE", "NW")
    if facing not in along:
        yield error(document.locate(f"{member.pointer}/setup/facing"), "FW-SETUP-FACING",
                    f"{member.callsign or member.aircraft} starts on hexside {hexside} facing {facing}; a counter on "
                    f"a hexside faces along it ({' or '.join(along)}; OTR 3.1.2)")


def _band_of(altitude_ft: int, bands: Any) -> str | None:
    for row in bands:
        top = row.get("to_ft")
        if row["from_ft"] <= altitude_ft and (top is None or altitude_ft <= top):
            return str(row["band"])
    return None


def load_state(member: ScenarioAircraft, card: AircraftDataCard) -> tuple[str, float]:
    """Return ("clean" | "loaded" | "overloaded", load points) from the stores' load points (OTR 12.0)."""
    points = sum(float(item.get("load_points", 0)) for item in member.loads)
    limits = card.general.get("load_points") if card.general else None
    if limits and points >= limits["overloaded"]:
        return "overloaded", points
    if limits and points >= limits["loaded"]:
        return "loaded", points
    return "clean", points


# OTR 4.3.1: loaded +0.5 to minimums and -0.5 to max attainable; overloaded +1.0 / -1.0.
LOAD_EFFECTS = {"clean": (0.0, 0.0), "loaded": (0.5, 0.5), "overloaded": (1.0, 1.0)}


def _altitude_and_speed(member: ScenarioAircraft, card: AircraftDataCard, document: SourceDocument,
                        bands: Any, ground_ft: int) -> Iterator[Finding]:
    setup = member.setup
    name = member.callsign or member.aircraft
    altitude = setup["altitude_ft"]
    if altitude < ground_ft + MIN_ALTITUDE_AGL_FT:
        yield error(document.locate(f"{member.pointer}/setup/altitude_ft"), "FW-SETUP-ALTITUDE",
                    f"{name} starts at {altitude} ft, below the lowest flight altitude {ground_ft + 100} ft "
                    f"(ground {ground_ft} ft + 100 ft; OTR 16.1)")
        return
    if not bands:
        yield info(document.locate(f"{member.pointer}/setup/altitude_ft"), "FW-SETUP-BAND",
                   f"{name}: no band altitudes in the scenario or on the card, so the start speed cannot be "
                   "checked (the rulebooks give no band altitudes; add band_altitudes)")
        return
    band_name = _band_of(altitude, bands)
    row = card.band(band_name) if band_name else None
    if band_name is None:
        yield error(document.locate(f"{member.pointer}/setup/altitude_ft"), "FW-SETUP-BAND",
                    f"{name} starts at {altitude} ft, which lies in none of the band altitudes "
                    f"({', '.join(str(b['band']) for b in bands)})")
        return
    if row is None:
        yield error(document.locate(f"{member.pointer}/setup/altitude_ft"), "FW-SETUP-BAND",
                    f"{name} starts at {altitude} ft in the {band_name} band, where the {card.name} card lists "
                    f"no performance line (bands {', '.join(b.band for b in card.performance)})")
        return
    state, points = load_state(member, card)
    ceilings = card.general.get("ceilings_ft") if card.general else None
    ceiling = ceilings.get("normal" if state == "clean" else state) if ceilings else None
    if ceiling is not None and altitude > ceiling:
        yield warning(document.locate(f"{member.pointer}/setup/altitude_ft"), "FW-SETUP-ALTITUDE",
                      f"{name} starts at {altitude} ft, above its {state} ceiling of {ceiling} ft: power is halved "
                      "there, and is 0 more than 3,000 ft above it (OTR 12.0)")
    min_add, max_sub = LOAD_EFFECTS[state]
    speed = setup["speed_fp"]
    minimum, attainable = row.min_fp + min_add, row.max_fp - max_sub
    where = functools.partial(document.locate, f"{member.pointer}/setup/speed_fp")
    load_note = f", {state} with {points:g} load points" if state != "clean" else ""
    if speed < minimum:
        yield error(where(), "FW-SETUP-SPEED",
                    f"{name} starts at speed {speed:.1f} in the {row.band} band{load_note}, below the adjusted "
                    f"minimum {minimum:.1f}: it would start stalled (OTR 4.3.1, 4.4)")
    elif speed > row.max_dive_fp:
        yield error(where(), "FW-SETUP-SPEED",
                    f"{name} starts at speed {speed:.1f} in the {row.band} band, above the max dive speed "
                    f"{row.max_dive_fp:.1f} (dangerous dive; OTR 4.7)")
    elif speed > attainable and setup["attitude"] not in DIVES:
        yield warning(where(), "FW-SETUP-SPEED",
                      f"{name} starts level at speed {speed:.1f} in the {row.band} band{load_note}, above its max "
                      f"attainable speed {attainable:.1f}; it takes overspeed decel on turn 1 (OTR 4.2, 4.3.1)")


def _loads(member: ScenarioAircraft, card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    stations: Mapping[str, Mapping[str, Any]] = {str(s["name"]): s for s in card.stations}
    total = 0
    name = member.callsign or member.aircraft
    for index, item in enumerate(member.loads):
        where = functools.partial(document.locate, f"{member.pointer}/loads/{index}/station")
        station = stations.get(item["station"])
        if station is None:
            listed = ", ".join(stations) or "none"
            yield error(where(), "FW-SETUP-LOADS",
                        f"{name} loads {item['store']} on station {item['station']!r}, which the {card.name} card "
                        f"does not have (stations: {listed}; OTR 12.0)")
            continue
        weight = int(item.get("weight_lb", 0))
        total += weight
        limit = int(station["weight_limit_lb"]) * int(station.get("count", 1))
        if weight > limit:
            yield error(document.locate(f"{member.pointer}/loads/{index}/weight_lb"), "FW-SETUP-LOADS",
                        f"{name}: {weight} lb on {item['station']!r} exceeds its limit of {limit} lb (OTR 12.0)")
    if card.total_weight_limit_lb is not None and total > card.total_weight_limit_lb:
        yield error(document.locate(f"{member.pointer}/loads"), "FW-SETUP-LOADS",
                    f"{name} carries {total} lb of stores, over the card's total limit of "
                    f"{card.total_weight_limit_lb} lb (OTR 12.0)")


def _stacking(scenario: Scenario, document: SourceDocument, cards: CardLookup) -> Iterator[Finding]:
    stacks: dict[tuple[str, int], list[tuple[str, str, str, ScenarioAircraft]]] = defaultdict(list)
    for side in scenario.sides:
        for formation in side.formations:
            for flight in formation.flights:
                for member in flight.aircraft:
                    place = member.setup.get("hexside") or member.setup["hex"]
                    stacks[(place, member.setup["altitude_ft"])].append((side.name, formation.name,
                                                                         formation.type, member))
    for (place, altitude), members in sorted(stacks.items()):
        if len(members) < 2:
            continue
        problem = _stack_problem(members, cards)
        if problem:
            last = members[-1][3]
            yield warning(document.locate(f"{last.pointer}/setup"), "FW-SETUP-STACKING",
                          f"{len(members)} A/C start stacked at {place}, {altitude} ft: {problem}; "
                          "overstacked A/C risk collision (OTR 3.2)")


def _stack_problem(members: list[tuple[str, str, str, ScenarioAircraft]], cards: CardLookup) -> str | None:
    sides = {side for side, _, _, _ in members}
    if len(sides) > 1:
        return "A/C of opposing sides never stack safely"
    classes = []
    for _, _, _, member in members:
        card = cards(member.aircraft)
        classes.append(card.agility_class if card else None)
    if "SH" in classes:
        return "SH class A/C never stack safely"
    formations = {(name, kind) for _, name, kind, _ in members}
    heavy = any(c not in LIGHT_CLASSES for c in classes)
    if len(formations) > 1:
        return "A/C of different formations" if len(members) > 2 or heavy else None
    kind = next(iter(formations))[1]
    limit = (2 if heavy else 3) if kind == "Fixed" else (1 if heavy else 2)
    if len(members) > limit:
        what = "M or H class" if heavy else "F or L class"
        return f"a {kind.lower()} formation stacks at most {limit} {what} A/C safely"
    return None
