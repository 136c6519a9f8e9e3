"""Duel simulation: two simple pilots fly a pair of dogfighting books by the Powerhouse rules (docs/aoa-books.md).

Standard Game: 12 damage each, an end page marked Firing deals its printed
damage (4/2/1), head-on pages fire both ways. Advanced Game: 20 ammo, the
Powerhouse firing charts with the slow +1, jams cleared by two Forward turns,
and the maneuver restrictions (stall bar, difficult). Turns follow the
Standard Game (Reveal Maneuver, Tailing, Page 223, Lost!) through
rules.resolve_turn. Statistics: Wilson score intervals for rates, a normal
approximation for means. Every run is seeded and reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import DogfightBook, FiringChart, ManeuverChart

CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
LOST = rules.LOST_PAGE
START_PAGE = 170
HIT_POINTS = 12  # Standard Game set-up: damage tokens worth 12
AMMO = 20  # Advanced Game set-up: 20 ammo each
JAM_TOKENS = 2  # Advanced Game, Firing: two Forward turns clear a jam
Z_95 = 1.959963984540054
POLICIES = ("random", "greedy")
GAMES = ("standard", "advanced")
SIDES = ("allied", "german")
TAIL_VALUE = 0.5  # greedy score of ending a turn tailing (minus when tailed), in damage points


@dataclass(frozen=True)
class ManeuverInfo:
    """What a pilot needs to know about a code: speed class, clue direction, Advanced restrictions."""

    speed: str
    direction: str
    stall_bar: bool
    difficult: bool
    forward: bool
    immelmann: bool
    sideslip: bool
    barrel_roll: bool


def maneuver_infos(chart: ManeuverChart) -> dict[str, ManeuverInfo]:
    """Read the duel's view of the 26 codes from the maneuver chart (tables/aoa/maneuver-chart.yaml).

    Powerhouse marks are used; a mark the text leaves open (null) counts as absent.
    """
    infos = {}
    for m in chart.maneuvers:
        name = m.name.lower()
        infos[m.code] = ManeuverInfo(
            speed=m.speed, direction=m.direction, stall_bar=bool(m.stall_bar_powerhouse),
            difficult=bool(m.difficult_powerhouse), forward=m.straight_forward, immelmann="immelmann" in name,
            sideslip="sideslip" in name, barrel_roll="barrel roll" in name)
    return infos


@dataclass(frozen=True)
class PageFacts:
    """One end page from one cockpit: damage dealt if Firing, tag, range."""

    firing_damage: int  # 0 when not a Firing page
    tailing: bool
    tailed: bool
    range: str | None


@dataclass
class DuelBooks:
    """A pair of books as lookup tables: end pages for every page x maneuver pair, page facts per side."""

    next: Mapping[str, Mapping[int, Mapping[str, int]]]
    facts: Mapping[str, Mapping[int, PageFacts]]
    _turns: dict[int, dict[tuple[str, str], rules.TurnResult]] = field(default_factory=dict)

    def turn(self, page: int, allied: str, german: str) -> rules.TurnResult:
        """Resolve one turn from `page` (cached): see rules.resolve_turn."""
        cache = self._turns.setdefault(page, {})
        key = (allied, german)
        if key not in cache:
            cache[key] = rules.resolve_turn(self._lookup("allied"), self._lookup("german"), page, allied, german)
        return cache[key]

    def _lookup(self, side: str) -> Callable[[int, str], int | None]:
        table = self.next[side]

        def lookup(page: int, code: str) -> int | None:
            row = table.get(page)
            return None if row is None else row.get(code)

        return lookup


def duel_books(allied: DogfightBook, german: DogfightBook) -> DuelBooks:
    """Build the lookup tables of a book pair from the two book models."""
    nxt: dict[str, dict[int, dict[str, int]]] = {}
    facts: dict[str, dict[int, PageFacts]] = {}
    for side, book in (("allied", allied), ("german", german)):
        nxt[side] = {p.page: dict(p.next) for p in book.pages if p.next is not None}
        facts[side] = {p.page: PageFacts(p.damage or 0 if p.firing else 0, p.tag == "tailing", p.tag == "tailed",
                                         p.range) for p in book.pages}
    return DuelBooks(nxt, facts)


# ------------------------------------------------------------------ pilots


@dataclass
class PilotState:
    """One pilot's running state in a game."""

    side: str
    policy: str
    damage: int = 0
    ammo: int = AMMO
    jam_tokens: int = 0
    last: str | None = None
    must_fly_forward: bool = False


