"""Turning: Turn Chart, turn/transition/slip decel, bank and facing (OTR 4.2, 5.1-5.5.1; QS 1.7, 2.5-2.7, 4.1, 4.3)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from fwdata.systems.fw.options import FwRuleOptions
from fwdata.systems.fw.rules.scale import DEFAULT_OPTIONS, fraction_of
from fwdata.systems.fw.rules.speed_change import power_speed_column
from fwdata.systems.fw.tables import Cell, RuleTable

# --- turning (QS 2.6, 2.7, 4.1; OTR 4.2, 5.2, 5.4, 5.5, 5.5.1; Err1 5.3; Err2 4.2) ------

RATES: tuple[str, ...] = ("EZ", "TT", "HT", "BT", "ET")
"""Turn/transition rates, gentlest first (QS 2.6, OTR 5.2)."""


@dataclass(frozen=True)
class TurnRequirement:
    """FPs needed per 30 deg facing change: a repeating cycle, or several facings per FP (QS 2.7)."""

    fps_per_facing: tuple[int, ...]
    facings_per_fp: int = 1

    def fps_for_facings(self, facings: int) -> int:
        """Return the contiguous FPs needed to complete `facings` facing changes."""
        if self.facings_per_fp > 1:
            return math.ceil(facings / self.facings_per_fp)
        cycle = self.fps_per_facing
        return sum(cycle[i % len(cycle)] for i in range(facings))


def parse_turn_cell(cell: Cell) -> TurnRequirement | None:
    """Read a Turn Chart cell: an FP count, "60/FP", "90/FP", a split "3-2", or "NA" (None).

    QS 2.7, Flight Tables A/C Turn Chart notes 1-3. Raises ValueError for anything else.
    """
    if cell is None:
        return None
    if isinstance(cell, int | float):
        return TurnRequirement(fps_per_facing=(int(cell),))
    text = cell.strip().upper()
    if text == "NA":
        return None
    if text in ("60/FP", "90/FP"):
        return TurnRequirement(fps_per_facing=(1,), facings_per_fp=int(text[:2]) // 30)
    match = re.fullmatch(r"(\d+)\s*-\s*(\d+)", text)
    if match:
        return TurnRequirement(fps_per_facing=(int(match.group(1)), int(match.group(2))))
    if text.isdigit():
        return TurnRequirement(fps_per_facing=(int(text),))
    raise ValueError(f"turn chart cell {cell!r} is not a number, 60/FP, 90/FP, a-b or NA (QS Turn Chart)")


def turn_fp_requirement(
    turn_chart: RuleTable,
    speed: float,
    rate: str,
    *,
    steep_or_vertical: bool = False,
    split_to_straight: bool = False,
) -> TurnRequirement | None:
    """Return the Turn Chart FP requirement per 30 deg at `speed` and `rate`, None if NA.

    `steep_or_vertical` (start and stay steep/vertical, or an inverted pull of 2+ steps)
    reads the row for speed - 1.0, except that speeds 1.0-1.5 are never reduced
    (OTR 5.5). `split_to_straight` turns a split a-b into a straight b (Err1 5.3: in
    inverted turns "3-2" becomes 2 and "2-1" becomes 1). QS 2.7. Raises KeyError if no
    row holds the speed, ValueError for an unknown rate.
    """
    if rate.upper() not in RATES:
        raise ValueError(f"unknown turn rate {rate!r} (expected one of {', '.join(RATES)})")
    lookup = speed - 1.0 if steep_or_vertical and speed >= 2.0 else speed
    for index in range(len(turn_chart.rows)):
        row = turn_chart.row_dict(index)
        low, high = row["speed_min"], row["speed_max"]
        if isinstance(low, int | float) and isinstance(high, int | float) and low <= lookup <= high:
            requirement = parse_turn_cell(row[rate.lower()])
            if requirement is not None and split_to_straight and len(requirement.fps_per_facing) > 1:
                return TurnRequirement(fps_per_facing=(min(requirement.fps_per_facing),))
            return requirement
    raise KeyError(f"table {turn_chart.id!r} has no row for speed {lookup}")


def decel_rate(rate: str, start_speed: float, *, gifted: bool = False, options: FwRuleOptions = DEFAULT_OPTIONS) -> str:
    """Return the rate whose decel is charged after the high-speed reduction.

    One rate lower for each Power Chart speed band above 0.0-4.5 (>= 5.0, 8.0, 10.0),
    never below EZ. Applies to everyone, gifted pilots only, or nobody
    (options.high_speed_turn_decel). OTR 5.5.1 (its printed table is column-scrambled;
    this follows the rule text), OTR 13.3.
    """
    code = rate.upper()
    if code not in RATES:
        raise ValueError(f"unknown turn rate {rate!r}")
    mode = options.high_speed_turn_decel
    if mode == "off" or (mode == "gifted-only" and not gifted):
        return code
    return RATES[max(RATES.index(code) - power_speed_column(start_speed), 0)]


def rate_decel(
    rate: str,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the ADC decel of one rate step; EZ is half the TT decel via the FVT.

    `listed` maps "TT", "HT", "BT", "ET" to the decel in the Performance Chart column
    headers (None or absent = not printed). A missing rate uses the highest listed
    decel + 1 (OTR 5.4). OTR 4.2, QS 4.1 (EZ: half TT, keep fractions).
    Raises ValueError if nothing usable is listed.
    """
    code = rate.upper()
    if code == "EZ":
        return fraction_of(fvt, "1/2", rate_decel("TT", listed, fvt, options))
    value = listed.get(code)
    if value is not None:
        return float(value)
    present = [float(v) for v in listed.values() if v is not None]
    if options.missing_rate_decel == "error" or not present:
        raise ValueError(f"no {code} decel listed on the ADC (OTR 5.4)")
    return max(present) + 1


