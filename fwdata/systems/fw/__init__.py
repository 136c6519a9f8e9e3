"""Fighting Wings (Over the Reich with its errata; the Quick-Start rules): kinds aircraft, scenario, table."""

from collections.abc import Callable, Iterator
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, GameSystem, PlannedCheck, PlannedOutput, RenderResult
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.citations import BOOKS, CITATIONS
from fwdata.systems.fw.finding_codes import FINDINGS
from fwdata.systems.fw.print_options import CARD_SIZE, CARD_SIZES


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield the Fighting Wings findings not planned (fwdata/systems/fw/checks.py, with the rule simulations:
    imported only by a run that checks FW entries)."""
    from fwdata.systems.fw.checks import run_checks as run

    return run(catalog, options)


def plan_checks(catalog: Catalog, options: BuildOptions) -> list[PlannedCheck]:
    """List each card's checks (fwdata/systems/fw/checks.py, imported as `run_checks` imports it)."""
    from fwdata.systems.fw.checks import plan_checks as plan

    return plan(catalog, options)


def _builder(kind: str) -> Callable[[SourceDocument], Any]:
    """Return the model builder of `kind`, its module (fwdata/systems/fw/model) imported when it first builds."""
    def build(document: SourceDocument) -> Any:
        from fwdata.systems.fw import model

        return getattr(model, f"build_{kind}")(document)
    return build


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
    build_models={kind: _builder(kind) for kind in ("aircraft", "scenario", "table")},
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
