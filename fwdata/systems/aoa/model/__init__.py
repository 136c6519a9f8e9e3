"""Ace of Aces models: typed, immutable values built from schema-valid documents of every aoa kind."""

from fwdata.systems.aoa.model.book import (
    LAST_PAGE,
    MANEUVER_CODES,
    NO_PLANE_PAGES,
    SIDES,
    BookPage,
    DogfightBook,
    build_book,
)
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
from fwdata.systems.aoa.model.layout import CODE_ORDERS, DEFAULT_LAYOUT, BookLayout, LayoutCode, build_layout
from fwdata.systems.aoa.model.maneuvers import ManeuverChart, build_maneuvers
from fwdata.systems.aoa.model.plane import Plane, build_plane

__all__ = [
    "CODE_ORDERS",
    "DEFAULT_LAYOUT",
    "LAST_PAGE",
    "MANEUVER_CODES",
    "NO_PLANE_PAGES",
    "SIDES",
    "ArchieChart",
    "BattlefieldMap",
    "BookLayout",
    "BookPage",
    "CriticalChart",
    "DacGrid",
    "DacLegend",
    "DogfightBook",
    "FiringChart",
    "LayoutCode",
    "ManeuverChart",
    "Plane",
    "RollMatrix",
    "RollTable",
    "SurvivalChart",
    "build_book",
    "build_chart",
    "build_layout",
    "build_maneuvers",
    "build_plane",
]
