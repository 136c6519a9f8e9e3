"""Override shapes: a pack entry that replaces a base-library entry must have that entry's shape and cell kinds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from fwdata.sources.document import pointer_join

# Prose and bookkeeping that an override may rewrite freely; no rule reads them.
DOCUMENTATION_KEYS = frozenset({"name", "title", "provenance", "notes", "note", "description", "source",
                                "derivation", "caption", "citation", "legend", "edition"})
MAX_DIFFERENCES = 5
MAX_FORMS = 6
# Kinds whose single values are cells that rule code reads as numbers and codes.
TABLE_KINDS = frozenset({"table", "chart"})
# Of those, the kinds whose string cells are codes the rules parse with no check of their own (fw tables); the
# Ace of Aces checks read every chart string themselves (jam marks, damage letters), so those may change freely.
CODE_KINDS = frozenset({"table"})
# A number inside a code ("3J", "60/FP", "0-1 FP"): an override may change it, not the code around it.
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def shape_differences(base: Any, override: Any) -> list[tuple[str, str]]:
    """Return up to MAX_DIFFERENCES (JSON pointer, message) pairs where `override` departs from `base`'s shape.

    Same shape means: the same keys in every mapping (documentation keys aside),
    the same length in every list, and a single value wherever the base has one
    (not a list or mapping). A restored cell `{value, printed, reason}` counts as
    its value. In a table or chart (TABLE_KINDS), each single value must also be of
    a kind the base entry holds at the same place in any item of its lists (a table
    column, say): an integer where the base has integers, a number where it has
    numbers, null or true/false only where it has them; in a fw table (CODE_KINDS)
    a string only in a form the base uses there (its numbers may change: "60/FP"
    may become "30/FP", not "banana"; "level" may not be renamed), in a chart a
    string where the base has strings or integers ("2J" for 2). The values may
    change within those kinds: that is what an override is for (the system's table
    checks judge them).
    """
    found: list[tuple[str, str]] = []
    kind = base.get("kind") if isinstance(base, dict) else None
    kinds = _kinds_by_place(base, "") if kind in TABLE_KINDS else None
    for difference in _differences(base, override, "", "", kinds, kind in CODE_KINDS):
        found.append(difference)
        if len(found) == MAX_DIFFERENCES:
            break
    return found


def _differences(base: Any, override: Any, pointer: str, place: str, kinds: dict[str, set[str]] | None,
                 codes: bool) -> Iterator[tuple[str, str]]:
    base, override = _cell_value(base), _cell_value(override)
    if isinstance(base, dict) and isinstance(override, dict):
        for key in sorted(set(base) | set(override), key=str):
            if key in DOCUMENTATION_KEYS:
                continue
            if key not in override:
                yield pointer, f"key {key!r} of the base entry is missing"
            elif key not in base:
                yield pointer_join(pointer, key), f"key {key!r} is not in the base entry"
            else:
                yield from _differences(base[key], override[key], pointer_join(pointer, key),
                                         pointer_join(place, key), kinds, codes)
        return
    if isinstance(base, list) and isinstance(override, list):
        if len(base) != len(override):
            yield pointer, f"{len(override)} items where the base entry has {len(base)}"
            return
        for index, (left, right) in enumerate(zip(base, override, strict=True)):
            yield from _differences(left, right, pointer_join(pointer, index), _item_place(place, index, left),
                                     kinds, codes)
        return
    expected, found = _kind(base), _kind(override)
    if expected != found:
        yield pointer, f"{found} where the base entry has {expected}"
        return
    allowed = set() if kinds is None else kinds.get(place, set())
    if kinds is not None and not _fits(override, allowed, codes):
        forms = sorted(_describe_form(form) for form in allowed)
        listed = ", ".join(forms[:MAX_FORMS]) + (", ..." if len(forms) > MAX_FORMS else "")
        numbers = " (# = any number)" if any(form.startswith("string:") and "#" in form for form in allowed) else ""
        yield pointer, f"{_describe(override)} where the base entry has {listed}{numbers}"


def _cell_value(value: Any) -> Any:
    if isinstance(value, dict) and "value" in value and "printed" in value:
        return value["value"]
    return value


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if isinstance(value, list) else "a single value"



def _item_place(place: str, index: int, item: Any) -> str:
    """Return the place of list item `index`: its index for a cell of a table row (a list in a list), else `*`.

    So the cells of one table column share a place across the rows, and the items
    of a named list (`cells: [...]`, every row of a list of rows) share one.
    """
    if not isinstance(_cell_value(item), dict | list) and place.endswith("/*"):
        return pointer_join(place, index)
    return pointer_join(place, "*")


def _kinds_by_place(base: Any, place: str) -> dict[str, set[str]]:
    """Return the forms (see `_form`) of the single values of `base`, by place."""
    found: dict[str, set[str]] = {}
    base = _cell_value(base)
    if isinstance(base, dict | list):
        items = ([(pointer_join(place, key), value) for key, value in base.items() if key not in DOCUMENTATION_KEYS]
                 if isinstance(base, dict) else
                 [(_item_place(place, index, value), value) for index, value in enumerate(base)])
        for item_place, value in items:
            for inner, forms in _kinds_by_place(value, item_place).items():
                found.setdefault(inner, set()).update(forms)
    else:
        found[place] = {_form(base)}
    return found


def _form(value: Any) -> str:
    """Return the form of a single value: integer, number, null, boolean, or "string:" and its code."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string:" + _NUMBER.sub("#", str(value))


def _fits(value: Any, allowed: set[str], codes: bool) -> bool:
    form = _form(value)
    if form.startswith("string:") and not codes:
        return "integer" in allowed or any(other.startswith("string:") for other in allowed)
    return form in allowed or (form == "integer" and "number" in allowed)


def _describe(value: Any) -> str:
    form = _form(value)
    return f"{value!r}" if form.startswith("string:") else f"{_describe_form(form)} {value!r}"


def _describe_form(form: str) -> str:
    if form.startswith("string:"):
        return repr(form[len("string:"):])
    return {"null": "a blank (null)", "boolean": "true/false", "integer": "an integer"}.get(form, "a number")
