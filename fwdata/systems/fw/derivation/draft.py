"""`fwdata fw derive`: read a figures file, derive a draft ADC with each cell's trace, and write it as YAML.

The draft is a complete card: derived cells carry their trace as a comment; every other value (game
balance values, armament, the turn decels, ...) comes from `--from CARD` or, failing that, the nearest
bundled card, and is marked `AUTHOR:` so the author knows what is still theirs to set.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from fwdata.findings import Finding, Location, error
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw.derivation.checks import airframe_of
from fwdata.systems.fw.derivation.figures import Figures, check_figures, read_figures
from fwdata.systems.fw.derivation.method import (
    DEFAULT_BAND_HEIGHT_FT,
    Airframe,
    BandDerivation,
    default_band_altitudes,
    derive_band,
)
from fwdata.systems.fw.model import BANDS, SPEED_COLUMNS, AircraftDataCard
from fwdata.validation.schema_findings import error_findings

# Sections of a figures file besides `figures`: a partial card whose values the draft keeps as given.
CARD_SECTIONS = ("id", "name", "provenance", "variants", "general", "turn_decel", "firepower", "fuel", "stations",
                 "total_weight_limit_lb", "notes", "flags", "band_altitudes")
HINTED_SECTIONS = ("general", "turn_decel", "firepower", "fuel", "stations", "total_weight_limit_lb", "notes", "flags")
PERFORMANCE_KEYS = ("min_fp", "max_fp", "max_dive_fp", "tt_fp", "ht_fp", "bt_fp", "et_fp", "transonic_fp")


@dataclass
class Draft:
    """The outcome of a derivation: the card text (None when the figures are unusable), what it could not
    derive, and the findings of the figures file."""

    text: str | None
    card_id: str
    findings: list[Finding] = field(default_factory=list)
    not_derived: list[str] = field(default_factory=list)
    hint_card: str | None = None


def figures_schema(aircraft_schema: Mapping[str, Any], common_schema: Mapping[str, Any]) -> Draft202012Validator:
    """Return a validator for a figures file: `figures` (required) plus the card sections of CARD_SECTIONS."""
    properties = aircraft_schema["properties"]
    wrapper = {"$schema": "https://json-schema.org/draft/2020-12/schema",
               "$id": str(aircraft_schema["$id"]).replace("aircraft.schema.json", "figures-file.schema.json"),
               "type": "object", "additionalProperties": False, "required": ["figures"],
               "properties": {key: properties[key] for key in ("system", "kind", "figures", *CARD_SECTIONS)}}
    registry: Registry = Registry().with_resources(
        (schema["$id"], Resource.from_contents(dict(schema))) for schema in (aircraft_schema, common_schema))
    return Draft202012Validator(wrapper, registry=registry)


def nearest_card(figures: Figures, airframe: Airframe | None, cards: Sequence[AircraftDataCard]) -> AircraftDataCard:
    """Return the card most like the figures: same engine kind and count first, then the closest max level
    speeds over the bands both have (mean mph difference). Raises ValueError for no cards."""
    def distance(card: AircraftDataCard) -> float:
        score = 0.0
        if airframe is not None:
            other = airframe_of(card)
            score += 1000 * (other.engine_kind != airframe.engine_kind) + 500 * (other.engines != airframe.engines)
        gaps = []
        for band in card.performance:
            level = figures.at_altitude("max_level_speed_mph_tas", default_band_altitudes(band.band))
            if level is not None:
                gaps.append(abs(level[0] - 50 * band.max_fp))
        return score + (sum(gaps) / len(gaps) if gaps else 400)

    complete = [card for card in cards if card.general is not None and card.performance and card.power_chart]
    if not complete:
        raise ValueError("no complete aircraft card to take hints from")
    return min(complete, key=lambda card: (distance(card), card.id))


def _airframe(data: Mapping[str, Any], base: AircraftDataCard) -> Airframe:
    general = data.get("general")
    flags = data.get("flags") or {}
    if general is None:
        found = airframe_of(base)
        return Airframe(found.engines, found.engine_kind, found.climb_attitude_decel,
                        bool(flags.get("swept_wing", found.swept_wing)), found.agility_class)
    return Airframe(int(general["engines"]["count"]), str(general["engines"]["kind"]),
                    float(general["climb_attitude_decel"]), bool(flags.get("swept_wing")),
                    str(general["agility_class"]))


def _bands(figures: Figures, altitudes: Mapping[str, int]) -> list[str]:
    """The bands from VL up while a max level figure lies within 2,500 ft of the band's altitude."""
    bands = []
    for band in BANDS:
        if figures.at_altitude("max_level_speed_mph_tas", altitudes.get(band, default_band_altitudes(band))) is None:
            break
        bands.append(band)
    return bands


