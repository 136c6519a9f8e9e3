"""Loading: a cheap proof that a text breaks none of the strict YAML 1.2 rules, read line by line, without tokens.

The strict check (`yaml_strict`) walks libyaml's tokens in Python, about 2.5 ms for a card; it runs when a
text holds a sign of a rule libyaml lets pass. Most such signs in real sources are harmless: a quoted value
or a flow collection that goes on over several lines, or a line of prose ending in a comma. `block_text_is_clear`
answers True only for a text it can follow entirely: block mappings and sequences with plain keys, whose values
are plain, quoted or block scalars or flow collections, and comments; no anchor, tag, directive, document marker,
complex or quoted key. In such a text only these rules can apply, and it checks them as the token walk does:

- every line of a quoted value or a flow collection after its first is blank or indented more than the block
  collection holding it (the key's column, or the column of the `-` of its sequence entry);
- a quoted value or a flow collection is followed on its line by nothing, or by blanks and a comment after a space;
- no lone `-` in a flow collection;
- a block scalar's first line is not blank (its leading blank lines are where the rule on their indentation
  applies; such texts are left to the token walk).

Anything else it cannot follow answers False, and the token walk decides. The caller clears first the signs
only the token walk judges (a `#` after a non-space, a tab, a directive, a block scalar followed by a blank
line: `HARD_SIGNS`, `has_hard_sign`). True is a proof, False is not a finding.
"""

from __future__ import annotations

import bisect
import re

# The signs of a rule this proof does not follow: a comment glued to anything but a space or a line feed (libyaml
# reads `a\u00a0#b` as one plain scalar), a tab, a directive, a blank line after a block scalar's header (also in
# yaml_strict.maybe_lax).
# The last: a line followed by a blank one holding spaces, that holds a header followed by a comment or its end (the
# line is read from its start once: a header followed by a comment, tried from every `|` of a line, was quadratic).
_BLANK_AFTER_HEADER_PATTERN = r"^(?=[^\n]*\n[ ]+\n)[^\n]*[|>][-+0-9]*[ ]*[#\n]"
HARD_SIGNS = re.compile(r"#(?<=[^ \n]#)|\t|^%|" + _BLANK_AFTER_HEADER_PATTERN, re.MULTILINE)  # `#` first: quicker
_BLANK_AFTER_HEADER = re.compile(_BLANK_AFTER_HEADER_PATTERN, re.MULTILINE)
# Left to the token walk: line breaks to libyaml besides "\n", and a BOM (libyaml skips one first on any line, so
# the line's content is a column further right than its spaces say).
_NOT_FOLLOWED = ("\r", "\x85", "\u2028", "\u2029", "\ufeff")

# A line: its indentation, the `- ` of sequence entries, a plain key and its `:`, and the rest (a value, a comment).
_ENTRY = re.compile(r"(?P<indent>[ ]*)(?P<dashes>(?:-(?:[ ]+|$))*)"
                    r"(?P<key>(?:[^\s\-?:,\[\]{}#&*!|>'\"%@`]|-[^\s:#,\[\]{}])[^:#]*:(?:[ ]+|$))?(?P<value>.*)")
