"""aoa solve: small book pairs whose equilibrium is known by hand, exploitability, and the optimal duel pilot."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pytest

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa import solver, solver_evaluation
from fwdata.systems.aoa.duel import CODES, DuelBooks, ManeuverInfo, PageFacts, greedy_tables, maneuver_infos
from fwdata.systems.aoa.duel_report import run_matchup
from fwdata.systems.aoa.solver_exploit import SolvedPilots

ROOT = Path(__file__).resolve().parents[3]
START, MATCH, MISS, BIG, HARD = 1, 30, 31, 32, 33


@pytest.fixture(scope="module")
def infos() -> dict[str, ManeuverInfo]:
    catalog = check_sources([ROOT / "tables" / "aoa" / "maneuver-chart.yaml"], BuildOptions()).catalog
    return maneuver_infos(catalog.models("aoa", "maneuvers")[0])


def guessing_pair(klass: Callable[[str], int], classes: int, *, tailed: str | None = None,
                  outcome: Callable[[int, int], int] | None = None) -> DuelBooks:
    """A pair where each turn is a guessing game on the classes of the two codes.

    From the start page and every end page each pilot calls the page of his code's
    class (allied 10+i, german 20+j); the other book there reads the end page
    `outcome(i, j)` (default: 30 when the classes match, else 31). On 30 the allied
    plane fires for 1, on 32 for 4, on 31 the german plane fires for 1, on 33 for 2. `tailed` names
    the side tailed on the start page (it gives the clue).
    """
    def plain(i: int, j: int) -> int:
        return MATCH if i == j else MISS

    end = outcome or plain
    ends = (MATCH, MISS, BIG, HARD)
    allied: dict[int, dict[str, int]] = {}
    german: dict[int, dict[str, int]] = {}
    for page in (START, *ends):
        allied[page] = {c: 10 + klass(c) for c in CODES}
        german[page] = {c: 20 + klass(c) for c in CODES}
    for k in range(classes):
        allied[20 + k] = {c: end(klass(c), k) for c in CODES}
        german[10 + k] = {c: end(k, klass(c)) for c in CODES}
    pages = (START, *ends, *range(10, 10 + classes), *range(20, 20 + classes))
    facts: dict[str, dict[int, PageFacts]] = {side: {p: PageFacts(0, False, False, None) for p in pages}
                                              for side in ("allied", "german")}
    facts["allied"][MATCH] = PageFacts(1, False, False, "long")
    facts["allied"][BIG] = PageFacts(4, False, False, "short")
    facts["german"][MISS] = PageFacts(1, False, False, "long")
    facts["german"][HARD] = PageFacts(2, False, False, "medium")
    if tailed is not None:
        tailer = "german" if tailed == "allied" else "allied"
        facts[tailed][START] = PageFacts(0, False, True, "short")
        facts[tailer][START] = PageFacts(0, True, False, "short")
    return DuelBooks({"allied": allied, "german": german}, facts)


def halves(code: str) -> int:
    return 0 if code < "N" else 1


def biased(i: int, j: int) -> int:
    return (BIG if i == 0 else MATCH) if i == j else MISS


def solve(books: DuelBooks, infos: Mapping[str, ManeuverInfo], hit_points: int = 1
          ) -> tuple[solver.Solution, solver_evaluation.Evaluation]:
    options = solver.SolveOptions(hit_points=hit_points, start_page=START)
    solution = solver.solve_game(books, infos, options)
    evaluation = solver_evaluation.evaluate(solution, solver.page_games(books, options), solver.directions_of(infos))
    return solution, evaluation


def test_matching_pennies_value_zero_half_and_half(infos: dict[str, ManeuverInfo]) -> None:
    """Two classes of 13 codes, one hit downs a plane: each side plays each class half the time, value 0."""
    solution, evaluation = solve(guessing_pair(halves, 2), infos)
    start = solution.index(START)
    allied = solution.strategy["allied"][0, 0, start, 0]
    assert allied[:13].sum() == pytest.approx(0.5, abs=1e-9)
    assert evaluation.allied_wins == pytest.approx(0.5, abs=1e-9)
    assert evaluation.german_wins == pytest.approx(0.5, abs=1e-9)
    assert evaluation.draws == pytest.approx(0.0, abs=1e-9)
    assert evaluation.exploitability < 1e-9


def test_clue_decides_the_guess(infos: dict[str, ManeuverInfo]) -> None:
    """Classes = clue directions: untailed the allied side wins 1/3, loses 2/3; the tailer who reads the clue wins.

    AoA Powerhouse Standard Game, Tailing: the tailed pilot declares Left, Straight or
    Right before the tailer chooses.
    """
    by_direction = solver.directions_of(infos)

    def direction(code: str) -> int:
        return int(by_direction[CODES.index(code)])

    _, plain = solve(guessing_pair(direction, 3), infos)
    assert plain.value == pytest.approx(-1 / 3, abs=1e-9)
    _, german_tailed = solve(guessing_pair(direction, 3, tailed="german"), infos)
    assert german_tailed.allied_wins == pytest.approx(1.0, abs=1e-9)
    _, allied_tailed = solve(guessing_pair(direction, 3, tailed="allied"), infos)
    assert allied_tailed.german_wins == pytest.approx(1.0, abs=1e-9)
    for evaluation in (plain, german_tailed, allied_tailed):
        assert evaluation.exploitability < 1e-9


def test_damage_levels_need_two_hits(infos: dict[str, ManeuverInfo]) -> None:
    """A class-0 match deals 4 damage, a class-1 match 1, a miss 1; three hit points.

    Solved per damage level from the most damaged down; the odds sum to 1 (every game
    ends) and the allied side, whose class-0 match downs the german at once, is favoured.
    """
    solution, evaluation = solve(guessing_pair(halves, 2, outcome=biased), infos, hit_points=3)
    assert solution.value.shape == (3, 3, len(solution.pages))
    assert evaluation.allied_wins + evaluation.german_wins == pytest.approx(1.0, abs=1e-9)
    assert evaluation.allied_wins > 0.5
    assert evaluation.exploitability < 1e-6


def test_budget_stops_the_solve(infos: dict[str, ManeuverInfo]) -> None:
    """Past --max-states the solve stops with SolveBudgetError before any work."""
    options = solver.SolveOptions(hit_points=12, start_page=START, max_states=10)
    with pytest.raises(solver.SolveBudgetError, match="more than --max-states 10"):
        solver.solve_game(guessing_pair(halves, 2), infos, options)


def test_optimal_pilots_agree_with_the_solved_odds(infos: dict[str, ManeuverInfo]) -> None:
    """Optimal against optimal: the solved allied win probability is inside the 95% interval of 2,000 games."""
    books = guessing_pair(halves, 2, outcome=biased)
    solution, evaluation = solve(books, infos, hit_points=3)
    report = run_matchup(books, infos, "standard", "optimal", "optimal", 2000, 1918, optimal=solution,
                         hit_points=3, start_page=START)
    assert report.allied_wins.low <= evaluation.allied_wins <= report.allied_wins.high


def test_optimal_beats_greedy_more_than_greedy_does(infos: dict[str, ManeuverInfo]) -> None:
    """One hit downs a plane, but a class-0 match prints 4 damage: greedy (mean damage) always flies class 0 as
    the allied pilot and class 1 as the german, so the allied greedy pilot loses every game to the german one; the
    allied optimal pilot (half and half) wins about half of them against the same german."""
    books = guessing_pair(halves, 2, outcome=biased)
    solution, _ = solve(books, infos)
    greedy = greedy_tables(books, infos)

    def margin(allied: str, german: str) -> float:
        report = run_matchup(books, infos, "standard", allied, german, 1000, 7, optimal=solution, greedy=greedy,
                             hit_points=1, start_page=START)
        return report.allied_wins.value - report.german_wins.value

    assert margin("greedy", "greedy") == -1.0
    assert margin("optimal", "greedy") > -0.2


def thirds(code: str) -> int:
    return 0 if code < "I" else 1 if code < "R" else 2


def trap(i: int, j: int) -> int:
    """Classes 0 (A-H), 1 (I-Q), 2 (R-Z). Allied 1 meets german 1: the allied plane fires for 1; allied 2 meets
    german 0: it fires for 4, german 1: the german plane fires for 2. Anything else: back to the start page."""
    return {(1, 1): MATCH, (2, 0): BIG, (2, 1): HARD}.get((i, j), START)


@pytest.fixture(scope="module")
def trap_pilots(infos: dict[str, ManeuverInfo]) -> tuple[DuelBooks, SolvedPilots]:
    books = guessing_pair(thirds, 3, outcome=trap)
    solution, evaluation = solve(books, infos, hit_points=4)
    assert evaluation.value == 0.0  # class 0 is a safe turn away for both sides
    return books, SolvedPilots(solution, books, infos)


def margin(pilots: SolvedPilots, allied: str, german: str) -> float:
    allied_wins, german_wins = pilots.odds(allied, german)
    return allied_wins - german_wins


def test_optimal_beats_random_and_greedy_by_more_than_greedy_does(trap_pilots: tuple[DuelBooks, SolvedPilots]
                                                                 ) -> None:
    """Four hit points, the trap pair. Greedy (mean damage against a uniform opponent) flies allied class 2 (a 4 hit
    on 8 of 26 codes, a 2 taken on 9) and german class 1, so greedy against greedy: the german plane hits for 2 each
    turn and wins every game. The optimal allied pilot, told it faces greedy, flies class 1 and hits for 1 each turn:
    it wins every game. Against random it goes for the 4 hit until it has taken one 2 hit, then flies class 1 (it
    can no longer be hurt): it never loses, where greedy loses 28%. Exact odds (a never-ending fight is a draw).

    As the german pilot greedy already wins every game against greedy; against random the optimal german wins
    11/16 and never loses, greedy wins 13/16 and loses 3/16: class 1 until one hit from down, then class 2 (no
    allied code can hurt it there). The solved strategies alone only draw (the equilibrium does not exploit).
    """
    _, pilots = trap_pilots
    assert margin(pilots, "greedy", "greedy") == pytest.approx(-1.0, abs=1e-9)
    assert margin(pilots, "optimal", "greedy") == pytest.approx(1.0, abs=1e-9)
    assert margin(pilots, "greedy", "random") == pytest.approx(0.4394, abs=1e-4)
    assert margin(pilots, "optimal", "random") == pytest.approx(1.0, abs=1e-6)
    assert margin(pilots, "greedy", "optimal") == pytest.approx(-1.0, abs=1e-9)
    assert margin(pilots, "random", "greedy") == pytest.approx(-0.625, abs=1e-9)
    assert margin(pilots, "random", "optimal") == pytest.approx(-11 / 16, abs=1e-9)
    assert margin(pilots, "equilibrium", "greedy") == 0.0
    assert margin(pilots, "random", "equilibrium") == 0.0


def test_optimal_pilot_keeps_the_solved_guarantee(trap_pilots: tuple[DuelBooks, SolvedPilots]) -> None:
    """Against the strongest opponent (a best response to it) the exploiting pilot still gets the value, 0."""
    _, pilots = trap_pilots
    for side in ("allied", "german"):
        for opponent in ("random", "greedy"):
            assert pilots.guarantee(side, opponent) == pytest.approx(0.0, abs=1e-9)


def test_optimal_pilot_in_duels(trap_pilots: tuple[DuelBooks, SolvedPilots], infos: dict[str, ManeuverInfo]
                                ) -> None:
    """The duels fly the same strategies: optimal wins every game against greedy, greedy loses every one."""
    books, pilots = trap_pilots
    greedy = greedy_tables(books, infos)
    for allied, german, wins in (("optimal", "greedy", 200), ("greedy", "greedy", 0)):
        report = run_matchup(books, infos, "standard", allied, german, 200, 7, greedy=greedy, hit_points=4,
                             optimal=pilots.for_matchup(allied, german), start_page=START)
        assert round(report.allied_wins.value * 200) == wins


def test_lost_contact_draw_option(infos: dict[str, ManeuverInfo]) -> None:
    """--lost draw: a turn that loses the planes ends the game drawn (AoA VI-VII) instead of restarting on 170."""
    def clouds(i: int, j: int) -> int:
        return 223 if i == j == 0 else (MATCH if i == j else MISS)

    books = guessing_pair(halves, 2, outcome=clouds)
    draw = solver.SolveOptions(hit_points=1, start_page=START, lost="draw")
    solution = solver.solve_game(books, infos, draw)
    games = solver.page_games(books, draw)
    assert any((g.next_index == -1).any() for g in games)
    evaluation = solver_evaluation.evaluate(solution, games, solver.directions_of(infos))
    assert evaluation.draws > 0
    assert evaluation.exploitability < 1e-9


def test_solve_matrix_rock_paper_scissors() -> None:
    """The LP gives 1/3 each and value 0 for rock-paper-scissors; duals give the column strategy."""
    value, x, y = solver.solve_matrix(np.array([[0.0, -1, 1], [1, 0, -1], [-1, 1, 0]]))
    assert value == pytest.approx(0.0, abs=1e-9)
    assert x == pytest.approx([1 / 3] * 3, abs=1e-9)
    assert y == pytest.approx([1 / 3] * 3, abs=1e-9)
