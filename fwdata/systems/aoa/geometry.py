"""Dogfighting-book geometry: hex offsets, headings, relative situations, page attributes and page numbering.

The model (docs/aoa-books.md): a page is one relative situation of the two
planes, written in the allied plane's frame as the enemy's hex offset and
relative heading. Hexes are flat-topped, so "ahead" is a hex direction: the
axial coordinates are q = columns to the right and r, with the hex centre at
x = 1.5 q, y = sqrt(3) (r + q / 2) (one hex is sqrt(3) units across). Headings
count 60-degree steps clockwise (to the right) from the nose, 0..5.

A move is a displacement in the mover's own frame followed by a heading
change; the two planes' moves act on different planes, so they commute
exactly and both books always agree on the end page (AoA I, III).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

HEADINGS = 6
DEGREES_PER_STEP = 60
# Unit hex steps by heading: ahead, ahead-right, behind-right, behind, behind-left, ahead-left.
DIRECTIONS = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
_EPS = 1e-9


@dataclass(frozen=True, order=True)
class Hex:
    """An axial hex offset: q columns to the right, r along the column (see module docstring)."""

    q: int
    r: int

    @property
    def right(self) -> int:
        """Columns to the right of the centre (negative: left)."""
        return self.q

    @property
    def ahead(self) -> float:
        """Hexes ahead of the centre along the nose (a half value for odd columns)."""
        return self.r + self.q / 2

    @property
    def distance(self) -> int:
        """Hex distance from the centre."""
        return max(abs(self.q), abs(self.r), abs(self.q + self.r))

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def rotated(self, steps: int) -> Hex:
        """Rotate clockwise (to the right) by `steps` 60-degree steps about the centre."""
        q, r = self.q, self.r
        for _ in range(steps % HEADINGS):
            q, r = q + r, -q
        return Hex(q, r)

    def xy(self) -> tuple[float, float]:
        """Centre in hex units: x to the right, y ahead (one hex is sqrt(3) across flats)."""
        return 1.5 * self.q, math.sqrt(3) * (self.r + self.q / 2)

    def bearing_deg(self) -> float:
        """Bearing from the centre, degrees clockwise from the nose in (-180, 180]; 0 for the centre."""
        x, y = self.xy()
        if self.q == 0 and self.r == 0:
            return 0.0
        angle = math.degrees(math.atan2(x, y))
        return 180.0 if angle <= -180 + _EPS else round(angle, 9)


def hex_from(right: int, ahead: float) -> Hex:
    """Return the hex `right` columns to the right and `ahead` hexes ahead.

    Raises ValueError when `ahead - right / 2` is not a whole number (no hex
    centre there: odd columns sit half a hex ahead).
    """
    r = ahead - right / 2
    if abs(r - round(r)) > _EPS:
        raise ValueError(f"no hex centre at right {right}, ahead {ahead}: in an odd column 'ahead' ends in .5")
    return Hex(right, int(round(r)))


def hexes_within(radius: int) -> list[Hex]:
    """Every hex within `radius` of the centre, ring by ring, clockwise from ahead within a ring."""
    cells = [Hex(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if Hex(q, r).distance <= radius]
    return sorted(cells, key=lambda h: (h.distance, h.bearing_deg() % 360))


@dataclass(frozen=True)
class Move:
    """A maneuver's effect on the plane that flies it: displacement in its own frame, then a heading change."""

    offset: Hex
    turn: int  # 60-degree steps, positive to the right

    def mirrored(self) -> Move:
        """The left-right mirror image of this move."""
        return Move(mirror_hex(self.offset), -self.turn)


def mirror_hex(cell: Hex) -> Hex:
    """Reflect an offset left-right about the nose line (right -> left, ahead kept)."""
    return Hex(-cell.q, cell.r + cell.q)