def derive_draft(document: SourceDocument, validator: Draft202012Validator, base: AircraftDataCard | None,
                 library: Sequence[AircraftDataCard], schema_path: str) -> Draft:
    """Derive a draft card from the figures file `document` (schema-checked by `validator`).

    `base` is the --from card (None: the nearest of `library`). `schema_path` is the modeline's path to
    the aircraft schema. Findings: SCHEMA and FW-FIGURE* at their lines; with any error, no text.
    """
    data = document.data
    card_id = str(data.get("id", Path(document.path).stem)) if isinstance(data, dict) else "draft"
    if not isinstance(data, dict):
        return Draft(None, card_id, [error(Location(document.path, 1, 1), "SCHEMA",
                                           "a figures file is a mapping with a `figures` section")])
    problems = [f for problem in validator.iter_errors(data) for f in error_findings(document, problem)]
    if problems:
        return Draft(None, card_id, problems)
    figures = read_figures(data["figures"])
    problems = [f for f in check_figures(figures, data["figures"], document) if f.severity == "error"]
    if problems:
        return Draft(None, card_id, problems)
    airframe = _airframe(data, base) if base is not None else None
    hint = base if base is not None else nearest_card(figures, airframe, library)
    airframe = _airframe(data, hint)
    given_altitudes = {row["band"]: int(row["representative_ft"]) for row in data.get("band_altitudes", ())}
    altitudes = {band: given_altitudes.get(band, default_band_altitudes(band)) for band in BANDS}
    bands = _bands(figures, altitudes)
    if not bands:
        return Draft(None, card_id, [error(document.locate("/figures"), "FW-FIGURE",
                                           "no max_level_speed_mph_tas figure within 2,500 ft of the VL band's "
                                           f"altitude ({altitudes['VL']} ft): the card needs at least its VL band")])
    derived = [derive_band(figures, band, altitudes[band], airframe,
                           min_fp_hint=(hint.band(band) or hint.performance[-1]).min_fp) for band in bands]
    draft = Draft(None, card_id, hint_card=hint.id)
    draft.not_derived = [f"{band.band} band {reason}" for band in derived for reason in band.missing]
    draft.text = _card_text(data, derived, hint, base is not None, altitudes, schema_path, draft)
    return draft


def _mark(where: CommentedMap, key: str, text: str) -> None:
    where.yaml_add_eol_comment(text, key)


