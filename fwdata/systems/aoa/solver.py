"""Ace of Aces Standard Game solved: a book pair as a zero-sum simultaneous-move stochastic game (docs/aoa-solver.md).

State: the end page and each side's damage (the Standard Game carries nothing else
from one turn to the next). Moves: the 26 codes (no restrictions in the Standard
Game); a tailed pilot's clue (Left/Straight/Right) is shown to the tailer before he
chooses. Transitions: duel.fly_turn and duel.standard_damage, the same rules the
duels play. Payoff to the Allied side: +1 for a German plane down, -1 for an Allied
plane down, 0 for both down on one turn or a fight that never ends.

Damage only grows, so the damage levels (allied damage, german damage) are solved
from the most damaged down; within a level, Shapley value iteration with one matrix
game per page, solved as a linear program by scipy's HiGHS.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import linprog

from fwdata.systems.aoa.duel import CODES, HIT_POINTS, START_PAGE, DuelBooks, ManeuverInfo, fly_turn, standard_damage
from fwdata.systems.aoa.model import SIDES

DIRECTIONS = ("left", "straight", "right")


class SolveBudgetError(ValueError):
    """A solve went past its budget of states or seconds."""


@dataclass(frozen=True)
class SolveOptions:
    """How to solve: hit points (Standard Game: 12), what a lost contact means, tolerance and budget.

    `lost`: 'restart' (Powerhouse Lost!: both start again on page 170 with their damage)
    or 'draw' (AoA VI-VII: both pilots escape and the game ends drawn).
    `tolerance`: value iteration stops when no value of a level moves by more.
    """

    hit_points: int = HIT_POINTS
    lost: str = "restart"
    start_page: int = START_PAGE
    tolerance: float = 1e-10
    max_states: int = 500_000
    time_limit_s: float = 1800.0


@dataclass
class PageGame:
    """One page's matrix game: for each (allied code, german code), the next page index and damage taken.

    `next_index` is -1 for a draw (lost contact under --lost draw). `tailed` is the
    side whose pilot gives the clue here, or None.
    """

    page: int
    tailed: str | None
    next_index: np.ndarray  # (26, 26) int
    allied_damage: np.ndarray  # (26, 26) int: damage the allied plane takes
    german_damage: np.ndarray  # (26, 26) int


@dataclass
class Solution:
    """The solved game: values and both sides' stationary strategies per (allied damage, german damage, page).

    `value[a, g, i]` is the Allied expected payoff (P(allied wins) - P(german wins))
    from page `pages[i]`. `strategy[side][a, g, i, d]` is that side's mixed strategy
    over the 26 codes when the opponent's clue is DIRECTIONS[d] (the same three rows
    when the side sees no clue there).
    """

    pages: tuple[int, ...]
    tailed: tuple[str | None, ...]  # per page, the side that gives the clue
    value: np.ndarray
    strategy: dict[str, np.ndarray]
    options: SolveOptions
    seconds: float
    matrix_games: int

    def levels(self) -> list[tuple[int, int]]:
        """Return the damage levels (allied, german), most damage first: the order they are solved in."""
        return damage_levels(self.options.hit_points)

    def index(self, page: int) -> int:
        """Return the index of `page` in `pages`; raise ValueError for a page without a game."""
        return self.pages.index(page)

    def knows(self, page: int) -> bool:
        """Tell whether `page` has a solved game (a chart in both books)."""
        return page in self.pages

    def mixed(self, side: str, page: int, damage: Mapping[str, int], clue: str | None) -> list[float]:
        """Return `side`'s strategy (26 probabilities, codes A..Z) on `page` at `damage`, after `clue` if given."""
        row = DIRECTIONS.index(clue) if clue is not None else 0
        return list(self.strategy[side][damage["allied"], damage["german"], self.index(page), row])


def page_games(books: DuelBooks, options: SolveOptions) -> list[PageGame]:
    """Tabulate every page both books chart as a matrix game of end pages and damage (one fly_turn per pair).

    Pages are those with a chart in both books (223 has none). Raises ValueError
    when the books disagree or an end page has no chart in one book.
    """
    pages = sorted(set(books.next["allied"]) & set(books.next["german"]))
    index = {page: i for i, page in enumerate(pages)}
    if options.start_page not in index:
        raise ValueError(f"the start page {options.start_page} has no maneuver chart in both books")
    games = []
    for page in pages:
        nxt = np.empty((len(CODES), len(CODES)), dtype=np.int64)
        hurt = {side: np.zeros((len(CODES), len(CODES)), dtype=np.int64) for side in SIDES}
        for a, allied in enumerate(CODES):
            for g, german in enumerate(CODES):
                end = fly_turn(books, page, allied, german)
                if end is None:
                    nxt[a, g] = index[options.start_page] if options.lost == "restart" else -1
                    continue
                if end not in index:
                    raise ValueError(f"from page {page}, {allied}/{german} ends on page {end}, which has no maneuver "
                                     "chart in both books")
                nxt[a, g] = index[end]
                for side, taken in standard_damage(books, end).items():
                    hurt[side][a, g] = taken
        tailed = next((s for s in SIDES if books.facts[s][page].tailed), None)
        games.append(PageGame(page, tailed, nxt, hurt["allied"], hurt["german"]))
    return games


