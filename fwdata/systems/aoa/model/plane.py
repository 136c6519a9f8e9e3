"""Ace of Aces plane model: Plane Stats (speed, climb, zoom, dive, ceiling, hit points) and guns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from fwdata.sources.document import SourceDocument


@dataclass(frozen=True)
class Gun:
    """One gun or gun set (AoA Plane Stats 'Gun' and 'Ammo'; AoA XVIII for the Lewis)."""

    type: str
    ammo: int
    lewis: bool = False
    drums: int | None = None


@dataclass(frozen=True)
class Plane:
    """A Plane Stats column (AoA Chart Book): altitudes in ft, speeds as FAST maneuvers in a row."""

    id: str
    name: str
    aliases: tuple[str, ...]
    side: str
    nation: str
    climb_ft: int
    zoom_ft: int
    zoom_speed: int
    dive_ft: int
    power_dive_min_ft: int
    power_dive_max_ft: int
    power_dive_speed: int | None
    speed_low: int
    speed_high: int
    ceiling_ft: int
    front_hp: int
    side_hp: int
    tail_hp: int
    wing_hp: int
    advanced_tail_hp: int
    motor_hp: int
    fuselage_hp: int
    guns: tuple[Gun, ...]
    fuel_turns: int
    service_printed: str | None
    service_from: str | None
    service_until: str | None
    printed: Mapping[str, str] = field(default_factory=dict)
    # What the rulebook's prose says about the plane: (field, value, where, JSON pointer of the claim).
    text: tuple[tuple[str, str | int, str, str], ...] = ()

    @property
    def main_gun(self) -> Gun:
        """The regular gun (the first non-Lewis gun, else the first gun)."""
        return next((gun for gun in self.guns if not gun.lewis), self.guns[0])


def build_plane(document: SourceDocument) -> Plane:
    """Build a Plane from a schema-valid `plane` document."""
    d = document.data
    hp = d["hit_points"]
    service = d.get("service") or {}
    return Plane(
        id=d["id"], name=d["name"], aliases=tuple(d.get("aliases", ())), side=d["side"], nation=d["nation"],
        climb_ft=d["climb_ft"], zoom_ft=d["zoom_ft"], zoom_speed=d["zoom_speed"], dive_ft=d["dive_ft"],
        power_dive_min_ft=d["power_dive_ft"]["min"], power_dive_max_ft=d["power_dive_ft"]["max"],
        power_dive_speed=d["power_dive_speed"], speed_low=d["speed"]["low"], speed_high=d["speed"]["high"],
        ceiling_ft=d["ceiling_ft"],
        front_hp=hp["intermediate"]["front"], side_hp=hp["intermediate"]["side"], tail_hp=hp["intermediate"]["tail"],
        wing_hp=hp["advanced"]["wing"], advanced_tail_hp=hp["advanced"]["tail"], motor_hp=hp["advanced"]["motor"],
        fuselage_hp=hp["advanced"]["fuselage"],
        guns=tuple(Gun(g["type"], g["ammo"], bool(g.get("lewis", False)), g.get("drums")) for g in d["guns"]),
        fuel_turns=d["fuel_turns"], service_printed=service.get("printed"), service_from=service.get("from"),
        service_until=service.get("until"), printed=MappingProxyType(dict(d.get("printed", {}))),
        text=tuple((t["field"], t["value"], t["where"], f"/text/{i}/value") for i, t in enumerate(d.get("text", ()))),
    )

