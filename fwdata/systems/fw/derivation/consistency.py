"""Fighting Wings derivation run backwards: the figures a card's cells imply, and the cells that disagree.

One aircraft has one stall speed, one dive limit (IAS placard and Mach) and one critical Mach at every
altitude. Each speed cell, read through the method's rounding, bounds that figure; a card whose cells
leave no common value has a wrong cell, and the cell whose removal restores a common value is named.
No figures are needed: these checks run on every card (docs/fw-derivation.md, "Cross-checks").
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fwdata.findings import Finding, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.derivation.atmosphere import density_ratio, speed_of_sound_mph
from fwdata.systems.fw.derivation.method import (
    MPH_PER_FP,
    POWER_COLUMN_STARTS_FP,
    PRINTED_POWER_STEP,
    PROP_FALLOFF_POINTS_PER_COLUMN,
    TURN_LOAD_FACTORS,
    Airframe,
    default_band_altitudes,
)
from fwdata.systems.fw.model import SPEED_COLUMN_TITLES, SPEED_COLUMNS, TURN_RATES, AircraftDataCard

SLACK = 1e-6
MOST_SUSPECTS = 3
"""More cells than this that could each be the wrong one: the finding names the table, not a cell."""


@dataclass(frozen=True)
class Bound:
    """The range of an unknown figure one printed cell allows: low < figure <= high (or low <= figure < high)."""

    pointer: str
    label: str
    low: float
    high: float


def _common(bounds: Sequence[Bound]) -> tuple[float, float] | None:
    if not bounds:
        return None
    low, high = max(b.low for b in bounds), min(b.high for b in bounds)
    return (low, high) if low < high + SLACK else None


def _suspects(bounds: Sequence[Bound]) -> list[Bound]:
    """Return the bounds whose removal leaves a common value (empty when one exists already)."""
    if _common(bounds) is not None:
        return []
    return [b for i, b in enumerate(bounds) if _common([*bounds[:i], *bounds[i + 1:]]) is not None]


def _altitudes(card: AircraftDataCard) -> dict[str, int]:
    given = {row["band"]: int(row["representative_ft"]) for row in card.band_altitudes}
    return {band.band: given.get(band.band, default_band_altitudes(band.band)) for band in card.performance}


def stall_bounds(card: AircraftDataCard) -> list[Bound]:
    """Return the stall IAS (mph) range each min level and turn minimum allows (OTR 4.2; method: rounded up).

    A TT minimum at min + 0.5 only caps the stall speed (the method keeps TT above min); a turn
    minimum equal to max dive is held there and says nothing.
    """
    bounds = []
    altitudes = _altitudes(card)
    for band in card.performance:
        if band.min_fp <= 0:
            continue
        root_sigma = math.sqrt(density_ratio(altitudes[band.band]))
        cells: list[tuple[str, str, float | None, float]] = [("min_fp", "min level", band.min_fp, 1.0)]
        cells += [(f"{rate}_fp", f"{rate.upper()} minimum", band.turn_minimum(rate), TURN_LOAD_FACTORS[rate])
                  for rate in TURN_RATES]
        for key, label, printed, load in cells:
            if printed is None or (key != "min_fp" and printed == band.max_dive_fp):
                continue
            scale = MPH_PER_FP * root_sigma / math.sqrt(load)
            low = 0.0 if key == "tt_fp" and printed == band.min_fp + 0.5 else (printed - 0.5) * scale
            bounds.append(Bound(f"/performance/{band.index}/{key}", f"{band.band} band {label} {printed:g} FP",
                                low, printed * scale))
    return bounds


def critical_mach_bounds(card: AircraftDataCard) -> list[Bound]:
    """Return the critical Mach range each transonic speed allows (method: Mach x speed of sound, rounded down)."""
    altitudes = _altitudes(card)
    bounds = []
    for band in card.performance:
        if band.transonic_fp is None:
            continue
        sound = speed_of_sound_mph(altitudes[band.band])
        bounds.append(Bound(f"/performance/{band.index}/transonic_fp",
                            f"{band.band} band transonic {band.transonic_fp:g} FP",
                            band.transonic_fp * MPH_PER_FP / sound, (band.transonic_fp + 0.5) * MPH_PER_FP / sound))
    return bounds


def _dive_feasible(cells: Sequence[tuple[float, float, float]]) -> bool:
    """Whether one IAS placard and one Mach limit give every (max dive, 1/sqrt(sigma), sound) cell, rounded down.

    The smallest placard and Mach that reach every cell are the best candidates (both only raise the
    lower of the two limits), so the test is exact.
    """
    if not cells:
        return True
    placard = max(fp * MPH_PER_FP / k for fp, k, _ in cells)
    mach = max(fp * MPH_PER_FP / sound for fp, _, sound in cells)
    return all(min(placard * k, mach * sound) < (fp + 0.5) * MPH_PER_FP + SLACK for fp, k, sound in cells)


def check_implied_figures(card: AircraftDataCard, document: SourceDocument) -> Iterator[Finding]:
    """Yield FW-TURN-STALL when the min level and turn minimums imply no single stall speed, and FW-DIVE-LIMIT
    when the max dive or transonic speeds imply no single dive limit or critical Mach (docs/fw-derivation.md)."""
    yield from _report(document, stall_bounds(card), "FW-TURN-STALL", "stall speed", "mph IAS",
                       "min level = stall TAS, turn minimum = stall TAS x sqrt(n) for n = 1.5 / 2.25 / 3.5 / 5 g, "
                       "rounded up; OTR 4.2, 5.2")
    yield from _report(document, critical_mach_bounds(card), "FW-DIVE-LIMIT", "critical Mach", "",
                       "transonic = critical Mach x speed of sound, rounded down; OTR 17.3")
    altitudes = _altitudes(card)
    cells = [(band.max_dive_fp, 1 / math.sqrt(density_ratio(altitudes[band.band])),
              speed_of_sound_mph(altitudes[band.band]), band) for band in card.performance]
    if not _dive_feasible([c[:3] for c in cells]):
        suspects = [c[3] for i, c in enumerate(cells) if _dive_feasible([d[:3] for d in (*cells[:i], *cells[i + 1:])])]
        rule = ("max dive = the lower of an IAS placard (as TAS) and a Mach limit, rounded down; one placard and "
                "one Mach limit per aircraft; OTR Ch. 2, 4.7")
        if 1 <= len(suspects) <= MOST_SUSPECTS:
            for band in suspects:
                yield warning(document.locate(f"/performance/{band.index}/max_dive_fp"), "FW-DIVE-LIMIT",
                              f"{band.band} band: max dive {band.max_dive_fp:g} FP fits no dive limit the other "
                              f"bands' max dive speeds share ({rule}; docs/fw-derivation.md)")
        else:
            yield warning(document.locate("/performance"), "FW-DIVE-LIMIT",
                          f"the max dive speeds fit no single dive limit, and no one band is the odd one out "
                          f"({rule}; docs/fw-derivation.md)")


def _report(document: SourceDocument, bounds: list[Bound], code: str, figure: str, unit: str,
            rule: str) -> Iterator[Finding]:
    suspects = _suspects(bounds)
    if _common(bounds) is not None or not bounds:
        return
    def shown(low: float, high: float) -> str:
        return f"{low:.3g}-{high:.3g}{' ' + unit if unit else ''}"

    if 1 <= len(suspects) <= MOST_SUSPECTS:
        for bound in suspects:
            common = _common([b for b in bounds if b is not bound])
            assert common is not None
            yield warning(document.locate(bound.pointer), code,
                          f"{bound.label} implies a {figure} of {shown(bound.low, bound.high)}, but the card's other "
                          f"cells share {shown(*common)} ({rule}; docs/fw-derivation.md)")
        return
    yield warning(document.locate(bounds[0].pointer.rsplit("/", 2)[0]), code,
                  f"the card's cells imply no single {figure}, and no one cell is the odd one out "
                  f"({rule}; docs/fw-derivation.md)")


def check_power_steps(card: AircraftDataCard, document: SourceDocument, airframe: Airframe) -> Iterator[Finding]:
    """Yield FW-POWER-STEP where neighbouring power cells of a band break the method's falloff.

    A propeller loses PROP_FALLOFF_POINTS_PER_COLUMN per faster column (per engine), except that a cell
    never falls below one printed step; jet and rocket accel is flat across the columns (OTR 4.1 note;
    docs/fw-derivation.md). Columns starting above max level are left to FW-POWER-OVERSPEED.
    """
    if card.power_chart is None:
        return
    step = PRINTED_POWER_STEP.get(airframe.engines, flight.POWER_STEP_POINTS)
    falloff = PROP_FALLOFF_POINTS_PER_COLUMN if airframe.propeller else 0.0
    for band in card.performance:
        row = card.power_chart.row(band.band)
        if row is None:
            continue
        try:
            accels = [rules.parse_power_cell(cell).military for cell in row.cells]
        except ValueError:
            continue
        columns = [c for c in range(len(accels)) if POWER_COLUMN_STARTS_FP[c] <= band.max_fp and accels[c] > 0]
        broken = []
        for slow, fast in zip(columns, columns[1:], strict=False):
            if fast != slow + 1:
                continue  # a dash between them is FW-POWER-REACH's
            drop = accels[slow] - accels[fast]
            if not (abs(drop - falloff) < SLACK or (accels[fast] == step and -SLACK <= drop < falloff)):
                broken.append((slow, fast))
        if not broken:
            continue
        shared = set.intersection(*(set(pair) for pair in broken))
        blamed = sorted(shared) if len(shared) == 1 else sorted({fast for _, fast in broken})
        expected = (f"a propeller loses {falloff:g} point per faster column (never below {step:g})" if falloff
                    else "jet and rocket accel is the same in every column")
        for column in blamed:
            yield warning(document.locate(f"/power_chart/rows/{row.index}/{SPEED_COLUMNS[column]}"), "FW-POWER-STEP",
                          f"{band.band} band: military accel {accels[column]:g} at speed {SPEED_COLUMN_TITLES[column]} "
                          f"does not fit its neighbours ({', '.join(f'{accels[c]:g}' for c in columns)}): "
                          f"{expected} (OTR 4.1 note; docs/fw-derivation.md)")
