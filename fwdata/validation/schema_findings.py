"""SCHEMA findings in words a card author reads: each error of Python's jsonschema located at the value it is about.

Only documents jsonschema-rs finds invalid reach this module (fwdata/validation/validate.py), so Python's
jsonschema is imported only when there is one.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterable, Mapping
from typing import Any

from jsonschema.exceptions import ValidationError, best_match

from fwdata.findings import Finding, error
from fwdata.sources.document import SourceDocument, pointer_join
from fwdata.suggestions import closest, did_you_mean
from fwdata.validation.schema_text import dotted_path, ecma_pattern, json_pointer

FITS = ": its value fits that key"  # the end of an unknown key's message that names the key its value fits
FOLDED_SHOWN = 5  # records named in a folded unknown key's finding


def mistyped_required(errors: Iterable[ValidationError]) -> dict[tuple[str | int, ...], set[str]]:
    """Return, by the path of each mapping, the required keys it misses that one of its unknown keys is a close
    misspelling of: the unknown key's finding says "did you mean" that key, so its missing is not told again."""
    covered: dict[tuple[str | int, ...], set[str]] = {}
    for problem in errors:
        if problem.validator == "additionalProperties" and isinstance(problem.instance, dict):
            allowed = sorted(problem.schema.get("properties", {}))
            for key in set(problem.instance) - set(allowed):
                meant = closest(key, allowed) or _fitting_name(problem.instance, key, problem.schema)
                if meant is not None and meant not in problem.instance:
                    covered.setdefault(tuple(problem.absolute_path), set()).add(meant)
    return covered


def error_findings(document: SourceDocument, problem: ValidationError,
                   covered: Mapping[tuple[str | int, ...], set[str]] | None = None) -> list[Finding]:
    """Return the findings of one schema error of `document`: one per unknown key, else one at the value; none for a
    missing key `covered` holds at its mapping's path (`mistyped_required`)."""
    if problem.validator in ("anyOf", "oneOf") and problem.context:
        where = dotted_path(problem.absolute_path)
        if (alternatives := _alternatives(problem)) is not None:
            return [error(document.locate(json_pointer(problem.absolute_path)), "SCHEMA",
                          f"{where}: {alternatives}" if where else alternatives)]
        # A branch that failed only on type is the least telling when another branch got further.
        deeper = [sub for sub in problem.context if sub.validator != "type"]
        chosen = best_match(deeper or problem.context)
        if chosen is not None and chosen.validator not in ("anyOf", "oneOf"):
            problem = chosen
    pointer = json_pointer(problem.absolute_path)
    where = dotted_path(problem.absolute_path)
    prefix = f"{where}: " if where else ""
    if problem.validator == "additionalProperties" and isinstance(problem.instance, dict):
        allowed = sorted(problem.schema.get("properties", {}))
        findings = []
        for key in sorted(set(problem.instance) - set(allowed)):
            if any(_matches(pattern, key) for pattern in problem.schema.get("patternProperties", {})):
                continue
            hint = did_you_mean(key, allowed) or _fitting_key(problem.instance, key, problem.schema)
            listed = f" (allowed: {', '.join(allowed)})" if allowed and not hint else ""
            findings.append(error(document.locate(pointer_join(pointer, key), at_key=True), "SCHEMA",
                                  f"{prefix}unknown key {key!r}{hint}{listed}"))
        return findings
    if problem.validator == "required" and isinstance(problem.instance, dict):
        told = (covered or {}).get(tuple(problem.absolute_path), set())
        missing = [key for key in problem.validator_value if key not in problem.instance and key not in told]
        return [error(document.locate(pointer), "SCHEMA", prefix + _missing(missing))] if missing else []
    return [error(document.locate(pointer), "SCHEMA", prefix + _message(problem))]


