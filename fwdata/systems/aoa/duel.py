"""Duel simulation: two simple pilots fly a pair of dogfighting books by the Powerhouse rules (docs/aoa-books.md).

Standard Game: 12 damage each, an end page marked Firing deals its printed
damage (4/2/1), head-on pages fire both ways. Advanced Game: 20 ammo, the
Powerhouse firing charts with the slow +1, jams cleared by two Forward turns,
and the maneuver restrictions (stall bar, difficult). Turns follow the
Standard Game (Reveal Maneuver, Tailing, Page 223, Lost!) through
rules.resolve_turn. Statistics over many games: duel_report.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import SIDES, DogfightBook, FiringChart, ManeuverChart

CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
LOST = rules.LOST_PAGE
START_PAGE = 170
HIT_POINTS = 12  # AoA Standard Game set-up: damage tokens worth 12
AMMO = 20  # AoA Advanced Game set-up: 20 ammo each
JAM_TOKENS = 2  # AoA Advanced Game, Firing: two Forward turns clear a jam
SOLVED_POLICIES = ("optimal", "equilibrium")  # pilots that fly strategies from aoa solve (Standard Game)
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
    """The codes a pilot may plot (AoA Advanced Game, Maneuver Restrictions and Firing).

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


class OptimalPlay(Protocol):
    """Solved strategies (solver.Solution): a side's mixed strategy over CODES on a page at a damage level."""

    def knows(self, page: int) -> bool: ...

    def mixed(self, side: str, page: int, damage: Mapping[str, int], clue: str | None) -> Sequence[float]: ...


def choose(state: PilotState, page: int, legal: Sequence[str], rng: random.Random, greedy: GreedyTables | None,
           opponent_clue: str | None, *, optimal: OptimalPlay | None = None,
           damage: Mapping[str, int] | None = None) -> str:
    """Pick a maneuver: random uniformly among `legal`; greedy by the best mean score (ties at random);
    equilibrium and optimal by `optimal`'s mixed strategy for the page, both sides' damage and the clue (the solved
    strategies of `aoa solve`, or solver_exploit's safe exploiting ones)."""
    solved = state.policy in SOLVED_POLICIES
    if solved and optimal is not None and damage is not None and optimal.knows(page):
        return rng.choices(CODES, weights=optimal.mixed(state.side, page, damage, opponent_clue))[0]
    if state.policy == "random" or solved or greedy is None:
        return rng.choice(list(legal))
    row = greedy.values[state.side].get(page)
    if row is None:
        return rng.choice(list(legal))
    key = opponent_clue or "any"
    best = max(row[c].get(key, row[c]["any"]) for c in legal)
    top = [c for c in legal if row[c].get(key, row[c]["any"]) >= best - 1e-12]
    return rng.choice(top)


# ------------------------------------------------------------------ games


def fly_turn(books: DuelBooks, page: int, allied: str, german: str) -> int | None:
    """Return the end page of one turn from `page`, None when the planes are lost (Powerhouse Reveal Maneuver, Lost!).

    The one turn rule of the duels and of the solver (solver.py). Raises ValueError
    when the books disagree (run fwdata check on them).
    """
    result = books.turn(page, allied, german)
    if result.end is None and not result.lost:
        raise ValueError(f"the books disagree from page {page} under {allied}/{german} (run fwdata check on them)")
    return None if result.lost else result.end


def standard_damage(books: DuelBooks, end: int) -> dict[str, int]:
    """Return the damage each side takes on end page `end` in the Standard Game: the opponent's printed Firing damage.

    AoA Powerhouse Standard Game, Firing (4/2/1 by range; a head-on page fires both ways).
    """
    return {"allied": books.facts["german"][end].firing_damage, "german": books.facts["allied"][end].firing_damage}



@dataclass(frozen=True)
class GameResult:
    """One game: winner (allied, german or None for a draw), turns flown, times contact was lost, how it ended."""

    winner: str | None
    turns: int
    lost_contacts: int
    ending: str  # shot-down, both-down, out-of-ammo, turn-limit


def shot_ammo(state: PilotState, maneuver: str, infos: Mapping[str, ManeuverInfo], rng: random.Random) -> int:
    """Ammo for a shot: random pilots 1-4 at random; greedy pilots Blaze (6) after a Forward, else Blast (5).

    AoA Powerhouse Advanced Game, Firing: 5 commits the next turn to a Forward, 6 also
    needs a Forward this turn. Never more than the ammo left.
    """
    if state.policy == "random":
        return min(state.ammo, rng.randint(1, 4))
    wanted = 6 if infos[maneuver].forward else 5
    return min(state.ammo, wanted)


def play_game(books: DuelBooks, infos: Mapping[str, ManeuverInfo], policies: Mapping[str, str], rng: random.Random,
              *, advanced: bool = False, charts: Mapping[str, FiringChart] | None = None,
              greedy: GreedyTables | None = None, start_page: int = START_PAGE, max_turns: int = 200,
              optimal: OptimalPlay | None = None, hit_points: int = HIT_POINTS) -> GameResult:
    """Play one game from `start_page` until a plane is shot down (`hit_points` damage), both are out of ammo, or
    `max_turns`; an 'optimal' pilot plays `optimal`'s strategies (Standard Game).

    Lost contact (AoA VI; Powerhouse Lost!): both pilots search and restart on page
    170 with their damage. A tailed pilot plots first and gives his clue (AoA Tailing).
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
            plots[side] = choose(state, page, legal, rng, greedy, opponent_clue, optimal=optimal,
                                 damage={s: pilots[s].damage for s in SIDES})
            if side == tailed:
                clue = infos[plots[side]].direction
        end = fly_turn(books, page, plots["allied"], plots["german"])
        for side in SIDES:
            state = pilots[side]
            code = plots[side]
            if state.jam_tokens and infos[code].forward:
                state.jam_tokens -= 1
            state.must_fly_forward = False
            state.last = code
        if end is None:
            lost_contacts += 1
            page = start_page
            continue
        page = end
        dealt = standard_damage(books, page) if not advanced else {side: 0 for side in SIDES}
        for side in SIDES if advanced else ():
            other = "german" if side == "allied" else "allied"
            facts = books.facts[side][page]
            if not facts.firing_damage:
                continue
            state = pilots[side]
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
        down = [side for side in SIDES if pilots[side].damage >= hit_points]
        if len(down) == 2:
            return GameResult(None, turn_number, lost_contacts, "both-down")
        if down:
            return GameResult("german" if down[0] == "allied" else "allied", turn_number, lost_contacts, "shot-down")
        if advanced and all(pilots[s].ammo <= 0 for s in SIDES):
            return GameResult(None, turn_number, lost_contacts, "out-of-ammo")
    return GameResult(None, max_turns, lost_contacts, "turn-limit")


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

