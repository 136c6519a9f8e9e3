"""Whole floats: `28.0` is an integer to JSON Schema but not to fwdata, whose rules count with ints.

jsonschema-rs cannot be told so; fwdata/validation/validate.py checks a document that holds such floats a
second time with each moved off the integers (`whole_floats_moved`), so that a float where only an
integer fits fails, and the Python validator, whose `integer` takes ints only, gives the finding.
"""

from __future__ import annotations

from typing import Any


def whole_floats_moved(value: Any) -> Any:
    """Return a copy of JSON-like `value` with every float of no fractional part moved off the integers: 0.5 more,
    or 0.5 from 2**52 on, where adding 0.5 changes nothing. None when `value` holds no such float."""
    return _moved(value) if _holds_whole_float(value) else None


def _moved(value: Any) -> Any:
    kind = type(value)
    if kind is float and value.is_integer():
        return value + 0.5 if abs(value) < 2**52 else 0.5
    if kind is dict:
        return {key: _moved(item) for key, item in value.items()}
    if kind is list:
        return [_moved(item) for item in value]
    return value


def _holds_whole_float(value: Any) -> bool:
    kind = type(value)
    if kind is float:
        return value.is_integer()
    if kind is dict:
        return any(map(_holds_whole_float, value.values()))
    if kind is list:
        return any(map(_holds_whole_float, value))
    return False