def legal_maneuvers(state: PilotState, infos: Mapping[str, ManeuverInfo], advanced: bool) -> list[str]:
    """The codes a pilot may plot (Advanced Game, Maneuver Restrictions and Firing).

    Standard Game: any code. Advanced: stall-bar maneuvers never twice in a row;
    difficult maneuvers only after a Cruising or Fast Forward, except Immelmann
    after Immelmann and sideslip after sideslip; after a 5 or 6 ammo shot, a Forward.
    """
    codes = list(CODES)
    if not advanced:
        return codes
    last = infos[state.last] if state.last is not None else None
    allowed = []
    for code in codes:
        info = infos[code]
        if state.must_fly_forward and not info.forward:
            continue
        if info.stall_bar and last is not None and last.stall_bar:
            continue
        if info.difficult and not (last is not None and (last.forward or (info.immelmann and last.immelmann)
                                                         or (info.sideslip and last.sideslip))):
            continue
        allowed.append(code)
    return allowed  # never empty: the Forwards (N, W) are always allowed


@dataclass
class GreedyTables:
    """Precomputed greedy values: side -> page -> own code -> opponent direction ('any' too) -> mean score."""

    values: dict[str, dict[int, dict[str, dict[str, float]]]]


def end_page_score(books: DuelBooks, side: str, end: int | None) -> float:
    """Greedy score of an end page for `side`: damage dealt minus damage taken, +/- a half for a tail; lost 0."""
    if end is None or end == LOST:
        return 0.0
    other = "german" if side == "allied" else "allied"
    mine, theirs = books.facts[side][end], books.facts[other][end]
    return (mine.firing_damage - theirs.firing_damage
            + (TAIL_VALUE if mine.tailing else 0.0) - (TAIL_VALUE if mine.tailed else 0.0))


def greedy_tables(books: DuelBooks, infos: Mapping[str, ManeuverInfo]) -> GreedyTables:
    """Score every own maneuver on every page against the opponent's 26 (or one clue direction's) maneuvers."""
    values: dict[str, dict[int, dict[str, dict[str, float]]]] = {"allied": {}, "german": {}}
    directions = ("left", "straight", "right")
    for page in books.next["allied"]:
        if page not in books.next["german"]:
            continue
        for side in SIDES:
            table: dict[str, dict[str, float]] = {}
            for own in CODES:
                sums = dict.fromkeys(directions, 0.0)
                counts = dict.fromkeys(directions, 0)
                for opp in CODES:
                    turn = books.turn(page, own, opp) if side == "allied" else books.turn(page, opp, own)
                    score = end_page_score(books, side, turn.end)
                    sums[infos[opp].direction] += score
                    counts[infos[opp].direction] += 1
                row = {d: sums[d] / counts[d] for d in directions if counts[d]}
                row["any"] = sum(sums.values()) / len(CODES)
                table[own] = row
            values[side][page] = table
    return GreedyTables(values)


def choose(state: PilotState, page: int, legal: Sequence[str], rng: random.Random, greedy: GreedyTables | None,
           opponent_clue: str | None) -> str:
    """Pick a maneuver: random uniformly among `legal`; greedy by the best mean score (ties at random)."""
    if state.policy == "random" or greedy is None:
        return rng.choice(list(legal))
    row = greedy.values[state.side].get(page)
    if row is None:
        return rng.choice(list(legal))
    key = opponent_clue or "any"
    best = max(row[c].get(key, row[c]["any"]) for c in legal)
    top = [c for c in legal if row[c].get(key, row[c]["any"]) >= best - 1e-12]
    return rng.choice(top)


# ------------------------------------------------------------------ games


