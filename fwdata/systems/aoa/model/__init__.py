"""Ace of Aces models: typed, immutable values built from schema-valid plane, maneuvers, chart and book documents."""

from fwdata.systems.aoa.model.book import LAST_PAGE, MANEUVER_CODES, SIDES, BookPage, DogfightBook, build_book
from fwdata.systems.aoa.model.charts import (
    ArchieChart,
    BattlefieldMap,
    CriticalChart,
    DacGrid,
    DacLegend,
    FiringChart,
    RollMatrix,
    RollTable,
    SurvivalChart,
    build_chart,
)
from fwdata.systems.aoa.model.maneuvers import ManeuverChart, build_maneuvers
from fwdata.systems.aoa.model.plane import Plane, build_plane

__all__ = [
    "LAST_PAGE",
    "MANEUVER_CODES",
    "SIDES",
    "ArchieChart",
    "BattlefieldMap",
    "BookPage",
    "CriticalChart",
    "DacGrid",
    "DacLegend",
    "DogfightBook",
    "FiringChart",
    "ManeuverChart",
    "Plane",
    "RollMatrix",
    "RollTable",
    "SurvivalChart",
    "build_book",
    "build_chart",
    "build_maneuvers",
    "build_plane",
]