@dataclass(frozen=True, order=True)
class Situation:
    """The enemy seen from one cockpit: his hex offset and his heading relative to yours (0..5 steps)."""

    offset: Hex
    heading: int

    def inverse(self) -> Situation:
        """The same moment seen from the enemy's cockpit."""
        return Situation((-self.offset).rotated(-self.heading), (-self.heading) % HEADINGS)

    def after_own_move(self, move: Move) -> Situation:
        """The situation after the viewer flies `move` while the enemy stays put (a mid-turn page)."""
        return Situation((self.offset - move.offset).rotated(-move.turn), (self.heading - move.turn) % HEADINGS)

    def after_enemy_move(self, move: Move) -> Situation:
        """The situation after the enemy flies `move` while the viewer stays put."""
        return Situation(self.offset + move.offset.rotated(self.heading), (self.heading + move.turn) % HEADINGS)

    def mirrored(self) -> Situation:
        """The left-right mirror image of this situation."""
        return Situation(mirror_hex(self.offset), (-self.heading) % HEADINGS)


def all_situations(radius: int) -> list[Situation]:
    """Every situation within `radius`, in canonical order: ring, bearing clockwise from ahead, heading."""
    return [Situation(cell, heading) for cell in hexes_within(radius) for heading in range(HEADINGS)]


# ------------------------------------------------------------------ page attributes

VIEWS = ("windscreen", "forward-wing", "wingtip", "tail-side", "tail")


def view_of(bearing_deg: float) -> str:
    """Name the cockpit view that looks along `bearing_deg` (AoA Beginner's Guide to Flying, View).

    Sectors are centred on the views' printed offsets 0, 60, 90, 120 and 180
    degrees, split half-way; a bearing exactly on a split (30 or 150 degrees)
    goes to the view nearer the beam.
    """
    b = abs(bearing_deg)
    side = "right" if bearing_deg > 0 else "left"
    if b < 30 - _EPS:
        return "windscreen"
    if b < 75 - _EPS:
        return f"{side}-forward-wing"
    if b <= 105 + _EPS:
        return f"{side}-wingtip"
    if b <= 150 + _EPS:
        return f"{side}-tail"
    return "tail"


def aspect_deg(situation: Situation) -> float:
    """The enemy's heading minus the line of sight to him, degrees in (-180, 180]: 0 = flying straight away."""
    angle = situation.heading * DEGREES_PER_STEP - situation.offset.bearing_deg()
    angle = (angle + 180) % 360 - 180
    return 180.0 if angle <= -180 + _EPS else round(angle, 9)


def facing_of(aspect: float) -> str:
    """Name the enemy's facing from its aspect angle (AoA Powerhouse 'Facing'; original: Rear/Side/Front).

    Rear (away) within 30 degrees, rear side to 75, full side to 105, front side
    to 150, front (toward) beyond; right when he flies to your right as you see him.
    Splits go to the side facing, as for views.
    """
    a = abs(aspect)
    side = "right" if aspect > 0 else "left"
    if a < 30 - _EPS:
        return "away"
    if a < 75 - _EPS:
        return f"away-{side}"
    if a <= 105 + _EPS:
        return side
    if a <= 150 + _EPS:
        return f"toward-{side}"
    return "toward"


@dataclass(frozen=True)
class TailingRule:
    """When a plane tails the other (AoA Beginner's Guide, Special Circumstances – Tailing and Shots).

    You tail him when he is within `bearing_max_deg` of your nose (windscreen or
    forward wing views) and his tail is toward you (aspect within `aspect_max_deg`).
    Range does not matter ("Tailing is unaffected by range").
    """

    bearing_max_deg: float = 75.0
    aspect_max_deg: float = 75.0

    def tailing(self, situation: Situation) -> bool:
        """True when the viewer tails the enemy in `situation`."""
        if situation.offset.distance == 0:
            return False
        return (abs(situation.offset.bearing_deg()) < self.bearing_max_deg - _EPS
                and abs(aspect_deg(situation)) < self.aspect_max_deg - _EPS)


@dataclass(frozen=True)
class FiringRule:
    """When a plane's guns bear (AoA Beginner's Guide: the enemy in the windscreen; Standard Game: damage by range)."""

    arc_deg: float  # half-angle either side of the nose, inclusive
    max_distance_hexes: int
    damage: Mapping[str, int]

    def fires(self, situation: Situation) -> bool:
        """True when the viewer's guns bear on the enemy in `situation`."""
        distance = situation.offset.distance
        return 0 < distance <= self.max_distance_hexes and abs(situation.offset.bearing_deg()) <= self.arc_deg + _EPS


