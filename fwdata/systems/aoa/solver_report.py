"""The report of `fwdata aoa solve`: outcome odds under optimal play, the start strategies, exploitability."""

from __future__ import annotations

from typing import Any

import numpy as np

from fwdata.systems.aoa.model import SIDES
from fwdata.systems.aoa.solver import CODES, DIRECTIONS, Solution, describe
from fwdata.systems.aoa.solver_evaluation import Evaluation

SHOWN_WEIGHT = 1e-6  # weights below this are left out of the printed strategies


def weights(strategy: np.ndarray) -> dict[str, float]:
    """Return a 26-code mixed strategy as {code: weight}, weights of at least SHOWN_WEIGHT, rounded to 6 places."""
    return {code: round(float(p), 6) for code, p in zip(CODES, strategy, strict=True) if p >= SHOWN_WEIGHT}


def start_strategies(solution: Solution) -> dict[str, Any]:
    """Return each side's optimal strategy on the start page at no damage; a tailer's per clue direction."""
    page = solution.options.start_page
    i = solution.index(page)
    tailed = solution.tailed[i]
    result: dict[str, Any] = {}
    for side in SIDES:
        rows = solution.strategy[side][0, 0, i]
        if tailed is not None and tailed != side:
            result[side] = {f"after {d}": weights(rows[k]) for k, d in enumerate(DIRECTIONS)}
        else:
            result[side] = weights(rows[0])
    return result


def as_json(solution: Solution, evaluation: Evaluation, books: tuple[str, str]) -> dict[str, Any]:
    """Return the solve report as a JSON-ready object."""
    options = solution.options
    return {
        "game": "standard", "books": {"allied": books[0], "german": books[1]},
        "start_page": options.start_page, "hit_points": options.hit_points, "lost": options.lost,
        "value": round(evaluation.value, 9),
        "allied_wins": round(evaluation.allied_wins, 9), "german_wins": round(evaluation.german_wins, 9),
        "draws": round(evaluation.draws, 9),
        "start_strategy": start_strategies(solution),
        "exploitability": {"total": evaluation.exploitability, "allied_gain": evaluation.allied_gain,
                           "german_gain": evaluation.german_gain},
        "solve": {**describe(solution), "tolerance": options.tolerance},
    }


def _strategy_text(strategy: Any) -> str:
    if isinstance(next(iter(strategy.values()), None), dict):
        return "; ".join(f"{clue}: {_strategy_text(row)}" for clue, row in strategy.items())
    return ", ".join(f"{code} {weight:.4f}" for code, weight in sorted(strategy.items(), key=lambda kv: -kv[1]))


def format_text(data: dict[str, Any]) -> str:
    """Render the solve report as text."""
    exploit = data["exploitability"]
    solve = data["solve"]
    lines = [
        f"Ace of Aces Standard Game solved: {data['books']['allied']} (allied) vs {data['books']['german']} (german)",
        f"start page {data['start_page']}, {data['hit_points']} hit points, lost contact: {data['lost']}",
        "",
        "under optimal play from the start:",
        f"  allied wins {100 * data['allied_wins']:.4f}%   german wins {100 * data['german_wins']:.4f}%   "
        f"draws {100 * data['draws']:.4f}%   (value to the allied side {data['value']:+.6f})",
        "optimal mixed strategies on the start page:",
    ]
    for side in SIDES:
        lines.append(f"  {side}: {_strategy_text(data['start_strategy'][side])}")
    lines += [
        f"exploitability {exploit['total']:.2e} (allied could gain {exploit['allied_gain']:.2e}, german "
        f"{exploit['german_gain']:.2e} by a best response)",
        f"{solve['states']} states on {solve['pages']} pages, {solve['matrix_games']} matrix games, "
        f"{solve['seconds']:.1f} s",
    ]
    return "\n".join(lines)
