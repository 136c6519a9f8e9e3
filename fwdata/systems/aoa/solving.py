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

    books, infos, names = _pair(result, paths)
    pages = len(set(books.next["allied"]) & set(books.next["german"]))
    if game == "advanced":
        states = advanced_state_count(pages)
        raise SolveStopped(f"the Advanced Game has {states:.2e} states (ammo, jams and the last maneuver of each "
                           f"side on {pages} pages), more than --max-states {max_states}: solve --game standard")
    solution = solve_pair(books, infos, hit_points=hit_points, lost=lost, max_states=max_states,
                          time_limit_s=time_limit_s)
    games = solver.page_games(books, solution.options)
    evaluation = solver_evaluation.evaluate(solution, games, solver.directions_of(infos))
    data = solver_report.as_json(solution, evaluation, (names["allied"], names["german"]))
    return data, solver_report.format_text(data)


def run_play_aid(result: RunResult, paths: tuple[Path, Path], *, opponent: str, damage: tuple[int, int],
                 hit_points: int, lost: str, paper: str, time_limit_s: float) -> tuple[bytes, str]:
    """Solve the pair and draw the solitaire play aid of the `opponent` side at `damage` (allied, german).

    Returns the PDF bytes and a one-line summary. Raises as run_solve; UsageError
    when a damage is not below the hit points.
    """
    require_solver()
    from fwdata.systems.aoa import solver
    from fwdata.systems.aoa.render.play_aid import render_play_aid
    from fwdata.systems.aoa.solver_report import weights

    if max(damage) >= hit_points:
        raise UsageError(f"--damage {damage[0]},{damage[1]}: each side's damage must be below the {hit_points} "
                         "hit points")
    books, infos, names = _pair(result, paths)
    solution = solve_pair(books, infos, hit_points=hit_points, lost=lost, time_limit_s=time_limit_s)
    rows: list[tuple[int, str, dict[str, float]]] = []
    for i, page in enumerate(solution.pages):
        strategy = solution.strategy[opponent][damage[0], damage[1], i]
        tailer = solution.tailed[i] is not None and solution.tailed[i] != opponent
        if tailer:
            rows += [(page, clue, weights(strategy[k])) for k, clue in enumerate(solver.DIRECTIONS)]
        else:
            rows.append((page, "", weights(strategy[0])))
    title = f"Ace of Aces solitaire: the {opponent} pilot ({names[opponent]})"
    note = (f"The {opponent} pilot's optimal strategy from fwdata aoa solve ({names['allied']} vs {names['german']}; "
            f"{hit_points} hit points, lost contact: {lost}) at {damage[0]} allied and {damage[1]} german damage. "
            "Each turn roll percentile dice on the row of the page you are both on and fly the maneuver whose range "
            "holds the roll (00 is 100). When you are tailed, give your clue first and roll on its row. No way of "
            "flying does better against these odds on average than the value of the game.")
    data = render_play_aid(title, note, rows, paper)
    return data, f"{len(solution.pages)} pages, {len(rows)} rows"


def _pair(result: RunResult, paths: tuple[Path, Path]) -> tuple[DuelBooks, Mapping[str, ManeuverInfo], dict[str, str]]:
    """The duel tables, the maneuver infos and the books' ids by side of two checked opposing books."""
    from fwdata.systems.aoa.duel import duel_inputs

    pair = [entry.model for entry in result.named(result.catalog.entries("aoa", "book"))]
    if len(pair) != 2 or {book.side for book in pair} != {"allied", "german"}:
        raise UsageError(f"{paths[0]} and {paths[1]}: name two opposing aoa books (one allied, one german)")
    try:
        books, infos, _ = duel_inputs(pair, result.catalog.models("aoa", "maneuvers"),
                                      result.catalog.models("aoa", "chart"))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    return books, infos, {book.side: book.id for book in pair}


def run_balance(result: RunResult, path: Path, *, variation: str | None, hit_points: int, lost: str,
                time_limit_s: float) -> tuple[dict[str, Any], str]:
    """Solve a checked book design (and each value of `variation`): the JSON report and its text form.

    Raises SolveStopped when scipy is missing or a solve goes past its budget;
    UsageError for a bad --vary, no design, or no maneuver chart.
    """
    require_solver()
    from fwdata.systems.aoa import balance, solver
    from fwdata.systems.aoa.duel import maneuver_infos

    wanted = balance.parse_variation(variation) if variation is not None else None
    designs = result.named(result.catalog.entries("aoa", "book-design"))
    if not designs:
        raise UsageError(f"{path}: no aoa book-design document")
    charts = result.catalog.models("aoa", "maneuvers")
    if not charts:
        raise UsageError("balance needs the maneuver chart (tables/aoa/maneuver-chart.yaml)")
    entry = designs[0]
    options = solver.SolveOptions(hit_points=hit_points, lost=lost, time_limit_s=time_limit_s)
    try:
        rows = balance.balance_rows(entry.document.data, maneuver_infos(charts[0]), options, wanted)
    except solver.SolveBudgetError as exc:
        raise SolveStopped(f"solve stopped: {exc}") from exc
    data = {"design": entry.model.id, "hit_points": hit_points, "lost": lost, "settings": rows}
    return data, balance.format_balance(entry.model.id, rows, hit_points)
