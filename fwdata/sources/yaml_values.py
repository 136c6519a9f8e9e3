"""Loading: the YAML node graph to plain JSON-like data, with the position of every key and value.

Scalars are constructed here by the YAML 1.2 core schema, so no text makes a
constructor raise: a value that does not fit its tag is a finding. Aliases are
expanded (the expanded size capped), `<<` merge keys applied, and a key that
appears twice in a mapping (after turning it into JSON's string key) is refused.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from fwdata.sources.document import Positions, packed_position, pointer_join
from fwdata.sources.yaml_reader import (
    CORE,
    CORE_PATTERNS,
    MERGE_TAG,
    LoadLimits,
    Refused,
    TextLines,
    quoted,
)


def to_plain(root: MappingNode, limits: LoadLimits, lines: TextLines) -> tuple[Any, Positions]:
    """Return the data of `root` and the 1-based (line, column) of its values and keys by JSON pointer.

    Raises `Refused` (YAML-TAG, YAML-NUMBER, YAML-KEY, YAML-MERGE,
    YAML-DUPLICATE-KEY, YAML-ALIASES, YAML-TOO-LARGE) at the offending node.
    """
    converter = _Converter(limits, lines)
    data = converter.convert(root, "", lines.at(root.start_mark))
    return data, Positions(converter.pointers, converter.values, converter.keys)


class _Converter:
    def __init__(self, limits: LoadLimits, lines: TextLines) -> None:
        self.limits = limits
        self.lines = lines
        self.pointers: list[str] = []  # every value's pointer, in document order
        self.values: list[int] = []  # its packed position
        self.keys: list[int] = []  # its key's packed position, 0 for none
        self.count = 0
        self.active: set[int] = set()

    def spend(self, where: tuple[int, int]) -> None:
        self.count += 1
        if self.count > self.limits.max_values:
            raise Refused("YAML-TOO-LARGE", f"the data expands to more than {self.limits.max_values} values "
                          "(aliases expanding too far?)", where)

    def convert(self, node: Node, pointer: str, where: tuple[int, int], key_at: int = 0) -> Any:
        self.pointers.append(pointer)
        self.values.append(packed_position(*where))
        self.keys.append(key_at)
        self.spend(where)
        if isinstance(node, ScalarNode):
            return self.scalar(node, where)
        kind = "map" if isinstance(node, MappingNode) else "seq"
        tag = str(node.tag)
        if tag != CORE + kind:
            noun = "mapping" if kind == "map" else "list"
            raise Refused("YAML-TAG", f"!!{tag.removeprefix(CORE)} cannot tag a {noun}", where)
        if id(node) in self.active:
            raise Refused("YAML-ALIASES", "a value refers to itself through an alias", where)
        self.active.add(id(node))
        try:
            if isinstance(node, MappingNode):
                return self.mapping(node, pointer)
            return self.sequence(node, pointer)
        finally:
            self.active.discard(id(node))

    def mapping(self, node: MappingNode, pointer: str) -> dict[str, Any]:
        result: dict[str, Any] = {}
        own = [(key, value) for key, value in node.value if key.tag != MERGE_TAG]
        merged = [entry for key, value in node.value if key.tag == MERGE_TAG for entry in self.merged(value)]
        for index, (key_node, value_node) in enumerate(own + merged):
            key_at = self.lines.at(key_node.start_mark)
            name = self.key_name(key_node, key_at)
            if name in result:
                if index >= len(own):
                    continue  # the mapping's own key, or an earlier merged mapping's, wins
                raise Refused("YAML-DUPLICATE-KEY", f"duplicate key {quoted(name)}: each key may appear once "
                              "in a mapping", key_at)
            value_at = self.lines.at(value_node.start_mark)
            if _is_empty(value_node):
                value_at = key_at  # an empty value has no text of its own: the parser marks where it would start
            name = sys.intern(name)  # the same keys and pointers recur in every document of a kind
            child = sys.intern(pointer_join(pointer, name))
            result[name] = self.convert(value_node, child, value_at, packed_position(*key_at))
        return result

    def merged(self, value: Node) -> list[tuple[Node, Node]]:
        """Return the entries a `<<` key merges in: of its mapping, or of its list of mappings, earlier first."""
        where = self.lines.at(value.start_mark)
        sources = value.value if isinstance(value, SequenceNode) else [value]
        if not all(isinstance(source, MappingNode) for source in sources):
            raise Refused("YAML-MERGE", "a merge key << takes a mapping or a list of mappings "
                          "(usually aliases: <<: *defaults)", where)
        entries: list[tuple[Node, Node]] = []
        for source in sources:
            for key, item in source.value:
                self.spend(where)  # merges of merges multiply: the work is capped like the values
                entries.extend(self.merged(item) if key.tag == MERGE_TAG else [(key, item)])
        return entries

    def sequence(self, node: Node, pointer: str) -> list[Any]:
        return [self.convert(item, sys.intern(pointer_join(pointer, index)), self.lines.at(item.start_mark))
                for index, item in enumerate(node.value)]

    def key_name(self, key: Node, where: tuple[int, int]) -> str:
        if not isinstance(key, ScalarNode):
            raise Refused("YAML-KEY", "a mapping key must be a plain value, not a list or mapping", where)
        return key_text(scalar_value(str(key.tag).removeprefix(CORE), key.value, self.limits, where))

    def scalar(self, node: ScalarNode, where: tuple[int, int]) -> Any:
        return scalar_value(str(node.tag).removeprefix(CORE), node.value, self.limits, where)


def key_text(value: Any) -> str:
    """Return a scalar key's value as the string key JSON gives it: true/false/null, numbers as written by str()."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def scalar_value(kind: str, text: str, limits: LoadLimits, where: tuple[int, int]) -> Any:
    """Return the value of a scalar of core-schema `kind` ("str", "int", ...; explicit or resolved from plain text).

    Raises `Refused` (YAML-NUMBER, YAML-TAG) at `where` for a value that does not fit its kind.
    """
    if kind in ("int", "float") and len(text) > limits.max_number_chars:
        raise Refused("YAML-NUMBER", f"a number of {len(text)} characters (numbers are at most "
                      f"{limits.max_number_chars} characters)", where)
    if kind in ("str", "merge"):
        return sys.intern(text) if len(text) <= 64 else text  # a plain `<<` elsewhere is text; short texts recur
    pattern = CORE_PATTERNS.get(kind)
    if pattern is None or not pattern.fullmatch(text):
        raise Refused("YAML-TAG", f"{quoted(text)} is not a valid !!{kind} value", where)
    if kind == "null":
        return None
    if kind == "bool":
        return text.lower() == "true"
    if kind == "int":
        return _integer(text)
    number = math.inf if text.lstrip("+-").lower() in (".inf", ".nan") else float(text)
    if not math.isfinite(number):
        raise Refused("YAML-NUMBER", f"{text} is not allowed (.inf, .nan and numbers beyond 1.8e308 "
                      "are not numbers fwdata can use)", where)
    return number


def _integer(text: str) -> int:
    if text.startswith(("0o", "0x")):
        return int(text[2:], 8 if text[1] == "o" else 16)
    return int(text)


def _is_empty(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.value == "" and not node.style  # plain: '' (libyaml) or None
