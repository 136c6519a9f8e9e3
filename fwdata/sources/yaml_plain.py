"""Loading: located plain data straight from parser events, for the common document (no anchors, aliases or `<<`).

Most sources are a mapping of plain values, so building a node graph first
(`yaml_reader`) and converting it after (`yaml_values`) does every node twice.
This reader builds the data and its positions as the events pass, held to the
same event caps (`EventChecks`) in the same order. Whatever it does not handle
(an anchor, an alias, a merge key, a root that is not a mapping) or would refuse
(a duplicate key, a value that does not fit its tag) makes it give up, and the
caller reads the text again through the node graph, which gives the full
answer and the same finding: this is a shortcut, never a second set of rules.
"""

from __future__ import annotations

import sys
from typing import Any

from yaml.events import (
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from fwdata.sources.document import Positions, packed_position, pointer_join
from fwdata.sources.yaml_reader import (
    CORE,
    MERGE_TAG,
    EventChecks,
    LoadLimits,
    Refused,
    TextLines,
    plain_tag,
    read_events,
    yaml_parser,
)
from fwdata.sources.yaml_values import key_text, scalar_value

_MAP_TAGS = (None, "!", CORE + "map")
_SEQ_TAGS = (None, "!", CORE + "seq")


class GiveUp(Exception):
    """The document needs the node graph: read it again with `yaml_reader.read_nodes` and `yaml_values.to_plain`."""


def read_plain(text: str, limits: LoadLimits, lines: TextLines) -> tuple[dict[str, Any], Positions]:
    """Return a mapping document's data and positions, as `to_plain(read_nodes(...))` would.

    Raises `GiveUp` for what it leaves to the node graph, `Refused` for a broken
    event cap, and PyYAML's `MarkedYAMLError` for text that is not YAML (both
    exactly where and as `read_nodes` raises them).
    """
    return read_events(text, limits, lines, lambda parser: _Builder(parser, limits, lines).document())


class _Builder:
    def __init__(self, parser: Any, limits: LoadLimits, lines: TextLines) -> None:
        self._next_event = parser.get_event
        self._check = EventChecks(limits, lines).check
        self._limits = limits
        self._at = lines.at
        self._pointers: list[str] = []
        self._values: list[int] = []
        self._keys: list[int] = []

    def document(self) -> tuple[dict[str, Any], Positions]:
        self._event()  # the stream start
        start = self._event()
        if type(start) is StreamEndEvent:
            raise GiveUp
        root = self._event()
        if type(root) is not MappingStartEvent:
            raise GiveUp
        data = self._value(root, "", self._at(root.start_mark), 0)
        self._event()  # the document end
        self._event()  # the stream end; a second document start is refused by EventChecks
        return data, Positions(self._pointers, self._values, self._keys)

    def _event(self) -> Any:
        event = self._next_event()
        self._check(event)
        if getattr(event, "anchor", None) is not None:  # an anchor, or an alias (which has one too)
            raise GiveUp
        return event

    def _value(self, event: Any, pointer: str, where: tuple[int, int], key_at: int) -> Any:
        self._pointers.append(pointer)
        self._values.append(packed_position(*where))
        self._keys.append(key_at)
        if len(self._pointers) > self._limits.max_values:
            raise GiveUp
        kind = type(event)
        if kind is ScalarEvent:
            return self._scalar(event, where)
        if kind is MappingStartEvent and event.tag in _MAP_TAGS:
            return self._mapping(pointer)
        if kind is SequenceStartEvent and event.tag in _SEQ_TAGS:
            items: list[Any] = []
            while type(item := self._event()) is not SequenceEndEvent:
                items.append(self._value(item, sys.intern(pointer_join(pointer, len(items))),
                                         self._at(item.start_mark), 0))
            return items
        raise GiveUp  # a collection with another tag

    def _mapping(self, pointer: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        while type(key := self._event()) is not MappingEndEvent:
            if type(key) is not ScalarEvent:
                raise GiveUp  # a list or mapping as a key
            key_at = self._at(key.start_mark)
            tag = self._tag(key)
            if tag == MERGE_TAG:
                raise GiveUp
            name = sys.intern(key_text(self._convert(tag, key.value, key_at)))
            if name in result:
                raise GiveUp
            value = self._event()
            value_at = key_at if _is_empty(value) else self._at(value.start_mark)
            result[name] = self._value(value, sys.intern(pointer_join(pointer, name)), value_at,
                                       packed_position(*key_at))
        return result

    def _scalar(self, event: Any, where: tuple[int, int]) -> Any:
        return self._convert(self._tag(event), event.value, where)

    def _convert(self, tag: str, text: str, where: tuple[int, int]) -> Any:
        try:
            return scalar_value(tag.removeprefix(CORE), text, self._limits, where)
        except Refused:
            raise GiveUp from None

    @staticmethod
    def _tag(event: Any) -> str:
        return _tag(event)


def _tag(event: Any) -> str:
    tag = event.tag
    if tag is None or tag == "!":
        return plain_tag(event.value) if event.implicit[0] else CORE + "str"
    return str(tag)


def _is_empty(value: Any) -> bool:
    """Return True for an empty plain value: it has no text of its own (the parser marks where it would start), so it
    is placed at its key."""
    return type(value) is ScalarEvent and value.value == "" and not value.style


def read_positions(text: str, limits: LoadLimits) -> Positions:
    """Return the positions `read_plain` gives a text `yaml_fast` took, without building its data again.

    Such a text passed every check and cap, is a mapping with no anchor, alias, tag, merge key or key
    twice, and has no line break but `\\n` (no `\\r`, U+0085, U+2028 or U+2029): libyaml's marks count
    lines and columns as `TextLines` does. Only the keys are converted (they name the pointers).
    """
    found = read_position(text, limits, None)
    assert isinstance(found, Positions)  # no pointer is sought
    return found


def read_position(text: str, limits: LoadLimits, pointer: str | None) -> Positions | tuple[int, int]:
    """Return the packed positions (`packed_position`) of the value at `pointer` in a text `yaml_fast` took and of
    its key (0 when it has none), reading only as far as that value; when the text has no such value, every
    position (`read_positions`)."""
    parser = yaml_parser(text)
    try:
        return _Locator(parser, limits, pointer).positions()
    except _Reached as reached:
        return reached.value_at, reached.key_at
    finally:
        parser.dispose()


class _Reached(Exception):
    """The value sought is read: its positions."""

    def __init__(self, value_at: int, key_at: int) -> None:
        super().__init__()
        self.value_at, self.key_at = value_at, key_at


class _Locator:
    """`_Builder`'s pointers and positions, from a text `yaml_fast` took: no checks, no values. Raises `_Reached` at
    the value of the pointer `sought`."""

    def __init__(self, parser: Any, limits: LoadLimits, sought: str | None) -> None:
        self._next_event = parser.get_event
        self._limits = limits
        self._sought = sought
        self._pointers: list[str] = []
        self._values: list[int] = []
        self._keys: list[int] = []

    def positions(self) -> Positions:
        self._next_event()  # the stream start
        self._next_event()  # the document start
        root = self._next_event()
        self._value(root, "", _packed(root.start_mark), 0)
        return Positions(self._pointers, self._values, self._keys)

    def _value(self, event: Any, pointer: str, where: int, key_at: int) -> None:
        if pointer == self._sought:
            raise _Reached(where, key_at)
        self._pointers.append(pointer)
        self._values.append(where)
        self._keys.append(key_at)
        kind = type(event)
        if kind is MappingStartEvent:
            self._mapping(pointer)
        elif kind is SequenceStartEvent:
            index = 0
            while type(item := self._next_event()) is not SequenceEndEvent:
                self._value(item, sys.intern(pointer_join(pointer, index)), _packed(item.start_mark), 0)
                index += 1

    def _mapping(self, pointer: str) -> None:
        while type(key := self._next_event()) is not MappingEndEvent:
            mark = key.start_mark
            name = key_text(scalar_value(_tag(key).removeprefix(CORE), key.value, self._limits,
                                         (mark.line + 1, mark.column + 1)))
            key_at = _packed(mark)
            value = self._next_event()
            self._value(value, sys.intern(pointer_join(pointer, name)),
                        key_at if _is_empty(value) else _packed(value.start_mark), key_at)


def _packed(mark: Any) -> int:
    return packed_position(mark.line + 1, mark.column + 1)