_QUOTED = {'"': re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL), "'": re.compile(r"'(?:[^']|'')*'")}
_AFTER_QUOTED = re.compile(r"(?:[ ]+#.*)?[ ]*")
_BLOCK_HEADER = re.compile(r"[|>][-+]?(?:[ ]+#.*)?[ ]*")
_NOT_A_PLAIN_START = frozenset("[]{},&*!%@`?|>\"'#")
# A flow collection nested at most once, going on to a new line only after a `,`: its scalars plain without `:`,
# `#` or quotes, or quoted without escapes, a quote only where a scalar starts, no lone `-`. A plain scalar starts
# with no indicator (in a flow libyaml reads `?` and `:` as indicators wherever a token starts, `&a`, `!t` as a
# node's properties: `[? -]` holds a lone `-`), and its rest is possessive (else a failed match backtracks over
# the blanks before every `,`: exponential in the number of items).
_FLOW_SCALAR = r"""(?:"[^"\\]*"|'(?:[^']|'')*'|(?:[^\s\[\]{},:#"'\-?&*!|>%@`]|-[^\s\[\]{},:#"'])[^\[\]{},:#"'\n]*+)"""
_FLOW_ITEMS = r"(?:[ ]*:[ ]+{value})?(?:[ ]*,[ ]*(?:\n[ ]+)?(?!,)|(?=[ ]*[\]}}]))"
_INNER_FLOW = rf"[\[{{][ ]*(?:{_FLOW_SCALAR}{_FLOW_ITEMS.format(value=_FLOW_SCALAR)})*[ ]*[\]}}]"
_FLOW_VALUE = rf"(?:{_FLOW_SCALAR}|{_INNER_FLOW})"
_SIMPLE_FLOW = re.compile(rf"[\[{{][ ]*(?:{_FLOW_VALUE}{_FLOW_ITEMS.format(value=_FLOW_VALUE)})*[ ]*[\]}}]")
# A flow collection's parts: blanks, a comment, a quoted scalar, an indicator (`?` and `:` are wherever a token
# starts, as libyaml reads them in a flow), a word of a plain scalar (going on over a `:` libyaml does not end it at).
_FLOW_PART = re.compile(r"""(?P<blank>[ \n]+)|(?P<comment>\#[^\n]*)|(?P<quoted>"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')"""
                        r"""|(?P<indicator>[\[\]{},?:])"""
                        r"""|(?P<word>[^ \n\[\]{},:#"'?](?:[^ \n\[\]{},:#"']|:(?![ \n\[\]{},?]))*)""", re.DOTALL)


class _Unclear(Exception):
    """The text holds what this proof does not follow, or breaks a rule: the token walk decides."""


def has_hard_sign(text: str) -> bool:
    """Return True when `text` holds a match of HARD_SIGNS (the same answer, a few string searches instead of a
    scan of the whole text by a regular expression)."""
    at = text.find("#", 1)  # a `#` first in the text follows nothing
    while at > 0:
        if text[at - 1] not in " \n":
            return True
        at = text.find("#", at + 1)
    return ("\t" in text or text.startswith("%") or "\n%" in text
            or (("|" in text or ">" in text) and _BLANK_AFTER_HEADER.search(text) is not None))


def block_text_is_clear(text: str) -> bool:
    """Return True when `text` (a decoded source) provably breaks none of yaml_strict's rules, else False.

    False means only "not proven": the caller walks libyaml's tokens. Call it on a text without a hard sign
    (`has_hard_sign`), which libyaml's parser read without an error.
    Linear in the text's length; never raises.
    """
    if any(character in text for character in _NOT_FOLLOWED) or text.startswith(("---", "...")) or "\n---" in text \
            or "\n..." in text:  # a document marker: a line starting with one
        return False
    try:
        _Lines(text).follow()
    except _Unclear:
        return False
    return True