def turn_decel(
    rate: str,
    facings: int,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    start_speed: float,
    gifted: bool = False,
    flaps_down: bool = False,
    slat_assisted: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel of `facings` 30 deg facing changes (or transition steps) at `rate`.

    Per facing: the decel of the rate after the high-speed reduction (OTR 5.5.1), +1
    with flaps down under Err1 20.2 (options.flaps_add_turn_decel), +1 when slat-assisted
    and not gifted (OTR 5.8). Count facings with `charged_facings`. OTR 4.2, QS 4.1.
    """
    per_facing = rate_decel(decel_rate(rate, start_speed, gifted=gifted, options=options), listed, fvt, options)
    if flaps_down and options.flaps_add_turn_decel:
        per_facing += 1
    if slat_assisted and not gifted:
        per_facing += 1
    return per_facing * facings


def transition_decel(
    rate: str,
    steps: int,
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    start_speed: float,
    gifted: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel of a transition: the rate's decel per attitude step, gravity step included.

    OTR 4.2 (Transition Decel), QS 4.1. QS flight example turn 3: a 2-step HT
    transition with HT decel 3 costs 6. The gravity step of a "none" transition still
    costs decel (QS Flight Tables); the rate is not named, so EZ is used (inferred).
    """
    if rate.lower() in ("none", "free"):
        rate = "EZ"
    return turn_decel(rate, steps, listed, fvt, start_speed=start_speed, gifted=gifted, options=options)


def charged_facings(started: int, completed: int, options: FwRuleOptions = DEFAULT_OPTIONS) -> int:
    """Return how many facing changes are charged turn decel this game turn.

    "per-facing-completed": facings actually completed this turn (OTR 4.2);
    "per-facing-started": facings begun this turn (QS 4.1; Err2 4.2).
    """
    return completed if options.turn_decel_timing == "per-facing-completed" else started


def slip_decel(
    listed: Mapping[str, float | None],
    fvt: RuleTable,
    *,
    skid_with_facing: bool = False,
    options: FwRuleOptions = DEFAULT_OPTIONS,
) -> float:
    """Return the decel for starting a slip or skid: HT decel, BT for a skid with facing change.

    OTR 5.4 (missing HT/BT: highest listed + 1), QS 4.3.
    """
    return rate_decel("BT" if skid_with_facing else "HT", listed, fvt, options)


BANK_RING: tuple[str, ...] = ("LV", "LB", "IL", "IV", "IR", "RB")
"""Bank angles in roll order; IL/IR are printed ILB/IRB on the QS Turn Chart (OTR 5.1, QS 2.5)."""


def bank_steps(first: str, second: str) -> int:
    """Return the roll steps (0-3) between two bank angles, the shorter way round the ring.

    OTR 5.1: IL is 3 steps from RB (IL > LB > LV > RB); OTR 10.2 example: LB and RB are
    2 steps apart. Raises ValueError for an unknown bank code.
    """
    aliases = {"ILB": "IL", "IRB": "IR"}
    codes = [aliases.get(code.upper(), code.upper()) for code in (first, second)]
    for code in codes:
        if code not in BANK_RING:
            raise ValueError(f"unknown bank angle {code!r} (expected one of {', '.join(BANK_RING)})")
    distance = abs(BANK_RING.index(codes[0]) - BANK_RING.index(codes[1]))
    return min(distance, len(BANK_RING) - distance)


def rotate_facing(facing: str, steps: int) -> str:
    """Return the facing `steps` x 30 deg clockwise (negative = left) of `facing` (QS 1.7)."""
    names = ("N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW")
    code = facing.upper()
    if code not in names:
        raise ValueError(f"unknown facing {facing!r}")
    return names[(names.index(code) + steps) % 12]
