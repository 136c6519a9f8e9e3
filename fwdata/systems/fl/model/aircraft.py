"""Flight Leader aircraft model: an Aircraft Information List row and its counter data (FL 21.1, 1.2.1).

A variant names its base and holds only what differs; `resolve_aircraft` fills
the rest from the base chain. Values the rulebook lost are the string
"unknown" in the sources and `UNKNOWN` here; a printed dash (not available) is None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Final, Literal

from fwdata.game_system import MAX_VARIANT_DEPTH, frozen
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl.model.lists import NoteArmament

UNKNOWN: Final = "unknown"
Unknown = Literal["unknown"]
PointsCell = int | None | Unknown


@dataclass(frozen=True)
class Counter:
    """Data printed on an aircraft unit (FL 1.2.1.2-1.2.1.5); None where the text does not give it."""

    turn_type: str | None = None
    size: str | None = None
    acceleration: str | None = None
    afterburner: bool | None = None
    supersonic: bool | None = None
    radar: int | None = None
    countermeasures: int | None = None
    crew: int | None = None
    bubble_canopy: bool | None = None
    missile_rails: int | None = None
    internal_gun: str | None = None
    external_gun: bool | None = None
    simple_fire_control: bool | None = None

    def overlay(self, base: Counter) -> Counter:
        """Return this counter with every value it leaves None taken from `base`."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return Counter(**{name: value if value is not None else getattr(base, name) for name, value in values.items()})

    def items(self) -> list[tuple[str, Any]]:
        """Return the known values as (field, value) pairs, in field order."""
        return [(f.name, getattr(self, f.name)) for f in fields(self) if getattr(self, f.name) is not None]


INHERITED = (
    "list",
    "list_rule",
    "unit_name",
    "full_name",
    "designations",
    "unit_numbers",
    "in_service_year",
    "ms",
    "ma",
    "msls",
    "primary_use",
    "scenario_points",
    "notes",
    "unit_info_changes",
)


@dataclass(frozen=True)
class FlAircraft:
    """One aircraft: an Aircraft Information List row (FL 21.1) and its counter data (FL 1.2.1).

    `present` holds the field names the source document gives; for a variant the
    others come from its base (`resolve_aircraft`).
    """

    id: str
    name: str
    provenance: Mapping[str, Any]
    base: str | None = None
    variant: bool = False
    list: str | None = None
    list_rule: str | None = None
    row_status: str = "complete"
    unit_name: str | None = None
    full_name: str | None = None
    represents: str | None = None
    designations: tuple[str, ...] = ()
    unit_numbers: tuple[int, int] | None = None
    in_service_year: int | Unknown | None = None
    ms: int | Unknown | None = None
    ma: int | Unknown | None = None
    ms_ma_source: str | None = None
    msls: str | Unknown | None = None
    unit_info_changes: tuple[str, ...] = ()
    primary_use: str | Unknown | None = None
    scenario_points: Mapping[str, PointsCell] = field(default_factory=lambda: MappingProxyType({}))
    points_source: str | None = None
    notes: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    counter: Counter = Counter()
    damage: Mapping[str, Any] | None = None
    remarks: str | None = None
    present: frozenset[str] = frozenset()
    # The 21.7 armament rows of the notes in `notes["letters"]` (notes l and p), attached by the catalog lookup.
    armaments: tuple[NoteArmament, ...] = ()

    def points_at(self, letter: str) -> PointsCell:
        """Return the scenario points at a rating letter (FL 21.1.11): int, None (dash) or UNKNOWN (lost)."""
        if letter not in self.scenario_points:
            return UNKNOWN
        return self.scenario_points[letter]

    @property
    def label(self) -> str:
        """Unit name with the variant star, and the id, for messages: 'MG17C* (mg17-fresco-ab)'."""
        unit = (self.unit_name or self.id) + ("*" if self.variant else "")
        return f"{unit} ({self.id})"

    def can_carry_missiles(self) -> bool | None:
        """Return whether the aircraft can carry missiles (FL 1.2.1.5 rails, 21.1.8 MSLS), None if unknown."""
        if self.counter.missile_rails is not None:
            return self.counter.missile_rails > 0
        if self.msls is None or self.msls == UNKNOWN:
            return None
        return self.msls != "0"

    def can_carry_external_gun(self) -> bool | None:
        """Return whether the aircraft can carry an external gun (FL 1.2.1.5, 21.1.9 EG/IG), None if unknown."""
        if self.counter.external_gun is not None:
            return self.counter.external_gun
        if self.counter.internal_gun is not None:
            return self.counter.internal_gun == "none"
        return None


def build_aircraft(document: SourceDocument) -> FlAircraft:
    """Build an FlAircraft from a schema-valid `aircraft` document."""
    data = document.data
    numbers = data.get("unit_numbers")
    counter = Counter(**data.get("counter", {}))
    return FlAircraft(
        id=data["id"],
        name=data["name"],
        provenance=frozen(data["provenance"]),
        base=data.get("base"),
        variant=bool(data.get("variant", False)),
        list=data.get("list"),
        list_rule=data.get("list_rule"),
        row_status=data.get("row_status", "complete"),
        unit_name=data.get("unit_name"),
        full_name=data.get("full_name"),
        represents=data.get("represents"),
        designations=tuple(data.get("designations", ())),
        unit_numbers=(numbers["first"], numbers["last"]) if numbers else None,
        in_service_year=data.get("in_service_year"),
        ms=data.get("ms"),
        ma=data.get("ma"),
        ms_ma_source=data.get("ms_ma_source"),
        msls=data.get("msls"),
        unit_info_changes=tuple(data.get("unit_info_changes", ())),
        primary_use=data.get("primary_use"),
        scenario_points=frozen(data.get("scenario_points", {})),
        points_source=data.get("points_source"),
        notes=frozen(data.get("notes", {})),
        counter=counter,
        damage=frozen(data["damage"]) if "damage" in data else None,
        remarks=data.get("remarks"),
        present=frozenset(data),
    )


def resolve_aircraft(aircraft: FlAircraft, lookup: Callable[[str], FlAircraft | None]) -> FlAircraft | None:
    """Return `aircraft` with every field it does not give taken from its chain of bases.

    The counter is merged value by value (a variant states only the unit
    information changes, FL 21.1.9). Returns None when a base is missing, the
    chain loops or it has more than MAX_VARIANT_DEPTH bases (the reference checks
    report all three); so resolving every aircraft of a pack takes linear time.
    """
    chain = [aircraft]
    seen = {aircraft.id}
    while chain[-1].base is not None:
        base = lookup(chain[-1].base)
        if base is None or base.id in seen or len(chain) > MAX_VARIANT_DEPTH:
            return None
        seen.add(base.id)
        chain.append(base)
    resolved = chain[-1]
    for item in reversed(chain[:-1]):
        changes: dict[str, Any] = {name: getattr(item, name) for name in INHERITED if name in item.present}
        changes.update(
            id=item.id,
            name=item.name,
            provenance=item.provenance,
            base=item.base,
            variant=item.variant,
            row_status=item.row_status,
            represents=item.represents,
            ms_ma_source=item.ms_ma_source,
            points_source=item.points_source,
            damage=item.damage,
            remarks=item.remarks,
            present=item.present,
            counter=item.counter.overlay(resolved.counter),
        )
        resolved = replace(resolved, **changes)
    return resolved
