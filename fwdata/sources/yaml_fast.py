"""Loading: the data of a plain source at C speed (rapidyaml to JSON, json to Python), without positions.

rapidyaml parses and writes the document as JSON in C++, and `json.loads` builds the data in C:
a fraction of the time of the located reader (`yaml_plain`). The located reader stays the one
set of rules: this shortcut takes only texts it can vouch for and answers None for everything
else, so the caller reads the text the located way, which gives the same data or the finding.

Vouched for: a text with none of what the located reader treats specially (`_unusual`: anchors,
aliases, tags, merge keys, directives, document markers, escapes, complex keys, flow collections as
keys, tabs, carriage returns, control and line-separator characters, long lines and numbers, `.inf`
and `.nan`), not nested deeper than the cap (`_deeper_than`), that libyaml parses without an error within the event cap,
that the located reader's strict-syntax check passes (`yaml_strict`), whose root is a mapping with
no key twice, whose JSON holds no number with a three-digit exponent (`1e999` is not finite; a quoted
`'1e100'` is left to the located reader too), and whose every string agrees with the core schema (YAML 1.2.2,
10.3.2). rapidyaml
writes a plain scalar bare when JSON reads it (`12`, `1.5`, `true`, `null`) and quotes the rest, so
a string that only the core schema reads as null, bool, int or float (`~`, `0x1F`, `TRUE`) may have been
written plain: it is taken when the text holds it quoted and nowhere plain. A key is taken when the core schema
spells it as written (`~` is "null", `0x10` is "16").
"""

from __future__ import annotations

import functools
import json
import re
import sys
from typing import Any

import yaml

from fwdata.sources.yaml_reader import CORE_PATTERNS, LoadLimits, Refused
from fwdata.sources.yaml_strict import check_strict_syntax
from fwdata.sources.yaml_values import key_text, scalar_value

try:
    import ryml
    from yaml.cyaml import CParser
except ImportError:  # no rapidyaml wheel, or PyYAML without libyaml: every text is read the located way
    ryml = None

# What the located reader treats specially, found by `_unusual` (a directive, `%` first on a line, by str methods).
# Each match starts with one of a few characters, so the search skips to them (an expression whose alternatives
# start otherwise, as `^` does, is tried at every character).
_SPECIAL = re.compile(
    r"[&*!?<\\\t\r]"
    r"(?:(?<=[&*!])(?<![^\s\[{,][&*!])\S"  # an anchor, an alias or a tag
    r"|(?<=\?)(?<![^\s\[{,]\?)(?:\s|$)"  # a complex key
    r"|(?<=<)<|(?<=[\\\t\r]))",  # a merge key; an escape, a tab, a carriage return
    re.MULTILINE)
# control characters but LF (U+0085 among them), U+2028, U+2029, a surrogate, a BOM inside the text, U+FFFE and U+FFFF
# (named, not as the complement of the rest: that class takes Python's `re` 5 ms to compile, at every start)
_ODD_CHARACTER = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
# a flow collection as a key (rapidyaml cannot hold it), by its closer: one expression each, as each starts with it
_FLOW_KEY = {closer: re.compile(rf"\{closer}[ ]*:(?:[ ]|$)", re.MULTILINE) for closer in "]}"}
_LONG_NUMBER = re.compile(r"[0-9][-+.0-9eE]{39}")  # a number longer than LoadLimits.max_number_chars (40)
_LONG_LINE = re.compile(r"\n[^\n]{4001}")  # a line after the first longer than LoadLimits.max_line_chars (4,000)
_INFINITE = re.compile(r"\.(?i:inf|nan)")  # rapidyaml writes `.Inf` as ".inf"
_NOT_STRING = re.compile("|".join(f"(?:{pattern.pattern})" for pattern in CORE_PATTERNS.values()))
# In rapidyaml's JSON: a quoted text the core schema reads as null, bool, int or float (each starts with a character
# of the lookahead, which spares trying every pattern after each quote), and a number that may not be finite
_QUOTED_NOT_STRING = re.compile(f'"(?=[-~nNtTfF0-9+."])({_NOT_STRING.pattern})"')
_NOT_FINITE = re.compile(r"[0-9][eE][-+]?[0-9]{3}")
_JSON_LITERAL = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|true|false|null")
_DEFAULT = LoadLimits()
_KIND_OF = tuple(CORE_PATTERNS.items())


class _Unusual(Exception):
    """The text holds what the located reader may read otherwise: read it the located way."""


def read_fast(text: str, limits: LoadLimits) -> dict[str, Any] | None:
    """Return the data of `text` (a decoded source, BOM removed) when it is a plain mapping document, else None.

    None means "read it the located way" (`yaml_loader.load_bytes`); it is also the
    answer without rapidyaml, for caps other than the defaults, and for any text the
    located reader might refuse. Never raises for bad content.
    """
    if ryml is None or limits != _DEFAULT or _unusual(text) or _deeper_than(text, limits.max_depth):
        return None
    parser = CParser(text)
    try:
        events = parser.raw_parse()  # libyaml's verdict, in C: an error means the located reader words it
    except yaml.YAMLError:
        return None
    finally:
        parser.dispose()
    if not 4 < events <= limits.max_events:  # 4: the stream's and the document's start and end, no content
        return None
    try:  # the located reader's own check; before rapidyaml, which refuses such texts with a message on stderr
        check_strict_syntax(text)
    except Refused:
        return None
    try:
        written = _json_of(ryml.parse_in_arena(text.encode("utf-8")))
        if _NOT_FINITE.search(written) is not None:
            return None
        for suspect in _QUOTED_NOT_STRING.finditer(written):
            _vouch(text, suspect.group(1), is_key=written.startswith(":", suspect.end()))
        data = json.loads(written, object_pairs_hook=_mapping)
    except (ryml.ExceptionBasic, ValueError, _Unusual):  # ValueError: ryml wrote what JSON does not read (`+1`)
        return None
    return data if type(data) is dict else None


