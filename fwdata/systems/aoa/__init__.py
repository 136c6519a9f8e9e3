"""Ace of Aces (Powerhouse and original rules): kinds plane, maneuvers, chart, book, book-layout, book-design."""

from collections.abc import Callable, Iterator
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, GameSystem, PlannedOutput, RenderResult
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.citations import BOOKS, CITATIONS
from fwdata.systems.aoa.finding_codes import FINDINGS
from fwdata.systems.aoa.print_options import POKER


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Ace of Aces finding (fwdata/systems/aoa/checks: imported only by a run that checks AoA)."""
    from fwdata.systems.aoa.checks import run_checks as run

    return run(catalog, options)


def _builder(name: str) -> Callable[[SourceDocument], Any]:
    """Return the model builder `name` of fwdata/systems/aoa/model, imported when it first builds."""
    def build(document: SourceDocument) -> Any:
        from fwdata.systems.aoa import model

        return getattr(model, name)(document)
    return build


def build_book_design(document: SourceDocument) -> Any:
    """Build a book design's model (fwdata/systems/aoa/book_generator.py: imported only when one is loaded)."""
    from fwdata.systems.aoa.book_generator import build_book_design as build

    return build(document)


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Render every output (fwdata/systems/aoa/render: imported only by a run that draws)."""
    from fwdata.systems.aoa.render import render_outputs as render

    return render(catalog, options)


def plan_outputs(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
    """List every output unrendered (fwdata/systems/aoa/render: imported only by a run that draws)."""
    from fwdata.systems.aoa.render import plan_outputs as plan

    return plan(catalog, options)


def _commands() -> Any:
    from fwdata.systems.aoa.commands import group

    return group


SYSTEM = GameSystem(
    id="aoa",
    title="Ace of Aces",
    build_models={"plane": _builder("build_plane"), "maneuvers": _builder("build_maneuvers"),
                  "chart": _builder("build_chart"), "book": _builder("build_book"),
                  "book-layout": _builder("build_layout"), "book-design": build_book_design},
    run_checks=run_checks,
    render_outputs=render_outputs,
    plan_outputs=plan_outputs,
    commands=_commands,
    citations=CITATIONS,
    books=BOOKS,
    findings=FINDINGS,
    kind_folders={"plane": "cards/aoa", "book": "cards/aoa/books", "book-design": "cards/aoa/book-designs",
                  "book-layout": "tables/aoa", "chart": "tables/aoa", "maneuvers": "tables/aoa"},
    deck_folders=("aoa/plane",),
    card_sizes={"poker": POKER},
)
