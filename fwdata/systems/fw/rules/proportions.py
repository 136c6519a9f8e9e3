"""Altitude proportions: MC, OC and VFPs by the Flight Proportions Table (QS 2.1, 2.9, 3.5; OTR 3.6, 6.2)."""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.rules.attitudes import AttitudeClass, attitude_class
from fwdata.systems.fw.rules.scale import DEFAULT_OPTIONS, INCREMENTS_PER_VFP, fraction_of
from fwdata.systems.fw.tables import Cell, RuleTable

# --- altitude change by proportions (QS 2.9, Flight Proportions Table; OTR 3.6, 6.2) ----


@dataclass(frozen=True)
class ProportionRule:
    """A Flight Proportions Table fraction with its rounding: "1/3+" up, "1/3-" down (QS 2.9)."""

    fraction: str
    round_up: bool


@functools.lru_cache(maxsize=256)
def _parse_fraction_code(cell: Cell, default_round_up: bool) -> ProportionRule | None:
    if cell is None or isinstance(cell, int | float):
        return None
    text = cell.strip().replace("–", "-")
    match = re.search(r"(\d)\s*/\s*(\d)", text)
    if not match:
        return None
    fraction = f"{match.group(1)}/{match.group(2)}"
    if text.endswith("+"):
        return ProportionRule(fraction, True)
    if text.endswith("-"):
        return ProportionRule(fraction, False)
    return ProportionRule(fraction, default_round_up)


def _proportion_row(proportions: RuleTable, attitude: AttitudeClass) -> dict[str, Cell]:
    for index, cell in enumerate(proportions.column("attitude")):
        if str(cell).strip().lower().startswith(attitude):
            return proportions.row_dict(index)
    raise KeyError(f"table {proportions.id!r} has no row for {attitude!r} flight")


def _rounded(value: float, up: bool) -> int:
    return math.ceil(value) if up else math.floor(value)


def mandatory_change(start_attitude: str, basis: float, fvt: RuleTable, proportions: RuleTable) -> int:
    """Return the MC in 100-ft increments (>= 0; the direction is the start attitude's).

    The start attitude's MC fraction of the proportion basis via the FVT, rounded up.
    Level flight has none. QS 2.9, Flight Proportions Table; OTR 6.2. QS flight example
    turn 4: 1/2 of 3.0 = 1.5 -> 2 increments.
    """
    rule = _parse_fraction_code(_proportion_row(proportions, attitude_class(start_attitude))["mandatory_change"], True)
    if rule is None:
        return 0
    return _rounded(fraction_of(fvt, rule.fraction, basis), rule.round_up)


def optional_change_limit(end_attitude: str, basis: float, fvt: RuleTable, proportions: RuleTable) -> int:
    """Return the largest OC in 100-ft increments allowed by the end attitude.

    Climbs and dives: the OC fraction rounded down, only in the attitude's direction;
    level: 1/4 rounded up, up or down (OTR 3.6: speed 6.0 -> 1.5 -> 2, i.e. 0, 100 or
    200 ft). QS 2.9, Flight Proportions Table.
    """
    klass = attitude_class(end_attitude)
    rule = _parse_fraction_code(_proportion_row(proportions, klass)["optional_change"], klass == "level")
    if rule is None:
        return 0
    return _rounded(fraction_of(fvt, rule.fraction, basis), rule.round_up)


@dataclass(frozen=True)
class VfpRange:
    """The VFPs an aircraft may (low..high) spend; the rest of its full FPs are HFPs (QS 2.9, 3.5)."""

    low: int
    high: int


def vfp_range(
    average_attitude: str,
    basis: float,
    full_fps: int,
    fvt: RuleTable,
    proportions: RuleTable,
    *,
    start_attitude: str,
    speed: float,
    transition_steps_taken: int = 0,
    stalled: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> VfpRange:
    """Return the VFPs allowed by the average flight attitude (AFA).

    Level: none. Shallow: 0 or 1 (none at speed 2.0 or less, options.shallow_vfp_cutoff).
    Steep: 1 to 1/2 of the basis. Vertical: more than 1/2, up to all full FPs. A half
    value (x.5) rounds down after a level or shallow start and up after a steep,
    vertical or stalled start. A transition of 2+ steps must take the maximum unless
    the AFA is vertical. The fractions come from the Flight Proportions Table.
    QS 2.9, 3.5 (AFA VFP Restriction), Flight Tables "FP Rounding"; OTR 6.2.
    """
    klass = attitude_class(average_attitude)
    cell = _proportion_row(proportions, klass)["vfps_allowed"]
    text = "" if cell is None else str(cell).strip().lower()
    round_up = stalled or attitude_class(start_attitude) in ("steep", "vertical")
    rule = _parse_fraction_code(cell, round_up)
    if klass == "level" or text in ("", "none"):
        low = high = 0
    elif rule is None:
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        low, high = min(numbers), max(numbers)
        no_vfp = speed <= 2.0 if options.shallow_vfp_cutoff == "at-or-below" else speed < 2.0
        if klass == "shallow" and no_vfp:
            low = high = 0
    else:
        value = fraction_of(fvt, rule.fraction, basis)
        if ">" in text:
            low = math.floor(value) + 1
            high = full_fps
        else:
            rest = text.replace(f"{rule.fraction[0]}/{rule.fraction[2]}", " ")
            lows = [int(n) for n in re.findall(r"\d+", rest)]
            low = lows[0] if lows else 0
            high = math.ceil(value) if round_up and value % 1 else math.floor(value)
    high = min(high, full_fps)
    low = min(low, high)
    if transition_steps_taken >= 2 and klass != "vertical":
        low = high
    return VfpRange(low=low, high=high)


def altitude_change_increments(mandatory: int, vfps: int, optional: int = 0) -> int:
    """Return the 100-ft increments changed in a move: MC + 3 per VFP + OC (QS 2.1, 2.9).

    All three are magnitudes in the same direction; the caller applies the sign.
    """
    return mandatory + INCREMENTS_PER_VFP * vfps + optional