@dataclass(frozen=True)
class GameResult:
    """One game: winner (allied, german or None for a draw), turns flown, times contact was lost, how it ended."""

    winner: str | None
    turns: int
    lost_contacts: int
    ending: str  # shot-down, both-down, out-of-ammo, turn-limit


def shot_ammo(state: PilotState, maneuver: str, infos: Mapping[str, ManeuverInfo], rng: random.Random) -> int:
    """Ammo for a shot: random pilots 1-4 at random; greedy pilots Blaze (6) after a Forward, else Blast (5).

    Powerhouse Advanced Game, Firing: 5 commits the next turn to a Forward, 6 also
    needs a Forward this turn. Never more than the ammo left.
    """
    if state.policy == "random":
        return min(state.ammo, rng.randint(1, 4))
    wanted = 6 if infos[maneuver].forward else 5
    return min(state.ammo, wanted)


def play_game(books: DuelBooks, infos: Mapping[str, ManeuverInfo], policies: Mapping[str, str], rng: random.Random,
              *, advanced: bool = False, charts: Mapping[str, FiringChart] | None = None,
              greedy: GreedyTables | None = None, start_page: int = START_PAGE, max_turns: int = 200) -> GameResult:
    """Play one game from `start_page` until a plane is shot down (12 damage), both are out of ammo, or `max_turns`.

    Lost contact (VI; Powerhouse Lost!): both pilots search and restart on page
    170 with their damage. A tailed pilot plots first and gives his clue (Tailing).
    """
    pilots = {side: PilotState(side, policies[side]) for side in SIDES}
    page, lost_contacts = start_page, 0
    for turn_number in range(1, max_turns + 1):
        tailed = next((s for s in SIDES if books.facts[s][page].tailed), None)
        plots: dict[str, str] = {}
        clue: str | None = None
        order = [tailed, *[s for s in SIDES if s != tailed]] if tailed else list(SIDES)
        for side in order:
            state = pilots[side]
            legal = legal_maneuvers(state, infos, advanced)
            opponent_clue = clue if tailed is not None and side != tailed else None
            plots[side] = choose(state, page, legal, rng, greedy, opponent_clue)
            if side == tailed:
                clue = infos[plots[side]].direction
        result = books.turn(page, plots["allied"], plots["german"])
        for side in SIDES:
            state = pilots[side]
            code = plots[side]
            if state.jam_tokens and infos[code].forward:
                state.jam_tokens -= 1
            state.must_fly_forward = False
            state.last = code
        if result.end is None and not result.lost:
            raise ValueError(f"the books disagree from page {page} under {plots['allied']}/{plots['german']} "
                             "(run fwdata check on them)")
        if result.lost or result.end is None:
            lost_contacts += 1
            page = start_page
            continue
        page = result.end
        dealt = {side: 0 for side in SIDES}
        for side in SIDES:
            other = "german" if side == "allied" else "allied"
            facts = books.facts[side][page]
            if not facts.firing_damage:
                continue
            state = pilots[side]
            if not advanced:
                dealt[other] += facts.firing_damage
                continue
            if state.ammo <= 0 or state.jam_tokens or infos[plots[side]].barrel_roll or charts is None:
                continue
            ammo = shot_ammo(state, plots[side], infos, rng)
            if ammo >= rules.BLAST_AMMO:
                state.must_fly_forward = True
            state.ammo -= ammo
            row = charts[facts.range or "long"].row(ammo)
            if row is None:
                continue
            cell = rules.powerhouse_lookup(row.by_column(charts[facts.range or "long"].die_rolls), rng.randint(1, 6),
                                           infos[plots[other]].speed == "slow")
            dealt[other] += cell.damage
            if cell.jam:
                state.jam_tokens = JAM_TOKENS
        for side in SIDES:
            pilots[side].damage += dealt[side]
        down = [side for side in SIDES if pilots[side].damage >= HIT_POINTS]
        if len(down) == 2:
            return GameResult(None, turn_number, lost_contacts, "both-down")
        if down:
            return GameResult("german" if down[0] == "allied" else "allied", turn_number, lost_contacts, "shot-down")
        if advanced and all(pilots[s].ammo <= 0 for s in SIDES):
            return GameResult(None, turn_number, lost_contacts, "out-of-ammo")
    return GameResult(None, max_turns, lost_contacts, "turn-limit")


