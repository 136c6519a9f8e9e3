"""Duel statistics and reports: N games per matchup of policies, rates and means with 95% intervals.

Statistics: Wilson score intervals for rates, a normal approximation for means.
Every run is seeded and reproducible; reports print as a text table or JSON.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from fwdata.systems.aoa.duel import (
    HIT_POINTS,
    SIDES,
    START_PAGE,
    DuelBooks,
    GreedyTables,
    ManeuverInfo,
    OptimalPlay,
    greedy_tables,
    play_game,
)
from fwdata.systems.aoa.model import FiringChart

Z_95 = 1.959963984540054
POLICIES = ("random", "greedy")


class MatchupPlay(Protocol):
    """The solved pilots' strategies per matchup (solver_exploit.SolvedPilots)."""

    def for_matchup(self, allied: str, german: str) -> OptimalPlay: ...
GAMES = ("standard", "advanced")


@dataclass(frozen=True)
class Interval:
    """A point estimate with a 95% confidence interval."""

    value: float
    low: float
    high: float

    def as_json(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


def wilson(successes: int, n: int, z: float = Z_95) -> Interval:
    """Wilson score interval for a rate (95% by default)."""
    if n == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z_95) -> Interval:
    """Mean with a normal-approximation interval (sample standard deviation)."""
    n = len(values)
    if n == 0:
        return Interval(0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class MatchupReport:
    """Statistics of N games of one game type and one pair of policies."""

    game: str
    allied_policy: str
    german_policy: str
    games: int
    allied_wins: Interval
    german_wins: Interval
    draws: Interval
    mean_turns: Interval
    lost_contact: Interval  # share of games in which contact was lost at least once
    lost_per_100_turns: float
    endings: Mapping[str, int]

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "allied_policy": self.allied_policy, "german_policy": self.german_policy,
                "games": self.games, "allied_wins": self.allied_wins.as_json(),
                "german_wins": self.german_wins.as_json(), "draws": self.draws.as_json(),
                "mean_turns": self.mean_turns.as_json(), "lost_contact": self.lost_contact.as_json(),
                "lost_per_100_turns": round(self.lost_per_100_turns, 3), "endings": dict(sorted(self.endings.items()))}


def run_matchup(books: DuelBooks, infos: Mapping[str, ManeuverInfo], game: str, allied_policy: str,
                german_policy: str, games: int, seed: int, *, charts: Mapping[str, FiringChart] | None = None,
                greedy: GreedyTables | None = None, max_turns: int = 200, optimal: OptimalPlay | None = None,
                hit_points: int = HIT_POINTS, start_page: int = START_PAGE) -> MatchupReport:
    """Play `games` games of one matchup with its own generator seeded from (seed, game, policies)."""
    rng = random.Random(f"{seed}:{game}:{allied_policy}:{german_policy}")
    results = [play_game(books, infos, {"allied": allied_policy, "german": german_policy}, rng,
                         advanced=game == "advanced", charts=charts, greedy=greedy, max_turns=max_turns,
                         optimal=optimal, hit_points=hit_points, start_page=start_page)
               for _ in range(games)]
    wins = {side: sum(1 for r in results if r.winner == side) for side in SIDES}
    draws = sum(1 for r in results if r.winner is None)
    turns = sum(r.turns for r in results)
    endings: dict[str, int] = {}
    for r in results:
        endings[r.ending] = endings.get(r.ending, 0) + 1
    return MatchupReport(
        game=game, allied_policy=allied_policy, german_policy=german_policy, games=games,
        allied_wins=wilson(wins["allied"], games), german_wins=wilson(wins["german"], games),
        draws=wilson(draws, games), mean_turns=mean_interval([r.turns for r in results]),
        lost_contact=wilson(sum(1 for r in results if r.lost_contacts), games),
        lost_per_100_turns=100 * sum(r.lost_contacts for r in results) / turns if turns else 0.0,
        endings=endings)


def run_duels(books: DuelBooks, infos: Mapping[str, ManeuverInfo], *, games: int, seed: int,
              game_types: Sequence[str] = GAMES, charts: Mapping[str, FiringChart] | None = None,
              max_turns: int = 200, policies: Sequence[str] = POLICIES,
              solved: MatchupPlay | None = None) -> list[MatchupReport]:
    """Run every game type x (allied policy, german policy) matchup; reproducible from `seed`.

    The 'optimal' and 'equilibrium' policies (Standard Game only) fly the strategies
    `solved` gives for their matchup.
    """
    greedy = greedy_tables(books, infos)
    reports = []
    for game in game_types:
        for allied_policy in policies:
            for german_policy in policies:
                optimal = solved.for_matchup(allied_policy, german_policy) if solved is not None else None
                reports.append(run_matchup(books, infos, game, allied_policy, german_policy, games, seed,
                                           charts=charts, greedy=greedy, max_turns=max_turns, optimal=optimal))
    return reports


def _pct(interval: Interval) -> str:
    return f"{100 * interval.value:5.1f}% [{100 * interval.low:4.1f}-{100 * interval.high:5.1f}]"


def format_duels(reports: Sequence[MatchupReport], *, seed: int, books: str = "") -> str:
    """Render the duel reports as a text table (95% intervals in brackets)."""
    lines = [f"Ace of Aces duels{f' ({books})' if books else ''}: seed {seed}, "
             f"{reports[0].games if reports else 0} games per matchup; 95% intervals (Wilson for rates, normal for "
             "means)", ""]
    header = (f"{'game':<9} {'allied':<11} {'german':<11} {'allied wins':<21} {'german wins':<21} {'draws':<21} "
              f"{'mean turns':<19} {'lost contact':<21} lost/100 turns")
    lines += [header, "-" * len(header)]
    for r in reports:
        turns = f"{r.mean_turns.value:5.1f} [{r.mean_turns.low:.1f}-{r.mean_turns.high:.1f}]"
        lines.append(f"{r.game:<9} {r.allied_policy:<11} {r.german_policy:<11} {_pct(r.allied_wins):<21} "
                     f"{_pct(r.german_wins):<21} {_pct(r.draws):<21} {turns:<19} {_pct(r.lost_contact):<21} "
                     f"{r.lost_per_100_turns:.2f}")
    return "\n".join(lines)


def as_json(reports: Sequence[MatchupReport], *, seed: int, games: int) -> dict[str, Any]:
    """The duel reports as a JSON-ready object."""
    return {"seed": seed, "games": games, "matchups": [r.as_json() for r in reports]}
