"""Units: every physical length is converted to PDF points here, once (72 pt = 1 in)."""

from __future__ import annotations

import re

POINTS_PER_INCH = 72.0
POINTS_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|in|mm|cm)\s*$")
_FACTORS = {"pt": 1.0, "in": POINTS_PER_INCH, "mm": POINTS_PER_MM, "cm": 10 * POINTS_PER_MM}


def inches(value: float) -> float:
    """Return `value` inches in points."""
    return value * POINTS_PER_INCH


def mm(value: float) -> float:
    """Return `value` millimetres in points."""
    return value * POINTS_PER_MM


def to_mm(points: float) -> float:
    """Return a length in points as millimetres."""
    return points / POINTS_PER_MM


def parse_length(text: str) -> float:
    """Parse a length such as "63.5mm", "2.5in" or "12pt" into points; raises ValueError otherwise."""
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f"not a length with a unit (pt, in, mm, cm): {text!r}")
    return float(match.group(1)) * _FACTORS[match.group(2)]
