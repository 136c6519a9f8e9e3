"""What solved strategies are worth: exact win and draw odds of a strategy pair, best responses, exploitability.

The pair is evaluated exactly (a linear system per damage level); a best response
against a fixed stationary strategy is a Markov decision problem, solved by value
iteration to `BEST_RESPONSE_TOLERANCE` (docs/aoa-solver.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fwdata.systems.aoa.solver import DIRECTIONS, PageGame, Solution, padded_values

BEST_RESPONSE_TOLERANCE = 1e-12
MAX_SWEEPS = 1_000_000


@dataclass(frozen=True)
class Evaluation:
    """The solved strategies from the start: exact outcome odds and each side's best-response gain.

    `allied_gain` is how much the Allied side could add to its payoff (P(win) - P(loss))
    by deviating against the German strategy; `german_gain` likewise. Their sum is
    the exploitability (0 at an exact equilibrium).
    """

    allied_wins: float
    german_wins: float
    draws: float
    value: float
    allied_best: float
    german_best: float

    @property
    def allied_gain(self) -> float:
        return max(0.0, self.allied_best - self.value)

    @property
    def german_gain(self) -> float:
        return max(0.0, self.value - self.german_best)

    @property
    def exploitability(self) -> float:
        return self.allied_gain + self.german_gain


def stack_games(games: list[PageGame]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the pages' next page indexes, allied damage and german damage, each (pages, 26, 26)."""
    return (np.stack([g.next_index for g in games]), np.stack([g.allied_damage for g in games]),
            np.stack([g.german_damage for g in games]))


def joint_play(solution: Solution, allied: int, german: int, direction: np.ndarray) -> np.ndarray:
    """Return P(allied code, german code) on every page at one damage level: (pages, 26, 26).

    Each side's strategy row is picked by the other's clue direction (identical rows
    where no clue is given), so one formula serves tailed and untailed pages.
    """
    x = solution.strategy["allied"][allied, german]  # (pages, 3, 26)
    y = solution.strategy["german"][allied, german]
    x_given = x[:, direction, :].transpose(0, 2, 1)  # [p, a, g] = x[p, dir(g), a]
    y_given = y[:, direction, :]  # [p, a, g] = y[p, dir(a), g]
    tailed_allied = np.array([g == "allied" for g in solution.tailed])[:, None, None]
    tailed_german = np.array([g == "german" for g in solution.tailed])[:, None, None]
    # the tailed pilot's choice is independent of the clue; the tailer's depends on it
    allied_part = np.where(tailed_german, x_given, x[:, 0, :][:, :, None])
    german_part = np.where(tailed_allied, y_given, y[:, 0, :][:, None, :])
    return allied_part * german_part


def evaluate(solution: Solution, games: list[PageGame], direction: np.ndarray) -> Evaluation:
    """Evaluate the solution's strategies from its start page at no damage: odds, value, best responses."""
    start = solution.index(solution.options.start_page)
    wins = {side: _outcome_odds(solution, games, direction, side)[0, 0, start] for side in ("allied", "german")}
    allied_best = _best_response(solution, games, direction, "allied")[0, 0, start]
    german_best = _best_response(solution, games, direction, "german")[0, 0, start]
    a, g = float(wins["allied"]), float(wins["german"])
    return Evaluation(a, g, max(0.0, 1.0 - a - g), a - g, float(allied_best), float(german_best))


def start_odds(solution: Solution, games: list[PageGame], direction: np.ndarray) -> tuple[float, float]:
    """Return exactly (P(allied wins), P(german wins)) from the start page at no damage under the solution's pair."""
    start = solution.index(solution.options.start_page)
    allied, german = (float(_outcome_odds(solution, games, direction, side)[0, 0, start]) for side in ("allied",
                                                                                                     "german"))
    return allied, german


def worst_case(solution: Solution, games: list[PageGame], direction: np.ndarray, side: str) -> float:
    """Return the Allied payoff from the start when the other side best-responds to `side`'s strategy.

    What `side`'s strategy guarantees (for the german side, the most the allied side
    can get against it).
    """
    other = "german" if side == "allied" else "allied"
    start = solution.index(solution.options.start_page)
    return float(_best_response(solution, games, direction, other)[0, 0, start])


