"""Ace of Aces rules arithmetic: chart cells, shot modifiers, exact firing statistics and campaign sums.

Pure functions on plain values; every probability is an exact Fraction got by
enumerating the dice (no sampling). Rule references: Powerhouse sections by name
("Advanced Game, Firing"), original rules by Roman number (AoA XIV, XIX, ...), all in
`004_df49c58b6e4b4043.txt`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

CELL_PATTERN = re.compile(r"^(?P<damage>[0-9]+)(?P<marks>J|C|JC)?$")
DIE_FACES = (1, 2, 3, 4, 5, 6)

RANGES = ("short", "medium", "long")
# AoA Powerhouse Standard Game, Firing: damage printed on a Firing page.
STANDARD_DAMAGE = {"short": 4, "medium": 2, "long": 1}
# AoA IV (basic damage) and VIII (an Ace's basic damage); 'close' is the original's short.
BASIC_DAMAGE = {"short": Fraction(2), "medium": Fraction(1), "long": Fraction(1, 2)}
BASIC_ACE_DAMAGE = {"short": Fraction(3), "medium": Fraction(2), "long": Fraction(1)}
# AoA XIV and the Gun Chart notes: range modifiers to the die.
RANGE_MODIFIER = {"short": 0, "medium": -2, "long": -4}
# AoA XIV / Gun Chart "Altitude Effects": altitude difference bands, feet.
ALTITUDE_RANGE_BANDS_FT = (("short", 0, 175), ("medium", 200, 375), ("long", 400, 675))
NO_SHOT_ABOVE_FT = 675
# AoA XVI (original) and Powerhouse Advanced Game, Firing: ammo that needs straight flight.
BLAST_AMMO = 5
BLAZE_AMMO = 6
# AoA XLII: after a jam in the advanced game, a 6 on one die breaks the guns for good.
GUN_BREAK_FACES = (6,)


@dataclass(frozen=True)
class ChartCell:
    """One firing or gun chart cell: damage, J (jam) and C (choice/critical) marks (AoA XIX, XXI, XXII)."""

    damage: int
    jam: bool = False
    critical: bool = False

    @property
    def printed(self) -> str:
        """The cell as the chart prints it, e.g. '3JC'."""
        return f"{self.damage}{'J' if self.jam else ''}{'C' if self.critical else ''}"


MISS = ChartCell(0)


def parse_cell(value: int | str) -> ChartCell:
    """Parse a printed chart cell (`3`, `2J`, `4C`, `6JC`); raise ValueError on anything else.

    Grammar `^[0-9]+(J|C|JC)?$` (AoA Gun Chart legend: J = jam, C = choice/critical).
    """
    if isinstance(value, bool):
        raise ValueError(f"not a chart cell: {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"negative damage: {value}")
        return ChartCell(value)
    match = CELL_PATTERN.match(value)
    if match is None:
        raise ValueError(f"not a chart cell: {value!r} (expected digits, optionally J, C or JC)")
    marks = match["marks"] or ""
    return ChartCell(int(match["damage"]), jam="J" in marks, critical="C" in marks)


@dataclass(frozen=True)
class ShotStatistics:
    """Exact statistics of one shot over the six faces of the die.

    `expected_damage` is in damage points; the probabilities are of the chart
    showing J, showing C, or the shot missing (modified roll below the chart,
    AoA XIV Ed Note). `break_probability` is the chance the guns break for good
    (AoA XLII: a jam, then a 6) and is 0 where that rule does not apply.
    """

    expected_damage: Fraction
    jam_probability: Fraction
    critical_probability: Fraction
    miss_probability: Fraction
    break_probability: Fraction = Fraction(0)


def _statistics(cells: Iterable[ChartCell | None], *, advanced_jams: bool = False) -> ShotStatistics:
    faces = list(cells)
    n = len(faces)
    hit = [cell for cell in faces if cell is not None]
    expected = Fraction(sum(cell.damage for cell in hit), n)
    jam = Fraction(sum(1 for cell in hit if cell.jam), n)
    crit = Fraction(sum(1 for cell in hit if cell.critical), n)
    miss = Fraction(n - len(hit), n)
    broken = jam * Fraction(len(GUN_BREAK_FACES), len(DIE_FACES)) if advanced_jams else Fraction(0)
    return ShotStatistics(expected, jam, crit, miss, broken)


def powerhouse_column(die: int, opponent_slow: bool) -> int:
    """Return the Powerhouse firing chart column for a die face: the face, +1 if the opponent flew slow.

    AoA Powerhouse Advanced Game, Firing ("Die Roll Modifier"). Columns run 1..7.
    """
    if die not in DIE_FACES:
        raise ValueError(f"a die shows 1..6, not {die}")
    return die + (1 if opponent_slow else 0)


def powerhouse_lookup(row: Mapping[int, ChartCell], die: int, opponent_slow: bool = False) -> ChartCell:
    """Return the cell hit by one die face on a Powerhouse firing chart row (columns keyed 1..7).

    AoA Powerhouse Advanced Game, Firing: "Sean squeezes a burst of 3 ammo, and rolls a 4"
    reads Medium row 3, column 4.
    """
    return row[powerhouse_column(die, opponent_slow)]


def powerhouse_shot(row: Mapping[int, ChartCell], opponent_slow: bool = False) -> ShotStatistics:
    """Return exact statistics of one Powerhouse Advanced Game shot from one ammo row (columns 1..7).

    AoA Powerhouse Advanced Game, Firing: roll one die, +1 if the opponent flew a slow
    maneuver; J jams the guns (two Forward turns to clear). No miss is possible.
    """
    return _statistics(powerhouse_lookup(row, die, opponent_slow) for die in DIE_FACES)


def original_column(die: int, modifier: int) -> int | None:
    """Return the Gun Chart column (0..7) for a die face and net modifier, or None for a miss.

    AoA XIV Ed Note: a modified roll below 0 is a miss; above 7 it reads column 7.
    """
    if die not in DIE_FACES:
        raise ValueError(f"a die shows 1..6, not {die}")
    roll = die + modifier
    if roll < 0:
        return None
    return min(roll, 7)


def original_lookup(row: Mapping[int, ChartCell], die: int, modifier: int) -> ChartCell | None:
    """Return the Gun Chart cell for one die face (None = miss); `row` is keyed by columns 0..7 (AoA XIX)."""
    column = original_column(die, modifier)
    return None if column is None else row[column]


def original_shot(row: Mapping[int, ChartCell], modifier: int, *, advanced: bool = False) -> ShotStatistics:
    """Return exact statistics of one original-rules shot from one Gun Chart row (columns 0..7).

    AoA XIX (read the chart), AoA XIV Ed Note (below 0 misses, above 7 reads 7); with
    `advanced`, AoA XLII's gun-breaking roll after a jam is included.
    """
    return _statistics((original_lookup(row, die, modifier) for die in DIE_FACES), advanced_jams=advanced)


def range_from_altitude(difference_ft: int) -> str | None:
    """Return the range band an altitude difference alone gives, or None when no shot is possible.

    AoA XIV and the Gun Chart's "Altitude Effects": 0-175 ft close (short), 200-375 ft
    medium, 400-675 ft long, 700 ft and more no shot. Altitudes move in 25 ft
    steps, so the gaps (176-199 ft, ...) are read as the next band up.
    """
    difference = abs(difference_ft)
    if difference > NO_SHOT_ABOVE_FT:
        return None
    for name, _low, high in ALTITUDE_RANGE_BANDS_FT:
        if difference <= high:
            return name
    return None  # pragma: no cover - the bands reach NO_SHOT_ABOVE_FT


def effective_range(picture_range: str, altitude_difference_ft: int) -> str | None:
    """Return the longer of the picture's range and the altitude range, or None for no shot (AoA XIV)."""
    if picture_range not in RANGES:
        raise ValueError(f"range must be one of {RANGES}, not {picture_range!r}")
    altitude_range = range_from_altitude(altitude_difference_ft)
    if altitude_range is None:
        return None
    return max(picture_range, altitude_range, key=RANGES.index)


