"""Loading: YAML text to a node graph, the caps checked as each parser event passes.

libyaml (through PyYAML's C parser) scans and parses; the nodes are composed
here, in Python, so every event is checked before a node is built from it.
Nothing is constructed, so no date, key or merge quirk of a constructor can
raise. Plain scalars are resolved by the YAML 1.2 core schema (null, bool, int,
float, str; no timestamps, no sexagesimals), whatever `%YAML` directive the file
carries; a plain `<<` is a merge key. Without libyaml, PyYAML's pure-Python
parser reads the same way, only slower.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import yaml
from yaml.composer import ComposerError
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.scanner import Scanner, ScannerError

try:
    from yaml.cyaml import CParser
except ImportError:  # PyYAML built without libyaml
    CParser = None

CORE = "tag:yaml.org,2002:"
CORE_TAGS = frozenset(CORE + name for name in ("str", "int", "float", "bool", "null", "map", "seq"))
MERGE_TAG = CORE + "merge"

# YAML 1.2.2, 10.3.2 "Tag Resolution" of the core schema; int is tried before float.
CORE_PATTERNS = {
    "null": re.compile(r"~|null|Null|NULL|"),
    "bool": re.compile(r"true|True|TRUE|false|False|FALSE"),
    "int": re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"),
    "float": re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"),
}
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
T = TypeVar("T")
BLANK_LINE_WITH_TABS = re.compile(r"(?:^|(?<=\r))[ \t]*\t[ \t]*(?=#|\r|\n|\Z)", re.MULTILINE)


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


class Refused(Exception):
    """A limit or rule broken while reading or converting the file, with its finding code and place."""

    def __init__(self, code: str, message: str, where: tuple[int, int]) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.where = where


class TextLines:
    """The line starts of a text, to turn character offsets into 1-based (line, column).

    Lines end at `\\n`, `\\r\\n` or `\\r`, YAML 1.2's line breaks and the ones
    editors count (libyaml also counts U+0085, U+2028 and U+2029).
    """

    def __init__(self, text: str) -> None:
        self.lines = _LINE_BREAK.split(text)
        self._starts = [0] + [match.end() for match in _LINE_BREAK.finditer(text)]

    def start(self, row: int) -> int:
        """Return the offset of the first character of the 0-based line `row`."""
        return self._starts[row]

    def position(self, offset: int) -> tuple[int, int]:
        """Return the (line, column) of the character at `offset` (the end of the text included)."""
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1

    def at(self, mark: Any) -> tuple[int, int]:
        """Return the (line, column) of a parser mark, (1, 1) when there is none."""
        return self.position(mark.index) if mark is not None else (1, 1)


def quoted(text: str) -> str:
    """Return `text` in double quotes with quotes, backslashes and unprintable characters escaped."""
    return '"' + "".join(_escaped(character) for character in text) + '"'


def printable(text: str) -> str:
    """Return `text` with every unprintable character escaped (a message stays one line)."""
    return text if text.isprintable() else "".join(
        character if character.isprintable() else _escaped(character) for character in text)


def _escaped(character: str) -> str:
    if character in '"\\':
        return "\\" + character
    return character if character.isprintable() else character.encode("unicode_escape").decode("ascii")


def read_nodes(text: str, limits: LoadLimits, lines: TextLines) -> Node | None:
    """Return the root node of the text's one YAML document, None when it holds none.

    Raises `Refused` for a broken cap, a second document, an unsupported YAML
    version, a custom tag or a reused anchor; PyYAML's `MarkedYAMLError` for
    text that is not YAML (`yaml_errors.syntax_message` words it for authors).
    """
    return read_events(text, limits, lines, lambda parser: _Composer(parser, limits, lines).document())


def read_events(text: str, limits: LoadLimits, lines: TextLines, reader: Callable[[Any], T]) -> T:
    """Return what `reader` makes of a YAML parser of `text` (it pulls the events with `parser.get_event()`).

    libyaml's own nesting cap becomes `Refused` (YAML-TOO-DEEP); other parser
    errors propagate as PyYAML's `MarkedYAMLError`.
    """
    try:
        return parse_with(text, reader)
    except ScannerError as exc:
        if str(exc.problem).startswith("exceeded maximum nesting depth"):  # libyaml's own cap, met before ours
            raise Refused("YAML-TOO-DEEP", f"nesting deeper than {limits.max_depth} levels",
                          lines.at(exc.problem_mark)) from None
        # YAML 1.2 lets a blank or comment-only line hold tabs; libyaml refuses them there. Such lines
        # carry no data outside block scalars, so a text libyaml refused is read again with their tabs as
        # spaces (the same length: every position stays).
        if BLANK_LINE_WITH_TABS.search(text) is None:
            raise
        return parse_with(BLANK_LINE_WITH_TABS.sub(lambda line: line.group().replace("\t", " "), text), reader)


def yaml_parser(text: str) -> Any:
    """Return a parser of `text` (libyaml's, else PyYAML's own) whose `get_event()` gives its events; `dispose()` it."""
    return _Parser(text)


def parse_with(text: str, reader: Callable[[Any], T]) -> T:
    """Return what `reader` makes of the located reader's YAML parser of `text` (libyaml's when PyYAML has it); the
    parser's errors propagate (PyYAML's `YAMLError`)."""
    parser = yaml_parser(text)
    try:
        return reader(parser)
    finally:
        parser.dispose()


class _PythonParser(Reader, Scanner, Parser):
    """PyYAML's own reader, scanner and parser, for a PyYAML built without libyaml."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)


_Parser: Any = CParser if yaml.__with_libyaml__ else _PythonParser


