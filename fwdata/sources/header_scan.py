"""A source's header, its `system`, `kind` and `id`, read from the first events of its YAML parse, without loading it.

A check of one file of a large pack must know every other file's header (ids are unique within a system and kind;
references resolve by id) but reads few of the other files whole. `scanned_header` reads the events the located
reader reads (fwdata/sources/yaml_reader.py: the same parser), only as far as the three keys of the root mapping,
and resolves their values as the located reader does. It answers only when it can vouch for the answer: when the
file loads, its document's header is the one scanned; whether it loads, and whether it is schema-valid, is for the
full load to say (fwdata/incremental/check_cache.py `ScannedDocument`, made when the catalog first reads it).

Most files begin as `fwdata new` writes them: comment lines, then the three keys, one a line, each with a plain
value. `plain_header` reads that form from the bytes with one regular expression, a tenth of the parser's cost,
and leaves every other form to the parser.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import Any

import yaml
from yaml.events import AliasEvent, CollectionStartEvent, MappingEndEvent, MappingStartEvent, ScalarEvent

from fwdata.sources.yaml_reader import CORE, parse_with, plain_tag
from fwdata.sources.yaml_strict import hold_separators

HEADER_KEYS = ("system", "kind", "id")
# A header found later than this many parser events (all of them, from the stream's start) is left to the full load:
# a scan's cost stays small, whatever comes before the keys.
MAX_SCANNED_EVENTS = 5_000
_STRING = CORE + "str"

# The form `plain_header` reads. Before the root: blank lines and comment lines of printable ASCII (no tab, no line
# break but LF or CRLF, so none a YAML 1.2 reader and libyaml count differently). Then the root mapping's first three
# entries, a line each at column 0: a header key, a plain value of letters, digits, `.`, `_` and `-` (no indicator,
# no comment, nothing the core schema reads as other than a string but what `plain_tag` says), nothing else. Then the
# end, or a line that starts at column 0 with a printable character: a plain value at column 0's indent continues
# only on a line indented past it (YAML 1.2.2, 7.3.3), so each value ends on its line.
_HEADER_LINE = rb"(system|kind|id): +([A-Za-z0-9][A-Za-z0-9._-]*) *\r?\n"
_PLAIN_HEADER = re.compile(rb"(?:\xef\xbb\xbf)?(?:[ ]*(?:#[ -~]*)?\r?\n)*" + _HEADER_LINE * 3 + rb"(?=[!-~]|\Z)")


def scanned_header(raw: bytes) -> tuple[str, str, str] | None:
    """Return the (system, kind, id) of a YAML source's bytes as the located reader would load them: each a string
    value of the root mapping. None when the scan cannot vouch for it: not UTF-8, not a mapping, a key or value
    the located reader treats specially (a tag, an alias, a merge key, a complex key, a block scalar, a value the
    core schema reads as other than a string), a header key twice, a key missing, or the keys later than
    MAX_SCANNED_EVENTS. U+0085, U+2028 and U+2029 break no line, as for the located reader (`hold_separators`).
    Never raises for bad content.
    """
    return plain_header(raw) or event_header(raw)


def event_header(raw: bytes) -> tuple[str, str, str] | None:
    """Return what `scanned_header` returns, read from the parser's events whatever the file's form."""
    try:
        text, restore = hold_separators(raw.decode("utf-8-sig"))
        header = parse_with(text, _header)
    except (UnicodeDecodeError, yaml.YAMLError):
        return None
    return None if header is None else (restore(header[0]), restore(header[1]), restore(header[2]))


def plain_header(raw: bytes) -> tuple[str, str, str] | None:
    """Return the (system, kind, id) of a YAML source's bytes when they begin in the form `fwdata new` writes (blank
    and comment lines, then the three header keys with plain values, a line each: `_PLAIN_HEADER`), None for any
    other form. When it answers, `event_header` gives the same header. Never raises."""
    found = _PLAIN_HEADER.match(raw)
    if found is None or not (raw.isascii() or _is_utf8(raw)):
        return None
    header = dict(zip(found.groups()[::2], found.groups()[1::2], strict=True))
    if len(header) != len(HEADER_KEYS):
        return None  # a key twice
    values = tuple(header[key.encode()].decode("ascii") for key in HEADER_KEYS)
    return None if any(plain_tag(value) != _STRING for value in values) else (values[0], values[1], values[2])


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _header(parser: Any) -> tuple[str, str, str] | None:
    """Return the header `scanned_header` reads from `parser`'s events, None when it cannot vouch for it."""
    events = islice(iter(parser.get_event, None), MAX_SCANNED_EVENTS)  # None: past the cap (or the stream's end)
    next(events, None)  # the stream's start
    next(events, None)  # the document's start
    root = next(events, None)
    if not isinstance(root, MappingStartEvent) or root.tag is not None:
        return None
    found: dict[str, str] = {}
    for key in events:
        if isinstance(key, MappingEndEvent):
            return None  # a header key missing
        if not isinstance(key, ScalarEvent) or key.tag is not None or (key.implicit[0] and key.value == "<<"):
            return None  # a complex key, an alias, a tag or a merge key: the located reader's own business
        value = next(events, None)
        if key.value in HEADER_KEYS:
            text = _string(value)
            if text is None or key.value in found:
                return None
            found[key.value] = text
            if len(found) == len(HEADER_KEYS):
                return found["system"], found["kind"], found["id"]
        elif isinstance(value, CollectionStartEvent) and not _skipped(events):
            return None
    return None


def _string(event: Any) -> str | None:
    """Return the string a header value's event holds as the located reader reads it, None when it is not one."""
    if not isinstance(event, ScalarEvent) or event.tag is not None or event.style in ("|", ">"):
        return None
    if event.implicit[0] and plain_tag(event.value) != _STRING:  # a plain scalar, resolved as the located reader does
        return None  # null, a bool or a number by the core schema (YAML 1.2.2, 10.3.2)
    return str(event.value)


def _skipped(events: Iterator[Any]) -> bool:
    """Read the events of the collection just started, up to its end; return False when `events` end first."""
    depth = 1
    for event in events:
        if isinstance(event, CollectionStartEvent):
            depth += 1
        elif not isinstance(event, ScalarEvent | AliasEvent):
            depth -= 1
            if depth == 0:
                return True
    return False
