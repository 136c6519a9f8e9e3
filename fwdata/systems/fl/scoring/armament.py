"""The list points a flight is valued at: its row's cell (FL 21.1.11) or a 21.7 note's armament row by date and load.

FL 21.7 note l ties the F-4's scenario points to its missiles: "8-7" missiles carried after 1964 with their
own points, "8-2" missiles after 1969 with theirs (note p does the same for "2-2" without a date).
"""

from __future__ import annotations

from dataclasses import dataclass

from fwdata.systems.fl import rules
from fwdata.systems.fl.model import FlAircraft, Flight, NoteArmament, Scenario
from fwdata.systems.fl.model.aircraft import PointsCell

ROW_SOURCE = "21.1.11"
"""`ListPoints.source` of a flight valued at its own list row's cell."""


@dataclass(frozen=True)
class ListPoints:
    """A flight's list points at its rating letter and where they come from (for the steps of a computation)."""

    cell: PointsCell
    source: str


def chosen_armament(scenario: Scenario, flight: Flight, aircraft: FlAircraft) -> tuple[NoteArmament, str] | None:
    """Return the note armament row a flight is valued at, with why, or None when the row's own points apply.

    By date: a dated row counts only after its year (FL 21.7 note l: 8-7 after 1964, 8-2 after 1969). By load:
    of the rows the date allows, the latest whose 21.8.5 load holds what the flight carries; when none holds
    it (or the flight's missiles are not stated, or it carries none), the latest dated row the date allows,
    saying so. A row without a date (note p: "2-2" missiles carried by most users) is chosen by load only.
    """
    allowed = sorted(
        (row for row in aircraft.armaments if row.after_year is None or scenario.year > row.after_year),
        key=lambda row: row.after_year or 0,
    )
    dated = [row for row in allowed if row.after_year is not None]
    if flight.missiles:
        carried = tuple((m.count, m.type) for m in flight.missiles)
        printed = "+".join(f"{m.count}{m.type}" for m in flight.missiles)
        fitting = [row for row in allowed if any(rules.missiles_fit_load(carried, option) for option in row.options)]
        if fitting:
            row = fitting[-1]
            return row, f"{_date(scenario, row)}{printed} fits load {row.code}"
        if dated:
            row = dated[-1]
            return row, f"{_date(scenario, row)}the date decides; the printed {printed} does not fit load {row.code}"
        return None
    if dated:
        carries = "no missiles stated" if flight.missiles is None else "no missiles carried"
        return dated[-1], f"{_date(scenario, dated[-1])}{carries}, the date decides"
    return None


def _date(scenario: Scenario, row: NoteArmament) -> str:
    return "" if row.after_year is None else f"{scenario.year} is after {row.after_year}; "


def list_points(scenario: Scenario, flight: Flight, aircraft: FlAircraft, letter: str) -> ListPoints:
    """Return the list points a flight is valued at, at rating `letter` (FL 21.1.11, 21.7 notes l and p)."""
    chosen = chosen_armament(scenario, flight, aircraft)
    if chosen is None:
        return ListPoints(aircraft.points_at(letter), ROW_SOURCE)
    row, why = chosen
    return ListPoints(row.points_at(letter), f"note {row.note} {row.code} armament, 21.7: {why}")
