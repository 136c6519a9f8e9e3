"""`fwdata fw ...`: the Fighting Wings commands."""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from fwdata.cli.commandline import Toolbox, report_and_exit, report_format_option, stops_cleanly
from fwdata.errors import UsageError
from fwdata.game_system import Catalog, RunResult

MAX_SPEED_FP = 20.0  # `fw shot --speeds`: above every card's max dive speed


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
    from fwdata.output.write import write_file
    from fwdata.render.plot import PLOT_FORMATS, render_panels, require_plotting
    from fwdata.systems.fw.simulate import format_report, report_panels, simulate_source
    from fwdata.systems.fw.simulation_checks import SimulationOptions

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


def _finite_speeds(_ctx: click.Context, _param: click.Parameter,
                   value: tuple[float, float] | None) -> tuple[float, float] | None:
    """Refuse a speed that is negative, infinite or not a number (a usage error, exit 2)."""
    if value is not None and not all(math.isfinite(speed) and 0 <= speed <= MAX_SPEED_FP for speed in value):
        raise click.BadParameter(f"speeds are FP from 0 to {MAX_SPEED_FP:g}, got {value[0]:g} and {value[1]:g}")
    return value


@group.command("shot")
@click.argument("attacker")
@click.argument("target")
@click.option("--range", "range_hexes", type=click.IntRange(0, 20), required=True, help="Gun range in hexes (QS 5.4).")
@click.option("--deflection", type=click.Choice(["0", "30", "60", "90", "120", "150", "180"]), required=True,
              help="Final deflection angle in degrees (OTR 9.3).")
@report_format_option
@click.option("--rules", "rulebook", type=click.Choice(["otr", "qs"]), default="otr", show_default=True,
              help="qs: the Quick-Start modifiers only; otr adds excess firepower and allows the options below.")
@click.option("--weapon", "weapons", multiple=True, help="Fire only the groups whose name contains this (repeat).")
@click.option("--burst", type=click.Choice(["normal", "half", "long"]), default="normal", show_default=True,
              help="Burst length (OTR 10.1).")
@click.option("--tracking", is_flag=True, help="Tracking shot: odds one column right (OTR 10.1).")
@click.option("--beam", is_flag=True, help="Beam attack, 90 deg from the 3/9 line: one column left (OTR 10.3).")
@click.option("--six-line", is_flag=True, help="Shooter's 12:00 line on the target's 6:00 line (OTR 10.2).")
@click.option("--pilot", type=click.Choice(["recruit", "green", "regular", "veteran"]), default="regular",
              show_default=True, help="The shooter's pilot quality (QS 7.1).")
@click.option("--hero", is_flag=True, help="The pilot is a hero (-5 more).")
@click.option("--ace", is_flag=True, help="The pilot is an ace (-10).")
@click.option("--crack-shot", is_flag=True, help="The pilot is a crack shot (-10; smaller burst shifts).")
@click.option("--turn-rate", type=click.Choice(["HT", "BT"], case_sensitive=False), help="Highest rate the firer used.")
@click.option("--speeds", type=(float, float), callback=_finite_speeds,
              help="Shooter and target speeds (FP) for the combined-speed modifier (OTR 10.3).")
@click.option("--modifier", "extra_modifier", type=int, default=0, help="Any other LH modifier (+ is worse).")
@click.option("--odds-past-12", type=click.Choice(["per-whole-ratio", "per-listed-step"]), default="per-whole-ratio",
              show_default=True, help="What one 'odds over 12-1' is (docs/fw-rules.md).")
@click.option("--ambiguous-cells", type=click.Choice(["no-hits", "one-hit"]), default="no-hits", show_default=True,
              help="Restored blank cells that may be a lost 1 (docs/fw-rules.md).")
@click.option("--combined-speed-count", type=click.Choice(["partial-counts", "whole-only"]), default="partial-counts",
              show_default=True, help="Whether a part of 1.0 combined speed counts (docs/fw-rules.md).")
@click.pass_obj
@stops_cleanly
def shot(toolbox: Toolbox, attacker: str, target: str, range_hexes: int, deflection: str, output_format: str,
         rulebook: str, weapons: tuple[str, ...], burst: str, tracking: bool, beam: bool, six_line: bool, pilot: str,
         hero: bool, ace: bool, crack_shot: bool, turn_rate: str | None, speeds: tuple[float, float] | None,
         extra_modifier: int, odds_past_12: str, ambiguous_cells: str, combined_speed_count: str) -> None:
    """Show the odds column and the chance of each combat result when ATTACKER fires its fixed guns at TARGET.

    ATTACKER and TARGET are card files, or ids of aircraft in this pack or the base library.
    """
    from fwdata.systems.fw.rules import CombatOptions
    from fwdata.systems.fw.shot import ShotSetup, format_report, shot_source

    setup = ShotSetup(
        range_hexes=range_hexes, deflection_deg=int(deflection), rulebook=rulebook,  # type: ignore[arg-type]
        weapons=weapons, burst=burst, tracking=tracking, beam=beam, six_line=six_line,  # type: ignore[arg-type]
        pilot=pilot, hero=hero, ace=ace, crack_shot=crack_shot,  # type: ignore[arg-type]
        turn_rate=turn_rate.upper() if turn_rate else None, speeds=speeds, extra_modifier=extra_modifier,
        options=CombatOptions(odds_past_last=odds_past_12, ambiguous_cells=ambiguous_cells,  # type: ignore[arg-type]
                              combined_speed_count=combined_speed_count),  # type: ignore[arg-type]
    )
    report, findings = shot_source(attacker, target, toolbox.check, setup)
    if report is None:
        report_and_exit(RunResult(report=findings, catalog=Catalog()), output_format, False)
        return
    if output_format == "json":
        click.echo(json.dumps(report.as_json(), indent=2))
    else:
        click.echo(format_report(report), nl=False)  # the text report ends with its own newline