def _alternatives(problem: ValidationError) -> str | None:
    """Return "expected A or B, found V" for a value that fits none of an anyOf's or oneOf's plain alternatives (a
    number in a range, a marker such as 'unknown': `_accepted`), each failed at the value itself; None when one is
    not plain (the best-matching branch then speaks)."""
    branches: dict[object, dict[str, Any]] = {}
    for sub in problem.context:
        if sub.relative_path or not isinstance(sub.schema, dict):
            return None
        branches.setdefault(sub.schema_path[0], sub.schema)
    accepted = [_accepted(schema) for _, schema in sorted(branches.items(), key=lambda item: str(item[0]))]
    if len(accepted) < 2 or any(text is None for text in accepted):
        return None
    return f"expected {' or '.join(text for text in accepted if text)}, found {_describe(problem.instance)}"


# Keywords a plain alternative may hold besides what `_accepted` words (they say nothing of what it accepts).
_WORDLESS_KEYWORDS = frozenset({"description", "title", "examples", "$comment", "default", "$id", "$schema"})


def _accepted(schema: dict[str, Any]) -> str | None:
    """Return what a plain schema accepts in words: a constant, one of an enum's values, a type with its bounds
    ("an integer from 1 to 30"); None for any other schema."""
    keywords = set(schema) - _WORDLESS_KEYWORDS
    if keywords == {"const"}:
        return _short(schema["const"])
    if keywords == {"enum"} and isinstance(schema["enum"], list):
        return "one of " + ", ".join(map(_short, schema["enum"]))
    kind = schema.get("type")
    if not isinstance(kind, str) or not keywords <= {"type", "minimum", "maximum"}:
        return None
    low, high = schema.get("minimum"), schema.get("maximum")
    bounds = (f" from {low} to {high}" if low is not None and high is not None
              else f" of at least {low}" if low is not None else f" of at most {high}" if high is not None else "")
    return _article(kind) + bounds


def _fitting_key(instance: dict[str, Any], key: str, schema: dict[str, Any]) -> str:
    """Return " (did you mean 'x'?): ..." when the value of unknown `key` fits exactly one allowed key that
    `instance` lacks (`_fitting_name`), else ""."""
    fitting = _fitting_name(instance, key, schema)
    return "" if fitting is None else f" (did you mean {fitting!r}?){FITS}"


def _fitting_name(instance: dict[str, Any], key: str, schema: dict[str, Any]) -> str | None:
    """Return the one allowed key that `instance` lacks whose schema the value of unknown `key` fits (a chart typed
    under another name fits `next`), None when no key or several do."""
    fitting = [name for name, sub in schema.get("properties", {}).items()
               if name not in instance and isinstance(sub, dict) and _fits(instance[key], sub)]
    return fitting[0] if len(fitting) == 1 else None


def fold_fitting_keys(findings: list[Finding]) -> list[Finding]:
    """Fold the findings of one document's unknown key whose value fits another key (_fitting_key) into the first:
    a key mistyped on every page of a transcription is one finding with the count and the first records, not
    hundreds among its other findings. Every other finding is kept as it is."""
    first: dict[str, int] = {}
    others: dict[str, list[str]] = {}
    kept: list[Finding] = []
    for finding in findings:
        where, found, what = finding.message.partition("unknown key ")
        if not found or not what.endswith(FITS):
            kept.append(finding)
        elif what in first:
            others[what].append(where.removesuffix(": "))
        else:
            first[what] = len(kept)
            others[what] = []
            kept.append(finding)
    for what, at in first.items():
        more = others[what]
        if more:
            shown = ", ".join(more[:FOLDED_SHOWN]) + (", ..." if len(more) > FOLDED_SHOWN else "")
            finding = kept[at]
            kept[at] = dataclasses.replace(finding, message=f"{finding.message}; the same in {len(more)} more "
                                                            f"record{'s' if len(more) > 1 else ''} ({shown})")
    return kept


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    """Tell whether `value` plainly fits `schema`: an enum or const value, a number or boolean of its type and
    bounds, a list most of whose items fit (a chart with a mistyped cell or two still looks like one). A bare
    string, or a schema this cannot read ($ref), fits nothing."""
    if "enum" in schema or "const" in schema:
        return value is not None and value in schema.get("enum", [schema.get("const")])
    match schema.get("type"):
        case "integer":
            return (isinstance(value, int) and not isinstance(value, bool)
                    and schema.get("minimum", value) <= value <= schema.get("maximum", value))
        case "boolean":
            return isinstance(value, bool)
        case "array":
            items = schema.get("items")
            return (isinstance(value, list) and len(value) >= max(1, schema.get("minItems", 1))
                    and isinstance(items, dict) and sum(_fits(item, items) for item in value) * 2 > len(value))
    return False