def damage_levels(hit_points: int) -> list[tuple[int, int]]:
    """Return every (allied damage, german damage) below the hit points, most total damage first.

    Damage only grows, so a level's games read only their own level and levels
    listed before it.
    """
    return sorted(((a, g) for a in range(hit_points) for g in range(hit_points)), key=lambda d: -(d[0] + d[1]))


def state_count(pages: int, hit_points: int) -> int:
    """Return the number of states of the Standard Game: pages x allied damage x german damage levels."""
    return pages * hit_points * hit_points


# ------------------------------------------------------------------ matrix games


def solve_matrix(payoff: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """Solve a zero-sum matrix game (rows maximize): (value, row strategy, column strategy).

    A pure saddle point is taken directly; otherwise the row player's LP is
    solved by HiGHS and the column strategy read from its duals.
    """
    row_min = payoff.min(axis=1)
    col_max = payoff.max(axis=0)
    i, j = int(row_min.argmax()), int(col_max.argmin())
    if row_min[i] >= col_max[j] - 1e-15:
        x = np.zeros(payoff.shape[0])
        y = np.zeros(payoff.shape[1])
        x[i] = y[j] = 1.0
        return float(payoff[i, j]), x, y
    rows, cols = payoff.shape
    # variables: x (rows), v; maximize v s.t. v - x . payoff[:, j] <= 0 for every column j; sum x = 1.
    c = np.zeros(rows + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-payoff.T, np.ones((cols, 1))])
    a_eq = np.zeros((1, rows + 1))
    a_eq[0, :rows] = 1.0
    bounds = [(0.0, None)] * rows + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    x = _distribution(res.x[:rows])
    y = _distribution(-res.ineqlin.marginals)
    return float(res.x[-1]), x, y