class _Lines:
    def __init__(self, text: str) -> None:
        self._text = text
        self._lines = text.split("\n")
        self._starts = [0]
        for line in self._lines[:-1]:
            self._starts.append(self._starts[-1] + len(line) + 1)
        self._indents = [len(line) - len(line.lstrip(" ")) for line in self._lines]

    def follow(self) -> None:
        """Raise _Unclear unless every line is followed and clear."""
        row = 0
        open_block: int | None = None  # the column of a key or `-` whose value starts on a later line
        while row < len(self._lines):
            entry = _ENTRY.fullmatch(self._lines[row])
            assert entry is not None  # every line matches: each group may be empty
            indent, dashes, key, value = entry.group("indent", "dashes", "key", "value")
            column = entry.start("value")
            if key is not None:
                block = len(indent) + len(dashes)
            elif not value or value[0] == "#":  # a blank or comment line, or `-` alone
                if dashes:
                    open_block = len(indent) + dashes.rstrip(" ").rfind("-")
                row += 1
                continue
            elif dashes:
                block = len(indent) + dashes.rstrip(" ").rfind("-")
            elif open_block is not None and len(indent) > open_block:
                block = open_block
            else:
                raise _Unclear
            open_block = None
            if not value or value[0] == "#":
                open_block = block
                row += 1
            else:
                row = self._value(row, column, value, block)

    def _value(self, row: int, column: int, value: str, block: int) -> int:
        """Check the value starting at `column` of `row` in a block collection at column `block`; return the row
        after it."""
        first = value[0]
        if first in "\"'":
            return self._quoted(row, column, block)
        if first in "[{":
            return self._flow(row, self._starts[row] + column, block)
        if first in "|>":
            if _BLOCK_HEADER.fullmatch(value) is None:
                raise _Unclear  # an indentation indicator, or a glued comment
            return self._block_scalar(row + 1, block)
        plain = value.split(" #", 1)[0].rstrip(" ")  # a comment ends it
        if first in _NOT_A_PLAIN_START or plain.startswith("- ") or plain == "-" or ": " in plain \
                or plain[-1] == ":":
            raise _Unclear
        row += 1  # a plain value: its next lines are those more indented than its block, and blank ones
        while row < len(self._lines) and (self._indents[row] > block or self._blank(row)):
            row += 1
        return row

    def _quoted(self, row: int, column: int, block: int) -> int:
        start = self._starts[row] + column
        found = _QUOTED[self._text[start]].match(self._text, start)
        if found is None:
            raise _Unclear
        return self._ends_clear(row, start, found.end(), block)

    def _ends_clear(self, row: int, start: int, end: int, block: int) -> int:
        """`_continuation_lines` and `_line_ends_clear` of a value from `start` to `end` starting on `row`: return the
        row after it (most such values hold one line: then neither needs to find a row)."""
        if end <= self._starts[row] + len(self._lines[row]):
            if _AFTER_QUOTED.fullmatch(self._text, end, self._starts[row] + len(self._lines[row])) is None:
                raise _Unclear
            return row + 1
        self._continuation_lines(start, end, block)
        return self._line_ends_clear(end)

    def _continuation_lines(self, start: int, end: int, block: int) -> None:
        """Raise _Unclear unless every line of the text from `start` to `end` after its first is blank or indented
        more than `block` spaces."""
        first, last = (bisect.bisect_right(self._starts, at) - 1 for at in (start, end - 1))
        for row in range(first + 1, last + 1):
            if self._lines[row].strip() and self._indents[row] <= block:
                raise _Unclear

    def _line_ends_clear(self, at: int) -> int:
        """Raise _Unclear unless the rest of the row holding offset `at` is blank or a comment after a space (not a
        key's `:`, not a glued comment); return the next row."""
        row = bisect.bisect_right(self._starts, at - 1) - 1
        if _AFTER_QUOTED.fullmatch(self._text, at, self._starts[row] + len(self._lines[row])) is None:
            raise _Unclear
        return row + 1

    def _flow(self, row: int, start: int, block: int) -> int:
        """Check the flow collection opening at `start` (on `row`) in a block collection at column `block`: every line
        after its first indented more than the block, no lone `-`, no quote inside a plain scalar, nothing but a
        comment after it on its last line. Return the row after it."""
        simple = _SIMPLE_FLOW.match(self._text, start)
        if simple is not None:
            return self._ends_clear(row, start, simple.end(), block)
        depth, at, after_indicator = 0, start, True
        while True:
            part = _FLOW_PART.match(self._text, at)
            if part is None:
                raise _Unclear  # the text ends inside it
            kind, at = part.lastgroup, part.end()
            if kind == "blank":
                if "\n" in part.group() and self._row_indentation(at) <= block:
                    raise _Unclear
                continue
            if kind == "quoted":
                if not after_indicator:
                    raise _Unclear  # a quote inside a plain scalar: the token walk knows where it ends
                self._continuation_lines(part.start(), at, block)
            elif kind == "word" and part.group() == "-":
                raise _Unclear
            elif kind == "indicator":
                depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(part.group(), 0)
                if not depth:
                    return self._line_ends_clear(at)
            after_indicator = kind == "indicator"

    def _row_indentation(self, at: int) -> int:
        """Return the column of offset `at` in its row."""
        return at - self._starts[bisect.bisect_right(self._starts, at) - 1]

    def _block_scalar(self, row: int, block: int) -> int:
        if row >= len(self._lines):
            return row
        if self._blank(row):
            raise _Unclear
        content = self._indents[row]
        if content <= block:
            return row  # an empty block scalar: this line is the next entry
        while row < len(self._lines) and (self._blank(row) or self._indents[row] >= content):
            row += 1
        return row

    def _blank(self, row: int) -> bool:
        """Tell whether the 0-based line `row` holds spaces only."""
        return self._indents[row] == len(self._lines[row])