def _outcome_odds(solution: Solution, games: list[PageGame], direction: np.ndarray, winner: str) -> np.ndarray:
    """Return P(`winner` wins) from every state under the solution's pair, exactly: (H, H, pages).

    Per damage level, w = b + P w over the pages; pages from which the chain can
    never leave the level (a fight that never ends) are worth 0.
    """
    hit_points, pages = solution.options.hit_points, len(games)
    nxt, hurt_a, hurt_g = stack_games(games)
    table = padded_values(hit_points, pages, int(max(hurt_a.max(), hurt_g.max())))
    table[table == (1.0 if winner == "german" else -1.0)] = 0.0
    table = np.abs(table)
    stay = (hurt_a == 0) & (hurt_g == 0) & (nxt >= 0)
    for allied, german in solution.levels():
        joint = joint_play(solution, allied, german, direction)
        outside = np.where(stay, 0.0, table[allied + hurt_a, german + hurt_g, nxt])
        b = (joint * outside).sum(axis=(1, 2))
        moves = np.zeros((pages, pages))
        p_idx, a_idx, g_idx = np.nonzero(stay)
        np.add.at(moves, (p_idx, nxt[p_idx, a_idx, g_idx]), joint[p_idx, a_idx, g_idx])
        table[allied, german, :pages] = _absorbed(moves, b)
    return table[:hit_points, :hit_points, :pages]


def _absorbed(moves: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Solve w = b + moves w, with 0 for the states that never leave (moves is substochastic)."""
    leaves = moves.sum(axis=1) < 1.0 - 1e-12
    # the states that reach a leaving state along positive moves
    reach = leaves.copy()
    frontier = leaves.copy()
    while frontier.any():
        new = (moves[:, frontier] > 0).any(axis=1) & ~reach
        reach |= new
        frontier = new
    w = np.zeros(len(b))
    idx = np.flatnonzero(reach)
    if len(idx):
        sub = moves[np.ix_(idx, idx)]
        w[idx] = np.linalg.solve(np.eye(len(idx)) - sub, b[idx])
    return w


def _best_response(solution: Solution, games: list[PageGame], direction: np.ndarray, side: str) -> np.ndarray:
    """Return the value `side` gets by best-responding to the other side's strategy, from every state: (H, H, pages).

    A tailer sees the tailed pilot's clue and responds per direction (AoA Powerhouse
    Standard Game, Tailing). Value iteration per damage level from 0.
    """
    hit_points, pages = solution.options.hit_points, len(games)
    nxt, hurt_a, hurt_g = stack_games(games)
    table = padded_values(hit_points, pages, int(max(hurt_a.max(), hurt_g.max())))
    sign = 1.0 if side == "allied" else -1.0
    sees_clue = np.array([t is not None and t != side for t in solution.tailed])
    masks = [direction == d for d in range(len(DIRECTIONS))]
    for allied, german in solution.levels():
        if side == "allied":
            other = solution.strategy["german"][allied, german][:, direction, :]  # [p, a, g]
        else:
            other = solution.strategy["allied"][allied, german][:, direction, :].transpose(0, 2, 1)
        for _ in range(MAX_SWEEPS):
            payoff = sign * table[allied + hurt_a, german + hurt_g, nxt]  # [p, a, g], to be maximized
            weighted = other * payoff
            if side == "allied":
                plain = weighted.sum(axis=2).max(axis=1)
                clued = sum(weighted[:, :, m].sum(axis=2).max(axis=1) for m in masks)
            else:
                plain = weighted.sum(axis=1).max(axis=1)
                clued = sum(weighted[:, m, :].sum(axis=1).max(axis=1) for m in masks)
            values = sign * np.where(sees_clue, clued, plain)
            change = float(np.abs(values - table[allied, german, :pages]).max())
            table[allied, german, :pages] = values
            if change <= BEST_RESPONSE_TOLERANCE:
                break
    return table[:hit_points, :hit_points, :pages]
