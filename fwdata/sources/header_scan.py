"""A source's header, its `system`, `kind` and `id`, read from the first events of its YAML parse, without loading it.

A check of one file of a large pack must know every other file's header (ids are unique within a system and kind;
references resolve by id) but reads few of the other files whole. `scanned_header` reads the events the located
reader reads (fwdata/sources/yaml_reader.py: the same parser), only as far as the three keys of the root mapping,
and resolves their values as the located reader does. It answers only when it can vouch for the answer: when the
file loads, its document's header is the one scanned; whether it loads, and whether it is schema-valid, is for the
full load to say (fwdata/incremental/check_cache.py `ScannedDocument`, made when the catalog first reads it).
"""

from __future__ import annotations

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


def scanned_header(raw: bytes) -> tuple[str, str, str] | None:
    """Return the (system, kind, id) of a YAML source's bytes as the located reader would load them: each a string
    value of the root mapping. None when the scan cannot vouch for it: not UTF-8, not a mapping, a key or value
    the located reader treats specially (a tag, an alias, a merge key, a complex key, a block scalar, a value the
    core schema reads as other than a string), a header key twice, a key missing, or the keys later than
    MAX_SCANNED_EVENTS. U+0085, U+2028 and U+2029 break no line, as for the located reader (`hold_separators`).
    Never raises for bad content.
    """
    try:
        text, restore = hold_separators(raw.decode("utf-8-sig"))
        header = parse_with(text, _header)
    except (UnicodeDecodeError, yaml.YAMLError):
        return None
    return None if header is None else (restore(header[0]), restore(header[1]), restore(header[2]))


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