# ------------------------------------------------------------------ statistics


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
                greedy: GreedyTables | None = None, max_turns: int = 200) -> MatchupReport:
    """Play `games` games of one matchup with its own generator seeded from (seed, game, policies)."""
    rng = random.Random(f"{seed}:{game}:{allied_policy}:{german_policy}")
    results = [play_game(books, infos, {"allied": allied_policy, "german": german_policy}, rng,
                         advanced=game == "advanced", charts=charts, greedy=greedy, max_turns=max_turns)
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
              max_turns: int = 200) -> list[MatchupReport]:
    """Run every game type x (allied policy, german policy) matchup; reproducible from `seed`."""
    greedy = greedy_tables(books, infos)
    reports = []
    for game in game_types:
        for allied_policy in POLICIES:
            for german_policy in POLICIES:
                reports.append(run_matchup(books, infos, game, allied_policy, german_policy, games, seed,
                                           charts=charts, greedy=greedy, max_turns=max_turns))
    return reports


def _pct(interval: Interval) -> str:
    return f"{100 * interval.value:5.1f}% [{100 * interval.low:4.1f}-{100 * interval.high:5.1f}]"


def format_duels(reports: Sequence[MatchupReport], *, seed: int, books: str = "") -> str:
    """Render the duel reports as a text table (95% intervals in brackets)."""
    lines = [f"Ace of Aces duels{f' ({books})' if books else ''}: seed {seed}, "
             f"{reports[0].games if reports else 0} games per matchup; 95% intervals (Wilson for rates, normal for "
             "means)", ""]
    header = (f"{'game':<9} {'allied':<7} {'german':<7} {'allied wins':<21} {'german wins':<21} {'draws':<21} "
              f"{'mean turns':<19} {'lost contact':<21} lost/100 turns")
    lines += [header, "-" * len(header)]
    for r in reports:
        turns = f"{r.mean_turns.value:5.1f} [{r.mean_turns.low:.1f}-{r.mean_turns.high:.1f}]"
        lines.append(f"{r.game:<9} {r.allied_policy:<7} {r.german_policy:<7} {_pct(r.allied_wins):<21} "
                     f"{_pct(r.german_wins):<21} {_pct(r.draws):<21} {turns:<19} {_pct(r.lost_contact):<21} "
                     f"{r.lost_per_100_turns:.2f}")
    return "\n".join(lines)


# ------------------------------------------------------------------ inputs


def firing_charts(charts: Sequence[Any]) -> dict[str, FiringChart]:
    """Pick the Powerhouse firing charts out of chart models, by range."""
    return {c.variant: c for c in charts if isinstance(c, FiringChart) and c.chart_type == "firing"}


def duel_inputs(books: Sequence[DogfightBook], maneuvers: Sequence[ManeuverChart],
                charts: Sequence[Any]) -> tuple[DuelBooks, dict[str, ManeuverInfo], dict[str, FiringChart]]:
    """Assemble a duel from catalog models: one allied and one german book (opponents if several), the chart.

    Raises ValueError naming what is missing.
    """
    allied = [b for b in books if b.side == "allied"]
    german = [b for b in books if b.side == "german"]
    if not allied or not german:
        raise ValueError("a duel needs one allied and one german aoa book")
    first = allied[0]
    other = next((b for b in german if b.id == first.opponent), german[0])
    if not maneuvers:
        raise ValueError("a duel needs the maneuver chart (tables/aoa/maneuver-chart.yaml)")
    return duel_books(first, other), maneuver_infos(maneuvers[0]), firing_charts(charts)


def as_json(reports: Sequence[MatchupReport], *, seed: int, games: int) -> dict[str, Any]:
    """The duel reports as a JSON-ready object."""
    return {"seed": seed, "games": games, "matchups": [r.as_json() for r in reports]}
