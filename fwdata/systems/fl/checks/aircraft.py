"""Flight Leader aircraft checks: variant bases, and list rows' MSLS codes and points (FL 21.1.11, 21.8.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from fwdata.findings import Finding, error, warning
from fwdata.game_system import MAX_VARIANT_DEPTH, Catalog, variant_depth_message
from fwdata.systems.fl import rules
from fwdata.systems.fl.model import UNKNOWN, FlAircraft, MissileLoad, NoteArmament, resolve_aircraft

SYSTEM = "fl"


def aircraft_lookup(catalog: Catalog) -> Callable[[str], FlAircraft | None]:
    """Return a function that finds an aircraft by id with its variant chain resolved (None if missing or broken).

    The aircraft comes with the armament rows of the 21.7 notes its row names (FL 21.7 notes l, p).
    """
    cache: dict[str, FlAircraft | None] = {}
    armaments = note_armaments(catalog)

    def raw(key: str) -> FlAircraft | None:
        entry = catalog.get(SYSTEM, "aircraft", key)
        return entry.model if entry else None

    def lookup(key: str) -> FlAircraft | None:
        if key not in cache:
            found = raw(key)
            resolved = resolve_aircraft(found, raw) if found else None
            if resolved is not None:
                rows = tuple(row for letter in resolved.notes.get("letters", ()) for row in armaments.get(letter, ()))
                resolved = replace(resolved, armaments=rows) if rows else resolved
            cache[key] = resolved
        return cache[key]

    return lookup


def note_armaments(catalog: Catalog) -> dict[str, tuple[NoteArmament, ...]]:
    """Return each 21.7 note letter's armament rows, with the options of the 21.8.5 load each row names."""
    loads: dict[str, MissileLoad] = {m.code: m for m in catalog.models(SYSTEM, "missile-load")}
    rows: dict[str, tuple[NoteArmament, ...]] = {}
    for note in catalog.models(SYSTEM, "list-note"):
        if note.armament_points:
            rows[note.letter] = tuple(
                NoteArmament(
                    note=note.letter,
                    code=row["msls"],
                    after_year=row.get("after_year"),
                    points=tuple(row["points"]),
                    options=loads[row["msls"]].options if row["msls"] in loads else (),
                )
                for row in note.armament_points
            )
    return rows


def check_aircraft_bases(catalog: Catalog) -> Iterator[Finding]:
    """Every variant's `base` names an existing fl aircraft; bases do not loop, nor chain more than MAX_VARIANT_DEPTH.

    Each aircraft's chain is followed at most MAX_VARIANT_DEPTH + 1 steps, so a pack of n aircraft takes O(n).
    Only the aircraft `Catalog.checked` gives are checked, each reading its own chain.
    """
    for entry in catalog.checked(SYSTEM, "aircraft"):
        aircraft: FlAircraft = entry.model
        if aircraft.base is None:
            continue
        if catalog.get(SYSTEM, "aircraft", aircraft.base) is None:
            yield error(
                entry.document.locate("/base"),
                "REF-UNKNOWN",
                f"base {aircraft.base!r}: no fl aircraft with that id"
                f"{catalog.unknown_ending(SYSTEM, 'aircraft', aircraft.base)}",
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
            if len(seen) > MAX_VARIANT_DEPTH:
                yield error(
                    entry.document.locate("/base"),
                    "REF-VARIANT-DEPTH",
                    variant_depth_message(seen),
                )
                break
            seen.append(current.base)
            found = catalog.get(SYSTEM, "aircraft", current.base)
            current = found.model if found else None


def check_aircraft_rows(catalog: Catalog, lookup: Callable[[str], FlAircraft | None]) -> Iterator[Finding]:
    """List rows: the MSLS code exists in FL 21.8.5 and fits the rails; points do not rise from A to F (FL 21.1.11).
    Only the aircraft `Catalog.checked` gives are checked."""
    loads: dict[str, MissileLoad] = {m.code: m for m in catalog.models(SYSTEM, "missile-load")}
    for entry in catalog.checked(SYSTEM, "aircraft"):
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
