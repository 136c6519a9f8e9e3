"""Flight Leader: kinds aircraft, nation, missile-load, list-note, scenario; the FL 26.x design rules as checks."""

from collections.abc import Callable, Iterator
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, GameSystem, PlannedOutput, RenderResult
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.citations import BOOKS, CITATIONS
from fwdata.systems.fl.finding_codes import FINDINGS
from fwdata.systems.fl.print_options import CARD, VERDICTS


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Flight Leader finding (fwdata/systems/fl/checks: imported only by a run that checks FL)."""
    from fwdata.systems.fl.checks import run_checks as run

    return run(catalog, options)


def _builder(kind: str) -> Callable[[SourceDocument], Any]:
    """Return the model builder of `kind`, its module (fwdata/systems/fl/model) imported when it first builds."""
    def build(document: SourceDocument) -> Any:
        from fwdata.systems.fl import model

        return getattr(model, f"build_{kind.replace('-', '_')}")(document)
    return build


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every output (fwdata/systems/fl/render: imported only by a run that draws)."""
    from fwdata.systems.fl.render import render_outputs as render

    return render(catalog, options)


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every output unrendered (fwdata/systems/fl/render: imported only by a run that draws)."""
    from fwdata.systems.fl.render import plan_outputs as plan

    return plan(catalog, options)


def _commands() -> Any:
    from fwdata.systems.fl.commands import group

    return group


SYSTEM = GameSystem(
    id="fl",
    title="Flight Leader",
    build_models={kind: _builder(kind) for kind in ("aircraft", "nation", "missile-load", "list-note", "scenario")},
    run_checks=run_checks,
    render_outputs=render_outputs,
    plan_outputs=plan_outputs,
    commands=_commands,
    citations=CITATIONS,
    books=BOOKS,
    findings=FINDINGS,
    kind_folders={"aircraft": "cards/fl/aircraft", "scenario": "scenarios/fl", "nation": "tables/fl/nations",
                  "missile-load": "tables/fl/missile-loads", "list-note": "tables/fl/list-notes"},
    deck_folders=("fl/aircraft",),
    card_sizes={"index-5x3": CARD},
    options=(VERDICTS,),
)
