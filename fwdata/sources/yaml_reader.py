"""Loading: YAML text to ruamel's node graph, the caps checked as each parser event passes.

Only ruamel's reading stages run here (reader, scanner, parser, composer):
nothing is constructed, so no date, key or merge quirk of a constructor can
raise. Plain scalars are resolved by the YAML 1.2 core schema (null, bool, int,
float, str; no timestamps, no sexagesimals), whatever `%YAML` directive the file
carries; a plain `<<` is a merge key.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.composer import Composer
from ruamel.yaml.docinfo import DocInfo
from ruamel.yaml.error import StreamMark
from ruamel.yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)
from ruamel.yaml.nodes import Node, ScalarNode
from ruamel.yaml.parser import Parser
from ruamel.yaml.reader import Reader
from ruamel.yaml.resolver import BaseResolver
from ruamel.yaml.scanner import Scanner
from ruamel.yaml.tag import Tag

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
_BREAK_OR_END = "\0\r\n\x85\u2028\u2029"


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
    editors count (ruamel also counts U+0085, U+2028 and U+2029).
    """

    def __init__(self, text: str) -> None:
        self.lines = _LINE_BREAK.split(text)
        self._starts = [0] + [match.end() for match in _LINE_BREAK.finditer(text)]

    def position(self, offset: int) -> tuple[int, int]:
        """Return the (line, column) of the character at `offset` (the end of the text included)."""
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1

    def at(self, mark: StreamMark | None) -> tuple[int, int]:
        """Return the (line, column) of a ruamel mark, (1, 1) when there is none."""
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
    version, a custom tag or a reused anchor; ruamel's `YAMLError` subclasses
    (`MarkedYAMLError`, `ReaderError`) for text that is not YAML.
    """
    return _NodeReader(text, limits, lines).get_single_node()


class _Yaml12Scanner(Scanner):
    """ruamel's scanner taking tabs as YAML 1.2 does: separators outside indentation, white space in plain text."""

    def scan_to_next_token(self) -> None:
        # libyaml's rule: in block context a tab may not stand where a simple key
        # could start (that would be indentation), unless only a comment follows.
        peek = self.reader.peek
        while True:
            super().scan_to_next_token()
            blanks = 0
            while peek(blanks) in " \t":
                blanks += 1
            if not blanks or not (self.flow_level or not self.allow_simple_key or peek(blanks) in "#" + _BREAK_OR_END):
                return
            self.reader.forward(blanks)

    def scan_plain_spaces(self, indent: Any, start_mark: Any) -> Any:
        peek = self.reader.peek
        blanks = 0
        while peek(blanks) in " \t":
            blanks += 1
        inner = self.reader.prefix(blanks)
        if "\t" not in inner:
            return super().scan_plain_spaces(indent, start_mark)
        self.reader.forward(blanks)
        if peek() in _BREAK_OR_END:
            return super().scan_plain_spaces(indent, start_mark)  # blanks before a line break are not text
        return [] if peek() == "#" else [inner]

    def scan_block_scalar_ignored_line(self, start_mark: Any) -> Any:
        while self.reader.peek() in " \t":
            self.reader.forward()
        return super().scan_block_scalar_ignored_line(start_mark)


class _CoreSchemaResolver(BaseResolver):
    """Resolve plain scalars by the YAML 1.2 core schema only; `<<` is a merge key."""

    processing_version = (1, 2)

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Tag:
        if kind is ScalarNode and implicit[0]:
            if value == "<<":
                return Tag(suffix=MERGE_TAG)
            name = next((name for name, pattern in CORE_PATTERNS.items() if pattern.fullmatch(value)), "str")
            return Tag(suffix=CORE + name)
        return super().resolve(kind, value, implicit)


class _NodeReader(Reader, _Yaml12Scanner, Parser, Composer, _CoreSchemaResolver):
    """ruamel's reading stages as one object, as `ruamel.yaml.loader.SafeLoader` without its constructor.

    Every event is checked as the composer takes it, before a node is built from it.
    """

    comment_handling = None  # ruamel's non-round-trip comment handling
    max_depth = None  # the event check caps nesting first, with a finding

    def __init__(self, text: str, limits: LoadLimits, lines: TextLines) -> None:
        self.doc_infos = [DocInfo()]  # where ruamel's scanner records a %YAML directive
        Reader.__init__(self, text, loader=self)
        Scanner.__init__(self, loader=self)
        Parser.__init__(self, loader=self)
        Composer.__init__(self, loader=self)
        BaseResolver.__init__(self, loadumper=self)
        self.warn_double_anchors = False  # a reused anchor is a finding instead (see _check)
        self._limits = limits
        self._lines = lines
        self._events = self._depth = self._aliases = self._documents = 0
        self._open_anchors: list[str | None] = []
        self._anchor_lines: dict[str, int] = {}

    def get_event(self) -> Any:
        event = super().get_event()
        self._check(event)
        return event

    def _check(self, event: Any) -> None:
        where = self._lines.at(event.start_mark)
        limits = self._limits
        self._events += 1
        if self._events > limits.max_events:
            raise Refused("YAML-TOO-LARGE", f"more than {limits.max_events} YAML nodes", where)
        if isinstance(event, DocumentStartEvent):
            self._documents += 1
            if self._documents > 1:
                raise Refused("YAML-MULTIPLE-DOCUMENTS", "more than one YAML document in the file "
                              "(each source file holds exactly one document)", where)
            if event.version not in (None, (1, 1), (1, 2)):
                major, minor = event.version
                line = next((number for number, text in enumerate(self._lines.lines, start=1)
                             if text.lstrip("\ufeff").startswith("%YAML")), where[0])
                raise Refused("YAML-SYNTAX", f"%YAML {major}.{minor} is not a version fwdata reads "
                              "(expected %YAML 1.2 or 1.1, or no directive)", (line, 1))
        elif isinstance(event, MappingStartEvent | SequenceStartEvent):
            self._depth += 1
            self._open_anchors.append(event.anchor)
            if self._depth > limits.max_depth:
                raise Refused("YAML-TOO-DEEP", f"nesting deeper than {limits.max_depth} levels", where)
        elif isinstance(event, MappingEndEvent | SequenceEndEvent):
            self._depth -= 1
            self._open_anchors.pop()
        elif isinstance(event, AliasEvent):
            if event.anchor in self._open_anchors:
                raise Refused("YAML-ALIASES", f"*{printable(event.anchor)} refers to a value that contains it", where)
            self._aliases += 1
            if self._aliases > limits.max_aliases:
                raise Refused("YAML-ALIASES", f"more than {limits.max_aliases} aliases (*name)", where)
        if isinstance(event, ScalarEvent | MappingStartEvent | SequenceStartEvent):
            self._check_node_event(event, where)

    def _check_node_event(self, event: ScalarEvent | MappingStartEvent | SequenceStartEvent,
                          where: tuple[int, int]) -> None:
        tag = event.tag
        if tag and tag not in CORE_TAGS and tag != "!":
            raise Refused("YAML-TAG", f"custom tag {printable(tag)} is not allowed (plain YAML data only)", where)
        anchor = event.anchor
        if anchor is not None:
            if anchor in self._anchor_lines:
                raise Refused("YAML-ALIASES", f"anchor &{printable(anchor)} is defined again (first at line "
                              f"{self._anchor_lines[anchor]}); give each anchor its own name", where)
            self._anchor_lines[anchor] = where[0]
