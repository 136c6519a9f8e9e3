"""Fighting Wings ADC checks: the card invariants of the flight and firepower rules (digest 6.11)."""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding, error, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import rules
from fwdata.systems.fw.model import (
    BANDS,
    SPEED_COLUMN_TITLES,
    SPEED_COLUMNS,
    TURN_RATES,
    AircraftDataCard,
    PerformanceBand,
)


def _fp(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _power_cell(cell: str) -> tuple[float, float] | None:
    """Return (military, emergency) accel of a power cell ("M" gives (M, M)), or None if malformed (OTR 4.1)."""
    try:
        parsed = rules.parse_power_cell(cell)
    except ValueError:
        return None
    return parsed.military, parsed.emergency if parsed.emergency is not None else parsed.military


def check_card(card: AircraftDataCard, document: SourceDocument, own: frozenset[str]) -> Iterator[Finding]:
    """Yield the invariant findings of one resolved card; `own` names the sections the file itself lists.

    Findings are reported only for sections present in the file, so a variant is
    not blamed for its base card's values.
    """
    if "performance" in own:
        yield from _performance(card, document)
    if "turn_decel" in own and card.turn_decel is not None:
        yield from _turn_decel(card, document)
    if "power_chart" in own and card.power_chart is not None:
        yield from _power_chart(card, document)
    if "climb" in own:
        yield from _climb(card, document)
    if "general" in own and card.general is not None:
        yield from _general(card, document)
    if "fuel" in own and card.fuel is not None and card.fuel.get("internal_min", 1) <= 0:
        yield error(document.locate("/fuel/internal_min"), "FW-ORDERED-PAIR",
                    "internal endurance must be more than 0 minutes (OTR 15.4.2)")
    if "firepower" in own:
        yield from _firepower(card, document)


def _performance(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    seen: list[str] = []
    for row in card.performance:
        at = f"/performance/{row.index}"
        if row.band in seen:
            yield error(document.locate(f"{at}/band"), "FW-PERF-BANDS",
                        f"band {row.band} is listed twice (one Aircraft Performance Chart line per band; OTR Ch. 2)")
            continue
        seen.append(row.band)
        yield from _band_order(row, document, at)
    expected = list(BANDS[: len(seen)])
    if seen and seen != expected and sorted(seen, key=BANDS.index) == seen and seen[0] != "VL":
        yield error(document.locate("/performance/0/band"), "FW-PERF-BANDS",
                    f"bands must start at VL and run upward without gaps; found {', '.join(seen)}")
    elif seen != sorted(seen, key=BANDS.index) or seen != expected:
        yield error(document.locate("/performance"), "FW-PERF-BANDS",
                    f"bands must run VL upward without gaps ({', '.join(expected)}); found {', '.join(seen)}")
    for lower, upper in zip(card.performance, card.performance[1:], strict=False):
        if upper.min_fp < lower.min_fp:
            yield warning(document.locate(f"/performance/{upper.index}/min_fp"), "FW-PERF-MIN-ALTITUDE",
                          f"{upper.band} band: minimum speed {_fp(upper.min_fp)} FP is below the {lower.band} band's "
                          f"{_fp(lower.min_fp)} FP (minimum speeds normally rise with altitude)")


def _band_order(row: PerformanceBand, document: SourceDocument, at: str) -> Iterator[Finding]:
    name = f"{row.band} band"
    if not row.min_fp < row.max_fp:
        yield error(document.locate(f"{at}/max_fp"), "FW-PERF-ORDER",
                    f"{name}: max level {_fp(row.max_fp)} FP is not above the minimum speed "
                    f"{_fp(row.min_fp)} FP (OTR Ch. 2)")
    if not row.max_fp < row.max_dive_fp:
        yield error(document.locate(f"{at}/max_dive_fp"), "FW-PERF-ORDER",
                    f"{name}: max dive {_fp(row.max_dive_fp)} FP is not above max level {_fp(row.max_fp)} FP "
                    "(max dive must exceed max level; OTR Ch. 2, 4.7)")
    previous_key, previous = "min_fp", row.min_fp
    for rate in TURN_RATES:
        value = row.turn_minimum(rate)
        if value is None:
            continue
        if value < previous:
            label = "the minimum speed" if previous_key == "min_fp" else previous_key[:2].upper() + " minimum"
            yield error(document.locate(f"{at}/{rate}_fp"), "FW-PERF-ORDER",
                        f"{name}: {rate.upper()} minimum {_fp(value)} FP is below {label} {_fp(previous)} FP "
                        "(turn-rate minimums rise from TT to ET; OTR 4.2, QS 2.6)")
        if value > row.max_dive_fp:
            yield warning(document.locate(f"{at}/{rate}_fp"), "FW-PERF-RATE-UNUSABLE",
                          f"{name}: {rate.upper()} minimum {_fp(value)} FP is above max dive "
                          f"{_fp(row.max_dive_fp)} FP, "
                          "so the rate can never be used")
        previous_key, previous = f"{rate}_fp", value
    if row.tt_fp > row.max_fp:
        yield warning(document.locate(f"{at}/tt_fp"), "FW-PERF-RATE-UNUSABLE",
                      f"{name}: TT minimum {_fp(row.tt_fp)} FP is above max level {_fp(row.max_fp)} FP "
                      "(a level TT turn is impossible in this band)")


def _turn_decel(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    assert card.turn_decel is not None
    previous_rate, previous = None, None
    for rate in TURN_RATES:
        value = card.turn_decel.get(rate)
        if value is None:
            continue
        if previous is not None and value < previous:
            yield error(document.locate(f"/turn_decel/{rate}"), "FW-TURN-DECEL-ORDER",
                        f"{rate.upper()} decel {value} is below {str(previous_rate).upper()} decel {previous} "
                        "(faster turn rates cost at least as much decel; OTR 4.2)")
        previous_rate, previous = rate, value


def _power_chart(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    chart = card.power_chart
    assert chart is not None
    listed = [row.band for row in chart.rows]
    for missing in [row.band for row in card.performance if row.band not in listed]:
        yield error(document.locate("/power_chart/rows"), "FW-POWER-ROWS",
                    f"the Power versus Speed Chart has no {missing} line (one per performance band; OTR 4.1)")
    propeller = card.general is None or card.general["engines"]["kind"] == "piston"
    for row in chart.rows:
        at = f"/power_chart/rows/{row.index}"
        parsed: list[tuple[float, float] | None] = []
        for column, cell in enumerate(row.cells):
            value = _power_cell(cell)
            if value is None:
                yield error(document.locate(f"{at}/{SPEED_COLUMNS[column]}"), "FW-POWER-CELL",
                            f"{row.band} band, speed {SPEED_COLUMN_TITLES[column]}: power cell {cell!r} is not "
                            "'M', 'M/E' or '-' (OTR 4.1)")
            elif value[1] < value[0]:
                yield error(document.locate(f"{at}/{SPEED_COLUMNS[column]}"), "FW-POWER-CELL",
                            f"{row.band} band, speed {SPEED_COLUMN_TITLES[column]}: emergency accel {value[1]:g} "
                            f"is below military accel {value[0]:g} in {cell!r} (OTR 4.1)")
            parsed.append(value)
        limits = card.band(row.band)
        if limits is not None:
            first = rules.power_speed_column(limits.min_fp)
            last = rules.power_speed_column(max(limits.max_fp - 0.5, limits.min_fp))
            for column in range(first, last + 1):
                value = parsed[column]
                if value is not None and value[0] <= 0:
                    yield warning(document.locate(f"{at}/{SPEED_COLUMNS[column]}"), "FW-POWER-REACH",
                                  f"{row.band} band: no military accel at speed {SPEED_COLUMN_TITLES[column]}, "
                                  f"so the listed max level {_fp(limits.max_fp)} FP cannot be reached from "
                                  f"{_fp(limits.min_fp)} FP (OTR 4.1, 4.3)")
        if propeller:
            militaries = [v[0] for v in parsed if v is not None]
            for column in range(1, len(militaries)):
                if militaries[column] > militaries[column - 1] and militaries[column - 1] > 0:
                    yield warning(document.locate(f"{at}/{SPEED_COLUMNS[column]}"), "FW-POWER-FALLOFF",
                                  f"{row.band} band: military accel rises from {militaries[column - 1]:g} to "
                                  f"{militaries[column]:g} with speed (propeller thrust falls as speed rises; "
                                  "OTR 4.1)")
    for line, fps in (("banking_fps", chart.banking_fps), ("slip_fps", chart.slip_fps)):
        for column, count in enumerate(fps):
            label = "banking" if line == "banking_fps" else "side slip"
            pointer = f"/power_chart/{line}/{SPEED_COLUMNS[column]}"  # located only for a finding
            if count < 1:
                yield warning(document.locate(pointer), "FW-BANK-SLIP",
                              f"{label} FPs at speed {SPEED_COLUMN_TITLES[column]}: {count} "
                              "(at least 1 FP is needed; OTR 5.1, 5.4)")
            elif column and count < fps[column - 1]:
                yield warning(document.locate(pointer), "FW-BANK-SLIP",
                              f"{label} FPs fall from {fps[column - 1]} at speed {SPEED_COLUMN_TITLES[column - 1]} "
                              f"to {count} at {SPEED_COLUMN_TITLES[column]} "
                              "(a faster aircraft needs at least as many FPs to bank or slip; OTR 5.1, 5.4)")


def _climb(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    bands = [row.band for row in card.performance]
    climbs = [row.band for row in card.climb]
    if climbs != bands:
        yield error(document.locate("/climb"), "FW-CLIMB-BANDS",
                    f"rates of climb are listed for {', '.join(climbs) or 'no band'} but the performance chart has "
                    f"{', '.join(bands)} (one average rate of climb per band; Err1)")
    for row in card.climb:
        if row.climb_rate_fpm <= 0 and card.band(row.band) is not None:
            yield warning(document.locate(f"/climb/{row.index}/climb_rate_fpm"), "FW-CLIMB-BANDS",
                          f"{row.band} band: rate of climb {row.climb_rate_fpm} ft/min; the band is listed as "
                          "flyable but the aircraft cannot climb in it")


def _general(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    general = card.general
    assert general is not None
    pairs = (
        ("load_points", "loaded", "overloaded", "<", "load point limits: loaded must be below overloaded (OTR 12.0)"),
        ("damage_factors", "severe", "destroyed", "<", "damage factors: severe must be below destroyed (QS 5.5)"),
        ("victory_points", "severe", "shot_down", "<", "victory points: severe must be below shot down (QS VP)"),
        ("ceilings_ft", "loaded", "normal", "<=", "ceilings: loaded must not exceed normal (OTR 12.0)"),
        ("ceilings_ft", "overloaded", "loaded", "<=", "ceilings: overloaded must not exceed loaded (OTR 12.0)"),
    )
    for section, low, high, relation, text in pairs:
        values = general.get(section)
        if not values:
            continue
        a, b = values[low], values[high]
        if (relation == "<" and not a < b) or (relation == "<=" and not a <= b):
            yield error(document.locate(f"/general/{section}/{low}"), "FW-ORDERED-PAIR",
                        f"{text}; found {low} {a}, {high} {b}")


def _firepower(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    for group in card.firepower:
        at = f"/firepower/{group.index}/attack_by_range"
        previous: int | None = None
        ended = False
        for distance, factor in enumerate(group.attack_by_range):
            if factor is None:
                ended = True
                continue
            if ended:
                yield error(document.locate(f"{at}/{distance}"), "FW-FIREPOWER-RANGE",
                            f"{group.weapon}: attack factor {factor} at range {distance} follows a dash "
                            "(dashes only after the maximum range; OTR 9.1)")
                break
            if previous is not None and factor > previous:
                yield error(document.locate(f"{at}/{distance}"), "FW-FIREPOWER-RANGE",
                            f"{group.weapon}: attack factor rises from {previous} to {factor} at range {distance} "
                            "(firepower never increases with range; OTR 9.1)")
            previous = factor
        if group.critical_rating < 1:
            yield error(document.locate(f"/firepower/{group.index}/critical_rating"), "FW-FIREPOWER-RANGE",
                        f"{group.weapon}: critical hit rating {group.critical_rating} must be at least 1 (QS 5.6)")
