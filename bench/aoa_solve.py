"""Bench of `fwdata aoa solve` on the bundled book pair: solve time, peak memory, exploitability, duels.

Usage: python bench/aoa_solve.py [--hit-points 12] [--games 1000] [--lost restart|draw]

Solves the Standard Game of cards/aoa/books (the same calls as the command), evaluates
the strategies exactly (outcome odds, best responses), then the pilots of `aoa duel`:
exact odds of every matchup of the equilibrium, optimal (safe exploiting), greedy and
random pilots, what the optimal pilot guarantees against the strongest opponent, and
seeded duels of the same matchups.
Prints wall and CPU seconds, the peak resident memory of this process and the
exploitability (target at most 1e-3; aim: within 30 minutes on two cores and under
2 GB). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fwdata.options import BuildOptions  # noqa: E402
from fwdata.pipeline import check_sources  # noqa: E402
from fwdata.systems.aoa import solver, solver_evaluation  # noqa: E402
from fwdata.systems.aoa.duel import duel_books, greedy_tables, maneuver_infos  # noqa: E402
from fwdata.systems.aoa.duel_report import run_matchup  # noqa: E402
from fwdata.systems.aoa.solver_exploit import SolvedPilots  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hit-points", type=int, default=12)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--lost", choices=("restart", "draw"), default="restart")
    args = parser.parse_args()
    catalog = check_sources([ROOT / "cards" / "aoa" / "books"], BuildOptions()).catalog
    books = {b.side: b for b in catalog.models("aoa", "book")}
    pair = duel_books(books["allied"], books["german"])
    infos = maneuver_infos(catalog.models("aoa", "maneuvers")[0])
    options = solver.SolveOptions(hit_points=args.hit_points, lost=args.lost, time_limit_s=3 * 3600.0)
    wall, cpu = time.monotonic(), time.process_time()
    solution = solver.solve_game(pair, infos, options)
    solve_wall, solve_cpu = time.monotonic() - wall, time.process_time() - cpu
    wall = time.monotonic()
    evaluation = solver_evaluation.evaluate(solution, solver.page_games(pair, options), solver.directions_of(infos))
    evaluate_wall = time.monotonic() - wall
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"aoa solve, bundled pair, {args.hit_points} hit points, lost: {args.lost}")
    print(f"  states {solution.value.size}, matrix games {solution.matrix_games}")
    print(f"  solve {solve_wall:.1f} s wall, {solve_cpu:.1f} s CPU; evaluation {evaluate_wall:.1f} s; "
          f"peak memory {peak_mb:.0f} MB")
    print(f"  allied wins {evaluation.allied_wins:.6f}, german wins {evaluation.german_wins:.6f}, "
          f"draws {evaluation.draws:.6f}")
    print(f"  exploitability {evaluation.exploitability:.3e} (allied gain {evaluation.allied_gain:.3e}, "
          f"german gain {evaluation.german_gain:.3e}; target <= 1e-3)")
    greedy = greedy_tables(pair, infos)
    wall = time.monotonic()
    pilots = SolvedPilots(solution, pair, infos)
    matchups = [(a, g) for a in ("optimal", "equilibrium", "greedy", "random")
                for g in ("optimal", "equilibrium", "greedy", "random")]
    print("exact odds from the start (a never-ending fight is a draw):")
    for allied, german in matchups:
        a, g = pilots.odds(allied, german)
        print(f"  {allied:>11} vs {german:<11} allied {a:.6f}  german {g:.6f}  margin {a - g:+.6f}")
    print(f"  the optimal pilot's strategies and the exact odds took {time.monotonic() - wall:.1f} s")
    for side in ("allied", "german"):
        for opponent in ("random", "greedy"):
            print(f"  optimal {side} set against {opponent}: the strongest opponent holds the allied payoff to "
                  f"{pilots.guarantee(side, opponent):+.3e} (solved value {evaluation.value:+.3e})")
    print(f"duels, {args.games} standard games each (allied - german win rate, 95% intervals on each rate):")
    for allied, german in matchups:
        report = run_matchup(pair, infos, "standard", allied, german, args.games, 1918, greedy=greedy,
                             optimal=pilots.for_matchup(allied, german), hit_points=args.hit_points)
        print(f"  {allied:>11} vs {german:<11} allied {report.allied_wins.value:.3f} "
              f"[{report.allied_wins.low:.3f}-{report.allied_wins.high:.3f}]  german {report.german_wins.value:.3f} "
              f"[{report.german_wins.low:.3f}-{report.german_wins.high:.3f}]  draws {report.draws.value:.3f}  "
              f"margin {report.allied_wins.value - report.german_wins.value:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
