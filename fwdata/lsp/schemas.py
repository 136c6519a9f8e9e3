"""A kind's JSON Schema read for the editor: the subschemas at a path of keys, their keys, values and descriptions."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from fwdata.cli.schema_export import export_schema, schema_kinds
from fwdata.errors import FwdataError
from fwdata.lsp.cursor import ITEM

# Units carried in a key's name (DESIGN.md: a real-world unit is the key's suffix; game units are named).
UNITS = {"ft": "feet", "fpm": "feet per minute", "min": "minutes", "fp": "Fighting Wings FP (Flight Points)",
         "mm": "millimetres", "pt": "points (1/72 inch)", "lb": "pounds", "deg": "degrees", "hexes": "hexes",
         "turns": "game turns", "kg": "kilograms", "kt": "knots", "mph": "miles per hour", "in": "inches"}
# Rule citations as the descriptions write them: "OTR 4.3", "rule 8.5", "26.5.1", "(24.1)", "XIX".
RULE = re.compile(r"\b(?:(?:OTR|QS|FL|AoA|[Rr]ules?)\s+[0-9IVXL]+(?:\.\d+)*(?:\s*(?:and|,)\s*\d+(?:\.\d+)+)*"
                  r"|\d{1,2}\.\d{1,2}(?:\.\d{1,2})?(?=[\s),;:]|$)|[IVX]{2,6}(?=[)\s,;]))")
_MAX_DEPTH = 32


@functools.cache
def kind_schema(system: str, kind: str) -> dict[str, Any] | None:
    """Return the self-contained schema of a kind (`fwdata schema`), None for a kind fwdata does not know."""
    if (system, kind) not in schema_kinds():
        return None
    try:
        return export_schema((system, kind))
    except FwdataError:
        return None


def _resolved(schema: dict[str, Any], node: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Yield `node` and every subschema it stands for through a local `$ref`, allOf, anyOf, oneOf, if/then/else."""
    if not isinstance(node, dict) or depth > _MAX_DEPTH:
        return
    yield node
    reference = node.get("$ref")
    if isinstance(reference, str) and reference.startswith("#/"):
        target: Any = schema
        for part in reference[2:].split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        yield from _resolved(schema, target, depth + 1)
    for word in ("allOf", "anyOf", "oneOf"):
        for item in node.get(word, []) if isinstance(node.get(word), list) else []:
            yield from _resolved(schema, item, depth + 1)
    for word in ("then", "else"):
        yield from _resolved(schema, node.get(word), depth + 1)


def subschemas(schema: dict[str, Any], path: tuple[str, ...]) -> list[dict[str, Any]]:
    """Return the subschemas that describe the value at `path` (keys, and ITEM for a list item) of a document."""
    current = list(_resolved(schema, schema))
    for token in path:
        following: list[dict[str, Any]] = []
        for node in current:
            if token == ITEM:
                children = [node.get("items")] + list(node.get("prefixItems", []) or [])
            else:
                properties = node.get("properties", {})
                children = [properties.get(token)] if isinstance(properties, dict) else []
                patterns = node.get("patternProperties", {})
                if isinstance(patterns, dict):
                    children += [sub for pattern, sub in patterns.items() if _matches(pattern, token)]
                if isinstance(node.get("additionalProperties"), dict) and token not in properties:
                    children.append(node["additionalProperties"])
            for child in children:
                following.extend(_resolved(schema, child))
        current = following
        if not current:
            break
    return current


def _matches(pattern: str, text: str) -> bool:
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


def keys(schema: dict[str, Any], path: tuple[str, ...]) -> dict[str, str]:
    """Return the keys a mapping at `path` may hold, with their descriptions ('' when none)."""
    found: dict[str, str] = {}
    for node in subschemas(schema, path):
        properties = node.get("properties", {})
        if isinstance(properties, dict):
            for name, sub in properties.items():
                if not found.get(name):
                    found[name] = description(schema, sub)
    return found


def values(schema: dict[str, Any], path: tuple[str, ...]) -> list[str]:
    """Return the values the schema lists for `path` (enum and const), as their YAML text, in order."""
    found: list[str] = []
    for node in subschemas(schema, path):
        for value in [*(node.get("enum") or []), *([node["const"]] if "const" in node else [])]:
            text = _yaml_scalar(value)
            if text is not None and text not in found:
                found.append(text)
    return found


def _yaml_scalar(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int | float | str):
        return str(value)
    return None


def description(schema: dict[str, Any], node: Any) -> str:
    """Return the first description of a subschema or of what it stands for ('' when none)."""
    return next((str(sub["description"]) for sub in _resolved(schema, node) if sub.get("description")), "")


def key_help(schema: dict[str, Any], path: tuple[str, ...]) -> str | None:
    """Return the Markdown an editor shows on the key at the end of `path`: its description, unit and rule number.

    None when the schema does not describe the key.
    """
    nodes = subschemas(schema, path)
    text = next((str(node["description"]) for node in nodes if node.get("description")), "")
    if not nodes:
        return None
    name = path[-1] if path else ""
    parts = [f"**{name}**" + (f": {text}" if text else "")]
    suffix = name.rsplit("_", 1)[-1] if "_" in name else ""
    if suffix in UNITS:
        parts.append(f"Unit: {UNITS[suffix]} (`_{suffix}`).")
    rules = list(dict.fromkeys(match[0] for match in RULE.finditer(text)))
    if rules:
        parts.append(f"Rule: {', '.join(rules)}.")
    kinds = sorted({str(node["type"]) for node in nodes if isinstance(node.get("type"), str)})
    if kinds:
        parts.append(f"Type: {' or '.join(kinds)}.")
    return "\n\n".join(parts)
