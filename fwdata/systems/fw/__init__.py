"""Fighting Wings (Over the Reich with its errata; the Quick-Start rules): kinds aircraft, scenario, table."""

from typing import Any

from fwdata.game_system import Catalog, GameSystem, PlannedOutput, RenderResult
from fwdata.options import BuildOptions
from fwdata.systems.fw.checks import plan_checks, run_checks
from fwdata.systems.fw.citations import BOOKS, CITATIONS
from fwdata.systems.fw.finding_codes import FINDINGS
from fwdata.systems.fw.model import build_aircraft, build_scenario, build_table
from fwdata.systems.fw.print_options import CARD_SIZE, CARD_SIZES


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every output (fwdata/systems/fw/render: imported only by a run that draws)."""
    from fwdata.systems.fw.render import render_outputs as render

    return render(catalog, options)


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every output unrendered (fwdata/systems/fw/render: imported only by a run that draws)."""
    from fwdata.systems.fw.render import plan_outputs as plan

    return plan(catalog, options)


def _commands() -> Any:
    from fwdata.systems.fw.commands import group

    return group


SYSTEM = GameSystem(
    id="fw",
    title="Fighting Wings",
    build_models={"aircraft": build_aircraft, "scenario": build_scenario, "table": build_table},
    run_checks=run_checks,
    plan_checks=plan_checks,
    render_outputs=render_outputs,
    plan_outputs=plan_outputs,
    commands=_commands,
    citations=CITATIONS,
    books=BOOKS,
    findings=FINDINGS,
    kind_folders={"aircraft": "cards/fw", "scenario": "scenarios/fw", "table": "tables/fw"},
    deck_folders=("fw/aircraft",),
    modeled_kinds=("aircraft", "scenario"),
    card_sizes=CARD_SIZES,
    options=(CARD_SIZE,),
)
