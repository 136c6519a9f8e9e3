"""The YAML structure at the cursor, read from the text alone: the author's half-typed document does not parse.

Block mappings and lists are read by indentation (`key:` lines, `- ` items); a one-line flow
list (`aircraft: [mg15, mg17c]`) is read as a list of words. That is how fwdata's sources
are written, and all the editor features need: which key or value the cursor is on, and the
path of keys (and `*` for a list item) that leads to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fwdata.sources.yaml_loader import DEFAULT_LIMITS

ITEM = "*"
# A line's list dashes, then its key and the colon that ends it (a plain or quoted key).
_LINE = re.compile(r"^(?P<indent> *)(?P<dashes>(?:- +)*)(?:(?P<key>\"[^\"]*\"|'[^']*'|[^\s#:\"'\[\]{},-][^#:]*?|"
                   r"-[^\s#:][^#:]*?) *:(?: |$))?")
_WORD = re.compile(r"[A-Za-z0-9_.+/-]+")
_TOP_FIELD = re.compile(r"^(system|kind|id): *['\"]?([A-Za-z0-9_.-]+)['\"]? *(?:#.*)?$", re.MULTILINE)


@dataclass(frozen=True)
class Word:
    """A word of the text: its 0-based line, start and end characters, and its text."""

    line: int
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Cursor:
    """Where the cursor is: `path` of keys (and ITEM for list items) down to the value or key it is on.

    `on_key` is true when the cursor is on a key (or where a new key is being typed: `path`'s last
    token is then the text typed so far); `word` is the word under (or just before) the cursor. `bare`
    marks a line without a colon: a key being typed, or a list item's value (`path` without its
    last token is then the item's path).
    """

    path: tuple[str, ...]
    on_key: bool
    word: Word | None
    bare: bool = False


def header(text: str) -> dict[str, str]:
    """Return the document's top-level `system`, `kind` and `id` as written (those present)."""
    return {match[1]: match[2] for match in _TOP_FIELD.finditer(text[:DEFAULT_LIMITS.max_bytes])}


def _levels(line: str) -> tuple[list[tuple[int, str]], int] | None:
    """Return a content line's levels (column, token): one ITEM per dash, then its key; and where its key ends.
    None for a blank or comment line."""
    stripped = line.strip()
    if not stripped or stripped.startswith("#"):
        return None
    match = _LINE.match(line)
    assert match is not None  # every group is optional
    column = len(match["indent"])
    levels = []
    for dash in re.finditer(r"- +", match["dashes"]):
        levels.append((column + dash.start(), ITEM))
    key = match["key"]
    key_column = column + len(match["dashes"])
    if key is not None:
        levels.append((key_column, key.strip().strip("\"'")))
    else:
        levels.append((key_column, ""))  # a scalar, or a key being typed
    return levels, (match.end() if key is not None else key_column)


def _ancestors(lines: list[str], number: int, limit: int) -> list[str]:
    """Return the keys and items enclosing column `limit` of line `number`, outermost first."""
    path: list[str] = []
    for above in range(number - 1, -1, -1):
        if limit == 0:
            break
        read = _levels(lines[above])
        if read is None:
            continue
        for column, token in reversed(read[0]):
            if column < limit and token:
                path.append(token)
                limit = column
    return path[::-1]


def cursor_at(text: str, line: int, character: int) -> Cursor | None:
    """Return what the cursor at 0-based `line` and `character` (UTF-16 units, read as characters) is on.

    None when the text is over the loader's size cap (it is not checked either) or the line is past its end.
    """
    if len(text) > DEFAULT_LIMITS.max_bytes:
        return None
    lines = text.split("\n")
    if line >= len(lines):
        return None
    current = lines[line].rstrip("\r")
    word = word_at(current, line, character)
    read = _levels(current)
    if read is None or character <= len(current) - len(current.lstrip(" ")):
        return Cursor((*_ancestors(lines, line, character), ""), True, None)  # a new key at the cursor's column
    levels, key_end = read
    outer = _ancestors(lines, line, levels[0][0])
    column, last = levels[-1]
    opened = current.rfind("{", 0, character)
    if opened >= 0 and "}" not in current[opened:character]:  # in a one-line flow mapping: `- {band: VL, ...}`
        inside = [token for _, token in levels if token] if last else [token for _, token in levels[:-1]]
        segment = re.split(r"[{,]", current[opened:character])[-1]
        key, colon, _ = segment.partition(":")
        if colon:
            return Cursor((*outer, *inside, key.strip().strip("\"'")), False, word)
        typed = word.text if word is not None else ""
        return Cursor((*outer, *inside, typed), True, word)
    if last == "":  # no colon: a key being typed, or a list item's value (`- p-51d`): the caller tells them apart
        items = [token for _, token in levels[:-1]]
        typed = current[column:character].strip()
        return Cursor((*outer, *items, typed), True, word, bare=True)
    tokens = [token for _, token in levels]
    if character < key_end:
        return Cursor((*outer, *tokens), True, word)
    value = current[key_end:character]
    opened = value.rfind("[")
    in_list = opened >= 0 and "]" not in value[opened:]
    return Cursor((*outer, *tokens, *([ITEM] if in_list else [])), False, word)


def word_at(line_text: str, line: int, character: int) -> Word | None:
    """Return the word (letters, digits, `_.+/-`) under the cursor or ending at it, None when there is none."""
    for match in _WORD.finditer(line_text):
        if match.start() <= character <= match.end():
            return Word(line, match.start(), match.end(), match[0])
    return None