def start_faults(situation: Situation, own_guns: FiringRule, enemy_guns: FiringRule) -> list[str]:
    """Say why `situation` (seen from the cockpit whose guns are `own_guns`) cannot be the start page; [] if it can.

    AoA I: on page 170 "the two pictures are not the same ... in one book 'you
    see him' and in the other 'he sees you'", so the start may not look the same
    from both cockpits; it shows the enemy (Standard Game set-up), and fwdata
    adds that no guns bear yet (AoA IV: a shot on the start page would come before
    either pilot has maneuvered; docs/aoa-books.md).
    """
    if situation.offset.distance == 0:
        return ["has the planes in one hex (a no-plane page); the start page must show the enemy "
                "(Standard Game set-up)"]
    faults = []
    if situation.inverse() == situation:
        faults.append("looks the same from both cockpits; the two start pictures are not the same (AoA I)")
    if own_guns.fires(situation) or enemy_guns.fires(situation.inverse()):
        faults.append("is a Firing page; the start comes before anyone has a shot (AoA IV)")
    return faults


# ------------------------------------------------------------------ page numbering


@dataclass(frozen=True)
class PageNumbering:
    """The page <-> situation map of a book pair, in the allied book's frame.

    Pages 1..N are the N = 6 x (hexes within the radius) situations; page N+1
    is the lost page (223 for radius 3). Anchored pages take their situations
    first; every other page takes the next situation in canonical order
    (ring, bearing clockwise from ahead, relative heading), in ascending page order.
    """

    radius: int
    situations: tuple[Situation, ...]  # index page-1
    index: Mapping[Situation, int]

    @property
    def lost_page(self) -> int:
        """The page past the last situation: contact lost (223 for radius 3)."""
        return len(self.situations) + 1

    def page_of(self, situation: Situation) -> int:
        """Return the page of an allied-frame situation; the lost page when it lies outside the radius."""
        return self.index.get(situation, self.lost_page)

    def situation(self, page: int) -> Situation | None:
        """Return the allied-frame situation of `page`, None for the lost page or an unknown number."""
        return self.situations[page - 1] if 1 <= page <= len(self.situations) else None


def number_pages(radius: int, anchors: Iterable[tuple[int, Situation]] = ()) -> PageNumbering:
    """Number the situations within `radius`, honouring `anchors` (page, allied-frame situation).

    Raises ValueError for an anchor outside the page range or the radius, or one
    page or situation anchored twice.
    """
    canonical = all_situations(radius)
    count = len(canonical)
    fixed: dict[int, Situation] = {}
    for page, situation in anchors:
        if not 1 <= page <= count:
            raise ValueError(f"anchor page {page} is outside 1-{count}")
        if situation.offset.distance > radius:
            raise ValueError(f"anchor page {page} lies {situation.offset.distance} hexes out, beyond radius {radius}")
        if page in fixed:
            raise ValueError(f"page {page} is anchored twice")
        if situation in fixed.values():
            raise ValueError(f"page {page} repeats the situation of another anchor")
        fixed[page] = situation
    taken = set(fixed.values())
    rest = iter(s for s in canonical if s not in taken)
    pages = [fixed[n] if n in fixed else next(rest) for n in range(1, count + 1)]
    return PageNumbering(radius, tuple(pages), {s: n for n, s in enumerate(pages, start=1)})


def situation_count(radius: int) -> int:
    """Situations within `radius`: 6 headings x (3 r (r + 1) + 1) hexes (222 for radius 3)."""
    return HEADINGS * (3 * radius * (radius + 1) + 1)


def mirror_pairs(codes: Sequence[str], moves: Mapping[str, Move]) -> dict[str, str]:
    """Pair each code with the code whose move is its mirror image (itself for symmetric moves)."""
    pairs: dict[str, str] = {}
    for code in codes:
        twin = next((other for other in codes if moves[other] == moves[code].mirrored()), None)
        if twin is not None:
            pairs[code] = twin
    return pairs
