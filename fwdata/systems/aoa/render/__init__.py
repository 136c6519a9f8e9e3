"""Ace of Aces rendering: plane cards, Pilot's Log, chart book pages, the campaign set-up sheet and books."""

from fwdata.systems.aoa.render.outputs import plan_outputs, render_outputs

__all__ = ["plan_outputs", "render_outputs"]
