"""How schema text reads in Python and in messages: ECMA-262 patterns for `re`, and the path of a value as a JSON
pointer and as the findings write it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from fwdata.sources.document import pointer_join


@lru_cache(maxsize=1024)
def ecma_pattern(pattern: str) -> re.Pattern[str]:
    """Compile a JSON Schema (ECMA-262) pattern for Python's `re`, with `$` meaning the end of the text.

    Without the multiline flag an ECMA `$` matches only at the end of the input;
    Python's also matches before a final newline, so `^[a-z]+$` would accept
    `"p\\n"`. Every unescaped `$` outside a character class becomes `\\Z`.
    Raises re.error for a pattern Python cannot compile.
    """
    translated: list[str] = []
    escaped = in_class = False
    for character in pattern:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif in_class:
            in_class = character != "]"
        elif character == "[":
            in_class = True
        elif character == "$":
            character = "\\Z"
        translated.append(character)
    return re.compile("".join(translated))


def json_pointer(path: Iterable[str | int]) -> str:
    """Return the JSON pointer of a value's path (`/performance/2/max_fp`; '' for the document)."""
    pointer = ""
    for token in path:
        pointer = pointer_join(pointer, token)
    return pointer


def dotted_path(path: Iterable[str | int]) -> str:
    """Return a value's path as the messages write it: `performance[2].max_fp` ('' for the document)."""
    text = ""
    for token in path:
        text += f"[{token}]" if isinstance(token, int) else (f".{token}" if text else str(token))
    return text
