"""`fwdata aoa solve`: from checked sources to the solve report (the command's one pipeline call)."""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fwdata.errors import FwdataError, UsageError
from fwdata.game_system import RunResult
from fwdata.systems.aoa.duel import DuelBooks, ManeuverInfo

if TYPE_CHECKING:
    from fwdata.systems.aoa.solver import Solution

# The Advanced Game's state per side (AoA Powerhouse Advanced Game): damage 0-11, ammo 0-20,
# jam tokens 0-2, the last maneuver (none or one of 26, for the stall bar and difficult rules),
# a forced Forward after a 5 or 6 ammo shot.
ADVANCED_SIDE_STATES = 12 * 21 * 3 * 27 * 2


class SolveStopped(FwdataError):
    """A solve refused or stopped: past its budget of states or time, or no scipy."""


def require_solver() -> None:
    """Raise SolveStopped unless numpy and scipy are installed (the `solve` extra)."""
    if importlib.util.find_spec("scipy") is None or importlib.util.find_spec("numpy") is None:
        raise SolveStopped("fwdata aoa solve needs scipy: pip install 'fwdata[solve]'")


def advanced_state_count(pages: int) -> int:
    """Return the number of states of the Advanced Game on `pages` pages: pages x (per-side states) squared."""
    return pages * ADVANCED_SIDE_STATES ** 2


def solve_pair(books: DuelBooks, infos: Mapping[str, ManeuverInfo], **options: Any) -> Solution:
    """Solve the Standard Game of a book pair with `options` (solver.SolveOptions fields).

    Raises SolveStopped when scipy is missing or the solve goes past its budget,
    UsageError when the books cannot be played (they disagree).
    """
    require_solver()
    from fwdata.systems.aoa import solver

    try:
        return solver.solve_game(books, infos, solver.SolveOptions(**options))
    except solver.SolveBudgetError as exc:
        raise SolveStopped(f"solve stopped: {exc}") from exc
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def run_solve(result: RunResult, paths: tuple[Path, Path], *, game: str, lost: str, hit_points: int,
              max_states: int, time_limit_s: float) -> tuple[dict[str, Any], str]:
    """Solve the book pair of checked sources; return the JSON report and its text form.

    Raises SolveStopped (exit 2) when scipy is missing or the solve goes past its
    budget, UsageError when the sources are not one allied and one german book.
    """
    require_solver()
    from fwdata.systems.aoa import solver, solver_evaluation, solver_report
    from fwdata.systems.aoa.duel import duel_inputs

    pair = [entry.model for entry in result.named(result.catalog.entries("aoa", "book"))]
    if len(pair) != 2 or {book.side for book in pair} != {"allied", "german"}:
        raise UsageError(f"{paths[0]} and {paths[1]}: name two opposing aoa books (one allied, one german)")
    try:
        books, infos, _ = duel_inputs(pair, result.catalog.models("aoa", "maneuvers"),
                                      result.catalog.models("aoa", "chart"))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    pages = len(set(books.next["allied"]) & set(books.next["german"]))
    if game == "advanced":
        states = advanced_state_count(pages)
        raise SolveStopped(f"the Advanced Game has {states:.2e} states (ammo, jams and the last maneuver of each "
                           f"side on {pages} pages), more than --max-states {max_states}: solve --game standard")
    solution = solve_pair(books, infos, hit_points=hit_points, lost=lost, max_states=max_states,
                          time_limit_s=time_limit_s)
    games = solver.page_games(books, solution.options)
    evaluation = solver_evaluation.evaluate(solution, games, solver.directions_of(infos))
    names = {book.side: book.id for book in pair}
    data = solver_report.as_json(solution, evaluation, (names["allied"], names["german"]))
    return data, solver_report.format_text(data)