@functools.lru_cache(maxsize=4096)
def plain_tag(value: str) -> str:
    """Return the core-schema tag of a plain scalar (YAML 1.2.2, 10.3.2); `<<` is a merge key."""
    if value == "<<":
        return MERGE_TAG
    return CORE + next((name for name, pattern in CORE_PATTERNS.items() if pattern.fullmatch(value)), "str")


class _Composer:
    """Nodes from the parser's events, each event checked before a node is built from it.

    PyYAML's own composer asks the parser three or four times per node; this one
    takes each event once. Tags: explicit ones as written, plain scalars by the
    core schema, everything else `!!str`, `!!seq` or `!!map`.
    """

    def __init__(self, parser: Any, limits: LoadLimits, lines: TextLines) -> None:
        self._next_event = parser.get_event
        self._check = EventChecks(limits, lines).check
        self._anchors: dict[str, Node] = {}

    def document(self) -> Node | None:
        """Return the root node of the stream's only document, None for an empty stream."""
        self._event()  # the stream start
        if type(self._event()) is StreamEndEvent:
            return None
        root = self._node(self._event())
        self._event()  # the document end
        self._event()  # the stream end; a second document start is refused by _check_document
        return root

    def _event(self) -> Any:
        event = self._next_event()
        self._check(event)
        return event

    def _node(self, event: Any) -> Node:
        kind = type(event)
        if kind is ScalarEvent:
            tag = event.tag
            if tag is None or tag == "!":
                tag = plain_tag(event.value) if event.implicit[0] else CORE + "str"
            node: Node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        elif kind is AliasEvent:
            if event.anchor not in self._anchors:
                raise ComposerError(None, None, f"found undefined alias '{event.anchor}'", event.start_mark)
            return self._anchors[event.anchor]
        elif kind is SequenceStartEvent:
            tag = CORE + "seq" if event.tag in (None, "!") else event.tag
            node = SequenceNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
            self._remember(event.anchor, node)
            items = node.value
            while type(item := self._event()) is not SequenceEndEvent:
                items.append(self._node(item))
            return node
        else:  # a mapping start: the parser yields no other event here
            tag = CORE + "map" if event.tag in (None, "!") else event.tag
            node = MappingNode(tag, [], event.start_mark, None, flow_style=event.flow_style)
            self._remember(event.anchor, node)
            pairs = node.value
            while type(key := self._event()) is not MappingEndEvent:
                pairs.append((self._node(key), self._node(self._event())))
            return node
        self._remember(event.anchor, node)
        return node

    def _remember(self, anchor: str | None, node: Node) -> None:
        if anchor is not None:
            self._anchors[anchor] = node


class EventChecks:
    """The caps and rules every parser event is held to, in stream order, before anything is built from it."""

    def __init__(self, limits: LoadLimits, lines: TextLines) -> None:
        self._limits = limits
        self._lines = lines
        self._events = self._depth = self._aliases = self._documents = 0
        self._open_anchors: list[str | None] = []
        self._anchor_lines: dict[str, int] = {}

    def check(self, event: Any) -> None:
        """Count and check one event; raise `Refused` for a broken cap, a second document or a custom tag."""
        limits = self._limits
        self._events += 1
        if self._events > limits.max_events:
            raise Refused("YAML-TOO-LARGE", f"more than {limits.max_events} YAML nodes", self._where(event))
        kind = type(event)
        if kind is MappingStartEvent or kind is SequenceStartEvent:
            self._depth += 1
            self._open_anchors.append(event.anchor)
            if self._depth > limits.max_depth:
                raise Refused("YAML-TOO-DEEP", f"nesting deeper than {limits.max_depth} levels", self._where(event))
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            self._depth -= 1
            self._open_anchors.pop()
            return
        elif kind is AliasEvent:
            if event.anchor in self._open_anchors:
                raise Refused("YAML-ALIASES", f"*{printable(event.anchor)} refers to a value that contains it",
                              self._where(event))
            self._aliases += 1
            if self._aliases > limits.max_aliases:
                raise Refused("YAML-ALIASES", f"more than {limits.max_aliases} aliases (*name)", self._where(event))
            return
        elif kind is DocumentStartEvent:
            self._check_document(event)
            return
        elif kind is not ScalarEvent:
            return
        if event.tag and event.tag not in CORE_TAGS and event.tag != "!":
            raise Refused("YAML-TAG", f"custom tag {printable(event.tag)} is not allowed (plain YAML data only)",
                          self._where(event))
        if event.anchor is not None:
            self._check_anchor(event)

    def _check_document(self, event: DocumentStartEvent) -> None:
        self._documents += 1
        if self._documents > 1:
            raise Refused("YAML-MULTIPLE-DOCUMENTS", "more than one YAML document in the file "
                          "(each source file holds exactly one document)", self._where(event))
        if event.version not in (None, (1, 1), (1, 2)):  # libyaml refuses others first; PyYAML's parser does not
            major, minor = event.version
            line = next((number for number, text in enumerate(self._lines.lines, start=1)
                         if text.lstrip("\ufeff").startswith("%YAML")), self._where(event)[0])
            raise Refused("YAML-SYNTAX", f"%YAML {major}.{minor} is not a version fwdata reads "
                          "(expected %YAML 1.2 or 1.1, or no directive)", (line, 1))

    def _check_anchor(self, event: Any) -> None:
        if event.anchor in self._anchor_lines:
            raise Refused("YAML-ALIASES", f"anchor &{printable(event.anchor)} is defined again (first at line "
                          f"{self._anchor_lines[event.anchor]}); give each anchor its own name", self._where(event))
        self._anchor_lines[event.anchor] = self._where(event)[0]

    def _where(self, event: Any) -> tuple[int, int]:
        return self._lines.at(event.start_mark)
