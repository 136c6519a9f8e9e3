"""Units: every physical length is converted to PDF points here, once (72 pt = 1 in)."""

from __future__ import annotations

import math
import re

POINTS_PER_INCH = 72.0
POINTS_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?[0-9]+(?:\.[0-9]+)?)\s*(pt|in|mm|cm)\s*$", re.ASCII)  # ASCII digits only
MAX_PRINT_LENGTH_PT = 0.5 * POINTS_PER_INCH
_FACTORS = {"pt": 1.0, "in": POINTS_PER_INCH, "mm": POINTS_PER_MM, "cm": 10 * POINTS_PER_MM}


def inches(value: float) -> float:
    """Return `value` inches in points."""
    return value * POINTS_PER_INCH


def mm(value: float) -> float:
    """Return `value` millimetres in points."""
    return value * POINTS_PER_MM


def parse_length(text: str) -> float:
    """Parse a length such as "63.5mm", "2.5in" or "12pt" into points; raises ValueError otherwise."""
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f"not a length with a unit (pt, in, mm, cm): {text!r}")
    return float(match.group(1)) * _FACTORS[match.group(2)]


def parse_print_length(text: str) -> float:
    """Parse a bleed or gutter: "0" or a length with a unit, from 0 to 0.5 in; raises ValueError otherwise."""
    try:
        points = 0.0 if text.strip() == "0" else parse_length(text)
    except ValueError:
        points = math.nan
    if not 0.0 <= points <= MAX_PRINT_LENGTH_PT:  # also refuses NaN
        raise ValueError(f"expected a length from 0 to 0.5in (such as 3mm or 0.125in), found {text!r}")
    return points
