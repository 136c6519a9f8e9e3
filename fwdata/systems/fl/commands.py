"""`fwdata fl ...`: the Flight Leader commands."""

from __future__ import annotations

from pathlib import Path

import click

from fwdata.cli.commandline import Toolbox, exit_on_errors, path_args, report_format_option, stops_cleanly
from fwdata.errors import UsageError
from fwdata.options import BuildOptions


@click.group("fl")
def group() -> None:
    """Flight Leader tools."""


@group.command("points")
@click.argument("scenario")
@path_args
@report_format_option
@click.pass_obj
@stops_cleanly
def points(toolbox: Toolbox, scenario: str, paths: tuple[Path, ...], output_format: str) -> None:
    """Recompute SCENARIO's scenario points and victory points by the 26.x design rules.

    SCENARIO is an id (24-8-variant), a number (24.1) or a file. PATHS name the pack
    to read (default: the current folder's pack, else the base library); a SCENARIO
    file is read with its own pack.
    """
    from fwdata.systems.fl.report import find_scenario, points_output

    named = Path(scenario)
    result = toolbox.check(list(paths) or ([named] if named.is_file() else []), BuildOptions())
    exit_on_errors(result, output_format)
    found = find_scenario(result.catalog, scenario)
    if found is None:
        known = ", ".join(result.catalog.ids("fl", "scenario")[:12])
        raise UsageError(f"no Flight Leader scenario {scenario!r} (known: {known} ...)")
    click.echo(points_output(result.catalog, found, output_format), nl=False)