def _json_of(tree: Any) -> str:
    """Return rapidyaml's JSON of `tree`, written into a buffer of ours: `ryml.emit_json` (rapidyaml 0.15) never frees
    the one it allocates, a leak of each document's size."""
    buffer = bytearray(ryml.compute_json_length(tree))
    ryml.emit_json_in_place(tree, buffer)
    return buffer.decode("utf-8")


def _unusual(text: str) -> bool:
    """Return True when `text` may hold what the located reader treats specially (see the module docstring)."""
    return (_SPECIAL.search(text) is not None or text.startswith(("%", "---", "...")) or "\n%" in text
            or "\n---" in text or "\n..." in text
            or _ODD_CHARACTER.search(text) is not None or _LONG_NUMBER.search(text) is not None
            or any(closer in text and found.search(text) is not None for closer, found in _FLOW_KEY.items())
            or (len(text) > 4000 and (not 0 <= text.find("\n") <= 4000 or _LONG_LINE.search(text) is not None))
            or _INFINITE.search(text) is not None)


def _mapping(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Return a JSON object's pairs as a dict, its keys interned as the located reader does (every card shares them).

    Raises _Unusual for a key that is there twice (rapidyaml keeps both, JSON the last).
    """
    mapping = {sys.intern(key): value for key, value in pairs}
    if len(mapping) != len(pairs):
        raise _Unusual
    return mapping


def _vouch(text: str, scalar: str | None, *, is_key: bool) -> None:
    """Raise _Unusual unless a quoted `scalar` (None: a number not finite) of rapidyaml's JSON is the located reader's.

    A value JSON reads as a literal was quoted in the text (rapidyaml writes such a plain scalar bare).
    """
    if scalar is None:
        raise _Unusual
    if is_key:
        if not scalar:
            raise _Unusual  # an empty key: plain, it is "null"
        kind = next(name for name, pattern in _KIND_OF if pattern.fullmatch(scalar))
        try:
            if key_text(scalar_value(kind, scalar, _DEFAULT, (1, 1))) == scalar:
                return  # `12`, `true`: the same key plain or quoted
        except Refused:  # a number too long or not finite: refused when plain
            pass
    elif not scalar or _JSON_LITERAL.fullmatch(scalar):
        return  # rapidyaml writes a plain empty value as null, a plain literal bare
    if not _written_quoted(text, scalar):
        raise _Unusual


def _written_quoted(text: str, scalar: str) -> bool:
    """Return True when `text` holds `scalar` quoted, and nowhere as a plain scalar.

    A plain scalar that reads as null, bool, int or float is one line without blanks, written as it
    reads (rapidyaml rewrites only `.inf` and `.nan`, which `_unusual` sends away), after a blank, a line's
    start, `:` or a flow indicator, and before a line's end, a comment, `:` or a flow indicator.
    """
    escaped = re.escape(scalar)
    if re.search(f"(?:^|[\\s:\\[{{,]){escaped}(?=[ ]*(?:$|#|[:,\\]}}]))", text, re.MULTILINE):
        return False
    return re.search(f"([\"']){escaped}\\1", text) is not None


def _deeper_than(text: str, depth: int) -> bool:
    """Return True when a bound of the text's nesting depth, above it for a text written to look shallow, exceeds
    `depth`: 2 x (the most columns of indentation and `- ` markers a line starts with + 1) + the flow levels.

    Each block level starts further right than the one holding it, but a list that is a key's value
    (which may start in the key's column): at most two levels per column of a line's indentation and
    `- ` markers. Flow levels are the brackets opened and not yet closed, counting those in quotes.
    rapidyaml stops at about 64 levels with a message on stderr: texts that deep are left to the located reader.
    """
    flow = deepest = 0
    for bracket in _BRACKETS.findall(text):
        flow = flow + 1 if bracket in "[{" else max(flow - 1, 0)
        deepest = max(deepest, flow)
    if depth - deepest - 2 < 0:
        return True
    columns = (depth - deepest - 2) // 2 + 1  # the fewest columns of a line that take the bound over `depth`
    lined = "\n" + text  # each line after a line feed: a search skips to it
    return any(len(prefix.group()) - 1 >= columns for line in _starting_with_columns(columns).finditer(lined)
               if (prefix := _BLOCK_PREFIX.match(lined, line.start())) is not None)


@functools.lru_cache(maxsize=64)
def _starting_with_columns(columns: int) -> re.Pattern[str]:
    """Return an expression finding the lines that start with at least `columns` spaces and dashes (after their line
    feed): the only ones whose indentation and `- ` markers may be that long."""
    return re.compile(f"\\n[- ]{{{columns}}}")


_BLOCK_PREFIX = re.compile(r"\n(?:-?[ ])+")  # a line's indentation and `- ` markers, after its line feed
_BRACKETS = re.compile(r"[\[\]{}]")


