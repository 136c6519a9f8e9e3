"""Tolerant validation: schema errors inside `x-fwdata-tolerant` subtrees mask their values as unknown.

A schema marks a subtree (say, the items of a long hand-typed table) with
`"x-fwdata-tolerant": true`. An error inside it is still a SCHEMA finding, but
the document stays valid: the offending value becomes None (unknown), an
unknown key is dropped, and the whole subtree becomes None when its own value
is wrong or one of its `required` keys is. The marker counts only where it is
reachable from the kind's schema without crossing a `$ref`.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

TOLERANT = "x-fwdata-tolerant"
# Keywords whose subschema applies to one child of the instance: the next schema token is that child's key.
_NAMED_CHILD = frozenset({"properties", "patternProperties", "prefixItems"})
# Keywords whose subschema applies to children of the instance, the schema path naming no child.
_ANY_CHILD = frozenset({"items", "additionalProperties", "contains", "unevaluatedItems", "unevaluatedProperties"})
# Keywords followed by a name or index that do not step into the instance.
_NAMED_BRANCH = frozenset({"allOf", "anyOf", "oneOf", "$defs", "dependentSchemas"})


@dataclass(frozen=True)
class ToleratedError:
    """A schema error inside a tolerant subtree: the error, the subtree's instance path and its schema."""

    problem: ValidationError
    subtree: tuple[str | int, ...]
    schema: dict[str, Any]


def tolerated(schema: dict[str, Any], problem: ValidationError) -> ToleratedError | None:
    """Return the error with the outermost tolerant subtree it lies in, or None when it lies in none."""
    node: Any = schema
    depth = 0
    names_child = False
    for token in problem.absolute_schema_path:
        if isinstance(node, dict) and node.get(TOLERANT) is True and not names_child:
            return ToleratedError(problem, tuple(problem.absolute_path)[:depth], node)
        if token == "$ref" or not isinstance(node, dict | list):
            return None
        try:
            node = node[token]
        except (KeyError, IndexError, TypeError):
            return None
        if names_child:
            depth += 1
            names_child = False
        elif token in _NAMED_CHILD:
            names_child = True
        elif token in _ANY_CHILD:
            depth += 1
    return None


def masked_data(data: Any, errors: Sequence[ToleratedError]) -> Any:
    """Return a copy of `data` with every tolerated error's value masked as unknown (None) or dropped."""
    masked = copy.deepcopy(data)
    for tolerated_error in errors:
        problem = tolerated_error.problem
        path = tuple(problem.absolute_path)
        subtree = tolerated_error.subtree
        required = tolerated_error.schema.get("required", ())
        if problem.validator == "additionalProperties" and isinstance(problem.instance, dict):
            known = problem.schema.get("properties", {})
            patterns = problem.schema.get("patternProperties", {})
            target = _value_at(masked, path)
            if isinstance(target, dict) and not patterns:  # with patternProperties, unknown keys stay
                for key in [key for key in target if key not in known]:
                    del target[key]
            continue
        if len(path) == len(subtree) + 1 and path[-1] in required:
            path = subtree  # a required key is unusable: the subtree as a whole is unknown
        _set_unknown(masked, path)
    return masked


def _value_at(data: Any, path: tuple[str | int, ...]) -> Any:
    for token in path:
        if not _has(data, token):
            return None
        data = data[token]
    return data


def _has(container: Any, token: str | int | None) -> bool:
    if isinstance(container, dict):
        return token in container
    return isinstance(container, list) and isinstance(token, int) and 0 <= token < len(container)


def _set_unknown(data: Any, path: tuple[str | int, ...]) -> None:
    parent = _value_at(data, path[:-1])
    last = path[-1] if path else None
    if _has(parent, last):
        parent[last] = None
