"""Flight Leader list models: nation rows, Specific Missile Loads, list notes (FL 22.x, 21.8.5, 21.7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fwdata.game_system import frozen
from fwdata.sources.document import SourceDocument


@dataclass(frozen=True)
class RatingPeriod:
    """One aircrew rating letter of a nation (FL 22.1.3), with the years or aircraft it applies to."""

    letter: str
    from_year: int | None = None
    until_year: int | None = None
    aircraft: tuple[str, ...] = ()
    remark: str | None = None


@dataclass(frozen=True)
class Nation:
    """One National Information List row (FL 22.x)."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    group: str
    aliases: tuple[str, ...]
    rating_printed: str | None
    rating_periods: tuple[RatingPeriod, ...]
    aircraft_types: tuple[str, ...]
    aircraft: frozenset[str] | None
    history: str | None = None
    anomalies: tuple[str, ...] = ()

    def letters_in(self, year: int) -> tuple[str, ...]:
        """Return the rating letters the list gives for `year` (design default only, FL 22.1.3)."""
        return tuple(
            period.letter
            for period in self.rating_periods
            if (period.from_year is None or period.from_year <= year)
            and (period.until_year is None or year <= period.until_year)
        )


def build_nation(document: SourceDocument) -> Nation:
    """Build a Nation from a schema-valid `nation` document."""
    data = document.data
    rating = data.get("aircrew_rating") or {}
    return Nation(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        group=data["group"],
        aliases=tuple(data.get("aliases", ())),
        rating_printed=rating.get("printed"),
        rating_periods=tuple(
            RatingPeriod(
                letter=p["letter"],
                from_year=p.get("from_year"),
                until_year=p.get("until_year"),
                aircraft=tuple(p.get("aircraft", ())),
                remark=p.get("remark"),
            )
            for p in rating.get("periods", ())
        ),
        aircraft_types=tuple(data["aircraft_types"]),
        aircraft=frozenset(data["aircraft"]) if "aircraft" in data else None,
        history=data.get("history"),
        anomalies=tuple(data.get("anomalies", ())),
    )


@dataclass(frozen=True)
class MissileLoad:
    """One Specific Missile Load (FL 21.8.5): alternative loadouts, each a tuple of (count, alternative types)."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    code: str
    printed: str
    options: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]
    anomalies: tuple[str, ...] = ()

    def most_missiles(self) -> int:
        """Return the largest number of missiles any option carries."""
        return max(sum(count for count, _ in option) for option in self.options)


def build_missile_load(document: SourceDocument) -> MissileLoad:
    """Build a MissileLoad from a schema-valid `missile-load` document."""
    data = document.data
    return MissileLoad(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        code=data["code"],
        printed=data["printed"],
        options=tuple(tuple((m["count"], tuple(m["types"])) for m in option["missiles"]) for option in data["options"]),
        anomalies=tuple(data.get("anomalies", ())),
    )


@dataclass(frozen=True)
class NoteArmament:
    """A scenario-point row that a 21.7 note ties to a missile load carried after a year (notes l and p).

    `points` are A to F; `options` are the load's 21.8.5 options (as `MissileLoad.options`), empty when the
    load code is not defined.
    """

    note: str
    code: str
    after_year: int | None
    points: tuple[int | None, ...]
    options: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...] = ()

    def points_at(self, letter: str) -> int | None:
        """Return the points at a rating letter A-F."""
        return self.points["ABCDEF".index(letter)]


@dataclass(frozen=True)
class ListNote:
    """One FL 21.7 note letter."""

    id: str
    name: str
    provenance: Mapping[str, Any]
    letter: str
    summary: str
    armament_points: tuple[Mapping[str, Any], ...] = ()
    enables: tuple[str, ...] = ()


def build_list_note(document: SourceDocument) -> ListNote:
    """Build a ListNote from a schema-valid `list-note` document."""
    data = document.data
    return ListNote(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        letter=data["letter"],
        summary=data["summary"],
        armament_points=frozen(data.get("armament_points", [])),
        enables=tuple(data.get("enables", ())),
    )