def _matches(pattern: str, key: str) -> bool:
    return ecma_pattern(pattern).search(key) is not None


def _message(problem: ValidationError) -> str:
    value = problem.instance
    expected: Any = problem.validator_value
    description = problem.schema.get("description") if isinstance(problem.schema, dict) else None
    match problem.validator:
        case "required":
            return _missing([key for key in expected if isinstance(value, dict) and key not in value])
        case "type":
            wanted = " or ".join(expected) if isinstance(expected, list) else expected
            return f"expected {_article(wanted)}, found {_describe(value)}{_quoted_number(value, expected)}"
        case "enum" if value is None:
            return f"expected one of: {', '.join(map(str, expected))}, found an empty value"
        case "enum":
            hint = did_you_mean(value, [str(v) for v in expected])
            return f"{_short(value)} is not one of: {', '.join(map(str, expected))}{hint}"
        case "const":
            return f"expected {_short(expected)}, found {'an empty value' if value is None else _short(value)}"
        case "minimum":
            return f"{_short(value)} is below the minimum {expected}"
        case "maximum":
            return f"{_short(value)} is above the maximum {expected}"
        case "exclusiveMinimum":
            return f"{_short(value)} must be greater than {expected}"
        case "exclusiveMaximum":
            return f"{_short(value)} must be less than {expected}"
        case "multipleOf":
            return f"{_short(value)} is not a multiple of {expected}" + (f" ({description})" if description else "")
        case "pattern":
            return _pattern_message(value, problem.schema, expected)
        case "minItems":
            return f"expected at least {expected} item{'s' if expected != 1 else ''}, found {len(value)}"
        case "maxItems":
            return f"expected at most {expected} item{'s' if expected != 1 else ''}, found {len(value)}"
        case "minLength":
            return f"text {_short(value)} is shorter than {expected} characters"
        case "maxLength":
            return f"text is longer than {expected} characters"
    return problem.message


def _quoted_number(value: Any, expected: Any) -> str:
    """Return a hint when `value` is text that would be the number `expected` without its quotes ('7.5' for a
    number, '12' for an integer), else ""."""
    kinds = set(expected) if isinstance(expected, list) else {expected}
    if not isinstance(value, str) or not kinds & {"number", "integer"}:
        return ""
    try:
        number = int(value) if "number" not in kinds else float(value)
    except ValueError:
        return ""
    return " (a number in quotes is text: remove the quotes)" if math.isfinite(number) else ""


def _missing(keys: list[str]) -> str:
    return f"missing required key{'s' if len(keys) > 1 else ''} {', '.join(map(repr, keys))}"


def _pattern_message(value: Any, schema: Any, pattern: str) -> str:
    # Schemas annotate each pattern with what the value is, its form in words and examples
    # ("x-pattern" and "examples"), so a finding never shows a raw regular expression.
    hint = schema.get("x-pattern") if isinstance(schema, dict) else None
    examples = schema.get("examples") if isinstance(schema, dict) else None
    if not isinstance(hint, dict) or not isinstance(hint.get("name"), str):
        return f"{_short(value)} does not match {pattern}"
    text = f"{_short(value)} is not a valid {hint['name']}"
    if isinstance(hint.get("form"), str):
        text += f": {hint['form']}"
    if isinstance(examples, list) and examples:
        text += ", e.g. " + ", ".join(str(example) for example in examples)
    return text


def _article(name: str) -> str:
    names = {"number": "a number", "integer": "an integer", "string": "a string", "object": "a mapping",
             "array": "a list", "boolean": "true or false", "null": "an empty value (null)"}
    return names.get(name, name)


def _describe(value: Any) -> str:
    kinds = {bool: "true/false", int: "integer", float: "number", str: "string", list: "list", dict: "mapping"}
    if value is None:
        return "an empty value"
    kind = kinds.get(type(value), type(value).__name__)
    return kind if isinstance(value, list | dict) else f"{kind} {_short(value)}"


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."
