"""Which flights of a scenario fly the aircraft type a victory-point line names ('F-105', 'A-4', 'Mystere').

A bonus-exit or jettison line (FL 23.7.2.1, 23.7.3) names a type, not a side; the type's side decides which
aircraft value it is half of (FL 26.5.3).
"""

from __future__ import annotations

from collections.abc import Callable

from fwdata.systems.fl.model import FlAircraft, Flight, Scenario


def names_type(name: str, designation: str) -> bool:
    """Return whether a printed type name names a designation: 'F-105' names 'F105D' and 'F-105', not 'F-1051'.

    Letters, digits only, case ignored; the name may stop short of a model letter or a word, never of a digit.
    """
    wanted, given = _letters_digits(name), _letters_digits(designation)
    if not wanted or not given.startswith(wanted):
        return False
    return len(given) == len(wanted) or not given[len(wanted)].isdigit()


def flights_named(
    scenario: Scenario, name: str, lookup: Callable[[str], FlAircraft | None]
) -> tuple[tuple[int, Flight], ...]:
    """Return (side index, flight) for every flight whose unit or aircraft designations the name names."""
    found = []
    for index, side in enumerate(scenario.sides):
        for flight in side.flights:
            aircraft = lookup(flight.aircraft)
            names = [flight.unit_printed.rstrip("*")]
            if aircraft is not None:
                names += [*aircraft.designations, aircraft.unit_name or ""]
            if any(names_type(name, designation) for designation in names if designation):
                found.append((index, flight))
    return tuple(found)


def _letters_digits(text: str) -> str:
    return "".join(ch for ch in text.upper() if ch.isalnum())