def original_modifier(shot_range: str, *, game: str = "intermediate", slow_target: bool = False,
                      ace: bool = False, height_ft: int = 0, extra: int = 0) -> int:
    """Return the net die modifier of an original-rules shot.

    Intermediate (AoA XIII slow +1, AoA XXVII Ace +1, AoA XIV height: more than 100 ft above
    +1, range 0/-2/-4). Advanced (AoA XXXVI): only Ace and range count. `extra` adds
    campaign modifiers (famous aces, Motor 'Smoke' -1).
    """
    if game not in ("intermediate", "advanced"):
        raise ValueError(f"game must be intermediate or advanced, not {game!r}")
    modifier = RANGE_MODIFIER[shot_range] + (1 if ace else 0) + extra
    if game == "intermediate":
        modifier += (1 if slow_target else 0) + (1 if height_ft > 100 else 0)
    return modifier


def may_fire_ammo(ammo: int, *, straight_now: bool, straight_last: bool, ammo_left: int | None = None) -> bool:
    """Tell whether a shot of `ammo` points is allowed.

    AoA XVI / Powerhouse Advanced Game, Firing: 5 (Blast) needs a straight forward
    plotted now (Powerhouse: next turn); 6 (Blaze) needs one last turn as well.
    AoA XVII: never more than the ammo left. Shots are 1..6 points.
    """
    if not 1 <= ammo <= 6:
        return False
    if ammo_left is not None and ammo > ammo_left:
        return False
    if ammo >= BLAST_AMMO and not straight_now:
        return False
    return not (ammo >= BLAZE_AMMO and not straight_last)