def _card_text(data: Mapping[str, Any], derived: list[BandDerivation], hint: AircraftDataCard, chosen: bool,
               altitudes: Mapping[str, int], schema_path: str, draft: Draft) -> str:
    source = f"--from {hint.id}" if chosen else f"the nearest bundled card, {hint.id}"
    card = CommentedMap()
    card["system"] = "fw"
    card["kind"] = "aircraft"
    card["id"] = draft.card_id
    card["name"] = data.get("name", draft.card_id)
    citations = [item["citation"] for item in data["figures"]["sources"]]
    card["provenance"] = data.get("provenance") or {
        "status": "authored",
        "source": "Drafted by fwdata fw derive from the figures below (docs/fw-derivation.md).",
        "sources": citations,
        "notes": f"Cells marked AUTHOR are not determined by the figures; their values come from {source}.",
    }
    for section in HINTED_SECTIONS:
        if section in data:
            card[section] = data[section]
        elif section in ("general", "turn_decel", "fuel", "flags") and getattr(hint, section) is not None:
            card[section] = _plain(getattr(hint, section))
            _mark(card, section, f"AUTHOR: not derived; {hint.id}'s value as a hint")
        elif section in ("firepower", "stations", "notes"):
            card[section] = _plain(_raw_section(hint, section))
            _mark(card, section, f"AUTHOR: not derived; {hint.id}'s value as a hint")
        elif section == "total_weight_limit_lb" and hint.total_weight_limit_lb is not None:
            card[section] = hint.total_weight_limit_lb
            _mark(card, section, f"AUTHOR: not derived; {hint.id}'s value as a hint")
    performance, power_rows, climbs = CommentedSeq(), CommentedSeq(), CommentedSeq()
    for band in derived:
        hinted = hint.band(band.band) or hint.performance[-1]
        row = CommentedMap(band=band.band)
        for key in PERFORMANCE_KEYS:
            cell = band.cells.get(key)
            if cell is not None and cell.value is not None:
                row[key] = _number(cell.value)
                _mark(row, key, f"derived: {cell.trace()}")
            elif getattr(hinted, key) is not None and key != "et_fp":
                row[key] = _number(getattr(hinted, key))
                _mark(row, key, f"AUTHOR: not derived; {hint.id} {hinted.band} value as a hint")
        performance.append(row)
        power = CommentedMap(band=band.band)
        for key in SPEED_COLUMNS:
            cell = band.cells.get(key)
            if cell is None:
                hinted_row = hint.power_chart.row(band.band) if hint.power_chart else None
                power[key] = hinted_row.cells[SPEED_COLUMNS.index(key)] if hinted_row else "–"
                _mark(power, key, f"AUTHOR: not derived; {hint.id}'s cell as a hint")
            else:
                power[key] = "–" if cell.value is None else f"{cell.value:g}"
                _mark(power, key, f"derived (military; add /E for boost by hand): {cell.trace()}")
        power_rows.append(power)
        climb = band.cells.get("climb_rate_fpm")
        entry = CommentedMap(band=band.band)
        if climb is not None and climb.value is not None:
            entry["climb_rate_fpm"] = int(climb.value)
            _mark(entry, "climb_rate_fpm", f"derived: {climb.trace()}")
        else:
            listed = next((c.climb_rate_fpm for c in hint.climb if c.band == band.band), 0)
            entry["climb_rate_fpm"] = listed
            _mark(entry, "climb_rate_fpm", f"AUTHOR: not derived; {hint.id}'s value as a hint")
        climbs.append(entry)
    card["performance"] = performance
    if "turn_decel" not in card and hint.turn_decel is not None:
        card["turn_decel"] = _plain(hint.turn_decel)
    chart = CommentedMap(rows=power_rows)
    assert hint.power_chart is not None
    chart["banking_fps"] = dict(zip(SPEED_COLUMNS, hint.power_chart.banking_fps, strict=True))
    chart["slip_fps"] = dict(zip(SPEED_COLUMNS, hint.power_chart.slip_fps, strict=True))
    _mark(chart, "banking_fps", f"AUTHOR: not derived; {hint.id}'s value as a hint")
    _mark(chart, "slip_fps", f"AUTHOR: not derived; {hint.id}'s value as a hint")
    card["power_chart"] = chart
    card["climb"] = climbs
    given = {row["band"]: dict(row) for row in data.get("band_altitudes", ())}
    card["band_altitudes"] = [given.get(band.band) or _default_band_row(band.band) for band in derived]
    card["figures"] = data["figures"]
    card["derivation"] = ("Derived by fwdata fw derive with the method of docs/fw-derivation.md: each derived cell's "
                          "comment gives its formula, inputs and rounding. Cells marked AUTHOR are the author's "
                          "to set.")
    # Move the sections into the schema's order so the draft reads like the bundled cards.
    order = ("system", "kind", "id", "name", "provenance", "general", "performance", "turn_decel", "power_chart",
             "climb", "firepower", "fuel", "stations", "total_weight_limit_lb", "notes", "flags", "band_altitudes",
             "figures", "derivation")
    ordered = CommentedMap()
    for key in order:
        if key in card:
            ordered[key] = card[key]
            if key in card.ca.items:
                ordered.ca.items[key] = card.ca.items[key]
    yaml = YAML()
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    stream = io.StringIO()
    stream.write(f"# yaml-language-server: $schema={schema_path}\n")
    yaml.dump(ordered, stream)
    return stream.getvalue()


def _default_band_row(band: str) -> dict[str, Any]:
    """The 5,000-ft band every bundled card assumes, read at its middle."""
    index = BANDS.index(band)
    row: dict[str, Any] = {"band": band, "from_ft": index * DEFAULT_BAND_HEIGHT_FT + (100 if index else 0)}
    if band != "UH+":
        row["to_ft"] = (index + 1) * DEFAULT_BAND_HEIGHT_FT
    row["representative_ft"] = default_band_altitudes(band)
    return row


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _raw_section(card: AircraftDataCard, section: str) -> Any:
    if section == "firepower":
        return [{key: value for key, value in (
            ("weapon", g.weapon), ("location", g.location), ("guns", g.guns),
            ("attack_by_range", list(g.attack_by_range)), ("ammo", g.ammo), ("critical_rating", g.critical_rating),
            ("rechargeable", g.rechargeable), ("position", g.position), ("arc_clock", g.arc_clock),
            ("vertical_fof", g.vertical_fof)) if value is not None} for g in card.firepower]
    if section == "stations":
        return [dict(item) for item in card.stations]
    return list(card.notes)


def write_new_file(target: Path, text: str) -> None:
    """Write `text` to `target`, never replacing an existing file (raises FileExistsError, OSError)."""
    descriptor = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
        stream.write(text)
