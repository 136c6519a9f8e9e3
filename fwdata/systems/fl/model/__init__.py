"""Flight Leader models: aircraft (counter + list row), nation, missile load, list note, scenario; immutable."""

from fwdata.systems.fl.model.aircraft import UNKNOWN, Counter, FlAircraft, build_aircraft, resolve_aircraft
from fwdata.systems.fl.model.lists import (
    ListNote,
    MissileLoad,
    Nation,
    NoteArmament,
    RatingPeriod,
    build_list_note,
    build_missile_load,
    build_nation,
)
from fwdata.systems.fl.model.scenario import (
    Controller,
    Flight,
    Missile,
    Scenario,
    Side,
    VictoryPointsLine,
    build_scenario,
)
from fwdata.systems.fl.rules import RATING_LETTERS

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
    "NoteArmament",
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
