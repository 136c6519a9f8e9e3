"""Loading: the YAML 1.2 rules libyaml does not enforce, checked on its tokens before a text is read.

libyaml accepts some texts the specification (and the YAML test suite) calls invalid: a comment
glued to a quote, a bracket, a comma, a directive or a block scalar's header; a lone `-` as a flow
list's value; continuation lines of a flow collection or quoted scalar that are not indented past
their block; a block scalar whose leading blank lines hold tabs or more spaces than its first line;
a directive after a document that was not ended with `...`. Each is a YAML-SYNTAX finding here.
Only texts that hold a sign of one of them (`maybe_lax`) are scanned, so a plain source costs one
regular-expression search; and a text of block collections whose signs are only quoted values or flow
collections going on over lines is first cleared line by line (`yaml_block_proof`), a fraction of the tokens' cost.

libyaml also breaks lines at U+0085, U+2028 and U+2029, as YAML 1.1 did; in YAML 1.2 they are ordinary
characters of a value. `hold_separators` hands libyaml a text with stand-ins for them, and puts them
back into the values read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import islice
from typing import Any

import yaml

from fwdata.sources.yaml_block_proof import block_text_is_clear, has_hard_sign
from fwdata.sources.yaml_reader import BLANK_LINE_WITH_TABS, Refused, TextLines

try:
    from yaml.cyaml import CParser as _Scanner
except ImportError:  # PyYAML without libyaml: its own scanner gives the same tokens
    from yaml import SafeLoader as _Scanner

# A `#` right after anything but a space or a line feed, a tab, a directive, a block scalar's header followed by a
# blank line holding spaces; a `-` right before `,`, `]` or `}` (every lone `-` libyaml reads, after `[`, `,`, `?`,
# `:`, `&a` or `!t`: one before a blank is an entry of a block sequence, an error), a line ending inside a flow
# collection (an opener or comma last, an opener not closed on its line, or a `:` after an opener, even before a
# comment) or going on in one (a closer, comma or `:` first: `k: [a` then `]`), a line with an odd number of double
# quotes or ending inside a quoted value that starts on it after a key, an entry or a node's properties, escapes
# and `''` read (a quoted scalar going on: `k: &a 'x`, `k: 'it''s`, `k: "say \"hi`). Each is found in time linear
# in a line.
# The first and last are HARD_SIGNS (yaml_block_proof), the signs a line-by-line proof cannot clear (`has_hard_sign`);
# the others are found by two expressions whose matches start with a character a search skips to: a sign within a
# line from its first character, a sign at a line's start from the line feed before it (searched in "\n" + text; an
# alternative starting with `^` is tried at every character).
_LAX_IN_LINE = re.compile(r"""[-\[{,:?&!](?:(?<=-)[,\]}]|(?<=[\[{,])(?:\s*$|[ ]+#)|(?<=[\[{])[^\[\]{}\n]*$"""
                          r"""|(?<=[:?&!-])(?:(?<=[&!])(?<!\S[&!])\S*)?\s+"""
                          r"""(?:'[^'\n]*(?:''[^'\n]*)*|"(?=[^"\n]*\\)[^"\\\n]*(?:\\.[^"\\\n]*)*\\?)$)""", re.MULTILINE)
_LAX_LINE_START = re.compile(r"""\n(?:[^\[{\n]*[\[{][^\n]*:[ ]*(?:[ ]#[^\n]*)?$|[ ]*[\]},:]"""
                             r"""|[^"\n]*"(?:[^"\n]*"[^"\n]*")*[^"\n]*$)""", re.MULTILINE)
_BLOCK_HEADER = re.compile(r"[|>][-+0-9]*")
_GLUED = frozenset((yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken, yaml.FlowEntryToken, yaml.DirectiveToken))
_CONTENT = frozenset((yaml.ScalarToken, yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken,
                      yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken, yaml.AliasToken, yaml.AnchorToken,
                      yaml.TagToken, yaml.DocumentStartToken))
_BLOCK_STARTS = frozenset((yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken))
_FLOW_STARTS = frozenset((yaml.FlowSequenceStartToken, yaml.FlowMappingStartToken))
_FLOW_ENDS = frozenset((yaml.FlowSequenceEndToken, yaml.FlowMappingEndToken))
_LONE_DASH_ENDS = " \t\n\r,[]{}"


SEPARATORS = "\x85\u2028\u2029"
# the private-use characters, the BMP's first: a text holding them all (543,472 bytes of UTF-8) is over the loader's
# cap (LoadLimits.max_bytes)
_PRIVATE_USE = (range(0xE000, 0xF900), range(0xF0000, 0xFFFFE), range(0x100000, 0x10FFFE))
_UNICODE_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))")  # a double-quoted \uXXXX, \UXXXXXXXX


def hold_separators(text: str) -> tuple[str, Callable[[Any], Any]]:
    """Return `text` with U+0085, U+2028 and U+2029 replaced by private-use characters the text does not hold, as
    themselves or escaped (one character each, so every position stays), and a function that puts them back into
    loaded data (strings, and the keys and items of dicts and lists, at any depth).

    A text without them is returned as it is, with the identity function.
    """
    if not any(separator in text for separator in SEPARATORS):
        return text, lambda data: data
    used = set(text)
    escaped = {int(match[1] or match[2], 16) for match in _UNICODE_ESCAPE.finditer(text)}
    stand_ins = "".join(islice((character for block in _PRIVATE_USE for code in block
                                if code not in escaped and (character := chr(code)) not in used), len(SEPARATORS)))
    held = text.translate(str.maketrans(SEPARATORS, stand_ins))
    back = str.maketrans(stand_ins, SEPARATORS)

    def restore(data: Any) -> Any:
        if isinstance(data, str):
            return data.translate(back)
        if isinstance(data, dict):
            return {restore(key): restore(value) for key, value in data.items()}
        if isinstance(data, list):
            return [restore(item) for item in data]
        return data

    return held, restore


def check_strict_syntax(text: str, lines: TextLines | None = None, *, parsed: bool = True) -> None:
    """Raise Refused (YAML-SYNTAX, at the place) for the first rule of YAML 1.2 libyaml would let pass.

    Returns quietly for a text libyaml itself refuses: its own error is the finding then. `lines` are the text's
    (made when needed if None). `parsed` says libyaml's parser read the whole text without an error; only then may
    the line-by-line proof clear it.
    """
    if (not maybe_lax(text) and not _flow_left_open(text)) or (
            parsed and not has_hard_sign(text) and block_text_is_clear(text)):
        return
    try:
        tokens = _tokens(text)
    except yaml.YAMLError:
        # libyaml refuses tabs in blank lines, which YAML 1.2 allows but in a block scalar's indentation: the
        # reader reads such a text again with those tabs as spaces, so the tokens come from that text.
        if BLANK_LINE_WITH_TABS.search(text) is None:
            return
        try:
            tokens = _tokens(BLANK_LINE_WITH_TABS.sub(lambda line: line.group().replace("\t", " "), text))
        except yaml.YAMLError:
            return
    _Checker(text, lines or TextLines(text)).check(tokens)


def maybe_lax(text: str) -> bool:
    """Return True when `text` holds a sign of a rule libyaml lets pass (the comment above `_LAX_IN_LINE`)."""
    return (has_hard_sign(text) or _LAX_IN_LINE.search(text) is not None
            or _LAX_LINE_START.search("\n" + text) is not None)


def _flow_left_open(text: str) -> bool:
    """Return True when a line opens more flow collections than it closes (brackets in quotes and comments count too:
    a sign, not a verdict): a flow collection going on over lines that `maybe_lax` does not see (`k: [[a], b`)."""
    return ("[" in text or "{" in text) and any(
        line.count("[") + line.count("{") > line.count("]") + line.count("}")
        for line in text.split("\n") if "[" in line or "{" in line)


def _tokens(text: str) -> list[Any]:
    scanner = _Scanner(text)
    try:
        tokens = []
        while (token := scanner.get_token()) is not None:
            tokens.append(token)
        return tokens
    finally:
        scanner.dispose()


class _Checker:
    def __init__(self, text: str, lines: TextLines) -> None:
        self._text = text
        self._lines = lines
        self._rows = lines.lines

    def _refuse(self, index: int, message: str) -> None:
        raise Refused("YAML-SYNTAX", message, self._lines.position(index))

    def check(self, tokens: list[Any]) -> None:
        indents = [-1]
        flow = 0
        content_since_end = False
        previous_end = 0  # where the token before ended: its row counts inside a flow collection
        for token in tokens:
            kind = type(token)
            start = token.start_mark
            if kind in _BLOCK_STARTS:
                indents.append(start.column)
            elif kind is yaml.BlockEndToken and len(indents) > 1:
                indents.pop()
            elif kind is yaml.DocumentEndToken:
                content_since_end = False
            elif kind is yaml.DirectiveToken and content_since_end:
                self._refuse(start.index, "a directive (`%...`) after a document must follow a line `...` that "
                             "ends the document")
            if kind in _CONTENT:
                content_since_end = True
            if (flow and start.column <= indents[-1] and kind is not yaml.StreamEndToken
                    and self._row(start.index) != self._row(previous_end)):
                self._refuse(start.index, f"this line of a flow collection is indented {start.column} spaces: it must "
                             f"be indented more than its block ({indents[-1]} spaces)")
            if kind in _FLOW_STARTS:
                flow += 1
            elif kind in _FLOW_ENDS:
                flow = max(flow - 1, 0)
            if kind in _GLUED or kind is yaml.ScalarToken and token.style in ('"', "'"):
                self._glued_comment(token.end_mark.index)
            if kind is yaml.ScalarToken:
                self._scalar(token, flow, indents[-1])
            previous_end = token.end_mark.index

    def _row(self, index: int) -> int:
        return self._lines.position(index)[0] - 1

    def _glued_comment(self, index: int) -> None:
        if self._text.startswith("#", index):
            self._refuse(index, "a comment needs a space before `#`")

    def _scalar(self, token: Any, flow: int, indent: int) -> None:
        start, end = token.start_mark, token.end_mark
        if token.plain and flow and self._text.startswith("-", start.index) and (
                start.index + 1 == len(self._text) or self._text[start.index + 1] in _LONE_DASH_ENDS):
            self._refuse(start.index, "a lone `-` in a flow collection is not a value: quote it (`'-'`)")
        if token.style in ('"', "'") or token.plain and flow:  # (a plain one in a block ends before such a line)
            what = "a plain value in a flow collection" if token.plain else "a quoted value"
            for row in range(self._row(start.index) + 1, self._row(end.index) + 1):
                line = self._rows[row]
                if line.strip() and len(line) - len(line.lstrip(" ")) <= indent:
                    self._refuse(self._lines.start(row),
                                 f"this line of {what} is indented {len(line) - len(line.lstrip(' '))} "
                                 f"spaces: it must be indented more than its block ({indent} spaces)")
        elif token.style in ("|", ">"):
            header = _BLOCK_HEADER.match(self._text, start.index)
            if header is not None:
                self._glued_comment(header.end())
                if not any(character.isdigit() for character in header.group()):  # else the header gives it
                    self._block_body(self._row(start.index) + 1, indent)

    def _block_body(self, first_row: int, indent: int) -> None:
        """Refuse a tab in the indentation, or more spaces than the first content line has, in the leading blank
        lines of a block scalar whose body starts at `first_row` (0-based) in a block indented `indent` spaces."""
        blanks: list[int] = []
        for row in range(first_row, len(self._rows)):
            line = self._rows[row]
            if line.strip(" \t"):
                content = len(line) - len(line.lstrip(" "))
                for blank in blanks:  # an empty scalar (the next line is outside it) has no indentation to exceed
                    self._blank_line(blank, content if content > indent else None, indent)
                return
            blanks.append(row)
        for blank in blanks:
            self._blank_line(blank, None, indent)

    def _blank_line(self, row: int, content: int | None, indent: int) -> None:
        line = self._rows[row]
        at = self._lines.start(row)
        tab = line.find("\t")
        if tab >= 0 and tab < (indent + 1 if content is None else content):
            self._refuse(at + tab, "a tab in the indentation of a block scalar's blank line (YAML indents with "
                         "spaces only)")
        spaces = len(line) - len(line.lstrip(" "))
        if content is not None and spaces > content:
            self._refuse(at, f"this blank line of a block scalar has {spaces} spaces, more than its first line "
                         f"({content}): the value's indentation is unclear")