def jam_clear_turns(ammo: int, *, rules: str = "original") -> int:
    """Return the straight-forward turns needed to clear a jam.

    AoA XXII: as many straights as the ammo of the jamming shot.
    AoA Powerhouse Advanced Game, Firing: always two Forward turns.
    """
    if rules == "powerhouse":
        return 2
    if rules == "original":
        return ammo
    raise ValueError(f"rules must be original or powerhouse, not {rules!r}")


def intermediate_allocation(damage: int, shot: str) -> dict[str, int]:
    """Split damage over FRONT/SIDE/TAIL (AoA XX).

    `shot` is head-on (all FRONT), tail (all TAIL), front-side or tail-side
    (half, rounded down, to SIDE and the rest to FRONT or TAIL).
    """
    if shot == "head-on":
        return {"front": damage}
    if shot == "tail":
        return {"tail": damage}
    side = damage // 2
    if shot == "front-side":
        return {"side": side, "front": damage - side}
    if shot == "tail-side":
        return {"side": side, "tail": damage - side}
    raise ValueError(f"unknown shot kind {shot!r}")


def intermediate_side_capacity(wing: int, fuselage: int) -> int:
    """Return SIDE capacity from Wing and Fuselage: their average, halves rounded up (AoA XXIV).

    AoA XXIV says only "the average"; every Plane Stats column agrees with rounding
    half up (Albatros DIII 8 and 11 -> 10; Albatros DVa 9 and 12 -> 11).
    """
    return math.ceil(Fraction(wing + fuselage, 2))


def advanced_allocation(hits: int, areas: Sequence[str], has_empty: bool) -> tuple[dict[str, int], int, int]:
    """Allocate hits over the areas of the final point of aim (AoA XXXIX).

    Returns (even split per area, hits wasted on empty space, odd hits the
    attacker places). The first hit goes to 'Empty' when the picture has empty
    space; the rest are split evenly over `areas`.
    """
    if hits < 0:
        raise ValueError("hits must be >= 0")
    wasted = 1 if has_empty and hits > 0 else 0
    remaining = hits - wasted
    if not areas:
        return {}, hits, 0
    share, odd = divmod(remaining, len(areas))
    return {area: share for area in areas}, wasted, odd


def two_dice_distribution() -> dict[int, Fraction]:
    """Return P(total) for 2d6, totals 2..12."""
    counts: dict[int, int] = {}
    for a in DIE_FACES:
        for b in DIE_FACES:
            counts[a + b] = counts.get(a + b, 0) + 1
    return {total: Fraction(count, 36) for total, count in sorted(counts.items())}


def location_probabilities(locations: Sequence[str], rolls: Sequence[int]) -> dict[str, Fraction]:
    """Return P(area) for a 2d6 location row (Archie Hit Location, AoA XLVI), columns keyed by `rolls`."""
    dist = two_dice_distribution()
    result: dict[str, Fraction] = {}
    for roll, area in zip(rolls, locations, strict=True):
        result[area] = result.get(area, Fraction(0)) + dist[roll]
    return result


