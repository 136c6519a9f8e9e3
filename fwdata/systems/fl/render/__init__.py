"""Flight Leader rendering: aircraft cards, Aircraft Status Card, scenario sheets, Plot Sheet, crosscheck report."""

from fwdata.systems.fl.render.aircraft_card import draw_aircraft_card
from fwdata.systems.fl.render.blank_forms import draw_plot_sheet, draw_status_card
from fwdata.systems.fl.render.outputs import plan_outputs, render_outputs
from fwdata.systems.fl.render.scenario_sheet import draw_scenario_sheet

__all__ = [
    "draw_aircraft_card",
    "draw_plot_sheet",
    "draw_scenario_sheet",
    "draw_status_card",
    "plan_outputs",
    "render_outputs",
]
