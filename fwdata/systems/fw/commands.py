"""`fwdata fw ...`: the Fighting Wings commands."""

from __future__ import annotations

import json
from pathlib import Path

import click

from fwdata.commandline import Toolbox, report_and_exit, report_format_option, stops_cleanly
from fwdata.errors import UsageError
from fwdata.game_system import Catalog, RunResult


@click.group("fw")
def group() -> None:
    """Fighting Wings tools."""


@group.command("simulate")
@click.argument("card")
@report_format_option
@click.option("--climb-model", type=click.Choice(["designer-note", "qs"]), default="designer-note", show_default=True,
              help="Points per 100-ft increment for the lost Climb Decel table (docs/fw-rules.md).")
@click.option("--plot", "plot_path", type=click.Path(path_type=Path),
              help="Also draw the acceleration and climb curves into PATH (.png or .pdf).")
@click.pass_obj
@stops_cleanly
def simulate(toolbox: Toolbox, card: str, output_format: str, climb_model: str, plot_path: Path | None) -> None:
    """Fly CARD (a card file, or the id of a card in this pack or the base library) by the rules.

    Prints turns to max speed, climb and degrees per turn for every altitude band.
    """
    from fwdata.render.plot import PLOT_FORMATS, render_panels, require_plotting
    from fwdata.systems.fw.simulate import format_report, report_panels, simulate_source
    from fwdata.systems.fw.simulation_checks import SimulationOptions
    from fwdata.write import write_file

    image_format = plot_path.suffix.lstrip(".").lower() if plot_path is not None else None
    if image_format is not None and image_format not in PLOT_FORMATS:
        raise UsageError(f"--plot {plot_path}: the file must end in .png or .pdf")
    if plot_path is not None:
        require_plotting()
    report, findings = simulate_source(card, toolbox.check,
                                       SimulationOptions(climb_model=climb_model))  # type: ignore[arg-type]
    if report is None:
        report_and_exit(RunResult(report=findings, catalog=Catalog()), output_format, False)
        return
    click.echo(json.dumps(report.as_json(), indent=2) if output_format == "json" else format_report(report))
    if plot_path is not None:
        image = render_panels(report_panels(report), image_format or "png",
                              title=f"{report.card_name}: simulated performance")
        write_file(plot_path, image)