def fuel_turns(full_tank_turns: int, fraction: Fraction) -> int:
    """Return the turns of fuel for a part-filled tank, rounded up (AoA XLVI, Starting the Campaign Game).

    AoA XLVI: "a DRVII with 1/4 tank would have 23 turns" (90 x 1/4 = 22.5 -> 23).
    """
    return math.ceil(full_tank_turns * fraction)


def lewis_ammo_total(drum_ammo: int, drums: int, *, reading: str = "drums-total") -> int:
    """Return a Lewis gun's total ammo under one reading of AoA XVIII's '20/8(3)'.

    'drums-total': the drums are all there is (3 x 8 = 24); 'reloads': 8 loaded
    plus one reload per drum (8 + 3 x 8 = 32). AoA XVIII does not settle which.
    """
    if reading == "drums-total":
        return drum_ammo * drums
    if reading == "reloads":
        return drum_ammo * (drums + 1)
    raise ValueError(f"unknown reading {reading!r}")


LOST_PAGE = 223  # Part A "Page 223"; AoA VI


@dataclass(frozen=True)
class TurnResult:
    """The pages of one turn: each pilot's call-out (mid-turn page for the other), each pilot's end page.

    `end` is the agreed end page, None when the planes are lost or the books
    disagree (`agree` False); `end_a`/`end_b` are what each book reads.
    """

    call_a: int | None
    call_b: int | None
    end_a: int | None
    end_b: int | None
    end: int | None
    lost: bool
    agree: bool


def resolve_turn(next_a: Callable[[int, str], int | None], next_b: Callable[[int, str], int | None], page: int,
                 maneuver_a: str, maneuver_b: str) -> TurnResult:
    """Fly one turn with two books from a shared end page (AoA I steps 1-5; Powerhouse Reveal Maneuver, Page 223).

    Each pilot calls the page under his maneuver in his own book; each opens his
    book at the other's call and reads his own maneuver there. A call of 223
    sends that reader to the other's end page; both calls 223, or an end page
    of 223, means the planes are lost (AoA VI, Powerhouse 'Lost!').
    `next_x(page, code)` returns the page under a maneuver, None if the book has none.
    """
    call_a, call_b = next_a(page, maneuver_a), next_b(page, maneuver_b)
    if call_a is None or call_b is None:
        return TurnResult(call_a, call_b, None, None, None, False, False)
    if call_a == LOST_PAGE and call_b == LOST_PAGE:
        return TurnResult(call_a, call_b, None, None, None, True, True)
    end_a = next_a(call_b, maneuver_a) if call_b != LOST_PAGE else None
    end_b = next_b(call_a, maneuver_b) if call_a != LOST_PAGE else None
    if end_a is None and end_b is None:
        return TurnResult(call_a, call_b, None, None, None, False, False)
    if end_a is not None and end_b is not None and end_a != end_b:
        return TurnResult(call_a, call_b, end_a, end_b, None, False, False)
    end = end_a if end_a is not None else end_b
    return TurnResult(call_a, call_b, end_a, end_b, None if end == LOST_PAGE else end, end == LOST_PAGE, True)


def disagreeing_turns(next_a: Callable[[int, str], int | None], next_b: Callable[[int, str], int | None],
                      pages: Iterable[int], codes_a: Sequence[str], codes_b: Sequence[str]
                      ) -> Iterator[tuple[int, str, str, TurnResult]]:
    """Yield (page, maneuver a, maneuver b, result) for each turn from `pages` whose books read different end pages.

    Every pair of maneuvers is flown by resolve_turn; a turn that reads a page a book
    does not have, or that loses the planes, is no disagreement (AoA III: end pages are
    always the same in both books).
    """
    for page in pages:
        for maneuver_a in codes_a:
            for maneuver_b in codes_b:
                result = resolve_turn(next_a, next_b, page, maneuver_a, maneuver_b)
                if result.end_a is not None and result.end_b is not None and not result.agree:
                    yield page, maneuver_a, maneuver_b, result
