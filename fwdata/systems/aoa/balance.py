"""Balance of a book design: how far from even its solved duel is, and which value of a plane parameter evens it.

Each setting generates the pair (book_generator.py), solves its Standard Game
(solver.py) and evaluates the strategies exactly (solver_evaluation.py); the value is
P(allied wins) - P(german wins) under optimal play, 0 for an even pair (docs/aoa-solver.md).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fwdata.errors import UsageError
from fwdata.sources.document import Positions, SourceDocument
from fwdata.systems.aoa import solver, solver_evaluation
from fwdata.systems.aoa.book_generator import design_from_data, design_problems, generate_books
from fwdata.systems.aoa.duel import ManeuverInfo, duel_books
from fwdata.systems.aoa.model.book import build_book

MAX_SETTINGS = 20


@dataclass(frozen=True)
class Variation:
    """One plane parameter of one side's book to vary: `path` inside the design's book entry (firing.arc_deg)."""

    side: str
    path: tuple[str, ...]
    values: tuple[float, ...]


def parse_variation(text: str) -> Variation:
    """Read `SIDE:PATH=V1,V2,...` (e.g. `allied:firing.arc_deg=15,25,35`); raise UsageError in one line."""
    head, _, listed = text.partition("=")
    side, _, path = head.partition(":")
    if side not in ("allied", "german") or not path or not listed:
        raise UsageError(f"--vary {text[:60]!r}: expected SIDE:PATH=V1,V2,... (like allied:firing.arc_deg=15,25)")
    try:
        values = tuple(float(v) for v in listed.split(","))
    except ValueError:
        raise UsageError(f"--vary {text[:60]!r}: the values must be numbers") from None
    if len(values) > MAX_SETTINGS:
        raise UsageError(f"--vary: {len(values)} values; at most {MAX_SETTINGS} (each is one solve)")
    return Variation(side, tuple(path.split(".")), values)


def varied(design: Mapping[str, Any], variation: Variation, value: float) -> dict[str, Any]:
    """Return a copy of the design data with `variation`'s parameter of its side's book set to `value`."""
    data = copy.deepcopy(dict(design))
    book = next((b for b in data.get("books", ()) if isinstance(b, dict) and b.get("side") == variation.side), None)
    if book is None:
        raise UsageError(f"the design has no {variation.side} book")
    target: Any = book
    for step in variation.path[:-1]:
        target = target.get(step) if isinstance(target, dict) else None
    last = variation.path[-1]
    if not isinstance(target, dict) or last not in target or not isinstance(target[last], int | float) \
            or isinstance(target[last], bool):
        raise UsageError(f"the {variation.side} book has no number at {'.'.join(variation.path)}")
    target[last] = int(value) if value == int(value) and isinstance(target[last], int) else value
    return data


def solve_design(design: Mapping[str, Any], infos: Mapping[str, ManeuverInfo], options: solver.SolveOptions
                 ) -> solver_evaluation.Evaluation:
    """Generate the pair of a design's data, solve its Standard Game and evaluate it from the start page.

    Raises UsageError when the design has problems; SolveBudgetError past the budget.
    """
    model = design_from_data(design)
    problems = design_problems(model)
    if problems:
        raise UsageError(f"the design has problems: {problems[0][2]}")
    pair = generate_books(model)
    books = {side: build_book(SourceDocument(f"<generated {side} book>", data, Positions.from_mappings({}, {})))
             for side, data in pair.books.items()}
    tables = duel_books(books["allied"], books["german"])
    options = solver.SolveOptions(**{**options.__dict__, "start_page": model.start_page})
    solution = solver.solve_game(tables, infos, options)
    return solver_evaluation.evaluate(solution, solver.page_games(tables, options), solver.directions_of(infos))


def balance_rows(design: Mapping[str, Any], infos: Mapping[str, ManeuverInfo], options: solver.SolveOptions,
                 variation: Variation | None) -> list[dict[str, Any]]:
    """Return the design's own solved odds, then one row per value of `variation` (JSON-ready)."""
    rows = [_row("as designed", solve_design(design, infos, options))]
    if variation is not None:
        for value in variation.values:
            setting = f"{variation.side}:{'.'.join(variation.path)}={value:g}"
            rows.append(_row(setting, solve_design(varied(design, variation, value), infos, options)))
    return rows


def _row(setting: str, evaluation: solver_evaluation.Evaluation) -> dict[str, Any]:
    return {"setting": setting, "value": round(evaluation.value, 9), "allied_wins": round(evaluation.allied_wins, 9),
            "german_wins": round(evaluation.german_wins, 9), "draws": round(evaluation.draws, 9),
            "exploitability": evaluation.exploitability}


def format_balance(design_id: str, rows: Sequence[Mapping[str, Any]], hit_points: int) -> str:
    """Render the balance rows as text, naming the setting closest to even."""
    lines = [f"Ace of Aces balance of {design_id} (Standard Game, {hit_points} hit points; value = P(allied wins) - "
             "P(german wins) under optimal play, 0 is even)", ""]
    width = max(len(r["setting"]) for r in rows)
    for r in rows:
        lines.append(f"  {r['setting']:<{width}}  value {r['value']:+.4f}  allied {r['allied_wins']:.4f}  "
                     f"german {r['german_wins']:.4f}  draws {r['draws']:.4f}")
    first = rows[0]
    lines.append("")
    lines.append("as designed the pair is even" if abs(first["value"]) < 1e-6 else
                 f"as designed the {'allied' if first['value'] > 0 else 'german'} side is favoured by "
                 f"{abs(first['value']):.4f}")
    if len(rows) > 1:
        best = min(rows[1:], key=lambda r: abs(r["value"]))
        lines.append(f"closest to even: {best['setting']} (value {best['value']:+.4f})")
    return "\n".join(lines)
