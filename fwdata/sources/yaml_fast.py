"""Loading: the data of a plain source at C speed (rapidyaml to JSON, json to Python), without positions.

rapidyaml parses and writes the document as JSON in C++, and `json.loads` builds the data in C:
about a tenth of the time of the located reader (`yaml_plain`). The located reader stays the one
set of rules: this shortcut takes only texts it can vouch for and answers None for everything
else, so the caller reads the text the located way, which gives the same data or the finding.

Vouched for: a text with none of what the located reader treats specially (`_UNUSUAL`: anchors,
aliases, tags, merge keys, directives, document markers, escapes, complex keys, tabs, carriage
returns, control and line-separator characters, long lines and numbers, the signs of the strict-syntax checks of
`yaml_strict.MAYBE_LAX`), that libyaml parses without an error into as many events as the data
has nodes (so no duplicate key collapsed and both parsers saw one structure), whose root is a
mapping within the depth and size caps, and whose every value JSON cannot tell from a core-schema
plain scalar agrees with the core schema (YAML 1.2.2, 10.3.2): no string that reads as null, bool,
int or float (it may have been written plain), no key that the core schema would spell otherwise
(`~` is "null", `0x10` is "16"), no number that is not finite.
"""

from __future__ import annotations

import json
import math
import re
import sys
from typing import Any

import yaml

from fwdata.sources.yaml_reader import CORE_PATTERNS, LoadLimits, Refused, TextLines
from fwdata.sources.yaml_strict import check_strict_syntax
from fwdata.sources.yaml_values import key_text, scalar_value

try:
    import ryml
    from yaml.cyaml import CParser
except ImportError:  # no rapidyaml wheel, or PyYAML without libyaml: every text is read the located way
    ryml = None

_UNUSUAL = re.compile(
    r"(?:^|[\s\[{,])[&*!]\S"  # an anchor, an alias or a tag
    r"|^%|<<|[\\\t\r]"  # a directive, a merge key, an escape, a tab, a carriage return
    r"|[^\n\x20-\x7e\u00a0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"  # controls,
    # U+0085, U+2028, U+2029, a BOM inside the text, U+FFFE/U+FFFF
    r"|(?:^|[\s\[{,])\?(?:\s|$)"  # a complex key
    r"|^(?:---|\.\.\.)"  # document markers
    r"|[-+.0-9eE]{41}"  # a number longer than LoadLimits.max_number_chars (the default's 40)
    r"|[^\n]{4001}"  # a line longer than LoadLimits.max_line_chars (the default's 4,000)
    r"|(?i:\.(?:inf|nan))",  # rapidyaml writes `.Inf` as ".inf": the located reader reads these
    re.MULTILINE)
_NOT_STRING = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in CORE_PATTERNS.values()))
_JSON_LITERAL = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null")
_DEFAULT = LoadLimits()
_KIND_OF = tuple(CORE_PATTERNS.items())


def read_fast(text: str, limits: LoadLimits) -> dict[str, Any] | None:
    """Return the data of `text` (a decoded source, BOM removed) when it is a plain mapping document, else None.

    None means "read it the located way" (`yaml_loader.load_bytes`); it is also the
    answer without rapidyaml, for caps other than the defaults, and for any text the
    located reader might refuse. Never raises for bad content.
    """
    if ryml is None or limits != _DEFAULT or _UNUSUAL.search(text) is not None or _deepest(text) > limits.max_depth:
        return None
    parser = CParser(text)
    try:
        events = parser.raw_parse()  # libyaml's verdict, in C: an error means the located reader words it
    except yaml.YAMLError:  # the located reader reports it, in its own words
        return None
    finally:
        parser.dispose()
    if not 4 < events <= limits.max_events:  # 4: the stream's and the document's start and end, no content
        return None
    try:
        data = json.loads(ryml.emit_json(ryml.parse_in_arena(text.encode("utf-8"))))
    except (ryml.ExceptionBasic, ValueError):  # ValueError: ryml wrote what JSON does not read (`+1`, `.nan`)
        return None
    if type(data) is not dict:
        return None
    tally = _Tally(text, limits)
    try:
        data = tally.vouched(data, 1)
    except _Unusual:
        return None
    if events != 4 + tally.nodes:
        return None
    try:
        check_strict_syntax(text, TextLines(text))  # the located reader's own check, where the text shows a sign
    except Refused:
        return None
    return data