def solve_clued(payoff: np.ndarray, groups: list[np.ndarray]) -> tuple[float, np.ndarray, list[np.ndarray]]:
    """Solve a game where the row player (maximizing) shows the group of his row before the column player picks.

    Returns (value, row strategy, one column strategy per group), the column
    strategies read from the LP's duals. AoA Powerhouse Standard Game, Tailing.
    """
    rows, cols = payoff.shape
    k = len(groups)
    # variables: x (rows), w_1..w_k; maximize sum w s.t. w_d - sum_{m in d} x_m payoff[m, j] <= 0; sum x = 1.
    c = np.concatenate([np.zeros(rows), -np.ones(k)])
    a_ub = np.zeros((k * cols, rows + k))
    for d, members in enumerate(groups):
        block = a_ub[d * cols:(d + 1) * cols]
        block[:, members] = -payoff[members].T
        block[:, rows + d] = 1.0
    a_eq = np.zeros((1, rows + k))
    a_eq[0, :rows] = 1.0
    bounds = [(0.0, None)] * rows + [(None, None)] * k
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(k * cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs")
    x = _distribution(res.x[:rows])
    # the duals of group d sum to 1: the column player's answer to clue d, deterring every row of d,
    # also the rows x never plays
    duals = -res.ineqlin.marginals.reshape(k, cols)
    return float(-res.fun), x, [_distribution(duals[d]) for d in range(k)]


def _distribution(weights: np.ndarray) -> np.ndarray:
    clipped = np.clip(weights, 0.0, None)
    return clipped / clipped.sum()


# ------------------------------------------------------------------ the solve


@dataclass
class _Classes:
    """The distinct rows and columns of a page's game (codes with the same outcomes against everything)."""

    row_first: np.ndarray  # representative code per row class
    row_of: np.ndarray  # class of each code (26)
    col_first: np.ndarray
    col_of: np.ndarray


def _classes(game: PageGame, direction: np.ndarray) -> _Classes:
    stacked = np.stack([game.next_index, game.allied_damage, game.german_damage], axis=-1)
    row_keys = stacked.reshape(len(CODES), -1)
    col_keys = stacked.transpose(1, 0, 2).reshape(len(CODES), -1)
    # the tailed pilot's codes are told apart by their clue too
    if game.tailed == "allied":
        row_keys = np.hstack([row_keys, direction[:, None]])
    if game.tailed == "german":
        col_keys = np.hstack([col_keys, direction[:, None]])
    _, row_first, row_of = np.unique(row_keys, axis=0, return_index=True, return_inverse=True)
    _, col_first, col_of = np.unique(col_keys, axis=0, return_index=True, return_inverse=True)
    return _Classes(row_first, row_of.ravel(), col_first, col_of.ravel())


def _spread(weights: np.ndarray, of: np.ndarray) -> np.ndarray:
    """Share each class's weight evenly among its codes: a (26,) strategy."""
    counts = np.bincount(of, minlength=len(weights))
    return weights[of] / counts[of]


def directions_of(infos: Mapping[str, ManeuverInfo]) -> np.ndarray:
    """Return each code's clue direction as an index into DIRECTIONS (26,)."""
    return np.array([DIRECTIONS.index(infos[code].direction) for code in CODES])


def padded_values(hit_points: int, pages: int, max_damage: int) -> np.ndarray:
    """Return the value table, padded with the terminal values past the hit points, plus a draw column.

    Shape (H + max_damage, H + max_damage, pages + 1); index -1 on the last axis is
    the draw (0). A side at H or more damage is down (AoA Standard Game, Victory Check).
    """
    size = hit_points + max_damage
    table = np.zeros((size, size, pages + 1))
    table[hit_points:, :hit_points, :] = -1.0
    table[:hit_points, hit_points:, :] = 1.0
    return table


def solve_game(books: DuelBooks, infos: Mapping[str, ManeuverInfo], options: SolveOptions) -> Solution:
    """Solve the Standard Game of a book pair for both sides' equilibrium strategies.

    Raises SolveBudgetError past `options.max_states` or `options.time_limit_s`;
    ValueError when the books disagree (fly_turn) or the start page has no chart.
    """
    started = time.monotonic()
    games = page_games(books, options)
    hit_points = options.hit_points
    states = state_count(len(games), hit_points)
    if states > options.max_states:
        raise SolveBudgetError(f"the game has {states} states, more than --max-states {options.max_states}")
    direction = directions_of(infos)
    classes = [_classes(g, direction) for g in games]
    max_damage = max(int(max(g.allied_damage.max(), g.german_damage.max())) for g in games)
    table = padded_values(hit_points, len(games), max_damage)
    strategy = {side: np.zeros((hit_points, hit_points, len(games), len(DIRECTIONS), len(CODES))) for side in SIDES}
    matrix_games = 0
    for allied, german in damage_levels(hit_points):
        while True:
            change = 0.0
            for i, (game, cls) in enumerate(zip(games, classes, strict=True)):
                if time.monotonic() - started > options.time_limit_s:
                    raise SolveBudgetError(f"the solve took more than --time-limit {options.time_limit_s:g} s "
                                           f"(at damage {allied}/{german})")
                payoff = table[allied + game.allied_damage, german + game.german_damage, game.next_index]
                value, rows, cols = _solve_page(payoff, game, cls, direction)
                matrix_games += 1
                change = max(change, abs(value - table[allied, german, i]))
                table[allied, german, i] = value
                strategy["allied"][allied, german, i] = rows
                strategy["german"][allied, german, i] = cols
            if change <= options.tolerance:
                break
    values = table[:hit_points, :hit_points, :len(games)].copy()
    return Solution(tuple(g.page for g in games), tuple(g.tailed for g in games), values, strategy, options,
                    time.monotonic() - started, matrix_games)


def _solve_page(payoff: np.ndarray, game: PageGame, cls: _Classes, direction: np.ndarray
                ) -> tuple[float, np.ndarray, np.ndarray]:
    """Solve one page's game on its distinct rows and columns: (value, allied (3, 26), german (3, 26))."""
    reduced = payoff[np.ix_(cls.row_first, cls.col_first)]
    if game.tailed is None:
        value, x, y = solve_matrix(reduced)
        rows = np.tile(_spread(x, cls.row_of), (len(DIRECTIONS), 1))
        cols = np.tile(_spread(y, cls.col_of), (len(DIRECTIONS), 1))
        return value, rows, cols
    if game.tailed == "allied":
        groups = [np.flatnonzero(direction[cls.row_first] == d) for d in range(len(DIRECTIONS))]
        value, x, responses = _clued(reduced, groups)
        rows = np.tile(_spread(x, cls.row_of), (len(DIRECTIONS), 1))
        cols = np.stack([_spread(y, cls.col_of) for y in responses])
        return value, rows, cols
    groups = [np.flatnonzero(direction[cls.col_first] == d) for d in range(len(DIRECTIONS))]
    value, y, responses = _clued(-reduced.T, groups)
    cols = np.tile(_spread(y, cls.col_of), (len(DIRECTIONS), 1))
    rows = np.stack([_spread(x, cls.row_of) for x in responses])
    return -value, rows, cols


def _clued(payoff: np.ndarray, groups: list[np.ndarray]) -> tuple[float, np.ndarray, list[np.ndarray]]:
    """solve_clued over the non-empty groups; an empty group (no code gives that clue) gets a uniform response."""
    present = [d for d, members in enumerate(groups) if len(members)]
    value, x, responses = solve_clued(payoff, [groups[d] for d in present])
    full = [np.full(payoff.shape[1], 1.0 / payoff.shape[1]) for _ in groups]
    for d, y in zip(present, responses, strict=True):
        full[d] = y
    return value, x, full


def describe(solution: Solution) -> dict[str, Any]:
    """Return the solution's size and cost as a JSON-ready object."""
    return {"pages": len(solution.pages), "states": int(solution.value.size), "matrix_games": solution.matrix_games,
            "seconds": round(solution.seconds, 2)}
