"""Override shapes: a pack entry that replaces a base-library entry must have that entry's shape."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fwdata.sources.document import pointer_join

# Prose and bookkeeping that an override may rewrite freely; no rule reads them.
DOCUMENTATION_KEYS = frozenset({"name", "title", "provenance", "notes", "note", "description", "source",
                                "derivation", "caption", "citation", "legend", "edition"})
MAX_DIFFERENCES = 5


def shape_differences(base: Any, override: Any) -> list[tuple[str, str]]:
    """Return up to MAX_DIFFERENCES (JSON pointer, message) pairs where `override` departs from `base`'s shape.

    Same shape means: the same keys in every mapping (documentation keys aside),
    the same length in every list, and a single value wherever the base has one
    (not a list or mapping). A restored cell `{value, printed, reason}` counts as
    its value. The values themselves may change, within the kind's schema: that is
    what an override is for (a table check of the system judges them).
    """
    found: list[tuple[str, str]] = []
    for difference in _differences(base, override, ""):
        found.append(difference)
        if len(found) == MAX_DIFFERENCES:
            break
    return found


def _differences(base: Any, override: Any, pointer: str) -> Iterator[tuple[str, str]]:
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
                yield from _differences(base[key], override[key], pointer_join(pointer, key))
        return
    if isinstance(base, list) and isinstance(override, list):
        if len(base) != len(override):
            yield pointer, f"{len(override)} items where the base entry has {len(base)}"
            return
        for index, (left, right) in enumerate(zip(base, override, strict=True)):
            yield from _differences(left, right, pointer_join(pointer, index))
        return
    expected, found = _kind(base), _kind(override)
    if expected != found:
        yield pointer, f"{found} where the base entry has {expected}"


def _cell_value(value: Any) -> Any:
    if isinstance(value, dict) and "value" in value and "printed" in value:
        return value["value"]
    return value


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    return "a list" if isinstance(value, list) else "a single value"