def _deepest(text: str) -> int:
    """Return a bound of the text's nesting depth, above it for a text written to look shallow.

    Each block level starts further right than the one holding it, but a list that is a key's value
    (which may start in the key's column): at most two levels per column of a line's indentation and
    `- ` markers. Flow levels are the brackets opened and not yet closed, counting those in quotes.
    rapidyaml stops at about 64 levels with a message on stderr: texts that deep are left to the located reader.
    """
    block = max((len(prefix) for prefix in _BLOCK_PREFIX.findall(text)), default=0)
    flow = deepest = 0
    for bracket in _BRACKETS.findall(text):
        flow = flow + 1 if bracket in "[{" else max(flow - 1, 0)
        deepest = max(deepest, flow)
    return 2 * (block + 1) + deepest


_BLOCK_PREFIX = re.compile(r"^(?:-?[ ])+", re.MULTILINE)
_BRACKETS = re.compile(r"[\[\]{}]")


class _Unusual(Exception):
    """The data holds what the located reader may read otherwise: read the text the located way."""


class _Tally:
    """Counts the libyaml events a document's data stands for, and vouches for each value on the way."""

    def __init__(self, text: str, limits: LoadLimits) -> None:
        self.text = text
        self.limits = limits
        self.nodes = 0  # a scalar or key is one event, a collection two (start and end)
        self.values = 0

    def vouched(self, value: Any, depth: int) -> Any:
        """Return `value` with its keys interned (as the located reader does: every card shares them).

        Raises _Unusual for a value the located reader may read otherwise or refuse.
        """
        self.values += 1
        if self.values > self.limits.max_values or depth > self.limits.max_depth:
            raise _Unusual
        kind = type(value)
        if kind is dict:
            self.nodes += 2 + len(value)
            return {sys.intern(self._agreed(key)): self.vouched(item, depth + 1) for key, item in value.items()}
        if kind is list:
            self.nodes += 2
            return [self.vouched(item, depth + 1) for item in value]
        self.nodes += 1
        if kind is str:
            # rapidyaml writes a plain scalar bare when JSON reads it ("" is no plain scalar: plain, it is null), so
            # a string JSON would read was quoted; one only the core schema reads may have been written plain
            if (value and _NOT_STRING.fullmatch(value) is not None and _JSON_LITERAL.fullmatch(value) is None
                    and not self._written_quoted(value)):
                raise _Unusual
        elif kind is float and not math.isfinite(value):
            raise _Unusual
        return value

    def _agreed(self, key: str) -> str:
        if not self._key_agrees(key):
            raise _Unusual
        return key

    def _key_agrees(self, key: str) -> bool:
        """Return True when `key` is the string the core schema makes of it, as it was written."""
        if _NOT_STRING.fullmatch(key) is None:
            return True
        if not key:
            return False  # an empty key: plain it is "null"
        kind = next(name for name, pattern in _KIND_OF if pattern.fullmatch(key))
        try:
            if key_text(scalar_value(kind, key, _DEFAULT, (1, 1))) == key:
                return True  # `12`, `true`: the same string plain or quoted
        except Refused:  # a number too long or not finite: refused when plain
            pass
        return self._written_quoted(key)

    def _written_quoted(self, scalar: str) -> bool:
        """Return True when the text holds `scalar` quoted, and nowhere as a plain scalar.

        A plain scalar that reads as null, bool, int or float is one line without blanks, written as it
        reads (rapidyaml rewrites only `.inf` and `.nan`, which `_UNUSUAL` sends away), after a blank, a line's
        start, `:` or a flow indicator, and before a line's end, a comment, `:` or a flow indicator.
        """
        escaped = re.escape(scalar)
        if re.search(f"(?:^|[\\s:\\[{{,]){escaped}(?=[ ]*(?:$|#|[:,\\]}}]))", self.text, re.MULTILINE):
            return False
        return re.search(f"([\"']){escaped}\\1", self.text) is not None

