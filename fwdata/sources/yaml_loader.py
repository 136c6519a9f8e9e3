"""Loading: read one YAML 1.2 file into a located SourceDocument, or findings that say why not.

Hostile input is bounded before anything is built: file size, nesting depth,
alias count and the size of the expanded data are capped, explicit tags other
than YAML's core ones are refused, and duplicate keys are errors.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import re
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.reader import ReaderError

from fwdata.findings import Finding, Location, error, escape_controls
from fwdata.sources.document import SourceDocument, pointer_join

_NUMBER = re.compile(r"^[-+]?([0-9_]+(\.[0-9_]*)?|\.[0-9_]+)([eE][-+]?[0-9]+)?$|^0x[0-9a-fA-F_]+$|^0o[0-7_]+$")
CORE_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq"))


@dataclass(frozen=True)
class LoadLimits:
    """Caps that keep a hostile file from exhausting time or memory."""

    max_bytes: int = 524_288
    max_depth: int = 48
    max_aliases: int = 64
    max_events: int = 25_000
    max_line_chars: int = 4_000
    max_number_chars: int = 40
    max_values: int = 100_000


class _Refused(Exception):
    """A limit or rule broken while walking the file (internal control flow)."""

    def __init__(self, code: str, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.line = line
        self.column = column


def display_path(path: Path) -> str:
    """Return `path` relative to the current folder when it lies below it, control characters escaped."""
    try:
        shown = os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd().resolve()) else str(path)
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symbolic link loop (Python 3.11)
        shown = str(path)
    return escape_controls(shown)


def load_sources(
    paths: Sequence[Path], limits: LoadLimits = LoadLimits()
) -> tuple[list[SourceDocument], list[Finding]]:
    """Load every file; return the documents that loaded and the findings of those that did not."""
    documents: list[SourceDocument] = []
    findings: list[Finding] = []
    for path in paths:
        document, problems = load_source(path, limits)
        findings.extend(problems)
        if document is not None:
            documents.append(document)
    return documents, findings


def load_source(path: Path, limits: LoadLimits = LoadLimits()) -> tuple[SourceDocument | None, list[Finding]]:
    """Load one YAML file as a mapping with the position of every key and value.

    Never raises for bad content: every problem becomes a finding (YAML-* codes)
    at its 1-based line and column. Reading errors (permissions) are findings too.
    """
    shown = display_path(path)

    def fail(code: str, message: str, line: int = 1, column: int = 1) -> tuple[None, list[Finding]]:
        return None, [error(Location(shown, line, column), code, message)]

    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            return fail("SOURCE-UNREADABLE", "not a regular file (a pipe, device or socket cannot be a source)")
        size = status.st_size
        if size > limits.max_bytes:
            return fail("YAML-TOO-LARGE", f"file is {size} bytes; the limit is {limits.max_bytes} bytes")
        raw = path.read_bytes()
    except OSError as exc:
        return fail("SOURCE-UNREADABLE", f"cannot read file: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return fail("YAML-ENCODING", f"invalid UTF-8 byte 0x{raw[exc.start]:02x} (sources must be UTF-8)", line, column)

    tab_findings = _tab_indentation(shown, text)
    if tab_findings:
        return None, tab_findings
    for number, text_line in enumerate(text.splitlines(), start=1):
        if len(text_line) > limits.max_line_chars:
            return fail("YAML-TOO-LARGE", f"line {number} has {len(text_line)} characters; the limit is "
                        f"{limits.max_line_chars}", number, 1)
    try:
        _scan_events(text, limits)
        loaded = YAML(typ="rt").load(text)
        if loaded is None:
            return fail("YAML-EMPTY", "the file holds no document (expected a mapping with system, kind and id)")
        if not isinstance(loaded, CommentedMap):
            kind = "a list" if isinstance(loaded, CommentedSeq) else "a single value"
            return fail("YAML-NOT-MAPPING", f"the document is {kind}; expected a mapping with system, kind and id")
        data, values, keys = _to_plain(loaded, limits)
    except _Refused as exc:
        return fail(exc.code, exc.message, exc.line, exc.column)
    except DuplicateKeyError as exc:
        mark = exc.problem_mark
        key = _duplicate_key_name(exc)
        return fail("YAML-DUPLICATE-KEY", f"duplicate key {key}: each key may appear once in a mapping",
                    mark.line + 1 if mark else 1, mark.column + 1 if mark else 1)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        context = f" ({exc.context.strip()})" if exc.context and exc.problem else ""
        return fail("YAML-SYNTAX", f"{problem}{context}", mark.line + 1 if mark else 1, mark.column + 1 if mark else 1)
    except ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        message = f"control character U+{_codepoint(exc.character):04X} is not allowed in YAML"
        return fail("YAML-SYNTAX", message, line, column)
    except YAMLError as exc:
        return fail("YAML-SYNTAX", str(exc).strip().splitlines()[0] if str(exc).strip() else "invalid YAML")
    return SourceDocument(path=shown, data=data, value_positions=values, key_positions=keys), []


def _codepoint(character: int | str) -> int:
    return character if isinstance(character, int) else ord(character)


def _duplicate_key_name(exc: DuplicateKeyError) -> str:
    match = re.search(r'"([^"]*)"', exc.problem or "")
    return f'"{match.group(1)}"' if match else "(key)"


def _tab_indentation(shown: str, text: str) -> list[Finding]:
    findings = []
    for number, line in enumerate(text.splitlines(), start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip() and not line.lstrip().startswith("#"):
            column = indent.index("\t") + 1
            findings.append(error(Location(shown, number, column), "YAML-TAB",
                                  "tab character in indentation (YAML indents with spaces only)"))
    return findings


def _scan_events(text: str, limits: LoadLimits) -> None:
    """Walk the parser's events (no objects built) to enforce depth, alias, tag and size caps."""
    depth = aliases = documents = 0
    open_anchors: list[str | None] = []
    for events, event in enumerate(YAML(typ="rt").parse(text), start=1):
        mark = event.start_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        if events > limits.max_events:
            raise _Refused("YAML-TOO-LARGE", f"more than {limits.max_events} YAML nodes", line, column)
        if isinstance(event, DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _Refused("YAML-MULTIPLE-DOCUMENTS", "more than one YAML document in the file "
                               "(each source file holds exactly one document)", line, column)
        elif isinstance(event, MappingStartEvent | SequenceStartEvent):
            depth += 1
            open_anchors.append(event.anchor)
            if depth > limits.max_depth:
                raise _Refused("YAML-TOO-DEEP", f"nesting deeper than {limits.max_depth} levels", line, column)
        elif isinstance(event, MappingEndEvent | SequenceEndEvent):
            depth -= 1
            if open_anchors:
                open_anchors.pop()
        elif isinstance(event, AliasEvent):
            if event.anchor in open_anchors:
                raise _Refused("YAML-ALIASES", f"*{event.anchor} refers to a value that contains it", line, column)
            aliases += 1
            if aliases > limits.max_aliases:
                raise _Refused("YAML-ALIASES", f"more than {limits.max_aliases} aliases (*name)", line, column)
        if isinstance(event, ScalarEvent | MappingStartEvent | SequenceStartEvent):
            tag = event.tag
            if tag and tag not in CORE_TAGS and tag != "!":
                raise _Refused("YAML-TAG", f"custom tag {tag} is not allowed (plain YAML data only)", line, column)
            if tag and isinstance(event, ScalarEvent):
                _check_core_scalar(tag, event.value, line, column)
        if (isinstance(event, ScalarEvent) and not event.style and len(event.value) > limits.max_number_chars
                and _NUMBER.match(event.value)):
            raise _Refused("YAML-NUMBER", f"a number of {len(event.value)} characters (numbers are at most "
                           f"{limits.max_number_chars} characters)", line, column)


Positions = dict[str, tuple[int, int]]


def _to_plain(root: CommentedMap, limits: LoadLimits) -> tuple[Any, Positions, Positions]:
    """Convert ruamel's round-trip objects into plain data, recording positions by JSON pointer.

    Aliases are expanded; the expanded size is capped (alias bombs) and a value
    that contains itself is refused.
    """
    values: Positions = {"": (root.lc.line + 1, root.lc.col + 1)}
    keys: Positions = {}
    count = 0
    active: set[int] = set()

    def convert(node: Any, pointer: str, where: tuple[int, int]) -> Any:
        nonlocal count
        count += 1
        if count > limits.max_values:
            raise _Refused("YAML-TOO-LARGE", f"the data expands to more than {limits.max_values} values "
                           "(aliases expanding too far?)", *where)
        if isinstance(node, CommentedMap | CommentedSeq):
            if id(node) in active:
                raise _Refused("YAML-ALIASES", "a value refers to itself through an alias", *where)
            active.add(id(node))
            try:
                return convert_map(node, pointer) if isinstance(node, CommentedMap) else convert_seq(node, pointer)
            finally:
                active.discard(id(node))
        return _plain_scalar(node, where)

    def convert_map(node: CommentedMap, pointer: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in node.items():
            position = node.lc.data.get(key)
            key_at = (position[0] + 1, position[1] + 1) if position else values.get(pointer, (1, 1))
            value_at = (position[2] + 1, position[3] + 1) if position else key_at
            if value is None and value_at[0] != key_at[0]:
                value_at = key_at  # an empty value: ruamel points at the next token, often the next line
            if not isinstance(key, str | int | float | bool) and key is not None:
                raise _Refused("YAML-KEY", "a mapping key must be a plain value, not a list or mapping", *key_at)
            name = _key_text(key)
            child = pointer_join(pointer, name)
            keys[child] = key_at
            values[child] = value_at
            result[name] = convert(value, child, value_at)
        return result

    def convert_seq(node: CommentedSeq, pointer: str) -> list[Any]:
        result: list[Any] = []
        for index, value in enumerate(node):
            position = node.lc.data.get(index)
            value_at = (position[0] + 1, position[1] + 1) if position else values.get(pointer, (1, 1))
            child = pointer_join(pointer, index)
            values[child] = value_at
            result.append(convert(value, child, value_at))
        return result

    data = convert(root, "", values[""])
    return data, values, keys


def _key_text(key: Any) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    return str(key)


def _check_core_scalar(tag: str, text: str, line: int, column: int) -> None:
    """Refuse a scalar whose explicit core tag does not fit its text (ruamel would raise ValueError)."""
    if tag in CORE_TAGS:
        _core_value(tag.removeprefix("tag:yaml.org,2002:"), text, (line, column))


def _core_tagged(node: TaggedScalar, where: tuple[int, int]) -> Any:
    """Apply an explicit core tag (!!str, !!int, !!float, !!bool, !!null) to its text."""
    return _core_value(str(node.tag).removeprefix("tag:yaml.org,2002:"), str(node.value), where)


def _core_value(tag: str, text: str, where: tuple[int, int]) -> Any:
    try:
        if tag == "str":
            return text
        if tag == "int":
            return int(text, 0)
        if tag == "float":
            return float(text)
        if tag == "bool" and text.lower() in ("true", "false"):
            return text.lower() == "true"
        if tag == "null" and text in ("", "~", "null", "Null", "NULL"):
            return None
        if tag in ("map", "seq"):
            return text
    except ValueError:
        pass
    raise _Refused("YAML-TAG", f"{text!r} is not a valid !!{tag} value", *where)


_SCALAR_TYPES: tuple[tuple[type, Callable[[Any], Any]], ...] = (
    (bool, bool),
    (int, int),
    (float, float),
    (str, str),
)


def _plain_scalar(node: Any, where: tuple[int, int]) -> Any:
    if node is None:
        return None
    if isinstance(node, TaggedScalar):
        return _core_tagged(node, where)
    if type(node).__name__ == "ScalarBoolean":
        return bool(node)
    if isinstance(node, float) and not math.isfinite(node):
        raise _Refused("YAML-NUMBER", f"{node} is not allowed (.inf and .nan are not numbers fwdata can use)", *where)
    for kind, make in _SCALAR_TYPES:
        if isinstance(node, kind):
            return make(node)
    if isinstance(node, dt.date | dt.datetime):
        return node.isoformat()
    if isinstance(node, bytes | bytearray):
        raise _Refused("YAML-TAG", "binary values are not allowed (plain YAML data only)", *where)
    raise _Refused("YAML-TAG", f"unsupported YAML value of type {type(node).__name__}", *where)
