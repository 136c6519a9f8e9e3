"""Ace of Aces (Powerhouse and original rules): kinds plane, maneuvers, chart, book, book-layout, book-design."""

from typing import Any

from fwdata.game_system import GameSystem
from fwdata.systems.aoa.book_generator import build_book_design
from fwdata.systems.aoa.checks import run_checks
from fwdata.systems.aoa.citations import BOOKS, CITATIONS
from fwdata.systems.aoa.finding_codes import FINDINGS
from fwdata.systems.aoa.model import build_book, build_chart, build_layout, build_maneuvers, build_plane
from fwdata.systems.aoa.render import POKER, plan_outputs, render_outputs


def _commands() -> Any:
    from fwdata.systems.aoa.commands import group

    return group


SYSTEM = GameSystem(
    id="aoa",
    title="Ace of Aces",
    build_models={"plane": build_plane, "maneuvers": build_maneuvers, "chart": build_chart, "book": build_book,
                  "book-layout": build_layout, "book-design": build_book_design},
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
